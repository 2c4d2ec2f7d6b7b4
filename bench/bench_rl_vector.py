"""Batched RL environments against the single ones, measured in the same run.

    python bench/bench_rl_vector.py --seconds 3 --repeats 3 --envs 16
    python bench/bench_rl_vector.py --game necromancer --seats 2 --json out.json
    python bench/bench_rl_vector.py --profile        # where a batched step's time goes, in µs

Two pairs, each alternated within every repeat (single first, then batched,
seconds apart) so that both see the same machine load:

- Gymnasium: ``rl.gym_env`` (one learner against the ``random`` agent) against
  :class:`~ossuary.rl.vector.OssuaryVectorEnv` with ``--envs`` games;
- PettingZoo: ``rl.raw_env`` (every seat a learner) against
  :class:`~ossuary.rl.vector.OssuaryAECBatch`.

A step is one learner action taken (a batched call with N games is N steps;
the no-op of a game being dealt anew is not counted). Actions are uniformly
random among the masked-legal ones: drawn one at a time for a single env, for
the whole batch at once for a batched one (random scores, masked, argmax: what a
trainer's batched policy does). Time is CPU time of this process (steps per
CPU-second, i.e. per core); min and median over the repeats.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import subprocess
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from ossuary import games, rl
from ossuary.rl.vector import OssuaryAECBatch, OssuaryVectorEnv


def _batch_pick(rng: np.random.Generator, masks: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A legal action of each row, uniformly at random (as the single runs'
    ``choice``): the k-th legal one, k drawn below the row's count; one random
    number a game, not one an action (a row of Hecatomb's 1,106)."""
    counts = masks.sum(axis=1, dtype=np.int64)
    k = (rng.random(len(counts)) * counts).astype(np.int64)
    return np.argmax(np.cumsum(masks, axis=1, dtype=np.int32) > k[:, None], axis=1)


def gym_single(game: str, seats: int, seconds: float, seed: int) -> float:
    env = rl.gym_env(game, seats=seats, opponents="random")
    pick = random.Random(seed)  # numpy's Generator.choice costs as much as a step
    obs, _ = env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        action = int(pick.choice(np.flatnonzero(obs["action_mask"])))
        obs, _r, terminated, truncated, _ = env.step(action)
        steps += 1
        if terminated or truncated:
            obs, _ = env.reset()
    return steps / (time.process_time() - start)


def gym_vector(game: str, seats: int, seconds: float, seed: int, n: int) -> float:
    env = OssuaryVectorEnv(game, num_envs=n, seats=seats, opponents="random", copy=False)
    rng = np.random.default_rng(seed)
    obs, _ = env.reset(seed=seed)
    ended = np.zeros(n, np.bool_)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += int(n - ended.sum())
        obs, _r, terminated, truncated, _ = env.step(_batch_pick(rng, obs["action_mask"]))
        ended = terminated | truncated
    return steps / (time.process_time() - start)


def aec_single(game: str, seats: int, seconds: float, seed: int) -> float:
    env = rl.raw_env(game, seats=seats)
    pick = random.Random(seed)
    env.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            env.reset()
            continue
        mask = env.observe(agent)["action_mask"]
        env.step(int(pick.choice(np.flatnonzero(mask))))
        steps += 1
    return steps / (time.process_time() - start)


def aec_batch(game: str, seats: int, seconds: float, seed: int, n: int) -> float:
    batch = OssuaryAECBatch(game, num_envs=n, seats=seats)
    rng = np.random.default_rng(seed)
    obs = batch.reset(seed=seed)
    steps = 0
    start = time.process_time()
    while time.process_time() - start < seconds:
        steps += int(n - (batch.terminations | batch.truncations).sum())
        obs = batch.step(_batch_pick(rng, obs["action_mask"]))
    return steps / (time.process_time() - start)


#: the parts of a batched step :func:`step_parts` times
PART_NAMES = ("the pick", "checking the actions", "the rules", "the observation", "the mask")


