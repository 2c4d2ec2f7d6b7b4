"""Helpers for the RL tests: every registered game at every seat count it allows;
a game without an RL encoder yet is skipped with the reason its entry gives."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from ossuary import games
from ossuary.engine.game import Encoder, NotSupported
from ossuary.rl import Table

TABLES = [(name, n) for name in games.names() for n in games.get(name).seat_counts]
GAMES = games.names()


def encoder_or_skip(game: str, seats: int) -> Encoder:
    try:
        return games.get(game).research.encoder(seats)
    except NotSupported as exc:
        pytest.skip(str(exc))


def table_id(t: tuple[str, int]) -> str:
    return f"{t[0]}-{t[1]}"


def random_positions(game: str, seats: int, seed: int, limit: int = 400) -> Iterator[Table]:
    """Play one game with uniformly random actions through a :class:`Table`,
    yielding the table before each action (at most ``limit`` actions)."""
    g = games.get(game)
    table = Table(g, g.research.encoder(seats), g.new_game(seats=seats, seed=seed))
    rng = np.random.default_rng(seed)
    for _ in range(limit):
        if table.seat() is None:
            return
        yield table
        table.step(int(rng.choice(table.legal())))
