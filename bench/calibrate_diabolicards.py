"""How well Diabolicards' evaluation predicts the winner: its width, and its weights.

    python bench/calibrate_diabolicards.py --games 150 --seed 1000
    python bench/calibrate_diabolicards.py --games 4000 --seed 10000 --weights

Plays ``--games`` games of the heuristic against itself (1v1, or 2v2 with
``--mode 2v2``) and records, at every turn, the lead of side 0 in the evaluation's points of power
(``side_value``) with the number of cards still to come (deck and hands),
then the game's result. It reports, by how many cards are left:

- the logistic width (points of lead for 73%) that predicts the results best
  (lowest log loss), and how often the leader went on to win;
- the log loss over every turn of a fixed width against the width
  ``evaluate.scale_for(cards left)`` that the evaluation uses.

With ``--weights`` (needs numpy: ``pip install -e '.[rl]'``) it also splits
each side's value into its terms (score, Borrowed Time's loss, activated
Diabolicals, open boost and hinder picks, hand cards there is room for, and
two terms the evaluation leaves out: hand cards beyond the room, and the room
itself) and fits the weight of every term by logistic regression at the
evaluation's width, to show how far the hand-set weights are from the ones
that predict the results best. Fit on thousands of games: a few
hundred turns let rare terms take any weight.

The fit is what ``evaluate.scale_for`` is built on (docs/ai.md, "What was
tried for Diabolicards": the width, 2026-11-23, 3517a58; the weights,
2026-11-24, ed1bb3f). Nothing here is asserted; it is a measurement.
"""

from __future__ import annotations

import argparse
import math

from ossuary import diabolicards
from ossuary.agents import HeuristicAgent, Observation
from ossuary.diabolicards import evaluate
from ossuary.diabolicards.queries import free_slots, power_map, scores
from ossuary.diabolicards.state import DiaboState, at
from ossuary.engine.errors import SetupError

# cards left, side 0's lead, side 0's result, side 0's terms less side 1's
Row = tuple[int, float, float, list[float]]
WIDTHS = (1, 2, 3, 4, 6, 8, 10, 12, 15, 20, 25, 30, 40, 60, 80)
BINS = ((0, 10), (10, 20), (20, 30), (30, 45), (45, 60), (60, 100))
TERMS = (
    "score",
    "borrowed time",
    "activated",
    "open boosts",
    "open hinders",
    "hand",
    "hand beyond room",
    "room",
)
# the evaluation's weight for each term (evaluate.side_value), 0 for those it leaves out
WEIGHTS = (
    1.0,
    -1.0,
    evaluate.SAFE,
    evaluate.OPEN_PICK,
    -evaluate.OPEN_PICK / 2,
    evaluate.HAND,
    0.0,
    0.0,
)


def terms(s: DiaboState, side: int, totals: list[int], pm: dict[int, int]) -> list[float]:
    """``side_value``'s terms for ``side``, unweighted, plus the two it leaves out."""
    room = sum(free_slots(s, side, z) for z in range(3))
    active = [s.act[side][z] for z in range(3) if s.act[side][z] >= 0]
    helps = hurts = 0
    for source, idx, left in s.opens:
        if s.place[source] >= 0 and at(s.place[source])[0] == side:
            ab = s.defs[source].ability
            assert ab is not None
            e = ab.effects[idx]
            if (e.get("value") == 8) == (e.get("side") == "yours"):
                helps += left
            else:
                hurts += left
    powers = sorted(
        (s.defs[c].power for seat in range(side, s.n, 2) for c in s.hands[seat]), reverse=True
    )
    return [
        totals[side],
        evaluate.doomed_by_the_deck(s, side),
        sum(pm.get(a, s.defs[a].power) for a in active),
        helps,
        hurts,
        sum(powers[:room]),
        sum(powers[room:]),
        room,
    ]


def record(games: int, seed: int, seats: int = 2) -> list[Row]:
    rows: list[Row] = []
    for g in range(games):
        s = diabolicards.new_game(seats=seats, seed=seed + g)
        agents = [HeuristicAgent(seed + seats * g + i) for i in range(seats)]
        turns: list[tuple[int, float, list[float]]] = []
        while not s.is_terminal():
            seat = s.current_player()
            assert seat is not None
            pending = s.decision()
            if pending is not None and pending.kind == "turn":
                pm = power_map(s)
                totals = scores(s, pm)
                lead = evaluate.side_value(s, 0, totals, pm) - evaluate.side_value(s, 1, totals, pm)
                diff = [
                    a - b
                    for a, b in zip(terms(s, 0, totals, pm), terms(s, 1, totals, pm), strict=True)
                ]
                if abs(sum(w * x for w, x in zip(WEIGHTS, diff, strict=True)) - lead) > 1e-6:
                    # the fit would be of something other than the evaluation
                    raise SystemExit("terms() no longer adds up to evaluate.side_value: update it")
                turns.append((evaluate.cards_to_come(s), lead, diff))
            s.apply_action(agents[seat].act(Observation.of(s, seat)))
        result = 0.5 if s.winner is None else float(s.winner == 0)
        rows += [(left, lead, result, diff) for left, lead, diff in turns]
        print(f"\rgame {g + 1}/{games}", end="", flush=True)
    print()
    return rows


