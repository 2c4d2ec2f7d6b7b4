"""The games' REST API: create, list, look at, join, and replay step by step."""

from __future__ import annotations

import logging
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from ... import games
from ...engine.errors import OssuaryError
from .. import ai, replays
from ..accounts import Account, signed_in
from ..catalog import catalog
from ..errors import RequestError, bearer, checked_id, no_token_in_url
from ..hub import Hub
from ..live import damaged_summary, summary
from ..protocol import CreateGame
from ..services import Services, client_of, services
from ..storage import GameRecord
from . import accounts as accounts_routes

log = logging.getLogger("ossuary.server")

router = APIRouter()
Served = Annotated[Services, Depends(services)]
SignedIn = Annotated[Account | None, Depends(signed_in)]


@router.get("/api/catalog")
async def get_catalog() -> dict[str, Any]:
    """The games this server plays: seats, modes, decks, boards, AI levels."""
    return catalog()


@router.post("/api/games", status_code=201)
async def create_game(
    body: CreateGame, request: Request, s: Served, account: SignedIn
) -> dict[str, Any]:
    """Create a game: its id, each human seat's secret token and join link,
    and the spectators' link. A signed-in creator holds the first seat handed
    out (the others are for whoever opens their links)."""
    if body.rated and account is None:
        raise RequestError("sign in to make a rated game: a rating belongs to an account", 401)
    record, tokens = await s.lobby.create(body, client_of(request))
    log.info("game %s created: %s, seats %s", record.id, record.game, body.seats)
    if account is not None and tokens:
        await accounts_routes.bind(s, record, min(tokens), account)
    base = f"/g/{record.id}"
    return {
        "id": record.id,
        "game": record.game,
        "seats": [
            {"seat": seat, "token": token, "link": f"{base}#token={token}"}
            for seat, token in sorted(tokens.items())
        ],
        "players": [{"seat": s.seat, "kind": ai.public_name(s.kind)} for s in record.seats],
        "spectate": base,
        "socket": f"/ws/games/{record.id}",
        "seed": record.seed if body.seed is not None else None,
    }


@router.get("/api/games")
async def list_games(s: Served) -> dict[str, Any]:
    """Open (public, with a free seat), in-progress and finished games."""
    hub = s.hub
    records = await hub.db.call(hub.db.store.list_games)
    out = [await _listed(hub, record) for record in records]
    return {
        "open": [s for s in out if s["open_seats"] and not s["damaged"]],
        "playing": [s for s in out if s["status"] == "playing" and not s["damaged"]],
        "finished": [s for s in out if s["status"] != "playing" and not s["damaged"]],
        "damaged": [s for s in out if s["damaged"]],
    }


async def _listed(hub: Hub, record: GameRecord) -> dict[str, Any]:
    """A stored game as the lobby lists it; whatever its rows hold, a game
    this server can't read or rebuild is listed as damaged, with why."""
    live = hub.live.get(record.id)
    if live is not None:
        return hub.summary(live)
    if record.damaged is not None:
        return damaged_summary(record, record.damaged)
    why = hub.damaged.get(record.id)
    try:
        g = games.get(record.game)
        n = await hub.db.call(hub.db.store.count_actions, record.id)
        return summary(record, g, n=n, damaged=why)
    except OssuaryError as exc:
        return damaged_summary(record, why or f"this server can't read it: {exc}")
    except Exception as exc:  # what its rows hold makes no game: say so, list the rest
        return damaged_summary(record, why or f"this server can't read it ({type(exc).__name__})")


@router.get("/api/games/{game_id}")
async def get_game(game_id: str, s: Served) -> dict[str, Any]:
    return s.hub.summary(await s.hub.get(checked_id(game_id)))


@router.post("/api/games/{game_id}/join")
async def join_game(game_id: str, s: Served, account: SignedIn) -> dict[str, Any]:
    """Take a free seat of a public game (held by the account, when one is
    signed in and holds no other seat of it)."""
    if account is not None:
        await _not_seated(s, checked_id(game_id), account)
    seat, token = await s.lobby.claim(checked_id(game_id))
    if account is not None:
        await accounts_routes.bind(s, (await s.hub.get(game_id)).record, seat, account)
    return {"seat": seat, "token": token, "link": f"/g/{game_id}#token={token}"}


async def _not_seated(s: Services, game_id: str, account: Account) -> None:
    """Refuse (409) an account joining a game it already holds a seat of."""
    g = await s.hub.get(game_id)
    if any(seat.account_id == account.id for seat in g.record.seats):
        raise RequestError("you already play a seat of this game", 409)


@router.get("/api/games/{game_id}/replay")
async def get_replay(game_id: str, request: Request, s: Served, step: int = 0) -> dict[str, Any]:
    """Step ``step`` of the game as a seat saw it: the seat's token in the
    ``Authorization: Bearer`` header (none: as a spectator saw it)."""
    hub = s.hub
    no_token_in_url(request.query_params)
    if not await hub.replay_allowed(client_of(request)):
        raise RequestError(
            f"too many replay steps at once: at most {replays.STEPS_PER_SECOND:g} a second",
            429,
        )
    g = await hub.get(checked_id(game_id))
    seat = hub.seat_of(g, bearer(request.headers.get("authorization")))
    return await hub.replay(g, seat, step)
