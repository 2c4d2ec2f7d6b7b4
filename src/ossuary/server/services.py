"""The server's rooms as the routes reach them: one :class:`Services` per app."""

from __future__ import annotations

from dataclasses import dataclass

from starlette.requests import HTTPConnection

from .config import ServerConfig
from .db import Database
from .decks import DeckChecks
from .doorway import Doorway
from .hub import Hub
from .lobby import Lobby
from .metrics import Metrics
from .queue import Matchmaker
from .trials import TrialBoard, TrialDesk


@dataclass
class Services:
    """What the lifespan starts and every route uses."""

    config: ServerConfig
    db: Database
    hub: Hub
    lobby: Lobby
    trials: TrialDesk
    doorway: Doorway  # sockets not yet announced (routes/socket.py)
    checks: DeckChecks  # deck checks, off the event loop
    metrics: Metrics
    board: TrialBoard  # the trials as every process sees them
    stopping: bool = False  # shutting down: not ready for anything new
    queue: Matchmaker | None = None  # "Play someone": the matchmaking queues


def services(request: HTTPConnection) -> Services:
    """The services of the app serving ``request`` (a FastAPI dependency)."""
    found: Services = request.app.state.services
    return found


def client_of(request: HTTPConnection) -> str | None:
    """Who sent ``request``: its address, for the limits per client."""
    return request.client.host if request.client else None
