"""Where games live between restarts: a game is its setup plus its action log.

Four tables (SQLAlchemy Core, so any database SQLAlchemy speaks works; SQLite
by default, PostgreSQL by URL):

- ``games``: exactly what ``new_game`` is given to deal the game again (game,
  rules version, decks, seed, and the first player when one was chosen: NULL
  when the seed chooses, never a guess read off the state at creation, since a
  game may decide its first player later, as Path of the Necromancer does after
  the mulligans), the options (turn timer, public), and the outcome once known;
- ``seats``: who plays each seat (``human`` or an agent spec), a SHA-256 of the
  seat's secret token (the token itself is never stored), and whether the seat
  has been claimed;
- ``decks``: the decks players saved in the browser (:class:`DeckRecord`): a
  game, a name and the list's text, a SHA-256 of the deck's edit token, and a
  hash of the address that saved it (for the limit on decks per client);
- ``actions``: one row per applied action, keyed by ``(game, n)``. The key
  makes a second write of action ``n`` fail, so an action can never be applied
  twice, even by two servers on one database. Each row also holds a short
  digest of the position the action led to (:func:`position_digest`), so a
  rebuild that arrives somewhere else is caught, never resumed as another game;
- ``accounts`` and ``sessions`` (``server/accounts.py``): a player's name and
  argon2id password hash, and the signed-in browsers (a hash of each session
  cookie, never the cookie); a seat or a deck may belong to an account.

Every method here is synchronous and is called from one database thread (see
:class:`ossuary.server.db.Database` and ``app.py``), never from the event loop;
the one exception is :meth:`Store.checkpoint`, which has a thread of its own.
"""

from __future__ import annotations

import contextlib
import json
import math
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import (
    BigInteger,
    Boolean,
    Column,
    Engine,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ..engine.core import GameState
from ..engine.errors import OssuaryError

metadata = MetaData()

# -- accounts (server/accounts.py) ----------------------------------------------------------
accounts_table = Table(
    "accounts",
    metadata,
    Column("id", String(32), primary_key=True),  # opaque: history survives a rename or delete
    Column("username", String(20), nullable=True),  # as its owner wrote it; NULL once deleted
    Column("username_key", String(20), nullable=True, unique=True),  # lower case: unique
    Column("password_hash", String(200), nullable=True),  # argon2id (pwdlib); NULL once deleted
    Column("created", Float, nullable=False),
    Column("deleted", Float, nullable=True),  # when its owner deleted it
)

sessions_table = Table(
    "sessions",
    metadata,
    Column("id_hash", String(64), primary_key=True),  # SHA-256 of the cookie's value
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
    Column("last_seen", Float, nullable=False),
    Column("csrf", String(64), nullable=False),  # what X-CSRF-Token must say
)

games_table = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("version", String(20), nullable=False),
    Column("created", Float, nullable=False),
    Column("decks", Text, nullable=False),  # JSON: one list of card names per seat
    Column("seed", BigInteger, nullable=False),
    Column("first", Integer, nullable=True),  # as given to new_game; NULL: the seed chose
    Column("options", Text, nullable=False),  # JSON: mode, timers, public, seed_given
    Column("status", String(16), nullable=False),  # playing, finished, abandoned
    Column("winner", Integer, nullable=True),
    Column("result", Text, nullable=True),  # JSON: result lines in words
    Column("finished", Float, nullable=True),
    # a hash of the address that made it (for the limit on games per client)
    Column("creator", String(64), nullable=True, index=True),
    Column("resigned", Integer, nullable=True),  # the seat that resigned it, if one did
)

seats_table = Table(
    "seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(60), nullable=False),  # as created: human or an agent spec
    Column("controller", String(60), nullable=False),  # now: human or an agent spec
    Column("token_hash", String(64), nullable=True),
    Column("claimed", Boolean, nullable=False, default=False),
    # the account that holds the seat (NULL: a guest, or a computer)
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=True, index=True),
)

actions_table = Table(
    "actions",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("n", Integer, primary_key=True),  # 0, 1, 2, ... : the action's place in the log
    Column("seat", Integer, nullable=False),
    Column("action", String(200), nullable=False),
    Column("by", String(60), nullable=False),  # human, timeout, or the agent spec
    Column("at", Float, nullable=False),
    Column("digest", String(16), nullable=True),  # the position after it (position_digest)
)


decks_table = Table(
    "decks",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(40), nullable=False),
    Column("name", String(100), nullable=False),
    Column("text", Text, nullable=False),  # the deck list as its player wrote it
    Column("legal", Boolean, nullable=False),  # when last saved (False: a draft)
    Column("token_hash", String(64), nullable=False),  # SHA-256 of the edit token
    Column("creator", String(64), nullable=True, index=True),  # a hash of the address
    Column("created", Float, nullable=False),
    Column("updated", Float, nullable=False),
    # the account it belongs to (NULL: a guest's, edited by its link)
    Column("account_id", String(32), ForeignKey("accounts.id"), nullable=True, index=True),
)


# -- many processes on one database (PostgreSQL: server/cluster.py) ------------------------------
nodes_table = Table(
    "nodes",
    metadata,
    Column("id", String(32), primary_key=True),  # a serving process, for as long as it runs
    Column("started", Float, nullable=False),
    Column("beat", Float, nullable=False),  # the database's clock at its last heartbeat
)

leases_table = Table(
    "leases",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("owner", String(32), nullable=False),  # the node that applies its actions
    Column("epoch", BigInteger, nullable=False),  # +1 at each change of owner (the fence)
    Column("expires", Float, nullable=False),  # the database's clock
)

presence_table = Table(
    "presence",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("node", String(32), primary_key=True),
    Column("conns", Integer, nullable=False),  # the seat's sockets on that node
)


trials_table = Table(
    "trials",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("client", String(64), nullable=True, index=True),  # a hash of the address
    Column("node", String(32), nullable=False),  # the process playing its games
    Column("status", String(16), nullable=False),  # running, done, stopped, failed
    Column("answer", Text, nullable=False),  # JSON: what GET /api/trials/{id} answers
    Column("polled", Float, nullable=False),  # when its page last asked (time.time)
    Column("stop", Boolean, nullable=False, default=False),  # asked to stop elsewhere
    Column("ended", Float, nullable=True),
)

buckets_table = Table(
    "buckets",
    metadata,
    Column("key", String(80), primary_key=True),  # what is limited, and a hash of who
    Column("tokens", Float, nullable=False),
    Column("at", Float, nullable=False),
)


# -- matchmaking: who waits for a game, in every process's view (server/queue.py) ---------------
queue_table = Table(
    "queue",
    metadata,
    Column("player", String(64), primary_key=True),  # the account waiting (one row each)
    Column("name", String(40), nullable=True),  # what the game will call them
    Column("client", String(64), nullable=False, index=True),  # a hash of their browser's key
    Column("game", String(40), nullable=False),
    Column("mode", String(40), nullable=True),
    Column("seats", Integer, nullable=False),
    Column("rating", Float, nullable=False),  # display points when they joined
    Column("deck", Text, nullable=True),  # as the lobby takes it: None, a deck's name, saved:ID
    Column("fill_after", Float, nullable=True),  # seconds; NULL: people only
    Column("joined", Float, nullable=False),
    Column("polled", Float, nullable=False),  # when their page last asked
    Column("status", String(16), nullable=False),  # waiting, matching, matched, failed
    Column("game_id", String(32), nullable=True),
    Column("seat", Integer, nullable=True),
    Column("delivered", Boolean, nullable=False, default=False),  # their seat's token handed
    Column("matched", Float, nullable=True),
    Column("window", Float, nullable=True),  # the rating window the table was made in
    Column("error", Text, nullable=True),  # why their table could not be set up
)


