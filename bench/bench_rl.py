"""RL environment speed: Ossuary's PettingZoo environments beside PettingZoo's own
classic card games, measured in the same run.

    make bench                               # installs the bench extra, runs this too
    python bench/bench_rl.py --seconds 5 --json out.json

Each environment is driven by the same loop (``agent_iter``, ``last``, a
uniformly random action among the masked-legal ones, ``step``), the way a
training loop drives it, so an observation and a mask are built for every
step. The pick is Python's ``random.choice`` over the legal indexes: numpy's
``Generator.choice`` costs about 14 microseconds a call on these machines, as
much as a whole Hecatomb step, so with it this would measure the loop more
than the environments (every environment gets the same loop). The reference
is PettingZoo's ``leduc_holdem_v4`` and ``texas_holdem_v4`` (RLCard
underneath); the ratio is Ossuary's steps per second over the
reference's. A missing reference is reported as such, never guessed.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import time
import warnings
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from ossuary import games, rl


def drive(make: Callable[[], Any], seconds: float, seed: int = 0) -> dict[str, float]:
    """Play whole episodes with random legal actions for about ``seconds``."""
    env = make()
    rng = np.random.default_rng(seed)
    pick = random.Random(seed)  # the pick: see the module's docstring
    steps = episodes = 0
    start = time.perf_counter()
    deadline = start + seconds
    while time.perf_counter() < deadline:
        env.reset(seed=int(rng.integers(2**31)))
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                action = None
            else:
                action = int(pick.choice(np.flatnonzero(obs["action_mask"])))
            env.step(action)
            steps += 1
        episodes += 1
    elapsed = time.perf_counter() - start
    return {
        "steps_per_s": steps / elapsed,
        "episodes_per_s": episodes / elapsed,
        "steps_per_episode": steps / max(episodes, 1),
    }


def references() -> dict[str, Callable[[], Any]]:
    """PettingZoo's classic card environments that install here (need rlcard)."""
    out: dict[str, Callable[[], Any]] = {}
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            from pettingzoo.classic import leduc_holdem_v4, texas_holdem_v4
    except Exception as exc:  # ImportError, or rlcard's own import failures
        print(f"reference unavailable: {exc} (pip install 'ossuary[bench]')")
        return out
    out["pettingzoo leduc_holdem_v4"] = leduc_holdem_v4.env
    out["pettingzoo texas_holdem_v4"] = texas_holdem_v4.env
    return out


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="per environment")
    parser.add_argument("--json", help="write the results to this file")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    args = parser.parse_args(argv)

    # every registered game at its fewest and most seats
    ours: dict[str, Callable[[], Any]] = {}
    for game in args.game or games.names():
        counts = games.get(game).seat_counts
        for n in sorted({min(counts), max(counts)}):
            ours[f"ossuary {game}, {n} seats"] = partial(rl.env, game, seats=n)
    refs = references()
    results: dict[str, Any] = {"machine": platform.platform(), "seconds": args.seconds}
    for name, make in {**ours, **refs}.items():
        r = drive(make, args.seconds)
        results[name] = r
        print(
            f"{name:32s} {r['steps_per_s']:9.0f} steps/s  {r['episodes_per_s']:8.1f} episodes/s"
            f"  ({r['steps_per_episode']:.0f} steps an episode)"
        )
    for ref in refs:
        for name in ours:
            ratio = results[name]["steps_per_s"] / results[ref]["steps_per_s"]
            results[f"ratio {name} / {ref}"] = ratio
            print(f"{name} / {ref}: {ratio:.3f} (steps per second)")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)
    return results


if __name__ == "__main__":
    main()
