"""Rated games at their two ends (docs/server.md, "Ratings"): who may ask
for one, and what its players are told when it ends."""

from __future__ import annotations

from collections.abc import Sequence

from sqlalchemy import select

from . import ratings
from .errors import RequestError
from .live import HUMAN
from .protocol import CreateGame
from .storage import Store, accounts_table, rated_seats_table

DELETED = "deleted player"  # what an account its owner deleted is called


def rated_request(req: CreateGame, kinds: Sequence[str]) -> bool:
    """Whether a new game is rated; a RequestError (nothing made) when it asks
    to be and can't: a rated game is people only, and no lesson."""
    if not req.rated:
        return False
    if req.tutorial:
        raise RequestError("a guided first game can't be rated")
    if any(k != HUMAN for k in kinds):
        raise RequestError("a rated game is for people only: every seat must be Human")
    return True


def end_rows(store: Store, game_id: str) -> list[tuple[int, str, int, int, bool]]:
    """A rated game's ratings as stored at its end, per seat: (seat, username
    or "deleted player", shown before, shown after, provisional after); empty
    for a game that was not rated."""
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(rated_seats_table, accounts_table.c.username)
            .join(accounts_table, accounts_table.c.id == rated_seats_table.c.account_id,
                  isouter=True)
            .where(rated_seats_table.c.game_id == game_id)
            .order_by(rated_seats_table.c.seat)
        ).all()  # fmt: skip
    return [(r.seat, r.username or DELETED, r.before, r.after, r.provisional) for r in rows]


def end_words(rows: Sequence[tuple[int, str, int, int, bool]], seat: int | None) -> list[str]:
    """The ratings at a rated game's end in words, for the reader at ``seat``
    (None: a spectator), their own first: "Your rating: 1512? (+12)"."""
    lines = []
    for s, name, before, after, provisional in sorted(rows, key=lambda r: r[0] != seat):
        who = "Your" if s == seat else f"{name}'s"
        shown = f"{after}{'?' if provisional else ''}"
        lines.append(f"{who} rating: {shown} ({ratings.change_of(before, after)})")
    return lines
