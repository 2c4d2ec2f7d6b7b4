"""Hidden information never reaches an environment user.

The acting seat's observation and action mask must be the same in every state
that seat can't tell apart. The game's own ``resample`` deals everything the
seat can't see anew (other players' hands, the decks' order), so it is the
swap: observation and mask must not change. The same holds for what the
other front ends hand out (OpenSpiel's information state and observation).
"""

from __future__ import annotations

import numpy as np
import pytest

from ossuary.engine.rng import Rng
from ossuary.rl import Table

from .helpers import TABLES, encoder_or_skip, random_positions, table_id


def _swapped(table: Table, seat: int, seed: int) -> Table:
    return table.resample(seat, Rng(seed))


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_swapping_hidden_cards_changes_nothing_the_seat_gets(table: tuple[str, int]) -> None:
    game, seats = table
    encoder_or_skip(game, seats)
    checked = changed = 0
    for seed in (1, 2):
        for k, t in enumerate(random_positions(game, seats, seed, limit=150)):
            if k % 3:
                continue
            seat = t.seat()
            assert seat is not None
            other = _swapped(t, seat, seed * 1000 + k)
            if other.state.serialize() != t.state.serialize():
                changed += 1  # the swap really moved hidden cards
            assert np.array_equal(t.observation(seat), other.observation(seat))
            assert np.array_equal(t.mask(), other.mask())
            assert np.array_equal(t.info_state(seat), other.info_state(seat))
            checked += 1
    assert checked > 20
    assert changed > checked // 2, "resample should deal hidden cards differently"


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_hidden_cards_change_the_truth_but_not_the_view(table: tuple[str, int]) -> None:
    """The same, the other way round: the opponents' hands really differ between
    the two states (so the test could fail), yet the seat's observation does not."""
    game, seats = table
    encoder_or_skip(game, seats)
    seen_difference = False
    for t in random_positions(game, seats, 11, limit=60):
        seat = t.seat()
        assert seat is not None
        other = _swapped(t, seat, 99)
        for q in range(seats):
            if q != seat and t.state.view(q) != other.state.view(q):
                seen_difference = True
        assert np.array_equal(t.observation(seat), other.observation(seat))
    assert seen_difference


def test_observation_differs_when_the_seats_own_hand_differs() -> None:
    """The check above can fail: the seat's own hidden hand does show in its
    observation (so equality is not because the encoder ignores hands)."""
    from ossuary import games

    g = games.get("hecatomb")
    enc = g.research.encoder(2)
    a = Table(g, enc, g.new_game(seats=2, seed=1))
    seat = a.seat()
    assert seat is not None
    # another deal: the seat's own hand is different
    b = Table(g, enc, g.new_game(seats=2, seed=2, first=seat))
    assert not np.array_equal(a.observation(seat), b.observation(seat))
