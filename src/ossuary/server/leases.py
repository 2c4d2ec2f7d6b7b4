"""Who owns each game, in the database: leases, heartbeats and presence.

PostgreSQL only (several processes on one database, ``server/cluster.py``).
Every statement here is synchronous and runs in the database thread. Times
are the database's own clock (``clock_timestamp()``), so the processes'
clocks never have to agree.

- ``nodes``: each serving process, with its last heartbeat.
- ``leases``: each live game's owner and the lease's epoch and expiry. A lease
  is taken with a compare-and-set (:meth:`Leases.claim`: only when it has
  expired, or is already ours), renewed by its owner every second, and handed
  back on a graceful shutdown. Every write an owner makes for a game carries a
  :class:`~ossuary.server.storage.Fence` on (owner, epoch), so a process that
  lost its lease (paused, partitioned) can't write for the game any more.
- ``presence``: which seats have sockets on which process, so every process
  knows who is connected, whichever process they are connected to.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Engine, text

from .storage import actions_table, games_table, seats_of_rows, seats_table

NOW = "EXTRACT(EPOCH FROM clock_timestamp())"


@dataclass(frozen=True)
class Tail:
    """What a game's record gained since action ``n``: the actions after it,
    and its seats and outcome as they are now."""

    actions: list[tuple[int, str, str | None, float]]  # (n, action, digest, at)
    seats: list[Any]  # SeatRecord
    status: str
    winner: int | None
    result: list[str] | None
    finished: float | None
    resigned: int | None


class Leases:
    """The lease statements, on one engine."""

    def __init__(self, engine: Engine, node: str, ttl: float) -> None:
        self.engine = engine
        self.node = node
        self.ttl = ttl

    def register(self) -> None:
        with self.engine.begin() as c:
            c.execute(text(f"INSERT INTO nodes (id, started, beat) VALUES (:me, {NOW}, {NOW})"),
                      {"me": self.node})  # fmt: skip

    def tick(self) -> dict[str, int]:
        """A heartbeat, every lease of ours renewed: the games we own (their epochs)."""
        with self.engine.begin() as c:
            c.execute(text(f"UPDATE nodes SET beat = {NOW} WHERE id = :me"), {"me": self.node})
            rows = c.execute(
                text(
                    f"UPDATE leases SET expires = {NOW} + :ttl WHERE owner = :me "
                    "RETURNING game_id, epoch"
                ),
                {"me": self.node, "ttl": self.ttl},
            ).all()
        return {r[0]: int(r[1]) for r in rows}

    def drop(self, game_ids: list[str]) -> None:
        """Forget the leases of games of ours that ended."""
        with self.engine.begin() as c:
            c.execute(text("DELETE FROM leases WHERE owner = :me AND game_id = ANY(:ids)"),
                      {"me": self.node, "ids": game_ids})  # fmt: skip

    def orphans(self, limit: int) -> list[str]:
        """Games in progress that nobody owns: no lease, or one that expired."""
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT g.id FROM games g LEFT JOIN leases l ON l.game_id = g.id "
                    f"WHERE g.status = 'playing' AND (l.game_id IS NULL OR l.expires < {NOW}) "
                    "ORDER BY random() LIMIT :n"
                ),
                {"n": limit},
            ).all()
        return [r[0] for r in rows]

    def claim(self, game_id: str) -> int | None:
        """Take the game's lease if nobody holds it (none, or expired) or we do:
        the compare-and-set that makes one owner at a time. Its epoch, or None."""
        with self.engine.begin() as c:
            row = c.execute(
                text(
                    "INSERT INTO leases (game_id, owner, epoch, expires) "
                    f"VALUES (:g, :me, 1, {NOW} + :ttl) "
                    "ON CONFLICT (game_id) DO UPDATE SET owner = :me, "
                    f"epoch = leases.epoch + 1, expires = {NOW} + :ttl "
                    f"WHERE leases.expires < {NOW} OR leases.owner = :me "
                    "RETURNING epoch"
                ),
                {"g": game_id, "me": self.node, "ttl": self.ttl},
            ).first()
        return None if row is None else int(row[0])

    def owner(self, game_id: str) -> tuple[str, bool] | None:
        """The game's owner and whether its lease still holds (None: no lease)."""
        with self.engine.connect() as c:
            row = c.execute(
                text(f"SELECT owner, expires > {NOW} FROM leases WHERE game_id = :g"),
                {"g": game_id},
            ).first()
        return None if row is None else (str(row[0]), bool(row[1]))

    def release(self) -> list[str]:
        """Hand every lease of ours back at once (a graceful shutdown)."""
        with self.engine.begin() as c:
            rows = c.execute(
                text("UPDATE leases SET expires = 0 WHERE owner = :me RETURNING game_id"),
                {"me": self.node},
            ).all()
            c.execute(text("DELETE FROM presence WHERE node = :me"), {"me": self.node})
            c.execute(text("DELETE FROM nodes WHERE id = :me"), {"me": self.node})
        return [r[0] for r in rows]

    def present(self, game_id: str, seat: int, delta: int) -> None:
        """One more (or fewer) socket of ``seat`` on this process."""
        self.present_many({(game_id, seat): delta})

    def present_many(self, changes: dict[tuple[str, int], int]) -> None:
        """Many sockets' comings and goings on this process, in one transaction."""
        rows: list[dict[str, Any]] = [
            {"g": g, "s": seat, "me": self.node, "d": d} for (g, seat), d in changes.items() if d
        ]
        games = sorted({g for (g, _seat), d in changes.items() if d})
        if not rows:
            return
        with self.engine.begin() as c:
            c.execute(
                text(
                    "INSERT INTO presence (game_id, seat, node, conns) VALUES (:g, :s, :me, :d) "
                    "ON CONFLICT (game_id, seat, node) DO UPDATE "
                    "SET conns = presence.conns + :d"
                ),
                rows,
            )
            c.execute(
                text("DELETE FROM presence WHERE conns <= 0 AND node = :me AND game_id = ANY(:gs)"),
                {"me": self.node, "gs": games},
            )

    def presence_many(self, game_ids: list[str]) -> dict[str, set[int]]:
        """The seats with a socket on another live process, for each game."""
        out: dict[str, set[int]] = {g: set() for g in game_ids}
        with self.engine.connect() as c:
            rows = c.execute(
                text(
                    "SELECT p.game_id, p.seat FROM presence p JOIN nodes n ON n.id = p.node "
                    "WHERE p.game_id = ANY(:gs) AND p.node <> :me AND p.conns > 0 "
                    f"AND n.beat > {NOW} - :ttl"
                ),
                {"gs": game_ids, "me": self.node, "ttl": self.ttl},
            ).all()
        for g, seat in rows:
            out[g].add(int(seat))
        return out

    def presence(self, game_id: str) -> set[int]:
        """The seats with a socket on another live process."""
        return self.presence_many([game_id])[game_id]

    def reap(self) -> list[str]:
        """Forget processes that stopped beating: their sockets are gone. The
        games that had a seat connected there (their presence changed)."""
        with self.engine.begin() as c:
            rows = c.execute(
                text(
                    "DELETE FROM presence WHERE node IN "
                    f"(SELECT id FROM nodes WHERE beat < {NOW} - :ttl) RETURNING game_id"
                ),
                {"ttl": self.ttl},
            ).all()
            c.execute(text(f"DELETE FROM nodes WHERE beat < {NOW} - 60 AND id <> :me"),
                      {"me": self.node})  # fmt: skip
            c.execute(text(f"DELETE FROM buckets WHERE at < {NOW} - 3600"))  # long full again
        return sorted({r[0] for r in rows})

    def tail(self, game_id: str, n: int) -> Tail:

        with self.engine.connect() as c:
            acts = c.execute(
                actions_table.select()
                .with_only_columns(
                    actions_table.c.n,
                    actions_table.c.action,
                    actions_table.c.digest,
                    actions_table.c.at,
                )
                .where((actions_table.c.game_id == game_id) & (actions_table.c.n >= n))
                .order_by(actions_table.c.n)
            ).all()
            seats = c.execute(
                seats_table.select()
                .where(seats_table.c.game_id == game_id)
                .order_by(seats_table.c.seat)
            ).all()
            game = c.execute(games_table.select().where(games_table.c.id == game_id)).first()

        m = game._mapping if game is not None else {}
        return Tail(
            actions=[(int(a[0]), str(a[1]), a[2], float(a[3])) for a in acts],
            seats=seats_of_rows([r._mapping for r in seats]),
            status=str(m.get("status", "playing")),
            winner=m.get("winner"),
            result=json.loads(m["result"]) if m.get("result") else None,
            finished=m.get("finished"),
            resigned=m.get("resigned"),
        )

    def notify(self, channel: str, payload: str) -> None:
        with self.engine.begin() as c:
            c.execute(text("SELECT pg_notify(:c, :p)"), {"c": channel, "p": payload})
