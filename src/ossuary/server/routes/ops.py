"""What a host's tools ask: is it alive, is it ready, and its figures."""

from __future__ import annotations

import asyncio
from typing import Annotated

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse, Response

from ..services import Services, services

router = APIRouter(include_in_schema=False)
Served = Annotated[Services, Depends(services)]
PING_SECONDS = 2.0


@router.get("/healthz")
async def healthz() -> dict[str, str]:
    """Alive: the process answers (a balancer's liveness check)."""
    return {"status": "alive"}


@router.get("/readyz")
async def readyz(s: Served) -> Response:
    """Ready to serve games: started, its computer players warm, not shutting
    down, its database answering and (several processes) listening to the
    others. 503 otherwise, so a balancer sends nothing new to a process that is
    starting, stopping or cut off."""
    why = None
    if s.stopping:
        why = "shutting down"
    elif not s.hub.cluster.ready:
        why = "not yet listening to the other processes"
    elif not s.hub.pool.warmed.is_set():
        why = "its computer players are still starting"
    else:
        try:
            await asyncio.wait_for(s.db.call(s.db.store.ping), PING_SECONDS)
        except Exception:
            why = "the database does not answer"
    if why is not None:
        return JSONResponse({"status": "not ready", "why": why}, 503)
    return JSONResponse({"status": "ready", "node": s.hub.cluster.node})


@router.get("/metrics")
async def metrics(s: Served) -> Response:
    """Prometheus' text format (``server/metrics.py``)."""
    return Response(s.metrics.text(), media_type="text/plain; version=0.0.4; charset=utf-8")
