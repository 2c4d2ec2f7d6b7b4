"""What every room of the server shares about requests: the refusal it
answers with, and the small checks on what a request names (ids, tokens).

Nothing here knows a game, a socket or a database, so every other module may
import it (the lobby, the decks, the trials, the routes) without a circle.
"""

from __future__ import annotations

import hashlib
import re
from typing import Any

from ..engine.errors import OssuaryError

ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")
MAX_TOKEN = 100


class RequestError(OssuaryError):
    """A request the server refuses; ``status`` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400, retry_after: int | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.retry_after = retry_after  # seconds, for a 429's Retry-After header


def token_hash(token: str) -> str:
    """What is stored of a secret token: its SHA-256 (the token never is)."""
    return hashlib.sha256(token.encode()).hexdigest()


def checked_id(value: str, what: str = "game") -> str:
    """``value`` if it is shaped like a game's (or deck's, trial's) id, else a 404."""
    if not ID.match(value):
        raise RequestError(f"a {what} id is 1 to 32 letters, digits, '-' or '_'", 404)
    return value


SECRET_PARAMS = ("token", "edit")


def no_token_in_url(params: Any) -> None:
    """Refuse a token in a URL's query: URLs end up in server and proxy logs
    and in browsers' history, so a secret there is a secret given away."""
    if any(name.lower() in SECRET_PARAMS for name in params):
        raise RequestError(
            "a seat's token never goes in a URL (logs and history keep URLs): send it "
            'in the socket\'s first message {"type": "auth", "token": ...}, or to the '
            "REST API in the header 'Authorization: Bearer TOKEN'",
            400,
        )


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no header)."""
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise RequestError("the Authorization header must be 'Bearer TOKEN'", 403)
    return sized_token(value.strip())


def sized_token(token: str | None) -> str | None:
    if token is not None and len(token) > MAX_TOKEN:
        raise RequestError("token too long", 403)
    return token
