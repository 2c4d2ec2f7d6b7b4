"""The web application: the REST API, the game sockets and the browser client.

See ``docs/server.md`` for the API and the socket protocol. The browser client
is plain HTML, CSS and ES modules in ``static/`` (and each game's board in its
own package), served as files: nothing to build, nothing fetched from
elsewhere at run time.
"""

from __future__ import annotations

import asyncio
import contextlib
import html
import json
import logging
import re
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException
from starlette.websockets import WebSocketDisconnect, WebSocketState

from .. import __version__, games
from ..agents import known_agents
from ..engine.errors import OssuaryError
from ..engine.game import Game, NotSupported
from ..tutorial import lesson, lessons
from . import ai, decks, replays, trials
from .db import Database
from .hub import HOLD_SECONDS, OVERFLOW_CODE, Conn, Hub, LiveGame, board_url
from .messages import error
from .protocol import (
    MAX_BODY,
    ActionMessage,
    BadMessage,
    CheckDeck,
    CreateGame,
    EditDeck,
    PingMessage,
    ReclaimMessage,
    SaveDeck,
    StartTrial,
    TakeoverMessage,
    parse_auth,
    parse_message,
)
from .refusals import RequestError
from .storage import Store, default_sqlite_url, safe_url

log = logging.getLogger("ossuary.server")
STATIC = Path(__file__).parent / "static"
ASSET_NAME = re.compile(r"^[A-Za-z0-9_-]{1,64}\.(js|css|svg|png|json)$")
GAME_ID = re.compile(r"^[A-Za-z0-9_-]{1,32}$")


@dataclass
class ServerConfig:
    """How a server runs: its database, its AI workers, and the AI time guard."""

    db_url: str = ""
    ai_workers: int = ai.default_workers()
    #: seconds an AI may take at most for one decision (its own budget is
    #: shorter; past this the default option is taken)
    ai_limit: float = 60.0
    #: games in progress one client (address) may have created at once
    max_live_games: int = 20
    #: a game nobody has played or watched for this long ends as abandoned
    expire_days: float = 7.0
    #: processes for deck trials, at the lowest priority (0: trials run on the
    #: search workers, after any game's waiting decision)
    trial_workers: int = 1
    #: games a trial plays against each deck of the field (None: the simulator's default)
    trial_games: int | None = None
    #: seconds every response window stays open at least (docs/server.md, "Auto-pass")
    hold_seconds: float = HOLD_SECONDS
    #: learned policies offered in the lobby besides the shipped ones
    #: (``ossuary serve --policy PATH`` or ``NAME=PATH``)
    policies: list[str] = field(default_factory=list)

    def url(self) -> str:
        return self.db_url or default_sqlite_url()


# -- request body size ---------------------------------------------------------------------
ASGIApp = Callable[..., Awaitable[None]]


