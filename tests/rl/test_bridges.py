"""The bridges researchers asked for (issue 29, part 4): Ossuary's agents as
opponents by name, PettingZoo's global ``state()``, readable action labels,
trajectory files from the environments and from a simulation run, and deck
choice in the OpenSpiel games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test
from typer.testing import CliRunner

from ossuary import games, rl
from ossuary.engine.replay import Replay
from ossuary.hecatomb import HecatombState

from ..agents.test_contracts import hidden_swap

pytestmark = pytest.mark.filterwarnings(
    "ignore:Observation space for each agent probably:UserWarning",
    "ignore:Observation is not a NumPy array:UserWarning",
)


def random_masked(rng: np.random.Generator, mask: np.ndarray) -> int:
    return int(rng.choice(np.flatnonzero(mask)))


# -- opponents by name ---------------------------------------------------------------------
def test_pettingzoo_seats_ossuary_agents_by_name() -> None:
    env = rl.env("hecatomb", seats=3, opponents=["heuristic", "ismcts:iters=8"])
    env.reset(seed=3)
    assert env.possible_agents == ["player_0"]  # the others play inside the environment
    rng = np.random.default_rng(3)
    final = None
    for agent in env.agent_iter(max_iter=5000):
        assert agent == "player_0"
        obs, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            final = reward
        env.step(None if terminated or truncated else random_masked(rng, obs["action_mask"]))
    state = env.unwrapped.table.state  # (the test looks at the truth; a learner never does)
    assert state.is_terminal()
    assert {seat for seat, _ in _movers(state)} == {0, 1, 2}  # all three seats played
    assert final == state.returns()[0]


def _movers(state: Any) -> list[tuple[int, str]]:
    """(seat, action) of every action of a finished game, replayed."""
    replay = Replay.of(state)
    st = games.get("hecatomb").new_game(decks=replay.decks, seats=replay.seats,
                                        seed=replay.seed, first=replay.first)  # fmt: skip
    seats = []
    for aid in replay.actions:
        seat = st.current_player()
        assert seat is not None
        seats.append((seat, aid))
        st.apply_action(aid)
    return seats


def test_opponents_pass_pettingzoo_api_test_and_a_mapping_names_seats() -> None:
    api_test(rl.env("hecatomb", seats=2, opponents={0: "heuristic"}), num_cycles=30,
             verbose_progress=False)  # fmt: skip
    env = rl.raw_env("hecatomb", seats=2, opponents={0: "heuristic"})
    env.reset(seed=1)
    assert env.possible_agents == ["player_1"] and env.agent_selection == "player_1"


@pytest.mark.parametrize(
    ("opponents", "message"),
    [
        (["heuristic", "random"], "leave at least one"),
        ({5: "random"}, "numbered 0 to 1"),
        (["nobody"], "unknown agent"),
        ("heuristic", "not a string"),
        (["learned"], "no learned policy ships for Hecatomb with 6 seats"),
    ],
)
def test_bad_opponents_fail_at_once(
    opponents: Any, message: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    seats = 2
    if opponents == ["learned"]:
        # every table has a policy today: take the 6-seat table's away
        from ossuary.agents import learned

        monkeypatch.setattr(learned, "shipped_policy_path", lambda game, n: None)
        seats = 6
    with pytest.raises(ValueError, match=message):
        rl.env("hecatomb", seats=seats, opponents=opponents)


def test_gymnasium_takes_a_learned_opponent_by_name() -> None:
    env = rl.gym_env("hecatomb", opponents="learned")
    obs, _ = env.reset(seed=2)
    rng = np.random.default_rng(2)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        obs, reward, terminated, truncated, _ = env.step(random_masked(rng, obs["action_mask"]))
    assert terminated and reward == -1.0  # random play loses to the trained policy
    with pytest.raises(ValueError, match="not for Path of the Necromancer"):
        rl.gym_env("necromancer", opponents="learned:" + str(_shipped()))


def _shipped() -> Path:
    from ossuary.agents.learned import shipped_policy_path

    path = shipped_policy_path("hecatomb", 2)
    assert path is not None
    return path


# -- the global state --------------------------------------------------------------------
def test_state_is_every_seats_view_and_never_an_observation() -> None:
    env = rl.env("hecatomb", seats=2)
    env.reset(seed=8)
    raw = env.unwrapped
    assert env.state().shape == raw.state_space.shape == (2 * raw.encoder.observation_size,)
    rng = np.random.default_rng(8)
    checked = 0
    for _ in range(200):
        agent = env.agent_selection
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            break
        state = raw.table.state
        assert isinstance(state, HecatombState)
        twin = hidden_swap(state) if not raw.table.prefix else None
        if twin is not None:
            # the deciding seat can't tell: same observation; the global state can
            before = env.state()
            truth = raw.table.state
            raw.table = rl.Table(raw.game, raw.encoder, twin)
            assert np.array_equal(env.observe(agent)["observation"], obs["observation"])
            assert not np.array_equal(env.state(), before)
            raw.table = rl.Table(raw.game, raw.encoder, truth)
            checked += 1
        env.step(random_masked(rng, obs["action_mask"]))
    assert checked >= 5


def test_action_labels_are_readable_and_unique_on_the_wrapped_envs() -> None:
    env = rl.env("hecatomb")  # PettingZoo's wrapper passes the call through
    gym = rl.gym_env("hecatomb")
    enc = games.get("hecatomb").research.encoder(2)
    labels = [env.action_label(a) for a in range(enc.num_actions)]
    assert len(set(labels)) == len(labels)
    assert labels == [gym.action_label(a) for a in range(enc.num_actions)]
    assert "end" in labels and "minion[1][11][4]" in labels and "block[11][11]" in labels
    # a card's action names the card, as the option does
    env.reset(seed=4)
    raw = env.unwrapped
    rng = np.random.default_rng(4)
    checked = 0
    while checked < 10 and raw.table.seat() is not None:
        view = raw.table.view(raw.table.seat())
        plays = [o for o in view["decision"]["options"] if o["id"].startswith("play ")]
        paths = raw.encoder.action_paths(view)
        for option in plays if not raw.table.prefix else []:
            name = raw.table.state.defs[int(option["id"].split()[1])].name
            assert env.action_label(paths[option["id"]][0]) == f"play[{name}]"
            checked += 1
        env.step(random_masked(rng, env.last()[0]["action_mask"]))
    assert checked >= 10


# -- trajectory files ----------------------------------------------------------------------
def test_gymnasium_records_steps_and_replays_in_one_file(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    env = rl.gym_env("hecatomb", opponents="heuristic", record=path)
    rng = np.random.default_rng(1)
    seen: list[tuple[np.ndarray, np.ndarray, int]] = []
    rewards = []
    for episode in range(2):
        obs, _ = env.reset(seed=episode)
        done = False
        while not done:
            a = random_masked(rng, obs["action_mask"])
            seen.append((obs["observation"], obs["action_mask"], a))
            obs, reward, terminated, truncated, _ = env.step(a)
            done = terminated or truncated
        rewards.append(reward)
    obs, _ = env.reset(seed=9)
    env.step(random_masked(rng, obs["action_mask"]))  # a third game, left unfinished
    env.close()
    tr = rl.load_trajectories(path)
    assert tr.meta["game"] == "hecatomb" and tr.meta["source"] == "gymnasium"
    assert len(tr) == len(seen) + 1
    rows = np.arange(len(seen))
    assert np.array_equal(tr.observations(rows), np.array([o for o, _, _ in seen]))
    assert np.array_equal(tr.masks(rows), np.array([m for _, m, _ in seen]))
    assert tr.action[rows].tolist() == [a for _, _, a in seen]
    assert tr.episode_returns.shape == (3, 2)
    ends = np.flatnonzero(tr.done)
    assert tr.reward[ends[:2]].tolist() == rewards  # the result lands on the last step
    assert tr.reward[~tr.done].sum() == 0
    for episode in range(2):
        replay = tr.replay(episode)
        assert replay is not None
        final = replay.final()
        assert final.is_terminal()
        assert list(final.returns()) == tr.episode_returns[episode].tolist()
        replay.save(tmp_path / f"game{episode}.json")  # what 'ossuary replay' reads
        assert Replay.load(tmp_path / f"game{episode}.json").actions == replay.actions
    assert not np.load(path, allow_pickle=False)["replays"].dtype.hasobject


def test_pettingzoo_records_every_seat(tmp_path: Path) -> None:
    path = tmp_path / "aec.npz"
    env = rl.env("hecatomb", seats=2, record=path)
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    steps = 0
    for _ in env.agent_iter(max_iter=20_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        env.step(random_masked(rng, obs["action_mask"]))
        steps += 1
    env.close()
    tr = rl.load_trajectories(path)
    assert len(tr) == steps and set(tr.seat.tolist()) == {0, 1}
    assert tr.done.sum() == 2  # each seat's last step
    assert sorted(tr.reward[tr.done].tolist()) == sorted(tr.episode_returns[0].tolist())
    masks = tr.masks()
    assert all(masks[i, tr.action[i]] == 1 for i in range(len(tr)))


def test_a_simulation_runs_games_become_training_data(tmp_path: Path) -> None:
    from ossuary.cli.main import app

    run = tmp_path / "run"
    args = ["--games", "3", "--workers", "1", "--out", str(run), "--no-progress"]
    result = CliRunner().invoke(app, ["simulate", "--agents", "heuristic,random", *args])
    assert result.exit_code == 0, result.output
    out, written, differ = rl.simulation_trajectories(run, tmp_path / "sim.npz")
    assert (written, differ) == (3, 0)
    tr = rl.load_trajectories(out)
    from ossuary.sim.store import read_games

    rows = read_games(run).to_pylist()
    by_game: dict[int, dict[int, float]] = {}
    lengths: dict[int, int] = {}
    for row in rows:
        by_game.setdefault(row["game"], {})[row["seat"]] = row["result"]
        lengths[row["game"]] = row["actions"]
    for episode, game in enumerate(sorted(by_game)):
        assert tr.episode_returns[episode].tolist() == [by_game[game][s] for s in (0, 1)]
        replay = tr.replay(episode)
        assert replay is not None and len(replay.actions) == lengths[game]
    masks = tr.masks()
    assert all(masks[i, tr.action[i]] == 1 for i in range(len(tr)))
    assert set(tr.seat.tolist()) == {0, 1}


# -- OpenSpiel: decks by name ------------------------------------------------------------------
def test_openspiel_games_take_decks_like_seat_counts() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    game = pyspiel.load_game("python_ossuary_hecatomb",
                             {"players": 3, "decks": "blood and gold"})  # fmt: skip
    state = game.new_initial_state()
    state.apply_action(7)
    lists = state.table.state.deck_lists()
    expected = sorted(games.get("hecatomb").decks.preconstructed()["Blood and Gold"])
    assert [sorted(d) for d in lists] == [expected] * 3
    two = pyspiel.load_game("python_ossuary_hecatomb", {"decks": "Smoke and Fury,Plague Tithe"})
    s2 = two.new_initial_state()
    s2.apply_action(7)
    decks = games.get("hecatomb").decks.preconstructed()
    assert sorted(s2.table.state.deck_lists()[1]) == sorted(decks["Plague Tithe"])
    for bad, message in [
        ("Nope", "not one of Hecatomb's decks"),
        ("Rot and Ruin,Gilded Lies,Plague Tithe", "one deck for every seat"),
    ]:
        with pytest.raises(Exception, match=message):
            pyspiel.load_game("python_ossuary_hecatomb", {"decks": bad})
