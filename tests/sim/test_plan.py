"""A run's games as a pure function of their index: seating, seeds, chunks, and the
configuration file (docs/simulation.md, "How a run is played")."""

from __future__ import annotations

import contextlib
import json
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ossuary.sim.plan import (
    Deck,
    SimConfig,
    SimError,
    chunks,
    cycle_length,
    lineups,
    missing,
    seating,
)

DECKS = tuple(Deck(f"d{i}", ("x",)) for i in range(4))


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("agents", [("a", "b"), ("a", "b", "c")])
def test_a_full_cycle_seats_every_agent_and_deck_in_every_place_equally(
    seats: int, agents: tuple[str, ...]
) -> None:
    config = SimConfig("hecatomb", agents, seats=seats, deck_mode="list", decks=DECKS)
    n = cycle_length(config)
    plan = [seating(config, i) for i in range(n)]
    assert [p.seed for p in plan] == [config.seed + i for i in range(n)]
    # turn-order place of each agent and each deck: all equal
    agent_place: Counter[tuple[str, int]] = Counter()
    deck_place: Counter[tuple[int, int]] = Counter()
    pairing: Counter[tuple[str, int]] = Counter()
    for p in plan:
        assert p.decks is not None
        for seat in range(seats):
            place = (seat - p.first) % seats
            agent_place[(p.labels[seat], place)] += 1
            deck_place[(p.decks[seat], place)] += 1
            pairing[(p.labels[seat], p.decks[seat])] += 1
    # (with fewer agents than seats an agent may sit twice at a table: compare
    # each agent's counts with its own)
    for a in set(config.labels):
        assert len({agent_place[(a, place)] for place in range(seats)}) == 1
        assert len({pairing[(a, d)] for d in range(len(DECKS))}) == 1
    assert len(set(deck_place.values())) == 1
    assert Counter(p.first for p in plan) == {s: n // seats for s in range(seats)}


def test_small_runs_meet_every_pair_of_decks_first() -> None:
    config = SimConfig("hecatomb", ("a",), deck_mode="list", decks=DECKS)
    pairs = {frozenset(seating(config, i).decks or ()) for i in range(len(lineups(4, 2)))}
    assert len(pairs) == 6  # C(4, 2): every pair in the first six games


def test_fewer_agents_than_seats_repeat_around_the_table() -> None:
    config = SimConfig("hecatomb", ("heuristic", "heuristic"), seats=4)
    assert config.labels == ("heuristic", "heuristic#2")
    assert set(seating(config, 5).labels) == {"heuristic", "heuristic#2"}


def test_missing_and_chunks_cover_each_index_once() -> None:
    done = [(0, 10), (20, 25), (30, 40)]
    gaps = missing(done, 45)
    assert gaps == [(10, 20), (25, 30), (40, 45)]
    cut = chunks(gaps, 4)
    assert cut == [(10, 12), (12, 16), (16, 20), (25, 28), (28, 30), (40, 44), (44, 45)]
    covered = [i for a, b in done + cut for i in range(a, b)]
    assert sorted(covered) == list(range(45))
    assert missing([(0, 50)], 45) == []


def test_configuration_round_trips_through_json() -> None:
    config = SimConfig("hecatomb", ("heuristic", "random"), 3, "list", DECKS, 7, 500)
    back = SimConfig.from_json(json.loads(json.dumps(config.to_json())))
    assert back == config and back.labels == config.labels
    assert back.key() == config.key()


@pytest.mark.parametrize(
    "bad",
    [
        {},
        {"game": "hecatomb"},
        {"game": "hecatomb", "agents": [], "seats": 2, "deck_mode": "default", "decks": [],
         "seed": 1, "max_actions": 10},
        {"game": "hecatomb", "agents": ["random"], "seats": 2, "deck_mode": "list", "decks": [],
         "seed": 1, "max_actions": 10},
        {"game": "hecatomb", "agents": ["random"], "seats": "two", "deck_mode": "default",
         "decks": [], "seed": 1, "max_actions": 10},
    ],
)  # fmt: skip
def test_a_bad_configuration_is_a_clear_error(bad: dict[str, Any]) -> None:
    with pytest.raises(SimError):
        SimConfig.from_json(bad)


JSONISH = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=6)
    ),
    max_leaves=20,
)


@settings(max_examples=150, deadline=None)
@given(JSONISH)
def test_the_configuration_loader_never_crashes_on_random_input(data: Any) -> None:
    with contextlib.suppress(SimError):
        SimConfig.from_json(data)


def test_a_short_run_already_varies_who_goes_first() -> None:
    """Six decks at four seats: fifteen line-ups before any other rotation; the
    first player and the agent in the first seat change within them anyway."""
    config = SimConfig("hecatomb", ("random", "heuristic"), seats=4, deck_mode="list",
                       decks=tuple(Deck(f"d{i}", ("x",)) for i in range(6)))  # fmt: skip
    plan = [seating(config, i) for i in range(15)]
    assert len({frozenset(p.decks or ()) for p in plan}) == 15
    assert set(Counter(p.first for p in plan).values()) <= {3, 4}
    firsts = Counter(p.labels[p.first] for p in plan)
    assert min(firsts.values()) >= 6
