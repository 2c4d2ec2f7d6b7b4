"""Rated games as players read them: who may ask for one, a player's profile,
the leaderboards, and a rated game's end (docs/server.md, "Ratings").

The ratings themselves are applied in the transaction that stores a game's
end (``storage._rate_finished``); this module only reads them.
"""

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
