"""The game-agnostic kernel shared by all three games (see DESIGN.md)."""

from .core import Action, Decision, GameState
from .errors import (
    CardFileError,
    DeckError,
    IllegalAction,
    OssuaryError,
    ReplayError,
    ScenarioError,
)
from .replay import Replay, register_ruleset
from .rng import Rng

__all__ = [
    "Action",
    "CardFileError",
    "Decision",
    "DeckError",
    "GameState",
    "IllegalAction",
    "OssuaryError",
    "Replay",
    "ReplayError",
    "Rng",
    "ScenarioError",
    "register_ruleset",
]
