"""Fit Diabolicards' late-game evaluation for ISMCTS in 1v1 (``ai/late.toml``).

    python bench/fit_late_diabolicards.py --games 4000 --seed 40000 \
        --test-games 1500 --test-seed 50000 --out late.toml

Plays ``--games`` 1v1 games of the heuristic against itself (on every core)
and keeps every turn where the cards still to come (deck and hands) are in
``--range`` (default 10 to 30). For each it records side 0's lead in the
evaluation's points (``evaluate.side_value``), whose turn it is, the cards
to come and where each card lies (see ``ossuary.diabolicards.late``), then
who won. Each turn is also recorded with the sides swapped (so the fit
treats both sides alike), and a logistic regression with an L2 penalty
(``--c``, as scikit-learn's ``C``: the log loss is summed and weighted by
``C``, the weights' squares halved; the intercept is not penalized) is
fitted by Newton's method. It reports the test games' log loss of the fit
against the evaluation's own logistic, and writes the model with ``--out``.

Needs numpy (``pip install -e '.[rl]'``). Nothing here is asserted; it is a
measurement (docs/ai.md, "What was tried for Diabolicards": the late-game
model, 2026-11-24, b5711ee).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from ossuary import diabolicards
from ossuary.agents import HeuristicAgent, Observation
from ossuary.diabolicards import evaluate, late
from ossuary.diabolicards.queries import power_map, scores
from ossuary.diabolicards.state import DiaboState

N_PLACES = len(late.PLACES)
# a turn: cards to come, side 0's lead, side 0 to move, side 0's result, [(card, place)]
Turn = tuple[int, float, bool, float, list[tuple[int, int]]]


def places(s: DiaboState) -> list[tuple[int, int]]:
    """(card, index in late.PLACES) for every card that lies somewhere weighed,
    as :meth:`late.LateEval.logit` reads them."""
    out = [(c, h) for h, hand in enumerate(s.hands) for c in hand]
    out += [(c, 2 + p // 9) for c, p in enumerate(s.place) if p >= 0]
    out += [(c, 4) for c in s.dead]
    return out


def record(args: tuple[int, int, int, int]) -> list[Turn]:
    """Heuristic self-play turns of ``games`` games from ``seed`` in [lo, hi)."""
    games, seed, lo, hi = args
    turns: list[Turn] = []
    for g in range(games):
        s = diabolicards.new_game(seats=2, seed=seed + g)
        agents = [HeuristicAgent(seed + 2 * g + i) for i in range(2)]
        mine: list[tuple[int, float, bool, list[tuple[int, int]]]] = []
        while not s.is_terminal():
            seat = s.current_player()
            assert seat is not None
            pending = s.decision()
            left = evaluate.cards_to_come(s)
            if pending is not None and pending.kind == "turn" and lo <= left < hi:
                pm = power_map(s)
                totals = scores(s, pm)
                lead = evaluate.side_value(s, 0, totals, pm) - evaluate.side_value(s, 1, totals, pm)
                mine.append((left, lead, seat == 0, places(s)))
            s.apply_action(agents[seat].act(Observation.of(s, seat)))
        result = 0.5 if s.winner is None else float(s.winner == 0)
        turns += [(left, lead, first, result, where) for left, lead, first, where in mine]
    return turns


def record_all(games: int, seed: int, lo: int, hi: int, workers: int) -> list[Turn]:
    chunk = max(1, -(-games // workers))
    jobs = [(min(chunk, games - i), seed + i, lo, hi) for i in range(0, games, chunk)]
    if workers == 1:
        return [t for job in jobs for t in record(job)]
    with ProcessPoolExecutor(workers) as pool:
        return [t for part in pool.map(record, jobs) for t in part]


def matrix(turns: list[Turn], n: int, swap: bool):  # type: ignore[no-untyped-def]
    """Features (intercept, lead/width, turn, left/30, card places), results
    and weights; with ``swap``, every turn also as seen with the sides swapped.
    A tie counts as half a win and half a loss."""
    import numpy as np

    flip_place = (1, 0, 3, 2, 4)
    rows, ys, ws = [], [], []
    for left, lead, first, result, where in turns:
        for flip in (False, True) if swap else (False,):
            x = np.zeros(4 + N_PLACES * n)
            x[0] = 1.0
            x[1] = (-lead if flip else lead) / evaluate.scale_for(left, 2)
            x[2] = 1.0 if first != flip else -1.0
            x[3] = left / 30
            for c, p in where:
                x[4 + (flip_place[p] if flip else p) * n + c] = 1.0
            r = 1.0 - result if flip else result
            for y, w in ((1.0, r), (0.0, 1.0 - r)):
                if w > 0:
                    rows.append(x)
                    ys.append(y)
                    ws.append(w)
    return np.array(rows), np.array(ys), np.array(ws)


def fit(x, y, w, c: float):  # type: ignore[no-untyped-def]
    """L2-penalized logistic regression (intercept free) by Newton's method."""
    import numpy as np

    beta = np.zeros(x.shape[1])
    penalty = np.full(x.shape[1], 1.0 / c)
    penalty[0] = 0.0
    for _ in range(100):
        p = 1.0 / (1.0 + np.exp(-np.clip(x @ beta, -50, 50)))
        grad = x.T @ (w * (p - y)) + penalty * beta
        hess = (x * (w * p * (1 - p))[:, None]).T @ x + np.diag(penalty + 1e-9)
        step = np.linalg.solve(hess, grad)
        beta -= step
        if float(np.abs(step).max()) < 1e-10:
            break
    return beta


