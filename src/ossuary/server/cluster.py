"""Many processes, one truth: who owns each live game, and how the others hear.

On SQLite one process serves (:class:`Alone`: it owns every game, and a
second process that opens the same file to serve is refused). On PostgreSQL
any number of ``ossuary serve`` processes share the database behind a load
balancer (:class:`Cluster`):

- **One owner per live game**, by a lease in the database taken with a
  compare-and-set (``server/leases.py``). Only the owner applies actions, runs
  the computer seats, the clocks and the expiry; each of its writes is fenced
  on its lease, so a process that lost the lease (paused, cut off) can write
  nothing more for the game. A lease is renewed every second and expires
  after :data:`LEASE_SECONDS`: a process killed with ``kill -9`` has its games
  taken over by the others within a few seconds, and a process that stops
  gracefully hands its games back at once.
- **Fan-out by PostgreSQL's LISTEN/NOTIFY**: the owner's write transaction
  carries a notice (delivered when it commits, never before and never for a
  rolled-back write); every other process holding the game reads the new
  action rows, replays them on its copy, checks each stored digest and tells
  its own sockets. Notices carry ids, never states or cards.
- **Forwarding**: a seat's action arriving at a process that does not own the
  game goes to the owner as a notice on the owner's own channel, and the
  owner's answer (refusal or none) comes back the same way; an owner that
  doesn't answer, and whose lease has lapsed, is taken over and the action
  applied here.
- **Presence**: which seats have sockets on which process is kept in the
  database, so every process knows who is connected.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import threading
import time
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, Protocol, TypeVar

from sqlalchemy.engine import make_url

from ..engine.errors import OssuaryError
from .db import Database
from .leases import Leases, Tail
from .messages import Message, error
from .periodic import every
from .storage import Fence, Notice, Write

log = logging.getLogger("ossuary.server")
T = TypeVar("T")

LEASE_SECONDS = 6.0  # a lease not renewed for this long may be taken over
TICK_SECONDS = 1.0  # heartbeat, lease renewal and the look for orphaned games
FORWARD_SECONDS = 8.0  # how long a forwarded action waits for its owner's answer
ADOPT_PER_TICK = 100  # orphaned games one process takes over at one tick
PRESENCE_EVERY = 0.2  # sockets' comings and goings gathered this long, then stored
CHANNEL = "ossuary"  # every process listens; each also listens on CHANNEL_<node>
MOVED = "moved"  # an owner's answer: not mine any more, ask again
GONE = "gone"  # no answer: the owner went away


class Host(Protocol):
    """What the cluster asks of the hub."""

    async def adopted(self, game_id: str) -> None: ...

    def demoted(self, game_id: str) -> None: ...

    async def heard(self, game_id: str, kind: str, data: dict[str, Any]) -> None: ...

    async def serve_forwarded(
        self, game_id: str, seat: int, op: str, args: dict[str, Any]
    ) -> Message | None: ...

    async def resync(self) -> None: ...


class Alone:
    """One process serves the database (SQLite): it owns every game."""

    clustered = False
    node = "alone"

    def __init__(self) -> None:
        self.takeovers = 0
        self.ready = True
        self.lag: Callable[[float], None] | None = None  # fan-out lag, for the metrics

    @property
    def owned(self) -> dict[str, int]:
        return {}

    def owns(self, game_id: str) -> bool:
        return True

    def fence(self, game_id: str) -> list[Write]:
        return []

    def notice(self, game_id: str, kind: str, **data: Any) -> list[Write]:
        return []

    def lease_for_new(self) -> tuple[str, float] | None:
        return None

    def took(self, game_id: str, epoch: int) -> None:
        pass

    def finished(self, game_id: str) -> None:
        pass

    async def start(self, host: Host) -> None:
        pass

    async def close(self) -> None:
        pass

    async def tell(self, game_id: str, kind: str, **data: Any) -> None:
        pass

    async def present(self, game_id: str, seat: int, delta: int) -> None:
        pass

    async def presence(self, game_id: str) -> set[int]:
        return set()

    async def presence_many(self, game_ids: list[str]) -> dict[str, set[int]]:
        return {}

    async def free(self, game_id: str) -> bool:
        return True

    async def adopt(self, game_id: str, tell: bool = True) -> bool:
        return True

    async def forward(
        self, game_id: str, seat: int, op: str, args: dict[str, Any]
    ) -> Message | str | None:
        return MOVED  # never asked: this process owns everything

    async def tail(self, game_id: str, n: int) -> Tail | None:
        return None


class Cluster(Alone):
    """Several processes on one PostgreSQL database (see the module docstring)."""

    clustered = True

    def __init__(self, db: Database, url: str) -> None:
        super().__init__()
        self.db = db
        self.url = url
        self.node = "n" + secrets.token_hex(6)
        self.leases = Leases(db.store.engine, self.node, LEASE_SECONDS)
        # the cluster's own statements run in threads of their own, never
        # queued behind the games' writes: one for messages (notices, forwarded
        # actions, who owns what), two for the rest (leases, presence, copies
        # catching up), so that a burst of the rest never delays a message
        self._talk = ThreadPoolExecutor(1, thread_name_prefix="ossuary-talk")
        self._work = ThreadPoolExecutor(2, thread_name_prefix="ossuary-cluster")
        self._changes: dict[tuple[str, int], int] = {}  # presence not yet stored
        self._flush = asyncio.Event()
        self._flusher: asyncio.Task[None] | None = None
        self._owned: dict[str, int] = {}  # game id -> lease epoch
        self._done: set[str] = set()  # finished games whose leases can go
        self._pending: dict[str, asyncio.Future[Message | str | None]] = {}
        self._owners: dict[str, str] = {}  # who owned each game when last asked
        self._stop = threading.Event()
        self._wake = asyncio.Event()
        self._listener: threading.Thread | None = None
        self._ticker: asyncio.Task[None] | None = None
        self._tasks: set[asyncio.Task[Any]] = set()
        self.ready = False  # listening, and the first tick done
        self.closing = False
        self.host: Host | None = None
        self.loop: asyncio.AbstractEventLoop | None = None

    @property
    def owned(self) -> dict[str, int]:
        return self._owned

    @property
    def direct(self) -> str:
        return f"{CHANNEL}_{self.node}"

    def owns(self, game_id: str) -> bool:
        return game_id in self._owned

    def fence(self, game_id: str) -> list[Write]:
        epoch = self._owned.get(game_id)
        return [] if epoch is None else [Fence(game_id, self.node, epoch)]

    def notice(self, game_id: str, kind: str, **data: Any) -> list[Write]:
        return [Notice(CHANNEL, self._payload(game_id, kind, data))]

    def lease_for_new(self) -> tuple[str, float] | None:
        return (self.node, LEASE_SECONDS)

    def took(self, game_id: str, epoch: int) -> None:
        self._owned[game_id] = epoch

    def finished(self, game_id: str) -> None:
        """A game of ours ended: its lease goes at the next tick."""
        self._owned.pop(game_id, None)
        self._done.add(game_id)

    def _payload(self, game_id: str, kind: str, data: dict[str, Any]) -> str:
        return json.dumps({"n": self.node, "g": game_id, "k": kind, "at": time.time(), **data},
                          separators=(",", ":"))  # fmt: skip

    # -- start and stop ----------------------------------------------------------------------
    async def start(self, host: Host) -> None:
        self.host = host
        self.loop = asyncio.get_running_loop()
        await self._call(self.leases.register)
        listening = threading.Event()
        self._listener = threading.Thread(
            target=self._listen, args=(listening,), name="ossuary-listen", daemon=True
        )
        self._listener.start()
        await asyncio.to_thread(listening.wait, 30)
        await self._tick()
        self.ready = True
        self._ticker = self.loop.create_task(self._ticking(), name="ossuary-leases")
        self._flusher = self.loop.create_task(self._flushing(), name="ossuary-presence")
        log.info("node %s: one of the processes serving this database", self.node)

    async def close(self) -> None:
        """Hand every game back (the others take them over at once) and stop."""
        self.closing = True
        for task in (self._ticker, self._flusher):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        try:
            released = await self._call(self.leases.release)
            await self._call(self.leases.notify, CHANNEL, self._payload("", "released", {}))
            log.info("node %s: %d game(s) handed over", self.node, len(released))
        except Exception as exc:  # the database is gone: the leases lapse by themselves
            log.warning("could not hand the games over: %s", exc)
        self._owned.clear()
        self._stop.set()
        if self._listener is not None:
            await asyncio.to_thread(self._listener.join, 5)
        for task in list(self._tasks):
            task.cancel()
        self._talk.shutdown(wait=False)
        self._work.shutdown(wait=False)

    async def _call(self, fn: Callable[..., T], *args: Any) -> T:
        talk = fn in (self.leases.notify, self.leases.owner)
        pool = self._talk if talk else self._work
        return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)

    def _spawn(self, coro: Coroutine[Any, Any, Any]) -> None:
        assert self.loop is not None
        task: asyncio.Task[Any] = self.loop.create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    # -- the lease loop ----------------------------------------------------------------------
    async def _ticking(self) -> None:
        await every(TICK_SECONDS, self._wake, self._tick, self._tick_failed, self._going)

    def _going(self) -> bool:
        return not self.closing

    def _tick_failed(self, exc: Exception) -> None:
        log.warning("node %s: lease tick failed: %s", self.node, exc)

    async def _tick(self) -> None:
        assert self.host is not None
        if self._done:
            done, self._done = self._done, set()
            await self._call(self.leases.drop, sorted(done))
        # only games owned before the renewal started can have been lost: one
        # made meanwhile may have committed after the renewal read the leases
        before = dict(self._owned)
        held = await self._call(self.leases.tick)
        for game_id in [g for g in before if g not in held and g in self._owned]:
            log.warning("node %s: lost game %s to another process", self.node, game_id)
            self._owned.pop(game_id, None)
            self.host.demoted(game_id)
        if self.closing:
            return
        for game_id in await self._call(self.leases.orphans, ADOPT_PER_TICK):
            if self.closing:
                return
            await self.adopt(game_id)
        gone = await self._call(self.leases.reap)
        if gone:  # a process went away with sockets: every process looks again
            await self.host.heard("", "p", {"gs": gone})
            await self.tell("", "p", gs=gone[:300])

    async def adopt(self, game_id: str, tell: bool = True) -> bool:
        """Take the game's lease if nobody holds it; True when this process owns
        it. ``tell``: the hub catches its copy up, or loads it (not when the hub
        is loading it itself)."""
        if game_id in self._owned:
            return True
        if self.closing:
            return False
        epoch = await self._call(self.leases.claim, game_id)
        if epoch is None:
            return False
        self._owned[game_id] = epoch
        if epoch > 1:
            self.takeovers += 1
            log.info("node %s: took over game %s (lease %d)", self.node, game_id, epoch)
        assert self.host is not None
        if not tell:
            return True
        try:
            await self.host.adopted(game_id)
        except Exception as exc:  # it can't be played here (damaged): leave it be
            log.warning("node %s: game %s can't be taken over: %s", self.node, game_id, exc)
        return True

    # -- telling and hearing -----------------------------------------------------------------
    async def tell(self, game_id: str, kind: str, **data: Any) -> None:
        """A notice outside any write (a computer thinking, a socket's coming)."""
        try:
            await self._call(self.leases.notify, CHANNEL, self._payload(game_id, kind, data))
        except Exception as exc:
            log.warning("node %s: could not tell the others: %s", self.node, exc)

    async def present(self, game_id: str, seat: int, delta: int) -> None:
        """A socket of ``seat`` came (+1) or went (-1): stored and told with the
        others of the moment, a fraction of a second later (a thousand sockets
        connecting at once are a few statements, not a thousand)."""
        key = (game_id, seat)
        self._changes[key] = self._changes.get(key, 0) + delta
        self._flush.set()

    async def _flushing(self) -> None:
        while True:
            await self._flush.wait()
            await asyncio.sleep(PRESENCE_EVERY)
            self._flush.clear()
            changes, self._changes = self._changes, {}
            try:
                await self._call(self.leases.present_many, changes)
            except Exception as exc:
                log.warning("node %s: presence not stored: %s", self.node, exc)
                continue
            games = sorted({g for g, _ in changes})
            for start in range(0, len(games), 300):  # a notice holds 8,000 bytes at most
                await self.tell("", "p", gs=games[start : start + 300])

    async def presence_many(self, game_ids: list[str]) -> dict[str, set[int]]:
        return await self._call(self.leases.presence_many, game_ids)

    async def free(self, game_id: str) -> bool:
        """Whether nobody holds the game's lease (none, or lapsed): a read, so
        that loading a game another process plays costs no write."""
        owner = await self._call(self.leases.owner, game_id)
        return owner is None or not owner[1] or owner[0] == self.node

    async def presence(self, game_id: str) -> set[int]:
        return await self._call(self.leases.presence, game_id)

    async def tail(self, game_id: str, n: int) -> Tail | None:
        return await self._call(self.leases.tail, game_id, n)

    def _listen(self, listening: threading.Event) -> None:
        """The listening connection (a thread): every notice to the event loop.
        Reconnects when the database goes away, then asks the hub to catch up
        (notices sent meanwhile were lost)."""
        import psycopg  # optional: psycopg (the postgres extra: a cluster is PostgreSQL)

        conninfo = make_url(self.url).set(drivername="postgresql").render_as_string(False)
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo, autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    conn.execute(f"LISTEN {self.direct}")
                    listening.set()
                    if not first and self.loop is not None and self.host is not None:
                        asyncio.run_coroutine_threadsafe(self.host.resync(), self.loop)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=0.5):
                            assert self.loop is not None
                            self.loop.call_soon_threadsafe(self._heard, note.channel,
                                                           note.payload)  # fmt: skip
            except Exception as exc:
                if self._stop.is_set():
                    return
                log.warning("node %s: listening failed (%s); again in a second", self.node, exc)
                self._stop.wait(1.0)

    def _heard(self, channel: str, payload: str) -> None:
        try:
            msg = json.loads(payload)
        except ValueError:
            return
        if channel == self.direct:
            if "q" in msg:
                self._spawn(self._answer(msg))
            elif "r" in msg:
                fut = self._pending.get(msg["r"])
                if fut is not None and not fut.done():
                    fut.set_result(msg.get("m"))
            return
        if msg.get("n") == self.node:
            return  # our own
        kind = msg.get("k")
        if kind == "released":
            self._wake.set()  # a process handed its games back: take them now
            return
        game_id = msg.get("g")
        if isinstance(game_id, str) and isinstance(kind, str) and self.host is not None:
            # (a presence notice names its games in "gs")
            if self.lag is not None and isinstance(msg.get("at"), int | float):
                self.lag(max(0.0, time.time() - float(msg["at"])))
            self._spawn(self.host.heard(game_id, kind, msg))

    # -- forwarding ------------------------------------------------------------------------------
    async def forward(
        self, game_id: str, seat: int, op: str, args: dict[str, Any]
    ) -> Message | str | None:
        """Ask the game's owner to do ``op`` for ``seat``: its answer (a refusal
        or None), or :data:`MOVED` when this process took the game over and
        should do it itself."""
        assert self.loop is not None
        for _ in range(3):
            node = self._owners.get(game_id)
            if node is None:
                owner = await self._call(self.leases.owner, game_id)
                if owner is None or not owner[1] or owner[0] == self.node:
                    if await self.adopt(game_id):
                        return MOVED
                    continue
                node = self._owners[game_id] = owner[0]
                while len(self._owners) > 10_000:
                    self._owners.pop(next(iter(self._owners)))
            rid = secrets.token_hex(8)
            fut: asyncio.Future[Message | str | None] = self.loop.create_future()
            self._pending[rid] = fut
            ask = {"q": rid, "f": self.node, "g": game_id, "s": seat, "o": op, "a": args}
            try:
                await self._call(self.leases.notify, f"{CHANNEL}_{node}",
                                 json.dumps(ask, separators=(",", ":")))  # fmt: skip
                answer = await self._answer_of(fut, game_id, node)
            finally:
                self._pending.pop(rid, None)
            if isinstance(answer, dict) and answer.get("code") == MOVED:
                answer = MOVED  # it was no longer that process's: ask again
            if answer not in (MOVED, GONE):
                return answer
            self._owners.pop(game_id, None)  # ask the database who owns it now
        return error("the server playing this game did not answer; try again", "storage")

    async def _answer_of(
        self, fut: asyncio.Future[Message | str | None], game_id: str, owner: str
    ) -> Message | str | None:
        """The owner's answer; :data:`GONE` when it went away meanwhile (its
        lease lapsed or moved: ask again), or after :data:`FORWARD_SECONDS`."""
        waited = 0.0
        step = LEASE_SECONDS / 2
        while waited < FORWARD_SECONDS:
            try:
                return await asyncio.wait_for(asyncio.shield(fut), step)
            except TimeoutError:
                waited += step
            now = await self._call(self.leases.owner, game_id)
            if now is None or not now[1] or now[0] != owner:
                return GONE
        return GONE

    async def _answer(self, ask: dict[str, Any]) -> None:
        assert self.host is not None
        try:
            reply = await self.host.serve_forwarded(
                str(ask["g"]), int(ask["s"]), str(ask["o"]), dict(ask.get("a") or {})
            )
        except Exception:
            log.exception("node %s: a forwarded %r failed", self.node, ask.get("o"))
            reply = error("the server failed to handle that message", "internal")
        answer = json.dumps({"r": ask["q"], "m": reply}, separators=(",", ":"))
        await self._call(self.leases.notify, f"{CHANNEL}_{ask['f']}", answer)


