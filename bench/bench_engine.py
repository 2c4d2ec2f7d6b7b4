"""Engine speed, side by side with OpenSpiel's pure-Python ``python_block_dominoes``.

    make bench            # installs open_spiel into .venv, then runs this for every game
    python bench/bench_engine.py --game hecatomb --seconds 5 --json out.json

Measures uniformly random playouts (decisions/s, games/s) at each seat count
the game allows (up to 4) and the time to clone a mid-game state, and reports
each as a ratio to the reference measured in the same run on the same machine.
Speed is measured here, never asserted in tests.
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

from ossuary import games as registry
from ossuary.engine import GameState, Rng
from ossuary.engine.game import Game
from reference import measure_reference, reference_available


def measure_game(game: Game, seats: int, seconds: float, seed: int = 0) -> dict[str, float]:
    decisions = games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        s = game.new_game(seats=seats, seed=seed + games)
        rng = Rng(seed + games)
        while not s.is_terminal():
            s.apply_action(rng.choice(s.legal_action_ids()))
            decisions += 1
        games += 1
    took = time.perf_counter() - start
    return {"decisions_per_s": decisions / took, "games_per_s": games / took, "games": games}


def mid_game_states(game: Game, seats: int, count: int = 20) -> list[GameState]:
    out = []
    for g in range(count):
        s = game.new_game(seats=seats, seed=1000 + g)
        rng = Rng(g)
        trail = []
        while not s.is_terminal():
            trail.append(s.clone())
            s.apply_action(rng.choice(s.legal_action_ids()))
        out.append(trail[len(trail) // 2])
    return out


def clone_us(states: list[GameState], number: int = 500) -> float:
    total = sum(timeit.timeit(s.clone, number=number) for s in states)
    return total / (number * len(states)) * 1e6


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument(
        "--game", action="append", help="a game to measure (repeat; default: every game)"
    )
    parser.add_argument("--json", type=Path, help="also write the results here")
    args = parser.parse_args(argv)
    from rich.console import Console
    from rich.table import Table

    results: dict[str, Any] = {}
    if reference_available():
        results["reference"] = measure_reference(args.seconds)
    else:
        print("open_spiel is not installed: `pip install open_spiel` for the reference column")
    for name in args.game or registry.names():
        game = registry.get(name)
        for seats in [n for n in game.seat_counts if n <= 4]:
            r = measure_game(game, seats, args.seconds)
            r["clone_us"] = clone_us(mid_game_states(game, seats))
            results[f"{game.name}_{seats}p"] = r
    ref = results.get("reference")
    table = Table(title="Random playouts (higher is better) and clone time (lower is better)")
    for col in ("engine", "decisions/s", "games/s", "clone µs", "decisions ×ref", "clone ÷ref"):
        table.add_column(col, justify="right")
    for name, r in results.items():
        ratio_d = f"{r['decisions_per_s'] / ref['decisions_per_s']:.2f}" if ref else "-"
        ratio_c = f"{ref['clone_us'] / r['clone_us']:.1f}× faster" if ref else "-"
        table.add_row(
            name,
            f"{r['decisions_per_s']:,.0f}",
            f"{r['games_per_s']:,.1f}",
            f"{r['clone_us']:.1f}",
            ratio_d,
            ratio_c,
        )
    Console().print(table)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
