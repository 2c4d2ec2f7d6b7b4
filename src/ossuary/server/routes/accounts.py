"""Accounts: sign up, sign in, sign out, who is signed in (``docs/server.md``,
"Accounts")."""

from __future__ import annotations

import datetime
import json
import logging
import math
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from fastapi.responses import HTMLResponse
from pydantic import BaseModel, ConfigDict, Field

from .. import accounts
from ..accounts import Account, Signed
from ..errors import RequestError, bearer, checked_id, no_token_in_url, token_hash
from ..services import Services, client_of, services
from ..storage import AccountRow, GameRecord, NameTaken
from .pages import page

log = logging.getLogger("ossuary.server")

router = APIRouter()
Served = Annotated[Services, Depends(services)]

# Sign-in attempts, in buckets every process shares (storage.take_token): per
# account (keyed by the name asked for, whether it exists or not, so the limit
# says nothing of which names do) and per client; sign-ups per client.
SIGNIN_PER_NAME = (1 / 60, 10.0)  # (a second, at once): then one a minute
SIGNIN_PER_CLIENT = (1 / 6, 30.0)  # then ten a minute
SIGNUP_PER_CLIENT = (1 / 60, 10.0)


class Credentials(BaseModel):
    """A username and a password (neither stripped: a password's spaces count)."""

    model_config = ConfigDict(extra="forbid")
    username: Annotated[str, Field(min_length=1, max_length=100)]
    password: Annotated[str, Field(min_length=1, max_length=accounts.MAX_PASSWORD)]


def _signed(account: Account, csrf: str | None) -> dict[str, Any]:
    return {"account": {"id": account.id, "username": account.username}, "csrf": csrf}


async def _limited(s: Services, key: str, rate: tuple[float, float]) -> None:
    """A 429 with Retry-After when ``key``'s bucket is empty."""
    if await s.db.call(s.db.store.take_token, key, rate[0], rate[1]):
        return
    wait = math.ceil(1 / rate[0])
    raise RequestError(f"too many attempts: try again in {wait} seconds", 429, wait)


def _same_origin(request: Request) -> None:
    if not accounts.same_origin(request):
        raise RequestError("refused: this request came from another site", 403)


async def _start_session(
    s: Services, request: Request, response: Response, account: Account
) -> dict[str, Any]:
    """A new session for ``account`` (never the id the browser came with: that
    one is dropped), its cookie set."""
    made = accounts.new_session(account.id)
    await s.db.call(
        s.db.store.add_session, made.row, accounts.presented(request), accounts.SESSION_IDLE_SECONDS
    )
    accounts.set_cookie(response, request, made.cookie)
    response.headers["Cache-Control"] = "no-store"
    return _signed(account, made.row.csrf)


@router.post("/api/accounts", status_code=201)
async def sign_up(
    body: Credentials, request: Request, response: Response, s: Served
) -> dict[str, Any]:
    """Make an account and sign it in: the account, and the CSRF token that
    signed-in requests which change something carry in ``X-CSRF-Token``."""
    _same_origin(request)
    name = accounts.checked_username(body.username)
    password = accounts.checked_password(body.password)
    client = client_of(request)
    if client is not None:
        await _limited(s, f"signup:{token_hash(client)}", SIGNUP_PER_CLIENT)
    digest = await accounts.hash_password(password)
    now = time.time()
    row = AccountRow(accounts.new_account_id(), name, accounts.username_key(name), digest, now)
    made = accounts.new_session(row.id, now)
    old = accounts.presented(request)
    try:
        if old is not None:
            await s.db.call(s.db.store.drop_session, old)
        await s.db.call(s.db.store.create_account, row, made.row)
    except NameTaken:
        raise RequestError(f"the username {name!r} is taken: choose another", 409) from None
    log.info("account %s made", row.id)
    accounts.set_cookie(response, request, made.cookie)
    response.headers["Cache-Control"] = "no-store"
    return _signed(accounts.account_of(row), made.row.csrf)


@router.post("/api/sessions")
async def sign_in(
    body: Credentials, request: Request, response: Response, s: Served
) -> dict[str, Any]:
    """Sign in. A wrong password and an unknown name get the same answer (401,
    same body) after the same work (a dummy hash is verified for an unknown
    name), and so does a name asked for too often (429)."""
    _same_origin(request)
    key = accounts.username_key(body.username)
    client = client_of(request)
    if client is not None:
        await _limited(s, f"signin:c:{token_hash(client)}", SIGNIN_PER_CLIENT)
    await _limited(s, f"signin:a:{token_hash(key)}", SIGNIN_PER_NAME)
    row = await s.db.call(s.db.store.find_account, key)
    password = accounts.as_hashed(body.password)
    ok = await accounts.verify_password(password, None if row is None else row.password_hash)
    if row is None or not ok:
        raise RequestError(accounts.WRONG, 401)
    log.info("account %s signed in", row.id)
    return await _start_session(s, request, response, accounts.account_of(row))


@router.delete("/api/sessions")
async def sign_out(request: Request, response: Response, s: Served) -> dict[str, Any]:
    """Sign out this browser (the session is forgotten, the cookie cleared)."""
    found = await accounts.session_of(request)
    if found is not None:
        accounts.check_csrf(request, found.csrf)
        await s.db.call(s.db.store.drop_session, found.id_hash)
    accounts.clear_cookie(response, request)
    return {"account": None, "csrf": None}


@router.get("/api/session")
async def who(request: Request, response: Response) -> dict[str, Any]:
    """Who this browser is signed in as (``account`` null: nobody), and the
    session's CSRF token."""
    found: Signed | None = await accounts.session_of(request)
    response.headers["Cache-Control"] = "no-store"
    if found is None:
        if accounts.presented(request) is not None:  # a stale cookie: forget it
            accounts.clear_cookie(response, request)
        return {"account": None, "csrf": None}
    return _signed(found.account, found.csrf)


