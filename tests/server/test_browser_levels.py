"""A computer level that plays only some tables, in the lobby as a person sees it:
a policy given to ``ossuary serve --policy`` plays the table it was trained
for, and choosing another table never leaves a seat on a level that can't play
there (Chromium; skipped where none is installed)."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from ossuary.agents.learned import shipped_policy_path

from .browsers import needs_chromium
from .helpers import ServerProcess, running
from .test_browser import SEAT_KIND, _levels, _page

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server() -> Iterator[ServerProcess]:
    """A server offering one more level, ``trained``: a 2-seat Hecatomb policy."""
    two = shipped_policy_path("hecatomb", 2)
    assert two is not None
    with tempfile.TemporaryDirectory() as tmp:
        url = f"sqlite:///{Path(tmp) / 'games.db'}"
        with running(url, workers=0, extra=["--policy", f"trained={two}"]) as s:
            yield s


def test_a_level_is_offered_only_where_it_plays(server: ServerProcess, browser: Any) -> None:
    page = _page(browser, server.base + "/")
    page.wait_for_selector(".seat-row")

    def levels() -> list[str]:
        return _levels(page)

    assert "trained" in levels()  # Hecatomb with 2 seats: the policy's table
    page.locator(SEAT_KIND).select_option("trained")
    modes = page.eval_on_selector(
        "#mode-select", "s => [...s.options].map(o => o.value).filter(v => v.endsWith(':3'))"
    )
    page.locator("#mode-select").select_option(modes[0])
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 3")
    assert "trained" not in levels() and "learned" in levels()
    assert page.eval_on_selector(SEAT_KIND, "s => s.value") == "normal"  # not left on a gap
