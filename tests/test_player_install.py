"""The install a player makes, checked as a player meets it.

``.ci/run`` clones the repository afresh and runs the README's ``make play``
there (the package alone, compiled in pip's isolated build environment, no
extra), then names that clone in ``OSSUARY_PLAYER_CHECKOUT``. These tests check
that clone from outside: its build is compiled, none of the extras came with
it, and ``make serve`` starts a server on which a person plays a whole game
against the computer in a real browser. Without the variable they skip: a
developer's ``make test`` has no player's clone to look at.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import subprocess
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .server.browsers import chromium, needs_chromium
from .server.helpers import free_port
from .server.test_browser import _act, _my_turn, _page

CHECKOUT = os.environ.get("OSSUARY_PLAYER_CHECKOUT")
pytestmark = pytest.mark.skipif(
    not CHECKOUT, reason="no player's install to check (.ci/run makes one: OSSUARY_PLAYER_CHECKOUT)"
)


def _player() -> Path:
    assert CHECKOUT
    return Path(CHECKOUT)


def _python(code: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(_player() / ".venv" / "bin" / "python"), "-c", code],
        capture_output=True,
        text=True,
        timeout=120,
        cwd="/",
        env={k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OSSUARY_PURE")},
    )


def test_the_players_build_is_compiled() -> None:
    done = subprocess.run(
        [str(_player() / ".venv" / "bin" / "ossuary"), "--version"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "compiled with mypyc" in done.stdout, done.stdout + done.stderr


def test_the_players_install_has_no_extra() -> None:
    """What the player's path installs is the package alone: what the suite
    checks there is what a player gets, not a developer's environment."""
    for module in ("pyarrow", "torch", "gymnasium", "pyspiel", "pytest", "playwright"):
        done = _python(f"import {module}")
        assert done.returncode != 0, f"{module} is installed in the player's environment"


@contextlib.contextmanager
def _make_serve(db: Path) -> Iterator[str]:
    """``make serve`` in the player's clone, as the README has it, on a free port."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    log = db.with_suffix(".log")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "OSSUARY_PURE")}
    with log.open("wb") as out:
        proc = subprocess.Popen(
            ["make", "-C", str(_player()), "serve", f"ARGS=--port {port} --db sqlite:///{db}"],
            stdout=out,
            stderr=subprocess.STDOUT,
            env=env,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, f"make serve exited: {log.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"make serve never answered: {log.read_text()}"
            try:
                urllib.request.urlopen(base + "/", timeout=2).read()
                break
            except (urllib.error.URLError, OSError):
                time.sleep(0.2)
        yield base
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(5)
    text = log.read_text(errors="replace")
    assert "Traceback" not in text and "Application startup failed" not in text, text[-3000:]


@needs_chromium
def test_make_serve_starts_and_a_person_plays_the_computer_to_the_end(tmp_path: Path) -> None:
    with _make_serve(tmp_path / "games.db") as base, chromium() as browser:
        page: Any = _page(browser, base + "/")
        page.wait_for_selector(".seat-row")
        page.locator('.seat-row[data-seat="1"] .seat-kind').select_option("easy")
        page.locator("#create-button").click()
        page.wait_for_selector(".hecatomb .seat-panel.me")
        rng = random.Random(11)
        clicks = 0
        while not page.evaluate("document.body.dataset.over"):
            if not _my_turn(page):
                page.wait_for_timeout(50)
                continue
            _act(page, rng)
            clicks += 1
            assert clicks < 1500, "the game did not end"
        page.wait_for_selector("#overlay .end h2")
        head = page.locator("#overlay .end h2").inner_text()
        assert head.split(":")[0] in ("You win", "You lose", "A draw"), head
        assert not page.errors, page.errors
