"""compact_json writes a saved state's text with orjson where that is the same
text json writes, and with json elsewhere: judged here against json itself,
on random values and on the saved states of random games of every game."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary import games
from ossuary.engine import Rng
from ossuary.engine.core import compact_json


def reference(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), sort_keys=True)


# what saved states hold (texts, whole numbers, true/false/null, arrays,
# objects), with the edges: any character, numbers past 64 bits, keys that are
# numbers (json writes them as texts), tuples
scalars = st.none() | st.booleans() | st.integers() | st.text() | st.integers(-(2**70), 2**70)
values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=5)
        | st.tuples(inner, inner)
        | st.dictionaries(st.text(max_size=8), inner, max_size=5)
        | st.dictionaries(st.integers(-3, 3), inner, max_size=3)
    ),
    max_leaves=30,
)


@given(values)
@settings(max_examples=400, deadline=None)
def test_the_same_text_as_json_for_any_value(value: Any) -> None:
    assert compact_json(value) == reference(value)


@pytest.mark.parametrize(
    "value",
    [
        {"name": "Zoë", "n": 1},  # a character beyond ASCII: json escapes it
        {"k": "\x7f"},  # DEL: json escapes it, orjson doesn't
        {"k": "tab\there\nand\x00nul"},
        {"rng": 2**64 - 1, "big": 2**64},  # the largest orjson writes, and past it
        {2: "b", 1: "a"},  # keys that are numbers, sorted as numbers
    ],
)
def test_the_edges_where_orjson_would_differ(value: Any) -> None:
    assert compact_json(value) == reference(value)


def test_a_value_json_refuses_is_refused() -> None:
    from dataclasses import dataclass

    @dataclass
    class Point:
        x: int

    with pytest.raises(TypeError):
        compact_json({"p": Point(1)})  # orjson would write it; json does not


@pytest.mark.parametrize("name", games.names())
def test_every_games_saved_states_are_jsons_text(name: str) -> None:
    game = games.get(name)
    for seats in game.seat_counts:
        for seed in range(3):
            state, rng = game.new_game(seats=seats, seed=seed), Rng(seed)
            for ply in range(400):
                if state.is_terminal():
                    break
                if ply % 25 == 0:
                    assert state.serialize() == reference(state.to_json())
                state.apply_action(rng.choice(state.legal_action_ids()))
            assert state.serialize() == reference(state.to_json())
