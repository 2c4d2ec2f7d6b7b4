"""Path of the Necromancer's speed, side by side with OpenSpiel's pure-Python
``python_block_dominoes`` (the same reference as ``bench_engine.py``).

    .venv/bin/python bench/bench_necromancer.py --seconds 10 --json out.json

Measures, in one run on one machine:

- uniformly random playouts at 2, 3 and 4 seats with the response window on
  (decisions/s, games/s), and how many of the decisions were window questions,
  how many of those offered nothing but "pass" (asked so that being asked
  reveals nothing, ``docs/rules-notes.md``) and how many windows the public
  check skipped without asking anyone;
- ``clone()`` of mid-game states (µs);
- what search costs: the heuristic's decisions/s and ISMCTS iterations/s.

Each engine number is also given as a ratio to the reference measured in the
same run. Speed is measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
import timeit
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from ossuary.engine import Rng
from ossuary.necromancer import NecroState, new_game
from reference import measure_reference, reference_available


def measure_playouts(seats: int, seconds: float, seed: int = 0) -> dict[str, float]:
    decisions = games = windows = pass_only = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = new_game(seats=seats, seed=seed + games)
        rng = Rng(seed + games)
        while not s.is_terminal():
            ids = s.legal_action_ids()
            pending = s.pending
            if pending is not None and pending.kind == "window":
                windows += 1
                pass_only += ids == ("pass",)
            s.apply_action(rng.choice(ids))
            decisions += 1
        games += 1
    took = time.perf_counter() - start
    return {
        "decisions_per_s": decisions / took,
        "games_per_s": games / took,
        "decisions_per_game": decisions / games,
        "window_share": windows / decisions,
        "pass_only_share": pass_only / decisions,
        "games": games,
    }


def window_skips(games: int = 20, seed: int = 500) -> dict[str, float]:
    """Of the windows opened in random games, how many asked nobody (the public
    check skipped every player) — counted on the log (an action declared with
    no window question before it resolves)."""
    opened = asked_none = 0
    for g in range(games):
        s = new_game(seats=2, seed=seed + g)
        rng = Rng(g)
        while not s.is_terminal():
            depth = len(s.rstack)
            s.apply_action(rng.choice(s.legal_action_ids()))
            if depth == 0 and s.pending is not None:
                if s.rstack:
                    opened += 1
                elif any(e["e"] == "resolve" for e in s.log[-6:]):
                    opened += 1
                    asked_none += 1
    return {"windows": opened, "asked_nobody_share": asked_none / max(1, opened)}


def mid_game_states(seats: int, count: int = 20) -> list[NecroState]:
    out = []
    for g in range(count):
        s = new_game(seats=seats, seed=1000 + g)
        rng = Rng(g)
        trail = []
        while not s.is_terminal():
            trail.append(s.clone())
            s.apply_action(rng.choice(s.legal_action_ids()))
        out.append(trail[len(trail) // 2])
    return out


def clone_us(states: list[NecroState], number: int = 500) -> float:
    total = sum(timeit.timeit(s.clone, number=number) for s in states)
    return total / (number * len(states)) * 1e6


def measure_agents(games: int, iters: int) -> dict[str, float]:
    from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, Observation, play_game

    h_time = 0.0
    h_decisions = 0
    iterations = 0
    search = 0.0

    class Timed:
        name = "heuristic"

        def __init__(self) -> None:
            self.agent = HeuristicAgent(0)

        def act(self, obs: Observation) -> str:
            nonlocal h_time, h_decisions
            t = time.perf_counter()
            aid = self.agent.act(obs)
            h_time += time.perf_counter() - t
            h_decisions += 1
            return aid

    for g in range(games):
        ismcts = ISMCTSAgent(g + 1, Budget(iterations=iters))
        agents: list[Any] = [ismcts, Timed()] if g % 2 == 0 else [Timed(), ismcts]
        play_game(new_game(seed=200 + g), agents)
        iterations += ismcts.iterations
        search += ismcts.search_seconds
    return {
        "heuristic_decisions_per_s": h_decisions / h_time,
        "ismcts_iterations_per_s": iterations / search,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--agent-games", type=int, default=2)
    parser.add_argument("--iters", type=int, default=200, help="ISMCTS iterations a decision")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.table import Table

    new_game()  # load the cards before timing
    results: dict[str, Any] = {}
    if reference_available():
        results["reference"] = measure_reference(args.seconds)
    else:
        print("open_spiel is not installed: `pip install open_spiel` for the reference column")
    for seats in (2, 3, 4):
        r = measure_playouts(seats, args.seconds)
        r["clone_us"] = clone_us(mid_game_states(seats))
        results[f"necromancer_{seats}p"] = r
    if reference_available():  # the reference again, to see how the load moved
        results["reference_after"] = measure_reference(args.seconds)
    results["windows"] = window_skips()
    if args.agent_games:
        results["agents"] = measure_agents(args.agent_games, args.iters)
    ref = results.get("reference")
    table = Table(title="Random playouts, response window on (higher is better); clone (lower)")
    for col in ("engine", "decisions/s", "games/s", "window Qs", "pass-only Qs", "clone µs",
                "decisions ×ref", "clone ÷ref"):  # fmt: skip
        table.add_column(col, justify="right")
    for name, r in results.items():
        if "decisions_per_s" not in r:
            continue
        table.add_row(
            name,
            f"{r['decisions_per_s']:,.0f}",
            f"{r['games_per_s']:,.1f}",
            f"{r['window_share']:.0%}" if "window_share" in r else "",
            f"{r['pass_only_share']:.0%}" if "pass_only_share" in r else "",
            f"{r['clone_us']:.1f}",
            f"{r['decisions_per_s'] / ref['decisions_per_s']:.2f}" if ref else "-",
            f"{ref['clone_us'] / r['clone_us']:.1f}× faster" if ref else "-",
        )
    Console().print(table)
    print(json.dumps({k: v for k, v in results.items() if k in ("windows", "agents")}, indent=1))
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
