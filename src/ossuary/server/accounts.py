"""Accounts: a username and a password, and the browsers signed in to them.

Accounts are optional: anyone still plays by link as a guest. An account is
an opaque id (never the username, so its games keep their seats when the
name is freed by a deletion), a username (3 to 20 letters, digits, ``_`` or
``-``, unique compared in lower case) and an argon2id hash of its password
(``pwdlib``'s recommended hasher; 8 to 200 characters, NFKC-normalised so the
same password typed on two keyboards is the same).

A signed-in browser holds a session cookie (:data:`COOKIE`): a random id,
HttpOnly, SameSite=Lax, and Secure when the request came over HTTPS (as the
trusted proxy's ``X-Forwarded-Proto`` says, see ``--trusted-proxy``). Only a
SHA-256 of the id is stored, with a CSRF token that every state-changing
request the cookie authenticates must carry (:func:`signed_in`): the header
``X-CSRF-Token`` holding it, and an ``Origin`` (or, without one, a
``Referer``) of this server's own, when the request names one.

Hashing takes a quarter of a second of CPU on purpose, so it runs in a thread
of its own (:func:`hash_password`, :func:`verify_password`), never on the event
loop or the database thread.
"""

from __future__ import annotations

import asyncio
import re
import secrets
import time
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import urlsplit

from pwdlib import PasswordHash
from starlette.requests import HTTPConnection, Request
from starlette.responses import Response

from .errors import RequestError, token_hash
from .services import services
from .storage import AccountRow, SessionRow

COOKIE = "ossuary_session"
CSRF_HEADER = "X-CSRF-Token"
#: a session not used for this long is signed out
SESSION_IDLE_SECONDS = 30 * 86_400.0
#: how stale a session's ``last_seen`` may get before it is written again
TOUCH_SECONDS = 3600.0
USERNAME = re.compile(r"^[A-Za-z0-9_-]{3,20}$")
MIN_PASSWORD = 8
MAX_PASSWORD = 200
#: methods that change nothing: no CSRF check
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: the one answer to a sign-in that fails, whether the name exists or not
WRONG = "wrong username or password"


@dataclass(frozen=True)
class Account:
    """A signed-in player: ``id`` is opaque and stays; ``username`` is shown."""

    id: str
    username: str


def username_key(name: str) -> str:
    """What two usernames are compared by: ``Alice`` and ``alice`` are one."""
    return name.lower()


def checked_username(name: str) -> str:
    if not USERNAME.match(name):
        raise RequestError("a username is 3 to 20 letters, digits, '_' or '-'", 400)
    return name


def checked_password(password: str) -> str:
    """The password as hashed (NFKC), if its length is allowed; else a 400."""
    if not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise RequestError(f"a password is {MIN_PASSWORD} to {MAX_PASSWORD} characters long", 400)
    return unicodedata.normalize("NFKC", password)


def as_hashed(password: str) -> str:
    """A password as it was hashed (NFKC), whatever its length (a sign-in)."""
    return unicodedata.normalize("NFKC", password)


@lru_cache(maxsize=1)
def _hasher() -> PasswordHash:
    return PasswordHash.recommended()  # argon2id, with pwdlib's current parameters


@lru_cache(maxsize=1)
def _dummy_hash() -> str:
    """A hash no password is known for: verified when the name is unknown, so
    an unknown name takes as long to refuse as a wrong password."""
    return _hasher().hash(secrets.token_urlsafe(24))


async def hash_password(password: str) -> str:
    """The argon2id hash of a (checked) password, computed off the event loop."""
    return await asyncio.to_thread(_hasher().hash, password)


async def verify_password(password: str, stored: str | None) -> bool:
    """Whether ``password`` is the one ``stored`` hashes; with no hash (an
    unknown name, a deleted account) a dummy is verified, taking as long."""

    def verify() -> bool:
        ok = _hasher().verify(password[:MAX_PASSWORD], stored or _dummy_hash())
        return ok and stored is not None

    return await asyncio.to_thread(verify)


def warm() -> None:
    """Make the dummy hash now (a server's first refused sign-in would
    otherwise take twice as long as the next ones)."""
    _dummy_hash()


def new_account_id() -> str:
    return secrets.token_urlsafe(12)


def account_of(row: AccountRow) -> Account:
    return Account(row.id, row.username or "")