class StorageError(OssuaryError):
    """The database refused or failed a write; the game did not change."""


class Fenced(StorageError):
    """This process no longer owns the game it wrote for: nothing was written."""


class NameTaken(OssuaryError):
    """An account already has this username (compared in lower case)."""


class LimitReached(OssuaryError):
    """A client already has ``count`` of something, the most allowed: nothing
    was written (counted and refused in the one transaction that would write)."""

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} already")
        self.count = count


@dataclass
class SeatRecord:
    seat: int
    kind: str
    controller: str
    token_hash: str | None
    claimed: bool
    account_id: str | None = None  # the account holding it (None: a guest or a computer)


@dataclass
class GameRecord:
    """One stored game: its setup, options, outcome, seats and action log."""

    id: str
    game: str
    version: str
    created: float
    decks: list[list[str]]
    seed: int
    first: int | None  # as given to new_game; None: the seed chose
    options: dict[str, Any]
    status: str
    winner: int | None = None
    result: list[str] | None = None
    finished: float | None = None
    seats: list[SeatRecord] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    digests: list[str | None] = field(default_factory=list)  # one per action
    last_at: float | None = None  # when the last action was taken
    creator: str | None = None  # a hash of the address that made it (limits)
    resigned: int | None = None  # the seat that resigned it, if one did
    #: why its stored rows can't be read (None: they can); such a record holds
    #: only what could be read, and the game is listed as damaged, never played
    damaged: str | None = None


@dataclass(frozen=True)
class ActionRow:
    game_id: str
    n: int
    seat: int
    action: str
    by: str
    at: float
    digest: str | None = None


@dataclass(frozen=True)
class FinishRow:
    game_id: str
    winner: int | None
    result: list[str]
    at: float
    status: str = "finished"  # or "abandoned": nobody played it for too long
    resigned: int | None = None  # the seat that resigned


@dataclass(frozen=True)
class ControllerRow:
    game_id: str
    seat: int
    controller: str


@dataclass(frozen=True)
class ClaimRow:
    game_id: str
    seat: int


@dataclass
class DeckRecord:
    """A saved deck (``docs/server.md``, "Saved decks")."""

    id: str
    game: str
    name: str
    text: str
    legal: bool
    token_hash: str
    creator: str | None
    created: float
    updated: float
    account_id: str | None = None  # the account it belongs to (None: a guest's)


@dataclass(frozen=True)
class AccountRow:
    """An account as stored (server/accounts.py)."""

    id: str
    username: str | None  # None once deleted
    username_key: str | None
    password_hash: str | None
    created: float
    deleted: float | None = None


@dataclass(frozen=True)
class SessionRow:
    """A signed-in browser: the hash of its cookie's value, never the value."""

    id_hash: str
    account_id: str
    created: float
    last_seen: float
    csrf: str


@dataclass
class QueueRow:
    """A player waiting for a game, or just matched (``docs/server.md``, "Matchmaking")."""

    player: str
    name: str | None
    client: str
    game: str
    mode: str | None
    seats: int
    rating: float
    deck: str | None
    fill_after: float | None
    joined: float
    polled: float
    status: str = "waiting"
    game_id: str | None = None
    seat: int | None = None
    delivered: bool = False
    matched: float | None = None
    window: float | None = None
    error: str | None = None


@dataclass(frozen=True)
class Fence:
    """Write the rest of the transaction only while ``owner`` holds the game's
    lease at ``epoch`` (held, for the transaction, against a takeover)."""

    game_id: str
    owner: str
    epoch: int


@dataclass(frozen=True)
class Notice:
    """Tell the other processes, once the transaction commits (PostgreSQL's
    NOTIFY; nothing on SQLite, which one process serves)."""

    channel: str
    payload: str


Write = ActionRow | FinishRow | ControllerRow | ClaimRow | Fence | Notice


def default_sqlite_url() -> str:
    """SQLite in the user's data folder: ``~/.local/share/ossuary/server.db``."""
    import os

    base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return f"sqlite:///{base / 'ossuary' / 'server.db'}"


# SQLite copies its write-ahead log back into the database file at a
# checkpoint, and that is the one place where it syncs the disk. Left to
# itself it checkpoints inside whichever commit fills the log to 1,000 pages,
# and that commit (with every game waiting behind it) takes as long as the
# sync: tens to hundreds of milliseconds on a busy disk. The server checkpoints
# in a thread of its own instead (:meth:`Store.checkpoint`, called by
# ``Database``), so commits never wait for a sync; the automatic checkpoint is
# only a far-off backstop, should that thread ever stop.
BACKSTOP_CHECKPOINT_PAGES = 50_000  # about 200 MB of log


def _sqlite_file(url: str) -> bool:
    """True for an SQLite database kept in a file (not in memory)."""
    memory = url in ("sqlite://", "sqlite:///:memory:") or "mode=memory" in url
    return url.startswith("sqlite") and not memory


def _engine(url: str) -> Engine:
    if url.startswith("sqlite"):
        memory = not _sqlite_file(url)
        if not memory:
            path = url.split("///", 1)[-1].split("?", 1)[0]
            if path:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False},
            poolclass=StaticPool if memory else None,
        )

        @event.listens_for(engine, "connect")
        def _pragmas(conn: Any, _record: Any) -> None:
            # WAL lets readers run beside the writer. synchronous=NORMAL: each
            # commit is in the WAL file before the action is acknowledged, so a
            # crashed or killed server (kill -9) loses nothing; the file is synced
            # at checkpoints, so only a power cut or an OS crash can lose the last
            # commits. FULL synced every commit and tripled the round trip on a
            # loaded disk (docs/server.md); PostgreSQL is there for power cuts.
            cur = conn.cursor()
            if not memory:
                cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA synchronous=NORMAL")
            cur.execute("PRAGMA foreign_keys=ON")
            if not memory:
                cur.execute(f"PRAGMA wal_autocheckpoint={BACKSTOP_CHECKPOINT_PAGES}")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


