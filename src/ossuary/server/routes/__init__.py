"""The server's HTTP and socket routes, one router a room: pages, games,
cards and decks, deck trials, and the game socket."""

from __future__ import annotations

from . import decks, games, pages, socket, trials

ROUTERS = [pages.router, games.router, decks.router, trials.router, socket.router]

__all__ = ["ROUTERS"]
