"""The database seen from the event loop: one thread, and group commit.

All database work runs in one dedicated thread, so the event loop never waits
on a disk and SQLite never sees two threads at once. Writes queue up while the
previous transaction commits and then go in together (group commit): under
load, many games' actions share one disk sync, and each caller still resumes
only once its own rows are committed. That is what lets the server answer an
action only after it is durable without a sync per action.
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
log = logging.getLogger("ossuary.server")


class Database:
    """A :class:`Store` behind one thread, with group-committed writes."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._executor = ThreadPoolExecutor(1, thread_name_prefix="ossuary-db")
        self._pending: list[tuple[Sequence[Write], asyncio.Future[None]]] = []
        self._wake: asyncio.Event | None = None
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        self._wake = asyncio.Event()
        self._task = asyncio.get_running_loop().create_task(self._run(), name="ossuary-db-writer")

    async def close(self) -> None:
        if self._task is not None:
            # let queued writes finish before the thread goes
            while self._pending:
                await asyncio.sleep(0.01)
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
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
                            fut.set_exception(StorageError(f"the database refused a write: {exc}"))
                    else:
                        if not fut.done():
                            fut.set_result(None)
            else:
                for _, fut in batch:
                    if not fut.done():
                        fut.set_result(None)
