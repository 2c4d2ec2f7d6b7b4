"""What it costs to run ``--workers N`` on Dask's LocalCluster instead of the
simulator's own process pool: the same small run (random agents, so the games
themselves take little) played both ways, wall time from the call to the last
commit, the cluster's start and close included. The difference is what every
``ossuary simulate`` and ``ossuary balance`` on one machine would pay for
having one code path (docs/simulation.md, "Local processes or Dask"). Speed is
measured here, never asserted in tests.

    .venv/bin/python bench/bench_sim_start.py --workers 2 --games 40 --repeat 3
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import tempfile
import time
from pathlib import Path

from ossuary.sim.plan import SimConfig
from ossuary.sim.runner import run


def pool(config: SimConfig, games: int, workers: int) -> float:
    folder = Path(tempfile.mkdtemp(prefix="ossuary-bench-")) / "run"
    try:
        start = time.perf_counter()
        run(folder, config, games, workers=workers)
        return time.perf_counter() - start
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)


def local_cluster(config: SimConfig, games: int, workers: int) -> float:
    from distributed import LocalCluster

    folder = Path(tempfile.mkdtemp(prefix="ossuary-bench-")) / "run"
    try:
        start = time.perf_counter()
        cluster = LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=":0",
        )  # fmt: skip
        try:
            run(folder, config, games, scheduler=cluster.scheduler_address)
        finally:
            cluster.close()  # type: ignore[no-untyped-call]
        return time.perf_counter() - start
    finally:
        shutil.rmtree(folder.parent, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    config = SimConfig(game="hecatomb", agents=("random",), deck_mode="random")
    print(f"load average before: {os.getloadavg()}")
    for name, fn in (("process pool", pool), ("Dask LocalCluster", local_cluster)):
        times = [fn(config, args.games, args.workers) for _ in range(args.repeat)]
        print(
            f"{name:18s} {args.games} games on {args.workers} workers: median "
            f"{statistics.median(times):.2f} s (runs: {', '.join(f'{t:.2f}' for t in times)})"
        )
    print(f"load average after: {os.getloadavg()}")


if __name__ == "__main__":
    main()
