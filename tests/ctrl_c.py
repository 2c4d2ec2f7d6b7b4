"""Running a command as a person at a terminal does, and pressing Ctrl-C.

A terminal sends SIGINT to every process of the command (its process group),
the command's workers included. :func:`run_cli` starts the command in a
process group of its own, so the signal reaches it and nothing else; the
Ctrl-C comes either when the command reaches a point the test waits for
(:func:`ctrl_c`), or when a process of the command imports a given module
(the hook in ``tests/interrupt_hook``).
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
HOOK = Path(__file__).resolve().parent / "interrupt_hook"
#: a hang is a failure, not a wait: nothing is timed against this
LIMIT = 300.0


def cli_env(on_import: str | None = None, where: str = "driver") -> dict[str, str]:
    """The environment of a command run from this checkout; with ``on_import``,
    Ctrl-C comes when a process of the command first imports that module
    (``where``: ``driver``, the command's process, or ``worker``)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("OSSUARY_TEST_CTRL_C")}
    paths = [str(HOOK), str(SRC)] if on_import else [str(SRC)]
    env["PYTHONPATH"] = os.pathsep.join([*paths, env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
    if on_import:
        env["OSSUARY_TEST_CTRL_C_ON"] = on_import
        env["OSSUARY_TEST_CTRL_C_IN"] = where
    env.pop("COLUMNS", None)
    return env


def start_cli(
    args: list[str], env: dict[str, str], cwd: Path | None = None
) -> subprocess.Popen[str]:
    """``ossuary ARGS`` in a process group of its own, SIGINT at its default."""
    return subprocess.Popen(
        [sys.executable, "-m", "ossuary.cli.main", *args],
        cwd=cwd,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )


def run_cli(
    args: list[str], env: dict[str, str], cwd: Path | None = None
) -> subprocess.CompletedProcess[str]:
    process = start_cli(args, env, cwd)
    out, err = process.communicate(timeout=LIMIT)
    return subprocess.CompletedProcess(process.args, process.returncode, out, err)


def ctrl_c(process: subprocess.Popen[str], when: Callable[[], bool]) -> tuple[str, str]:
    """Wait until ``when()`` holds (or the process ends), press Ctrl-C, and
    return its output once it has stopped."""
    while not when() and process.poll() is None:
        with contextlib.suppress(subprocess.TimeoutExpired):
            process.wait(timeout=0.01)
    if process.poll() is None:
        os.killpg(process.pid, signal.SIGINT)
    return process.communicate(timeout=LIMIT)


def signal_when(
    process: subprocess.Popen[str], when: Callable[[], bool], how: int
) -> tuple[str, str]:
    """As :func:`ctrl_c`, but signal ``how`` sent to the command's own process
    alone, as ``kill -TERM PID`` (a service manager, a batch system's time
    limit) or a machine going down (SIGKILL) send it."""
    try:
        while not when() and process.poll() is None:
            with contextlib.suppress(subprocess.TimeoutExpired):
                process.wait(timeout=0.01)
        if process.poll() is None:
            process.send_signal(how)
        return process.communicate(timeout=LIMIT)
    finally:
        process.kill()


def one_line(stderr: str) -> bool:
    """What a command may print on Ctrl-C: a line at most, no traceback."""
    return "Traceback" not in stderr and len(stderr.strip().splitlines()) <= 1
