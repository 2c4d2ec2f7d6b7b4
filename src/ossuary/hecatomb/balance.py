"""Balance by simulation: which cards win too often, which never do.

Many games between equal agents, each seat with a random legal two-doom deck (so
every card of the pool turns up, in every company). For each card we count the
games in which a seat *played* it and how often that seat won: the "played win
rate" card designers use. With equal agents and random decks a seat wins about
1/seats of its games, so a card far above that carries its player, and one far
below it is a dead draw. Each rate comes with a 95% Wilson interval; a card is
flagged only when its whole interval lies outside the band around the baseline.

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
from typing import Any

from ..engine.rng import Rng
from .cards import DOOMS, CardPool, base_pool
from .decks import MAX_COPIES, MIN_DECK


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
    workers = workers or os.cpu_count() or 1
    out: list[BalanceGame] = []

    def results() -> Iterator[BalanceGame]:
        if workers == 1:
            yield from map(_play, jobs)
            return
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(_play, jobs, chunksize=4)

    for game in results():
        out.append(game)
        if progress is not None:
            progress(game)
    return out


@dataclass
class CardStat:
    name: str
    doom: str
    played: int  # games in which a seat played it
    wins: int
    rate: float
    low: float
    high: float
    verdict: str  # "strong", "weak" or ""


def card_stats(
    games: Sequence[BalanceGame], pool: CardPool | None = None, band: float = 0.15
) -> tuple[float, list[CardStat]]:
    """(baseline win rate, per-card played win rates), strongest first.

    A card is "strong" when its interval's low end is above baseline + band,
    "weak" when its high end is below baseline - band.
    """
    from ..agents.arena import wilson

    pool = pool or base_pool()
    seats = len(games[0].decks) if games else 2
    baseline = 1 / seats
    played: dict[str, int] = {}
    wins: dict[str, int] = {}
    for g in games:
        for seat, names in enumerate(g.played):
            for name in names:
                played[name] = played.get(name, 0) + 1
                wins[name] = wins.get(name, 0) + (g.winner == seat)
    stats = []
    for name in pool.names():
        n = played.get(name, 0)
        w = wins.get(name, 0)
        low, high = wilson(w, n) if n else (0.0, 1.0)
        verdict = ""
        if n and low > baseline + band:
            verdict = "strong"
        elif n and high < baseline - band:
            verdict = "weak"
        stats.append(CardStat(name, pool[name].doom, n, w, w / n if n else 0.0, low, high, verdict))
    stats.sort(key=lambda c: -c.rate)
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


def _deck_game(args: tuple[str, str, int, str]) -> tuple[str, str, int | None]:
    """One game of the round robin: deck ``a`` in seat 0, ``b`` in seat 1."""
    from ..agents import make_agent, play_game
    from .game import new_game

    a, b, seed, agent = args
    state = new_game(decks=[a, b], seed=seed, first=(seed // 2) % 2)
    agents = [make_agent(agent, seed * 7 + 1), make_agent(agent, seed * 7 + 2)]
    play_game(state, agents, max_actions=5000)
    return a, b, state.winner


def deck_round_robin(
    decks: Sequence[str],
    games_per_pair: int,
    agent: str = "heuristic",
    workers: int | None = None,
    progress: Callable[[], None] | None = None,
) -> dict[str, tuple[int, int]]:
    """Every pair of ``decks`` plays ``games_per_pair`` games (seats and first
    player alternate). Per deck: (games, wins)."""
    jobs = [
        (a, b, g, agent) if g % 2 == 0 else (b, a, g, agent)
        for a, b in combinations(decks, 2)
        for g in range(games_per_pair)
    ]
    out = {d: (0, 0) for d in decks}
    workers = workers or os.cpu_count() or 1

    def results() -> Iterator[tuple[str, str, int | None]]:
        if workers == 1:
            yield from map(_deck_game, jobs)
            return
        with ProcessPoolExecutor(workers) as pool:
            yield from pool.map(_deck_game, jobs, chunksize=4)

    for a, b, winner in results():
        for seat, deck in enumerate((a, b)):
            n, w = out[deck]
            out[deck] = (n + 1, w + (winner == seat))
        if progress is not None:
            progress()
    return out
