"""The batched environments against the truth: the same games played one at a
time through the single environments, with Gymnasium's next-step autoreset done
by hand. Short games (``max_steps``) so that every game ends and restarts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from ossuary.engine.errors import IllegalAction
from ossuary.rl import OssuaryAEC, OssuarySingleEnv
from ossuary.rl.vector import MAX_ENVS, OssuaryAECBatch, OssuaryVectorEnv

N = 3
MAX = 12  # actions a game: each game is cut (or ends) and is dealt anew several times


def _pick(rng: np.random.Generator, mask: np.ndarray[Any, Any]) -> int:
    legal = np.flatnonzero(mask)
    return int(rng.choice(legal)) if len(legal) else 0


@pytest.mark.parametrize("game", ["hecatomb", "diabolicards"])
def test_vector_env_is_n_single_envs_with_next_step_autoreset(game: str) -> None:
    vec = OssuaryVectorEnv(game, num_envs=N, max_steps=MAX)
    singles = [OssuarySingleEnv(game, max_steps=MAX) for _ in range(N)]
    obs, infos = vec.reset(seed=np.int64(7))  # a numpy int, as trainers often hold seeds
    want = [env.reset(seed=7 + i)[0] for i, env in enumerate(singles)]
    assert vec.observation_space.contains(obs)
    assert list(infos["seat"]) == [0] * N
    rng = np.random.default_rng(0)
    ended = [False] * N
    restarts = 0
    for _ in range(40):
        actions = np.array([_pick(rng, o["action_mask"]) for o in want])
        obs, rewards, terms, truncs, _ = vec.step(actions)
        for i, env in enumerate(singles):
            if ended[i]:  # next-step autoreset: the action is ignored
                want[i] = env.reset()[0]
                r, te, tr = 0.0, False, False
                restarts += 1
            else:
                want[i], r, te, tr, _ = env.step(int(actions[i]))
            assert (rewards[i], terms[i], truncs[i]) == (r, te, tr)
            np.testing.assert_array_equal(obs["observation"][i], want[i]["observation"])
            np.testing.assert_array_equal(obs["action_mask"][i], want[i]["action_mask"])
            ended[i] = te or tr
    assert restarts >= N


def test_vector_env_writes_into_the_same_arrays_without_copy() -> None:
    vec = OssuaryVectorEnv("hecatomb", num_envs=2, copy=False)
    first, _ = vec.reset(seed=1)
    before = first["observation"].copy()
    actions = [int(np.flatnonzero(m)[0]) for m in first["action_mask"]]
    again, *_ = vec.step(actions)
    assert again["observation"] is first["observation"]
    assert not np.array_equal(before, again["observation"])
    copied = OssuaryVectorEnv("hecatomb", num_envs=2)
    a, _ = copied.reset(seed=1)
    b, *_ = copied.step(actions)
    assert a["observation"] is not b["observation"]
    np.testing.assert_array_equal(a["observation"], before)  # kept as it was


@pytest.mark.parametrize("bad", [0, -1, MAX_ENVS + 1, 2.5, True, "3", None])
def test_batch_sizes_are_bounded(bad: object) -> None:
    for make in (OssuaryVectorEnv, OssuaryAECBatch):
        with pytest.raises(ValueError, match="num_envs must be a whole number from 1"):
            make("hecatomb", num_envs=bad)  # type: ignore[arg-type]


def test_a_bad_batch_of_actions_moves_no_game() -> None:
    vec = OssuaryVectorEnv("hecatomb", num_envs=2)
    obs, _ = vec.reset(seed=3)
    saved = [env.table.state.serialize() for env in vec.envs]  # type: ignore[union-attr]
    good = int(np.flatnonzero(obs["action_mask"][0])[0])
    bad = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    with pytest.raises(IllegalAction, match="not legal"):
        vec.step([good, bad])
    for actions in ([good], [[good, good]], [0.5, 1.5]):
        with pytest.raises(ValueError, match="one whole-number action per game"):
            vec.step(actions)
    assert [env.table.state.serialize() for env in vec.envs] == saved  # type: ignore[union-attr]
    with pytest.raises(ValueError, match="one seed per game"):
        vec.reset(seed=[1, 2, 3])


@pytest.mark.parametrize("game", ["hecatomb", "necromancer", "diabolicards"])
def test_aec_batch_is_n_aec_games(game: str) -> None:
    """Every game's rows against its own AEC environment stepped alone; the batch
    takes a mid-game step on the table itself, so this holds it to the
    environment's books (agent to act, flags, rewards at each end)."""
    batch = OssuaryAECBatch(game, num_envs=N, max_steps=MAX)
    envs = [OssuaryAEC(game, max_steps=MAX) for _ in range(N)]
    obs = batch.reset(seed=5)
    for i, env in enumerate(envs):
        env.reset(seed=5 + i)
    rng = np.random.default_rng(1)
    restarts = 0
    for _ in range(40):
        ended = batch.terminations | batch.truncations
        for i, env in enumerate(envs):
            agent = env.agent_selection
            assert batch.agents_to_act[i] == int(agent.removeprefix("player_"))
            seen = env.observe(agent)
            np.testing.assert_array_equal(obs["observation"][i], seen["observation"])
            mask = seen["action_mask"] if not ended[i] else np.zeros_like(seen["action_mask"])
            np.testing.assert_array_equal(obs["action_mask"][i], mask)
            assert ended[i] == (env.terminations[agent] or env.truncations[agent])
            if ended[i]:
                assert list(batch.rewards[i]) == [env.rewards[a] for a in env.possible_agents]
        actions = np.array([_pick(rng, m) for m in obs["action_mask"]])
        obs = batch.step(actions)
        for i, env in enumerate(envs):
            if ended[i]:
                env.reset()
                restarts += 1
            else:
                env.step(int(actions[i]))
    assert restarts >= N
    for i, env in enumerate(envs):  # the batch's own environments kept the same books
        mine = batch.envs[i]
        assert mine.agent_selection == env.agent_selection
        assert (mine.rewards, mine.terminations, mine.truncations) == (
            env.rewards,
            env.terminations,
            env.truncations,
        )


