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

import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..engine.errors import CardFileError

DOOMS = ("corruption", "deceit", "destruction", "greed")
DOOM_INDEX = {d: i for i, d in enumerate(DOOMS)}
TYPES = ("minion", "combat minion", "fate", "combat fate", "relic", "god")
SUBTYPES = (
    "mutant", "aztecal", "shapeshifter", "animate", "beast", "undead", "demon",
    "cultist", "outsider", "invocation", "curse", "tactic", "mishap",
)  # fmt: skip
RARITIES = ("common", "uncommon", "rare")

NUMBER_KEYWORDS = ("rager", "reaper", "survivor")
DOOM_KEYWORDS = ("evader", "nemesis", "soulbound")
FLAG_KEYWORDS = (
    "fanatic", "guardian", "host", "hunter", "martyr", "parasite", "regenerator", "ripper",
)  # fmt: skip
KEYWORDS = NUMBER_KEYWORDS + DOOM_KEYWORDS + FLAG_KEYWORDS
# Glossary: these belong to the individual minion, the rest to its abomination.
MINION_KEYWORDS = frozenset({"host", "martyr", "regenerator", "soulbound"})

TRIGGERS = (
    "play",  # a fate's effect, a god's one-time «» effect
    "summon",  # a one-time conditional ability
    "attacks", "blocks", "blocked", "reaps", "destroyed",
    "turn_start", "turn_end", "tap",
)  # fmt: skip

VERBS = (
    "damage", "destroy", "exile", "sever", "remove", "strength", "grant", "untap", "tap",
    "stitch", "draw", "discard", "souls", "mana", "exhume", "retrieve", "sacrifice",
    "put_into_play",
)  # fmt: skip
TARGET_KINDS = ("abomination", "minion", "player", "relic", "god")

Keywords = Mapping[str, Any]


def _frozen_keywords(raw: Mapping[str, Any], where: str) -> tuple[tuple[str, Any], ...]:
    out: list[tuple[str, Any]] = []
    for key, value in raw.items():
        if key not in KEYWORDS:
            raise CardFileError(f"{where}: unknown keyword {key!r}; known: {', '.join(KEYWORDS)}")
        if key in NUMBER_KEYWORDS:
            if not isinstance(value, int) or isinstance(value, bool):
                raise CardFileError(f"{where}: keyword {key!r} takes a number, got {value!r}")
        elif key in DOOM_KEYWORDS:
            dooms = (value,) if isinstance(value, str) else tuple(value)
            for d in dooms:
                if d not in DOOMS:
                    raise CardFileError(f"{where}: keyword {key!r} takes dooms, got {d!r}")
            value = dooms
        elif value is not True:
            raise CardFileError(f"{where}: keyword {key!r} is a flag; write {key} = true")
        out.append((key, value))
    return tuple(out)


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
    def from_dict(cls, raw: Mapping[str, Any], where: str) -> Selector:
        if not isinstance(raw, Mapping) or "kind" not in raw:
            raise CardFileError(f"{where}: a target needs a 'kind' ({', '.join(TARGET_KINDS)})")
        unknown = set(raw) - set(cls.__dataclass_fields__)
        if unknown:
            raise CardFileError(f"{where}: unknown target field(s) {sorted(unknown)}")
        if raw["kind"] not in TARGET_KINDS:
            raise CardFileError(
                f"{where}: target kind {raw['kind']!r} is not one of {TARGET_KINDS}"
            )
        if raw.get("side", "any") not in ("enemy", "yours", "any"):
            raise CardFileError(f"{where}: side must be enemy, yours or any")
        if raw.get("doom") is not None and raw["doom"] not in DOOMS:
            raise CardFileError(f"{where}: unknown doom {raw['doom']!r}")
        return cls(**dict(raw))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for name in ("side", "strength_max", "strength_min", "doom", "subtype", "size_min", "top"):
            value = getattr(self, name)
            default = self.__dataclass_fields__[name].default
            if value != default:
                out[name] = value
        return out


