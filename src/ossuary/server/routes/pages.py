"""The browser's pages (plain HTML files: each page's module fetches its data)
and each game's board files."""

from __future__ import annotations

import re
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

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
    folder = decks.game_of(game).web_assets()
    if folder is None or not ASSET_NAME.match(name) or not (folder / name).is_file():
        raise RequestError(f"no board file {name!r} for {game!r}", 404)
    return FileResponse(folder / name)