# -- sessions ------------------------------------------------------------------------------
@dataclass(frozen=True)
class NewSession:
    """A session just made: the cookie's value (given to the browser once, never
    stored) and the row stored for it."""

    cookie: str
    row: SessionRow


def new_session(account_id: str, now: float | None = None) -> NewSession:
    cookie = secrets.token_urlsafe(32)
    now = time.time() if now is None else now
    row = SessionRow(token_hash(cookie), account_id, now, now, secrets.token_urlsafe(24))
    return NewSession(cookie, row)


def presented(request: HTTPConnection) -> str | None:
    """The hash of the session cookie the request came with (None: none, or
    not shaped like ours: never looked up)."""
    value = request.cookies.get(COOKIE)
    if value is None or not 20 <= len(value) <= 100:
        return None
    return token_hash(value)


def set_cookie(response: Response, request: HTTPConnection, value: str) -> None:
    response.set_cookie(
        COOKIE,
        value,
        max_age=int(SESSION_IDLE_SECONDS),
        path="/",
        httponly=True,
        samesite="lax",
        secure=request.url.scheme == "https",
    )


def clear_cookie(response: Response, request: HTTPConnection) -> None:
    response.delete_cookie(
        COOKIE, path="/", httponly=True, samesite="lax", secure=request.url.scheme == "https"
    )


@dataclass(frozen=True)
class Signed:
    """Who a request's cookie signs in, and that session's CSRF token."""

    account: Account
    csrf: str
    id_hash: str


async def session_of(request: HTTPConnection) -> Signed | None:
    """The session the request's cookie names, if it is live (looked up once a
    request)."""
    if hasattr(request.state, "ossuary_session"):
        cached: Signed | None = request.state.ossuary_session
        return cached
    found: Signed | None = None
    id_hash = presented(request)
    if id_hash is not None:
        db = services(request).db
        row = await db.call(
            db.store.session_account, id_hash, time.time(), SESSION_IDLE_SECONDS, TOUCH_SECONDS
        )
        if row is not None:
            found = Signed(account_of(row[0]), row[1], id_hash)
    request.state.ossuary_session = found
    return found


def _origin(url: str) -> tuple[str, str, int] | None:
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return None
    return parts.scheme, parts.hostname.lower(), port or (443 if parts.scheme == "https" else 80)


def same_origin(request: HTTPConnection) -> bool:
    """Whether the request's ``Origin`` (or, without one, its ``Referer``) is
    this server's own; a request that names neither (a program, not a page)
    passes here and is held by the CSRF token alone."""
    named = request.headers.get("origin") or request.headers.get("referer")
    if named is None:
        return True
    here = _origin(str(request.base_url))
    return here is not None and _origin(named) == here


def check_csrf(request: HTTPConnection, csrf: str) -> None:
    """Refuse a state-changing request from another origin, or without the
    session's CSRF token in ``X-CSRF-Token``."""
    if not same_origin(request):
        raise RequestError("refused: this request came from another site", 403)
    given = request.headers.get(CSRF_HEADER) or ""
    if not secrets.compare_digest(given.encode(), csrf.encode()):
        raise RequestError(
            f"refused: a signed-in request that changes something must carry the "
            f"{CSRF_HEADER} header that GET /api/session gives",
            403,
        )


async def signed_in(request: Request) -> Account | None:
    """The account the request's session cookie signs in (None: a guest); a
    FastAPI dependency. A request that changes state is signed in only when it
    passes :func:`check_csrf`: otherwise the cookie does not authenticate it,
    and it is served as a guest's (as it would be without the cookie), so a
    page of another site can never act for the account."""
    found = await session_of(request)
    if found is None:
        return None
    if request.method not in SAFE_METHODS:
        try:
            check_csrf(request, found.csrf)
        except RequestError:
            return None
    return found.account


async def require_account(request: Request) -> Account:
    """The signed-in account (a FastAPI dependency): a 401 in the API's JSON
    shape when nobody is, and a 403 for a state change without the CSRF
    protection (:func:`check_csrf`)."""
    found = await session_of(request)
    if found is None:
        raise RequestError("sign in first: this needs an account", 401)
    if request.method not in SAFE_METHODS:
        check_csrf(request, found.csrf)
    return found.account


async def signed_session(request: Request) -> Signed:
    """:func:`require_account`, with the session itself (its hash, its token)."""
    await require_account(request)
    found = await session_of(request)
    assert found is not None
    return found
