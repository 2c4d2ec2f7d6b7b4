"""The research environments build labels for an opponent exactly when it
reads them (``reads_labels``, ``agents.base.legal_for``; the agents' side:
tests/agents/test_labels.py)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ossuary import rl
from ossuary.agents import Observation
from ossuary.engine.core import Action
from ossuary.rl import aec as aec_module
from ossuary.rl import single as single_module


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
