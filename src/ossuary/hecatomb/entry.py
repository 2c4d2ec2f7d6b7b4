"""Hecatomb's entry in Ossuary's game registry (:mod:`ossuary.games`).

Everything outside this package reaches Hecatomb through :data:`GAME`: the
command line, the agents, the arena, the server, simulation and RL. What the
front ends ask beyond the rules is in its facets (``facets.py``), named here
and imported when the registry checks the game.
"""

from __future__ import annotations

from typing import ClassVar

from ..engine.game import Game
from .game import deserialize, new_game
from .scenario import load_scenario
from .state import RULES, RULESET


class HecatombGame(Game):
    name = RULESET
    rules = RULES  # bound in game.py, imported above
    knowledge_at = ".evaluate:KNOWLEDGE"
    encoder_at = ".encode:HecatombEncoder"
    lesson_at = ".lesson"
    facets: ClassVar[dict[str, str]] = {
        "cards": ".facets:HecatombCards",
        "decks": ".facets:HecatombDecks",
        "terminal": ".facets:HecatombTerminal",
        "client": ".facets:HecatombClient",
        "statistics": ".facets:HecatombStatistics",
        "checks": ".facets:HecatombChecks",
        "lessons": ".facets:HecatombLessons",
    }
    title = "Hecatomb"
    summary = "Stack minions into abominations, attack to reap souls; 2 to 6 players."
    seat_counts = (2, 3, 4, 5, 6)

    # the rules modules' functions are the methods: same arguments, same answers
    new_game = staticmethod(new_game)
    deserialize = staticmethod(deserialize)
    load_scenario = staticmethod(load_scenario)


GAME = HecatombGame()
