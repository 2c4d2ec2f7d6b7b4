"""Ossuary's web server: play any registered game in the browser, online.

``ossuary serve`` runs :func:`create_app` with uvicorn. The rooms:

- ``app.py``: the rooms put together (``services.py``), ``config.py``: how it runs;
- ``routes/``: the routers: pages, games, cards and decks, trials, the game socket;
- ``hub.py``: the live games, and the one way an action lands (checked, stored,
  then sent); ``live.py``: a live game and its sockets, and its summary;
- ``clocks.py``: who decides next: turn timers, abandoned seats, the AI's turn;
- ``lobby.py``: new games and free seats;
- ``messages.py``: every outgoing message, built from the seat's view only;
- ``protocol.py``: every incoming request and message, checked by pydantic;
- ``storage.py`` and ``db.py``: games as action logs in SQLAlchemy, group commit;
- ``ai.py``: computer seats thinking in a process pool;
- ``decks.py``, ``trials.py``, ``replays.py``, ``catalog.py``: cards and decks,
  deck trials, replay steps, the lobby's data;
- ``static/``: the lobby and the game page (plain ES modules, no build step).

``docs/server.md`` documents the API, the protocol, and the board hook a game
uses to give its own browser board.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .app import create_app
    from .config import ServerConfig
    from .serve import serve

__all__ = ["ServerConfig", "create_app", "serve"]
_WHERE = {"create_app": "app", "ServerConfig": "config", "serve": "serve"}


def __getattr__(name: str) -> Any:
    """The package's names, imported when first asked for: a module of the
    package that needs no web framework (``ai.py``, which the AI workers run)
    imports without it."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{_WHERE[name]}", __name__), name)
    globals()[name] = value
    return value