class BodyLimit:
    """Refuse request bodies over ``MAX_BODY`` bytes before anyone reads them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(
        self,
        scope: MutableMapping[str, Any],
        receive: Callable[[], Awaitable[MutableMapping[str, Any]]],
        send: Callable[[MutableMapping[str, Any]], Awaitable[None]],
    ) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(self.limit)(scope, receive, send)
            return
        # Read the whole body here (at most the limit) before the app sees any
        # of it: a chunked body (no Content-Length) over the limit is refused
        # with the same 413, never half-read by the app as a malformed body.
        parts: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":  # the client left
                return
            body = message.get("body", b"")
            seen += len(body)
            if seen > self.limit:
                await _too_large(self.limit)(scope, receive, send)
                return
            parts.append(body)
            if not message.get("more_body", False):
                break
        whole = {"type": "http.request", "body": b"".join(parts), "more_body": False}
        given = False

        async def replay() -> MutableMapping[str, Any]:
            nonlocal given
            if not given:
                given = True
                return whole
            return await receive()  # after the body: the disconnect, when it comes

        await self.app(scope, replay, send)


def _too_large(limit: int) -> Response:
    return JSONResponse({"error": f"request body too large (over {limit:,} bytes)"}, 413)


# -- the application ---------------------------------------------------------------------------
def create_app(config: ServerConfig | None = None) -> FastAPI:
    """The server as an ASGI application (``ossuary serve`` runs it with uvicorn)."""
    config = config or ServerConfig()
    ai.offer_policies(config.policies)  # a bad policy file is refused before serving

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        url = config.url()
        store = await asyncio.to_thread(Store, url)
        db = Database(store)
        db.start()
        pool = ai.make_pool(config.ai_workers, config.trial_workers)
        hub = Hub(db, pool, config.ai_limit, config.max_live_games, config.expire_days,
                  hold=config.hold_seconds)  # fmt: skip
        app.state.hub = hub
        app.state.trials = trials.TrialDesk(pool, config.trial_games)
        resumed = await hub.resume_all()
        log.info("database %s: %d game(s) resumed", safe_url(url), resumed)
        await hub.sweep()
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(hub.sweeping())
        trial_sweeper = loop.create_task(app.state.trials.sweeping())
        try:
            yield
        finally:
            sweeper.cancel()
            trial_sweeper.cancel()
            await app.state.trials.close()
            await hub.close()
            pool.shutdown()
            await db.close()

    app = FastAPI(
        title="Ossuary",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.add_middleware(BodyLimit)

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    def desk_of(request: Request) -> trials.TrialDesk:
        desk: trials.TrialDesk = request.app.state.trials
        return desk

    @app.exception_handler(RequestError)
    async def _request_error(request: Request, exc: RequestError) -> Response:
        if exc.status == 404 and _wants_page(request):
            return _not_found_page(str(exc))
        return JSONResponse({"error": str(exc)}, exc.status)

    @app.exception_handler(HTTPException)
    async def _no_route(request: Request, exc: HTTPException) -> Response:
        # a mistyped address in a browser gets a page; an API client its JSON
        if exc.status_code == 404 and _wants_page(request):
            return _not_found_page(f"No page is at {request.url.path}.")
        return await http_exception_handler(request, exc)

    @app.exception_handler(decks.Unreadable)
    async def _unreadable(request: Request, exc: decks.Unreadable) -> JSONResponse:
        # a deck whose lines can't be read: why, and each problem with its line
        # and the cards it may have meant
        return JSONResponse({"error": str(exc), "problems": exc.checked["problems"]}, exc.status)

    @app.exception_handler(Exception)
    async def _failed(request: Request, exc: Exception) -> JSONResponse:
        # a bug: the client gets the API's JSON error, the log one line with the
        # request and the error (the traceback only at debug level)
        log.error("%s %s failed: %s: %s", request.method, request.url.path,
                  type(exc).__name__, exc, exc_info=log.isEnabledFor(logging.DEBUG))  # fmt: skip
        return JSONResponse({"error": "the server failed to answer this request"}, 500)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = []
        for err in exc.errors()[:5]:
            where = ".".join(str(p) for p in err.get("loc", ()) if p != "body")
            parts.append(f"{where}: {err.get('msg')}" if where else str(err.get("msg")))
        return JSONResponse({"error": "; ".join(parts) or "invalid request"}, 422)

    # -- pages --------------------------------------------------------------------------------
    @app.get("/", include_in_schema=False)
    async def lobby() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/g/{game_id}", include_in_schema=False)
    async def game_page(game_id: str) -> FileResponse:
        return FileResponse(STATIC / "game.html")

    @app.get("/cards/{game}", include_in_schema=False)
    async def gallery_page(game: str) -> FileResponse:
        decks.game_of(game)
        return FileResponse(STATIC / "gallery.html")

    @app.get("/cards/{game}/card/{name:path}", include_in_schema=False)
    async def card_page(game: str, name: str) -> FileResponse:
        decks.game_of(game)
        return FileResponse(STATIC / "gallery.html")

    @app.get("/rules/{game}", include_in_schema=False)
    async def rules_page(game: str) -> FileResponse:
        decks.game_of(game)
        return FileResponse(STATIC / "gallery.html")

    @app.get("/decks/new/{game}", include_in_schema=False)
    async def new_deck_page(game: str) -> FileResponse:
        if not decks.has_deck_lists(decks.game_of(game)):
            raise RequestError(f"{decks.game_of(game).title} has no decks to build", 404)
        return FileResponse(STATIC / "deck.html")

    @app.get("/decks/{deck_id}", include_in_schema=False)
    async def deck_page(deck_id: str) -> FileResponse:
        return FileResponse(STATIC / "deck.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/boards/{game}/{name}", include_in_schema=False)
    async def board_asset(game: str, name: str) -> FileResponse:
        folder = _game(game).web_assets()
        if folder is None or not ASSET_NAME.match(name) or not (folder / name).is_file():
            raise RequestError(f"no board file {name!r} for {game!r}", 404)
        return FileResponse(folder / name)

    # -- the lobby's data -----------------------------------------------------------------------
    @app.get("/api/catalog")
    async def get_catalog() -> dict[str, Any]:
        """The games this server plays: seats, modes, decks, boards, AI levels."""
        return catalog()

    @app.get("/api/catalog/{game}/cards")
    async def get_cards(game: str) -> dict[str, Any]:
        """Every card of a game (public facts: the board shows their full text)."""
        g = _game(game)
        try:
            cards = g.cards()
        except NotSupported:
            cards = []
        # what the card panel calls each field ("Minion type", not minion_type)
        fields = {f: f.replace("_", " ").capitalize() for c in cards for f in c}
        fields.update(dict(g.card_columns()))
        return {"game": g.name, "cards": cards, "fields": fields}

    @app.get("/api/catalog/{game}/gallery")
    async def get_gallery(game: str) -> dict[str, Any]:
        """A game's cards as the card gallery and the deck builder show them: each
        card with its search text and the filter values it matches (those of
        ``ossuary cards``), the filters, the sorts, the glossary and the decks."""
        return decks.gallery(_game(game).name)

    @app.post("/api/decks/check")
    async def check_deck(body: CheckDeck) -> dict[str, Any]:
        """A deck list checked as ``ossuary deck check`` does, same messages, each
        problem with what it is about (a card, a line, the deck's size)."""
        return decks.check(_game(body.game), body.text, body.name or "pasted deck")

    # -- saved decks ----------------------------------------------------------------------------
    @app.post("/api/decks", status_code=201)
    async def save_deck(body: SaveDeck, request: Request) -> dict[str, Any]:
        """Save a deck (a draft too): its id, its secret edit token, the private edit
        link (the token after '#') and the public read-only link."""
        db = hub_of(request).db
        g = decks.game_of(body.game, 400)
        client = request.client.host if request.client else None
        count = await db.call(db.store.count_decks, decks.client_key(client))
        record, token, checked = decks.new_deck(g, body.name, body.text, client, count)
        await _stored(db.call(db.store.save_deck, record))
        log.info("deck %s saved (%s)", record.id, record.game)
        return {
            "id": record.id,
            "game": record.game,
            "name": record.name,
            "legal": record.legal,
            "problems": checked["problems"],
            "token": token,
            "edit": f"/decks/{record.id}#edit={token}",
            "link": f"/decks/{record.id}",
        }

    @app.get("/api/decks/{deck_id}")
    async def get_deck(deck_id: str, request: Request) -> dict[str, Any]:
        """A saved deck, for anyone with its id: game, name, text, cards."""
        return decks.deck_answer(await _deck(request, deck_id))

    @app.put("/api/decks/{deck_id}")
    async def edit_deck(deck_id: str, body: EditDeck, request: Request) -> dict[str, Any]:
        """Change a saved deck's name or text: its edit token in the header
        ``Authorization: Bearer TOKEN``."""
        _no_token_in_url(request.query_params)
        record = await _deck(request, deck_id)
        decks.owns(record, _token(_bearer(request.headers.get("authorization"))))
        name = body.name if body.name is not None else record.name
        text = body.text if body.text is not None else record.text
        checked = decks.readable(decks.game_of(record.game), text, name)
        record.name, record.text, record.legal = name, text, checked["ok"]
        record.updated = time.time()
        db = hub_of(request).db
        await _stored(db.call(db.store.update_deck, record))
        return decks.deck_answer(record)

    @app.delete("/api/decks/{deck_id}")
    async def delete_deck(deck_id: str, request: Request) -> dict[str, Any]:
        """Delete a saved deck (its edit token in the header, as for editing)."""
        _no_token_in_url(request.query_params)
        record = await _deck(request, deck_id)
        decks.owns(record, _token(_bearer(request.headers.get("authorization"))))
        db = hub_of(request).db
        await _stored(db.call(db.store.delete_deck, record.id))
        return {"deleted": record.id}

    async def _deck(request: Request, deck_id: str) -> Any:
        db = hub_of(request).db
        record = await db.call(db.store.load_deck, _id(deck_id, "deck"))
        if record is None:
            raise RequestError(f"no saved deck {deck_id!r}", 404)
        return record

    # -- deck trials ----------------------------------------------------------------------------
    @app.post("/api/trials", status_code=201)
    async def start_trial(body: StartTrial, request: Request) -> dict[str, Any]:
        """Try a legal deck against its game's preconstructed decks on the AI
        workers; poll ``GET /api/trials/{id}`` (a trial nobody polls stops)."""
        client = request.client.host if request.client else None
        desk = desk_of(request)
        return desk.answer(desk.start(decks.game_of(body.game, 400), body.text, client))

    @app.get("/api/trials/{trial_id}")
    async def get_trial(trial_id: str, request: Request) -> dict[str, Any]:
        """How a trial goes: games played of those planned, the win rates so far."""
        desk = desk_of(request)
        return desk.answer(desk.get(_id(trial_id, "trial")))

    @app.post("/api/trials/{trial_id}/stop")
    async def stop_trial(trial_id: str, request: Request) -> dict[str, Any]:
        """Stop a trial (its page was closed, or its player asked)."""
        desk = desk_of(request)
        return desk.answer(desk.stop(_id(trial_id, "trial"), "stopped by its player"))

    # -- games -------------------------------------------------------------------------------------
    @app.post("/api/games", status_code=201)
    async def create_game(body: CreateGame, request: Request) -> dict[str, Any]:
        """Create a game: its id, each human seat's secret token and join link,
        and the spectators' link."""
        hub = hub_of(request)
        record, tokens = await hub.create(body, request.client.host if request.client else None)
        log.info("game %s created: %s, seats %s", record.id, record.game, body.seats)
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

    @app.get("/api/games")
    async def list_games(request: Request) -> dict[str, Any]:
        """Open (public, with a free seat), in-progress and finished games."""
        hub = hub_of(request)
        records = await hub.db.call(hub.db.store.list_games)
        out = []
        for record in records:
            live = hub.live.get(record.id)
            if live is not None:
                out.append(hub.summary(live))
                continue
            try:
                g = games.get(record.game)
            except OssuaryError:
                continue
            from .hub import summary

            n = await hub.db.call(hub.db.store.count_actions, record.id)
            out.append(summary(record, g, n=n, damaged=hub.damaged.get(record.id)))
        return {
            "open": [s for s in out if s["open_seats"] and not s["damaged"]],
            "playing": [s for s in out if s["status"] == "playing" and not s["damaged"]],
            "finished": [s for s in out if s["status"] != "playing" and not s["damaged"]],
            "damaged": [s for s in out if s["damaged"]],
        }

    @app.get("/api/games/{game_id}")
    async def get_game(game_id: str, request: Request) -> dict[str, Any]:
        hub = hub_of(request)
        return hub.summary(await hub.get(_id(game_id)))

    @app.post("/api/games/{game_id}/join")
    async def join_game(game_id: str, request: Request) -> dict[str, Any]:
        """Take a free seat of a public game."""
        seat, token = await hub_of(request).claim(_id(game_id))
        return {"seat": seat, "token": token, "link": f"/g/{game_id}#token={token}"}

    @app.get("/api/games/{game_id}/replay")
    async def get_replay(game_id: str, request: Request, step: int = 0) -> dict[str, Any]:
        """Step ``step`` of the game as a seat saw it: the seat's token in the
        ``Authorization: Bearer`` header (none: as a spectator saw it)."""
        hub = hub_of(request)
        _no_token_in_url(request.query_params)
        if not hub.replays.allow(request.client.host if request.client else None):
            raise RequestError(
                f"too many replay steps at once: at most {replays.STEPS_PER_SECOND:g} a second",
                429,
            )
        g = await hub.get(_id(game_id))
        seat = hub.seat_of(g, _token(_bearer(request.headers.get("authorization"))))
        return await hub.replay(g, seat, step)

    # -- the game socket ----------------------------------------------------------------------
    @app.websocket("/ws/games/{game_id}")
    async def game_socket(websocket: WebSocket, game_id: str) -> None:
        await websocket.accept()
        hub = hub_of(websocket)
        try:
            _no_token_in_url(websocket.query_params)
            token = await _auth(websocket)
            g = await hub.get(_id(game_id))
            seat = hub.seat_of(g, _token(token))
        except RequestError as exc:
            with contextlib.suppress(Exception):
                await websocket.send_text(json.dumps(error(str(exc), "refused")))
                await websocket.close(code=4000 + exc.status)
            return
        except _Gone:
            return
        conn = Conn(seat)
        loop = asyncio.get_running_loop()
        sender = loop.create_task(_sender(websocket, conn))
        conn.on_overflow = lambda: _drop(websocket, sender, conn)
        await hub.connect(g, conn)
        try:
            await _receive(websocket, hub, g, conn)
        finally:
            hub.disconnect(g, conn)
            await asyncio.gather(sender, return_exceptions=True)  # cancelled, on overflow
            if conn.closing is not None:
                await asyncio.gather(conn.closing, return_exceptions=True)

    return app


async def _receive(websocket: WebSocket, hub: Hub, g: LiveGame, conn: Conn) -> None:
    seat = conn.seat
    while not conn.closed:
        try:
            frame = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):
            return
        if frame["type"] == "websocket.disconnect":
            return
        try:
            msg = parse_message(frame.get("text"))
        except BadMessage as exc:
            conn.send(error(str(exc), "bad_message"))
            continue
        try:
            # shielded: a socket dropped mid-action must not cut an action
            # between its commit and the game taking it
            reply = await asyncio.shield(_dispatch(hub, g, seat, msg))
        except Exception:  # a bug must not kill the socket or leak a traceback
            log.exception("game %s: message %r failed", g.id, msg)
            reply = error("the server failed to handle that message", "internal")
        if reply is not None:
            conn.send(reply)


