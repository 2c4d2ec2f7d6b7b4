"""Hecatomb (2005): the whole rulebook, enforced.

>>> from ossuary import hecatomb
>>> s = hecatomb.new_game(seed=1)
>>> s.decision().kind
'main'
"""

from ..engine.errors import IllegalAction
from .cards import CardDef, CardPool, base_pool, load_card_file
from .decks import parse_deck_lines, preconstructed, validate_deck
from .game import deserialize, new_game
from .scenario import load_scenario
from .state import RULESET, VERSION, HecatombState

__all__ = [
    "GAME",
    "RULESET",
    "VERSION",
    "CardDef",
    "CardPool",
    "HecatombState",
    "IllegalAction",
    "base_pool",
    "deserialize",
    "load_card_file",
    "load_scenario",
    "new_game",
    "parse_deck_lines",
    "preconstructed",
    "validate_deck",
]

from .entry import GAME