@dataclass(frozen=True, slots=True)
class Effect:
    """One verb with its arguments, e.g. ``damage amount=3`` or ``draw amount=1``."""

    verb: str
    args: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.args:
            if k == key:
                return v
        return default

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], where: str) -> Effect:
        if not isinstance(raw, Mapping) or raw.get("verb") not in VERBS:
            got = raw.get("verb") if isinstance(raw, Mapping) else raw
            raise CardFileError(f"{where}: effect verb {got!r} is not one of {', '.join(VERBS)}")
        args = []
        for k, v in raw.items():
            if k == "verb":
                continue
            if k == "scope":
                v = Selector.from_dict(v, f"{where} scope")
            elif k == "filter":
                v = tuple(sorted(dict(v).items()))
            elif isinstance(v, list):
                v = tuple(v)
            args.append((k, v))
        return cls(raw["verb"], tuple(args))

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"verb": self.verb}
        for k, v in self.args:
            if isinstance(v, Selector):
                out[k] = v.to_dict()
            elif k == "filter":
                out[k] = dict(v)
            elif isinstance(v, tuple):
                out[k] = list(v)
            else:
                out[k] = v
        return out


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
    def from_dict(cls, raw: Mapping[str, Any], where: str, trigger: str | None = None) -> Ability:
        trig = raw.get("trigger", trigger)
        if trig not in TRIGGERS:
            raise CardFileError(f"{where}: trigger {trig!r} is not one of {', '.join(TRIGGERS)}")
        effects_raw = raw.get("effects")
        if not isinstance(effects_raw, list) or not effects_raw:
            raise CardFileError(f"{where}: an ability needs a non-empty 'effects' list")
        target = Selector.from_dict(raw["target"], where) if raw.get("target") else None
        effects = tuple(
            Effect.from_dict(e, f"{where} effect {i + 1}") for i, e in enumerate(effects_raw)
        )
        tap = int(raw.get("tap", 0))
        if trig == "tap" and tap < 1:
            raise CardFileError(f"{where}: a tap ability needs 'tap' (the ↻ number) of 1 or more")
        optional = bool(raw.get("optional", trig == "summon"))
        return cls(trig, effects, target, optional, tap)

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
    def from_dict(cls, raw: Mapping[str, Any], where: str) -> Static:
        scope = Selector.from_dict(raw.get("scope", {"kind": "abomination"}), f"{where} scope")
        if scope.kind != "abomination":
            raise CardFileError(f"{where}: a continual effect's scope must be abominations")
        return cls(
            scope,
            int(raw.get("strength", 0)),
            _frozen_keywords(raw.get("keywords", {}), where),
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


@dataclass(frozen=True, slots=True, eq=False)
class CardDef:
    """A card as printed. Immutable; compare by name."""

    name: str
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
    text: str = ""
    flavor: str = ""
    rarity: str = "common"
    set: str = "I"
    number: int = 0
    # derived, for speed on the hot path
    doom_i: int = field(default=0, compare=False)
    is_minion: bool = field(default=False, compare=False)
    is_combat: bool = field(default=False, compare=False)
    kw: dict[str, Any] = field(default_factory=dict, compare=False)
    taps: tuple[int, ...] = field(default=(), compare=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "doom_i", DOOM_INDEX[self.doom])
        set_(self, "is_minion", self.type in ("minion", "combat minion"))
        set_(self, "is_combat", self.type.startswith("combat"))
        set_(self, "kw", dict(self.keywords))
        set_(self, "taps", tuple(i for i, a in enumerate(self.abilities) if a.trigger == "tap"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardDef) and other.name == self.name

    def __hash__(self) -> int:
        return hash(self.name)

    def __repr__(self) -> str:
        return f"CardDef({self.name!r})"

    @property
    def targeted_play(self) -> Ability | None:
        """The fate's (or god's one-time) ability that needs a target, if any."""
        for ability in self.abilities:
            if ability.trigger == "play" and ability.target is not None:
                return ability
        return None

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<card>") -> CardDef:
        name = raw.get("name")
        if not isinstance(name, str) or not name.strip():
            raise CardFileError(f"{source}: every card needs a 'name'")
        where = f"{source}: card {name!r}"
        known = {
            "name", "type", "doom", "cost", "strength", "subtype", "triggers", "keywords",
            "follower", "abilities", "statics", "conditional", "text", "flavor", "rarity",
            "set", "number",
        }  # fmt: skip
        unknown = set(raw) - known
        if unknown:
            raise CardFileError(f"{where}: unknown field(s) {sorted(unknown)}")
        ctype = raw.get("type")
        if ctype not in TYPES:
            raise CardFileError(f"{where}: field 'type' must be one of {TYPES}, got {ctype!r}")
        doom = raw.get("doom")
        if doom not in DOOMS:
            raise CardFileError(f"{where}: field 'doom' must be one of {DOOMS}, got {doom!r}")
        cost_raw = raw.get("cost", 0)
        x_cost = False
        if isinstance(cost_raw, str):
            text = cost_raw.replace(" ", "").upper()
            if not text.startswith("X"):
                raise CardFileError(
                    f"{where}: field 'cost' must be a number or 'X+N', got {cost_raw!r}"
                )
            x_cost = True
            rest = text[1:].lstrip("+")
            cost = int(rest) if rest else 0
        elif isinstance(cost_raw, int):
            cost = cost_raw
        else:
            raise CardFileError(f"{where}: field 'cost' must be a number or 'X+N'")
        triggers = tuple(raw.get("triggers", ()))
        for t in triggers:
            if t not in DOOMS:
                raise CardFileError(f"{where}: trigger doom {t!r} is not one of {DOOMS}")
        cond = raw.get("conditional")
        cond_doom = None
        cond_abilities: tuple[Ability, ...] = ()
        cond_keywords: tuple[tuple[str, Any], ...] = ()
        if cond is not None:
            cond_doom = cond.get("doom")
            if cond_doom not in DOOMS:
                raise CardFileError(f"{where}: conditional ability needs a 'doom' of {DOOMS}")
            if "effects" in cond:
                cond_abilities = (
                    Ability.from_dict(
                        {k: v for k, v in cond.items() if k not in ("doom", "keywords")},
                        f"{where} conditional",
                        trigger="summon",
                    ),
                )
            cond_keywords = _frozen_keywords(cond.get("keywords", {}), f"{where} conditional")
            if not cond_abilities and not cond_keywords:
                raise CardFileError(f"{where}: conditional ability needs 'effects' or 'keywords'")
        rarity = raw.get("rarity", "common")
        if rarity not in RARITIES:
            raise CardFileError(f"{where}: field 'rarity' must be one of {RARITIES}")
        is_minion = ctype in ("minion", "combat minion")
        if is_minion and not isinstance(raw.get("strength"), int):
            raise CardFileError(f"{where}: a minion needs a whole-number 'strength'")
        return cls(
            name=name,
            type=ctype,
            doom=doom,
            cost=cost,
            x_cost=x_cost,
            strength=int(raw.get("strength", 0)),
            subtype=str(raw.get("subtype", "")).lower(),
            triggers=triggers,
            keywords=_frozen_keywords(raw.get("keywords", {}), where),
            follower=_frozen_keywords(raw.get("follower", {}), f"{where} follower"),
            abilities=tuple(
                Ability.from_dict(a, f"{where} ability {i + 1}")
                for i, a in enumerate(raw.get("abilities", ()))
            ),
            statics=tuple(
                Static.from_dict(s, f"{where} continual effect {i + 1}")
                for i, s in enumerate(raw.get("statics", ()))
            ),
            cond_doom=cond_doom,
            cond_abilities=cond_abilities,
            cond_keywords=cond_keywords,
            text=str(raw.get("text", "")),
            flavor=str(raw.get("flavor", "")),
            rarity=rarity,
            set=str(raw.get("set", "I")),
            number=int(raw.get("number", 0)),
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
    """Parse a TOML card file (``[[card]]`` tables)."""
    source = str(path)
    try:
        data = tomllib.loads(text if text is not None else Path(path).read_text("utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise CardFileError(f"{source}: not valid TOML: {exc}") from exc
    cards = data.get("card")
    if not isinstance(cards, list):
        raise CardFileError(f"{source}: expected [[card]] tables")
    return [CardDef.from_dict(raw, source) for raw in cards]


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
        _BASE = CardPool(cards)
    return _BASE
