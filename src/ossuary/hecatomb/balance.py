"""Balance by simulation: which cards win too often, which never do.

Many games between equal agents, each seat with a random legal two-doom deck (so
every card of the pool turns up, in every company). Two numbers per card:

- **deck win rate**: of the seats whose deck held the card, how many won. It is
  diluted (the card may never be drawn) but unbiased by *when* it is played, so
  the verdicts use it: a card is "strong" or "weak" when its whole 95% Wilson
  interval lies more than ``band`` (5 points) from the baseline.
- **played win rate**: of the seats that played it, how many won. Sharper, but
  biased toward cards played when already ahead (a combat trick that is only
  cast in a winning attack looks strong): shown, not used for verdicts.

With equal agents a seat wins 1/seats of its games: that is the baseline.
``ossuary balance`` runs this on all cores with a progress bar; ``--out`` keeps
every game's record (seed, decks, who played what, winner) for later analysis.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from itertools import combinations
from typing import Any, TypeVar

from ..engine.rng import Rng
from .cards import DOOMS, CardPool, base_pool
from .decks import MAX_COPIES, MIN_DECK

J = TypeVar("J")
R = TypeVar("R")


def random_deck(pool: CardPool, rng: Rng, dooms: tuple[str, str] | None = None) -> list[str]:
    """A legal random deck of two dooms: about 60% minions, the rest fates, relics
    and gods, 1 to 3 copies of each card picked."""
    if dooms is None:
        pairs = list(combinations(DOOMS, 2))
        dooms = pairs[rng.below(len(pairs))]
    cards = [c for c in pool.cards.values() if c.doom in dooms]
    minions = sorted(c.name for c in cards if c.is_minion)
    others = sorted(c.name for c in cards if not c.is_minion)
    deck: list[str] = []
    for names, want in ((minions, 24), (others, MIN_DECK - 24)):
        names = list(names)
        rng.shuffle(names)
        got = 0
        for name in names:
            if got >= want:
                break
            n = min(1 + rng.below(MAX_COPIES), want - got)
            deck.extend([name] * n)
            got += n
    return deck


@dataclass
class BalanceGame:
    """One simulated game: who had which deck, who played which cards, who won."""

    seed: int
    decks: list[list[str]]
    played: list[list[str]]  # per seat: the distinct cards it played
    winner: int | None
    actions: int
    dooms: list[list[str]] = field(default_factory=list)


def play_balance_game(seed: int, agent: str = "heuristic", seats: int = 2) -> BalanceGame:
    """Play one game between ``seats`` copies of ``agent`` with random decks."""
    from ..agents import make_agent, play_game
    from .game import new_game

    rng = Rng(seed)
    pool = base_pool()
    decks = [random_deck(pool, rng) for _ in range(seats)]
    state = new_game(decks=list(decks), seats=seats, seed=seed)
    agents = [make_agent(agent, seed * 31 + k) for k in range(seats)]
    play_game(state, agents, max_actions=5000)
    played: list[set[str]] = [set() for _ in range(seats)]
    for e in state.log:
        if e["e"] == "play":
            played[e["p"]].add(e["card"])
    return BalanceGame(
        seed=seed,
        decks=decks,
        played=[sorted(p) for p in played],
        winner=state.winner,
        actions=len(state.history),
        dooms=[sorted({pool[n].doom for n in d}, key=DOOMS.index) for d in decks],
    )


def _parallel_map(fn: Callable[[J], R], jobs: Sequence[J], workers: int | None) -> Iterator[R]:
    """``map(fn, jobs)`` on ``workers`` processes (default: every core), in order;
    one worker runs in this process."""
    workers = workers or os.cpu_count() or 1
    if workers == 1:
        yield from map(fn, jobs)
        return
    with ProcessPoolExecutor(workers) as pool:
        yield from pool.map(fn, jobs, chunksize=4)


def _play(args: tuple[int, str, int]) -> BalanceGame:
    return play_balance_game(*args)


def simulate(
    games: int,
    agent: str = "heuristic",
    seats: int = 2,
    workers: int | None = None,
    first_seed: int = 0,
    progress: Callable[[BalanceGame], None] | None = None,
) -> list[BalanceGame]:
    """Play ``games`` games on ``workers`` processes (default: every core)."""
    jobs = [(first_seed + i, agent, seats) for i in range(games)]
    out: list[BalanceGame] = []
    for game in _parallel_map(_play, jobs, workers):
        out.append(game)
        if progress is not None:
            progress(game)
    return out


@dataclass
class CardStat:
    name: str
    doom: str
    decks: int  # seats whose deck held it
    deck_wins: int
    deck_rate: float
    low: float  # 95% Wilson interval of deck_rate
    high: float
    played: int  # seats that played it
    wins: int
    rate: float  # played win rate (biased; see the module docstring)
    verdict: str  # "strong", "weak" or ""


def card_stats(
    games: Sequence[BalanceGame], pool: CardPool | None = None, band: float = 0.05
) -> tuple[float, list[CardStat]]:
    """(baseline win rate, per-card statistics), highest deck win rate first."""
    from ..agents.arena import wilson

    pool = pool or base_pool()
    seats = len(games[0].decks) if games else 2
    baseline = 1 / seats
    count: dict[str, list[int]] = {name: [0, 0, 0, 0] for name in pool.names()}
    for g in games:
        for seat, (deck, played) in enumerate(zip(g.decks, g.played, strict=True)):
            won = int(g.winner == seat)
            for name in set(deck):
                count[name][0] += 1
                count[name][1] += won
            for name in played:
                count[name][2] += 1
                count[name][3] += won
    stats = []
    for name, (n, w, pn, pw) in count.items():
        low, high = wilson(w, n) if n else (0.0, 1.0)
        verdict = ""
        if n and low > baseline + band:
            verdict = "strong"
        elif n and high < baseline - band:
            verdict = "weak"
        stat = CardStat(name, pool[name].doom, n, w, w / n if n else 0.0, low, high,
                        pn, pw, pw / pn if pn else 0.0, verdict)  # fmt: skip
        stats.append(stat)
    stats.sort(key=lambda c: -c.deck_rate)
    return baseline, stats


def doom_stats(games: Sequence[BalanceGame]) -> dict[str, tuple[int, int]]:
    """Per doom: (seats whose deck had it, of which won)."""
    out = {d: (0, 0) for d in DOOMS}
    for g in games:
        for seat, dooms in enumerate(g.dooms):
            for d in dooms:
                n, w = out[d]
                out[d] = (n + 1, w + (g.winner == seat))
    return out


def to_json(games: Sequence[BalanceGame], stats: Sequence[CardStat], baseline: float) -> str:
    data: dict[str, Any] = {
        "baseline": baseline,
        "cards": [asdict(s) for s in stats],
        "games": [asdict(g) for g in games],
    }
    return json.dumps(data, indent=1)
