"""Hecatomb card definitions as plain data.

A :class:`CardDef` is immutable and shared by every game that uses it. Its
abilities are written in a small closed vocabulary of effect *verbs* (see
``VERBS``) with *selectors* that say what they may touch, so a card reads like
its printed text::

    {"name": "Bone Mason", "type": "minion", "doom": "greed", "cost": 2,
     "strength": 2, "subtype": "undead", "triggers": ["greed", "deceit"],
     "keywords": {"survivor": 1},
     "conditional": {"doom": "deceit",
                     "effects": [{"verb": "draw", "amount": 1}]}}

Keywords (rulebook glossary) come in three shapes: numbers that add up
(Rager, Reaper, Survivor), doom lists (Evader, Nemesis, Soulbound) and flags.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import Any, Final

from ..engine.cardlang import Effect, NamedCard, selector_table
from ..engine.errors import CardFileError
from ..engine.untrusted import load_card_file as read_card_file
from . import schema

# The vocabulary's names are defined once, by the schema.
DOOMS: Final = schema.DOOM_NAMES
DOOM_INDEX: Final = {d: i for i, d in enumerate(DOOMS)}
TYPES: Final = schema.TYPE_NAMES
SUBTYPES: Final = schema.MINION_SUBTYPES + schema.FATE_SUBTYPES
RARITIES = schema.RARITY_NAMES
NUMBER_KEYWORDS: Final = schema.NUMBER_KEYWORDS
DOOM_KEYWORDS = schema.DOOM_KEYWORDS
KEYWORDS: Final = schema.KEYWORD_NAMES
FLAG_KEYWORDS = tuple(k for k in KEYWORDS if k not in NUMBER_KEYWORDS + DOOM_KEYWORDS)
# Glossary: these belong to the individual minion, the rest to its abomination.
MINION_KEYWORDS: Final = frozenset({"host", "martyr", "regenerator", "soulbound"})
TRIGGERS: Final = schema.TRIGGER_NAMES  # "play": a fate's or god's one-time effect
VERBS = schema.VERB_NAMES
TARGET_KINDS = ("abomination", "minion", "player", "relic", "god")

Keywords = Mapping[str, Any]


def _frozen_keywords(raw: Mapping[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Keywords as hashable pairs; doom-list keywords become tuples."""
    return tuple((k, tuple(v) if isinstance(v, list | tuple) else v) for k, v in raw.items())


@dataclass(frozen=True, slots=True)
class Selector:
    """What an effect may choose or touch.

    ``kind``: abomination, minion, player, relic or god. ``side``: enemy, yours
    or any (relative to the ability's controller). Filters: strength at most /
    at least (the glossary's "2-" and "4+"), a doom, a subtype, a minimum size.
    """

    kind: str
    side: str = "any"
    strength_max: int | None = None
    strength_min: int | None = None
    doom: str | None = None
    subtype: str | None = None
    size_min: int | None = None
    top: bool = False  # minion selectors: only top minions

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Selector:
        """Build from data the schema (``schema.Selector``) has checked."""
        return cls(**dict(raw))

    def to_dict(self) -> dict[str, Any]:
        names = ("side", "strength_max", "strength_min", "doom", "subtype", "size_min", "top")
        return selector_table(self, self.kind, names)


@dataclass(frozen=True, slots=True)
class Ability:
    """A one-time or triggered ability: when it happens, what it targets, what it does.

    ``trigger`` is one of ``TRIGGERS``; ``tap`` is the ↻ number of a tap
    ability; ``optional`` abilities ask "use it?" first (every one-time
    conditional ability is optional, glossary "conditional ability").
    """

    trigger: str
    effects: tuple[Effect, ...]
    target: Selector | None = None
    optional: bool = False
    tap: int = 0

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], trigger: str | None = None) -> Ability:
        """Build from data the schema (``schema.Ability``) has checked."""
        trig = raw.get("trigger", trigger)
        assert trig in TRIGGERS
        target = Selector.from_dict(raw["target"]) if raw.get("target") else None
        effects = tuple(Effect.from_table(e, Selector.from_dict) for e in raw["effects"])
        optional = raw.get("optional")
        if optional is None:
            optional = trig == "summon"
        return cls(trig, effects, target, bool(optional), int(raw.get("tap", 0)))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "trigger": self.trigger,
            "effects": [e.to_dict() for e in self.effects],
        }
        if self.target:
            out["target"] = self.target.to_dict()
        if self.optional != (self.trigger == "summon"):
            out["optional"] = self.optional
        if self.tap:
            out["tap"] = self.tap
        return out


