"""The server's log lines: a request id on each, one JSON object a line if
asked (``ossuary serve --log-format json``), and never a secret.

:class:`RequestIds` gives every HTTP request and socket an id (the one a
proxy sent in ``X-Request-ID``, when it is a plain short word, else a new
one), answers it in the response's ``X-Request-ID`` header, and keeps it in a
context variable for as long as the request is served, so every line logged
meanwhile carries it (:class:`WithRequestId`). The secrets filter of
``serve.py`` runs before any formatter, so the JSON lines are as clean as the
plain ones.
"""

from __future__ import annotations

import contextvars
import json
import logging
import re
import secrets
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import unquote

# a token in a query (token=T, a deck's edit=T), a header (Bearer T, a session
# cookie, a CSRF token) or a JSON message ("token": "T", as the websockets
# library logs frames at debug level; "csrf": "T", as GET /api/session answers)
_SECRET = re.compile(
    r"""(token=|edit=|ossuary_session=|Bearer\s+|x-csrf-token["']?\s*[:=,]\s*b?["']?"""
    r"""|b?["'](?:token|csrf)["']\s*:\s*b?["'])[^&\s"',;]+""",
    re.IGNORECASE,
)
# a password in a JSON body (sign up, sign in, change, delete), to its closing
# quote: a password may hold spaces and escaped quotes
_PASSWORD = re.compile(
    r"""(["'](?:password|old_password|new_password)["']\s*:\s*)("(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')""",
    re.IGNORECASE,
)
# what a client may have encoded a secret's name or value with: %XX in a URL,
# \uXXXX in JSON (a logged frame's repr doubles the backslash)
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_UNICODE = re.compile(r"\\+u([0-9A-Fa-f]{4})")


def _decoded(text: str) -> str:
    """``text`` with its %XX and \\uXXXX escapes undone, again and again (a
    client may encode twice), so an encoded ``tok%65n=`` reads ``token=``."""

    for _ in range(4):
        plain = unquote(text) if _PERCENT.search(text) else text
        plain = _UNICODE.sub(lambda m: chr(int(m[1], 16)), plain)
        if plain == text:
            break
        text = plain
    return text


def redact(text: str) -> str:
    """``text`` with anything that looks like a secret replaced (a seat's or a
    deck's token, a session cookie, a CSRF token, a password); one hidden under
    an escape is found too (and the line logged decoded)."""
    clean = _hide(text)
    if "%" in text or "\\u" in text:
        decoded = _decoded(text)
        if decoded != text:
            hidden = _hide(decoded)
            if hidden != decoded:
                return hidden
    return clean


def _hide(text: str) -> str:
    return _PASSWORD.sub(r'\1"[hidden]"', _SECRET.sub(r"\1[hidden]", text))


class RedactSecrets(logging.Filter):
    """Keep seat tokens out of every log line, whoever writes it. Tokens never
    travel in URLs (the socket's first message and a header carry them), so
    this is the second line: a client that still puts ``?token=`` in a URL is
    refused, and its URL, which uvicorn logs as it accepts the socket, is
    logged without the secret."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(_redacted(a) for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {k: _redacted(v) for k, v in record.args.items()}
        return True


def _redacted(arg: object) -> object:
    """A log argument with any token hidden; kept as it is (an int stays an int,
    for formats like %d) unless it held one (a frame, a URL, a header)."""
    if isinstance(arg, int | float) or arg is None:
        return arg
    text = str(arg)
    clean = redact(text)
    return arg if clean == text else clean


REQUEST_ID: contextvars.ContextVar[str] = contextvars.ContextVar("ossuary_request", default="-")
_GIVEN = re.compile(rb"^[A-Za-z0-9._-]{1,64}$")

Scope = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[MutableMapping[str, Any]]]
Send = Callable[[MutableMapping[str, Any]], Awaitable[None]]


class RequestIds:
    """ASGI middleware: an id for every request and socket."""

    def __init__(self, app: Callable[..., Awaitable[None]]) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or []).get(b"x-request-id")
        rid = given.decode() if given is not None and _GIVEN.match(given) else secrets.token_hex(8)
        token = REQUEST_ID.set(rid)

        async def tagged(message: MutableMapping[str, Any]) -> None:
            if message["type"] == "http.response.start":
                message.setdefault("headers", [])
                message["headers"] = [*message["headers"], (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, tagged if scope["type"] == "http" else send)
        finally:
            REQUEST_ID.reset(token)


class WithRequestId(logging.Filter):
    """Every record gets ``request_id``: the request being served, or "-"."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = REQUEST_ID.get()
        return True


class JsonLines(logging.Formatter):
    """One JSON object a line: time, level, logger, message, request id (and
    the error, where there is one)."""

    def format(self, record: logging.LogRecord) -> str:
        line = {
            "time": time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(record.created))
            + f".{int(record.msecs):03d}Z",
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": redact(record.getMessage()),
            "request_id": getattr(record, "request_id", "-"),
        }
        if record.exc_info:
            line["error"] = redact(self.formatException(record.exc_info))
        return json.dumps(line, ensure_ascii=False)
