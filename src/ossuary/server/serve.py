"""Running the server: uvicorn on loopback by default."""

from __future__ import annotations

import gc
import ipaddress
import logging
import sys

from .app import ServerConfig, create_app
from .protocol import MAX_MESSAGE
from .storage import Store, safe_url


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db_url: str = "",
    ai_workers: int | None = None,
    log_level: str = "info",
    policies: list[str] | None = None,
) -> None:
    """Serve until interrupted. ``host`` other than loopback makes the games
    reachable from the network (plain HTTP: say so)."""
    import uvicorn

    config = ServerConfig(db_url=db_url, policies=list(policies or []))
    if ai_workers is not None:
        config.ai_workers = ai_workers
    logging.basicConfig(level=log_level.upper(), format="%(asctime)s %(name)s: %(message)s")
    log = logging.getLogger("ossuary.server")
    if not is_loopback(host):
        log.warning(
            "listening on %s: anyone who can reach this address can open the lobby; "
            "traffic is plain HTTP",
            host,
        )
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
        access_log=False,  # join tokens travel in socket URLs: keep them out of logs
        ws_max_size=MAX_MESSAGE * 4,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        timeout_graceful_shutdown=3,
    )
