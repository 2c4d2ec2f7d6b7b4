"""Cards and decks: the gallery's data, decks checked as built, saved decks."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable
from typing import Annotated, Any, NoReturn

from fastapi import APIRouter, Depends, Request

from ...engine.game import NotSupported
from .. import decks
from ..accounts import Account, signed_in
from ..errors import RequestError, bearer, checked_id, no_token_in_url
from ..protocol import CheckDeck, EditDeck, SaveDeck
from ..services import Services, client_of, services
from ..storage import DeckRecord, LimitReached

log = logging.getLogger("ossuary.server")

router = APIRouter()
Served = Annotated[Services, Depends(services)]
SignedIn = Annotated[Account | None, Depends(signed_in)]


@router.get("/api/catalog/{game}/cards")
async def get_cards(game: str) -> dict[str, Any]:
    """Every card of a game (public facts: the board shows their full text)."""
    g = decks.game_of(game)
    try:
        cards = g.cards.records()
    except NotSupported:
        cards = []
    # what the card panel calls each field ("Minion type", not minion_type)
    fields = {f: f.replace("_", " ").capitalize() for c in cards for f in c}
    fields.update(dict(g.cards.columns()))
    return {"game": g.name, "cards": cards, "fields": fields}


@router.get("/api/catalog/{game}/gallery")
async def get_gallery(game: str) -> dict[str, Any]:
    """A game's cards as the card gallery and the deck builder show them: each
    card with its search text and the filter values it matches (those of
    ``ossuary cards``), the filters, the sorts, the glossary and the decks."""
    return decks.gallery(decks.game_of(game).name)


@router.post("/api/decks/check")
async def check_deck(body: CheckDeck, request: Request, s: Served) -> dict[str, Any]:
    """A deck list checked as ``ossuary deck check`` does, same messages, each
    problem with what it is about (a card, a line, the deck's size), and its
    cards with their counts."""
    game = decks.game_of(body.game)
    return await s.checks.run(
        client_of(request), decks.check, game, body.text, body.name or "pasted deck"
    )


@router.post("/api/decks", status_code=201)
async def save_deck(
    body: SaveDeck, request: Request, s: Served, account: SignedIn
) -> dict[str, Any]:
    """Save a deck (a draft too): its id, its secret edit token, the private edit
    link (the token after '#') and the public read-only link. A signed-in
    player's deck belongs to the account too, which may edit it without the link."""
    db = s.db
    g = decks.game_of(body.game, 400)
    client = client_of(request)
    checked = await s.checks.run(client, decks.readable, g, body.text, body.name)
    record, token = decks.new_deck(g, body.name, body.text, client, checked)
    record.account_id = None if account is None else account.id
    try:
        await db.call(db.store.save_deck, record, decks.MAX_DECKS_PER_CLIENT)
    except LimitReached as exc:
        raise decks.too_many(exc.count) from None
    except Exception as exc:
        _unsaved(exc)
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


@router.get("/api/decks/{deck_id}")
async def get_deck(deck_id: str, request: Request, s: Served, account: SignedIn) -> dict[str, Any]:
    """A saved deck, for anyone with its id: game, name, text, cards; ``yours``:
    it belongs to the signed-in account (which may edit it without the link)."""
    record = await _deck(s, deck_id)
    answer = await s.checks.run(client_of(request), decks.deck_answer, record)
    answer["yours"] = account is not None and record.account_id == account.id
    return answer


@router.put("/api/decks/{deck_id}")
async def edit_deck(
    deck_id: str, body: EditDeck, request: Request, s: Served, account: SignedIn
) -> dict[str, Any]:
    """Change a saved deck's name or text: its edit token in the header
    ``Authorization: Bearer TOKEN``, or signed in to the account it belongs to."""
    no_token_in_url(request.query_params)
    record = await _deck(s, deck_id)
    _may_edit(record, request, account)
    name = body.name if body.name is not None else record.name
    text = body.text if body.text is not None else record.text
    game = decks.game_of(record.game)
    checked = await s.checks.run(client_of(request), decks.readable, game, text, name)
    record.name, record.text, record.legal = name, text, checked["ok"]
    record.updated = time.time()
    await _stored(s.db.call(s.db.store.update_deck, record))
    return await s.checks.run(None, decks.deck_answer, record)


@router.delete("/api/decks/{deck_id}")
async def delete_deck(
    deck_id: str, request: Request, s: Served, account: SignedIn
) -> dict[str, Any]:
    """Delete a saved deck (its edit token in the header, or its account's
    session, as for editing)."""
    no_token_in_url(request.query_params)
    record = await _deck(s, deck_id)
    _may_edit(record, request, account)
    await _stored(s.db.call(s.db.store.delete_deck, record.id))
    return {"deleted": record.id}


def _may_edit(record: DeckRecord, request: Request, account: Account | None) -> None:
    """The deck's own account (signed in, CSRF checked) may; else its edit token."""
    token = bearer(request.headers.get("authorization"))
    if token is None and account is not None and record.account_id == account.id:
        return
    decks.owns(record, token)


async def _deck(s: Services, deck_id: str) -> DeckRecord:
    record = await s.db.call(s.db.store.load_deck, checked_id(deck_id, "deck"))
    if record is None:
        raise RequestError(f"no saved deck {deck_id!r}", 404)
    return record


async def _stored(write: Awaitable[None]) -> None:
    """A database write the client waits for; a failure is a clear 503."""
    try:
        await write
    except Exception as exc:
        _unsaved(exc)


def _unsaved(exc: Exception) -> NoReturn:
    log.error("cannot store a deck: %s", exc)
    raise RequestError("the deck could not be saved; try again", 503) from None