def test_aec_batch_with_agents_seated_is_n_aec_games() -> None:
    """With an Ossuary agent in a seat, a step goes through the environment (its
    agent plays inside): still the same games as one environment alone."""
    batch = OssuaryAECBatch("hecatomb", num_envs=2, max_steps=MAX, opponents=["random"])
    envs = [OssuaryAEC("hecatomb", max_steps=MAX, opponents=["random"]) for _ in range(2)]
    obs = batch.reset(seed=9)
    for i, env in enumerate(envs):
        env.reset(seed=9 + i)
    rng = np.random.default_rng(2)
    for _ in range(30):
        ended = batch.terminations | batch.truncations
        for i, env in enumerate(envs):
            seen = env.observe(env.agent_selection)
            np.testing.assert_array_equal(obs["observation"][i], seen["observation"])
        actions = np.array([_pick(rng, m) for m in obs["action_mask"]])
        obs = batch.step(actions)
        for i, env in enumerate(envs):
            if ended[i]:
                env.reset()
            else:
                env.step(int(actions[i]))


def _docs_example(first_line: str) -> str:
    text = (Path(__file__).resolve().parents[2] / "docs" / "rl.md").read_text()
    found = re.search(r"```python\n(" + re.escape(first_line) + r".*?)```", text, re.DOTALL)
    assert found, f"docs/rl.md has the example that starts {first_line!r}"
    return found.group(1)


def test_the_batch_example_of_the_docs_runs() -> None:
    scope: dict[str, Any] = {}
    exec(compile(_docs_example("# A batch of games"), "docs/rl.md", "exec"), scope)
    envs, batch = scope["envs"], scope["batch"]
    assert scope["obs"]["observation"].shape == (4, batch.encoder.observation_size)
    assert envs.num_envs == 4 and batch.rewards.shape == (4, 2)
    assert (scope["obs"]["action_mask"].sum(axis=1) > 0).any()


def test_the_integer_actions_example_of_the_docs_runs(capsys: pytest.CaptureFixture[str]) -> None:
    scope: dict[str, Any] = {}
    exec(compile(_docs_example("# Integer actions"), "docs/rl.md", "exec"), scope)
    ints = scope["ints"]
    assert ints.state.ply == 40
    printed = capsys.readouterr().out.splitlines()
    assert len(printed) >= 40 and all(" -> " in line for line in printed)
    # the options printed are the ones the state took, in order
    applied = [line.split(" -> ")[1] for line in printed if not line.endswith("-> None")]
    assert applied == ints.state.history[: len(applied)]


def test_an_illegal_action_can_lose_one_game_of_the_batch() -> None:
    vec = OssuaryVectorEnv("hecatomb", num_envs=2, illegal="lose")
    obs, _ = vec.reset(seed=4)
    good = int(np.flatnonzero(obs["action_mask"][0])[0])
    bad = int(np.flatnonzero(obs["action_mask"][1] == 0)[0])
    obs, rewards, terms, _, infos = vec.step([good, bad])
    assert list(rewards) == [0.0, -1.0] and list(terms) == [False, True]
    assert list(infos["illegal_action"]) == [False, True]
    assert not obs["action_mask"][1].any() and not obs["observation"][1].any()
    obs, rewards, terms, _, infos = vec.step([int(np.flatnonzero(obs["action_mask"][0])[0]), 0])
    assert rewards[1] == 0.0 and not terms[1] and obs["action_mask"][1].any()  # dealt anew
    assert "illegal_action" not in infos


def test_a_game_over_before_the_learner_moves_is_dealt_again_not_stepped() -> None:
    """The other seat moves first and uses up ``max_steps``: the learner is never
    asked in that game, so the batch deals it again instead of failing."""
    vec = OssuaryVectorEnv("necromancer", num_envs=2, seat=1, max_steps=1)
    obs, _ = vec.reset(seed=0, options={"first": 0})
    assert not obs["action_mask"].any()  # nobody asks the learner anything
    for _ in range(3):
        obs, rewards, terms, truncs, _ = vec.step([0, 0])  # actions ignored
        assert not obs["action_mask"].any() and not rewards.any()
        assert not terms.any() and not truncs.any()
