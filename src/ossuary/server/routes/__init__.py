"""The server's HTTP and socket routes, one router a room: pages, games,
cards and decks, deck trials, matchmaking, the game socket, the host's
(health, readiness, metrics), accounts, and players (profiles, leaderboards)."""

from __future__ import annotations

from . import accounts, decks, games, ops, pages, players, queue, socket, trials

ROUTERS = [
    pages.router,
    games.router,
    decks.router,
    trials.router,
    queue.router,
    socket.router,
    ops.router,
    accounts.router,
    players.router,
]

__all__ = ["ROUTERS"]
