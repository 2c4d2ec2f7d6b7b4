"""Path of the Necromancer: the whole core rulebook, enforced, with an original card set.

>>> from ossuary import necromancer
>>> s = necromancer.new_game(seed=1)
>>> s.decision().kind
'mulligan'
"""

from ..engine.errors import IllegalAction
from .cards import CardDef, CardPool, base_pool, load_card_file
from .decks import parse_deck_text, preconstructed, validate_deck
from .game import SavedGameError, deserialize, new_game
from .state import RULESET, VERSION, NecroState

__all__ = [
    "GAME",
    "RULESET",
    "VERSION",
    "CardDef",
    "CardPool",
    "IllegalAction",
    "NecroState",
    "SavedGameError",
    "base_pool",
    "deserialize",
    "load_card_file",
    "new_game",
    "parse_deck_text",
    "preconstructed",
    "validate_deck",
]

from .entry import GAME
