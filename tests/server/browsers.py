"""What the browser tests share: Playwright driving Debian's Chromium
(``playwright install`` cannot download a browser here)."""

from __future__ import annotations

import contextlib
import shutil
from collections.abc import Iterator
from typing import Any

import pytest

sync_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
needs_chromium = pytest.mark.skipif(
    CHROMIUM is None, reason="Debian's chromium is not installed (apt-get install chromium)"
)
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip

# The longest any one wait for the page may take: a ceiling, not a pause (every wait
# is for an event, and ends when it comes). A computer's move on a loaded machine
# (CI at load 20, its AI worker starting) took up to 15 s: the ceiling is the
# server's own limit on one decision.
WAIT_MS = 60_000

# a page script that draws every state at once (no pacing of the other seats' moves):
# the tests that are not about the pacing wait for states, not for the show
INSTANT = "localStorage.setItem('ossuary.pace', 'instant');"


@contextlib.contextmanager
def chromium() -> Iterator[Any]:
    """A headless Chromium, closed on the way out."""
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()
