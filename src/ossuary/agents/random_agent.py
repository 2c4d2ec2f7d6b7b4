"""The simplest agent: a uniform choice among the legal actions."""

from __future__ import annotations

from ..engine.rng import Rng
from .base import Observation


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded :class:`Rng`."""

    name = "random"
    observes = "legal"  # it needs neither the view nor samples
    reads_labels = False  # ids only (agents.base.legal_for)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, obs: Observation) -> str:
        if not obs.legal:
            raise ValueError("no legal actions to choose from")
        return self.rng.choice(obs.legal).id
