"""Path of the Necromancer cards as data: the immutable card model and the card files.

A card file is TOML with ``[[card]]`` tables, checked by :mod:`.schema` and
built into :class:`CardDef`. The base set lives in ``data/`` (one file per
card family) with ``types.toml``, the traits each minion type shares, and
``decks.toml``, the preconstructed decks. The format is in
``docs/card-language.md``; the catalogue in ``docs/necromancer-cards.md``.

Card identity (rulebook section 3, "Card Identity"): a card is its type and
its name together, so a minion and an artifact may share a name and still be
two different cards. A card's *key* is its name, or ``Name [type]`` when
another card of the pool has the same name.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..engine.cardlang import Effect, Pairs, pairs, selector_table
from ..engine.errors import CardFileError
from ..engine.untrusted import load_card_file as read_card_file
from ..engine.untrusted import load_document
from . import schema

TYPES = schema.TYPE_NAMES
RARITIES = schema.RARITY_NAMES
MINION_TYPES: Final = schema.MINION_TYPES
KEYWORDS = schema.KEYWORD_NAMES
NUMBER_KEYWORDS: Final = schema.NUMBER_KEYWORDS
TRIGGERS = schema.TRIGGER_NAMES
VERBS = schema.VERB_NAMES
MAGIC_TYPES: Final = schema.MAGIC_TYPES
SLOT_TYPES = ("artifact", "event", "land")  # magic cards that take a magic slot
# Rulebook section 3, "Card Rarity Limits": copies of one card a deck may hold.
RARITY_LIMITS = {"common": 4, "rare": 3, "epic": 2, "legendary": 1}


@dataclass(frozen=True, slots=True)
class Selector:
    """What an ability targets or an effect's area covers (see ``schema.Selector``)."""

    kind: str
    side: str = "any"
    relation: str | None = None
    minion_type: str | None = None
    cost_max: int | None = None
    cost_min: int | None = None
    ensnared: bool | None = None
    action: str | None = None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Selector:
        return cls(**dict(raw))

    def to_dict(self) -> dict[str, Any]:
        names = ("side", "relation", "minion_type", "cost_max", "cost_min", "ensnared", "action")
        return selector_table(self, self.kind, names)


@dataclass(frozen=True, slots=True)
class Condition:
    minions_max: int | None = None
    minions_min: int | None = None
    health_max: int | None = None
    type_min: int | None = None
    minion_type: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {f.name: v for f in fields(self) if (v := getattr(self, f.name)) is not None}


