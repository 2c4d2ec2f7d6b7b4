"""OpenSpiel's serialization for every game: ``state.serialize()`` and the
game's ``deserialize_state``, ``pyspiel.serialize_game_and_state`` and back,
and pickling a game or a state (what multiprocessing and checkpoints do). A
restored state is the same position and plays on the same way."""

from __future__ import annotations

import pickle
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from ossuary import games, rl  # noqa: E402

from .helpers import GAMES, encoder_or_skip  # noqa: E402


def _same(a: Any, b: Any) -> None:
    assert str(a) == str(b)
    assert a.is_terminal() == b.is_terminal()
    if not a.is_terminal():
        assert a.current_player() == b.current_player()
        assert a.legal_actions() == b.legal_actions()


@pytest.mark.parametrize("game", GAMES)
def test_games_and_states_serialize_and_pickle(game: str) -> None:
    encoder_or_skip(game, games.get(game).seat_counts[0])
    g = pyspiel.load_game(rl.openspiel.short_name(game))
    rng = np.random.default_rng(5)
    state = g.new_initial_state()
    restored = [g.deserialize_state(state.serialize())]  # before the deal too
    _same(state, restored[0])
    state.apply_action(7)
    for _ in range(3):
        for _ in range(15):
            if state.is_terminal():
                break
            state.apply_action(int(rng.choice(state.legal_actions())))
        _same(state, g.deserialize_state(state.serialize()))
        g2, s2 = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(g, state))
        assert str(g2) == str(g)
        _same(state, s2)
        restored.append(pickle.loads(pickle.dumps(state)))
        _same(state, restored[-1])
    # a pickled game loads as the same game and deals the same games
    g3 = pickle.loads(pickle.dumps(g))
    assert str(g3) == str(g) and g3.num_distinct_actions() == g.num_distinct_actions()
    fresh = g3.new_initial_state()
    fresh.apply_action(7)
    first = g.new_initial_state()
    first.apply_action(7)
    _same(first, fresh)
    # the last restored copy plays on exactly as the original does
    copy = restored[-1]
    while not state.is_terminal() and state.move_number() < 80:
        action = int(rng.choice(state.legal_actions()))
        state.apply_action(action)
        copy.apply_action(action)
    _same(state, copy)


def test_a_pickled_state_loads_in_a_fresh_process(tmp_path: Any) -> None:
    # the classes are found by name in a process that never registered them
    import subprocess
    import sys

    game = GAMES[0]
    encoder_or_skip(game, games.get(game).seat_counts[0])
    g = pyspiel.load_game(rl.openspiel.short_name(game))
    state = g.new_initial_state()
    state.apply_action(3)
    for _ in range(10):
        state.apply_action(state.legal_actions()[0])
    path = tmp_path / "state.pickle"
    path.write_bytes(pickle.dumps(state))
    code = "import pickle, sys; print(pickle.loads(open(sys.argv[1], 'rb').read()))"
    out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True,
                         text=True, timeout=120, check=True)  # fmt: skip
    assert out.stdout.strip() == str(state)