class Store:
    """The game database. Synchronous: call it from the database thread only."""

    def __init__(self, url: str) -> None:
        self.url = url
        try:
            self.engine = _engine(url)
            with self._schema_lock():
                metadata.create_all(self.engine)
                migrate(self.engine)
        except (SQLAlchemyError, ImportError, ValueError) as exc:
            raise StorageError(f"cannot open the database {safe_url(url)}: {exc}") from exc

    @contextlib.contextmanager
    def _schema_lock(self) -> Iterator[None]:
        """One process at a time makes or migrates the tables (several servers
        starting at once on one new PostgreSQL database would race)."""
        if self.engine.dialect.name != "postgresql":
            yield
            return
        with self.engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(730536)"))
            conn.commit()
            try:
                yield
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(730536)"))
                conn.commit()

    def close(self) -> None:
        self.engine.dispose()

    @property
    def checkpoints(self) -> bool:
        """True when :meth:`checkpoint` has work to do (an SQLite file)."""
        return _sqlite_file(self.url)

    def checkpoint(self) -> tuple[int, int] | None:
        """Copy what the write-ahead log holds into the SQLite file, without
        blocking the writer (``PASSIVE``); the pages in the log and the pages
        copied, or None when there is nothing to do (not an SQLite file).

        Safe to call from a second thread beside the database thread: it takes
        its own connection from the pool, and SQLite lets one checkpoint run
        beside one writer.
        """
        if not self.checkpoints:
            return None
        with self.engine.connect() as conn:
            row = conn.exec_driver_sql("PRAGMA wal_checkpoint(PASSIVE)").first()
        return None if row is None else (int(row[1]), int(row[2]))

    # -- writes ---------------------------------------------------------------------
    def _one_at_a_time(self, conn: Connection, key: str) -> None:
        """Let one transaction at a time through for ``key`` (a client's count):
        PostgreSQL's transaction-scoped advisory lock, so two processes can't
        both count 19 and both write the 20th. SQLite needs none here: one
        process writes it, from one thread."""
        if self.engine.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:key))"), {"key": key})

    def create_game(
        self, record: GameRecord, limit: int | None = None, lease: tuple[str, float] | None = None
    ) -> None:
        """Store a new game; with ``limit``, only if its creator has fewer games
        in progress than that (else :class:`LimitReached`), counted and written
        in one transaction; with ``lease`` (node, seconds: several processes on
        PostgreSQL), owned by that node from the start."""
        with self.engine.begin() as conn:
            if limit is not None and record.creator is not None:
                self._one_at_a_time(conn, f"games:{record.creator}")
                mine = (games_table.c.creator == record.creator) & (
                    games_table.c.status == "playing"
                )
                count = conn.execute(select(func.count()).select_from(games_table).where(mine))
                n = int(count.scalar() or 0)
                if n >= limit:
                    raise LimitReached(n)
            conn.execute(
                insert(games_table).values(
                    id=record.id,
                    game=record.game,
                    version=record.version,
                    created=record.created,
                    decks=json.dumps(record.decks),
                    seed=record.seed,
                    first=record.first,
                    options=json.dumps(record.options),
                    status=record.status,
                    creator=record.creator,
                )
            )
            conn.execute(
                insert(seats_table),
                [
                    {
                        "game_id": record.id,
                        "seat": s.seat,
                        "kind": s.kind,
                        "controller": s.controller,
                        "token_hash": s.token_hash,
                        "claimed": s.claimed,
                        "account_id": s.account_id,
                    }
                    for s in record.seats
                ],
            )
            if lease is not None and conn.dialect.name == "postgresql":
                conn.execute(
                    text(
                        "INSERT INTO leases (game_id, owner, epoch, expires) VALUES "
                        "(:g, :me, 1, EXTRACT(EPOCH FROM clock_timestamp()) + :ttl)"
                    ),
                    {"g": record.id, "me": lease[0], "ttl": lease[1]},
                )

    def count_playing(self, creator: str) -> int:
        """Games in progress made by the client with this key."""
        with self.engine.connect() as conn:
            mine = (games_table.c.creator == creator) & (games_table.c.status == "playing")
            n = conn.execute(select(func.count()).select_from(games_table).where(mine)).scalar()
        return int(n or 0)

    def claim_seat(self, game_id: str, seat: int, digest: str) -> bool:
        """Give a lobby player a free seat: its new token's hash, marked claimed;
        False (nothing written) when someone took it meanwhile, here or on
        another server."""
        with self.engine.begin() as conn:
            done = conn.execute(
                update(seats_table)
                .where(
                    (seats_table.c.game_id == game_id)
                    & (seats_table.c.seat == seat)
                    & (seats_table.c.claimed == False)  # noqa: E712 (SQL, not Python)
                )
                .values(token_hash=digest, claimed=True)
            )
            return bool(done.rowcount)

    def load_seats(self, game_id: str) -> list[SeatRecord]:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(seats_table)
                .where(seats_table.c.game_id == game_id)
                .order_by(seats_table.c.seat)
            ).all()
        return seats_of_rows([r._mapping for r in rows])

    def write(self, rows: Sequence[Write]) -> None:
        """Apply ``rows`` in one transaction (all or nothing). Many games' rows
        go in a few statements, whatever their number (one for the fences, one
        for the actions, one for the notices), so a group commit's cost grows
        with its rows' bytes, not with round trips to the database."""
        fences = [r for r in rows if isinstance(r, Fence)]
        actions = [r for r in rows if isinstance(r, ActionRow)]
        notices = [r for r in rows if isinstance(r, Notice)]
        others = [r for r in rows if not isinstance(r, Fence | ActionRow | Notice)]
        with self.engine.begin() as conn:
            if fences:
                _fence(conn, fences)
            if actions:
                conn.execute(insert(actions_table), [_action(a) for a in actions])
            for row in others:
                _apply(conn, row)
            if notices and conn.dialect.name == "postgresql":
                conn.execute(
                    text(
                        "SELECT pg_notify(c, p) FROM unnest(CAST(:cs AS text[]), "
                        "CAST(:ps AS text[])) AS t(c, p)"
                    ),
                    {"cs": [n.channel for n in notices], "ps": [n.payload for n in notices]},
                )

    # -- reads ----------------------------------------------------------------------
    def load(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            return self._record(conn, row._mapping)

    def ping(self) -> None:
        """A round trip to the database (readiness)."""
        with self.engine.connect() as conn:
            conn.execute(select(1))

    def exists(self, game_id: str) -> bool:
        with self.engine.connect() as conn:
            found = conn.execute(select(games_table.c.id).where(games_table.c.id == game_id))
            return found.first() is not None

    def load_playing(self) -> list[GameRecord]:
        """Every game not yet over, with its action log (to resume after a restart)."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(games_table)
                .where(games_table.c.status == "playing")
                .order_by(games_table.c.created)
            ).all()
            return [self._record(conn, r._mapping) for r in rows]

    def list_games(self, limit: int = 50) -> list[GameRecord]:
        """The newest games of each status, without their action logs."""
        out: list[GameRecord] = []
        with self.engine.connect() as conn:
            for status in ("playing", "finished", "abandoned"):
                rows = conn.execute(
                    select(games_table)
                    .where(games_table.c.status == status)
                    .order_by(games_table.c.created.desc())
                    .limit(limit)
                ).all()
                out += [self._record(conn, r._mapping, with_actions=False) for r in rows]
            # a status the server doesn't know: listed (as damaged), not lost
            rows = conn.execute(
                select(games_table)
                .where(games_table.c.status.not_in(STATUSES))
                .order_by(games_table.c.created.desc())
                .limit(limit)
            ).all()
            out += [self._record(conn, r._mapping, with_actions=False) for r in rows]
        return out

    def _record(self, conn: Connection, m: Any, with_actions: bool = True) -> GameRecord:
        """The game of row ``m``, its seats and (``with_actions``) its log; a
        row that can't be read in full gives a record marked ``damaged`` with
        why, never an exception: one damaged game must not stop the others."""
        try:
            record = game_of_row(m)
            seats = conn.execute(
                select(seats_table)
                .where(seats_table.c.game_id == record.id)
                .order_by(seats_table.c.seat)
            ).all()
            record.seats = seats_of_rows([r._mapping for r in seats])
            if with_actions:
                acts = conn.execute(
                    select(
                        actions_table.c.n,
                        actions_table.c.action,
                        actions_table.c.digest,
                        actions_table.c.at,
                    )
                    .where(actions_table.c.game_id == record.id)
                    .order_by(actions_table.c.n)
                ).all()
                log_of_rows(record, [r._mapping for r in acts])
        except SQLAlchemyError:
            raise  # the database failed, not the row: the caller says so
        except DamagedRow as exc:
            return damaged_record(m, str(exc))
        except Exception as exc:  # anything else a row's content can raise
            return damaged_record(m, f"its stored rows can't be read ({type(exc).__name__})")
        return record

    # -- saved decks ----------------------------------------------------------------
    def save_deck(self, record: DeckRecord, limit: int | None = None) -> None:
        """Store a new deck; with ``limit``, only if its creator has fewer decks
        than that (else :class:`LimitReached`), counted and written in one
        transaction."""
        with self.engine.begin() as conn:
            if limit is not None and record.creator is not None:
                self._one_at_a_time(conn, f"decks:{record.creator}")
                mine = decks_table.c.creator == record.creator
                count = conn.execute(select(func.count()).select_from(decks_table).where(mine))
                n = int(count.scalar() or 0)
                if n >= limit:
                    raise LimitReached(n)
            conn.execute(insert(decks_table).values(**record.__dict__))

    def load_deck(self, deck_id: str) -> DeckRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(decks_table).where(decks_table.c.id == deck_id)).first()
        if row is None:
            return None
        m = row._mapping
        return DeckRecord(**{k: m[k] for k in DeckRecord.__dataclass_fields__})

    def update_deck(self, record: DeckRecord) -> None:
        """Store a deck's new name, text and legality (its id, game and token stay)."""
        with self.engine.begin() as conn:
            conn.execute(
                update(decks_table)
                .where(decks_table.c.id == record.id)
                .values(
                    name=record.name, text=record.text, legal=record.legal, updated=record.updated
                )
            )

    def delete_deck(self, deck_id: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(decks_table).where(decks_table.c.id == deck_id))

    def count_decks(self, creator: str | None) -> int:
        """How many decks the client with this key has saved."""
        if creator is None:
            return 0
        with self.engine.connect() as conn:
            mine = decks_table.c.creator == creator
            n = conn.execute(select(func.count()).select_from(decks_table).where(mine)).scalar()
        return int(n or 0)

    # -- deck trials, seen from every process (server/trials.py) ----------------------------
    def trial_begin(
        self, trial_id: str, client: str | None, node: str, answer: str, limit: int
    ) -> None:
        """A new running trial, if its client runs fewer than ``limit`` on any
        process (else :class:`LimitReached`), counted and written at once."""
        now = time.time()
        with self.engine.begin() as conn:
            if client is not None:
                self._one_at_a_time(conn, f"trials:{client}")
                mine = (trials_table.c.client == client) & (trials_table.c.status == "running")
                count = conn.execute(select(func.count()).select_from(trials_table).where(mine))
                n = int(count.scalar() or 0)
                if n >= limit:
                    raise LimitReached(n)
            conn.execute(
                insert(trials_table).values(
                    id=trial_id,
                    client=client,
                    node=node,
                    status="running",
                    answer=answer,
                    polled=now,
                    stop=False,
                    ended=None,
                )
            )

    def trial_save(self, trial_id: str, status: str, answer: str, ended: bool) -> None:
        with self.engine.begin() as conn:
            conn.execute(
                update(trials_table)
                .where(trials_table.c.id == trial_id)
                .values(status=status, answer=answer, ended=time.time() if ended else None)
            )

    def trial_look(self, trial_id: str, stop: bool = False) -> str | None:
        """A trial's last answer (None: no such trial), marked as watched (and,
        with ``stop``, asked to stop)."""
        values: dict[str, Any] = {"polled": time.time()}
        if stop:
            values["stop"] = True
        with self.engine.begin() as conn:
            conn.execute(update(trials_table).where(trials_table.c.id == trial_id).values(**values))
            row = conn.execute(
                select(trials_table.c.answer).where(trials_table.c.id == trial_id)
            ).first()
        return None if row is None else str(row[0])

    def trial_watch(self, ids: list[str]) -> dict[str, tuple[float, bool]]:
        """When each trial's page last asked, and whether it was asked to stop."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(trials_table.c.id, trials_table.c.polled, trials_table.c.stop).where(
                    trials_table.c.id.in_(ids)
                )
            ).all()
        return {r[0]: (float(r[1]), bool(r[2])) for r in rows}

    def trial_forget(self, client: str | None, keep: int, older: float) -> None:
        """Forget ended trials: all but the ``keep`` newest of ``client``, and
        any that ended ``older`` seconds ago."""
        now = time.time()
        with self.engine.begin() as conn:
            conn.execute(delete(trials_table).where(trials_table.c.ended < now - older))
            if client is None:
                return
            ended = conn.execute(
                select(trials_table.c.id)
                .where((trials_table.c.client == client) & (trials_table.c.ended.is_not(None)))
                .order_by(trials_table.c.ended.desc())
                .offset(keep)
            ).all()
            if ended:
                conn.execute(
                    delete(trials_table).where(trials_table.c.id.in_([r[0] for r in ended]))
                )

    # -- rates seen from every process --------------------------------------------------------
    def take_token(self, key: str, rate: float, burst: float) -> bool:
        """One token from ``key``'s bucket (``rate`` a second, ``burst`` at most),
        in one statement every process shares; False when it is empty."""
        now = time.time()
        fill = "LEAST(:burst, buckets.tokens + (:now - buckets.at) * :rate)"
        if self.engine.dialect.name != "postgresql":
            fill = "MIN(:burst, buckets.tokens + (:now - buckets.at) * :rate)"
        with self.engine.begin() as conn:
            row = conn.execute(
                text(
                    "INSERT INTO buckets (key, tokens, at) VALUES (:key, :burst - 1, :now) "
                    f"ON CONFLICT (key) DO UPDATE SET tokens = {fill} - 1, at = :now "
                    f"WHERE {fill} >= 1 RETURNING tokens"
                ),
                {"key": key, "burst": burst, "rate": rate, "now": now},
            ).first()
        return row is not None

    # -- matchmaking (server/queue.py): one row a waiting player ------------------------------
    def queue_join(self, row: QueueRow) -> int:
        """``row``'s player waits, unless they already do (a matched row of
        theirs gives way) or another player waits from the same browser:
        :class:`~ossuary.server.matchmaking.Refused`, nothing written. Checked
        and written in one transaction, one join at a time on PostgreSQL. How
        many others wait in the same queue."""
        from .matchmaking import Refused

        q = queue_table.c
        busy = q.status.in_(("waiting", "matching"))
        with self.engine.begin() as conn:
            self._one_at_a_time(conn, "queue")
            if conn.execute(select(q.player).where((q.player == row.player) & busy)).first():
                raise Refused("you are already waiting for a game; leave that queue first")
            other = (q.client == row.client) & (q.player != row.player) & busy
            if conn.execute(select(q.player).where(other)).first():
                raise Refused("another player is already waiting from this browser")
            conn.execute(delete(queue_table).where(q.player == row.player))
            conn.execute(insert(queue_table).values(**row.__dict__))
            same = (q.game == row.game) & (q.seats == row.seats) & (q.status == "waiting")
            same &= q.mode.is_(None) if row.mode is None else q.mode == row.mode
            n = conn.execute(select(func.count()).select_from(queue_table).where(same)).scalar()
        return max(0, int(n or 0) - 1)

    def queue_leave(self, player: str) -> str | None:
        """Take ``player`` out of the queue; the status they had (None: none)."""
        q = queue_table.c
        with self.engine.begin() as conn:
            found = conn.execute(select(q.status).where(q.player == player)).first()
            conn.execute(delete(queue_table).where(q.player == player))
        return None if found is None else str(found[0])

    def queue_look(
        self, player: str, now: float, touch: float = 0.0
    ) -> tuple[QueueRow, int] | None:
        """``player``'s row and how many others wait in the same queue (None:
        they are in none), marked as asked about now when its mark is older
        than ``touch`` seconds (a page polls every few seconds: most polls
        write nothing)."""
        q = queue_table.c
        with self.engine.connect() as conn:
            found = conn.execute(select(queue_table).where(q.player == player)).first()
            if found is None:
                return None
            row = QueueRow(**dict(found._mapping))
            same = (q.game == row.game) & (q.seats == row.seats) & (q.status == "waiting")
            same &= q.mode.is_(None) if row.mode is None else q.mode == row.mode
            n = conn.execute(select(func.count()).select_from(queue_table).where(same)).scalar()
        if now - row.polled > touch:
            with self.engine.begin() as conn:
                conn.execute(update(queue_table).where(q.player == player).values(polled=now))
        return row, max(0, int(n or 0) - (row.status == "waiting"))

    def queue_waiting(self) -> list[QueueRow]:
        """Everyone waiting, longest first."""
        q = queue_table.c
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(queue_table).where(q.status == "waiting").order_by(q.joined, q.player)
            ).all()
        return [QueueRow(**dict(r._mapping)) for r in rows]

    def queue_take(self, players: list[str], now: float) -> bool:
        """Mark ``players`` as being seated together: all of them, only if each
        still waits (nothing written otherwise, and False). This is what keeps
        anyone from being seated twice, whoever else matches at the same time."""
        q = queue_table.c
        with self.engine.begin() as conn:
            done = conn.execute(
                update(queue_table)
                .where(q.player.in_(players) & (q.status == "waiting"))
                .values(status="matching", matched=now)
            )
            if done.rowcount != len(players):
                conn.rollback()
                return False
        return True

    def queue_matched(self, seats: dict[str, int], game_id: str, window: float) -> None:
        """Each of ``seats``' players has that seat of ``game_id``, bound to their
        account (those who left meanwhile have no queue row to update: their
        seat goes to the game's takeover), in one transaction."""
        q = queue_table.c
        with self.engine.begin() as conn:
            for player, seat in seats.items():
                conn.execute(
                    update(seats_table)
                    .where((seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))
                    .values(account_id=player)
                )
                conn.execute(
                    update(queue_table)
                    .where((q.player == player) & (q.status == "matching"))
                    .values(status="matched", game_id=game_id, seat=seat, window=window)
                )

    def queue_failed(self, players: list[str], error: str | None, now: float) -> None:
        """Their table could not be set up: ``error`` says why (None: back to waiting)."""
        q = queue_table.c
        values: dict[str, Any] = {"status": "waiting", "matched": None}
        if error is not None:
            values = {"status": "failed", "error": error, "matched": now}
        with self.engine.begin() as conn:
            conn.execute(
                update(queue_table)
                .where(q.player.in_(players) & (q.status == "matching"))
                .values(**values)
            )

    def queue_hand(self, player: str, game_id: str, seat: int, digest: str) -> bool:
        """Give ``player`` their matched seat: the seat's token becomes the one
        hashed as ``digest``, once (False: it was handed already, or the row
        changed)."""
        q = queue_table.c
        with self.engine.begin() as conn:
            theirs = (q.player == player) & (q.game_id == game_id) & (q.seat == seat)
            waiting = (q.status == "matched") & (q.delivered == False)  # noqa: E712 (SQL)
            done = conn.execute(update(queue_table).where(theirs & waiting).values(delivered=True))
            if not done.rowcount:
                return False
            conn.execute(
                update(seats_table)
                .where((seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))
                .values(token_hash=digest)
            )
        return True

    def queue_rating(self, account_id: str, game: str, mode: str) -> tuple[float, float] | None:
        """An account's rating (mu, sigma) at a game and table (None: not rated yet)."""
        r = ratings_table.c
        mine = (r.account_id == account_id) & (r.game == game) & (r.mode == mode)
        with self.engine.connect() as conn:
            row = conn.execute(select(r.mu, r.sigma).where(mine)).first()
        return None if row is None else (float(row[0]), float(row[1]))

    def queue_sweep(self, now: float, unwatched: float, keep: float, stuck: float) -> int:
        """Forget who stopped asking (a closed page) for ``unwatched`` seconds
        while waiting, and matches older than ``keep``; put back in the queue
        anyone left ``stuck`` seconds mid-seating (a matcher that died). How
        many waiting players were forgotten."""
        q = queue_table.c
        with self.engine.connect() as conn:  # most of the time nobody waits: write nothing
            if conn.execute(select(q.player).limit(1)).first() is None:
                return 0
        with self.engine.begin() as conn:
            gone = conn.execute(
                delete(queue_table).where((q.status == "waiting") & (q.polled < now - unwatched))
            ).rowcount
            conn.execute(
                delete(queue_table).where(
                    q.status.in_(("matched", "failed")) & (q.matched < now - keep)
                )
            )
            conn.execute(
                update(queue_table)
                .where((q.status == "matching") & (q.matched < now - stuck))
                .values(status="waiting", matched=None)
            )
        return int(gone or 0)

    def count_actions(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.n).where(actions_table.c.game_id == game_id)
            ).all()
            return len(rows)

    # -- accounts and their sessions (server/accounts.py) ------------------------------------
    def create_account(self, row: AccountRow, session: SessionRow) -> None:
        """A new account, signed in by ``session``, in one transaction;
        :class:`NameTaken` (nothing written) when its name's key is someone's."""
        with self.engine.begin() as conn:
            self._one_at_a_time(conn, f"account:{row.username_key}")
            taken = conn.execute(
                select(accounts_table.c.id).where(accounts_table.c.username_key == row.username_key)
            ).first()
            if taken is not None:
                raise NameTaken(str(row.username))
            conn.execute(
                insert(accounts_table).values(
                    id=row.id,
                    username=row.username,
                    username_key=row.username_key,
                    password_hash=row.password_hash,
                    created=row.created,
                    deleted=None,
                )
            )
            conn.execute(insert(sessions_table).values(**session.__dict__))

    def find_account(self, username_key: str) -> AccountRow | None:
        """The live account whose name's key is ``username_key``."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table).where(
                    (accounts_table.c.username_key == username_key)
                    & accounts_table.c.deleted.is_(None)
                )
            ).first()
        return None if row is None else _account(row._mapping)

    def load_account(self, account_id: str) -> AccountRow | None:
        """An account by id, deleted or not."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(accounts_table).where(accounts_table.c.id == account_id)
            ).first()
        return None if row is None else _account(row._mapping)

    def account_names(self, ids: Sequence[str]) -> dict[str, str | None]:
        """Each account's username (None: deleted), for showing who played."""
        if not ids:
            return {}
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(accounts_table.c.id, accounts_table.c.username).where(
                    accounts_table.c.id.in_(sorted(set(ids)))
                )
            ).all()
        return {r[0]: r[1] for r in rows}

    def add_session(
        self, session: SessionRow, replaces: str | None = None, idle: float | None = None
    ) -> None:
        """Store a new session; the one whose hash is ``replaces`` (the cookie
        the browser came with) goes, so a sign-in never keeps an old id; with
        ``idle``, so do all sessions unused for that many seconds (never seen
        again, they would stay for good)."""
        with self.engine.begin() as conn:
            if replaces is not None:
                conn.execute(delete(sessions_table).where(sessions_table.c.id_hash == replaces))
            if idle is not None:
                stale = sessions_table.c.last_seen < session.created - idle
                conn.execute(delete(sessions_table).where(stale))
            conn.execute(insert(sessions_table).values(**session.__dict__))

    def session_account(
        self, id_hash: str, now: float, idle: float, touch: float
    ) -> tuple[AccountRow, str] | None:
        """The live account signed in by the session ``id_hash`` and that
        session's CSRF token; None when there is no such session or it was not
        seen for ``idle`` seconds (then it is forgotten). Its ``last_seen`` is
        written only when older than ``touch`` seconds (not a write a request)."""
        with self.engine.connect() as conn:
            row = conn.execute(
                select(sessions_table, accounts_table)
                .join(accounts_table, accounts_table.c.id == sessions_table.c.account_id)
                .where(sessions_table.c.id_hash == id_hash)
            ).first()
        if row is None:
            return None
        m = row._mapping
        seen = float(m[sessions_table.c.last_seen])
        if now - seen > idle or m[accounts_table.c.deleted] is not None:
            self.drop_session(id_hash)
            return None
        if now - seen > touch:
            with self.engine.begin() as conn:
                conn.execute(
                    update(sessions_table)
                    .where(sessions_table.c.id_hash == id_hash)
                    .values(last_seen=now)
                )
        account = AccountRow(
            id=m[accounts_table.c.id],
            username=m[accounts_table.c.username],
            username_key=m[accounts_table.c.username_key],
            password_hash=m[accounts_table.c.password_hash],
            created=float(m[accounts_table.c.created]),
            deleted=None,
        )
        return account, str(m[sessions_table.c.csrf])

    def drop_session(self, id_hash: str) -> None:
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.id_hash == id_hash))

    def set_password(self, account_id: str, password_hash: str, keep: str | None) -> None:
        """A new password hash; every session of the account but ``keep`` (a
        session's hash: the one that changed it) signed out, at once."""
        with self.engine.begin() as conn:
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(password_hash=password_hash)
            )
            gone = sessions_table.c.account_id == account_id
            if keep is not None:
                gone = gone & (sessions_table.c.id_hash != keep)
            conn.execute(delete(sessions_table).where(gone))

    def delete_account(self, account_id: str, now: float) -> None:
        """Delete an account: its name (free for anyone to take again), its
        password hash, its sessions and its saved decks go; the row stays,
        marked deleted, so the games it played keep their seats ("deleted
        player")."""
        with self.engine.begin() as conn:
            conn.execute(delete(sessions_table).where(sessions_table.c.account_id == account_id))
            conn.execute(delete(decks_table).where(decks_table.c.account_id == account_id))
            conn.execute(
                update(accounts_table)
                .where(accounts_table.c.id == account_id)
                .values(username=None, username_key=None, password_hash=None, deleted=now)
            )

    def bind_seat(self, game_id: str, seat: int, account_id: str) -> bool:
        """Give seat ``seat`` of a game to an account; False (nothing written)
        when another account holds it already, or this account holds another
        seat of the game (one account, one seat: nobody plays themselves)."""
        with self.engine.begin() as conn:
            self._one_at_a_time(conn, f"seat:{game_id}")
            other = conn.execute(
                select(seats_table.c.seat).where(
                    (seats_table.c.game_id == game_id)
                    & (seats_table.c.account_id == account_id)
                    & (seats_table.c.seat != seat)
                )
            ).first()
            if other is not None:
                return False
            done = conn.execute(
                update(seats_table)
                .where(
                    (seats_table.c.game_id == game_id)
                    & (seats_table.c.seat == seat)
                    & (
                        seats_table.c.account_id.is_(None)
                        | (seats_table.c.account_id == account_id)
                    )
                )
                .values(account_id=account_id)
            )
            return bool(done.rowcount)

    def account_seats(self, account_id: str) -> list[tuple[GameRecord, list[int]]]:
        """Every game an account holds a seat of (newest first), without its
        action log, with the seats it holds."""
        with self.engine.connect() as conn:
            held = conn.execute(
                select(seats_table.c.game_id, seats_table.c.seat)
                .where(seats_table.c.account_id == account_id)
                .order_by(seats_table.c.game_id, seats_table.c.seat)
            ).all()
            seats: dict[str, list[int]] = {}
            for game_id, seat in held:
                seats.setdefault(game_id, []).append(int(seat))
            rows = conn.execute(
                select(games_table)
                .where(games_table.c.id.in_(sorted(seats)))
                .order_by(games_table.c.created.desc())
            ).all()
            return [
                (self._record(conn, r._mapping, with_actions=False), seats[r._mapping["id"]])
                for r in rows
            ]

    def account_decks(self, account_id: str) -> list[DeckRecord]:
        """The saved decks that belong to an account, oldest first."""
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(decks_table)
                .where(decks_table.c.account_id == account_id)
                .order_by(decks_table.c.created)
            ).all()
        return [
            DeckRecord(**{k: r._mapping[k] for k in DeckRecord.__dataclass_fields__}) for r in rows
        ]


