"""Playing games and recording them: what runs in a worker process.

:func:`play_chunk` is the unit of work a process pool or a Dask worker is
given: the run's configuration (as JSON text, so it travels anywhere) and a
range of game indices. It returns the games as one Arrow table, one row per
seat of every game (the columns are :func:`schema`'s). Nothing here writes a
file: the one process that drives the run commits chunks, so a chunk computed
twice (a worker that died after finishing) is still written once.
"""

from __future__ import annotations

import json
import os
import socket
import sys
import time
import traceback
from functools import lru_cache
from typing import Any

import pyarrow as pa

from .. import games
from ..engine.core import GameState
from ..engine.game import Game
from .plan import SimConfig, seat_decks, seating

#: the card statistics recorded from game.statistics.card_counts (others are ignored):
#: cards played, drawn, and held in hand at the end of the game
CARD_STATS = ("played", "drawn", "held")

_COUNTS = pa.map_(pa.string(), pa.int32())


def schema(resources: tuple[str, ...]) -> pa.Schema:
    """The columns of a run's Parquet files: one row per seat of every game.

    Game-level facts (seed, first player, length) repeat on each seat's row so
    that every row reads on its own. ``score`` is the seat's share of the win:
    1 for a sole winner (or each partner of the winning team), ``1/k`` when
    ``k`` teams tie for the best result (a two-player draw: 0.5 each), else 0;
    the scores of a game add up to 1 per team that won, so a seat's baseline
    win rate is ``1/teams``.
    """
    fields = [
        pa.field("game", pa.int64()),  # the game's index in the run
        pa.field("seed", pa.int64()),
        pa.field("seats", pa.int8()),
        pa.field("seat", pa.int8()),
        pa.field("team", pa.int8()),
        pa.field("first", pa.int8()),  # the seat that went first
        pa.field("order", pa.int8()),  # this seat's place in turn order (0: first)
        pa.field("agent", pa.string()),  # agent label (heuristic, heuristic#2)
        pa.field("agent_spec", pa.string()),
        pa.field("deck", pa.string()),  # deck name, "random" or "default"
        pa.field("deck_cards", _COUNTS),  # card -> copies
        pa.field("result", pa.float64()),  # the game's own returns() for this seat
        pa.field("score", pa.float64()),
        pa.field("won", pa.bool_()),  # this seat (its team) won outright: score 1
        pa.field("finished", pa.bool_()),  # False: stopped at max_actions (scored a draw)
        pa.field("error", pa.string()),  # not null: the game raised (excluded from stats)
        pa.field("turns", pa.int32()),
        pa.field("actions", pa.int32()),
        pa.field("seconds", pa.float32()),  # wall-clock time the game took
        pa.field("cpu_seconds", pa.float32()),  # CPU time of the process playing it
        pa.field("worker", pa.string()),  # host:pid that played it
        *(pa.field(name, _COUNTS) for name in CARD_STATS),
    ]
    for name in resources:
        # the value at the first decision of each turn 1..turns, then at the end
        fields.append(pa.field(f"res_{name}", pa.list_(pa.float32())))
        fields.append(pa.field(f"final_{name}", pa.float32()))
    return pa.schema(fields)


def team_scores(returns: list[float], teams: list[int]) -> list[float]:
    """Each seat's share of the win (see :func:`schema`)."""
    best: dict[int, float] = {}
    for r, t in zip(returns, teams, strict=True):
        best[t] = max(best.get(t, r), r)
    top = max(best.values())
    winners = [t for t, r in best.items() if r == top]
    return [1.0 / len(winners) if t in winners else 0.0 for t in teams]


class _Sampler:
    """Samples the game's resources at the first decision of every turn."""

    __slots__ = ("game", "samples", "turn")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.turn = 0
        self.samples: list[list[list[float]]] = []  # per turn: per resource, per seat

    def __call__(self, state: GameState, seat: int, action: Any) -> None:
        t = self.game.statistics.turn(state)
        if t != self.turn and t > 0:
            values = self.game.statistics.resource_values(state)
            while len(self.samples) < t - 1:  # a turn without a decision: carry on
                self.samples.append(self.samples[-1] if self.samples else values)
            if len(self.samples) < t:
                self.samples.append(values)
            self.turn = t


