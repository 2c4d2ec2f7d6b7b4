"""Simulation throughput: games per hour per core, and parallel efficiency.

Plays heuristic against heuristic (the preconstructed decks in a round robin)
through the real simulator (``ossuary.sim.runner.run``: chunks, Parquet files,
the process pool), first in one process, then on ``--workers`` processes with
``--workers`` times as many games (weak scaling: every process gets the same
amount of work). Parallel efficiency is the parallel run's games per second
divided by ``workers`` times the single process's games per second; it counts
everything a user waits for (starting the pool, committing chunks, the tail
where the last chunks finish). On a machine shared with other work that ratio
also measures the other work, so the benchmark also runs a reference in the
same session: ``workers`` separate processes each playing its share alone,
started together (perfect parallelism, the same load); the simulator's
throughput against that is what its coordination costs. Speed is measured
here, never asserted in tests.

The machine's load average is printed before and after: on a shared machine the
other processes take cores, and the efficiency says as much about them.

    .venv/bin/python bench/bench_sim.py --games-per-worker 60
    .venv/bin/python bench/bench_sim.py --workers 16 --games-per-worker 100 --json out.json
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import platform
import shutil
import tempfile
import time
from pathlib import Path
from typing import Any

import pyarrow.compute as pc

from ossuary import games
from ossuary.sim.plan import Deck, SimConfig
from ossuary.sim.runner import run
from ossuary.sim.store import read_games


def measure(config: SimConfig, n_games: int, workers: int, chunk: int | None) -> dict[str, Any]:
    folder = Path(tempfile.mkdtemp(prefix="ossuary-bench-")) / "run"
    try:
        start = time.perf_counter()
        report = run(folder, config, n_games, workers=workers, chunk=chunk)
        wall = time.perf_counter() - start
        table = read_games(folder, ["seat", "seconds", "cpu_seconds"])
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)
    assert report.complete and report.played == n_games
    per_game = table.filter(pc.equal(table["seat"], 0))
    game_wall = pc.sum(per_game["seconds"]).as_py()
    game_cpu = pc.sum(per_game["cpu_seconds"]).as_py()
    return {
        "workers": workers,
        "games": n_games,
        "seconds": round(wall, 2),
        "games_per_second": n_games / wall,
        "games_per_hour_per_core": 3600 * n_games / wall / workers,
        # CPU time the games themselves took: what a core that is all ours plays
        "cpu_games_per_hour": 3600 * n_games / game_cpu,
        # the share of the workers' wall time spent inside games (the rest: start,
        # commits, waiting for work, the tail); other load on the machine slows
        # the games but does not lower this
        "busy_fraction": game_wall / (wall * workers),
    }


def _alone(config_json: str, n_games: int, folder: str) -> None:
    run(Path(folder), SimConfig.from_json(json.loads(config_json)), n_games, workers=1)


def independent(config: SimConfig, n_games: int, workers: int) -> dict[str, Any]:
    """The reference for perfect parallelism under the same load: ``workers``
    separate processes, each playing ``n_games`` games alone (its own run, no
    pool, no coordination), started together; timed until the last one ends."""
    ctx = multiprocessing.get_context("spawn")
    root = Path(tempfile.mkdtemp(prefix="ossuary-bench-"))
    text = json.dumps(config.to_json())
    try:
        start = time.perf_counter()
        procs = [ctx.Process(target=_alone, args=(text, n_games, str(root / f"r{w}")))
                 for w in range(workers)]  # fmt: skip
        for p in procs:
            p.start()
        for p in procs:
            p.join()
        wall = time.perf_counter() - start
        assert all(p.exitcode == 0 for p in procs)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    total = n_games * workers
    return {"workers": workers, "games": total, "seconds": round(wall, 2),
            "games_per_second": total / wall}  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--games-per-worker", type=int, default=60)
    parser.add_argument("--agent", default="heuristic")
    parser.add_argument("--game", default="hecatomb")
    parser.add_argument("--chunk", type=int, default=None, help="games a chunk (default: auto)")
    parser.add_argument("--json", help="also write the numbers to this file")
    args = parser.parse_args()
    game = games.get(args.game)
    decks = tuple(Deck(name, tuple(cards)) for name, cards in game.decks.preconstructed().items())
    config = SimConfig(
        game.name,
        (args.agent,),
        deck_mode="list" if len(decks) >= 2 else "default",
        decks=decks if len(decks) >= 2 else (),
    )
    load_before = os.getloadavg()
    one = measure(config, args.games_per_worker, 1, args.chunk)
    ideal = independent(config, args.games_per_worker, args.workers)
    many = measure(config, args.games_per_worker * args.workers, args.workers, args.chunk)
    load_after = os.getloadavg()
    efficiency = many["games_per_second"] / (args.workers * one["games_per_second"])
    # against separate processes run at the same time: the machine's other load
    # slows both alike, so this is what the simulator's coordination costs
    relative = many["games_per_second"] / ideal["games_per_second"]
    machine = f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"
    result = {
        "machine": machine,
        "game": game.name,
        "agent": args.agent,
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in load_after],
        "one_process": one,
        "parallel": many,
        "independent_processes": ideal,
        "parallel_efficiency": round(efficiency, 3),
        "efficiency_vs_independent_processes": round(relative, 3),
    }
    print(f"machine: {result['machine']}; load average before {load_before[0]:.2f}, "
          f"after {load_after[0]:.2f}")  # fmt: skip
    for label, r in (("1 process", one), (f"{args.workers} processes", many)):
        print(
            f"{label:>13}: {r['games']:>5} games in {r['seconds']:>7.1f} s = "
            f"{r['games_per_second']:6.2f} games/s, "
            f"{r['games_per_hour_per_core']:,.0f} games/hour/core "
            f"({r['cpu_games_per_hour']:,.0f} per CPU-hour of game play); "
            f"workers busy {100 * r['busy_fraction']:.1f}% of the time"
        )
    print(
        f"{args.workers} independent processes (reference): {ideal['games']} games in "
        f"{ideal['seconds']:.1f} s = {ideal['games_per_second']:.2f} games/s"
    )
    print(f"parallel efficiency on {args.workers} processes: {100 * efficiency:.1f}%")
    print(f"against {args.workers} independent processes at the same time: {100 * relative:.1f}%")
    if args.json:
        Path(args.json).write_text(json.dumps(result, indent=1) + "\n", "utf-8")


if __name__ == "__main__":  # spawned processes import this module: keep the guard
    main()
