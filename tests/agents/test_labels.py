"""Agents that read ids only are given no labels (``reads_labels = False``,
``agents.base.legal_for``): the promise checked from outside, by playing each
such agent with the labels and without them and comparing its choices (the
research environments' side: tests/rl/test_opponent_labels.py)."""

from __future__ import annotations

from typing import Any

import pytest

from ossuary import games
from ossuary.agents import Observation, make_agent
from ossuary.agents.base import Needs, legal_for
from ossuary.engine.rng import Rng

#: every built-in agent that says it reads no labels, cheap budgets
SPECS = ("random", "heuristic", "ismcts:iters=24", "learned", "guided:iters=12")


def _positions(game: str, seed: int, count: int) -> list[Any]:
    """Mid-game states with a choice (more than one option), from random play."""
    state, rng = games.get(game).new_game(seats=2, seed=seed), Rng(seed)
    found: list[Any] = []
    while not state.is_terminal() and len(found) < count:
        if len(state.legal_action_ids()) > 1:
            found.append(state.clone())
        state.apply_action(rng.choice(state.legal_action_ids()))
    return found


@pytest.mark.parametrize("game", games.names())
@pytest.mark.parametrize("spec", SPECS)
def test_an_agent_that_reads_no_labels_chooses_the_same_without_them(game: str, spec: str) -> None:
    probe = make_agent(spec, 5)
    assert getattr(probe, "reads_labels", True) is False
    needs: Needs = getattr(probe, "observes", "samples")
    for state in _positions(game, 40, 6):
        seat = state.current_player()
        labelled = state.legal_actions()
        assert all(a.label for a in labelled)  # the words are there to lose
        blank = legal_for(probe, state)
        assert [a.id for a in blank] == [a.id for a in labelled]
        assert all(a.label == "" for a in blank)
        with_words = make_agent(spec, 5).act(Observation.of(state, seat, labelled, needs))
        without = make_agent(spec, 5).act(Observation.of(state, seat, blank, needs))
        assert with_words == without