def _policy_changed(exc: Exception) -> bool:
    """Whether ``exc`` refuses a policy file (pinned when the run began and
    replaced since: the checks before the run refuse every other kind)."""
    learned = sys.modules.get("ossuary.agents.learned")  # no policy played: not loaded
    return learned is not None and isinstance(exc, learned.PolicyError)


def play_one(config: SimConfig, game: Game, index: int, worker: str) -> list[dict[str, Any]]:
    """Play game ``index`` of the run; its rows, one per seat."""
    from ..agents import make_agent, play_game

    seat = seating(config, index)
    n = config.seats
    teams = game.teams(n)
    start = time.perf_counter()
    cpu = time.process_time()
    sampler = _Sampler(game)
    error: str | None = None
    state: GameState | None = None
    names = ["?"] * n
    try:
        names, decks = seat_decks(config, game, seat)
        state = game.new_game(decks=decks, seats=n, seed=seat.seed, first=seat.first)
        seeds = seat.agent_seeds()
        agents = [make_agent(spec, s) for spec, s in zip(seat.specs, seeds, strict=True)]
        observer = sampler if game.statistics.resources else None
        play_game(state, agents, observer=observer, max_actions=config.max_actions)
    except Exception as exc:  # a crash in the rules or an agent: record it, go on
        if _policy_changed(exc):
            raise  # not this game's fault: the run's games would not be the run's
        error = "".join(traceback.format_exception_only(exc)).strip()[:2000]
    seconds = time.perf_counter() - start
    cpu_seconds = time.process_time() - cpu
    finished = state is not None and error is None and state.is_terminal()
    returns = list(state.returns()) if finished and state is not None else [0.0] * n
    scores = team_scores(returns, teams)
    if state is not None and error is None:
        try:
            lists = state.deck_lists()
        except NotImplementedError:
            lists = [[] for _ in range(n)]
        cards = game.statistics.card_counts(state)
        final = game.statistics.resource_values(state) if game.statistics.resources else []
        turns = game.statistics.turn(state)
        while final and len(sampler.samples) < turns:  # a last turn without a decision
            sampler.samples.append(final)
        actions = len(state.history)
    else:
        lists, cards, final, turns, actions = [[] for _ in range(n)], {}, [], 0, 0
    rows = []
    for s in range(n):
        deck_counts: dict[str, int] = {}
        for c in lists[s] if s < len(lists) else []:
            deck_counts[c] = deck_counts.get(c, 0) + 1
        row: dict[str, Any] = {
            "game": index,
            "seed": seat.seed,
            "seats": n,
            "seat": s,
            "team": teams[s],
            "first": seat.first,
            "order": (s - seat.first) % n,
            "agent": seat.labels[s],
            "agent_spec": seat.specs[s],
            "deck": names[s],
            "deck_cards": sorted(deck_counts.items()),
            "result": returns[s],
            "score": scores[s] if error is None else 0.0,
            "won": error is None and finished and scores[s] == 1.0,
            "finished": finished,
            "error": error,
            "turns": turns,
            "actions": actions,
            "seconds": seconds,
            "cpu_seconds": cpu_seconds,
            "worker": worker,
        }
        for key in CARD_STATS:
            per_seat = cards.get(key, [])
            row[key] = sorted(per_seat[s].items()) if s < len(per_seat) else []
        for r, name in enumerate(game.statistics.resources):
            row[f"res_{name}"] = [turn[r][s] for turn in sampler.samples] if not error else []
            row[f"final_{name}"] = final[r][s] if final else None
        rows.append(row)
    return rows


@lru_cache(maxsize=4)
def _config(text: str) -> SimConfig:
    return SimConfig.from_json(json.loads(text))


def worker_name() -> str:
    return f"{socket.gethostname()}:{os.getpid()}"


def play_chunk(config_json: str, start: int, stop: int) -> pa.Table:
    """Play games ``start`` to ``stop - 1`` of the run; one Arrow table."""
    config = _config(config_json)
    game = games.get(config.game)
    worker = worker_name()
    rows: list[dict[str, Any]] = []
    for index in range(start, stop):
        rows.extend(play_one(config, game, index, worker))
    return pa.Table.from_pylist(rows, schema=schema(game.statistics.resources))
