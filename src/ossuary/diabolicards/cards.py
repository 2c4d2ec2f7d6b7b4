"""Diabolicards cards as plain data: the 80-card deck every game shares.

A :class:`CardDef` is immutable and shared by every game. Its ability is a name,
the guide's categories and a few effects in a closed vocabulary (the verbs of
:mod:`ossuary.diabolicards.schema`), so a card reads like its text::

    {"name": "Vanessa", "group": "The Diabolicals", "type": "Apex",
     "gender": "female", "power": 8, "origin": "released",
     "ability": {"name": "Killer Look", "category": ["kill"],
                 "effects": [{"verb": "kill", "side": "enemy", "up_to": 4}]}}

The deck is the cards of ``data/*.toml``, one file per group, in catalogue
order (the guide's group order, then the file's order).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Final

from ..engine import cardlang
from ..engine.cardlang import NamedCard
from ..engine.errors import CardFileError
from ..engine.untrusted import load_card_file as read_card_file
from . import schema

GROUPS = schema.GROUP_NAMES
TYPES = schema.TYPE_NAMES
GENDERS = schema.GENDER_NAMES
CATEGORIES = schema.CATEGORY_NAMES
VERBS = schema.VERB_NAMES

# THE LAYOUT: the three zones of each side, left to right
ZONES: Final = ("Vask Tower", "The Gang Hideout", "Havenvale Campus")
# THE LINKED GROUPS: these groups use abilities only in their zone, and score synergy there
LINKED_ZONE = {"Vask Executives": 0, "The Gang": 1, "Havenvale Batch": 2}
DIABOLICALS = "The Diabolicals"
SCORCHED = "Scorched Earth"
# THE CONTRACTS: the only groups that can't be traded in or out of contract slots
INELIGIBLE = frozenset({DIABOLICALS, SCORCHED})
DECK_SIZE: Final = 80


@dataclass(frozen=True, slots=True)
class Effect(cardlang.Effect):
    """One verb with its arguments, e.g. ``kill side=enemy up_to=4``; its table
    keeps an argument given as null (the card's "none"), and its values as given."""

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Effect:
        """Build from data the schema has checked."""
        return cls(raw["verb"], tuple((k, v) for k, v in raw.items() if k != "verb"))

    def to_dict(self) -> dict[str, Any]:
        return {"verb": self.verb, **{k: v for k, v in self.args if v is not None}}

    @property
    def passive(self) -> bool:
        """Works while the card is on the mat (or when it dies, or is killed),
        rather than once when it is placed."""
        return self.verb in schema.PASSIVE_VERBS or (
            self.verb == "die" and self.get("when") == "deck_empty"
        )


@dataclass(frozen=True, slots=True)
class Ability:
    """A named ability: the guide's categories and what it does.

    ``choose_one``: the controller picks one of the effects (Confused Morals,
    The Endgame); otherwise every effect happens, in order.
    """

    name: str
    category: tuple[str, ...]
    effects: tuple[Effect, ...]
    choose_one: bool = False

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any]) -> Ability:
        return cls(
            raw["name"],
            tuple(raw["category"]),
            tuple(Effect.from_dict(e) for e in raw["effects"]),
            bool(raw.get("choose_one", False)),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "category": list(self.category),
            "effects": [e.to_dict() for e in self.effects],
        }
        if self.choose_one:
            out["choose_one"] = True
        return out

    @property
    def passive(self) -> bool:
        return all(e.passive for e in self.effects)


