"""The registry of games, for the front ends: one name, one :class:`~ossuary.engine.game.Game`.

Everything that serves every game (the command line, agents, arena, server,
simulation, RL environments) finds a game here by name and talks to it only
through its ``Game`` object and the kernel's state API. The games themselves
are found through the ``ossuary.games`` entry points of the installed
packages (:mod:`ossuary.engine.registry`; ``docs/architecture.md``, "How a
game is registered").

>>> from ossuary import games
>>> games.get("hecatomb").title
'Hecatomb'
"""

from __future__ import annotations

from .engine import registry
from .engine.errors import BrokenGame, UnknownGame
from .engine.registry import get

#: the game a front end offers when none is named
DEFAULT = "hecatomb"
#: the order menus list Ossuary's own games in: an installed package's entry
#: points come back in alphabetical order (setuptools sorts them), so the order
#: pyproject.toml declares them in does not survive an install
MENU = ("hecatomb", "necromancer", "diabolicards")


def names() -> list[str]:
    """Every registered game: Ossuary's own in :data:`MENU`'s order, then the
    games of other installed packages as they are found."""
    found = registry.names()
    return sorted(found, key=lambda name: MENU.index(name) if name in MENU else len(MENU))


__all__ = ["DEFAULT", "BrokenGame", "UnknownGame", "get", "names"]
