"""How fast the guided search thinks beside plain ISMCTS: iterations per CPU-second.

    python bench/bench_guided.py --seconds 5 --repeats 3
    python bench/bench_guided.py --game hecatomb --seats 2 --json out.json

At equal time the guided search plays fewer iterations than ISMCTS (each asks
the policy for priors and the value head for a leaf's worth, where ISMCTS plays
a cheap rollout), so its speed beside ISMCTS's decides how the two compare at
a level's time (docs/ai.md, "The guided search"). Each contender searches a
fixed number of iterations a decision (``--iters``, the same work on every
machine) in one seat of whole games against the heuristic, on the same deals
(the game's seed), until it has spent ``--seconds`` of CPU time searching. The
two are alternated within every repeat, seconds apart, so both see the same
machine load; min and median over the repeats, and guided's rate as a share of
ISMCTS's, the ratio of the medians.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import sys
import time
from typing import Any

from bench_builds import commit, search_rate
from ossuary import games
from ossuary.agents import Budget, ISMCTSAgent
from ossuary.agents.guided import GuidedAgent
from ossuary.agents.learned import shipped_policy_path


def rate(kind: str, game: str, seats: int, iters: int, seconds: float) -> float:
    """Iterations per CPU-second of ``kind`` (``ismcts`` or ``guided``) searching
    ``iters`` iterations a decision in one seat against the heuristic."""

    def make(g: int) -> Any:
        budget = Budget(iterations=iters)
        return GuidedAgent(g + 1, budget) if kind == "guided" else ISMCTSAgent(g + 1, budget)

    return search_rate(make, game, seats, seconds)


def main(argv: list[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", help="one game (default: every game)")
    parser.add_argument("--seats", type=int, default=2)
    parser.add_argument("--iters", type=int, default=200, help="iterations a decision")
    parser.add_argument("--seconds", type=float, default=5.0, help="CPU seconds a contender")
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--json", help="write the results to this file")
    args = parser.parse_args(argv)
    if not 1 <= args.repeats <= 100 or not 1 <= args.iters <= 100_000:
        parser.error("--repeats must be 1 to 100, --iters 1 to 100,000")
    if not 0 < args.seconds <= 3600:  # also refuses nan and inf
        parser.error("--seconds must be above 0 and at most 3600")
    names = [args.game] if args.game else list(games.names())
    for name in names:
        if name not in games.names():
            parser.error(f"--game: no game {name!r}; the games are {', '.join(games.names())}")
        if args.seats not in games.get(name).seat_counts:
            parser.error(f"--seats: {games.get(name).title} is played by "
                         f"{', '.join(map(str, games.get(name).seat_counts))}")  # fmt: skip
    measured = commit()  # before the run: a commit made meanwhile was not measured
    from ossuary import __version__, compiled

    results: dict[str, Any] = {
        "machine": platform.platform(),
        "python": sys.version.split()[0],
        "ossuary": __version__,
        "build": compiled.describe(),
        "commit": measured,
        "date": time.strftime("%Y-%m-%d"),
        "seats": args.seats,
        "iters": args.iters,
        "seconds": args.seconds,
        "repeats": args.repeats,
        "games": {},
    }
    print(f"{results['build']}, {args.iters} iterations a decision, {args.seats} seats")
    for name in names:
        guided = "guided" if shipped_policy_path(name, args.seats) else "guided (no policy)"
        runs: dict[str, list[float]] = {"ismcts": [], "guided": []}
        for _ in range(args.repeats):
            for kind in runs:  # alternated within each repeat
                runs[kind].append(rate(kind, name, args.seats, args.iters, args.seconds))
        row: dict[str, Any] = {
            k: {"min": min(v), "median": statistics.median(v), "runs": v} for k, v in runs.items()
        }
        share = row["guided"]["median"] / row["ismcts"]["median"]
        row["guided / ismcts"] = share
        results["games"][name] = row
        rates = f"ismcts {row['ismcts']['median']:8.0f}  {guided} {row['guided']['median']:8.0f}"
        print(f"{name:13s} {rates} iterations/CPU-s  guided ÷ ismcts {share:.2f}")
    if args.json:
        with open(args.json, "w") as fh:
            json.dump(results, fh, indent=2)
    return results


if __name__ == "__main__":
    main()
