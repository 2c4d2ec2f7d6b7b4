"""Hecatomb's entry in Ossuary's game registry (:mod:`ossuary.games`).

Everything outside this package reaches Hecatomb through :data:`GAME`: the
command line, the agents, the arena, the server, simulation and RL. What the
front ends ask beyond the rules is in its facets (``facets.py``), named here
and imported when the registry checks the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ..engine.core import GameState
from ..engine.game import DeckSpec, Game
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

    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        return new_game(decks=None if decks is None else list(decks), seats=seats, seed=seed,
                        first=first)  # fmt: skip

    deserialize = staticmethod(deserialize)
    load_scenario = staticmethod(load_scenario)


GAME = HecatombGame()
