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
  rebuild that arrives somewhere else is caught, never resumed as another game.

Every method here is synchronous and is called from one database thread (see
:class:`ossuary.server.db.Database` and ``app.py``), never from the event loop;
the one exception is :meth:`Store.checkpoint`, which has a thread of its own.
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence
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
    update,
)
from sqlalchemy.engine import Connection
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.pool import StaticPool

from ..engine.core import GameState
from ..engine.errors import OssuaryError

metadata = MetaData()

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
)


class StorageError(OssuaryError):
    """The database refused or failed a write; the game did not change."""


@dataclass
class SeatRecord:
    seat: int
    kind: str
    controller: str
    token_hash: str | None
    claimed: bool


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


Write = ActionRow | FinishRow | ControllerRow | ClaimRow


def default_sqlite_url() -> str:
    """SQLite in the user's data folder: ``~/.local/share/ossuary/server.db``."""

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
            metadata.create_all(self.engine)
            migrate(self.engine)
        except (SQLAlchemyError, ImportError, ValueError) as exc:
            raise StorageError(f"cannot open the database {safe_url(url)}: {exc}") from exc

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
    def create_game(self, record: GameRecord) -> None:
        with self.engine.begin() as conn:
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
                    }
                    for s in record.seats
                ],
            )

    def claim_seat(self, game_id: str, seat: int, digest: str) -> None:
        """Give a lobby player a free seat: its new token's hash, marked claimed."""
        with self.engine.begin() as conn:
            conn.execute(
                update(seats_table)
                .where((seats_table.c.game_id == game_id) & (seats_table.c.seat == seat))
                .values(token_hash=digest, claimed=True)
            )

    def write(self, rows: Sequence[Write]) -> None:
        """Apply ``rows`` in one transaction (all or nothing)."""
        with self.engine.begin() as conn:
            for row in rows:
                _apply(conn, row)

    # -- reads ----------------------------------------------------------------------
    def load(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as conn:
            row = conn.execute(select(games_table).where(games_table.c.id == game_id)).first()
            if row is None:
                return None
            return self._record(conn, row._mapping)

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
        return out

    def _record(self, conn: Connection, m: Any, with_actions: bool = True) -> GameRecord:
        record = GameRecord(
            id=m["id"],
            game=m["game"],
            version=m["version"],
            created=m["created"],
            decks=json.loads(m["decks"]),
            seed=int(m["seed"]),
            first=m["first"] if m["first"] is None else int(m["first"]),
            options=json.loads(m["options"]),
            status=m["status"],
            winner=m["winner"],
            result=json.loads(m["result"]) if m["result"] else None,
            finished=m["finished"],
        )
        seats = conn.execute(
            select(seats_table)
            .where(seats_table.c.game_id == record.id)
            .order_by(seats_table.c.seat)
        ).all()
        record.seats = [
            SeatRecord(r.seat, r.kind, r.controller, r.token_hash, bool(r.claimed)) for r in seats
        ]
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
            for i, (n, action, digest, at) in enumerate(acts):
                if n != i:  # a gap would make the replay diverge: refuse to guess
                    raise StorageError(f"game {record.id}: action {i} is missing from the log")
                record.actions.append(action)
                record.digests.append(digest)
                record.last_at = at
        return record

    # -- saved decks ----------------------------------------------------------------
    def save_deck(self, record: DeckRecord) -> None:
        with self.engine.begin() as conn:
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

    def count_actions(self, game_id: str) -> int:
        with self.engine.connect() as conn:
            rows = conn.execute(
                select(actions_table.c.n).where(actions_table.c.game_id == game_id)
            ).all()
            return len(rows)


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
                status=row.status, winner=row.winner, result=json.dumps(row.result), finished=row.at
            )
        )
    elif isinstance(row, ControllerRow):
        conn.execute(
            update(seats_table)
            .where((seats_table.c.game_id == row.game_id) & (seats_table.c.seat == row.seat))
            .values(controller=row.controller)
        )
    else:
        conn.execute(
            update(seats_table)
            .where((seats_table.c.game_id == row.game_id) & (seats_table.c.seat == row.seat))
            .values(claimed=True)
        )


def position_digest(state: GameState) -> str:
    """A short fingerprint of where a game stands: who decides, the options,
    how many events, and the game's random generator. Stored with each action,
    so that a game rebuilt from its log is known to have arrived at the same
    position (a different first player, deal or rules version shows here), at
    a few microseconds an action."""

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
    """
    from sqlalchemy import inspect

    insp = inspect(engine)
    columns = {c["name"]: c for c in insp.get_columns("actions")}
    with engine.begin() as conn:
        if "digest" not in columns:
            conn.exec_driver_sql("ALTER TABLE actions ADD COLUMN digest VARCHAR(16)")
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
