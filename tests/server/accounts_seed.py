"""Accounts made straight in the database, signed in, for the tests that need
many players at once (signing up through the API is limited per client and
hashes a password for a quarter of a second: the accounts' own tests do that)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ossuary.server.accounts import COOKIE, CSRF_HEADER, new_account_id, new_session, username_key
from ossuary.server.storage import AccountRow, Store


@dataclass(frozen=True)
class Signed:
    """One signed-in player: the account, and what their browser sends."""

    id: str
    username: str
    cookie: str  # the session cookie's value
    csrf: str

    def headers(self, browser: str | None = None) -> dict[str, str]:
        """The headers of a request from their browser (``browser``: its key,
        default one of their own), signed in and carrying the CSRF token."""
        key = browser or f"browser-{self.username}"
        return {"cookie": f"{COOKIE}={self.cookie}; ossuary_browser={key}", CSRF_HEADER: self.csrf}


def seed(store: Store, names: list[str]) -> dict[str, Signed]:
    """An account for each name, signed in (no password can sign them in again)."""
    out = {}
    now = time.time()
    for name in names:
        row = AccountRow(new_account_id(), name, username_key(name), None, now)
        made = new_session(row.id, now)
        store.create_account(row, made.row)
        out[name] = Signed(row.id, name, made.cookie, made.row.csrf)
    return out


def seed_ratings(store: Store, game: str, mode: str, shown: dict[str, int]) -> None:
    """Give accounts a rating at a game and table, as shown (``ratings.shown``),
    as if they had played: settled (a small sigma), 20 games."""
    from sqlalchemy import insert

    from ossuary.server import ratings
    from ossuary.server.storage import ratings_table

    rows = [{"account_id": a, "game": game, "mode": mode, "sigma": 2.0, "games": 20,
             "updated": time.time(), "mu": ratings.MU + (r - ratings.BASE) / ratings.SCALE}
            for a, r in shown.items()]  # fmt: skip
    with store.engine.begin() as conn:
        conn.execute(insert(ratings_table), rows)
