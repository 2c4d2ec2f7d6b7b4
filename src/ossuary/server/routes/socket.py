"""The game socket, ``/ws/games/{id}``: who it is (its first message), then
the game's messages out and the seat's actions in (docs/server.md, "The socket")."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from fastapi import APIRouter, WebSocket
from starlette.websockets import WebSocketDisconnect, WebSocketState

from ..errors import RequestError, checked_id, no_token_in_url, sized_token
from ..hub import Hub
from ..live import OVERFLOW_CODE, Conn, LiveGame
from ..messages import Message, error
from ..protocol import (
    ActionMessage,
    BadMessage,
    Incoming,
    LeaveMessage,
    PingMessage,
    ReclaimMessage,
    ResignMessage,
    TakeoverMessage,
    parse_auth,
    parse_message,
)
from ..services import client_of, services

log = logging.getLogger("ossuary.server")

router = APIRouter()

REFUSED_AT_THE_DOOR = 1013  # "try again later", before the socket is accepted


@router.websocket("/ws/games/{game_id}")
async def game_socket(websocket: WebSocket, game_id: str) -> None:
    s = services(websocket)
    hub = s.hub
    client = client_of(websocket)
    if not s.doorway.enter(client):  # too many unannounced sockets: refused unopened
        await websocket.close(code=REFUSED_AT_THE_DOOR)
        return
    try:
        await websocket.accept()
        try:
            no_token_in_url(websocket.query_params)
            gid = checked_id(game_id)
            if not await hub.exists(gid):  # nothing to wait for: answered at once
                raise RequestError(f"no game {gid!r}", 404)
            token = await _auth(websocket, s.config.auth_seconds)
        finally:
            s.doorway.leave(client)
        g = await hub.get(gid)
        seat = hub.seat_of(g, sized_token(token))
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


async def _receive(websocket: WebSocket, hub: Hub, g: LiveGame, conn: Conn) -> None:
    seat = conn.seat
    round_trip = services(websocket).metrics.round_trip
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
        started = time.perf_counter()
        try:
            # shielded: a socket dropped mid-action must not cut an action
            # between its commit and the game taking it
            reply = await asyncio.shield(_dispatch(hub, g, seat, msg))
        except Exception:  # a bug must not kill the socket or leak a traceback
            log.exception("game %s: message %r failed", g.id, msg)
            reply = error("the server failed to handle that message", "internal")
        if reply is not None:
            conn.send(reply)
        if not isinstance(msg, PingMessage):
            round_trip.observe(time.perf_counter() - started)


async def _dispatch(hub: Hub, g: LiveGame, seat: int | None, msg: Incoming) -> Message | None:
    reply: Message | None = None
    if isinstance(msg, PingMessage):
        reply = {"type": "pong"}
    elif seat is None:
        reply = error("spectators watch; they cannot act", "spectator")
    elif isinstance(msg, ActionMessage):
        reply = await hub.request(g, seat, "act", {"id": msg.id, "seq": msg.seq})
    elif isinstance(msg, TakeoverMessage):
        reply = await hub.request(g, seat, "takeover", {"seat": msg.seat})
    elif isinstance(msg, ReclaimMessage):
        reply = await hub.request(g, seat, "reclaim", {})
    elif isinstance(msg, ResignMessage):
        reply = await hub.request(g, seat, "resign", {})
    elif isinstance(msg, LeaveMessage):
        reply = await hub.request(g, seat, "leave", {})
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


class _Gone(Exception):
    """The socket closed before it said who it is."""


async def _auth(websocket: WebSocket, wait: float) -> str | None:
    """The token of the socket's first message (None: a spectator)."""
    try:
        frame = await asyncio.wait_for(websocket.receive(), wait)
    except TimeoutError:
        raise RequestError(f'no {{"type": "auth"}} message within {wait:g} seconds', 408) from None
    except (WebSocketDisconnect, RuntimeError):
        raise _Gone from None
    if frame["type"] == "websocket.disconnect":
        raise _Gone
    try:
        return parse_auth(frame.get("text")).token
    except BadMessage as exc:
        raise RequestError(str(exc), 400) from None
