"""Accounts: sign up, sign in, sign out, who is signed in (``docs/server.md``,
"Accounts")."""

from __future__ import annotations

import logging
import math
import time
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from .. import accounts
from ..accounts import Account, Signed
from ..errors import RequestError, token_hash
from ..services import Services, client_of, services
from ..storage import AccountRow, NameTaken

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
    await s.db.call(s.db.store.add_session, made.row, accounts.presented(request))
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