def _fence(conn: Connection, fences: Sequence[Fence]) -> None:
    """Every fence's lease held as it says, held against a takeover until the
    transaction ends; :class:`Fenced` for the first that isn't."""
    held = {
        r.game_id: (r.owner, r.epoch)
        for r in conn.execute(
            select(leases_table.c.game_id, leases_table.c.owner, leases_table.c.epoch)
            .where(leases_table.c.game_id.in_(sorted({f.game_id for f in fences})))
            .with_for_update(read=True)
        ).all()
    }
    for f in fences:
        if held.get(f.game_id) != (f.owner, f.epoch):
            raise Fenced(f"game {f.game_id} is now played by another server")


def _action(row: ActionRow) -> dict[str, Any]:
    return {"game_id": row.game_id, "n": row.n, "seat": row.seat, "action": row.action,
            "by": row.by, "at": row.at, "digest": row.digest}  # fmt: skip


def _apply(conn: Connection, row: Write) -> None:
    if isinstance(row, ActionRow):
        conn.execute(
            insert(actions_table).values(
                game_id=row.game_id,
                n=row.n,
                seat=row.seat,
                action=row.action,
                by=row.by,
                at=row.at,
                digest=row.digest,
            )
        )
    elif isinstance(row, FinishRow):
        conn.execute(
            update(games_table)
            .where(games_table.c.id == row.game_id)
            .values(
                status=row.status,
                winner=row.winner,
                result=json.dumps(row.result),
                finished=row.at,
                resigned=row.resigned,
            )
        )
        _rate_finished(conn, row)  # the ratings, in the same transaction (below)
    elif isinstance(row, ControllerRow):
        conn.execute(
            update(seats_table)
            .where((seats_table.c.game_id == row.game_id) & (seats_table.c.seat == row.seat))
            .values(controller=row.controller)
        )
    elif isinstance(row, Fence):
        _fence(conn, [row])
    elif isinstance(row, Notice):
        if conn.dialect.name == "postgresql":
            conn.execute(text("SELECT pg_notify(:c, :p)"), {"c": row.channel, "p": row.payload})
    else:
        conn.execute(
            update(seats_table)
            .where((seats_table.c.game_id == row.game_id) & (seats_table.c.seat == row.seat))
            .values(claimed=True)
        )


