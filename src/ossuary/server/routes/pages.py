"""The browser's pages (plain HTML files: each page's module fetches its data)
and each game's board files."""

from __future__ import annotations

import html
import re
from pathlib import Path

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from ... import games
from .. import decks
from ..errors import RequestError

STATIC = Path(__file__).resolve().parent.parent / "static"
ASSET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(js|css|svg|png|json)$")

router = APIRouter(include_in_schema=False)


@router.get("/")
async def lobby() -> FileResponse:
    return FileResponse(STATIC / "index.html")


@router.get("/g/{game_id}")
async def game_page(game_id: str) -> FileResponse:
    return FileResponse(STATIC / "game.html")


@router.get("/cards/{game}")
async def gallery_page(game: str) -> FileResponse:
    decks.game_of(game)
    return FileResponse(STATIC / "gallery.html")


@router.get("/cards/{game}/card/{name:path}")
async def card_page(game: str, name: str) -> FileResponse:
    decks.game_of(game)
    return FileResponse(STATIC / "gallery.html")


@router.get("/rules/{game}")
async def rules_page(game: str) -> FileResponse:
    decks.game_of(game)
    return FileResponse(STATIC / "gallery.html")


@router.get("/decks/new/{game}")
async def new_deck_page(game: str) -> FileResponse:
    if not decks.has_deck_lists(decks.game_of(game)):
        raise RequestError(f"{decks.game_of(game).title} has no decks to build", 404)
    return FileResponse(STATIC / "deck.html")


@router.get("/decks/{deck_id}")
async def deck_page(deck_id: str) -> FileResponse:
    return FileResponse(STATIC / "deck.html")


@router.get("/boards/{game}/{name}")
async def board_asset(game: str, name: str) -> FileResponse:
    folder = decks.game_of(game).browser.assets()
    if folder is None or not ASSET_NAME.match(name) or not (folder / name).is_file():
        raise RequestError(f"no board file {name!r} for {game!r}", 404)
    return FileResponse(folder / name)


def wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, a socket or a script's fetch)."""
    path = request.url.path
    return not path.startswith(("/api/", "/ws/")) and "text/html" in request.headers.get(
        "accept", ""
    )


def not_found_page(reason: str) -> HTMLResponse:
    """The 404 page a browser shows: why, and where to go instead (the lobby and
    every game's cards)."""
    links = "\n".join(
        f'      <li><a href="/cards/{html.escape(name)}">'
        f"{html.escape(games.get(name).title)} cards</a></li>"
        for name in games.names()
    )
    page = (STATIC / "notfound.html").read_text("utf-8")
    page = page.replace("<!--reason-->", html.escape(reason)).replace("<!--games-->", links)
    return HTMLResponse(page, 404)