def log_loss(p, y, w) -> float:  # type: ignore[no-untyped-def]
    import numpy as np

    p = np.clip(p, 1e-12, 1 - 1e-12)
    return float(-(w * (y * np.log(p) + (1 - y) * np.log(1 - p))).sum() / w.sum())


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400, help="training games (1-20000)")
    ap.add_argument("--seed", type=int, default=40000)
    ap.add_argument("--test-games", type=int, default=100, help="test games (1-20000)")
    ap.add_argument("--test-seed", type=int, default=50000)
    ap.add_argument("--range", type=int, nargs=2, default=(10, 30), metavar=("LOW", "HIGH"))
    ap.add_argument("--c", type=float, default=0.1, help="inverse penalty, as scikit-learn's C")
    ap.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--out", type=Path, help="write the fitted model here (TOML)")
    args = ap.parse_args(argv)
    lo, hi = args.range
    if not (1 <= args.games <= 20_000 and 1 <= args.test_games <= 20_000):
        ap.error("--games and --test-games must be between 1 and 20000")
    if not 0 <= lo < hi <= 1000:
        ap.error("--range must be LOW HIGH with 0 <= LOW < HIGH <= 1000")
    if not (args.c > 0 and math.isfinite(args.c)):
        ap.error("--c must be a positive number")
    if not 1 <= args.workers <= 64:
        ap.error("--workers must be between 1 and 64")
    try:
        import numpy as np
    except ImportError:
        sys.exit("this tool needs numpy: pip install -e '.[rl]'")
    names = tuple(d.name for d in diabolicards.new_game(seats=2, seed=0).defs)
    n = len(names)
    train = record_all(args.games, args.seed, lo, hi, args.workers)
    test = record_all(args.test_games, args.test_seed, lo, hi, args.workers)
    if not train or not test:
        sys.exit("no turns in that range: play more games or widen --range")
    beta = fit(*matrix(train, n, swap=True), args.c)
    xt, yt, wt = matrix(test, n, swap=False)
    fitted = 1.0 / (1.0 + np.exp(-np.clip(xt @ beta, -50, 50)))
    base = 1.0 / (1.0 + np.exp(-np.clip(xt[:, 1], -50, 50)))
    print(f"{len(train)} training turns, {len(test)} test turns, {lo} to {hi} cards to come")
    print(
        f"test log loss: the evaluation {log_loss(base, yt, wt):.4f}, "
        f"the fit {log_loss(fitted, yt, wt):.4f}"
    )
    if args.out is not None:
        model = late.LateEval(
            lo,
            hi,
            dict(zip(late.CONSTANTS, (float(v) for v in beta[:4]), strict=True)),
            {
                name: tuple(float(beta[4 + p * n + i]) for p in range(N_PLACES))  # type: ignore[misc]
                for i, name in enumerate(names)
            },
        )
        try:
            args.out.write_text(late.dumps(model), encoding="utf-8")
        except OSError as e:
            sys.exit(f"cannot write {args.out}: {e.strerror}")
        print(f"model written to {args.out}")


if __name__ == "__main__":
    main()