def _account(m: Any) -> AccountRow:
    return AccountRow(
        id=m["id"],
        username=m["username"],
        username_key=m["username_key"],
        password_hash=m["password_hash"],
        created=float(m["created"]),
        deleted=None if m["deleted"] is None else float(m["deleted"]),
    )


class DamagedRow(ValueError):
    """A stored row that does not hold what the schema says; ``str`` says what."""


STATUSES = ("playing", "finished", "abandoned")
#: the stored options the server reads, and the types each may hold
OPTION_TYPES: dict[str, tuple[type, ...]] = {
    "mode": (str,),
    "turn_seconds": (int, float),
    "timeouts_to_ai": (int,),
    "abandon_seconds": (int, float),
    "takeover": (str,),
    "public": (bool,),
    "seed_given": (bool,),
    "names": (list,),
    "tutorial": (bool,),
}


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value: object) -> bool:
    """A finite number (JSON has no NaN or infinity: the lobby must be able to say it)."""
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


def _json(value: object, what: str) -> Any:
    if not isinstance(value, str):
        raise DamagedRow(f"its {what} is not JSON text")
    try:
        return json.loads(value, parse_constant=_no_constant)
    except (ValueError, RecursionError):
        raise DamagedRow(f"its {what} is not valid JSON") from None


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


