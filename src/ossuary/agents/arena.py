"""The arena: many games between agents, fairly seated, and what they show.

:func:`schedule` seats the agents so that each one plays every seat, moves
first as often as the others, sits after each of the others as often (at three
seats or more), and uses every deck equally (over a full cycle of
``seats * seats * len(decks)`` games per line-up); with ``duplicate``, every
line-up plays each deal from every seat, so the luck of the deal cancels out
of a comparison (as in duplicate bridge). :func:`run_arena` plays the
games on all cores, one process per worker. :func:`summarize` gives each
agent's win rate with a 95% Wilson interval and Elo ratings fitted to all
results at once (Bradley–Terry maximum likelihood, see :func:`elo_ratings`).
"""

from __future__ import annotations

import itertools
import json
import math
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import games
from ..engine.game import Game, NotSupported
from ..engine.rng import Rng
from .base import Agent, play_game
from .registry import check_agent, make_agent, normal_spec, pin_spec

MAX_ACTIONS = 20_000  # a game this long is stopped and counted as a draw
#: ``--decks random``: every seat gets a random legal deck drawn by the game's seed
RANDOM_DECKS = "random"
#: the held-out decks: the random legal decks of the games with these seeds
#: (``ossuary arena --decks random --seed 900001``), never used in training, so
#: that a policy is measured on decks it has not seen (docs/ai.md)
HELD_OUT_SEEDS = range(900_001, 901_001)
# before a spec: the same agent on the pure-Python build, in a worker process of
# its own (agents/remote.py), to set the builds against each other
PURE = "pure:"
Z95 = 1.959963984540054


@dataclass(frozen=True)
class GameSpec:
    """One game to play: who sits where, with which deck, who goes first."""

    index: int
    seed: int
    agents: tuple[str, ...]  # agent label per seat
    specs: tuple[str, ...]  # agent spec per seat (what make_agent is given)
    decks: tuple[str, ...] | None  # deck name per seat; None: the game's defaults
    first: int


@dataclass(frozen=True)
class GameResult:
    """What happened in one game (one entry of ``results.json``)."""

    index: int
    seed: int
    agents: list[str]
    decks: list[str] | None
    first: int
    winner: int | None  # the winning seat; None: stopped without a winner
    winner_agent: str | None
    length: int  # actions taken
    turns: int
    returns: list[float]  # per seat, the game's own scoring (see GameState.returns)
    seconds: float
    teams: list[int] | None = None  # per seat, its team (Game.teams); None: every seat alone
    winners: list[int] = field(default_factory=list)  # every seat of the winning team


def winning_agents(r: GameResult) -> set[str]:
    """The agents on the winning team (in a team game, every winning seat's)."""
    if r.winners:
        return {r.agents[i] for i in r.winners}
    return set() if r.winner_agent is None else {r.winner_agent}


def team_label(r: GameResult, team: int) -> str:
    """A team's line-up: its seats' agents joined with ``+``."""
    assert r.teams is not None
    return "+".join(a for a, t in zip(r.agents, r.teams, strict=True) if t == team)


def labels(specs: Sequence[str]) -> list[str]:
    """Unique names for the agents: a repeated spec gets ``#2``, ``#3``...
    An agent's name is shown in lower case, its parameter as given (a path)."""
    out: list[str] = []
    for spec in specs:
        name = normal_spec(spec)
        k = sum(1 for s in specs[: len(out)] if normal_spec(s) == name)
        out.append(name if k == 0 else f"{name}#{k + 1}")
    return out


