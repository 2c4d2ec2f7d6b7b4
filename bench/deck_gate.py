"""Do Hecatomb's preconstructed decks beat plain decks? The gate of docs/balance.md.

    python bench/deck_gate.py decks --out plain/        # the plain decks as deck files
    python bench/deck_gate.py run --agent heuristic --games 200 --random-games 8 \\
        --seed 700001 --out runs/gate-heuristic --workers 1
    python bench/deck_gate.py run --agent learned --games 100 --random-games 4 \\
        --seed 700001 --out runs/gate-learned --workers 1

A new player's first deck should not be the weak side of the table, so each
preconstructed deck plays the decks a newcomer builds without thinking:

- **first 14**: the first fourteen minions of one doom in catalogue order,
  three of each (one deck per doom; the corruption one is the deck of issue 35);
- **curve**: the minions of a pair of dooms on a plain mana curve, three of
  each of 3 one-drops, 5 two-drops, 4 three-drops and 2 of cost four or more
  (the cheapest), the strongest of each cost first (one deck per pair);
- **random**: :data:`RANDOM_DECKS` random legal two-doom decks
  (``random_deck``: 24 minions and 16 fates, relics and gods), pooled as one
  opponent.

``run`` plays every preconstructed deck against each of them (``ossuary
simulate --versus``'s seating: each side in each seat and turn-order place
equally often), ``--games`` against each fixed plain deck and ``--random-games``
against each random one, and prints the tables and the two verdicts of
docs/balance.md; a run folder is resumed where it stopped. ``--deck FILE``
gates deck files instead and ``--against`` names the plain decks to play (a
candidate list while tuning). Nothing here is
asserted: it is a measurement; the tests check that the plain decks are legal
and that the gate plays and reads them.
"""

from __future__ import annotations

import argparse
import re
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc

from ossuary.agents.arena import MAX_ACTIONS, wilson
from ossuary.engine.rng import Rng
from ossuary.hecatomb import base_pool, preconstructed, validate_deck
from ossuary.hecatomb.cards import DOOMS, CardDef, CardPool
from ossuary.hecatomb.decks import format_deck, parse_deck_text, random_deck
from ossuary.sim import runner, store
from ossuary.sim.plan import VERSUS_DECKS, Deck, SimConfig
from ossuary.sim.stats import matchups

GAME = "hecatomb"
COPIES = 3
FIRST = 14  # minions in a "first 14" deck
# a plain mana curve: (cost, different minions); the last line is that cost or more
CURVE = ((1, 3), (2, 5), (3, 4), (4, 2))
RANDOM_DECKS = 24
RANDOM_SEED = 1  # random deck k is random_deck(pool, Rng(RANDOM_SEED + k))
RANDOM = "random decks"  # the pooled opponent's name in the tables
NAIVE_MAX = 0.5  # the verdicts' line: the plain side's win rate


def _minions(pool: CardPool, dooms: Sequence[str]) -> list[CardDef]:
    """The minions (combat minions too) of ``dooms`` in catalogue order."""
    return [c for c in pool.cards.values() if c.is_minion and c.doom in dooms]


def first_minions(pool: CardPool, doom: str) -> list[str]:
    """The first fourteen minions of ``doom`` in catalogue order, three of each."""
    return [c.name for c in _minions(pool, (doom,))[:FIRST] for _ in range(COPIES)]


def plain_curve(pool: CardPool, dooms: Sequence[str]) -> list[str]:
    """The minions of ``dooms`` on :data:`CURVE`: of each cost the strongest first
    (ties: catalogue order), the cheapest first on the curve's last line; a
    cost short of minions passes its places on to the next one."""
    cards = _minions(pool, dooms)
    order = {c.name: i for i, c in enumerate(cards)}
    picked: list[CardDef] = []
    owed = 0
    for i, (cost, want) in enumerate(CURVE):
        last = i == len(CURVE) - 1
        here = [c for c in cards if c.cost == cost or (last and c.cost > cost)]
        here.sort(key=lambda c: (c.cost, -c.strength, order[c.name]))
        take = here[: want + owed]
        owed = want + owed - len(take)
        picked.extend(take)
    return [c.name for c in picked for _ in range(COPIES)]


def plain_decks(pool: CardPool | None = None) -> dict[str, list[str]]:
    """The fixed plain decks by name: a "first 14" per doom, a curve per pair."""
    pool = pool or base_pool()
    decks = {f"first 14 {d}": first_minions(pool, d) for d in DOOMS}
    for i, a in enumerate(DOOMS):
        for b in DOOMS[i + 1 :]:
            decks[f"curve {a} + {b}"] = plain_curve(pool, (a, b))
    for name, cards in decks.items():
        validate_deck(cards, pool, name)
    return decks


