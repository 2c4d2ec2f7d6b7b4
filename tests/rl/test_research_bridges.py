"""What a researcher's library expects of an environment, checked with the
libraries themselves: ``action_masks()`` (sb3-contrib's MaskablePPO trains on
the Gymnasium environment without a wrapper, running the example of
docs/rl.md), finite observation bounds that every observation of random games
respects, a ``truncated`` mark in trajectory files, and ``rgb_array`` pictures
of the board drawn from the seat's view alone."""

from __future__ import annotations

import os
import re
import tempfile
from pathlib import Path

import numpy as np
import pytest

from ossuary import rl

from .helpers import TABLES, encoder_or_skip, random_positions, table_id

DOCS = Path(__file__).resolve().parents[2] / "docs"


def test_the_gymnasium_env_gives_its_action_masks() -> None:
    env = rl.gym_env("hecatomb", opponents="random")
    obs, _ = env.reset(seed=3)
    for _ in range(40):
        masks = env.action_masks()
        assert masks.dtype == np.bool_
        assert np.array_equal(masks, obs["action_mask"].astype(bool)) and masks.any()
        obs, _, terminated, truncated, _ = env.step(int(np.flatnonzero(masks)[0]))
        if terminated or truncated:
            assert not env.action_masks().any()
            break
    aec = rl.env("hecatomb", seats=3)
    aec.reset(seed=2)
    obs, *_ = aec.last()
    assert np.array_equal(aec.unwrapped.action_masks(), obs["action_mask"].astype(bool))


def _docs_example() -> str:
    text = (DOCS / "rl.md").read_text()
    found = re.search(r"```python\n(# MaskablePPO.*?)```", text, re.DOTALL)
    assert found, "docs/rl.md has the MaskablePPO example"
    return found.group(1)


def test_maskable_ppo_trains_on_ossuary_as_the_docs_show(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    if not os.environ.get("OSSUARY_REQUIRE_TORCH"):
        pytest.importorskip("sb3_contrib", reason="needs pip install 'ossuary[sb3]'")
    # Stable-Baselines3 makes a logger folder (SB3-<date>) in the temporary
    # folder even when it logs nothing: this test's own, not /tmp
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    code = _docs_example()
    steps = int(re.search(r"total_timesteps=([\d_]+)", code).group(1).replace("_", ""))  # type: ignore[union-attr]
    assert 100 <= steps <= 1_000  # a few hundred steps: the example runs as it stands
    scope: dict[str, object] = {}
    exec(compile(code, "docs/rl.md", "exec"), scope)  # our own docs, as a reader runs them
    model, env = scope["model"], scope["env"]
    assert model.num_timesteps >= steps  # type: ignore[attr-defined]
    obs, _ = env.reset(seed=5)  # type: ignore[attr-defined]
    action, _ = model.predict(obs, action_masks=env.action_masks(), deterministic=True)  # type: ignore[attr-defined]
    assert obs["action_mask"][int(action)] == 1  # a legal move, by the mask


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_observations_of_random_games_lie_within_the_finite_bounds(
    table: tuple[str, int],
) -> None:
    game, seats = table
    encoder_or_skip(game, seats)
    env = rl.raw_env(game, seats)
    box = env.observation_space("player_0")["observation"]
    assert np.isfinite(box.low).all() and np.isfinite(box.high).all()
    assert (box.low <= 0).all() and (box.high >= 1).all()
    seen = 0
    for seed in (1, 2, 3):
        for t in random_positions(game, seats, seed, limit=2000):
            for seat in range(seats):
                x = t.observation(seat)
                outside = np.flatnonzero((x < box.low) | (x > box.high))
                assert not len(outside), [
                    (name, float(x[i])) for name, a, b in env.encoder.layout()
                    for i in outside if a <= i < b
                ]  # fmt: skip
                seen += 1
    assert seen > 100
    gym = rl.gym_env(game, seats, opponents="random")
    assert gym.observation_space["observation"] == box
    state = env.state_space
    assert np.isfinite(state.low).all() and state.shape == (seats * box.shape[0],)


def test_trajectory_files_mark_the_games_cut_short(tmp_path: Path) -> None:
    env = rl.gym_env("hecatomb", opponents="random", max_steps=30, record=tmp_path / "cut.npz")
    for seed in (1, 2):
        env.reset(seed=seed)
        done = False
        while not done:
            _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
            done = terminated or truncated
        assert truncated and not terminated
    env.close()
    tr = rl.load_trajectories(tmp_path / "cut.npz")
    assert tr.episode_truncated.tolist() == [True, True]
    assert tr.truncated.tolist() == tr.done.tolist() and tr.done.sum() == 2
    # games played to their end are not cut: done, never truncated
    env = rl.gym_env("hecatomb", opponents="random", record=tmp_path / "whole.npz")
    env.reset(seed=4)
    rng = np.random.default_rng(0)
    terminated = truncated = False
    while not (terminated or truncated):
        legal = np.flatnonzero(env.action_masks())
        _, _, terminated, truncated, _ = env.step(int(rng.choice(legal)))
    env.close()
    tr = rl.load_trajectories(tmp_path / "whole.npz")
    assert terminated and tr.episode_truncated.tolist() == [False]
    assert tr.done.sum() == 1 and not tr.truncated.any()


@pytest.mark.parametrize("game", ["hecatomb", "necromancer", "diabolicards"])
def test_rgb_array_draws_the_seats_board_and_nothing_it_cant_see(game: str) -> None:
    pytest.importorskip("PIL", reason="rgb_array needs Pillow (the rl extra)")
    from ossuary.engine.rng import Rng
    from ossuary.rl.picture import board_picture

    env = rl.gym_env(game, opponents="random", render_mode="rgb_array")
    env.reset(seed=1)
    frames = [env.render()]
    for _ in range(6):
        _, _, terminated, truncated, _ = env.step(int(np.flatnonzero(env.action_masks())[0]))
        frames.append(env.render())
        if terminated or truncated:
            break
    shapes = {f.shape for f in frames}  # type: ignore[union-attr]
    assert len(shapes) == 1 and frames[0].dtype == np.uint8  # type: ignore[union-attr]
    height, width, depth = shapes.pop()
    assert depth == 3 and height > 100 and width > 300
    assert any(not np.array_equal(frames[0], f) for f in frames[1:])  # it shows the game
    # the picture is the seat's: hidden cards dealt anew change nothing in it
    rules = rl.raw_env(game).game
    moved = 0
    for k, t in enumerate(random_positions(game, 2, 7, limit=60)):
        if k % 10:
            continue
        seat = t.seat()
        assert seat is not None
        other = t.resample(seat, Rng(k))
        moved += other.state.serialize() != t.state.serialize()
        a = board_picture(rules, t.state.view(seat), seat)
        b = board_picture(rules, other.state.view(seat), seat)
        assert np.array_equal(a, b)
    assert moved


def test_ansi_and_rgb_array_are_the_render_modes() -> None:
    with pytest.raises(ValueError, match="render_mode"):
        rl.gym_env("hecatomb").__class__("hecatomb", render_mode="human")
