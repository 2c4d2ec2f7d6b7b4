"""Work done every so often in the background, sooner when woken, that lives
through a failed round (the database away for a moment): the lease ticks
(``cluster.py``) and the matcher (``queue.py``)."""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable


def _always() -> bool:
    return True


async def every(
    seconds: float,
    wake: asyncio.Event,
    work: Callable[[], Awaitable[object]],
    failed: Callable[[Exception], None],
    going: Callable[[], bool] = _always,
) -> None:
    """Run ``work`` each ``seconds`` (at once when ``wake`` is set) while ``going()``;
    a round that fails is handed to ``failed`` and the next round comes as usual.
    Cancelling the task ends the loop (``CancelledError`` is no ``Exception``)."""
    while going():
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(wake.wait(), seconds)
        wake.clear()
        try:
            await work()
        except Exception as exc:  # the database is away: try again next round
            failed(exc)
