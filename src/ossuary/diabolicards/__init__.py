"""Diabolicards: 1v1 and 2v2 on the three-zone mat, with contracts, Diabolicals
and Scorched Earth (the guide, ``shared/reference/diabolicards-guide.txt``; the
FAQ, ``shared/seeds/004``).

>>> from ossuary import diabolicards
>>> s = diabolicards.new_game(seats=2, seed=1)
>>> s.decision().kind
'turn'

The package has Hecatomb's rooms: ``state`` (plain data), ``rules`` (setup, the
turn, contracts, the end), ``mat`` (cards onto and off the mat), ``effects``
(abilities and the card language's verbs), ``deaths`` (kills, counters,
discard), ``scorched`` (the last two's scenarios), ``cards`` + ``schema`` +
``data/`` (the deck), ``queries``, ``view``, ``words``, ``scenario``,
``evaluate``, ``board``, ``entry``, ``fuzz``. It has no ``decks`` module: every
game shares the one 80-card deck, so there are no deck lists to build, check or
ship (``new_game`` refuses any).
"""

from ..engine.errors import IllegalAction
from .cards import CardDef, deck, load_card_file
from .game import SavedGameError, deserialize, new_game
from .scenario import load_scenario
from .state import RULESET, VERSION, DiaboState

__all__ = [
    "GAME",
    "RULESET",
    "VERSION",
    "CardDef",
    "DiaboState",
    "IllegalAction",
    "SavedGameError",
    "deck",
    "deserialize",
    "load_card_file",
    "load_scenario",
    "new_game",
]

from .entry import GAME
