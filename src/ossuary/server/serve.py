"""Running the server: uvicorn on loopback by default."""

from __future__ import annotations

import copy
import gc
import ipaddress
import logging
import re
import sys
from typing import Any

from .app import create_app
from .config import ServerConfig
from .protocol import MAX_MESSAGE
from .storage import Store, safe_url


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


# a token in a query (token=T, a deck's edit=T), a header (Bearer T) or a JSON
# message ("token": "T", as the websockets library logs frames at debug level)
_SECRET = re.compile(
    r"""(token=|edit=|Bearer\s+|["']token["']\s*:\s*["'])[^&\s"',;]+""", re.IGNORECASE
)
# what a client may have encoded a secret's name or value with: %XX in a URL,
# \uXXXX in JSON (a logged frame's repr doubles the backslash)
_PERCENT = re.compile(r"%[0-9A-Fa-f]{2}")
_UNICODE = re.compile(r"\\+u([0-9A-Fa-f]{4})")


def _decoded(text: str) -> str:
    """``text`` with its %XX and \\uXXXX escapes undone, again and again (a
    client may encode twice), so an encoded ``tok%65n=`` reads ``token=``."""
    from urllib.parse import unquote

    for _ in range(4):
        plain = unquote(text) if _PERCENT.search(text) else text
        plain = _UNICODE.sub(lambda m: chr(int(m[1], 16)), plain)
        if plain == text:
            break
        text = plain
    return text


def redact(text: str) -> str:
    """``text`` with anything that looks like a seat's token replaced; a token
    hidden under an escape is found too (and the line logged decoded)."""
    clean = _SECRET.sub(r"\1[hidden]", text)
    if "%" in text or "\\u" in text:
        decoded = _decoded(text)
        if decoded != text:
            hidden = _SECRET.sub(r"\1[hidden]", decoded)
            if hidden != decoded:
                return hidden
    return clean


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


def log_config() -> dict[str, Any]:
    """uvicorn's logging set-up with :class:`RedactSecrets` on every handler."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": RedactSecrets}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets"]
    return config


def raise_file_limit() -> int:
    """Raise this process's limit on open files to the most the system lets it
    (every socket is a file descriptor; many systems start a process at 1,024,
    which a few hundred idle sockets would use up). Returns the limit now."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):  # not allowed here: keep what we have
            return soft
        return want
    return soft


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str = "",
    ai_workers: int | None = None,
    log_level: str = "info",
    max_live_games: int = 20,
    expire_days: float = 7.0,
    trial_workers: int = 1,
    hold: float | None = None,
    policies: list[str] | None = None,
    trusted_proxies: list[str] | None = None,
) -> None:
    """Serve until interrupted. ``host`` other than loopback makes the games
    reachable from the network (plain HTTP: say so)."""
    import uvicorn

    config = ServerConfig(
        db_url=db_url,
        max_live_games=max_live_games,
        expire_days=expire_days,
        trial_workers=trial_workers,
        policies=list(policies or []),
        trusted_proxies=list(trusted_proxies or []),
    )
    if ai_workers is not None:
        config.ai_workers = ai_workers
    if hold is not None:
        config.hold_seconds = hold
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactSecrets())
    log = logging.getLogger("ossuary.server")
    if not is_loopback(host):
        log.warning(
            "listening on %s: anyone who can reach this address can open the lobby; "
            "traffic is plain HTTP",
            host,
        )
    files = raise_file_limit()
    log.info("open files: at most %d (sockets each hold one)", files)
    Store(config.url()).close()  # a bad --db is a clear error here, not a traceback later
    print(f"Ossuary on http://{host}:{port}/  (database: {safe_url(config.url())})",
          file=sys.stderr, flush=True)  # fmt: skip
    app = create_app(config)
    # Many games' states make a large, long-lived heap; with the default
    # thresholds the cyclic collector walks all of it every few hundred
    # actions, and each full walk stalls every socket (docs/server.md, load).
    gc.collect()
    gc.freeze()
    gc.set_threshold(50_000, 20, 100)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(),
        ws_max_size=MAX_MESSAGE * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=3,
        # X-Forwarded-For is read by the app, from the proxies it names only
        # (uvicorn's own default trusts 127.0.0.1, which lets any local client
        # be as many clients as it likes)
        proxy_headers=False,
    )
