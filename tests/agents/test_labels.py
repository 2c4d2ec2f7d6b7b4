"""Agents that read ids only are given no labels (``reads_labels = False``,
``agents.base.legal_for``): the promise checked from outside, by playing each
such agent with the labels and without them and comparing its choices, and
the research environments' opponents given labels exactly when they read them."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ossuary import games, rl
from ossuary.agents import Observation, make_agent
from ossuary.agents.base import legal_for
from ossuary.engine.core import Action
from ossuary.engine.rng import Rng
from ossuary.rl import aec as aec_module
from ossuary.rl import single as single_module

#: every built-in agent that says it reads no labels, cheap budgets
SPECS = ("random", "heuristic", "ismcts:iters=24", "learned", "guided:iters=12")


def _positions(game: str, seed: int, count: int) -> list[Any]:
    """Mid-game states with a choice (more than one option), from random play."""
    state, rng, found = games.get(game).new_game(seats=2, seed=seed), Rng(seed), []
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
    needs = getattr(probe, "observes", "samples")
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


class _Recorder:
    """An opponent that keeps the labels it was given."""

    observes = "legal"

    def __init__(self, reads: bool) -> None:
        self.reads_labels = reads
        self.name = "recorder"
        self.seen: list[list[Action]] = []

    def act(self, obs: Observation) -> str:
        self.seen.append(list(obs.legal))
        return obs.legal[0].id


@pytest.mark.parametrize("reads", [True, False])
@pytest.mark.parametrize("kind", ["gym", "aec"])
def test_the_environments_build_labels_only_for_opponents_that_read_them(
    monkeypatch: pytest.MonkeyPatch, kind: str, reads: bool
) -> None:
    recorder = _Recorder(reads)
    module = single_module if kind == "gym" else aec_module
    monkeypatch.setattr(module, "make_agent", lambda *_a, **_k: recorder)
    if kind == "gym":
        env: Any = rl.gym_env("hecatomb", opponents="random")
        obs, _ = env.reset(seed=3)
        rng = np.random.default_rng(3)
        for _ in range(40):
            obs, _r, done, cut, _i = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            if done or cut:
                break
    else:
        env = rl.raw_env("hecatomb", opponents=["random"])
        env.reset(seed=3)
        rng = np.random.default_rng(3)
        for _ in range(40):
            if env.terminations[env.agent_selection] or env.truncations[env.agent_selection]:
                break
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(int(rng.choice(np.flatnonzero(mask))))
    assert recorder.seen, "the opponent never decided"
    labels = [a.label for legal in recorder.seen for a in legal]
    if reads:
        assert all(labels), "an opponent that reads labels was given empty ones"
    else:
        assert not any(labels), "labels were built for an opponent that reads none"
