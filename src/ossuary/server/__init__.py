"""Ossuary's web server: play any registered game in the browser, online.

``ossuary serve`` runs :func:`create_app` with uvicorn. The pieces:

- ``app.py``: the REST API, the game socket, the static browser client;
- ``hub.py``: the live games, and the one way an action lands (checked, stored,
  then sent);
- ``messages.py``: every outgoing message, built from the seat's view only;
- ``protocol.py``: every incoming request and message, checked by pydantic;
- ``storage.py`` and ``db.py``: games as action logs in SQLAlchemy, group commit;
- ``ai.py``: computer seats thinking in a process pool;
- ``static/``: the lobby and the game page (plain ES modules, no build step).

``docs/server.md`` documents the API, the protocol, and the board hook a game
uses to give its own browser board.
"""

from .app import ServerConfig, create_app
from .serve import serve

__all__ = ["ServerConfig", "create_app", "serve"]
