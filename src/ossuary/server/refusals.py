"""What the server's parts share to refuse a request and to keep tokens: a
module of its own, so that the hub and the deck store need not import each
other."""

from __future__ import annotations

import hashlib

from ..engine.errors import OssuaryError


class RequestError(OssuaryError):
    """A request the server refuses; ``status`` is the HTTP status to answer."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()
