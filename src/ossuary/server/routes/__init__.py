"""The server's HTTP and socket routes, one router a room: pages, games,
cards and decks, deck trials, the game socket, and the host's (health,
readiness, metrics)."""

from __future__ import annotations

from . import decks, games, ops, pages, queue, socket, trials

ROUTERS = [
    pages.router,
    games.router,
    decks.router,
    trials.router,
    queue.router,
    socket.router,
    ops.router,
]

__all__ = ["ROUTERS"]