async def _dispatch(
    hub: Hub,
    g: LiveGame,
    seat: int | None,
    msg: ActionMessage | TakeoverMessage | ReclaimMessage | PingMessage,
) -> dict[str, Any] | None:
    reply: dict[str, Any] | None = None
    if isinstance(msg, PingMessage):
        reply = {"type": "pong"}
    elif seat is None:
        reply = error("spectators watch; they cannot act", "spectator")
    elif isinstance(msg, ActionMessage):
        reply = await hub.act(g, seat, msg.id, seq=msg.seq)
    elif isinstance(msg, TakeoverMessage):
        reply = await hub.takeover(g, seat, msg.seat)
    elif isinstance(msg, ReclaimMessage):
        reply = await hub.reclaim(g, seat)
    return reply


def _drop(websocket: WebSocket, sender: asyncio.Task[None], conn: Conn) -> None:
    """A reader whose queue overflowed: stop writing to it (the sender may be
    stuck writing to a reader that doesn't read) and close it at once with
    ``OVERFLOW_CODE`` and a reason, rather than leave its page frozen until the
    keepalive gives up; the page reconnects and is sent the whole state."""
    sender.cancel()

    async def close() -> None:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(
                websocket.close(code=OVERFLOW_CODE, reason="too far behind: reconnect"), 2
            )

    conn.closing = asyncio.get_running_loop().create_task(close())


