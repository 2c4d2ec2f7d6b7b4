"""Rated games as players read them: a player's profile, the leaderboards,
and a rated game's end (docs/server.md, "Ratings").

The ratings themselves are applied in the transaction that stores a game's
end (``storage._rate_finished``); this module only reads them.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import select

from .. import games
from ..engine.errors import OssuaryError
from ..engine.game import Game
from . import ratings
from .accounts import username_key
from .rated import DELETED
from .storage import Store, accounts_table, games_table, rated_seats_table, ratings_table

# -- reads: a player's profile and the leaderboards (GET /api/players/..., /api/leaderboard) ----
RECENT = 20  # rated games a profile lists, the latest first
LEADERS = 100  # players a leaderboard lists


def modes_of(game: Game) -> list[str]:
    """Every mode a game is rated in, in the order of its seat counts."""
    return [ratings.mode_name(game.modes, n) for n in game.seat_counts]


def _skill(row: Any) -> dict[str, Any]:
    skill = ratings.Skill(row.mu, row.sigma, row.games)
    return {"rating": ratings.shown(skill), "shown": ratings.label(skill),
            "provisional": ratings.provisional(skill), "games": skill.games}  # fmt: skip


def profile(store: Store, username: str) -> dict[str, Any] | None:
    """A player's public profile (None: no such player): their ratings per game
    and mode, and their latest rated games with result, opponents and replay.
    Only finished rated games appear (nothing of a running game: no seed,
    no token, no hidden card)."""
    with store.engine.connect() as conn:
        found = conn.execute(
            select(accounts_table.c.id, accounts_table.c.username).where(
                (accounts_table.c.username_key == username_key(username))
                & accounts_table.c.username.is_not(None)
            )
        ).first()
        if found is None:
            return None
        rows = conn.execute(
            select(ratings_table).where(ratings_table.c.account_id == found.id)
        ).all()
        mine = conn.execute(
            select(rated_seats_table, games_table.c.game, games_table.c.finished)
            .join(games_table, games_table.c.id == rated_seats_table.c.game_id)
            .where(rated_seats_table.c.account_id == found.id)
            .order_by(games_table.c.finished.desc())
            .limit(RECENT)
        ).all()
        ids = [r.game_id for r in mine]
        seated = conn.execute(
            select(rated_seats_table.c.game_id, rated_seats_table.c.seat,
                   rated_seats_table.c.place, accounts_table.c.username)
            .join(accounts_table, accounts_table.c.id == rated_seats_table.c.account_id,
                  isouter=True)
            .where(rated_seats_table.c.game_id.in_(ids))
            .order_by(rated_seats_table.c.seat)
        ).all()  # fmt: skip
    return {
        "username": found.username,
        "ratings": [_rating_entry(r) for r in sorted(rows, key=_rating_order)],
        "recent": [_recent(r, [s for s in seated if s.game_id == r.game_id]) for r in mine],
    }


def _rating_order(row: Any) -> tuple[int, int]:
    names = games.names()
    order = names.index(row.game) if row.game in names else len(names)
    try:
        modes = modes_of(games.get(row.game))
    except OssuaryError:
        return order, 0
    return order, modes.index(row.mode) if row.mode in modes else len(modes)


def _title(game: str) -> str:
    try:
        return games.get(game).title
    except OssuaryError:  # a game no longer installed: its name
        return game


def _rating_entry(row: Any) -> dict[str, Any]:
    return {"game": row.game, "title": _title(row.game), "mode": row.mode, **_skill(row)}


def _recent(row: Any, seats: Sequence[Any]) -> dict[str, Any]:
    """One rated game as its player's profile lists it."""
    places = [s.place for s in seats]
    try:
        teams = games.get(row.game).teams(len(seats))
    except OssuaryError:
        teams = list(range(len(seats)))
    me = teams[row.seat] if row.seat < len(teams) else row.seat
    name = [s.username or DELETED for s in seats]
    return {
        "date": time.strftime("%Y-%m-%d", time.gmtime(row.finished or 0)),
        "game": row.game,
        "title": _title(row.game),
        "mode": row.mode,
        "result": ratings.result_words(row.place, places),
        "place": row.place,
        "rating": {
            "before": row.before,
            "after": row.after,
            "change": ratings.change_of(row.before, row.after),
            "shown": f"{row.after}{'?' if row.provisional else ''}",
        },
        "partners": [name[i] for i, t in enumerate(teams) if t == me and i != row.seat],
        "opponents": [name[i] for i, t in enumerate(teams) if t != me],
        "replay": f"/g/{row.game_id}",
    }


def leaderboard(store: Store, game: str, mode: str) -> list[dict[str, Any]]:
    """The best rated players of a game and mode, by mu - 3 sigma (a player
    whose account was deleted is left out)."""
    order = (ratings_table.c.mu - 3 * ratings_table.c.sigma).desc()
    with store.engine.connect() as conn:
        rows = conn.execute(
            select(ratings_table, accounts_table.c.username)
            .join(accounts_table, accounts_table.c.id == ratings_table.c.account_id)
            .where((ratings_table.c.game == game) & (ratings_table.c.mode == mode)
                   & accounts_table.c.username.is_not(None))
            .order_by(order, accounts_table.c.username_key)
            .limit(LEADERS)
        ).all()  # fmt: skip
    return [{"rank": k + 1, "username": r.username, **_skill(r)} for k, r in enumerate(rows)]
