""" "Play someone": the matchmaking queues in the database, and the matcher.

Each waiting player is one row of the ``queue`` table (``storage.py``), so any
process may take a join, a leave or a poll. The matcher runs in one process at
a time: on PostgreSQL the process holding the matcher's lease (a row of the
``leases`` table, taken and renewed like a game's), on SQLite the one process.
Once a second it reads who waits, lets :func:`matchmaking.pair` choose the
tables, and seats each table in three steps:

1. its players are marked as being seated, all of them or none, and only if
   each still waits (:meth:`Store.queue_take`): that conditional write is what
   keeps anyone from being seated twice, even with two matchers at once;
2. the game is set up through the lobby exactly like one made in the lobby
   (the same checks, decks preconstructed or saved), its human seats held for
   their players (nobody is given their tokens yet);
3. each row learns its game and seat.

A waiting player polls ``GET /api/queue``; the first answer after the match
carries a new token for their seat in its JSON body (once: the seat's token is
set then, so only its hash is ever stored), and the page opens the board. A
player who stops polling (the page closed) leaves the queue after
:data:`UNWATCHED` seconds. See ``docs/server.md``, "Matchmaking".
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from dataclasses import dataclass
from typing import Any

from .. import games
from ..engine.errors import OssuaryError
from ..engine.game import Game
from . import ai, ratings
from .decks import has_deck_lists, playable, saved_id
from .errors import RequestError, token_hash
from .hub import Hub
from .lobby import Lobby
from .matchmaking import Entry, QueueKey, Refused, Table, pair, window
from .periodic import every
from .protocol import CreateGame
from .storage import QueueRow

log = logging.getLogger("ossuary.server")

MATCH_EVERY = 1.0  # seconds between the matcher's looks at the queues
UNWATCHED = 30.0  # a waiting player whose page has not asked for this long has left
TOUCH = 10.0  # a poll marks its row as watched only when the mark is this old
KEEP_MATCHED = 600.0  # a match's answer is kept this long for its player's page
STUCK = 60.0  # a table half-seated this long (its matcher died): back to waiting
FILL_LEVEL = "normal"  # the computer that fills empty seats
ABANDON_SECONDS = 60  # a matched seat whose player is away goes to the computer after this
MATCHER_LEASE = "~matchmaker"  # the matcher's row in the leases table (PostgreSQL)
DEFAULT_RATING = ratings.BASE  # display points of a player with no rating yet


@dataclass(frozen=True)
class Player:
    """Who queues: an account's id, and the name their table will show."""

    id: str
    name: str


def queue_key(game: Game, mode: str | None, seats: int | None) -> QueueKey:
    """The queue a join asks for, checked: a game with modes is queued by mode
    (its seat count follows), any other by its seat count."""
    modes = dict(game.modes)
    if modes:
        if mode is None:
            if seats is None or seats not in modes.values():
                raise RequestError(f"{game.title}: choose a mode ({', '.join(modes)})")
            mode = next(m for m, n in modes.items() if n == seats)
        if mode not in modes:
            raise RequestError(f"{game.title} has no mode {mode!r}; modes: {', '.join(modes)}")
        if seats is not None and seats != modes[mode]:
            raise RequestError(f"mode {mode} is for {modes[mode]} players, not {seats}")
        return QueueKey(game.name, mode, modes[mode])
    if mode is not None:
        raise RequestError(f"{game.title} has no modes: choose how many players instead")
    counts = list(game.seat_counts)
    if seats is None or seats not in counts:
        listed = ", ".join(str(n) for n in counts)
        raise RequestError(f"{game.title} is played by {listed} players: choose one of those")
    return QueueKey(game.name, None, seats)