async def _sender(websocket: WebSocket, conn: Conn) -> None:
    """Write ``conn``'s queue to the socket, in order, until it closes."""
    try:
        while True:
            msg = await conn.queue.get()
            if msg is None:
                break
            await websocket.send_text(json.dumps(msg, separators=(",", ":")))
    except Exception:  # the peer went away: the receiver notices too
        conn.closed = True
    if websocket.application_state == WebSocketState.CONNECTED and not conn.overflowed:
        with contextlib.suppress(Exception):
            await websocket.close(code=1000)


def _wants_page(request: Request) -> bool:
    """A browser asking for a page (not the API, a socket or a script's fetch)."""
    path = request.url.path
    return not path.startswith(("/api/", "/ws/")) and "text/html" in request.headers.get(
        "accept", ""
    )


def _not_found_page(reason: str) -> HTMLResponse:
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


def _game(name: str) -> Game:
    try:
        return games.get(name)
    except OssuaryError as exc:
        raise RequestError(str(exc), 404) from None


def _id(game_id: str, what: str = "game") -> str:
    if not GAME_ID.match(game_id):
        raise RequestError(f"a {what} id is 1 to 32 letters, digits, '-' or '_'", 404)
    return game_id


async def _stored(write: Awaitable[None]) -> None:
    """A database write the client waits for; a failure is a clear 503."""
    try:
        await write
    except Exception as exc:
        log.error("cannot store a deck: %s", exc)
        raise RequestError("the deck could not be saved; try again", 503) from None