def schedule(
    specs: Sequence[str],
    games: int,
    seats: int,
    decks: Sequence[str] = (),
    seed: int = 1,
    duplicate: bool = False,
    pinned: Sequence[str] | None = None,
) -> list[GameSpec]:
    """The games to play, in order; see the module docstring for the rotation.

    With as many agents as seats or more, every combination of ``seats``
    agents, in every order around the table (a rotation of an order is the
    same order), is a line-up and the line-ups take turns; with fewer, the
    agents repeat around the table. Each game has its own deal (``seed + index``), unless
    ``duplicate``: then each run of ``seats * line-ups`` games (every line-up
    in every seat rotation, the same first seat and decks) shares one deal.
    ``pinned``: what each agent plays as (:func:`pin_arena_spec`), named by
    ``specs`` all the same.
    """
    names = labels(specs)
    play = list(specs) if pinned is None else list(pinned)
    n = len(names)
    if n >= seats:
        # every order around the table, not only its rotations: at three seats or
        # more, who sits after whom changes a seat's chances (the seat after a
        # weak player wins more), so each agent meets each neighbour equally
        lineups = [
            [c[0], *rest]
            for c in itertools.combinations(range(n), seats)
            for rest in itertools.permutations(c[1:])
        ]
    else:
        lineups = [[i % n for i in range(seats)]]
    out = []
    for g in range(games):
        lineup = lineups[g % len(lineups)]
        r = g // len(lineups)
        rot = r % seats
        first = (r // seats) % seats
        shift = r // (seats * seats)
        who = [lineup[(s + rot) % seats] for s in range(seats)]
        out.append(
            GameSpec(
                index=g,
                seed=seed + (g // (len(lineups) * seats) if duplicate else g),
                agents=tuple(names[i] for i in who),
                specs=tuple(play[i] for i in who),
                decks=tuple(decks[(s + shift) % len(decks)] for s in range(seats))
                if decks
                else None,
                first=first,
            )
        )
    return out


def random_decks(game: Game, seed: int, seats: int) -> list[list[str]]:
    """The random legal decks of the game with ``seed``, one per seat.

    Seat ``k``'s deck is the ``k+1``-th deck the game's ``random_deck`` draws
    from ``Rng(2 * seed + 1)``: a pure function of the seed and the seat (the
    same whatever the agents, the seat count or the machine), on a stream of
    its own (the game's seed itself shuffles and deals). Raises NotSupported
    for a game without decks to draw (:func:`check_random_decks`)."""

    rng = Rng(seed * 2 + 1)
    return [game.decks.random(rng) for _ in range(seats)]


def check_random_decks(game: str) -> None:
    """Raise ValueError saying why ``game`` can't deal random decks, if it can't."""

    rules = games.get(game)
    try:
        rules.decks.random(Rng(0))
    except NotSupported as exc:
        if not rules.decks.preconstructed():
            raise ValueError(
                f"{rules.title} has no decks to choose: every game deals the one shared "
                "deck, shuffled by the game's seed, so there is no deck to draw at random "
                "(leave --decks out)"
            ) from None
        raise ValueError(str(exc)) from None


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` of the game with ``seed``."""
    return seed * 1_000_003 + seat + 1


def arena_agent(spec: str, seed: int) -> Agent:
    """The agent ``spec`` names (:func:`make_agent`), or with ``pure:`` before
    it, that agent on the pure-Python build (:class:`~.remote.PureAgent`)."""
    key = spec.strip()
    if key.lower().startswith(PURE):
        from .remote import PureAgent

        return PureAgent(seed, key[len(PURE) :])
    return make_agent(key, seed)


def pin_arena_spec(spec: str, game: str, seats: int) -> str:
    """:func:`~.registry.pin_spec` of a spec, ``pure:`` before it kept: what a
    run's games play, whatever the folder and however its files change."""
    key = spec.strip()
    if key.lower().startswith(PURE):
        return PURE + pin_spec(key[len(PURE) :], game, seats)
    return pin_spec(key, game, seats)


def check_arena_agent(spec: str, game: str | None = None, seats: int | None = None) -> str:
    """``spec`` if :func:`arena_agent` accepts it; otherwise the ValueError
    (with ``game`` and ``seats``: also if the agent can't play that table)."""
    key = spec.strip()
    check_agent(key[len(PURE) :] if key.lower().startswith(PURE) else key, game, seats)
    return spec


def play_one(spec: GameSpec, game: str = "hecatomb") -> GameResult:
    """Play one scheduled game to its end (in this process)."""
    start = time.perf_counter()
    decks: list[Any] | None = list(spec.decks) if spec.decks is not None else None
    if decks is not None and RANDOM_DECKS in decks:
        drawn = random_decks(games.get(game), spec.seed, len(spec.agents))
        decks = [drawn[i] if d == RANDOM_DECKS else d for i, d in enumerate(decks)]
    state = games.get(game).new_game(
        decks=decks, seats=len(spec.agents), seed=spec.seed, first=spec.first
    )
    agents = [arena_agent(s, agent_seed(spec.seed, i)) for i, s in enumerate(spec.specs)]
    try:
        play_game(state, agents, max_actions=MAX_ACTIONS)
    finally:
        for agent in agents:
            close = getattr(agent, "close", None)
            if close is not None:
                close()
    winner = state.winner if state.is_terminal() else None
    teams = games.get(game).teams(len(spec.agents))
    winners = [] if winner is None else [i for i, t in enumerate(teams) if t == teams[winner]]
    view = state.view(0)
    return GameResult(
        index=spec.index,
        seed=spec.seed,
        agents=list(spec.agents),
        decks=list(spec.decks) if spec.decks is not None else None,
        first=spec.first,
        winner=winner,
        winner_agent=None if winner is None else spec.agents[winner],
        length=len(state.history),
        turns=int(view.get("turn_number", 0)),
        returns=list(state.returns()) if state.is_terminal() else [0.0] * len(spec.agents),
        seconds=round(time.perf_counter() - start, 3),
        teams=teams if len(set(teams)) < len(teams) else None,
        winners=winners,
    )


def run_arena(
    games: Sequence[GameSpec],
    workers: int | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    game: str = "hecatomb",
) -> list[GameResult]:
    """Play ``games`` on ``workers`` processes (default: every core); results
    in schedule order. ``on_result`` is called as each game finishes."""
    workers = max(1, workers or os.cpu_count() or 1)
    results: list[GameResult] = []
    if workers == 1 or len(games) <= 1:
        for spec in games:
            res = play_one(spec, game)
            results.append(res)
            if on_result is not None:
                on_result(res)
    else:
        from ..workers import deaf_to_ctrl_c, stop_pool

        # spawn: a clean interpreter per worker, the same on every platform
        ctx = multiprocessing.get_context("spawn")
        pool = ProcessPoolExecutor(max_workers=min(workers, len(games)), mp_context=ctx)
        try:
            with deaf_to_ctrl_c():  # Ctrl-C is the driver's to handle (ossuary.workers)
                futures = [pool.submit(play_one, spec, game) for spec in games]
            for future in as_completed(futures):
                res = future.result()
                results.append(res)
                if on_result is not None:
                    on_result(res)
        except BaseException:  # Ctrl-C, a game's error: the games left are not wanted
            stop_pool(pool)
            raise
        pool.shutdown(wait=True)
    results.sort(key=lambda r: r.index)
    return results


# =============================================================================
# A stopped run, kept game by game
# =============================================================================

#: the most a stopped run's file may hold (a game's line is under 1 kB)
MAX_KEPT_BYTES = 64 * 1024 * 1024


class StoppedRun:
    """The games of an arena run written as each ends, so that a stopped run
    (Ctrl-C, a kill, a machine gone down) goes on where it stopped
    (``ossuary arena --out F --resume``; the file is ``F.partial``).

    The first line names the run (``{"arena": key}``: the agents as played,
    with a policy by its content, the seats, decks, seed, games), each next
    line one game (``{"game": ...}``, as ``results.json`` writes it). A last
    line cut short by a kill is dropped; any other damage, or the games of
    another run, is a ValueError that says so and changes nothing."""

    def __init__(self, path: os.PathLike[str] | str, key: dict[str, Any]) -> None:
        self.path = Path(path)
        self.key = key

    def exists(self) -> bool:
        return self.path.is_file()

    def read(self, plan: Sequence[GameSpec]) -> dict[int, GameResult]:
        """The games kept, by index, each checked against ``plan`` (the same
        seats, agents, seed and first player as the schedule says)."""
        try:
            if self.path.stat().st_size > MAX_KEPT_BYTES:
                raise ValueError(
                    f"{self.path}: more than {MAX_KEPT_BYTES // 2**20} MB, not a stopped arena run"
                )
            data = self.path.read_bytes()
        except OSError as exc:
            raise ValueError(f"{self.path}: can't be read ({exc.strerror or exc})") from None
        if data and not data.endswith(b"\n"):
            data = data[: data.rfind(b"\n") + 1]  # the game being written when it stopped
        try:
            lines = data.decode("utf-8").splitlines()
        except UnicodeDecodeError:
            raise ValueError(f"{self.path}: not text, not a stopped arena run") from None
        kept: dict[int, GameResult] = {}
        for number, line in enumerate(lines, 1):
            try:
                item = json.loads(line)
            except ValueError:
                raise ValueError(f"{self.path}, line {number}: not JSON") from None
            if number == 1:
                if not isinstance(item, dict) or "arena" not in item:
                    raise ValueError(f"{self.path}: not a stopped arena run")
                if item["arena"] != self.key:
                    raise ValueError(
                        f"{self.path} holds the games of another arena run (other agents, "
                        "seats, decks, seed, number of games or policy files): run that "
                        "command again, or delete the file to start over"
                    )
                continue
            if not isinstance(item, dict) or not isinstance(item.get("game"), dict):
                raise ValueError(f"{self.path}, line {number}: not a game")
            try:
                r = result_from_json(item["game"], plan)
            except ValueError as exc:
                raise ValueError(f"{self.path}, line {number}: {exc}") from None
            kept[r.index] = r
        return kept

    def start(self) -> None:
        """A new file naming this run (any file there is replaced)."""
        self._write(json.dumps({"arena": self.key}, separators=(",", ":")), "w")

    def keep(self, r: GameResult) -> None:
        """One finished game, written at once (a kill loses at most the game
        being played)."""
        self._write(json.dumps({"game": asdict(r)}, separators=(",", ":")), "a")

    def _write(self, line: str, mode: str) -> None:
        with open(self.path, mode, encoding="utf-8") as f:
            f.write(line + "\n")
            f.flush()
            os.fsync(f.fileno())

    def remove(self) -> None:
        self.path.unlink(missing_ok=True)


def _ints(value: object, n: int | None = None) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        and (n is None or len(value) == n)
    )


def result_from_json(data: dict[str, Any], plan: Sequence[GameSpec]) -> GameResult:
    """A game as :func:`results_json` writes it, checked field by field and
    against the game of ``plan`` with its index (a ValueError saying what is wrong)."""
    index = data.get("index")
    if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(plan):
        raise ValueError(f"no game {str(index)[:40]} in this run of {len(plan)} games")
    spec = plan[index]
    n = len(spec.agents)
    if (
        data.get("seed") != spec.seed
        or data.get("agents") != list(spec.agents)
        or data.get("first") != spec.first
        or data.get("decks") != (list(spec.decks) if spec.decks is not None else None)
    ):
        raise ValueError(f"game {index} is not this run's (its seats, seed or decks differ)")
    winner = data.get("winner")
    if winner is not None and not (
        isinstance(winner, int) and not isinstance(winner, bool) and 0 <= winner < n
    ):
        raise ValueError(f"game {index}: the winner is not a seat")
    returns = data.get("returns")
    teams = data.get("teams")
    checks = {
        "winner_agent": data.get("winner_agent")
        == (None if winner is None else spec.agents[winner]),
        "length": _ints([data.get("length")]),
        "turns": _ints([data.get("turns")]),
        "returns": isinstance(returns, list)
        and len(returns) == n
        and all(isinstance(v, int | float) and not isinstance(v, bool) for v in returns),
        "seconds": isinstance(data.get("seconds"), int | float)
        and not isinstance(data.get("seconds"), bool),
        "teams": teams is None or _ints(teams, n),
        "winners": _ints(data.get("winners")) and all(0 <= w < n for w in data.get("winners", [])),
    }
    wrong = [k for k, ok in checks.items() if not ok]
    if wrong:
        raise ValueError(f"game {index}: {', '.join(wrong)} not as a game's result")
    return GameResult(
        index=index,
        seed=spec.seed,
        agents=list(spec.agents),
        decks=list(spec.decks) if spec.decks is not None else None,
        first=spec.first,
        winner=winner,
        winner_agent=data["winner_agent"],
        length=data["length"],
        turns=data["turns"],
        returns=[float(v) for v in returns],  # type: ignore[union-attr]
        seconds=float(data["seconds"]),
        teams=teams,
        winners=list(data["winners"]),
    )


# =============================================================================
# Statistics
# =============================================================================
def wilson(wins: float, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default).

    Unlike the normal approximation it stays within [0, 1] and is honest for
    small ``n`` and for rates near 0 or 1.
    """
    if n <= 0:
        return (0.0, 1.0)
    p = wins / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def pairwise(results: Sequence[GameResult]) -> dict[tuple[str, str], float]:
    """Wins of each agent over each other agent: the winner of a game (every
    agent on the winning team) beats every other agent at the table; a game
    without a winner is half a win each way. Mirror seats (the same label
    twice) don't count."""
    wins: dict[tuple[str, str], float] = {}
    for r in results:
        present = list(dict.fromkeys(r.agents))
        won = winning_agents(r)
        for a, b in itertools.permutations(present, 2):
            if not won:
                wins[(a, b)] = wins.get((a, b), 0.0) + 0.5
            elif a in won and b not in won:
                wins[(a, b)] = wins.get((a, b), 0.0) + 1.0
            else:
                wins.setdefault((a, b), 0.0)
    return wins


def elo_ratings(
    results: Sequence[GameResult],
    agents: Sequence[str],
    prior: float = 1.0,
    iterations: int = 10_000,
) -> dict[str, float]:
    """Elo ratings fitted to all results at once (Bradley–Terry maximum likelihood).

    Each agent gets a strength ``g`` with P(i beats j) = g_i / (g_i + g_j),
    found by Hunter's (2004) MM iteration; the Elo rating is ``400 log10 g``,
    shifted so the ratings average 1500. Unlike sequential Elo updates, the
    result does not depend on the order the games were played in. ``prior``
    adds that many virtual drawn games to every pair, so an agent that never
    lost or never won still gets a finite rating (0: pure maximum likelihood).
    """
    names = list(agents)
    w = pairwise(results)
    wins = {a: 0.0 for a in names}
    games: dict[tuple[str, str], float] = {}
    for a, b in itertools.permutations(names, 2):
        n_ab = w.get((a, b), 0.0) + w.get((b, a), 0.0) + prior
        games[(a, b)] = n_ab
        wins[a] += w.get((a, b), 0.0) + prior / 2
    g = {a: 1.0 for a in names}
    for _ in range(iterations):
        new = {}
        for a in names:
            denom = sum(games[(a, b)] / (g[a] + g[b]) for b in names if b != a)
            new[a] = wins[a] / denom if denom > 0 else g[a]
        # normalize (geometric mean 1) to keep the numbers in range
        logs = [math.log(max(v, 1e-300)) for v in new.values()]
        shift = sum(logs) / len(logs)
        new = {a: math.exp(math.log(max(v, 1e-300)) - shift) for a, v in new.items()}
        delta = max(abs(math.log(new[a]) - math.log(g[a])) for a in names)
        g = new
        if delta < 1e-12:
            break
    return {a: 1500.0 + 400.0 * math.log10(g[a]) for a in names}


def summarize(results: Sequence[GameResult], agents: Sequence[str]) -> dict[str, Any]:
    """Per agent: games, wins, win rate and its 95% Wilson interval, Elo; and
    head to head for every pair of agents."""
    elo = elo_ratings(results, agents)
    per: dict[str, Any] = {}
    for a in agents:
        played = [r for r in results if a in r.agents]
        won = sum(1 for r in played if a in winning_agents(r))
        lo, hi = wilson(won, len(played))
        per[a] = {
            "games": len(played),
            "wins": won,
            "win_rate": won / len(played) if played else 0.0,
            "ci95": [lo, hi],
            "elo": elo[a],
        }
    heads: dict[str, Any] = {}
    w = pairwise(results)
    for a, b in itertools.combinations(agents, 2):
        n = w.get((a, b), 0.0) + w.get((b, a), 0.0)
        if n == 0:
            continue
        k = w.get((a, b), 0.0)
        lo, hi = wilson(k, round(n))
        heads[f"{a} vs {b}"] = {
            "games": n,
            "wins": k,
            "win_rate": k / n,
            "ci95": [lo, hi],
        }
    first_wins = sum(1 for r in results if r.first in r.winners or r.winner == r.first)
    return {
        "agents": per,
        "teams": team_summary(results),
        "head_to_head": heads,
        "first_player_wins": first_wins,
        "draws": sum(1 for r in results if r.winner is None),
        "elo_method": "Bradley-Terry maximum likelihood (MM), 1 virtual draw per pair, mean 1500",
    }


def team_summary(results: Sequence[GameResult]) -> dict[str, Any]:
    """In team games: per line-up (``heuristic+heuristic``), games, wins, draws
    and the win rate (a draw counting half) with its 95% Wilson interval."""
    per: dict[str, dict[str, Any]] = {}
    for r in results:
        if r.teams is None:
            continue
        for team in sorted(set(r.teams)):
            label = team_label(r, team)
            row = per.setdefault(label, {"games": 0, "wins": 0, "draws": 0})
            row["games"] += 1
            if not r.winners:
                row["draws"] += 1
            elif r.teams[r.winners[0]] == team:
                row["wins"] += 1
    for row in per.values():
        score = row["wins"] + row["draws"] / 2
        row["win_rate"] = score / row["games"]
        row["ci95"] = list(wilson(score, row["games"]))
    return per


def results_json(
    results: Sequence[GameResult],
    agents: Sequence[str],
    specs: Sequence[str],
    seats: int,
    decks: Sequence[str],
    seed: int,
    pinned: Sequence[str] | None = None,
) -> dict[str, Any]:
    """Everything ``--out`` writes: the setup, every game, the summary.
    ``pinned``: what each agent played as (a policy file named by its content)."""
    return {
        "agents": dict(zip(agents, specs, strict=True)),
        "played_as": dict(zip(agents, pinned or specs, strict=True)),
        "seats": seats,
        "decks": list(decks),
        "seed": seed,
        "games": [asdict(r) for r in results],
        "summary": summarize(results, agents),
    }
