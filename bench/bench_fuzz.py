"""CPU-seconds per fuzz game (every check on), source trees side by side.

    python bench/bench_fuzz.py --tree now=src --tree before=/tmp/before/src --games 4 --repeats 3

Each ``--tree NAME=DIR`` is a source folder run in a process of its own
(``PYTHONPATH=DIR``; a compiled in-place tree runs compiled, ``OSSUARY_PURE=1``
in the environment runs it pure). Every repeat each tree plays the same games,
``--games`` seeds of every configuration (game and seat count) from ``--seed``,
the trees taking turns and the order turning each repeat, so a ratio compares
figures taken minutes apart at most. A process first plays one game of each
game unmeasured (imports, card files); each game is then measured in that
process's CPU-seconds (``time.process_time``). It prints, per game and tree,
the median over repeats of the mean CPU-seconds a game (over its
configurations, as ``ossuary fuzz`` mixes them) and the projected CPU-hours
of a million games. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

WORKER = """
import json, sys, time
from ossuary import compiled, fuzz, games
names, n, seed = json.loads(sys.argv[1])
out = {"build": compiled.describe(), "cpu": {}}
for name in names:
    game = games.get(name)
    fuzz.random_game(game, 10**6, game.seat_counts[0])  # warm: imports, card files
    total = 0.0
    for seats in game.seat_counts:
        for s in range(seed, seed + n):
            start = time.process_time()
            fuzz.random_game(game, s, seats)
            total += time.process_time() - start
    out["cpu"][name] = total / (n * len(game.seat_counts))
print(json.dumps(out))
"""


def measure(folder: Path, names: list[str], games: int, seed: int) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run(
        [sys.executable, "-c", WORKER, json.dumps([names, games, seed])],
        env=env, capture_output=True, text=True, check=True,
    )  # fmt: skip
    result: dict[str, object] = json.loads(done.stdout.splitlines()[-1])
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", action="append", required=True, help="NAME=SOURCE_FOLDER")
    parser.add_argument("--game", action="append", help="only this game (repeat)")
    parser.add_argument("--games", type=int, default=4, help="seeds per configuration")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args(argv)
    trees = [(t.partition("=")[0], Path(t.partition("=")[2]).resolve()) for t in args.tree]
    names = args.game or ["hecatomb", "necromancer", "diabolicards"]
    cpu: dict[str, dict[str, list[float]]] = {t: {n: [] for n in names} for t, _ in trees}
    builds: dict[str, str] = {}
    for r in range(args.repeats):
        order = trees[r % len(trees) :] + trees[: r % len(trees)]
        for tree, folder in order:
            got = measure(folder, names, args.games, args.seed)
            builds[tree] = str(got["build"])
            for name, value in dict(got["cpu"]).items():  # type: ignore[call-overload]
                cpu[tree][name].append(float(value))
            print(f"repeat {r + 1}: {tree} {json.dumps(got['cpu'])}", file=sys.stderr)
    print("| game | " + " | ".join(f"{t} ({builds[t]})" for t, _ in trees) + " |")
    print("| --- |" + " ---: |" * len(trees))
    for name in names:
        cells = []
        for tree, _ in trees:
            s = statistics.median(cpu[tree][name])
            cells.append(f"{s:.3f} s ({s * 1e6 / 3600:,.0f} h/M)")
        print(f"| {name} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
