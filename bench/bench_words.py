"""What a front end asks per decision, timed: the legal actions, each one's label
and the prompt, over seeded random playouts of every game (two seats).

    python bench/bench_words.py                          # the build installed
    python bench/bench_words.py --baseline /tmp/before   # and a source tree from before

A fixed amount of work (the same seeded games every run), in CPU seconds of a
process of its own (``time.process_time``), lower is better. With
``--baseline DIR`` (``git archive COMMIT src | tar -x -C DIR``) the tree from
before runs interpreted from ``DIR/src`` and the current one as installed, in
turns, ``--repeats`` times with the order turning each time; the medians and
the ratio of medians are printed. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

#: seeded games per game: about a second each on the pure build (2026-11-29)
GAMES = {"hecatomb": 300, "necromancer": 60, "diabolicards": 150}


def measure(name: str, n: int) -> float:
    """CPU seconds for ``n`` seeded random playouts, every option labelled."""
    from ossuary import games
    from ossuary.engine import Rng

    game = games.get(name)
    start = time.process_time()
    for g in range(n):
        s = game.new_game(seats=2, seed=g)
        rng = Rng(g)
        while not s.is_terminal():
            ids = s.legal_action_ids()
            for aid in ids:
                s.action_label(aid)
            s.prompt()
            s.apply_action(rng.choice(ids))
    return time.process_time() - start


def worker() -> None:
    print(" ".join(f"{name}={measure(name, n):.4f}" for name, n in GAMES.items()))


def run_one(src: Path | None) -> dict[str, float]:
    env = dict(os.environ)
    if src is not None:  # the tree from before, interpreted
        env["PYTHONPATH"] = str(src)
        env["OSSUARY_PURE"] = "1"
    out = subprocess.run(
        [sys.executable, __file__, "--worker"], env=env, check=True, capture_output=True, text=True
    ).stdout
    return {k: float(v) for k, v in (pair.split("=") for pair in out.split())}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--baseline", type=Path, help="a source tree from before (its src/)")
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        worker()
        return 0
    contenders: dict[str, Path | None] = {"now": None}
    if args.baseline is not None:
        contenders["before"] = args.baseline / "src"
    times: dict[str, dict[str, list[float]]] = {c: {g: [] for g in GAMES} for c in contenders}
    for r in range(args.repeats):
        order = list(contenders) if r % 2 == 0 else list(reversed(contenders))
        for c in order:
            for g, t in run_one(contenders[c]).items():
                times[c][g].append(t)
    for g in GAMES:
        medians = {c: statistics.median(times[c][g]) for c in contenders}
        line = "  ".join(f"{c} {m:.3f} s" for c, m in medians.items())
        if "before" in medians:
            line += f"  now/before {medians['now'] / medians['before']:.3f}"
        print(f"{g:13} {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
