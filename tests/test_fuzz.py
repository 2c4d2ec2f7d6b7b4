"""``make fuzz`` (``python -m ossuary.fuzz``): Ctrl-C ends it with what it
checked so far, not a traceback (issue 30 §6)."""

from __future__ import annotations

import dataclasses
import gc
import json

import pytest

from ossuary import fuzz, games
from ossuary.engine.core import GameState
from ossuary.engine.game import Game
from ossuary.engine.rng import Rng


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


# -- planted defects: each kind the deep check looks for is still caught where a
# saved state's card definitions are written from a cache (engine.core.definition_text)
def _midgame(name: str) -> tuple[Game, GameState]:
    game = games.get(name)
    state = game.new_game(seats=2, seed=4)
    rng = Rng(4)
    while state.ply < 30 and not state.is_terminal():
        state.apply_action(rng.choice(state.legal_action_ids()))
    return game, state


@pytest.mark.parametrize("name", ["hecatomb", "necromancer"])
def test_a_loader_that_changes_a_card_definition_is_caught(
    name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    game, state = _midgame(name)
    fuzz.check_kernel(game, state)  # sound as it is
    load = game.deserialize

    def planted(text: str) -> GameState:
        # the same card (name and type) with another text: a definition the
        # cache has never seen, whose own text must be written
        loaded = load(text)
        d = loaded.defs[0]  # type: ignore[attr-defined]
        changed = dataclasses.replace(d, text=d.text + " (changed)")
        loaded.defs[:] = [changed if x.name == d.name else x for x in loaded.defs]  # type: ignore[attr-defined]
        return loaded

    monkeypatch.setattr(game, "deserialize", planted)
    with pytest.raises(fuzz.InvariantError, match="serialize does not round-trip"):
        fuzz.check_kernel(game, state)


@pytest.mark.parametrize("name", ["hecatomb", "necromancer"])
def test_a_changed_card_definition_changes_the_saved_text(name: str) -> None:
    # what the clone check compares: a state whose definition differs writes
    # another text, though the name and type are the same
    _, state = _midgame(name)
    other = state.clone()
    d = state.defs[0]  # type: ignore[attr-defined]
    changed = dataclasses.replace(d, text=d.text + " (changed)")
    # every copy of the card (a saved state holds one definition a card)
    other.defs = [changed if x.name == d.name else x for x in other.defs]  # type: ignore[attr-defined]
    assert other.serialize() != state.serialize()
    assert json.loads(other.serialize()) == other.to_json()


def test_a_fuzz_game_gives_the_collector_its_setting_back() -> None:
    before = gc.get_threshold()
    fuzz.random_game(games.get("diabolicards"), 0, games.get("diabolicards").seat_counts[0])
    assert gc.get_threshold() == before
    assert gc.isenabled()
