"""How well Diabolicards' evaluation predicts the winner, and at what width.

    python bench/calibrate_diabolicards.py --games 150 --seed 1000

Plays ``--games`` 1v1 games of the heuristic against itself and records, at
every turn, the lead of side 0 in the evaluation's points of power
(``side_value``) with the number of cards still to come (deck and hands),
then the game's result. It reports, by how many cards are left:

- the logistic width (points of lead for 73%) that predicts the results best
  (lowest log loss), and how often the leader went on to win;
- the log loss over every turn of a fixed width against the width
  ``evaluate.scale_for(cards left)`` that the evaluation uses.

The fit is what ``evaluate.scale_for`` is built on (docs/ai.md, "Fifth session").
Nothing here is asserted; it is a measurement.
"""

from __future__ import annotations

import argparse
import math

from ossuary import diabolicards
from ossuary.agents import HeuristicAgent, Observation
from ossuary.diabolicards import evaluate
from ossuary.diabolicards.queries import power_map, scores
from ossuary.engine.errors import SetupError

Row = tuple[int, float, float]  # cards left, side 0's lead, side 0's result
WIDTHS = (1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25, 30, 40, 60, 80)
BINS = ((0, 10), (10, 20), (20, 30), (30, 45), (45, 60), (60, 100))


def record(games: int, seed: int) -> list[Row]:
    rows: list[Row] = []
    for g in range(games):
        s = diabolicards.new_game(seats=2, seed=seed + g)
        agents = [HeuristicAgent(seed + 2 * g), HeuristicAgent(seed + 2 * g + 1)]
        turns: list[tuple[int, float]] = []
        while not s.is_terminal():
            seat = s.current_player()
            assert seat is not None
            pending = s.decision()
            if pending is not None and pending.kind == "turn":
                pm = power_map(s)
                totals = scores(s, pm)
                lead = evaluate.side_value(s, 0, totals, pm) - evaluate.side_value(s, 1, totals, pm)
                turns.append((evaluate.cards_to_come(s), lead))
            s.apply_action(agents[seat].act(Observation.of(s, seat)))
        result = 0.5 if s.winner is None else float(s.winner == 0)
        rows += [(left, lead, result) for left, lead in turns]
        print(f"\rgame {g + 1}/{games}", end="", flush=True)
    print()
    return rows


def log_loss(rows: list[Row], width: float | None) -> float:
    """Mean log loss of the logistic of lead/width (None: the dynamic width)."""
    total = 0.0
    for left, lead, result in rows:
        w = width if width is not None else evaluate.scale_for(left)
        p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / w))))
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        total -= result * math.log(p) + (1.0 - result) * math.log(1.0 - p)
    return total / max(len(rows), 1)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    args = ap.parse_args()
    if not 1 <= args.games <= 10_000:
        ap.error("--games must be between 1 and 10000")
    try:
        rows = record(args.games, args.seed)
    except SetupError as e:
        ap.error(str(e))
    print(f"{len(rows)} turns of {args.games} games")
    print(f"{'cards left':>10} {'turns':>6} {'best width':>10} {'leader won':>10}")
    for lo, hi in BINS:
        part = [r for r in rows if lo <= r[0] < hi]
        if not part:
            continue
        best = min(WIDTHS, key=lambda w: log_loss(part, w))
        won = sum((lead > 0) == (result > 0.5) for _, lead, result in part if lead != 0)
        print(f"{lo:>4}-{hi - 1:<5} {len(part):>6} {best:>10} {won / len(part):>10.0%}")
    print(f"log loss, fixed width 2: {log_loss(rows, 2.0):.3f}")
    print(
        f"log loss, width max({evaluate.SCALE_MIN:g}, {evaluate.SCALE_PER_CARD:g} x cards left): "
        f"{log_loss(rows, None):.3f}"
    )
    print(f"log loss of a coin: {math.log(2):.3f}")


if __name__ == "__main__":
    main()
