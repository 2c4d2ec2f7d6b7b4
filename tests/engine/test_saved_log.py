"""The saved log's one-pass check (``plain_log``) accepts only what the checks
event by event accept, and accepts a real game's log: it may make loading a
saved game cheaper, never laxer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary import games
from ossuary.engine.errors import StateError
from ossuary.engine.rng import Rng
from ossuary.engine.saved import MAX_INT, MAX_TEXT, Checker, plain_log

SEATS = 3
TEXTS = st.one_of(
    st.text(max_size=8),
    st.sampled_from(["Snap", "\x00", "\x1b[2J", "\x7f", "\u202e", "a\u200db", "é", "\u2028"]),
    st.just("x" * MAX_TEXT),
    st.just("x" * (MAX_TEXT + 1)),
)
NUMBERS = st.one_of(
    st.integers(min_value=-5, max_value=5),
    st.sampled_from([MAX_INT - 1, MAX_INT, -MAX_INT, -MAX_INT - 1, SEATS - 1, SEATS]),
)
SCALARS = st.one_of(st.none(), st.booleans(), NUMBERS, TEXTS, st.floats(allow_nan=False))
ITEMS = st.one_of(NUMBERS, TEXTS, st.booleans(), st.none(), st.lists(NUMBERS, max_size=2))
VALUES = st.one_of(
    SCALARS,
    st.lists(ITEMS, max_size=4),
    st.just(list(range(101))),
    st.dictionaries(TEXTS, SCALARS, max_size=2),
)
KEYS = st.one_of(st.sampled_from(["e", "card", "cards", "private", "seat"]), TEXTS)
EVENTS = st.one_of(
    st.dictionaries(KEYS, VALUES, max_size=5),
    st.dictionaries(KEYS, VALUES, min_size=21, max_size=22),
    SCALARS,
)


def accepted(events: Any, seats: int = SEATS) -> bool:
    try:
        Checker(StateError, "test")._log_events(events, "log", seats)
    except StateError:
        return False
    return True


@settings(max_examples=400, deadline=None)
@given(st.lists(EVENTS, max_size=4))
def test_the_one_pass_accepts_only_what_the_event_checks_accept(events: list[Any]) -> None:
    if plain_log(events, SEATS):
        assert accepted(events)


@pytest.mark.parametrize(
    "event",
    [
        {"e": "x", "card": "\x1b[2J"},
        {"e": "x", "cards": ["Snap", "\u202e"]},
        {"e": "x", "card": {"a": 1}},
        {"e": "x", "cards": [True]},
        {"e": "x", "n": 1.5},
        {"e": "x", "n": MAX_INT},
        {"e": "x", "private": SEATS},
        {"e": "x", "private": True},
        {"e": 3},
        {"e": "x", "card": "x" * (MAX_TEXT + 1)},
        {"card": "Snap"},
        3,
    ],
)
def test_a_bad_event_is_refused_by_both(event: Any) -> None:
    events = [{"e": "draw", "seat": 0}, event]
    assert not plain_log(events, SEATS)
    with pytest.raises(StateError, match="log event 1"):
        Checker(StateError, "test").log(events, "log", SEATS)


@pytest.mark.parametrize("seed", [3, 4])
def test_a_saved_hecatomb_log_passes_in_one_pass(seed: int) -> None:
    """Hecatomb's loader checks its log with :meth:`Checker.log`."""
    game = games.get("hecatomb")
    state = game.new_game(seats=4, seed=seed)
    rng = Rng(seed)
    while not state.is_terminal() and state.ply < 300:
        state.apply_action(rng.choice(state.legal_action_ids()))
    log = json.loads(state.serialize())["log"]  # as the loader reads it
    assert len(log) > 20
    assert plain_log(log, 4)
    assert accepted(log, 4)
