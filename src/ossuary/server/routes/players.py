"""Players: a public profile (ratings and rated games) and the leaderboards,
as JSON and as pages (docs/server.md, "Ratings")."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import HTMLResponse

from .. import decks, profiles
from ..errors import RequestError
from ..services import Services, services
from .pages import page

router = APIRouter()
Served = Annotated[Services, Depends(services)]
NO_PLAYER = "there is no player called {!r}"


@router.get("/api/players/{username}")
async def get_player(username: str, s: Served) -> dict[str, Any]:
    """A player's public profile: ``ratings`` per game and mode, and ``recent``
    rated games (date, game, mode, result in words, opponents, the replay)."""
    found = await s.hub.db.call(profiles.profile, s.hub.db.store, username[:40])
    if found is None:
        raise RequestError(NO_PLAYER.format(username[:40]), 404)
    return found


@router.get("/api/leaderboard")
async def get_leaderboard(s: Served, game: str = "", mode: str = "") -> dict[str, Any]:
    """The best rated players of a game and mode (the game's first mode when
    none is named)."""
    g = decks.game_of(game or "hecatomb")
    modes = profiles.modes_of(g)
    chosen = mode or modes[0]
    if chosen not in modes:
        raise RequestError(f"{g.title} is rated as {', '.join(modes)}, not {mode[:40]!r}", 400)
    players = await s.hub.db.call(profiles.leaderboard, s.hub.db.store, g.name, chosen)
    return {"game": g.name, "title": g.title, "mode": chosen, "modes": modes, "players": players}


@router.get("/players/{username}", include_in_schema=False)
async def player_page(username: str, s: Served) -> HTMLResponse:
    await get_player(username, s)  # no such player: the 404 page, saying so
    return page("players")


@router.get("/leaderboard", include_in_schema=False)
async def leaderboard_page() -> HTMLResponse:
    return page("players")
