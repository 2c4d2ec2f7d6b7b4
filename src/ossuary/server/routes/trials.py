"""Deck trials: a deck played against its game's field while its page watches."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request

from .. import decks
from ..errors import checked_id
from ..protocol import StartTrial
from ..services import Services, client_of, services

router = APIRouter()
Served = Annotated[Services, Depends(services)]


@router.post("/api/trials", status_code=201)
async def start_trial(body: StartTrial, request: Request, s: Served) -> dict[str, Any]:
    """Try a legal deck against its game's preconstructed decks on the AI
    workers; poll ``GET /api/trials/{id}`` (a trial nobody polls stops)."""
    return await s.board.start(decks.game_of(body.game, 400), body.text, client_of(request))


@router.get("/api/trials/{trial_id}")
async def get_trial(trial_id: str, s: Served) -> dict[str, Any]:
    """How a trial goes: games played of those planned, the win rates so far."""
    return await s.board.look(checked_id(trial_id, "trial"))


@router.post("/api/trials/{trial_id}/stop")
async def stop_trial(trial_id: str, s: Served) -> dict[str, Any]:
    """Stop a trial (its page was closed, or its player asked)."""
    return await s.board.look(checked_id(trial_id, "trial"), stop=True)