AUTH_SECONDS = 10.0  # how long a new socket may take to send its auth message


class _Gone(Exception):
    """The socket closed before it said who it is."""


async def _auth(websocket: WebSocket) -> str | None:
    """The token of the socket's first message (None: a spectator)."""
    try:
        frame = await asyncio.wait_for(websocket.receive(), AUTH_SECONDS)
    except TimeoutError:
        raise RequestError(
            f'no {{"type": "auth"}} message within {AUTH_SECONDS:.0f} seconds', 408
        ) from None
    except (WebSocketDisconnect, RuntimeError):
        raise _Gone from None
    if frame["type"] == "websocket.disconnect":
        raise _Gone
    try:
        return parse_auth(frame.get("text")).token
    except BadMessage as exc:
        raise RequestError(str(exc), 400) from None


def _no_token_in_url(params: Any) -> None:
    """Refuse a token in a URL's query: URLs end up in server and proxy logs
    and in browsers' history, so a secret there is a secret given away."""
    if "token" in params or "edit" in params:
        raise RequestError(
            "a seat's token never goes in a URL (logs and history keep URLs): send it "
            'in the socket\'s first message {"type": "auth", "token": ...}, or to the '
            "REST API in the header 'Authorization: Bearer TOKEN'",
            400,
        )


def _bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer TOKEN`` header (None: no header)."""
    if header is None:
        return None
    scheme, _, value = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not value.strip():
        raise RequestError("the Authorization header must be 'Bearer TOKEN'", 403)
    return value.strip()


def _token(token: str | None) -> str | None:
    if token is not None and len(token) > 100:
        raise RequestError("token too long", 403)
    return token


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
            shipped = g.preconstructed()
            out.append(
                {
                    "name": g.name,
                    "title": g.title,
                    "summary": g.summary,
                    "seat_counts": list(g.seat_counts),
                    "modes": dict(g.modes),
                    "teams": {str(n): g.teams(n) for n in g.seat_counts},
                    "decks": [
                        {"name": d, "about": g.deck_about(d), "cards": len(cards)}
                        for d, cards in shipped.items()
                    ],
                    "board": board_url(g),
                    "cards": f"/cards/{g.name}",
                    "deck_lists": decks.has_deck_lists(g),
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
