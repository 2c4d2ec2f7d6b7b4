"""Sockets at the door: accepted, not yet said who they are.

A socket holds a file descriptor and a task from the moment it connects, and
until its first message nothing says whose it is. So those are bounded: a
client (address) may hold :attr:`Doorway.per_client` of them, the server
:attr:`Doorway.total`; past that a socket is refused before it is accepted.
Only sockets to a game that exists wait at all (others are answered at once),
and they wait a few seconds (``ServerConfig.auth_seconds``).
"""

from __future__ import annotations


class Doorway:
    """Sockets that have not said who they are yet: a client may hold
    ``per_client`` of them, the server ``total`` (each holds a file descriptor
    and a task until its first message or the wait runs out)."""

    def __init__(self, per_client: int, total: int) -> None:
        self.per_client = per_client
        self.total = total
        self.waiting: dict[str | None, int] = {}
        self.count = 0

    def enter(self, client: str | None) -> bool:
        if self.count >= self.total or self.waiting.get(client, 0) >= self.per_client:
            return False
        self.waiting[client] = self.waiting.get(client, 0) + 1
        self.count += 1
        return True

    def leave(self, client: str | None) -> None:
        self.count -= 1
        left = self.waiting[client] - 1
        if left:
            self.waiting[client] = left
        else:
            del self.waiting[client]