class Matchmaker:
    """The queues as every process sees them, and (one process at a time) the matcher."""

    def __init__(self, hub: Hub, lobby: Lobby) -> None:
        self.hub = hub
        self.lobby = lobby
        self.db = hub.db
        self.made = 0  # tables this process has set up
        self._wake = asyncio.Event()

    # -- a player's requests ----------------------------------------------------------------
    async def join(
        self,
        player: Player,
        browser: str,
        game_name: str,
        mode: str | None,
        seats: int | None,
        deck: str | None,
        fill_after: float | None,
    ) -> dict[str, Any]:
        """Put ``player`` in a queue (refused, nothing changed, when they already
        wait or another player waits from ``browser``): what the poll answers."""
        try:
            game = games.get(game_name)
        except OssuaryError as exc:
            raise RequestError(str(exc)) from None
        key = queue_key(game, mode, seats)
        deck = await self._deck(game, deck)
        now = time.time()
        row = QueueRow(player=player.id, name=player.name, client=browser, game=key.game,
                       mode=key.mode, seats=key.seats, rating=await self.rating(player, key),
                       deck=deck, fill_after=fill_after, joined=now, polled=now)  # fmt: skip
        try:
            others = await self.db.call(self.db.store.queue_join, row)
        except Refused as exc:
            raise RequestError(str(exc), 409) from None
        self._wake.set()  # a partner may be waiting already: look now
        return {**_waiting(row, now), "others": others}

    async def leave(self, player: Player) -> dict[str, Any]:
        was = await self.db.call(self.db.store.queue_leave, player.id)
        return {"status": "none", "left": was in ("waiting", "matching")}

    async def look(self, player: Player) -> dict[str, Any]:
        """What ``GET /api/queue`` answers: where the player stands."""
        now = time.time()
        found = await self.db.call(self.db.store.queue_look, player.id, now, TOUCH)
        if found is None:
            return {"status": "none"}
        row, others = found
        out = {**_waiting(row, now), "others": others}
        if row.status == "failed":
            out["error"] = row.error
        if row.status == "matched" and row.game_id is not None and row.seat is not None:
            waited = max(0.0, (row.matched or now) - row.joined)
            out.update(game_id=row.game_id, seat=row.seat, link=f"/g/{row.game_id}",
                       window=row.window, waited=round(waited, 1))  # fmt: skip
            if not row.delivered:
                token = await self._hand(player, row.game_id, row.seat)
                if token is not None:
                    out["token"] = token
        return out

    async def _hand(self, player: Player, game_id: str, seat: int) -> str | None:
        """A new token for the player's matched seat, set in the database and
        in the live game (None: already handed, by an earlier poll)."""
        hub = self.hub
        g = await hub.get(game_id)
        token = secrets.token_urlsafe(24)
        digest = token_hash(token)
        async with g.lock:
            if not await self.db.call(self.db.store.queue_hand, player.id, game_id, seat, digest):
                return None
            g.record.seats[seat].token_hash = digest
        await hub.cluster.tell(game_id, "s")  # the owner elsewhere reads the seat again
        return token

    async def rating(self, player: Player, key: QueueKey) -> float:
        """The player's rating in this queue's game and table, in display
        points (a new player's when they have none yet)."""
        mode = ratings.mode_name(games.get(key.game).modes, key.seats)
        found = await self.db.call(self.db.store.queue_rating, player.id, key.game, mode)
        if found is None:
            return DEFAULT_RATING
        return float(ratings.shown(ratings.Skill(found[0], found[1])))

    async def _deck(self, game: Game, deck: str | None) -> str | None:
        """The deck as the lobby takes it, checked now rather than at the table:
        None (the game's default), a preconstructed deck's name, or saved:ID."""
        if deck is None or deck == "":
            return None
        if not has_deck_lists(game):
            raise RequestError(f"{game.title} deals every seat from one shared deck: no deck "
                               "to choose")  # fmt: skip
        deck_id = saved_id(deck)
        if deck_id is not None:
            record = await self.db.call(self.db.store.load_deck, deck_id[:40])
            playable(game, record, deck_id, "your deck")
            return f"saved:{deck_id[:40]}"
        by_lower = {name.lower(): name for name in game.decks.preconstructed()}
        if deck.lower() not in by_lower:
            known = ", ".join(game.decks.preconstructed()) or "none"
            raise RequestError(f"{game.title} has no deck {deck!r}: choose one of {known}, or "
                               "a deck you saved")  # fmt: skip
        return by_lower[deck.lower()]

    # -- the matcher ---------------------------------------------------------------------
    async def running(self) -> None:
        """Match every :data:`MATCH_EVERY` seconds (sooner after a join) while
        this process holds the matcher's lease."""
        await every(MATCH_EVERY, self._wake, self.tick, _match_failed)

    async def _matcher_here(self) -> bool:
        cluster = self.hub.cluster
        if not cluster.clustered:
            return True
        leases = getattr(cluster, "leases", None)
        if leases is None:
            return True
        return await self.db.call(leases.claim, MATCHER_LEASE) is not None

    async def tick(self) -> int:
        """One look at every queue: the tables set up (0 when another process matches)."""
        if not await self._matcher_here():
            return 0
        now = time.time()
        store = self.db.store
        await self.db.call(store.queue_sweep, now, UNWATCHED, KEEP_MATCHED, STUCK)
        rows = await self.db.call(store.queue_waiting)
        queues: dict[QueueKey, list[QueueRow]] = {}
        for row in rows:
            queues.setdefault(QueueKey(row.game, row.mode, row.seats), []).append(row)
        made = 0
        for key, waiting in queues.items():
            by_player = {r.player: r for r in waiting}
            entries = [Entry(r.player, r.rating, r.client, r.joined, r.deck, r.fill_after)
                       for r in waiting]  # fmt: skip
            teams = _teams(key)
            for table in pair(entries, key.seats, now, teams, ai.MAX_COMPUTER_SEATS):
                if await self._seat(key, table, by_player):
                    made += 1
        self.made += made
        return made

    async def _seat(self, key: QueueKey, table: Table, rows: dict[str, QueueRow]) -> bool:
        """Set up one table's game and tell its players; False when one of them
        left (or was seated) meanwhile: nothing was set up."""
        store = self.db.store
        players = [e.player for e in table.players]
        if not await self.db.call(store.queue_take, players, time.time()):
            return False
        seated = [rows[e.player] if e is not None else None for e in table.seats]
        request = CreateGame(
            game=key.game,
            mode=key.mode,
            seats=["human" if r is not None else FILL_LEVEL for r in seated],
            decks=None if all(r is None or r.deck is None for r in seated)
            else [None if r is None else r.deck for r in seated],
            names=[None if r is None else r.name for r in seated],
            abandon_seconds=ABANDON_SECONDS,
            takeover=FILL_LEVEL,
            rated=table.computers == 0,  # people only: the ratings move
        )  # fmt: skip
        try:
            # every human seat's token is made and dropped here: nobody holds
            # one until their page asks (the first poll sets a new one)
            record, _tokens = await self.lobby.create(request)
        except RequestError as exc:
            log.warning("matchmaking: a %s table could not be set up: %s", key.game, exc)
            await self.db.call(store.queue_failed, players, f"the game could not be set up: {exc}",
                               time.time())  # fmt: skip
            return False
        except Exception:
            await self.db.call(store.queue_failed, players, None, time.time())
            raise
        seats = {r.player: i for i, r in enumerate(seated) if r is not None}
        # each seat its player's account's, and each player told, in one write
        await self.db.call(store.queue_matched, seats, record.id, table.window)
        for player, seat in seats.items():
            record.seats[seat].account_id = player
        log.info("matchmaking: game %s for %d players (%d computers), window %g",
                 record.id, len(seats), table.computers, table.window)  # fmt: skip
        return True


def _waiting(row: QueueRow, now: float) -> dict[str, Any]:
    """What a poll says of a row, whatever its status: the queue, the choices,
    the rating, the wait so far and the window it reaches now."""
    waited = max(0.0, now - row.joined)
    return {
        "status": "waiting" if row.status == "matching" else row.status,
        "game": row.game,
        "mode": row.mode,
        "seats": row.seats,
        "deck": row.deck,
        "fill_after": row.fill_after,
        "rating": round(row.rating),
        "waited": round(waited, 1),
        "window": window(waited),
    }


def _teams(key: QueueKey) -> list[int] | None:
    teams = games.get(key.game).teams(key.seats)
    return None if len(set(teams)) == len(teams) else teams


def _match_failed(exc: Exception) -> None:
    log.warning("matchmaking failed: %s", exc)
