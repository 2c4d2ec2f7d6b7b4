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

from .engine.errors import BrokenGame, UnknownGame
from .engine.registry import get, names

#: the game a front end offers when none is named
DEFAULT = "hecatomb"

__all__ = ["DEFAULT", "BrokenGame", "UnknownGame", "get", "names"]
