"""Scenario tests in the XMage style: set up a position, script the choices,
assert the result. Strict: a test fails when the engine asks a question the
script did not expect (``act`` can't find the scripted choice among the
options, or ``expect`` finds another decision pending).
"""

from __future__ import annotations

from ossuary.diabolicards import DiaboState
from ossuary.diabolicards.cards import ZONES
from ossuary.diabolicards.queries import power, scores
from ossuary.diabolicards.scenario import load_scenario
from ossuary.diabolicards.state import at

from .. import script

# the shared script (tests/script.py), used through here
from ..script import expect as expect
from ..script import illegal as illegal
from ..script import options as options

ZONE = {"vask": 0, "gang": 1, "campus": 2}


def scenario(text: str) -> DiaboState:
    return load_scenario(text)


def card(s: DiaboState, name: str) -> int:
    """The id of the card called ``name`` (names are unique in the deck)."""
    return next(c for c, d in enumerate(s.defs) if d.name == name)


def play(s: DiaboState, name: str, zone: str, slot: str = "r") -> str:
    """The option id for playing ``name`` into a zone (vask, gang, campus);
    slot r (regular), a (activation) or s (Scorched Earth)."""
    return f"play {card(s, name)} {ZONE[zone]} {slot}"


def act(s: DiaboState, *choices: str) -> None:
    """Apply each choice: an exact option id, ``verb Card Name`` (``kill
    Dominique``), or text found in exactly one label."""

    def named(choice: str) -> str:
        verb, _, rest = choice.partition(" ")
        return f"{verb} {card(s, rest)}" if any(d.name == rest for d in s.defs) else choice

    script.act(s, *choices, rewrite=named)


def names(s: DiaboState, cids: list[int]) -> list[str]:
    return [s.defs[c].name for c in cids]


def zone(s: DiaboState, side: int, z: str) -> list[str]:
    """The cards in a zone's regular slots, in arrival order."""
    return names(s, s.mat[side][ZONE[z]])


def hand(s: DiaboState, seat: int) -> list[str]:
    return names(s, s.hands[seat])


def dead(s: DiaboState) -> list[str]:
    return names(s, s.dead)


def power_of(s: DiaboState, name: str) -> int:
    return power(s, card(s, name))


def where(s: DiaboState, name: str) -> tuple[int, str, str] | None:
    """(side, zone name, slot letter) of a card on the mat, else None."""
    c = card(s, name)
    if s.place[c] < 0:
        return None
    side, z, kind = at(s.place[c])
    return side, ZONES[z], "ras"[kind]


def score(s: DiaboState) -> list[int]:
    return scores(s)


def events(s: DiaboState, kind: str) -> list[dict[str, object]]:
    """The log's events of one kind, oldest first."""
    return [e for e in s.log if e["e"] == kind]
