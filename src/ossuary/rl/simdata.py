"""A simulation run's games as training data (``ossuary simulate`` -> arrays).

A run's Parquet files keep each game's seed, seating and result, not its
moves; but a game of the run is a function of the run's configuration and its
index (the same seats, decks, seed and agent seeds), so it can be played again.
:func:`simulation_trajectories` plays the chosen games again with an observer
that writes every decision of every seat through the game's RL encoder (one
row per step of an option's path, as the environments give them) and saves a
trajectory file (:mod:`ossuary.rl.record`).

Only agents that are the same every time are replayed faithfully: ``random``,
``heuristic``, ``ismcts:iters=N``, ``learned``; a time budget (``ismcts:1``)
depends on the machine's speed. Each game played again is checked against the
run's record (its result and length); one that differs is left out and counted.
Needs the ``sim`` extra (pyarrow) and the ``rl`` extra.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .. import games
from ..agents import make_agent, play_game
from ..engine.core import Action, GameState
from .record import TrajectoryLog


def simulation_trajectories(
    run: str | Path, out: str | Path, games_to_take: Sequence[int] | None = None
) -> tuple[Path, int, int]:
    """Write the games of the simulation run in folder ``run`` (all its finished
    games, or the indices ``games_to_take``) to the trajectory file ``out``.
    Returns (the file, games written, games left out because they played
    differently this time)."""
    from ..sim.plan import seat_decks, seating
    from ..sim.store import read_games, read_run

    folder = Path(run)
    info = read_run(folder)
    config = info.config
    game = games.get(config.game)
    encoder = game.research.encoder(config.seats)
    table = read_games(folder, ["game", "seat", "result", "actions", "finished", "error"])
    rows = table.to_pylist()
    record: dict[int, dict[int, Any]] = {}
    for row in rows:
        if row["error"] is None and row["finished"]:
            record.setdefault(int(row["game"]), {})[int(row["seat"])] = row
    chosen = sorted(record) if games_to_take is None else [g for g in games_to_take if g in record]
    log = TrajectoryLog(game.name, config.seats, encoder, f"simulation {folder.name}")
    written = differ = 0
    for index in chosen:
        seat = seating(config, index)
        _, decks = seat_decks(config, game, seat)
        state = game.new_game(decks=decks, seats=config.seats, seed=seat.seed, first=seat.first)
        agents = [
            make_agent(spec, s) for spec, s in zip(seat.specs, seat.agent_seeds(), strict=True)
        ]
        steps = len(log.action)

        def observe(st: GameState, who: int, action: Action) -> None:
            view = st.view(who)
            raw = encoder.action_paths(view)
            path = raw.get(action.id)
            if path is None:
                return  # no room in the encoding for this option
            paths = [p for p in raw.values() if p is not None]
            for k in range(len(path)):
                x = np.zeros(encoder.observation_size, np.float32)
                encoder.observe(view, path[:k], x)
                mask = np.zeros(encoder.num_actions, np.int8)
                mask[sorted({p[k] for p in paths if p[:k] == path[:k]})] = 1
                log.step(who, x, mask, path[k])

        play_game(state, agents, observer=observe, max_actions=config.max_actions)
        stored = record[index]
        same = (
            state.is_terminal()
            and len(state.history) == stored[0]["actions"]
            and all(float(r) == float(stored[s]["result"]) for s, r in enumerate(state.returns()))
        )
        if not same:  # a time-budget agent chose otherwise this time: drop the game
            _forget(log, steps)
            differ += 1
            continue
        log.end_episode(state)
        written += 1
    return log.save(out), written, differ


def _forget(log: TrajectoryLog, keep: int) -> None:
    """Drop the rows after the first ``keep`` (a game that will not be kept)."""
    for name in ("obs_index", "obs_value", "mask_index", "action", "reward", "seat",
                 "episode", "done", "truncated"):  # fmt: skip
        del getattr(log, name)[keep:]
    log._open = {}
