"""A Ctrl-C stays a Ctrl-C while a game's package imports.

Some libraries catch every exception while they build things at import time
and raise their own in its place: pydantic's schema builder turns a
``KeyboardInterrupt`` that lands inside it into a ``SchemaError``. A person who
pressed Ctrl-C while a game loaded would then read that the game is broken,
with a traceback. :func:`keeping_ctrl_c` notes whether SIGINT arrived during
its block, and if the block then fails with any other error, raises
``KeyboardInterrupt`` instead, so the front ends stop as they do for every
Ctrl-C.
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType


@contextlib.contextmanager
def keeping_ctrl_c() -> Iterator[None]:
    """Run the block; a Ctrl-C during it ends it as ``KeyboardInterrupt``,
    whatever error the code it interrupted turned it into. Only the main
    thread receives signals; elsewhere the block runs as it is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.getsignal(signal.SIGINT)
    if previous is signal.SIG_IGN or previous is None:  # ignored, or set outside Python
        yield
        return
    seen: list[int] = []

    def note(signum: int, frame: FrameType | None) -> None:
        seen.append(signum)
        if callable(previous):
            previous(signum, frame)
        else:  # SIG_DFL
            raise KeyboardInterrupt

    signal.signal(signal.SIGINT, note)
    try:
        yield
    except KeyboardInterrupt:
        raise
    except Exception as exc:
        if seen:
            raise KeyboardInterrupt from exc
        raise
    finally:
        signal.signal(signal.SIGINT, previous)
