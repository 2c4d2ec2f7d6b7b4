"""Diabolicards' entry in Ossuary's game registry (:mod:`ossuary.games`)."""

from __future__ import annotations

from typing import ClassVar

from ..engine.game import Game, facet_classes
from .game import deserialize, new_game
from .scenario import load_scenario
from .state import MODES, RULES


class DiabolicardsGame(Game):
    rules = RULES  # bound in game.py, imported above; the game's name is its ruleset's
    knowledge_at = ".evaluate:KNOWLEDGE"
    encoder_at = ".encode:DiabolicardsEncoder"
    lesson_at = ".lesson"
    facets = facet_classes("Diabolicards", "cards", "terminal", "statistics", "checks", "lessons")
    title = "Diabolicards"
    summary = "Build, steal or wipe out power on a three-zone mat; 1v1 or 2v2."
    seat_counts = (2, 4)
    modes: ClassVar[dict[str, int]] = dict(MODES)

    # the rules modules' functions are the methods: same arguments, same answers
    new_game = staticmethod(new_game)
    deserialize = staticmethod(deserialize)
    load_scenario = staticmethod(load_scenario)

    def teams(self, seats: int) -> list[int]:
        """Side ``k`` holds seat ``k`` (1v1) or seats ``k`` and ``k + 2`` (2v2)."""
        return [seat % 2 for seat in range(seats)]


GAME = DiabolicardsGame()