def random_decks(pool: CardPool | None = None, n: int = RANDOM_DECKS) -> dict[str, list[str]]:
    """``n`` random legal two-doom decks, the same every time."""
    pool = pool or base_pool()
    return {f"random {k}": random_deck(pool, Rng(RANDOM_SEED + k)) for k in range(1, n + 1)}


def slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")


def write_decks(folder: Path) -> list[Path]:
    """Every plain and random deck as a deck file (``ossuary deck check`` and
    ``ossuary simulate --decks`` read them)."""
    pool = base_pool()
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, cards in {**plain_decks(pool), **random_decks(pool)}.items():
        path = folder / f"{slug(name)}.txt"
        path.write_text(format_deck(cards, pool, title=name), "utf-8")
        paths.append(path)
    return paths


# -- the runs --------------------------------------------------------------------------
def gate_config(
    agent: str, deck: tuple[str, Sequence[str]], field: Mapping[str, Sequence[str]], seed: int
) -> SimConfig:
    """One deck against every deck of ``field``, never the field against itself."""
    decks = (Deck(deck[0], tuple(deck[1])), *(Deck(n, tuple(c)) for n, c in field.items()))
    return SimConfig(GAME, (agent,), 2, VERSUS_DECKS, decks, seed, MAX_ACTIONS)


def run_gate(
    decks: Mapping[str, Sequence[str]],
    agent: str,
    games: int,
    random_games: int,
    seed: int,
    out: Path,
    workers: int = 1,
    plain: Mapping[str, Sequence[str]] | None = None,
    randoms: Mapping[str, Sequence[str]] | None = None,
) -> None:
    """Play (or finish) every deck's gate into ``out/<deck>/<part>``: ``games``
    against each plain deck (default :func:`plain_decks`), ``random_games``
    against each random one (default :func:`random_decks`)."""
    for n in (games, random_games):
        if n % 4:
            raise SystemExit(f"games against each deck must be a multiple of 4, not {n}")
    fields = [
        ("plain", plain_decks() if plain is None else plain, games),
        ("random", random_decks() if randoms is None else randoms, random_games),
    ]
    for name, cards in decks.items():
        for part, field, n in fields:
            if not n:
                continue
            folder = out / slug(name) / part
            config = gate_config(agent, (name, cards), field, seed)
            resume = (folder / store.RUN_FILE).exists()
            t0 = time.perf_counter()
            done = runner.run(folder, config, n * len(field), resume=resume, workers=workers)
            print(f"{name}, {part}: {done.played} games in {time.perf_counter() - t0:.0f} s",
                  file=sys.stderr)  # fmt: skip


# -- the verdicts ------------------------------------------------------------------------
class Cell:
    """The plain side's score against one deck: wins (a draw is half) of games."""

    def __init__(self, wins: float = 0.0, games: int = 0) -> None:
        self.wins = wins
        self.games = games

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    def add(self, other: Cell) -> None:
        self.wins += other.wins
        self.games += other.games


class Verdict:
    """One deck's gate: the plain side's score against it, per plain opponent."""

    # (plain classes, not dataclasses: the tests load this script without a module entry)
    def __init__(self, deck: str, cells: dict[str, Cell], errors: int, cpu_seconds: float) -> None:
        self.deck = deck
        self.cells = cells  # plain opponent (or RANDOM) -> the plain side's score
        self.errors = errors
        self.cpu_seconds = cpu_seconds

    @property
    def pooled(self) -> Cell:
        total = Cell()
        for c in self.cells.values():
            total.add(c)
        return total

    @property
    def beats_the_plain_field(self) -> bool:
        """Rule 1: the upper end of the plain side's 95% interval is at most 50%."""
        p = self.pooled
        return p.games > 0 and wilson(p.wins, p.games)[1] <= NAIVE_MAX

    @property
    def worst(self) -> tuple[str, Cell]:
        return max(self.cells.items(), key=lambda kv: kv[1].rate)

    @property
    def loses_to_none(self) -> bool:
        """Rule 2: no plain opponent wins more than half its games against it."""
        return bool(self.cells) and all(c.rate <= NAIVE_MAX for c in self.cells.values())


