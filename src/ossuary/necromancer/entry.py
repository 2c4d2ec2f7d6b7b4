"""Path of the Necromancer's entry in Ossuary's game registry (:mod:`ossuary.games`).

Everything outside this package reaches the game through :data:`GAME`: the
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


class NecromancerGame(Game):
    name = RULESET
    rules = RULES  # bound in game.py, imported above
    knowledge_at = ".evaluate:KNOWLEDGE"
    encoder_at = ".encode:NecromancerEncoder"
    lesson_at = ".lesson"
    facets: ClassVar[dict[str, str]] = {
        "cards": ".facets:NecromancerCards",
        "decks": ".facets:NecromancerDecks",
        "terminal": ".facets:NecromancerTerminal",
        "client": ".facets:NecromancerClient",
        "statistics": ".facets:NecromancerStatistics",
        "checks": ".facets:NecromancerChecks",
        "lessons": ".facets:NecromancerLessons",
    }
    title = "Path of the Necromancer"
    summary = "Heroes, lifeforce, a two-row field and a response window after every action; 2-4."
    seat_counts = (2, 3, 4)

    # the rules modules' functions are the methods: same arguments, same answers
    new_game = staticmethod(new_game)
    deserialize = staticmethod(deserialize)
    load_scenario = staticmethod(load_scenario)


GAME = NecromancerGame()
