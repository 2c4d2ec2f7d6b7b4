"""Little Whist's entry in Ossuary's registry: the one object the command
line, the agents, the arena, the server and the RL environments talk to. The
package's ``pyproject.toml`` names it (``whist = "little_whist.entry:GAME"``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from ossuary.engine.core import GameState
from ossuary.engine.game import DeckSpec, Game

from .game import deserialize, new_game  # also binds the rules
from .state import RULES, SEATS


class LittleWhist(Game):
    name = "whist"
    title = "Little Whist"
    summary = "Sixteen cards, four tricks: follow suit, take the most tricks."
    seat_counts = SEATS
    rules = RULES
    encoder_at = ".encode:WhistEncoder"
    # what the front ends ask beyond the rules, in facets.py (engine/facets.py
    # has the kernel's defaults for every facet not named here)
    facets: ClassVar[dict[str, str]] = {
        "cards": ".facets:WhistCards",
        "terminal": ".facets:WhistTerminal",
        "checks": ".facets:WhistChecks",
        "lessons": ".facets:WhistLessons",
    }

    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        return new_game(seats, seed, first)  # one shared deck: there are no decks to choose

    deserialize = staticmethod(deserialize)


GAME = LittleWhist()
