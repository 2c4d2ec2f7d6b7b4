"""Jobs the AI pool's tests give its workers (tests/server/test_ai_pool.py,
test_trials.py), registered under this module's name so a fresh worker
process finds them by importing it (``ai.register_job``).

``hold`` and ``note`` write down the order in which a thread worker starts
jobs: ``hold`` keeps its worker busy until ``GATE`` is set."""

from __future__ import annotations

import os
import sys
import threading
import time

from ossuary.server import ai

STARTED: list[str] = []
GATE = threading.Event()


def hold(name: str) -> str:
    STARTED.append(name)
    GATE.wait(30)
    return name


def note(name: str) -> str:
    STARTED.append(name)
    return name


def sleep(seconds: float) -> str:
    time.sleep(seconds)  # waiting, as for a busy machine's CPU: no CPU spent
    return "slept"


def spin(seconds: float) -> str:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "spun"


def niceness() -> int:
    return os.nice(0)


def origin() -> tuple[str, list[str]]:
    """The worker's parent's command line, and the modules the worker holds."""
    with open(f"/proc/{os.getppid()}/cmdline", "rb") as f:
        parent = f.read().replace(b"\0", b" ").decode()
    return parent, sorted(sys.modules)


HOLD, NOTE, SLEEP, SPIN, NICENESS, ORIGIN = (
    f"{__name__}:{fn.__name__}" for fn in (hold, note, sleep, spin, niceness, origin)
)
for _fn in (hold, note, sleep, spin, niceness, origin):
    ai.register_job(f"{__name__}:{_fn.__name__}", _fn)


def reset() -> None:
    """Before a test: nothing started, the gate shut."""
    STARTED.clear()
    GATE.clear()
