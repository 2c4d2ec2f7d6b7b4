"""Scenario tests in the XMage style: set up a position, script the choices,
assert the result. Strict: a test fails when the engine asks a question the
script did not expect (``act`` can't find the scripted choice among the
options, or ``expect`` finds another decision pending).
"""

from __future__ import annotations

import pytest

from ossuary.diabolicards import DiaboState
from ossuary.diabolicards.cards import ZONES
from ossuary.diabolicards.queries import power, scores
from ossuary.diabolicards.scenario import load_scenario
from ossuary.diabolicards.state import at
from ossuary.engine import IllegalAction

ZONE = {"vask": 0, "gang": 1, "campus": 2}


def scenario(text: str) -> DiaboState:
    return load_scenario(text)


def options(s: DiaboState) -> list[str]:
    return [f"{a.id} = {a.label}" for a in s.legal_actions()]


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
    for choice in choices:
        pending = s.decision()
        if pending is None:
            pytest.fail(f"wanted {choice!r} but the game is over")
        verb, _, rest = choice.partition(" ")
        named = [d.name for d in s.defs if d.name == rest]
        if named:
            choice = f"{verb} {card(s, rest)}"
        if choice in pending.options:
            s.apply_action(choice)
            continue
        matches = [a for a in s.legal_actions() if choice.lower() in a.label.lower()]
        if len(matches) != 1:
            pytest.fail(
                f"unscripted decision {pending.kind!r} for player {pending.player}, or "
                f"{choice!r} matched {len(matches)} options; options: {options(s)}"
            )
        s.apply_action(matches[0])


def expect(s: DiaboState, kind: str, player: int | None = None) -> None:
    """Assert the pending decision (the script stops exactly here)."""
    pending = s.decision()
    assert pending is not None, "the game is over"
    assert pending.kind == kind, f"expected a {kind!r} decision, got {pending!r}: {options(s)}"
    if player is not None:
        assert pending.player == player, f"expected player {player} to decide, got {pending!r}"


def illegal(s: DiaboState, action: str, rule_words: str = "") -> IllegalAction:
    """Assert an action is refused, with the rule named, and nothing changes."""
    before = s.serialize()
    with pytest.raises(IllegalAction) as info:
        s.apply_action(action)
    assert s.serialize() == before, "an illegal action changed the state"
    if rule_words:
        assert rule_words.lower() in str(info.value).lower(), str(info.value)
    return info.value


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