def step_parts(game: str, seats: int, n: int, seconds: float = 2.0) -> dict[str, float]:
    """CPU microseconds a learner step spends in each part of a batched AEC step
    (:data:`PART_NAMES`; a batch of ``n`` games, every seat a learner), timed in
    place with ``time.process_time_ns``: the same on both builds, where cProfile
    sees a compiled function only when interpreted code calls it. The parts are
    :meth:`OssuaryAECBatch.step`'s mid-game path taken by hand: the benchmark's
    own random pick of the batch's actions (a trainer's policy stands there),
    the legality check of each game's action, the rules applying it
    (``Table.step``), and the next seat's observation and mask written into the
    batch's rows. ``"total"`` is the whole loop's time a step (a game dealt
    anew included), ``"steps"`` how many were taken."""
    batch = OssuaryAECBatch(game, num_envs=n, seats=seats)
    rng = np.random.default_rng(0)
    obs = batch.reset(seed=1)
    spent = dict.fromkeys(PART_NAMES, 0)
    clock = time.process_time_ns
    steps = 0
    start = clock()
    limit = start + int(seconds * 1e9)
    while clock() < limit:
        t0 = clock()
        todo = _batch_pick(rng, obs["action_mask"]).tolist()
        t1 = clock()
        spent["the pick"] += t1 - t0
        for i, env in enumerate(batch.envs):
            table = env.table
            if table is None or batch.terminations[i] or batch.truncations[i]:
                env.reset()  # dealt anew: counted in the total only
                batch._write(i)
                continue
            a = clock()
            legal = table.is_legal_int(todo[i])
            b = clock()
            assert legal, "the pick chose an illegal action"
            table.step(todo[i])
            c = clock()
            seat = table.seat()
            if seat is None or table.steps >= env.max_steps:
                env.after_action()  # the game ended or was cut: the environment's books
                batch._write(i)
                spent["checking the actions"] += b - a
                spent["the rules"] += c - b
                steps += 1
                continue
            env.agent_selection = batch._agent_names[seat]
            table.observation(seat, batch._obs_rows[i])
            d = clock()
            table.mask(batch._mask_rows[i])
            e = clock()
            spent["checking the actions"] += b - a
            spent["the rules"] += c - b
            spent["the observation"] += d - c
            spent["the mask"] += e - d
            steps += 1
    total = clock() - start
    found = {name: ns / steps / 1e3 for name, ns in spent.items()}
    found["total"] = total / steps / 1e3
    found["steps"] = steps
    return found


def commit() -> str:
    try:
        out = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                             text=True, check=True)  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        return "unknown"
    return out.stdout.strip()


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="hecatomb")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--envs", type=int, default=16, help="games in a batch")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds a contender")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", help="write the results to this file")
    parser.add_argument(
        "--profile", action="store_true", help="print where a batched step's time goes, and stop"
    )
    args = parser.parse_args(argv)
    if args.profile:
        found = {}
        for game in games.names():
            found[game] = parts = step_parts(game, min(games.get(game).seat_counts), args.envs)
            total = parts["total"]
            print(
                f"{game}: {total:.1f} µs a learner step ({1e6 / total:,.0f} a CPU-second): "
                + ", ".join(f"{k} {parts[k]:.1f} µs ({parts[k] / total:.0%})" for k in PART_NAMES)
            )
        return found
    if args.repeats < 1 or args.seconds <= 0 or args.envs < 1:
        parser.error("--repeats and --envs must be at least 1, --seconds above 0")

    measured = commit()  # before the run: a commit made meanwhile was not measured
    g, s, t, n = args.game, args.seats, args.seconds, args.envs
    contenders: dict[str, Callable[[int], float]] = {
        "gymnasium single": lambda seed: gym_single(g, s, t, seed),
        f"gymnasium vector ({n} games)": lambda seed: gym_vector(g, s, t, seed, n),
        "pettingzoo aec single": lambda seed: aec_single(g, s, t, seed),
        f"pettingzoo aec batch ({n} games)": lambda seed: aec_batch(g, s, t, seed, n),
    }
    runs: dict[str, list[float]] = {name: [] for name in contenders}
    for repeat in range(args.repeats):
        for name, run in contenders.items():  # alternated within each repeat
            runs[name].append(run(repeat))
    results: dict[str, Any] = {
        "machine": platform.platform(),
        "commit": measured,
        "date": time.strftime("%Y-%m-%d"),
        "game": g,
        "seats": s,
        "envs": n,
        "seconds": t,
        "repeats": args.repeats,
    }
    names = list(contenders)
    for name in names:
        r = runs[name]
        results[name] = {"min": min(r), "median": statistics.median(r), "runs": r}
        print(f"{name:34s} min {min(r):8.0f}  median {statistics.median(r):8.0f} steps/CPU-s")
    for single, batched in ((names[0], names[1]), (names[2], names[3])):
        ratio = results[batched]["median"] / results[single]["median"]
        results[f"ratio {batched} / {single}"] = ratio
        print(f"{batched} / {single}: {ratio:.2f}x (medians)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)
    return results


if __name__ == "__main__":
    main()
