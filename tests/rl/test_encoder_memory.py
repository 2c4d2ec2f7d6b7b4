"""Hecatomb's encoder keeps what it works out from card definitions between
calls (``HecatombEncoder._fact``); nothing it keeps may make an observation or
an action path stale. One encoder used all along must give, after every step,
on going back to an earlier position (a copy kept from before, as a search
does), on a resample and on a saved game read back, the very numbers a new
encoder gives for the same state. (``make test`` runs this file on the
compiled build; ``OSSUARY_PURE=1`` runs it on pure Python.)"""

from __future__ import annotations

import copy
import pickle

import numpy as np
import pytest

from ossuary import games
from ossuary.engine.core import GameState
from ossuary.engine.rng import Rng
from ossuary.hecatomb.encode import HecatombEncoder
from ossuary.rl import Table


def _numbers(
    enc: HecatombEncoder, state: GameState, decider: int | None, prefix: tuple[int, ...]
) -> list[object]:
    out: list[object] = []
    for seat in range(enc.seats):
        obs = np.zeros(enc.observation_size, np.float32)
        enc.observe_state(state, seat, prefix if seat == decider else (), obs)
        out.append(obs.tobytes())
    if decider is not None:
        out.append(enc.action_paths_state(state, decider))
    return out


def _check(kept: HecatombEncoder, table: Table, what: str) -> None:
    state = table.state
    decider = table.seat()
    fresh = HecatombEncoder(kept.seats)
    assert _numbers(kept, state, decider, table.prefix) == _numbers(
        fresh, state, decider, table.prefix
    ), what


def test_a_kept_encoder_gives_what_a_new_one_gives() -> None:
    g = games.get("hecatomb")
    positions = 0
    for seats, seed in ((2, 11), (2, 12), (3, 13)):
        kept = HecatombEncoder(seats)  # one encoder for every game of the table
        table = Table(g, kept, g.new_game(seats=seats, seed=seed))
        rng = np.random.default_rng(seed)
        earlier: list[Table] = []
        for step in range(160):
            seat = table.seat()
            if seat is None:
                break
            _check(kept, table, f"seats {seats}, seed {seed}, step {step}")
            positions += 1
            if step % 20 == 7:
                # the same position through a save and a load (new card
                # definitions), and as a sample for the deciding seat; and
                # back to a position from before
                if not table.prefix:
                    loaded = Table(g, kept, g.deserialize(table.state.serialize()))
                    _check(kept, loaded, f"read back at step {step}")
                _check(kept, table.resample(seat, Rng(step)), f"resampled at step {step}")
                if earlier:
                    _check(kept, earlier[0], f"back from step {step}")
                earlier.append(table.copy())
            table.step(int(rng.choice(table.legal())))
        # what it keeps does not stop it pickling or copying (card definitions
        # do not pickle), and the copies give the same numbers
        for other in (pickle.loads(pickle.dumps(kept)), copy.deepcopy(kept)):
            assert isinstance(other, HecatombEncoder)
            assert _numbers(other, table.state, table.seat(), table.prefix) == _numbers(
                kept, table.state, table.seat(), table.prefix
            )
    assert positions > 300


def test_a_kept_diabolicards_encoder_gives_the_paths_a_new_one_gives() -> None:
    """Diabolicards's encoder keeps each option id's parsed path
    (``_known_paths``): the ids and paths of every decision of whole games, 1v1
    and 2v2, must be what a new encoder gives, on a copy too."""
    from ossuary.diabolicards.encode import DiabolicardsEncoder, EncodingError

    g = games.get("diabolicards")
    decisions = 0
    for seats, seed in ((2, 21), (4, 22)):
        kept = DiabolicardsEncoder(seats)
        for game_seed in (seed, seed + 100):
            table = Table(g, kept, g.new_game(seats=seats, seed=game_seed))
            rng = np.random.default_rng(game_seed)
            while (seat := table.seat()) is not None:
                state = table.state
                paths = kept.action_paths_state(state, seat)
                assert paths == DiabolicardsEncoder(seats).action_paths_state(state, seat)
                assert paths == kept.action_paths(state.view(seat))
                decisions += 1
                table.step(int(rng.choice(table.legal())))
        assert kept._known_paths  # it did keep them
        for other in (pickle.loads(pickle.dumps(kept)), copy.deepcopy(kept)):
            assert other.action_paths_state(state, 0) == kept.action_paths_state(state, 0)
        # an id the encoding doesn't know is an error every time, and not kept
        for _ in range(2):
            with pytest.raises(EncodingError):
                kept._path_of("play 999 x")
        assert "play 999 x" not in kept._known_paths
    assert decisions > 100
