"""How often ISMCTS picks the same move on the same position with other seeds.

    python bench/stability.py --game diabolicards --positions 16 --seeds 5 \\
        --iterations 3000 --common 0,64

Collects ``--positions`` positions from games of the heuristic against itself
(every twelfth decision that has at least ``--options`` options), then, for
each setting of ``--common`` (ISMCTS's pool of common samples; 0: a fresh
sample every iteration), runs ``--seeds`` searches of ``--iterations``
iterations from each position and reports the modal move's share: 1.0 when
every seed agrees on every position, 1/seeds when they never do.

A search whose choice depends less on its seed is less at the mercy of its
noise, at equal cost. It is a proxy, not a strength: the arena measures that
(docs/ai.md, "What was tried for Diabolicards": common samples, 2026-11-24,
bbb02ac). Nothing here is asserted; it is a measurement.
"""

from __future__ import annotations

import argparse
import collections

from rich.progress import Progress

from ossuary import games
from ossuary.agents import Budget, HeuristicAgent, ISMCTSAgent, Observation
from ossuary.engine.core import GameState
from ossuary.engine.errors import OssuaryError

EVERY = 12  # take every twelfth decision that has enough options
FIRST_SEED = 100  # the games the positions come from


def collect(game: str, count: int, options: int, seats: int = 2) -> list[GameState]:
    """``count`` positions of heuristic self-play with at least ``options``
    options, in games of ``seats`` seats."""
    found: list[GameState] = []
    g = 0
    while len(found) < count and g < 10 * count:
        s = games.get(game).new_game(seats=seats, seed=FIRST_SEED + g)
        agents = [HeuristicAgent(seats * g + i) for i in range(seats)]
        n = 0
        while not s.is_terminal() and len(found) < count:
            seat = s.current_player()
            assert seat is not None
            obs = Observation.of(s, seat)
            if len(obs.legal) >= options and n % EVERY == 3:
                found.append(s.clone())
            n += 1
            s.apply_action(agents[seat].act(obs))
        g += 1
    return found


def modal_share(
    positions: list[GameState], seeds: int, iterations: int, common: int, bar: Progress
) -> float:
    task = bar.add_task(f"pool {common}", total=len(positions) * seeds)
    agree = 0
    for p in positions:
        seat = p.current_player()
        assert seat is not None
        picks = []
        for seed in range(seeds):
            agent = ISMCTSAgent(seed, Budget(iterations=iterations), common_samples=common)
            picks.append(agent.act(Observation.of(p, seat)))
            bar.advance(task)
        agree += collections.Counter(picks).most_common(1)[0][1]
    return agree / (len(positions) * seeds)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--game", default="diabolicards")
    ap.add_argument("--positions", type=int, default=16)
    ap.add_argument("--seeds", type=int, default=5)
    ap.add_argument("--iterations", type=int, default=3000)
    ap.add_argument("--options", type=int, default=8)
    ap.add_argument("--common", default="0,64", help="pool sizes to compare, comma-separated")
    args = ap.parse_args()
    for name, lo, hi in (
        ("--positions", 1, 1000),
        ("--seeds", 2, 100),
        ("--iterations", 1, 1_000_000),
        ("--options", 2, 1000),
    ):
        value = getattr(args, name[2:])
        if not lo <= value <= hi:
            ap.error(f"{name} must be between {lo} and {hi}")
    try:
        pools = [int(x) for x in args.common.split(",")]
    except ValueError:
        ap.error(f"--common must be whole numbers separated by commas, got {args.common!r}")
    if any(not 0 <= x <= 10_000 for x in pools):
        ap.error("--common pool sizes must be between 0 and 10000")
    try:
        positions = collect(args.game, args.positions, args.options)
    except OssuaryError as e:
        ap.error(str(e))
    if not positions:
        ap.error(f"no position of {args.game} has {args.options} options; lower --options")
    print(f"{len(positions)} positions of {args.game}, {args.seeds} seeds each, "
          f"{args.iterations} iterations a search")  # fmt: skip
    with Progress(transient=True) as bar:
        shares = {c: modal_share(positions, args.seeds, args.iterations, c, bar) for c in pools}
    for common, share in shares.items():
        label = "fresh samples" if common == 0 else f"a pool of {common} common samples"
        print(f"{label:>32}: the modal move's share {share:.2f}")


if __name__ == "__main__":
    main()