# -- the account's own ---------------------------------------------------------------------
Session = Annotated[Signed, Depends(accounts.signed_session)]


class NewPassword(BaseModel):
    model_config = ConfigDict(extra="forbid")
    old_password: Annotated[str, Field(min_length=1, max_length=accounts.MAX_PASSWORD)]
    new_password: Annotated[str, Field(min_length=1, max_length=accounts.MAX_PASSWORD)]


class Password(BaseModel):
    model_config = ConfigDict(extra="forbid")
    password: Annotated[str, Field(min_length=1, max_length=accounts.MAX_PASSWORD)]


async def _own_password(s: Services, request: Request, signed: Signed, password: str) -> None:
    """Refuse (403) unless ``password`` is the signed-in account's own; the
    attempts count toward the account's sign-in limit (a stolen cookie must
    not become a way to guess the password quickly)."""
    client = client_of(request)
    if client is not None:
        await _limited(s, f"signin:c:{token_hash(client)}", SIGNIN_PER_CLIENT)
    await _limited(
        s, f"signin:a:{token_hash(accounts.username_key(signed.account.username))}",
        SIGNIN_PER_NAME,
    )  # fmt: skip
    row = await s.db.call(s.db.store.load_account, signed.account.id)
    stored = None if row is None else row.password_hash
    if not await accounts.verify_password(accounts.as_hashed(password), stored):
        raise RequestError("that is not your password", 403)


@router.put("/api/account/password")
async def change_password(
    body: NewPassword, request: Request, s: Served, signed: Session
) -> dict[str, Any]:
    """Change the password (the old one required); every other browser signed
    in to the account is signed out."""
    new = accounts.checked_password(body.new_password)
    await _own_password(s, request, signed, body.old_password)
    digest = await accounts.hash_password(new)
    await s.db.call(s.db.store.set_password, signed.account.id, digest, signed.id_hash)
    log.info("account %s changed its password", signed.account.id)
    return {"changed": True}


@router.delete("/api/account")
async def delete_account(
    body: Password, request: Request, response: Response, s: Served, signed: Session
) -> dict[str, Any]:
    """Delete the account (its password required): its name is freed, its
    sessions and saved decks go; its games stay, played by "deleted player"."""
    await _own_password(s, request, signed, body.password)
    await s.db.call(s.db.store.delete_account, signed.account.id, time.time())
    log.info("account %s deleted", signed.account.id)
    accounts.clear_cookie(response, request)
    return {"deleted": True}


@router.get("/api/account/export")
async def export(request: Request, s: Served, signed: Session) -> Response:
    """Everything stored about the account, as one JSON file: the account, the
    games it held seats in (with those seats), its saved decks."""
    account_id = signed.account.id
    row = await s.db.call(s.db.store.load_account, account_id)
    played = await s.db.call(s.db.store.account_seats, account_id)
    decks = await s.db.call(s.db.store.account_decks, account_id)
    data = {
        "account": {
            "id": account_id,
            "username": signed.account.username,
            "created": _when(row.created if row else None),
        },
        "games": [
            {
                "id": g.id,
                "game": g.game,
                "created": _when(g.created),
                "status": g.status,
                "seats": seats,  # counted from 0, as everywhere in the API
                "players": len(g.seats),
                "winner": g.winner,
                "result": g.result,
                "finished": _when(g.finished),
            }
            for g, seats in played
        ],
        "decks": [
            {
                "id": d.id,
                "game": d.game,
                "name": d.name,
                "text": d.text,
                "legal": d.legal,
                "created": _when(d.created),
                "updated": _when(d.updated),
            }
            for d in decks
        ],
    }
    name = f"ossuary-{signed.account.username}.json"
    return Response(
        json.dumps(data, indent=2, ensure_ascii=False),
        media_type="application/json",
        headers={
            "Content-Disposition": f'attachment; filename="{name}"',
            "Cache-Control": "no-store",
        },
    )


def _when(at: float | None) -> str | None:
    """A stored time as ISO 8601 in UTC."""
    if at is None:
        return None
    return datetime.datetime.fromtimestamp(at, datetime.UTC).isoformat(timespec="seconds")


# -- a seat joins an account ---------------------------------------------------------------
@router.post("/api/games/{game_id}/seat/account")
async def bind_seat(game_id: str, request: Request, s: Served, signed: Session) -> dict[str, Any]:
    """Give the seat whose token is in ``Authorization: Bearer`` to the signed-in
    account (a guest who signs up or in mid-game keeps the seat)."""
    no_token_in_url(request.query_params)
    token = bearer(request.headers.get("authorization"))
    if token is None:
        raise RequestError("send the seat's token in the header 'Authorization: Bearer TOKEN'", 403)
    g = await s.hub.get(checked_id(game_id))
    seat = s.hub.seat_of(g, token)
    assert seat is not None
    await bind(s, g.record, seat, signed.account)
    return {"game": g.record.id, "seat": seat, "account": signed.account.username}


async def bind(s: Services, record: GameRecord, seat: int, account: Account) -> None:
    """Seat ``seat`` of a game held by ``account`` from now on (in the
    database and in the game's record here); 409 when another account holds
    it, or when this account holds another seat of the game."""
    ok = await s.db.call(s.db.store.bind_seat, record.id, seat, account.id)
    if not ok:
        raise RequestError(
            "this seat is held by another account, or yours holds another seat of this game",
            409,
        )
    record.seats[seat].account_id = account.id


# -- the page ------------------------------------------------------------------------------
@router.get("/account", include_in_schema=False)
async def account_page() -> HTMLResponse:
    """Sign in, make an account, or (signed in) manage it."""
    return page("account")