def game_of_row(m: Any) -> GameRecord:
    """A ``games`` row read and checked, every field of the type the server
    uses; :class:`DamagedRow` saying which field is not."""
    for key in ("id", "game", "version", "status"):
        if not isinstance(m[key], str):
            raise DamagedRow(f"its {key} is not text")
    if m["status"] not in STATUSES:
        raise DamagedRow(f"its status is none of {', '.join(STATUSES)}")
    if not _is_number(m["created"]):
        raise DamagedRow("its creation time is not a number")
    if not _is_int(m["seed"]):
        raise DamagedRow("its seed is not a whole number")
    for key in ("first", "winner"):
        if m[key] is not None and not _is_int(m[key]):
            raise DamagedRow(f"its {key} is not a seat number")
    if m["finished"] is not None and not _is_number(m["finished"]):
        raise DamagedRow("its end time is not a number")
    decks = _json(m["decks"], "decks")
    if not isinstance(decks, list) or not all(
        isinstance(d, list) and all(isinstance(c, str) for c in d) for d in decks
    ):
        raise DamagedRow("its decks are not lists of card names")
    options = _json(m["options"], "options")
    if not isinstance(options, dict):
        raise DamagedRow("its options are not a JSON object")
    for key, types in OPTION_TYPES.items():
        value = options.get(key)
        if value is not None and (not isinstance(value, types) or
                                  (bool not in types and isinstance(value, bool))):  # fmt: skip
            raise DamagedRow(f"its option {key!r} does not hold a {types[0].__name__}")
    names = options.get("names") or []
    if not all(n is None or isinstance(n, str) for n in names):
        raise DamagedRow("its seat names are not text")
    result = _json(m["result"], "result") if m["result"] else None
    if result is not None and not (
        isinstance(result, list) and all(isinstance(x, str) for x in result)
    ):
        raise DamagedRow("its result is not lines of text")
    return GameRecord(
        id=m["id"],
        game=m["game"],
        version=m["version"],
        created=float(m["created"]),
        decks=decks,
        seed=m["seed"],
        first=m["first"],
        options=options,
        status=m["status"],
        winner=m["winner"],
        result=result,
        finished=None if m["finished"] is None else float(m["finished"]),
        creator=m["creator"] if isinstance(m["creator"], str) else None,
        resigned=m["resigned"] if _is_int(m["resigned"]) else None,
    )


