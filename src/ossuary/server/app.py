"""The web application: the rooms of the server put together.

:func:`create_app` starts the rooms in its lifespan (the database thread, the
AI pool, the hub of live games, the lobby, the trial desk: :class:`Services`),
and serves the routers of :mod:`.routes` (pages, games, cards and decks,
trials, the game socket) and the static browser client. See
``docs/server.md`` for the API and the socket protocol.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.exceptions import HTTPException

from .. import __version__
from . import ai, decks, trials
from .cluster import cluster_for, serving_lock
from .config import ServerConfig
from .db import Database
from .doorway import Doorway
from .errors import RequestError
from .hub import Hub
from .lobby import Lobby
from .logs import RequestIds
from .metrics import Metrics
from .protocol import MAX_BODY
from .queue import Matchmaker
from .routes import ROUTERS
from .routes.pages import STATIC, not_found_page, wants_page
from .services import Services
from .storage import Store, safe_url

log = logging.getLogger("ossuary.server")

__all__ = ["ServerConfig", "create_app"]


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
        lock = serving_lock(url)  # SQLite: one serving process (refused here otherwise)
        store = await asyncio.to_thread(Store, url)
        db = Database(store)
        db.start()
        pool = ai.make_pool(config.ai_workers, config.trial_workers)
        warming = asyncio.get_running_loop().create_task(pool.warm())  # before any decision
        cluster = cluster_for(db, url)
        hub = Hub(db, pool, config.ai_limit, config.expire_days, hold=config.hold_seconds,
                  cluster=cluster)  # fmt: skip
        lobby = Lobby(hub, config.max_live_games)
        desk = trials.TrialDesk(pool, config.trial_games)
        doorway = Doorway(config.pending_per_client, config.pending_total)
        checks = decks.DeckChecks(config.deck_checks_per_second, config.deck_checks_burst)
        figures = Metrics()
        board = trials.TrialBoard(db, cluster.node, desk)
        served = Services(config, db, hub, lobby, desk, doorway, checks, figures, board)
        served.queue = Matchmaker(hub, lobby)
        app.state.services = served
        figures.watch(lambda: _figures(hub, pool), lambda: pool.queue_depths())
        cluster.lag = figures.fanout_lag.observe
        app.state.hub = hub  # the tests look inside
        app.state.trials = desk
        resumed = await hub.resume_all()
        await cluster.start(hub)
        log.info("database %s: %d game(s) resumed", safe_url(url), resumed)
        await hub.sweep()
        loop = asyncio.get_running_loop()
        sweeper = loop.create_task(hub.sweeping())
        trial_sweeper = loop.create_task(board.sweeping())
        matcher = loop.create_task(served.queue.running())
        try:
            yield
        finally:
            served.stopping = True
            for task in (sweeper, trial_sweeper, warming, matcher):
                task.cancel()
            await desk.close()
            await hub.close()
            pool.shutdown()
            await db.close()
            if lock is not None:
                lock.close()

    app = FastAPI(
        title="Ossuary",
        version=__version__,
        lifespan=lifespan,
        docs_url="/api/docs",
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.add_middleware(BodyLimit)
    app.add_middleware(RequestIds)  # outermost but the proxy's: every line logged has its id
    if config.trusted_proxies:  # only they may say who the client is
        from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

        app.add_middleware(ProxyHeadersMiddleware, trusted_hosts=list(config.trusted_proxies))
    _refusals(app)
    for router in ROUTERS:
        app.include_router(router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _figures(hub: Hub, pool: ai.AIPool) -> dict[str, float]:
    return {
        "games_live": len(hub.live),
        "games_owned": sum(1 for g in hub.live if hub.cluster.owns(g)),
        "sockets": sum(len(g.conns) for g in hub.live.values()),
        "actions": hub.applied,
        "ai_overruns": pool.recycled,
        "lease_takeovers": hub.cluster.takeovers,
    }


def _refusals(app: FastAPI) -> None:
    """Every refusal and failure answered as the API's JSON error (a browser
    asking for a page that isn't there: the 404 page)."""

    @app.exception_handler(RequestError)
    async def _request_error(request: Request, exc: RequestError) -> Response:
        if exc.status == 404 and wants_page(request):
            return not_found_page(str(exc))
        wait = None if exc.retry_after is None else {"Retry-After": str(exc.retry_after)}
        return JSONResponse({"error": str(exc)}, exc.status, headers=wait)

    @app.exception_handler(HTTPException)
    async def _no_route(request: Request, exc: HTTPException) -> Response:
        # a mistyped address in a browser gets a page; an API client its JSON
        if exc.status_code == 404 and wants_page(request):
            return not_found_page(f"No page is at {request.url.path}.")
        # an API client gets the project's own error shape ({"error": words})
        if exc.status_code == 404:
            words = f"nothing is at {request.url.path}"
        elif exc.status_code == 405:
            words = f"{request.method} is not a way to ask {request.url.path}"
        else:
            words = str(exc.detail)
        return JSONResponse({"error": words}, exc.status_code, headers=exc.headers)

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
