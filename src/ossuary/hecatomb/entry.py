"""Hecatomb's entry in Ossuary's game registry (:mod:`ossuary.games`)."""

from __future__ import annotations

from ..engine.game import Game, facet_classes
from .game import deserialize, new_game
from .scenario import load_scenario
from .state import RULES


class HecatombGame(Game):
    rules = RULES  # bound in game.py, imported above; the game's name is its ruleset's
    knowledge_at = ".evaluate:KNOWLEDGE"
    encoder_at = ".encode:HecatombEncoder"
    lesson_at = ".lesson"
    facets = facet_classes(
        "Hecatomb", "cards", "decks", "terminal", "client", "statistics", "checks", "lessons"
    )
    title = "Hecatomb"
    summary = "Stack minions into abominations, attack to reap souls; 2 to 6 players."
    seat_counts = (2, 3, 4, 5, 6)

    # the rules modules' functions are the methods: same arguments, same answers
    new_game = staticmethod(new_game)
    deserialize = staticmethod(deserialize)
    load_scenario = staticmethod(load_scenario)


GAME = HecatombGame()
