"""Diabolicards' own browser board (``web_assets``; docs/server.md): two people
play turns by clicking a hand card, then a zone of their side (or a contract
card for a trade, or a card an ability asks about), and the board shows both
sides' three zones with their power and the contracts. A few turns only: the
whole-game browser test is the server's (tests/server/test_browser.py)."""

from __future__ import annotations

import random
from typing import Any

from ..server.browsers import INSTANT, WAIT_MS, chromium, needs_chromium
from ..server.helpers import ServerProcess

pytestmark = needs_chromium


def _seq(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def test_two_people_play_turns_by_clicking_the_mat(server: ServerProcess) -> None:
    game = server.post(
        "/api/games", {"game": "diabolicards", "seats": ["human", "human"], "seed": 6}
    )
    with chromium() as browser:
        pages = []
        errors: list[str] = []
        for s in game["seats"]:
            context = browser.new_context(viewport={"width": 1400, "height": 1000})
            context.add_init_script(INSTANT)
            page = context.new_page()
            page.set_default_timeout(WAIT_MS)
            page.on("pageerror", lambda exc: errors.append(str(exc)))
            page.goto(server.base + s["link"])
            page.wait_for_selector(".diabolicards .side.mine")
            pages.append(page)
        text = pages[0].locator(".diabolicards").inner_text().lower()
        for zone in ("Vask Tower", "The Gang Hideout", "Havenvale Campus", "Contracts"):
            assert zone.lower() in text
        rng = random.Random(6)
        played = 0
        for _ in range(6):
            page = next(
                p
                for _ in range(300)
                for p in pages
                if p.evaluate("!!(window.ossuary && window.ossuary.state.legal.length)")
                or p.wait_for_timeout(20)
            )
            before = _seq(page)
            cards = page.locator(".diabolicards .hand .chip.actionable")
            if cards.count():
                cards.nth(rng.randrange(cards.count())).click()
                targets = page.locator(".diabolicards .side.mine .target.actionable")
                assert targets.count() >= 1
                targets.nth(rng.randrange(targets.count())).click()
                played += 1
            else:  # an ability's question: a card on the mat, or the option bar
                clickable = page.locator(".diabolicards .actionable")
                if clickable.count():
                    clickable.first.click()
                else:
                    page.locator("#actions > button.option").first.click()
            page.wait_for_function(f"Number(document.body.dataset.seq || -1) > {before}")
        assert played >= 3
        mat = pages[0].locator(".diabolicards .zones .chip").count()
        assert mat >= 3  # the played cards are on the mat, drawn by the board
        assert not errors, errors