@dataclass(frozen=True, slots=True)
class Ability:
    """A triggered, one-time or activated ability and what it does."""

    trigger: str
    effects: tuple[Effect, ...]
    target: Selector | None = None
    optional: bool = False
    condition: Condition | None = None
    cost: int = 0
    any_turn: bool = False

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Ability:
        target = Selector.from_dict(raw["target"]) if raw.get("target") else None
        cond = Condition(**raw["condition"]) if raw.get("condition") else None
        return cls(
            raw["trigger"],
            tuple(Effect.from_table(e, Selector.from_dict) for e in raw["effects"]),
            target,
            bool(raw.get("optional", False)),
            cond,
            int(raw.get("cost", 0)),
            bool(raw.get("any_turn", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trigger": self.trigger,
            "effects": [e.to_dict() for e in self.effects],
        }
        if self.target is not None:
            out["target"] = self.target.to_dict()
        if self.optional:
            out["optional"] = True
        if self.condition is not None:
            out["condition"] = self.condition.to_dict()
        if self.cost:
            out["cost"] = self.cost
        if self.any_turn:
            out["any_turn"] = True
        return out


@dataclass(frozen=True, slots=True)
class Static:
    """A continual effect on minions in a scope: attack, defense, keywords."""

    scope: Selector
    attack: int = 0
    defense: int = 0
    keywords: Pairs = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scope": self.scope.to_dict()}
        if self.attack:
            out["attack"] = self.attack
        if self.defense:
            out["defense"] = self.defense
        if self.keywords:
            out["keywords"] = dict(self.keywords)
        return out


@dataclass(frozen=True, slots=True)
class CostMod:
    """Cards of a type cost ``amount`` less (negative: more) for ``side``."""

    type: str = "any"
    minion_type: str | None = None
    amount: int = 0
    side: str = "yours"

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.type, "amount": self.amount}
        if self.minion_type:
            out["minion_type"] = self.minion_type
        if self.side != "yours":
            out["side"] = self.side
        return out

    def applies(self, card: CardDef) -> bool:
        if self.type == "magic":
            ok = card.is_magic
        else:
            ok = self.type in ("any", card.type)
        return ok and (self.minion_type is None or card.minion_type == self.minion_type)


@dataclass(frozen=True, slots=True)
class Trait:
    """The trait a minion type shares (rulebook section 11, "Traits"); its numbers
    grow for minions costing ``upgrade_cost`` or more ("Upgraded Traits")."""

    name: str
    trait: str
    text: str
    keywords: Pairs = ()
    upgrade_cost: int | None = None
    upgrade: Pairs = ()

    def keywords_for(self, cost: int) -> dict[str, Any]:
        out = dict(self.keywords)
        if self.upgrade_cost is not None and cost >= self.upgrade_cost:
            out.update(self.upgrade)
        return out


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """A card as printed. Immutable; two are equal when type and name are."""

    name: str
    type: str
    rarity: str = "common"
    cost: int = 0
    attack: int = 0
    defense: int = 0
    rounds: int = 0
    minion_type: str = ""
    keywords: Pairs = ()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[Static, ...] = ()
    cost_mods: tuple[CostMod, ...] = ()
    text: str = ""
    flavor: str = ""
    number: int = 0
    # derived, for speed on the hot path
    kw: dict[str, Any] = field(default_factory=dict, compare=False)
    on: dict[str, tuple[int, ...]] = field(default_factory=dict, compare=False)
    is_minion: bool = field(default=False, compare=False)
    is_magic: bool = field(default=False, compare=False)
    reaction: bool = field(default=False, compare=False)
    aim: Ability | None = field(default=None, compare=False)  # the targeted "play" ability
    aimed: bool = field(default=False, compare=False)  # played at something (relics too)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        kw = dict(self.keywords)
        if self.type == "minion":
            trait = traits().get(self.minion_type)
            if trait is not None:
                for k, v in trait.keywords_for(self.cost).items():
                    kw[k] = kw[k] + v if k in NUMBER_KEYWORDS and k in kw else v
        set_(self, "kw", kw)
        on: dict[str, list[int]] = {}
        for i, ab in enumerate(self.abilities):
            on.setdefault(ab.trigger, []).append(i)
        set_(self, "on", {k: tuple(v) for k, v in on.items()})
        set_(self, "is_minion", self.type == "minion")
        set_(self, "is_magic", self.type in MAGIC_TYPES)
        set_(self, "reaction", bool(kw.get("reaction")))
        aim = next(
            (self.abilities[i] for i in on.get("play", ()) if self.abilities[i].target is not None),
            None,
        )
        set_(self, "aim", aim)
        set_(self, "aimed", aim is not None or self.type == "relic")

    @property
    def identity(self) -> tuple[str, str]:
        """Rulebook section 3: same type and same name is the same card."""
        return (self.type, self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardDef) and other.identity == self.identity

    def __hash__(self) -> int:
        return hash(self.identity)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r}, {self.type!r})"

    def abilities_on(self, trigger: str) -> tuple[int, ...]:
        return self.on.get(trigger, ())

    @property
    def play_ability(self) -> Ability | None:
        """The targeted one-time ability a spell (or a relic's attachment) aims."""
        return self.aim

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<card>") -> CardDef:
        """Validate ``raw`` with the schema and build the card; a
        :class:`CardFileError` names ``source``, the card and the field."""
        data = schema.validate_card(dict(raw), source).model_dump(by_alias=True, exclude_unset=True)
        return cls(
            name=data["name"],
            type=data["type"],
            rarity=data.get("rarity", "common"),
            cost=data.get("cost") or 0,
            attack=data.get("attack") or 0,
            defense=data.get("defense") or 0,
            rounds=data.get("rounds") or 0,
            minion_type=data.get("minion_type") or "",
            keywords=pairs(data.get("keywords", {})),
            abilities=tuple(Ability.from_dict(a) for a in data.get("abilities", ())),
            statics=tuple(
                Static(
                    Selector.from_dict(s["scope"]),
                    s.get("attack", 0),
                    s.get("defense", 0),
                    pairs(s.get("keywords", {})),
                )
                for s in data.get("statics", ())
            ),
            cost_mods=tuple(CostMod(**c) for c in data.get("cost_mods", ())),
            text=data.get("text", ""),
            flavor=data.get("flavor", ""),
            number=data.get("number", 0),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "rarity": self.rarity}
        if self.type != "hero":
            out["cost"] = self.cost
        if self.is_minion:
            out["attack"] = self.attack
            out["minion_type"] = self.minion_type
        if self.type in ("minion", "artifact"):
            out["defense"] = self.defense
        if self.type == "event":
            out["rounds"] = self.rounds
        if self.keywords:
            out["keywords"] = dict(self.keywords)
        if self.abilities:
            out["abilities"] = [a.to_dict() for a in self.abilities]
        if self.statics:
            out["statics"] = [s.to_dict() for s in self.statics]
        if self.cost_mods:
            out["cost_mods"] = [c.to_dict() for c in self.cost_mods]
        for name in ("text", "flavor"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        if self.number:
            out["number"] = self.number
        return out


class CardPool:
    """Card definitions by identity; looked up by key (``Name`` or ``Name [type]``)."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self.cards: dict[tuple[str, str], CardDef] = {}
        self.by_name: dict[str, list[CardDef]] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        if card.identity in self.cards:
            old = self.cards[card.identity]
            self.by_name[card.name].remove(old)
        self.cards[card.identity] = card
        self.by_name.setdefault(card.name, []).append(card)

    def with_cards(self, cards: Iterable[CardDef | Mapping[str, Any]]) -> CardPool:
        """A copy of this pool with more cards (dicts are checked and built)."""
        pool = CardPool(self.cards.values())
        for card in cards:
            pool.add(card if isinstance(card, CardDef) else CardDef.from_dict(card))
        return pool

    def key(self, card: CardDef) -> str:
        """How deck lists name ``card``: its name, qualified by type when shared."""
        if len(self.by_name.get(card.name, ())) > 1:
            return f"{card.name} [{card.type}]"
        return card.name

    def lookup(self, key: str) -> CardDef | None:
        """The card a deck list names: ``Name``, or ``Name [type]`` (also ``Name (type)``)."""
        text = key.strip()
        for open_, close in (("[", "]"), ("(", ")")):
            if text.endswith(close) and open_ in text:
                name, _, kind = text[:-1].rpartition(open_)
                card = self.cards.get((kind.strip().lower(), name.strip()))
                if card is not None:
                    return card
        found = self.by_name.get(text, [])
        return found[0] if len(found) == 1 else None

    def ambiguous(self, key: str) -> list[CardDef]:
        """The cards a bare name could mean when it names more than one."""
        found = self.by_name.get(key.strip(), [])
        return found if len(found) > 1 else []

    def __contains__(self, key: object) -> bool:
        return isinstance(key, str) and self.lookup(key) is not None

    def __getitem__(self, key: str) -> CardDef:
        card = self.lookup(key)
        if card is None:
            raise KeyError(key)
        return card

    def __len__(self) -> int:
        return len(self.cards)

    def keys(self) -> list[str]:
        return sorted(self.key(c) for c in self.cards.values())

    def heroes(self) -> list[CardDef]:
        return sorted((c for c in self.cards.values() if c.type == "hero"), key=lambda c: c.name)


def load_card_file(path: Path | str, text: str | None = None) -> list[CardDef]:
    """Parse a TOML card file (``[[card]]`` tables) through the kernel's bounded
    loader, checked card by card."""
    given = Path(path) if text is None else text
    return read_card_file(given, str(path), _cards_of)


def _cards_of(tables: list[dict[str, Any]], source: str) -> list[CardDef]:
    out = [CardDef.from_dict(raw, source) for raw in tables]
    _no_duplicates(out, source)
    return out


def _no_duplicates(cards: list[CardDef], source: str) -> None:
    seen: set[tuple[str, str]] = set()
    for card in cards:
        if card.identity in seen:
            raise CardFileError(
                f"{source}: two {card.type} cards are named {card.name!r}; a type and a name "
                "together must be unique"
            )
        seen.add(card.identity)


_TRAITS: dict[str, Trait] | None = None


def load_traits(text: str, source: str = "types.toml") -> dict[str, Trait]:
    """The ``[[minion_type]]`` tables: each minion type's shared trait."""
    return load_document(text, CardFileError, "the minion types", _traits_of, source=source)


def _traits_of(data: dict[str, Any], source: str) -> dict[str, Trait]:
    out: dict[str, Trait] = {}
    for raw in data.get("minion_type", []):
        t = schema.validate_minion_type(raw, source)
        up = t.upgrade
        out[t.name] = Trait(
            t.name,
            t.trait,
            t.text,
            pairs(t.keywords),
            None if up is None else up.cost_min,
            () if up is None else pairs(up.keywords),
        )
    missing = set(MINION_TYPES) - set(out)
    if missing:
        raise CardFileError(f"{source}: no trait for minion type(s) {sorted(missing)}")
    return out


def traits() -> dict[str, Trait]:
    """The traits of the minion types (``data/types.toml``)."""
    global _TRAITS
    if _TRAITS is None:
        text = resources.files("ossuary.necromancer").joinpath("data/types.toml").read_text("utf-8")
        _TRAITS = load_traits(text)
    return _TRAITS


_BASE: CardPool | None = None
NOT_CARDS = ("types.toml", "decks.toml")


def base_pool() -> CardPool:
    """The cards shipped with Ossuary for Path of the Necromancer."""
    global _BASE
    if _BASE is None:
        files = resources.files("ossuary.necromancer").joinpath("data")
        cards: list[CardDef] = []
        for entry in sorted(files.iterdir(), key=lambda p: p.name):
            if entry.name.endswith(".toml") and entry.name not in NOT_CARDS:
                cards.extend(load_card_file(entry.name, entry.read_text("utf-8")))
        _no_duplicates(cards, "the base set")
        _BASE = CardPool(cards)
    return _BASE
