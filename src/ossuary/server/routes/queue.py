""" "Play someone": join, leave and watch a matchmaking queue (server/queue.py)."""

from __future__ import annotations

import secrets
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import Field

from ..accounts import require_account
from ..errors import RequestError, token_hash
from ..protocol import MAX_SEATS, GameName, Strict
from ..queue import Matchmaker, Player
from ..services import Services, services

router = APIRouter()
Served = Annotated[Services, Depends(services)]

#: a long-lived random key of the browser, apart from any account's session:
#: one browser queues one player at a time, whoever is signed in
BROWSER_COOKIE = "ossuary_browser"
BROWSER_DAYS = 365


class JoinQueue(Strict):
    """``POST /api/queue``: the queue (a game, and its mode or its number of
    players), the deck as the lobby takes it (none: the game's default), and
    after how many seconds the computer may fill the empty seats (none: never)."""

    game: GameName
    mode: Annotated[str, Field(min_length=1, max_length=40)] | None = None
    seats: Annotated[int, Field(ge=1, le=MAX_SEATS)] | None = None
    deck: Annotated[str, Field(max_length=100)] | None = None
    fill_after: Annotated[int, Field(ge=5, le=3600)] | None = None


async def _player(request: Request) -> Player:
    """Who asks: the signed-in account (a 401 for a guest; a request that
    changes something carries the session's CSRF token, or is refused)."""
    account = await require_account(request)
    return Player(id=account.id, name=account.username)


Signed = Annotated[Player, Depends(_player)]


def _browser(request: Request, response: Response) -> str:
    """A hash of the browser's key (a new key given with this answer if it had none)."""
    key = request.cookies.get(BROWSER_COOKIE)
    if not key or len(key) > 64:
        key = secrets.token_urlsafe(18)
        response.set_cookie(
            BROWSER_COOKIE, key, max_age=BROWSER_DAYS * 86_400, path="/", httponly=True,
            samesite="lax", secure=request.url.scheme == "https",
        )  # fmt: skip
    return token_hash(key)


def _queue(s: Services) -> Matchmaker:
    if s.queue is None:
        raise RequestError("this server is not matching players", 503)
    return s.queue


@router.post("/api/queue", status_code=201)
async def join_queue(
    body: JoinQueue, request: Request, response: Response, player: Signed, s: Served
) -> dict[str, Any]:
    """Wait for a game against people of about your rating."""
    return await _queue(s).join(
        player, _browser(request, response), body.game, body.mode, body.seats, body.deck,
        body.fill_after,
    )  # fmt: skip


@router.delete("/api/queue")
async def leave_queue(player: Signed, s: Served) -> dict[str, Any]:
    """Stop waiting (at any time)."""
    return await _queue(s).leave(player)


@router.get("/api/queue")
async def look_at_queue(player: Signed, s: Served) -> dict[str, Any]:
    """Where you stand: waiting (for how long, in what window), or matched
    (your game's link, and once your seat's token)."""
    return await _queue(s).look(player)
