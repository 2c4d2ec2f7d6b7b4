"""Ossuary: a rules engine and play platform for three card games.

The games share one kernel (:mod:`ossuary.engine`): every choice a player makes
is a pending *decision* with a finite list of legal options, and the state is
plain data that clones, serializes and replays exactly.

>>> from ossuary import hecatomb
>>> state = hecatomb.new_game(seed=7)
>>> state.current_player() in (0, 1)
True

An option that is not legal now raises :class:`IllegalAction` (also importable
from each game package), which says which rule forbids it:

>>> from ossuary import IllegalAction
>>> try:
...     state.apply_action("no such option")
... except IllegalAction as exc:
...     print("refused")
refused
"""

from .engine.errors import IllegalAction, OssuaryError

__version__ = "0.1.0"
__all__ = ["IllegalAction", "OssuaryError", "__version__"]
