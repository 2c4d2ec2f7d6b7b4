"""Who may ask for a rated game (docs/server.md, "Ratings")."""

from __future__ import annotations

from collections.abc import Sequence

from .errors import RequestError
from .live import HUMAN
from .protocol import CreateGame


def rated_request(req: CreateGame, kinds: Sequence[str]) -> bool:
    """Whether a new game is rated; a RequestError (nothing made) when it asks
    to be and can't: a rated game is people only, and no lesson."""
    if not req.rated:
        return False
    if req.tutorial:
        raise RequestError("a guided first game can't be rated")
    if any(k != HUMAN for k in kinds):
        raise RequestError("a rated game is for people only: every seat must be Human")
    return True