@dataclass(frozen=True, slots=True)
class Static:
    """A continual effect with a scope: "your Undead abominations get Rager +1"."""

    scope: Selector
    strength: int = 0
    keywords: tuple[tuple[str, Any], ...] = ()
    other: bool = False  # "your other abominations": not the source's own

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Static:
        """Build from data the schema (``schema.Static``) has checked."""
        return cls(
            Selector.from_dict(raw.get("scope", {"kind": "abomination"})),
            int(raw.get("strength", 0)),
            _frozen_keywords(raw.get("keywords", {})),
            bool(raw.get("other", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"scope": self.scope.to_dict()}
        if self.strength:
            out["strength"] = self.strength
        if self.keywords:
            out["keywords"] = _keywords_to_dict(self.keywords)
        if self.other:
            out["other"] = True
        return out


def _keywords_to_dict(kws: Iterable[tuple[str, Any]]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in kws}


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardDef(NamedCard):
    """A card as printed. Immutable; compare by name."""

    type: str
    doom: str
    cost: int = 0
    x_cost: bool = False
    strength: int = 0
    subtype: str = ""
    triggers: tuple[str, ...] = ()
    keywords: tuple[tuple[str, Any], ...] = ()
    follower: tuple[tuple[str, Any], ...] = ()
    abilities: tuple[Ability, ...] = ()
    statics: tuple[Static, ...] = ()
    cond_doom: str | None = None
    cond_abilities: tuple[Ability, ...] = ()
    cond_keywords: tuple[tuple[str, Any], ...] = ()
    attack_cost: tuple[tuple[str, int], ...] = ()  # ("souls", n) / ("mana", n) per attacker
    text: str = ""
    flavor: str = ""
    rarity: str = "common"
    set: str = "I"
    number: int = 0
    # derived, for speed on the hot path
    doom_i: int = field(default=0, compare=False)
    is_minion: bool = field(default=False, compare=False)
    is_combat: bool = field(default=False, compare=False)
    # read-only: a card definition is shared by every game that holds the card
    kw: Mapping[str, Any] = field(default_factory=dict, compare=False)
    taps: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "doom_i", DOOM_INDEX[self.doom])
        set_(self, "is_minion", self.type in ("minion", "combat minion"))
        set_(self, "is_combat", self.type.startswith("combat"))
        set_(self, "kw", MappingProxyType(dict(self.keywords)))
        set_(self, "taps", tuple(i for i, a in enumerate(self.abilities) if a.trigger == "tap"))

    @property
    def targeted_play(self) -> Ability | None:
        """The fate's (or god's one-time) ability that needs a target, if any."""
        for ability in self.abilities:
            if ability.trigger == "play" and ability.target is not None:
                return ability
        return None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<card>") -> CardDef:
        """Validate ``raw`` with the card schema and build the card.

        Raises :class:`CardFileError` naming ``source``, the card and the field.
        """
        data = schema.validate_card(raw, source).model_dump(by_alias=True, exclude_unset=True)
        cost = data.get("cost", 0)
        x_cost = isinstance(cost, str)
        if x_cost:
            rest = cost[1:].lstrip("+")
            cost = int(rest) if rest else 0
        cond = data.get("conditional")
        cond_abilities: tuple[Ability, ...] = ()
        if cond and cond.get("effects"):
            body = {k: v for k, v in cond.items() if k not in ("doom", "keywords")}
            cond_abilities = (Ability.from_dict(body, trigger="summon"),)
        return cls(
            name=data["name"],
            type=data["type"],
            doom=data["doom"],
            cost=cost,
            x_cost=x_cost,
            strength=data.get("strength") or 0,
            subtype=data.get("subtype") or "",
            triggers=tuple(data.get("triggers", ())),
            keywords=_frozen_keywords(data.get("keywords", {})),
            follower=_frozen_keywords(data.get("follower", {})),
            abilities=tuple(Ability.from_dict(a) for a in data.get("abilities", ())),
            statics=tuple(Static.from_dict(s) for s in data.get("statics", ())),
            cond_doom=cond["doom"] if cond else None,
            cond_abilities=cond_abilities,
            cond_keywords=_frozen_keywords(cond.get("keywords", {})) if cond else (),
            attack_cost=tuple(sorted((data.get("attack_cost") or {}).items())),
            text=data.get("text", ""),
            flavor=data.get("flavor", ""),
            rarity=data.get("rarity", "common"),
            set=data.get("set", "I"),
            number=data.get("number", 0),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "type": self.type, "doom": self.doom}
        out["cost"] = (f"X+{self.cost}" if self.cost else "X") if self.x_cost else self.cost
        if self.is_minion:
            out["strength"] = self.strength
        if self.subtype:
            out["subtype"] = self.subtype
        if self.triggers:
            out["triggers"] = list(self.triggers)
        if self.keywords:
            out["keywords"] = _keywords_to_dict(self.keywords)
        if self.follower:
            out["follower"] = _keywords_to_dict(self.follower)
        if self.abilities:
            out["abilities"] = [a.to_dict() for a in self.abilities]
        if self.statics:
            out["statics"] = [s.to_dict() for s in self.statics]
        if self.cond_doom:
            cond: dict[str, Any] = {"doom": self.cond_doom}
            if self.cond_abilities:
                cond.update(self.cond_abilities[0].to_dict())
                cond.pop("trigger", None)
            if self.cond_keywords:
                cond["keywords"] = _keywords_to_dict(self.cond_keywords)
            out["conditional"] = cond
        if self.attack_cost:
            out["attack_cost"] = dict(self.attack_cost)
        for name in ("text", "flavor"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        out["rarity"] = self.rarity
        out["set"] = self.set
        if self.number:
            out["number"] = self.number
        return out


class CardPool:
    """A set of card definitions by name; games look cards up here."""

    def __init__(self, cards: Iterable[CardDef] = ()) -> None:
        self.cards: dict[str, CardDef] = {}
        for card in cards:
            self.add(card)

    def add(self, card: CardDef) -> None:
        self.cards[card.name] = card

    def with_cards(self, cards: Iterable[CardDef | Mapping[str, Any]]) -> CardPool:
        """A copy of this pool with more cards (dicts are parsed)."""
        pool = CardPool(self.cards.values())
        for card in cards:
            pool.add(card if isinstance(card, CardDef) else CardDef.from_dict(card))
        return pool

    def __contains__(self, name: object) -> bool:
        return name in self.cards

    def __getitem__(self, name: str) -> CardDef:
        return self.cards[name]

    def __len__(self) -> int:
        return len(self.cards)

    def names(self) -> list[str]:
        return sorted(self.cards)


def load_card_file(path: Path | str, text: str | None = None) -> list[CardDef]:
    """Parse a TOML card file (``[[card]]`` tables), read within the kernel's
    bounds (size, nesting, key and number lengths) and checked card by card."""
    given = Path(path) if text is None else text
    return read_card_file(given, str(path), _cards_of)


def _cards_of(tables: list[dict[str, Any]], source: str) -> list[CardDef]:
    out = [CardDef.from_dict(raw, source) for raw in tables]
    _no_duplicates(out, source)
    return out


def _no_duplicates(cards: list[CardDef], source: str) -> None:
    seen: set[str] = set()
    for card in cards:
        if card.name in seen:
            raise CardFileError(f"{source}: two cards are named {card.name!r}; names are unique")
        seen.add(card.name)


_BASE: CardPool | None = None


def base_pool() -> CardPool:
    """The cards shipped with Ossuary (the starter set until the base set lands)."""
    global _BASE
    if _BASE is None:
        files = resources.files("ossuary.hecatomb").joinpath("data")
        cards: list[CardDef] = []
        for entry in sorted(files.iterdir(), key=lambda p: p.name):
            if entry.name.endswith(".toml") and entry.name != "decks.toml":
                cards.extend(load_card_file(entry.name, entry.read_text("utf-8")))
        _no_duplicates(cards, "the base set")
        _BASE = CardPool(cards)
    return _BASE
