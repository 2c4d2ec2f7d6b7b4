"""Words stay readable (axe-core's colour contrast, no serious or critical
violation) where they were not: a seat's "thinking" badge at every moment of its
blinking, a hero's ability once used, a Diabolicards zone sealed by Scorch the
Earth, and the deck builder's chart legends for every preconstructed deck (each
swatch's letter on its colour).

Animations are frozen at their faintest point (half way through ``blink``)
before axe looks, so what is checked does not depend on when it looks."""

from __future__ import annotations

import random
from typing import Any

import pytest

from ossuary import games

from .browsers import WAIT_MS, needs_chromium
from .helpers import ServerProcess
from .positions import Message, drive
from .test_boards import _check_axe, _page

pytestmark = needs_chromium

FREEZE = """() => {
    for (const a of document.getAnimations()) {
        const timing = a.effect.getComputedTiming();
        a.pause();
        a.currentTime = timing.duration / 2;  // blink: faintest half way
    }
}"""


@pytest.mark.parametrize("game", ["hecatomb", "necromancer"])
def test_a_thinking_computer_is_said_in_readable_words(
    server: ServerProcess, browser: Any, game: str
) -> None:
    # a computer given the longest search a seat may have: it thinks while we look
    created = server.post("/api/games", {"game": game, "seats": ["human", "ismcts:10"], "seed": 3})
    page = _page(browser, server.base + created["seats"][0]["link"], "desktop")
    page.set_default_timeout(WAIT_MS)
    page.wait_for_selector(".hand-dock")
    for _ in range(20):  # our turn first (or a mulligan): pass it to the computer
        page.wait_for_function(
            "document.querySelector('.badge.thinking')"
            " || (window.ossuary.state && window.ossuary.state.legal.length"
            " && !document.body.classList.contains('waiting'))"
        )
        if page.locator(".badge.thinking").count():
            break
        ids = [o["id"] for o in page.evaluate("window.ossuary.state.legal")]
        pick = next((i for i in ("keep", "end", "pass", "done") if i in ids), ids[0])
        page.evaluate("(id) => window.ossuary.act(id)", pick)
    page.evaluate(FREEZE)
    _check_axe(page, f"{game} while the computer thinks")
    assert page.locator(".badge.thinking").count(), (
        "the computer stopped thinking before axe looked"
    )
    page.context.close()


def test_a_used_heros_ability_is_readable(server: ServerProcess, browser: Any) -> None:
    created = server.post(
        "/api/games", {"game": "necromancer", "seats": ["human", "human"], "seed": 7}
    )

    def pick(seat: int, state: Message) -> str | None:
        me = next(p for p in state["view"]["players"] if p["seat"] == 0)
        if me["hero"]["ability_used"]:
            return None
        ids = [o["id"] for o in state["legal"]]
        if seat == 0 and "hero" in ids:
            return "hero"
        return next((i for i in ("keep", "end", "pass") if i in ids), ids[0])

    drive(server, created, pick)
    page = _page(browser, server.base + created["seats"][0]["link"], "desktop")
    page.wait_for_selector(".seat-panel.me .hero .ability.used")
    page.evaluate(FREEZE)
    _check_axe(page, "a used hero's ability")
    page.context.close()


# a seed whose game, each seat choosing at random (its own generator, the legal
# ids sorted), seals a zone by Scorch the Earth at the 42nd action
SEALED_SEED = 329


def test_a_sealed_zone_is_readable(server: ServerProcess, browser: Any) -> None:
    """The sealed zone's name and note: the zone was shown at half opacity,
    which took its words below the contrast a reader needs."""
    created = server.post(
        "/api/games", {"game": "diabolicards", "seats": ["human", "human"], "seed": SEALED_SEED}
    )
    rng = random.Random(SEALED_SEED)

    def pick(seat: int, state: Message) -> str | None:
        if any(z["sealed"] for side in state["view"]["sides"] for z in side["zones"]):
            return None
        return rng.choice(sorted(o["id"] for o in state["legal"]))

    drive(server, created, pick)
    page = _page(browser, server.base + created["seats"][0]["link"], "desktop")
    page.wait_for_selector(".diabolicards .zone.sealed .sealed-note")
    _check_axe(page, "a sealed zone")
    page.context.close()


# the charts colour by doom (Hecatomb) and by kind: two Hecatomb decks hold all
# four dooms between them (every deck is a pair of dooms; more decks only repeat
# colours, at 12 s a deck in a 15-minute suite)
DECKS = [("hecatomb", "Rot and Ruin"), ("hecatomb", "Gilded Lies")] + [
    ("necromancer", d) for d in games.get("necromancer").decks.preconstructed()
]


@pytest.mark.parametrize(("game", "deck"), DECKS)
def test_the_builders_charts_are_readable(
    server: ServerProcess, browser: Any, game: str, deck: str
) -> None:
    entry = games.get(game)
    text = entry.decks.format(entry.decks.preconstructed()[deck])
    saved = server.post("/api/decks", {"game": game, "name": deck, "text": text})
    page = _page(browser, server.base + saved["edit"], "desktop", pace=None)
    page.wait_for_selector(".charts .legend .swatch")
    # the charts alone: what a deck changes on the page (the builder as a whole, a
    # deck in it, is axe's in test_deck_pages.py at both sizes)
    _check_axe(page, f"the builder's charts for {deck}", within=".charts")
    page.context.close()