def log_loss(rows: list[Row], width: float | None, seats: int = 2) -> float:
    """Mean log loss of the logistic of lead/width (None: the evaluation's
    width for games of ``seats`` seats)."""
    total = 0.0
    for left, lead, result, _ in rows:
        w = width if width is not None else evaluate.scale_for(left, seats)
        p = 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, lead / w))))
        p = min(max(p, 1e-9), 1.0 - 1e-9)
        total -= result * math.log(p) + (1.0 - result) * math.log(1.0 - p)
    return total / max(len(rows), 1)


def fit_weights(rows: list[Row], seats: int = 2) -> tuple[list[float], float]:
    """The weights of TERMS that predict the results best at the evaluation's
    width (logistic regression without intercept, by Newton's method), and
    their log loss."""
    import numpy as np

    x = np.array([[t / evaluate.scale_for(left, seats) for t in diff] for left, _, _, diff in rows])
    y = np.array([result for _, _, result, _ in rows])
    w = np.array(WEIGHTS)
    ridge = 1e-6 * np.eye(len(WEIGHTS))  # a term that never varies must not make it singular
    for _ in range(50):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ w, -50, 50)))
        grad = x.T @ (p - y)
        hess = (x * (p * (1 - p))[:, None]).T @ x + ridge
        step = np.linalg.solve(hess, grad)
        w = w - step
        if float(np.abs(step).max()) < 1e-9:
            break
    p = np.clip(1.0 / (1.0 + np.exp(-np.clip(x @ w, -50, 50))), 1e-9, 1 - 1e-9)
    loss = float(-(y * np.log(p) + (1 - y) * np.log(1 - p)).mean())
    return [float(v) for v in w], loss


def report_weights(rows: list[Row], seats: int) -> None:
    try:
        fitted, loss = fit_weights(rows, seats)
    except ModuleNotFoundError:
        print("--weights needs numpy: pip install -e '.[rl]'")
        return
    print(f"{'term':>18} {'evaluation':>10} {'best fit':>10}")
    for name, now, best in zip(TERMS, WEIGHTS, fitted, strict=True):
        print(f"{name:>18} {now:>10.2f} {best:>10.2f}")
    print(f"log loss, the evaluation's weights: {log_loss(rows, None, seats):.4f}")
    print(f"log loss, the best-fit weights:     {loss:.4f}")


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150)
    ap.add_argument("--seed", type=int, default=1000)
    ap.add_argument("--mode", choices=("1v1", "2v2"), default="1v1", help="seats per game")
    ap.add_argument(
        "--weights",
        action="store_true",
        help="also fit each term's weight (needs numpy; use thousands of games)",
    )
    args = ap.parse_args(argv)
    seats = 4 if args.mode == "2v2" else 2
    if not 1 <= args.games <= 10_000:
        ap.error("--games must be between 1 and 10000")
    try:
        rows = record(args.games, args.seed, seats)
    except SetupError as e:
        ap.error(str(e))
    print(f"{len(rows)} turns of {args.games} games")
    print(f"{'cards left':>10} {'turns':>6} {'best width':>10} {'leader won':>10}")
    for lo, hi in BINS:
        part = [r for r in rows if lo <= r[0] < hi]
        if not part:
            continue
        best = min(WIDTHS, key=lambda w: log_loss(part, w))
        won = sum((lead > 0) == (result > 0.5) for _, lead, result, _ in part if lead != 0)
        print(f"{lo:>4}-{hi - 1:<5} {len(part):>6} {best:>10} {won / len(part):>10.0%}")
    print(f"log loss, fixed width 2: {log_loss(rows, 2.0):.3f}")
    per_card = evaluate.SCALE_PER_CARD[seats]
    print(
        f"log loss, width max({evaluate.SCALE_MIN:g}, {per_card:g} x cards left): "
        f"{log_loss(rows, None, seats):.3f}"
    )
    print(f"log loss of a coin: {math.log(2):.3f}")
    if args.weights:
        report_weights(rows, seats)


if __name__ == "__main__":
    main()