def cluster_for(db: Database, url: str) -> Alone:
    """The cluster a database serves: several processes on PostgreSQL, one elsewhere."""
    if db.store.engine.dialect.name == "postgresql":
        return Cluster(db, url)
    return Alone()


class Refused(OssuaryError):
    """Another process already serves this SQLite file."""


class ServingLock:
    """This process's hold on an SQLite file it serves (see :func:`serving_lock`)."""

    def __init__(self, path: str, file: Any) -> None:
        self.path = path
        self.file = file
        self.holders = 1

    def close(self) -> None:
        self.holders -= 1
        if self.holders == 0:
            _HELD.pop(self.path, None)
            self.file.close()


_HELD: dict[str, ServingLock] = {}


def serving_lock(url: str) -> ServingLock | None:
    """Hold the SQLite file ``url`` for this process alone, until the returned
    lock is closed: a second ``ossuary serve`` on the same file is refused (two
    processes would each play their own copy of every game). No lock for a
    database in memory, or for PostgreSQL (several processes share it, each
    game owned by one: :class:`Cluster`)."""
    if not url.startswith("sqlite") or "memory" in url:
        return None
    path = url.split("///", 1)[-1].split("?", 1)[0]
    if not path or url == "sqlite://":
        return None
    path = str(Path(path).resolve())
    held = _HELD.get(path)
    if held is not None:  # this process serves it already (the CLI, then the app)
        held.holders += 1
        return held
    try:
        import fcntl
    except ImportError:  # not a POSIX system: no lock to take (one serving process is the rule)
        return None
    lock_path = Path(path + ".serving")
    lock_path.parent.mkdir(parents=True, exist_ok=True)
    f = lock_path.open("a+")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        f.seek(0)
        who = f.read().strip() or "another process"
        f.close()
        raise Refused(
            f"{path} is already being served (by {who}). An SQLite database is served by one "
            "process: stop the other, or serve several processes from PostgreSQL "
            "(--db postgresql+psycopg://..., docs/server.md)"
        ) from None
    f.seek(0)
    f.truncate()
    f.write(f"process {os.getpid()}")
    f.flush()
    lock = _HELD[path] = ServingLock(path, f)
    return lock
