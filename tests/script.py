"""Scenario tests in the XMage style, for any game: set up a position (each
game's ``tests/<game>/script.py`` loads its scenarios and names its places),
script the choices, assert the result. Strict: a test fails when the engine
asks a question the script did not expect (``act`` can't find the scripted
choice among the options, or ``expect`` finds another decision pending).
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from ossuary.engine import GameState, IllegalAction


def options(s: GameState) -> list[str]:
    return [f"{a.id} = {a.label}" for a in s.legal_actions()]


def act(s: GameState, *choices: str, rewrite: Callable[[str], str] | None = None) -> None:
    """Apply each choice: an exact option id, or text found in exactly one label.
    ``rewrite`` turns a game's shorthand into an option id first."""
    for choice in choices:
        pending = s.decision()
        if pending is None:
            pytest.fail(f"wanted {choice!r} but the game is over")
        if rewrite is not None:
            choice = rewrite(choice)
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


def expect(s: GameState, kind: str, player: int | None = None) -> None:
    """Assert the pending decision (the script stops exactly here)."""
    pending = s.decision()
    assert pending is not None, "the game is over"
    assert pending.kind == kind, f"expected a {kind!r} decision, got {pending!r}: {options(s)}"
    if player is not None:
        assert pending.player == player, f"expected player {player} to decide, got {pending!r}"


def illegal(s: GameState, action: str, rule_words: str = "") -> IllegalAction:
    """Assert an action is refused, with the rule named, and nothing changes."""
    before = s.serialize()
    with pytest.raises(IllegalAction) as info:
        s.apply_action(action)
    assert s.serialize() == before, "an illegal action changed the state"
    if rule_words:
        assert rule_words.lower() in str(info.value).lower(), str(info.value)
    return info.value
