"""Diabolicards speed: random playouts and clone against OpenSpiel's reference,
and how fast the agents think in this game.

    python bench/bench_diabolicards.py --seconds 5 --json out.json

Playouts (decisions/s, games/s, 1v1 and 2v2) and the clone of a mid-game
state are measured as in ``bench_engine.py`` and reported as ratios to the
reference (``python_block_dominoes``) measured in the same run. The agents'
rates use CPU time (``time.process_time``), so a machine shared with other
work still gives comparable numbers: ISMCTS iterations per CPU second at a
fixed iteration budget, and heuristic decisions per CPU second. Speed is
measured here, never asserted in tests.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_engine import clone_us, measure_game, mid_game_states
from ossuary import games as registry
from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, Observation, play_game
from reference import measure_reference, reference_available


class Timed:
    """Wraps an agent; counts its decisions and the CPU time they took."""

    def __init__(self, agent: Any) -> None:
        self.agent = agent
        self.name = agent.name
        self.decisions = 0
        self.cpu = 0.0

    def act(self, obs: Observation) -> str:
        start = time.process_time()
        aid: str = self.agent.act(obs)
        self.cpu += time.process_time() - start
        self.decisions += 1
        return aid


def measure_agents(games: int, iters: int) -> dict[str, float]:
    """ISMCTS (``iters`` a decision) against the heuristic, 1v1."""
    game = registry.get("diabolicards")
    search = heur = 0.0
    iterations = searches = decisions = 0
    for g in range(games):
        ismcts = Timed(ISMCTSAgent(g, Budget(iterations=iters)))
        heuristic = Timed(HeuristicAgent(g + 100))
        seats = [ismcts, heuristic] if g % 2 == 0 else [heuristic, ismcts]
        play_game(game.new_game(seats=2, seed=g), seats)
        search += ismcts.cpu
        iterations += ismcts.agent.iterations
        searches += ismcts.agent.searches
        heur += heuristic.cpu
        decisions += heuristic.decisions
    return {
        "ismcts_iterations_per_cpu_s": iterations / max(search, 1e-9),
        "ismcts_iterations_per_search": iterations / max(searches, 1),
        "heuristic_decisions_per_cpu_s": decisions / max(heur, 1e-9),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", type=int, default=2, help="agent games (ISMCTS vs heuristic)")
    parser.add_argument("--iters", type=int, default=500, help="ISMCTS iterations a decision")
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.table import Table

    game = registry.get("diabolicards")
    results: dict[str, Any] = {}
    if reference_available():
        results["reference"] = measure_reference(args.seconds)
    else:
        print("open_spiel is not installed: `pip install open_spiel` for the reference column")
    for mode, seats in game.modes.items():
        r = measure_game(game, seats, args.seconds)
        r["clone_us"] = clone_us(mid_game_states(game, seats))
        results[f"diabolicards_{mode}"] = r
    ref = results.get("reference")
    table = Table(title="Random playouts (higher is better) and clone time (lower is better)")
    for col in ("engine", "decisions/s", "games/s", "clone µs", "decisions ×ref", "clone ÷ref"):
        table.add_column(col, justify="right")
    for name, r in results.items():
        table.add_row(
            name,
            f"{r['decisions_per_s']:,.0f}",
            f"{r['games_per_s']:,.1f}",
            f"{r['clone_us']:.1f}",
            f"{r['decisions_per_s'] / ref['decisions_per_s']:.2f}" if ref else "-",
            f"{ref['clone_us'] / r['clone_us']:.1f}× faster" if ref else "-",
        )
    Console().print(table)
    if args.games > 0:
        agents = measure_agents(args.games, args.iters)
        results["agents"] = agents
        for key, value in agents.items():
            print(f"{key}: {value:,.0f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
