"""The deck builder says where its cards are as the screen lays them out: on a
wide screen the pool is on the left of the deck, on a phone below it (behind
"Add cards")."""

from __future__ import annotations

from typing import Any

import pytest

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import SIZES, _page

pytestmark = needs_chromium
SAID = {"phone": ("below", ("left", "above")), "desktop": ("left", ("below", "above"))}


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_deck_says_where_the_cards_are(
    server: ServerProcess, browser: Any, size: str
) -> None:
    page = _page(browser, server.base + "/decks/new/hecatomb", size, pace=None)
    page.wait_for_selector(".pool-card")
    said = page.locator("#deck-list p").inner_text()
    where, wrong = SAID[size]
    assert where in said and not any(w in said for w in wrong), said
    # and there they are
    pool = page.locator(".pool-card").first.bounding_box()
    deck = page.locator("#deck-list").bounding_box()
    if size == "phone":
        assert pool["y"] > deck["y"] + deck["height"]
    else:
        assert pool["x"] + pool["width"] <= deck["x"]
    assert not page.errors, page.errors
    page.context.close()