def seats_of_rows(rows: Sequence[Any]) -> list[SeatRecord]:
    """The ``seats`` rows of a game, seats 0, 1, ... in order, checked."""
    out = []
    for i, r in enumerate(rows):
        if r["seat"] != i or not _is_int(r["seat"]):
            raise DamagedRow(f"its seat {i + 1} is missing or numbered wrongly")
        if not isinstance(r["kind"], str) or not isinstance(r["controller"], str):
            raise DamagedRow(f"who plays seat {i + 1} is not text")
        if r["token_hash"] is not None and not isinstance(r["token_hash"], str):
            raise DamagedRow(f"seat {i + 1}'s token is not text")
        if r["claimed"] not in (True, False, 0, 1):
            raise DamagedRow(f"whether seat {i + 1} is taken is not a yes or a no")
        account = r.get("account_id")
        out.append(SeatRecord(i, r["kind"], r["controller"], r["token_hash"], bool(r["claimed"]),
                              account if isinstance(account, str) else None))  # fmt: skip
    return out


def log_of_rows(record: GameRecord, rows: Sequence[Any]) -> None:
    """The ``actions`` rows of a game into its record, checked: numbered 0, 1,
    ... without a gap (a gap would make the replay diverge: refuse to guess)."""
    for i, r in enumerate(rows):
        if r["n"] != i or not _is_int(r["n"]):
            raise DamagedRow(f"action {i + 1} is missing from its log")
        if not isinstance(r["action"], str):
            raise DamagedRow(f"its action {i + 1} is not text")
        if r["digest"] is not None and not isinstance(r["digest"], str):
            raise DamagedRow(f"its action {i + 1}'s digest is not text")
        if not _is_number(r["at"]):
            raise DamagedRow(f"its action {i + 1}'s time is not a number")
        record.actions.append(r["action"])
        record.digests.append(r["digest"])
        record.last_at = float(r["at"])


def damaged_record(m: Any, why: str) -> GameRecord:
    """What can be said of a game whose rows can't be read: its id, its game
    and its creation time where those can be read, and why."""

    def get(key: str) -> Any:
        try:
            return m[key]
        except Exception:
            return None

    created = get("created")
    status = get("status")
    return GameRecord(
        id=str(get("id")),
        game=get("game") if isinstance(get("game"), str) else "",
        version="",
        created=float(created) if _is_number(created) else 0.0,
        decks=[],
        seed=0,
        first=None,
        options={},
        status=status if status in STATUSES else "playing",
        damaged=why,
    )


def position_digest(state: GameState) -> str:
    """A short fingerprint of where a game stands: who decides, the options,
    how many events, and the game's random generator. Stored with each action,
    so that a game rebuilt from its log is known to have arrived at the same
    position (a different first player, deal or rules version shows here), at
    a few microseconds an action."""
    import hashlib

    pending = state.decision()
    parts = [
        str(state.current_player()),
        "" if pending is None else pending.kind,
        "|".join(state.legal_action_ids()),
        str(len(state.log)),
        str(state.rng.state),
        str(state.winner),
    ]
    return hashlib.blake2b("\n".join(parts).encode(), digest_size=8).hexdigest()


