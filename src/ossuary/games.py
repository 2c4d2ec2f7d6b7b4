"""The registry of games: one name, one package, one :class:`~ossuary.engine.game.Game`.

Everything that serves every game (the command line, agents, arena, server,
simulation, RL environments) finds a game here by name and talks to it only
through its ``GAME`` object and the kernel's state API. Adding a game is one
line in :data:`GAMES` and a package that exposes ``GAME``.

>>> from ossuary import games
>>> games.get("hecatomb").title
'Hecatomb'
"""

from __future__ import annotations

import difflib
import importlib

from .engine.errors import OssuaryError
from .engine.game import Game, check_game_class

#: name -> the package that holds the game (imported on first use)
GAMES: dict[str, str] = {
    "hecatomb": "ossuary.hecatomb",
    "necromancer": "ossuary.necromancer",
    "diabolicards": "ossuary.diabolicards",
}

DEFAULT = "hecatomb"


class UnknownGame(OssuaryError):
    """A game name that is not in the registry."""


def names() -> list[str]:
    """The registered games, the default first."""
    return list(GAMES)


def get(name: str) -> Game:
    """The game called ``name`` (case-insensitive), importing its package."""
    key = name.strip().lower()
    module = GAMES.get(key)
    if module is None:
        close = difflib.get_close_matches(key, GAMES, n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise UnknownGame(f"unknown game {name!r}{hint}; known games: {', '.join(GAMES)}")
    game: Game = importlib.import_module(module).GAME
    check_game_class(game)
    return game
