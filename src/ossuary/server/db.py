"""The database seen from the event loop: one thread, and group commit.

All database work runs in one dedicated thread, so the event loop never waits
on a disk and SQLite never sees two threads at once. Writes queue up while the
previous transaction commits and then go in together (group commit): under
load, many games' actions share one disk sync, and each caller still resumes
only once its own rows are committed. That is what lets the server answer an
action only after it is durable without a sync per action.

An SQLite file's checkpoints (the only disk syncs with ``synchronous=NORMAL``)
run in a second thread every :data:`CHECKPOINT_EVERY` seconds while writes come
in, so no commit waits for one (see ``storage.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from .storage import StorageError, Store, Write

T = TypeVar("T")
CHECKPOINT_EVERY = 1.0  # seconds between background checkpoints while writes come in
log = logging.getLogger("ossuary.server")


class Database:
    """A :class:`Store` behind one thread, with group-committed writes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="ossuary-db")
        self._pending: list[tuple[Sequence[Write], asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None
        self._checkpointer: asyncio.Task[None] | None = None
        self._checkpoint_thread: ThreadPoolExecutor | None = None
        self._written = False  # anything committed since the last checkpoint

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._wake = asyncio.Event()
        self._task = loop.create_task(self._run(), name="ossuary-db-writer")
        if self.store.checkpoints:
            self._checkpoint_thread = ThreadPoolExecutor(1, thread_name_prefix="ossuary-ckpt")
            self._checkpointer = loop.create_task(self._checkpoints(), name="ossuary-db-ckpt")

    async def close(self) -> None:
        if self._task is not None:
            # let queued writes finish before the thread goes
            while self._pending:
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._checkpointer is not None:
            self._checkpointer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._checkpointer
        if self._checkpoint_thread is not None:
            self._checkpoint_thread.shutdown(wait=True)
        await asyncio.get_running_loop().run_in_executor(self._executor, self.store.close)
        self._executor.shutdown(wait=True)

    async def call(self, fn: Callable[..., T], *args: Any) -> T:
        """Run ``fn(*args)`` in the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self._executor, fn, *args)

    async def write(self, rows: Sequence[Write]) -> None:
        """Return once ``rows`` are committed; raise :class:`StorageError` if they
        could not be (then nothing of them was written)."""
        assert self._wake is not None, "Database.start() was not called"
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((rows, fut))
        self._wake.set()
        await fut

    async def _run(self) -> None:
        assert self._wake is not None
        while True:
            await self._wake.wait()
            self._wake.clear()
            batch, self._pending = self._pending, []
            if not batch:
                continue
            try:
                await self.call(self.store.write, [r for rows, _ in batch for r in rows])
            except Exception:
                # one bad write must not sink the others: retry each on its own
                for rows, fut in batch:
                    try:
                        await self.call(self.store.write, rows)
                    except Exception as exc:
                        log.warning("database write failed: %s", exc)
                        if not fut.done():
                            fut.set_exception(
                                exc
                                if isinstance(exc, StorageError)
                                else StorageError(f"the database refused a write: {exc}")
                            )
                    else:
                        if not fut.done():
                            fut.set_result(None)
            else:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
            self._written = True

    async def _checkpoints(self) -> None:
        """Checkpoint the SQLite file beside the writer, while there are writes."""
        assert self._checkpoint_thread is not None
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(CHECKPOINT_EVERY)
            if not self._written:
                continue
            self._written = False
            try:
                await loop.run_in_executor(self._checkpoint_thread, self.store.checkpoint)
            except Exception as exc:  # the backstop checkpoint still bounds the log
                log.warning("database checkpoint failed: %s", exc)