def migrate(engine: Engine) -> None:
    """Bring a database made by an older Ossuary up to this schema (idempotent).

    - ``games.first`` was NOT NULL and held the state's first player as read at
      creation. The server has never let a creator choose the first player, so
      every stored value was that guess, which is wrong for a game that decides
      later (Path of the Necromancer, after the mulligans): the column becomes
      nullable and every old row NULL, which deals each game again exactly.
    - ``actions.digest`` is new: old rows have none (nothing to compare).
    - ``games.creator`` is new: old games count toward nobody's limit.
    - ``games.resigned`` is new: no old game was resigned.
    - ``seats.account_id`` and ``decks.account_id`` are new (the tables
      ``accounts`` and ``sessions`` are made by ``create_all``): every old seat
      and deck is a guest's.
    """
    from sqlalchemy import inspect

    insp = inspect(engine)
    columns = {c["name"]: c for c in insp.get_columns("actions")}
    game_columns = {c["name"] for c in insp.get_columns("games")}
    with engine.begin() as conn:
        for table in ("seats", "decks"):
            if "account_id" not in {c["name"] for c in insp.get_columns(table)}:
                conn.exec_driver_sql(
                    f"ALTER TABLE {table} ADD COLUMN account_id VARCHAR(32) "
                    "REFERENCES accounts (id)"
                )
                conn.exec_driver_sql(
                    f"CREATE INDEX IF NOT EXISTS ix_{table}_account_id ON {table} (account_id)"
                )
        if "digest" not in columns:
            conn.exec_driver_sql("ALTER TABLE actions ADD COLUMN digest VARCHAR(16)")
        if "creator" not in game_columns:  # before the copy below, which names it
            conn.exec_driver_sql("ALTER TABLE games ADD COLUMN creator VARCHAR(64)")
            conn.exec_driver_sql("CREATE INDEX IF NOT EXISTS ix_games_creator ON games (creator)")
        if "resigned" not in game_columns:
            conn.exec_driver_sql("ALTER TABLE games ADD COLUMN resigned INTEGER")
    first = {c["name"]: c for c in insp.get_columns("games")}["first"]
    if first.get("nullable", True):
        return
    if engine.dialect.name != "sqlite":
        with engine.begin() as conn:
            conn.exec_driver_sql('ALTER TABLE games ALTER COLUMN "first" DROP NOT NULL')
            conn.execute(update(games_table).values(first=None))
        return
    # SQLite cannot drop NOT NULL in place. Its own recipe: with foreign keys
    # off (outside any transaction), make the new table, copy, drop the old,
    # rename the new one into its place (renaming the old one instead would
    # re-point the other tables' foreign keys at it).
    from sqlalchemy.schema import CreateTable

    ddl = str(CreateTable(games_table).compile(engine))
    ddl = ddl.replace("CREATE TABLE games ", "CREATE TABLE games_new ", 1)
    names = ", ".join(f'"{c.name}"' for c in games_table.columns)
    with engine.connect() as conn:
        conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
        conn.commit()
        try:
            with conn.begin():
                conn.exec_driver_sql(ddl)
                conn.exec_driver_sql(f"INSERT INTO games_new ({names}) SELECT {names} FROM games")
                conn.exec_driver_sql("DROP TABLE games")
                conn.exec_driver_sql("ALTER TABLE games_new RENAME TO games")
                conn.execute(update(games_table).values(first=None))
        finally:
            conn.exec_driver_sql("PRAGMA foreign_keys=ON")
            conn.commit()


def safe_url(url: str) -> str:
    """A database URL without its password, for messages and logs."""
    from sqlalchemy.engine import make_url

    try:
        return make_url(url).render_as_string(hide_password=True)
    except Exception:  # an unparsable URL: say nothing of its contents
        return "(unparsable database URL)"


# -- ratings (docs/server.md, "Ratings"): what a rated game did to its players' ratings ----------
# Two tables, made by create_all on a database of any age (an older one gains
# them empty: nothing was rated before them):
# - ``ratings``: one row per account, game and mode (the table as a player
#   names it: ratings.mode_name): OpenSkill's mu and sigma, and the rated games;
# - ``rated_seats``: one row per seat of every rated game, its key (game, seat)
#   so a game's ratings can never be applied twice: its place and the shown
#   rating before and after (a profile's history reads it).
ratings_table = Table(
    "ratings",
    metadata,
    Column("account_id", String(32), primary_key=True),
    Column("game", String(40), primary_key=True),
    Column("mode", String(20), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
    Column("updated", Float, nullable=False),
)

rated_seats_table = Table(
    "rated_seats",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("account_id", String(32), nullable=False, index=True),
    Column("mode", String(20), nullable=False),
    Column("place", Integer, nullable=False),  # 1 the best; seats of one team share it
    Column("before", Integer, nullable=False),  # the shown rating (ratings.shown)
    Column("after", Integer, nullable=False),
    Column("provisional", Boolean, nullable=False),  # after this game (ratings.provisional)
)

HUMAN_SEAT = "human"  # a seat's kind and controller when a person plays it (live.HUMAN)


def _rate_finished(conn: Connection, row: FinishRow) -> None:
    """Apply a finished game's ratings, in the transaction that stores its end.

    Rated only when it was created rated (its options' ``rated``), it ended
    normally (``finished``: not abandoned), every seat is held by an account,
    no account holds two seats, and it was not rated already. A seat that
    resigned, or that ended played by the computer (its person left or was
    away too long), comes last (:func:`ratings.places`)."""
    from .. import games  # the registry: a game's teams and modes
    from . import ratings

    if (
        row.status != "finished"
        or conn.execute(
            select(rated_seats_table.c.seat).where(rated_seats_table.c.game_id == row.game_id)
        ).first()
        is not None
    ):
        return
    game_row = conn.execute(
        select(games_table.c.game, games_table.c.options).where(games_table.c.id == row.game_id)
    ).first()
    account = seats_table.c.get("account_id")  # the accounts' column (accounts.py)
    if game_row is None or account is None or not json.loads(game_row.options).get("rated"):
        return
    seats = conn.execute(
        select(seats_table.c.seat, seats_table.c.controller, account)
        .where(seats_table.c.game_id == row.game_id)
        .order_by(seats_table.c.seat)
    ).all()
    accounts = [s.account_id for s in seats]
    if not seats or None in accounts or len(set(accounts)) < len(accounts):
        return
    try:
        game = games.get(game_row.game)
    except OssuaryError:  # a game no longer installed: its end is stored, unrated
        return
    teams = game.teams(len(seats))
    mode = ratings.mode_name(game.modes, len(seats))
    left = [s.seat for s in seats if s.controller != HUMAN_SEAT or s.seat == row.resigned]
    places = ratings.places(teams, row.winner, left)
    if conn.dialect.name == "postgresql":  # one game at a time moves an account's rating
        for a in sorted(accounts):
            conn.execute(text("SELECT pg_advisory_xact_lock(hashtext(:k))"), {"k": f"rating:{a}"})
    key = (ratings_table.c.game == game.name) & (ratings_table.c.mode == mode)
    found = {
        r.account_id: ratings.Skill(r.mu, r.sigma, r.games)
        for r in conn.execute(
            select(ratings_table).where(key & ratings_table.c.account_id.in_(accounts))
        ).all()
    }
    before = [found.get(a, ratings.Skill()) for a in accounts]
    after = ratings.rate(teams, places, before)
    for a, new in zip(accounts, after, strict=True):
        values = {"mu": new.mu, "sigma": new.sigma, "games": new.games, "updated": row.at}
        if a in found:
            conn.execute(update(ratings_table).where(key & (ratings_table.c.account_id == a))
                         .values(**values))  # fmt: skip
        else:
            conn.execute(insert(ratings_table).values(account_id=a, game=game.name, mode=mode,
                                                      **values))  # fmt: skip
    conn.execute(
        insert(rated_seats_table),
        [
            {
                "game_id": row.game_id,
                "seat": s,
                "account_id": a,
                "mode": mode,
                "place": places[s],
                "before": ratings.shown(old),
                "after": ratings.shown(new),
                "provisional": ratings.provisional(new),
            }
            for s, (a, old, new) in enumerate(zip(accounts, before, after, strict=True))
        ],
    )
