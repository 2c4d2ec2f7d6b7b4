"""The browser's pages (plain HTML: each page's module fetches its data) and each
game's board files.

Every page shares one head (``pages/shell.html``); a page's own file in ``pages/``
holds only what is inside its ``<body>``, and ``PAGES`` says its title, body class
and scripts. The server puts the two together when it serves the page."""

from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass
from email.utils import formatdate
from pathlib import Path
from string import Template

from fastapi import APIRouter, Request
from fastapi.responses import FileResponse, HTMLResponse

from ... import games
from .. import decks
from ..errors import RequestError

STATIC = Path(__file__).resolve().parent.parent / "static"
PAGE_FILES = Path(__file__).resolve().parent.parent / "pages"
ASSET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(js|css|svg|png|json)$")

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True)
class Page:
    """What a page's head says: its title, its ``<body>`` class and its scripts
    (modules in ``static/``)."""

    title: str
    body_class: str
    scripts: tuple[str, ...] = ()


PAGES: dict[str, Page] = {
    "index": Page("Ossuary", "lobby", ("lobby.js", "accountnav.js", "queue.js")),
    "game": Page("Ossuary game", "game-page", ("game.js",)),
    "gallery": Page("Cards · Ossuary", "gallery-page", ("gallery.js",)),
    "deck": Page("Deck builder · Ossuary", "builder-page", ("builder.js",)),
    "players": Page("Players · Ossuary", "players-page", ("players.js",)),
    "account": Page("Your account · Ossuary", "account-page", ("account.js",)),
    "notfound": Page("Not found · Ossuary", "not-found"),
}


def page_text(name: str) -> str:
    """The whole HTML of page ``name``: the shared head around the page's body.
    Read on every request, as the plain files were, so an edit shows at once."""
    spec = PAGES[name]
    scripts = "".join(
        f'  <script type="module" src="/static/{script}"></script>\n' for script in spec.scripts
    )
    shell = Template((PAGE_FILES / "shell.html").read_text("utf-8"))
    body = (PAGE_FILES / f"{name}.html").read_text("utf-8")
    return shell.substitute(
        title=spec.title, body_class=spec.body_class, scripts=scripts, body=body
    )


def page(name: str, text: str | None = None, status: int = 200) -> HTMLResponse:
    """Page ``name`` (or its ``text`` once filled in), with the validators a plain
    file had (an ETag of its bytes, and when its files last changed)."""
    text = page_text(name) if text is None else text
    changed = max((PAGE_FILES / f).stat().st_mtime for f in ("shell.html", f"{name}.html"))
    headers = {
        "ETag": f'"{hashlib.md5(text.encode(), usedforsecurity=False).hexdigest()}"',
        "Last-Modified": formatdate(changed, usegmt=True),
    }
    return HTMLResponse(text, status, headers)


@router.get("/")
async def lobby() -> HTMLResponse:
    return page("index")


@router.get("/g/{game_id}")
async def game_page(game_id: str) -> HTMLResponse:
    return page("game")


@router.get("/cards/{game}")
@router.get("/cards/{game}/card/{name:path}")
@router.get("/rules/{game}")
async def gallery_page(game: str, name: str = "") -> HTMLResponse:
    """The card gallery, one card of it, or the game's rules: one page whose module
    reads the address (an unknown game is a 404 here, before the page loads)."""
    decks.game_of(game)
    return page("gallery")


@router.get("/decks/new/{game}")
async def new_deck_page(game: str) -> HTMLResponse:
    if not decks.has_deck_lists(decks.game_of(game)):
        raise RequestError(f"{decks.game_of(game).title} has no decks to build", 404)
    return page("deck")


@router.get("/decks/{deck_id}")
async def deck_page(deck_id: str) -> HTMLResponse:
    return page("deck")


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
    text = page_text("notfound")
    text = text.replace("<!--reason-->", html.escape(reason)).replace("<!--games-->", links)
    return page("notfound", text, 404)
