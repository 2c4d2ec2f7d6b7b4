"""How much a search's choice loses against what a far longer search thinks.

    python bench/root_regret.py --game diabolicards --positions 36 \\
        --iterations 2500,5000,10000 --seeds 2

Collects ``--positions`` positions from games of the heuristic against itself
(as ``stability.py`` does), then for each one runs an *oracle*: an ISMCTS
search that gives every option the same ``--oracle-visits`` visits on a pool
of ``--oracle-pool`` common samples, and keeps each option's value. Then, for
each budget in ``--iterations``, ``--seeds`` ordinary searches (the agent as
it plays) pick a move from each position, and the table reports:

- the mean **regret**: the oracle's value of its best option less its value of
  the option picked (in win chances: 0.001 is a tenth of a percent);
- how often the pick is the oracle's best option.

The oracle shares the agent's evaluation and playouts, so this measures how
close a search comes to what its own model would choose with all the time in
the world, not how good that model is: a small regret says more search
will not help much, and that the model is what to work on. It is a proxy,
not a strength: the arena measures that (docs/ai.md, "What was tried for
Diabolicards", 2026-11-24, cd1a559).
Nothing here is asserted; it is a measurement.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.progress import Progress

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ossuary.agents import Budget, ISMCTSAgent, Observation
from ossuary.engine.core import GameState
from ossuary.engine.errors import OssuaryError
from stability import collect

# an exploration term this large drowns every difference between means, so
# UCB visits the options in turn: every option gets the same visits
ORACLE_EXPLORATION = 1000.0


def oracle(position: GameState, visits: int, pool: int, seed: int) -> dict[str, float]:
    """Every option's value after ``visits`` visits each on ``pool`` common samples."""
    seat = position.current_player()
    assert seat is not None
    obs = Observation.of(position, seat)
    agent = ISMCTSAgent(
        seed,
        Budget(iterations=visits * len(obs.legal)),
        exploration=ORACLE_EXPLORATION,
        common_samples=pool,
    )
    agent.act(obs)
    return dict(agent.root_values)


def regrets(
    positions: list[GameState],
    values: list[dict[str, float]],
    iterations: int,
    seeds: int,
    advance: Callable[[], object] = lambda: None,
) -> tuple[list[float], int]:
    """The regret of every search (position by seed), and how many picked the oracle's best."""
    out: list[float] = []
    hits = 0
    for i, (p, value) in enumerate(zip(positions, values, strict=True)):
        seat = p.current_player()
        assert seat is not None
        best = max(value.values())
        for seed in range(seeds):
            pick = ISMCTSAgent(1000 * seed + i, Budget(iterations=iterations)).act(
                Observation.of(p, seat)
            )
            loss = best - value.get(pick, min(value.values()))
            out.append(loss)
            hits += loss == 0
        advance()
    return out, hits


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="diabolicards")
    ap.add_argument("--seats", type=int, default=2, help="seats in the games (4: 2v2)")
    ap.add_argument("--positions", type=int, default=36)
    ap.add_argument("--options", type=int, default=4, help="least options a position has")
    ap.add_argument("--iterations", default="2500,5000,10000", help="budgets, comma-separated")
    ap.add_argument("--seeds", type=int, default=2, help="searches a position and budget")
    ap.add_argument("--oracle-visits", type=int, default=600, help="the oracle's visits an option")
    ap.add_argument("--oracle-pool", type=int, default=256, help="the oracle's common samples")
    ap.add_argument("--json", type=Path, help="also write the results here")
    args = ap.parse_args(argv)
    for name, lo, hi in (
        ("seats", 1, 8),
        ("positions", 1, 1000),
        ("options", 2, 1000),
        ("seeds", 1, 100),
        ("oracle_visits", 1, 100_000),
        ("oracle_pool", 1, 10_000),
    ):
        if not lo <= getattr(args, name) <= hi:
            ap.error(f"--{name.replace('_', '-')} must be between {lo} and {hi}")
    if args.json is not None and not args.json.parent.is_dir():
        ap.error(f"--json: no folder {str(args.json.parent)!r} to write {args.json.name!r} in")
    try:
        budgets = [int(x) for x in args.iterations.split(",")]
    except ValueError:
        ap.error(f"--iterations must be whole numbers separated by commas, got {args.iterations!r}")
    if not budgets or any(not 1 <= b <= 1_000_000 for b in budgets):
        ap.error("--iterations budgets must be between 1 and 1000000")
    try:
        positions = collect(args.game, args.positions, args.options, args.seats)
    except OssuaryError as e:
        ap.error(str(e))
    if not positions:
        ap.error(f"no position of {args.game} has {args.options} options; lower --options")
    oracle_says = f"{args.oracle_visits} visits an option on {args.oracle_pool} common samples"
    print(f"{len(positions)} positions of {args.game} ({args.seats} seats); oracle: {oracle_says}")
    results: list[dict[str, Any]] = []
    with Progress(transient=True) as bar:
        task = bar.add_task("oracle", total=len(positions))
        values = []
        for i, p in enumerate(positions):
            values.append(oracle(p, args.oracle_visits, args.oracle_pool, 10_000 + i))
            bar.advance(task)
        for b in budgets:
            bar.update(task, description=f"{b} iterations", completed=0)
            loss, hits = regrets(positions, values, b, args.seeds, lambda: bar.advance(task))
            results.append(
                {
                    "iterations": b,
                    "searches": len(loss),
                    "mean_regret": statistics.fmean(loss),
                    "oracle_move": hits / len(loss),
                }
            )
    print(f"{'iterations':>10} {'searches':>8} {'mean regret':>11} {'oracle move':>11}")
    for r in results:
        print(f"{r['iterations']:>10} {r['searches']:>8} {r['mean_regret']:>11.4f} "
              f"{r['oracle_move']:>11.0%}")  # fmt: skip
    if args.json:
        out = {"game": args.game, "seats": args.seats, "results": results}
        try:
            args.json.write_text(json.dumps(out, indent=2) + "\n")
        except OSError as e:  # the table above is printed already: nothing is lost
            print(f"could not write {args.json}: {e.strerror or e}", file=sys.stderr)
            return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
