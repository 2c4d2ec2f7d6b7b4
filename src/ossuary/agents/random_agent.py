"""The simplest agent: a uniform choice among the legal actions."""

from __future__ import annotations

from ..engine.core import Action
from ..engine.rng import Rng
from .base import View


class RandomAgent:
    """Picks uniformly among the legal actions with its own seeded :class:`Rng`."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, view: View, legal: list[Action]) -> str:
        if not legal:
            raise ValueError("no legal actions to choose from")
        return self.rng.choice(legal).id
