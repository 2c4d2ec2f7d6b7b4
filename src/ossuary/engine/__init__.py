"""The game-agnostic kernel shared by all three games (see DESIGN.md)."""

from .core import Action, Decision, GameState
from .errors import (
    CardFileError,
    DeckError,
    IllegalAction,
    OssuaryError,
    QueryError,
    ReplayError,
    SampleError,
    ScenarioError,
    SetupError,
    StateError,
    UnknownSeat,
)
from .replay import Replay
from .rng import Rng

__all__ = [
    "Action",
    "CardFileError",
    "Decision",
    "DeckError",
    "GameState",
    "IllegalAction",
    "OssuaryError",
    "QueryError",
    "Replay",
    "ReplayError",
    "Rng",
    "SampleError",
    "ScenarioError",
    "SetupError",
    "StateError",
    "UnknownSeat",
]
