"""Diabolicards: 1v1 and 2v2 on the three-zone mat (work in progress)."""

from .game import deserialize, new_game
from .state import RULESET, VERSION, DiaboState

__all__ = ["RULESET", "VERSION", "DiaboState", "deserialize", "new_game"]

from ..engine.replay import register_ruleset as _register

_register(RULESET, VERSION, new_game)
