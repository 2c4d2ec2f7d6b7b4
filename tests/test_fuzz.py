"""``make fuzz`` (``python -m ossuary.fuzz``): Ctrl-C ends it with what it
checked so far, not a traceback (issue 30 §6)."""

from __future__ import annotations

import pytest

from ossuary import fuzz
from ossuary.engine.core import GameState


def test_ctrl_c_says_how_far_the_fuzzer_got(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    calls = []

    def interrupted_on_the_third(game: object, seed: int, seats: int, deep: int) -> GameState:
        calls.append(seed)
        if len(calls) == 3:
            raise KeyboardInterrupt
        state = GameState()  # a played game, as far as the report is concerned
        state.ply = 7
        return state

    monkeypatch.setattr(fuzz, "random_game", interrupted_on_the_third)
    code = fuzz.main(["--game", "hecatomb", "--games", "50", "--seed", "10", "--deep-every", "50"])
    out = capsys.readouterr()
    assert code == 130
    assert "Interrupted (Ctrl-C) after 2 of 50 games" in out.out
    assert "14 actions" in out.out and "--seed 12 goes on from there" in out.out
    assert "Traceback" not in out.out + out.err