def read_gate(folder: Path, deck: str) -> Verdict:
    """What a deck's gate folder holds so far."""
    cells: dict[str, Cell] = {}
    errors = 0
    cpu = 0.0
    for part in ("plain", "random"):
        run = folder / part
        if not (run / store.RUN_FILE).exists():
            continue
        cols = ["game", "seats", "seat", "deck", "score", "error", "cpu_seconds"]
        table = store.read_games(run, cols)
        # a game's time is on each of its rows: count it once
        seat0 = zip(table["seat"].to_pylist(), table["cpu_seconds"].to_pylist(), strict=True)
        cpu += sum(x or 0.0 for seat, x in seat0 if seat == 0)
        failed = {g for g, e in zip(table["game"].to_pylist(), table["error"].to_pylist(),
                                    strict=True) if e}  # fmt: skip
        errors += len(failed)
        if failed:
            bad = pa.array(sorted(failed), type=pa.int64())
            table = table.filter(pc.invert(pc.is_in(table["game"], bad)))
        grid = matchups(table, "deck").get("cells", {})
        for opponent, row in grid.get(deck, {}).items():
            # the deck's own rate against the opponent; the plain side's is the rest
            key = RANDOM if part == "random" else opponent
            cells.setdefault(key, Cell()).add(Cell(row["games"] - row["wins"], row["games"]))
    return Verdict(deck, cells, errors, cpu)


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def interval(c: Cell) -> str:
    lo, hi = wilson(c.wins, c.games)
    return f"{pct(c.rate)} ({pct(lo)}–{pct(hi)})"


def tables(verdicts: list[Verdict]) -> str:
    """The verdicts and the deck-by-opponent grid, as Markdown."""
    lines = [
        "| deck | plain decks' win rate, pooled (95% CI) | games | best plain deck against it "
        "| rule 1 | rule 2 |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for v in verdicts:
        name, cell = v.worst if v.cells else ("-", Cell())
        lines.append(
            f"| {v.deck} | {interval(v.pooled)} | {v.pooled.games} | {name}: {interval(cell)} "
            f"| {'pass' if v.beats_the_plain_field else 'FAIL'} "
            f"| {'pass' if v.loses_to_none else 'FAIL'} |"
        )
    opponents = list(dict.fromkeys(k for v in verdicts for k in v.cells))
    lines += ["", "The plain deck's win rate against each deck:", ""]
    lines.append("| plain deck | " + " | ".join(v.deck for v in verdicts) + " |")
    lines.append("| --- " * (len(verdicts) + 1) + "|")
    for o in opponents:
        row = [pct(v.cells[o].rate) if o in v.cells else "" for v in verdicts]
        lines.append(f"| {o} | " + " | ".join(row) + " |")
    errors = sum(v.errors for v in verdicts)
    cpu = sum(v.cpu_seconds for v in verdicts)
    lines += ["", f"{errors} games with errors (left out); {cpu / 60:.1f} CPU minutes of play."]
    return "\n".join(lines)


# -- the command line --------------------------------------------------------------------
def decks_to_gate(files: Sequence[str]) -> dict[str, list[str]]:
    if not files:
        return dict(preconstructed())
    pool = base_pool()
    out = {}
    for f in files:
        path = Path(f)
        cards = parse_deck_text(path.read_text("utf-8"), pool, path.name).main
        validate_deck(cards, pool, path.name)
        out[path.stem] = cards
    return out


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    w = sub.add_parser("decks", help="write the plain and random decks as deck files")
    w.add_argument("--out", type=Path, required=True)
    r = sub.add_parser("run", help="play the gate (or finish it) and print the verdicts")
    r.add_argument("--agent", default="heuristic")
    r.add_argument("--games", type=int, default=200, help="against each fixed plain deck")
    r.add_argument("--random-games", type=int, default=8, help="against each random deck")
    r.add_argument("--seed", type=int, default=700001)
    r.add_argument("--out", type=Path, required=True)
    r.add_argument("--workers", type=int, default=1)
    r.add_argument("--deck", action="append", default=[], help="a deck file to gate instead")
    r.add_argument("--only", default="", help="comma-separated preconstructed decks")
    r.add_argument("--against", default="", help="comma-separated plain decks (tuning)")
    args = parser.parse_args(argv)
    if args.command == "decks":
        for path in write_decks(args.out):
            print(path)
        return
    decks = decks_to_gate(args.deck)
    if args.only:
        wanted = [n.strip() for n in args.only.split(",")]
        decks = {n: decks[n] for n in wanted}
    plain = plain_decks()
    if args.against:
        plain = {n.strip(): plain[n.strip()] for n in args.against.split(",")}
    run_gate(decks, args.agent, args.games, args.random_games, args.seed, args.out, args.workers,
             plain=plain)  # fmt: skip
    print(tables([read_gate(args.out / slug(n), n) for n in decks]))


if __name__ == "__main__":
    main()
