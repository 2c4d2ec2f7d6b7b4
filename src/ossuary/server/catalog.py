"""The lobby's data: every registered game as the browser needs it."""

from __future__ import annotations

import logging
from typing import Any

from .. import games
from ..agents import known_agents
from ..tutorial import lesson, lessons
from . import ai, trials
from .decks import has_deck_lists
from .live import board_url

log = logging.getLogger("ossuary.server")

_CATALOG: dict[str, Any] | None = None


def _learn(name: str) -> dict[str, Any] | None:
    found = lesson(name)
    return None if found is None else found.learn_json()


def catalog() -> dict[str, Any]:
    """Every registered game as the lobby needs it (computed once)."""
    global _CATALOG
    if _CATALOG is None:
        out = []
        for name in games.names():
            try:
                g = games.get(name)
            except Exception as exc:  # a game package still being built: leave it out
                log.warning("game %s is not available: %s", name, exc)
                continue
            shipped = g.decks.preconstructed()
            out.append(
                {
                    "name": g.name,
                    "title": g.title,
                    "summary": g.summary,
                    "seat_counts": list(g.seat_counts),
                    "modes": dict(g.modes),
                    "teams": {str(n): g.teams(n) for n in g.seat_counts},
                    "decks": [
                        {"name": d, "about": g.decks.about(d), "cards": len(cards)}
                        for d, cards in shipped.items()
                    ],
                    "board": board_url(g),
                    "cards": f"/cards/{g.name}",
                    "deck_lists": has_deck_lists(g),
                    # how to play and how to win, and whether a guided first game exists
                    "learn": _learn(g.name),
                    "tutorial": _learn(g.name) is not None,
                    # each guided game: its mode (null: the usual game), title, goal
                    "lessons": [t.about_json() for t in lessons(g.name)],
                }
            )
        _CATALOG = {"games": out, "agents": known_agents(), "trials": trials.available()}
    # the levels depend on the policies this server was started with
    # (a policy's level shows as "learned": the path of its file stays on the server)
    levels = {
        k: ai.public_name(v) if v.startswith("learned:") else v for k, v in ai.levels().items()
    }
    return {**_CATALOG, "ai_levels": levels, "ai_tables": ai.level_tables(),
            "ai_about": ai.level_about()}  # fmt: skip