@dataclass(frozen=True, slots=True, eq=False, repr=False)
class CardDef(NamedCard):
    """A card as printed. Immutable; compare by name (names are unique)."""

    group: str
    type: str
    gender: str
    power: int
    ability: Ability | None = None
    origin: str = "ours"
    text: str = ""
    note: str = ""
    # derived, for speed on the hot path
    link: int = field(default=-1, compare=False)  # the linked zone, or -1
    diabolical: bool = field(default=False, compare=False)
    scorched: bool = field(default=False, compare=False)
    eligible: bool = field(default=True, compare=False)  # may be traded through contracts
    escape: str = field(default="", compare=False)  # "run", "dodge" or ""
    verbs: frozenset[str] = field(default_factory=frozenset, compare=False)
    instant: bool = field(default=False, compare=False)  # a one-time ability, used when placed

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        set_(self, "link", LINKED_ZONE.get(self.group, -1))
        set_(self, "diabolical", self.group == DIABOLICALS)
        set_(self, "scorched", self.group == SCORCHED)
        set_(self, "eligible", self.group not in INELIGIBLE)
        verbs = frozenset(e.verb for e in self.ability.effects) if self.ability else frozenset()
        set_(self, "verbs", verbs)
        if self.ability is not None and "escape" in verbs:
            set_(self, "escape", self.ability.effects[0].get("how"))
        set_(self, "instant", self.ability is not None and not self.ability.passive)

    @property
    def ability_name(self) -> str:
        return self.ability.name if self.ability else ""

    @classmethod
    def from_dict(cls, raw: Mapping[str, Any], source: str = "<card>") -> CardDef:
        """Check ``raw`` with the schema and build the card; a
        :class:`CardFileError` names ``source``, the card and the field."""
        # defaults filled in, so the engine never guesses an argument's default
        data = schema.validate_card(raw, source).model_dump()
        ability = data.get("ability")
        return cls(
            name=data["name"],
            group=data["group"],
            type=data["type"],
            gender=data["gender"],
            power=data["power"],
            ability=Ability.from_dict(ability) if ability else None,
            origin=data["origin"],
            text=data.get("text", ""),
            note=data.get("note", ""),
        )

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "group": self.group,
            "type": self.type,
            "gender": self.gender,
            "power": self.power,
            "origin": self.origin,
        }
        if self.ability is not None:
            out["ability"] = self.ability.to_dict()
        for name in ("text", "note"):
            if getattr(self, name):
                out[name] = getattr(self, name)
        return out


def load_card_file(path: Path | str, text: str | None = None) -> list[CardDef]:
    """Parse a TOML card file (``[[card]]`` tables) through the kernel's bounded
    loader, checking every card."""
    given = Path(path) if text is None else text
    return read_card_file(given, str(path), _cards_of)


def _cards_of(tables: list[dict[str, Any]], source: str) -> list[CardDef]:
    out = [CardDef.from_dict(raw, source) for raw in tables]
    check_deck(out, source, full=False)
    return out


def check_deck(cards: Iterable[CardDef], source: str, full: bool = True) -> None:
    """Names are unique and every Love partner exists; ``full``: it is the
    whole deck, so partners must be in it."""
    seen: set[str] = set()
    cards = list(cards)
    for card in cards:
        if card.name in seen:
            raise CardFileError(f"{source}: two cards are named {card.name!r}; names are unique")
        seen.add(card.name)
    if not full:
        return
    for card in cards:
        for e in card.ability.effects if card.ability else ():
            partner = e.get("partner")
            if partner is not None and partner not in seen:
                raise CardFileError(
                    f"{source}: card {card.name!r}: field 'ability.effects.partner': "
                    f"no card named {partner!r} in the deck"
                )


_DECK: tuple[CardDef, ...] | None = None


def deck() -> tuple[CardDef, ...]:
    """The 80 cards shipped with Ossuary, in catalogue order (group, then file)."""
    global _DECK
    if _DECK is None:
        files = resources.files("ossuary.diabolicards").joinpath("data")
        by_file: dict[str, list[CardDef]] = {}
        for entry in files.iterdir():
            if entry.name.endswith(".toml"):
                by_file[entry.name] = load_card_file(entry.name, entry.read_text("utf-8"))
        cards = [
            c for name in sorted(by_file) for c in by_file[name]
        ]  # then sorted by the guide's group order below
        cards.sort(key=lambda c: GROUPS.index(c.group))
        check_deck(cards, "the deck")
        _DECK = tuple(cards)
    return _DECK


def by_name() -> dict[str, CardDef]:
    return {c.name: c for c in deck()}
