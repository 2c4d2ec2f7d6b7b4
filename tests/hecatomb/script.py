"""Scenario tests in the XMage style: set up a position, script the choices,
assert the result. A test fails when the engine asks a question the script
did not expect (``act`` can't find the scripted choice among the options).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ossuary.hecatomb import HecatombState, base_pool, load_scenario
from ossuary.hecatomb.queries import abom_keywords, abom_strength
from ossuary.hecatomb.state import Abomination

# the shared script (tests/script.py), used through here
from ..script import act as act
from ..script import expect as expect
from ..script import illegal as illegal
from ..script import options as options


def scenario(text: str, cards: Iterable[Mapping[str, Any]] = ()) -> HecatombState:
    """Load a scenario; ``cards`` are extra test cards (dicts in the card format)."""
    return load_scenario(text, pool=base_pool().with_cards(cards))


def abom(s: HecatombState, seat: int, k: int = 0) -> Abomination:
    """Seat's k-th abomination in play order."""
    return s.aboms[s.seats[seat].aboms[k]]


def stack_names(s: HecatombState, seat: int, k: int = 0) -> list[str]:
    return [s.defs[c].name for c in abom(s, seat, k).cards]


def strength(s: HecatombState, seat: int, k: int = 0) -> int:
    return abom_strength(s, abom(s, seat, k))


def keywords(s: HecatombState, seat: int, k: int = 0) -> dict[str, Any]:
    return abom_keywords(s, abom(s, seat, k))


def names(s: HecatombState, cids: Iterable[int]) -> list[str]:
    return [s.defs[c].name for c in cids]


def souls(s: HecatombState) -> list[int]:
    """Each seat's souls, in seat order."""
    return [seat.souls for seat in s.seats]


def hand_names(s: HecatombState, seat: int) -> list[str]:
    return names(s, s.seats[seat].hand)


def grave_names(s: HecatombState, seat: int) -> list[str]:
    return names(s, s.seats[seat].graveyard)


def in_hand(s: HecatombState, seat: int, name: str) -> int:
    """The id of a card called ``name`` in the seat's hand."""
    return next(c for c in s.seats[seat].hand if s.defs[c].name == name)


def cid(s: HecatombState, seat: int, k: int, name: str) -> int:
    """The id of the minion called ``name`` in the seat's k-th abomination."""
    return next(c for c in abom(s, seat, k).cards if s.defs[c].name == name)


def minion(name: str, strength: int, doom: str = "destruction", **extra: Any) -> dict[str, Any]:
    """A plain test minion card."""
    card: dict[str, Any] = {
        "name": name, "type": "minion", "doom": doom, "cost": extra.pop("cost", 1),
        "strength": strength, "subtype": extra.pop("subtype", "beast"),
    }  # fmt: skip
    card.update(extra)
    return card
