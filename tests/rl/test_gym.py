"""The Gymnasium single-agent wrapper: the learner plays one seat, Ossuary agents
the others."""

from __future__ import annotations

import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env

from ossuary import rl

from .helpers import GAMES, encoder_or_skip


def _episode(env: rl.OssuarySingleEnv, seed: int) -> tuple[float, int]:
    obs, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    total, steps = 0.0, 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size, "the learner is asked to act with no legal action"
        obs, reward, terminated, truncated, _ = env.step(int(rng.choice(legal)))
        total += reward
        steps += 1
        if terminated or truncated:
            return total, steps


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("game", GAMES)
def test_gymnasium_checker(game: str) -> None:
    encoder_or_skip(game, 2)
    check_env(rl.gym_env(game, illegal="lose"), skip_render_check=True)


def test_illegal_action_raises_by_default_and_changes_nothing() -> None:
    env = rl.gym_env()
    obs, _ = env.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    assert env.table is not None
    before = env.table.state.serialize()
    with pytest.raises(ValueError, match="not legal"):
        env.step(illegal)
    assert env.table.state.serialize() == before
    lose = rl.gym_env(illegal="lose")
    lose.reset(seed=1)
    _, reward, terminated, _, info = lose.step(illegal)
    assert (reward, terminated, info["illegal_action"]) == (-1.0, True, True)


@pytest.mark.parametrize("opponents", ["random", "heuristic", "ismcts:iters=3"])
def test_whole_episode_against_each_kind_of_agent(opponents: str) -> None:
    env = rl.gym_env("hecatomb", opponents=opponents, seat=1)
    total, steps = _episode(env, 4)
    assert env.table is not None and env.table.state.is_terminal()
    assert total == env.table.state.returns()[1]
    assert steps > 5


def test_learner_seat_and_reproducible_episodes() -> None:
    env = rl.gym_env("hecatomb", seats=3, opponents=["random", "heuristic"], seat=None)
    first = _episode(env, 9)
    seat = env.seat
    assert _episode(env, 9) == first and env.seat == seat


def test_bad_opponent_spec_fails_at_once() -> None:
    with pytest.raises(ValueError, match="unknown agent"):
        rl.gym_env("hecatomb", opponents="grandmaster")
    with pytest.raises(ValueError, match="3 seats need 2 opponents"):
        rl.gym_env("hecatomb", seats=3, opponents=["random"])
