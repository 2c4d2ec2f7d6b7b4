"""The PettingZoo AEC environment passes PettingZoo's own API and seed tests,
for every registered game and seat count."""

from __future__ import annotations

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ossuary import rl
from ossuary.engine.game import Game, NotSupported

from .helpers import TABLES, encoder_or_skip, table_id

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_api(table: tuple[str, int]) -> None:
    game, seats = table
    encoder_or_skip(game, seats)
    api_test(rl.env(game, seats=seats), num_cycles=30, verbose_progress=False)


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_seed(table: tuple[str, int]) -> None:
    game, seats = table
    encoder_or_skip(game, seats)
    seed_test(lambda: rl.env(game, seats=seats), num_cycles=20)


def test_default_arguments_give_two_seats() -> None:
    env = rl.env()
    env.reset(seed=0)
    assert env.possible_agents == ["player_0", "player_1"]


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    env = rl.raw_env()
    env.reset(seed=1)
    obs = env.observe(env.agent_selection)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    before = env.table.state.serialize() if env.table else ""
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert env.table is not None and env.table.state.serialize() == before


def test_truncation_after_max_steps() -> None:
    env = rl.raw_env(max_steps=5)
    env.reset(seed=2)
    for _ in range(5):
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert all(env.truncations.values())


def test_game_without_encoder_is_not_supported(monkeypatch: pytest.MonkeyPatch) -> None:
    """A registered game that gives no encoder yet: a clear NotSupported."""

    class Bare(Game):
        name = "bare"
        title = "Bare"
        seat_counts = (2,)

    from ossuary import games

    monkeypatch.setattr(games, "get", lambda name: Bare())
    with pytest.raises(NotSupported, match="Bare has no RL encoder"):
        rl.env("bare")
