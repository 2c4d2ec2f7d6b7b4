"""Running the server: uvicorn on loopback by default."""

from __future__ import annotations

import copy
import gc
import ipaddress
import logging
import signal
import sys
from typing import Any

from .app import create_app
from .cluster import serving_lock
from .config import ServerConfig
from .logs import JsonLines, RedactSecrets, WithRequestId
from .protocol import MAX_MESSAGE
from .storage import Store, safe_url


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def log_config(json_lines: bool = False) -> dict[str, Any]:
    """uvicorn's logging set-up with :class:`RedactSecrets` and the request id
    on every handler; ``json_lines``: one JSON object a line."""
    from uvicorn.config import LOGGING_CONFIG

    config = copy.deepcopy(LOGGING_CONFIG)
    config["filters"] = {"secrets": {"()": RedactSecrets}, "request": {"()": WithRequestId}}
    for handler in config["handlers"].values():
        handler["filters"] = ["secrets", "request"]
    if json_lines:
        config["formatters"] = {"json": {"()": JsonLines}}
        for handler in config["handlers"].values():
            handler["formatter"] = "json"
    return config


def raise_file_limit() -> int:
    """Raise this process's limit on open files to the most the system lets it
    (every socket is a file descriptor; many systems start a process at 1,024,
    which a few hundred idle sockets would use up). Returns the limit now."""
    try:
        import resource
    except ImportError:  # not a POSIX system: its own limits stand
        return -1
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 1 << 20)
    if soft != resource.RLIM_INFINITY and soft < want:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        except (ValueError, OSError):  # not allowed here: keep what we have
            return soft
        return want
    return soft


def _exit_on_sigterm(signum: int, frame: object) -> None:
    """A normal exit with the status a shell reads as "ended by SIGTERM"."""
    raise SystemExit(128 + signum)


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
    log_format: str = "text",
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
    logging.basicConfig(
        level=log_level.upper(), format="%(asctime)s %(name)s [%(request_id)s]: %(message)s"
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(RedactSecrets())
        handler.addFilter(WithRequestId())
        if log_format == "json":
            handler.setFormatter(JsonLines())
    log = logging.getLogger("ossuary.server")
    if not is_loopback(host):
        log.warning(
            "listening on %s: anyone who can reach this address can open the lobby; "
            "traffic is plain HTTP",
            host,
        )
    files = raise_file_limit()
    log.info("open files: at most %d (sockets each hold one)", files)
    lock = serving_lock(config.url())  # SQLite: refused here if another process serves it
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
    # uvicorn shuts down gracefully on SIGTERM, then raises the signal again
    # under the handler it found; the default one ends the process on the spot,
    # skipping Python's exit (multiprocessing's temporary folders in /tmp were
    # left behind, one per run). This handler turns it into a normal exit.
    signal.signal(signal.SIGTERM, _exit_on_sigterm)
    uvicorn.run(
        app,
        host=host,
        port=port,
        log_level=log_level,
        log_config=log_config(log_format == "json"),
        ws_max_size=MAX_MESSAGE * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=3,
        # X-Forwarded-For is read by the app, from the proxies it names only
        # (uvicorn's own default trusts 127.0.0.1, which lets any local client
        # be as many clients as it likes)
        proxy_headers=False,
    )
    if lock is not None:
        lock.close()
