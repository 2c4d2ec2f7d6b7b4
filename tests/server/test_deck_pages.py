"""The card gallery and the deck builder as a person uses them, on a phone
(390x844) and a desktop (1280x800), in Debian's Chromium against a real
``ossuary serve``: find a card by search and filter and open its page; build a
legal deck by clicking, see a rule broken and mended beside the card, save,
reload, open the shared link in a second browser; on the phone also create a
game with the deck from the lobby's menu and play a few turns, start a trial
and stop it (the same path at any size). On the way: nothing wider than the
screen, every tap target at least 44 px on the phone, axe-core finds no serious
or critical violation, the console stays clean, and a deck's name shows as the
text it is, never as markup. And the builder by keyboard alone. Pictures go to
``artifacts/browser/``."""

from __future__ import annotations

import random
import re
import urllib.error
from typing import Any
from urllib.parse import quote

import pytest

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import (  # the boards' checks, shared
    COMPUTER_MS,
    SIZES,
    _check_axe,
    _check_layout,
    _choose,
    _click_option,
    _legal,
    _page,
    _seq,
    _shot,
)

pytestmark = needs_chromium
NAME = '<img src=x onerror="window.pwned=1">Greed & "co"'


@pytest.mark.parametrize("size", SIZES)
def test_find_a_card_by_search_and_filter(server: ServerProcess, browser: Any, size: str) -> None:
    page = _page(browser, server.base + "/cards/hecatomb", size, pace=None)
    page.wait_for_selector("#card-grid .card-link")
    total = page.locator("#card-grid .card-link").count()
    assert total == 144
    _check_layout(page, size, "the gallery")
    _check_axe(page, f"the gallery at {size}")
    _shot(page, f"gallery-{size}")
    page.select_option("#f-doom", "greed")
    page.fill("#f-search", "draw")
    page.wait_for_function("document.querySelectorAll('#card-grid .card-link').length < 20")
    names = page.locator("#card-grid .card-link").evaluate_all(
        "(ns) => ns.map((n) => n.dataset.card)"
    )
    found = server.get("/api/catalog/hecatomb/gallery")["cards"]
    expect = [c["key"] for c in found if "greed" in c["match"].get("doom", [])
              and "draw" in c["search"]]  # fmt: skip
    assert names == expect and names
    assert "q=draw" in page.url and "doom=greed" in page.url  # the search stays in the address
    page.locator("#card-grid .card-link").first.click()
    page.wait_for_selector(".card-page .cf-full")
    assert page.locator("h1").inner_text() == names[0]
    _check_layout(page, size, "a card's page")
    _check_axe(page, f"a card's page at {size}")
    _shot(page, f"card-page-{size}")
    term = page.locator(".term-link").first
    said = term.inner_text()
    term.click()
    page.wait_for_selector(".glossary dt.here")
    assert page.locator(".glossary dt.here").inner_text() == said
    _check_layout(page, size, "the rules' words")
    _check_axe(page, f"the rules' words at {size}")
    # Diabolicards: one shared deck, shown as such, no builder
    page.goto(server.base + "/cards/diabolicards")
    page.wait_for_selector("#card-grid .card-link")
    assert "one shared deck of 80 cards" in page.locator(".shared-deck").inner_text()
    assert page.locator("#nav a", has_text="Build a deck").count() == 0
    assert not page.errors, page.errors
    page.context.close()


def _deck_total(page: Any) -> int:
    return int(page.locator("#deck-total").inner_text().split()[0])


def _settled(page: Any) -> None:
    """The builder's last change checked by the server (what the page shows now)."""
    page.wait_for_function(
        "document.querySelector('#deck-total')"
        " && document.body.dataset.checked === document.querySelector('#deck-total').textContent"
    )


# the whole path at one size, the builder's screens at both: the trial and the game
# with the deck are the server's and the board's, whatever the size (the board's
# layout at both sizes is test_boards.py's and test_layout.py's); the trial's
# screen and the lobby's deck menu are looked at on the phone, where room is short
WHOLE = "phone"


@pytest.mark.parametrize("size", SIZES)
def test_build_save_share_play_and_try_a_deck(
    server: ServerProcess, browser: Any, size: str
) -> None:
    page = _page(browser, server.base + "/decks/new/hecatomb", size, pace=None)
    page.wait_for_selector(".pool-card")
    _check_layout(page, size, "the empty builder")
    _check_axe(page, f"the empty builder at {size}")
    # build a legal deck by clicking: greed cards, three of each of the first fourteen
    page.select_option("#pool-doom", "greed")
    page.wait_for_function("document.querySelectorAll('.pool-card').length < 60")
    keys = page.locator(".pool-card").evaluate_all("(ns) => ns.map((n) => n.dataset.card)")[:14]
    for key in keys:
        for _ in range(3):
            page.locator(f'.pool-card[data-card="{key}"]').click()
    _settled(page)
    assert _deck_total(page) == 42
    page.wait_for_selector("body[data-legal='1']")
    assert "a legal deck" in page.locator("#deck-verdict").inner_text()
    # a rule broken, shown beside its card; then mended
    page.locator(f'.pool-card[data-card="{keys[0]}"]').click()
    row = page.locator(f'.deck-row[data-card="{keys[0]}"]')
    page.wait_for_selector(f'.deck-row.wrong[data-card="{keys[0]}"] .problem')
    assert f"has 4 copies of '{keys[0]}'" in row.locator(".problem").inner_text()
    assert page.locator(".deck-row.wrong").count() == 1  # beside that card only
    page.locator("body[data-legal='0']").wait_for(state="attached")
    _shot(page, f"builder-broken-{size}")
    _check_layout(page, size, "the builder with a broken rule")
    _check_axe(page, f"the builder with a broken rule at {size}")
    row.get_by_role("button", name=f"Remove one {keys[0]}").click()
    page.wait_for_selector("body[data-legal='1']")
    assert page.locator(".deck-row.wrong").count() == 0
    # save under a name that is markup: shown as text everywhere
    page.fill("#deck-name", NAME)
    page.locator("#save").click()
    page.wait_for_selector("#share-link")
    assert "Saved." in page.locator("#save-message").inner_text()
    deck_id = page.url.rstrip("/").split("/")[-1]
    assert "#edit=" in page.locator("#edit-link").input_value()
    assert "edit=" not in page.url  # the token stays out of the address bar
    _shot(page, f"builder-saved-{size}")
    _check_layout(page, size, "the saved deck")
    _check_axe(page, f"the saved deck at {size}")
    # reload: the same deck, still editable (this browser keeps its token)
    page.reload()
    page.wait_for_selector(".deck-row")
    _settled(page)
    assert page.locator("#deck-name").input_value() == NAME
    assert _deck_total(page) == 42 and page.locator("#save").count() == 1
    assert NAME in page.locator("#title").inner_text()
    # the shared link in a second browser: read-only, the name as text
    other = _page(browser, page.locator("#share-link").input_value(), size, pace=None)
    other.wait_for_selector(".deck-row")
    assert other.locator("#title").inner_text() == f"{NAME}: a Hecatomb deck"
    assert other.locator("#save").count() == 0 and other.locator(".count-button").count() == 0
    assert other.locator(".pool-card").count() == 0
    assert other.locator(".deck-row").count() == 14
    _check_layout(other, size, "a shared deck")
    _check_axe(other, f"a shared deck at {size}")
    _shot(other, f"shared-deck-{size}")
    assert not other.errors, other.errors
    assert other.evaluate("window.pwned") is None and page.evaluate("window.pwned") is None
    other.context.close()
    if size == WHOLE:
        _try_and_play(server, page, size, deck_id, keys)
    # deleted by its owner: its links stop working, the lobby forgets it
    page.goto(f"{server.base}/decks/{deck_id}")
    page.once("dialog", lambda dialog: dialog.accept())
    page.locator("#delete").click()
    page.wait_for_url("**/decks/new/hecatomb")
    with pytest.raises(urllib.error.HTTPError) as gone:
        server.get(f"/api/decks/{deck_id}")
    assert gone.value.code == 404
    assert page.evaluate("localStorage.getItem('ossuary.decks')") == "{}"
    assert not page.errors, page.errors
    page.context.close()


def _try_and_play(
    server: ServerProcess, page: Any, size: str, deck_id: str, keys: list[str]
) -> None:
    """From the saved deck's page: a trial started and stopped; then a game with
    the deck from the lobby's menu, a few turns played by clicking."""
    # start a trial and stop it
    page.locator("#trial-start").click()
    page.wait_for_function(
        "Number(document.querySelector('#trial-bar')?.value) > 0", timeout=60_000
    )
    assert page.locator(".rate-row").count() == 7  # six opponents and all
    _shot(page, f"builder-trial-{size}")
    _check_layout(page, size, "a trial")
    page.locator("#trial-stop").click()
    page.wait_for_selector("body[data-trial='stopped']")
    trial_status = page.evaluate("document.body.dataset.trial")
    assert trial_status == "stopped"
    # the lobby's deck menu offers it; a game with it, a few turns played by clicking
    page.goto(server.base + "/")
    page.wait_for_selector(".seat-row")
    option = page.locator(f'.seat-row[data-seat="0"] .seat-deck option[value="saved:{deck_id}"]')
    assert option.inner_text() == NAME
    page.locator('.seat-row[data-seat="0"] .seat-deck').select_option(f"saved:{deck_id}")
    page.locator('.seat-row[data-seat="1"] .seat-kind').select_option("easy")
    page.locator("#create-button").click()  # against the computer: straight to the board
    page.wait_for_selector(".hecatomb .hand-dock .cf .cf-name")
    hand = page.locator(".hand-dock .cf .cf-name").all_inner_texts()
    assert hand and set(hand) <= set(keys), hand  # dealt from our deck
    assert page.locator("#cards-link").get_attribute("href") == "/cards/hecatomb"
    rng = random.Random(5)
    played = 0
    while played < 6 and not page.evaluate("document.body.dataset.over"):
        legal = _legal(page)
        if not legal:  # the computer's move: as long as the server lets it think
            page.wait_for_function(
                "document.body.dataset.over || (window.ossuary.state"
                " && window.ossuary.state.legal.length"
                " && !document.body.classList.contains('waiting'))",
                timeout=COMPUTER_MS,
            )
            continue
        before = _seq(page)
        chosen = _choose("hecatomb", legal, rng)
        _click_option(page, next(o for o in legal if o["id"] == chosen))
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        played += 1
    assert played == 6
    assert page.evaluate("window.pwned") is None  # the name never ran as markup


def test_the_builder_by_keyboard_alone(server: ServerProcess, browser: Any) -> None:
    """Search, add a card, add another copy and remove one from the deck, by Tab,
    typing and Enter."""
    page = _page(browser, server.base + "/decks/new/necromancer", "desktop", pace=None)
    page.wait_for_selector(".pool-card")

    def tab_to(selector: str) -> None:
        for _ in range(300):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reaches {selector}")

    tab_to("#pool-search")
    page.keyboard.type("skeleton")
    page.wait_for_function("document.querySelectorAll('.pool-card').length < 40")
    tab_to(".pool-card")
    key = page.evaluate("document.activeElement.dataset.card")
    page.keyboard.press("Enter")
    page.keyboard.press(" ")
    page.wait_for_selector(f'.deck-row[data-card="{key}"]')
    assert page.evaluate("document.activeElement.dataset.card") == key  # focus stays
    assert page.locator(f'.deck-row[data-card="{key}"] .copies').inner_text() == "2×"
    tab_to(f'.deck-row[data-card="{key}"] .count-button')
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == f"Remove one {key}"
    page.keyboard.press("Enter")
    page.wait_for_function(
        f"document.querySelector('.deck-row[data-card=\"{key}\"] .copies').textContent === '1×'"
    )
    # the server's check comes back and the deck is drawn again: the focus stays
    # on the button the player pressed, not dropped to the page
    _settled(page)
    assert page.evaluate("document.activeElement.getAttribute('aria-label')") == f"Remove one {key}"
    # the problems say what is missing, in ossuary deck check's words, beside the count
    _settled(page)
    said = page.locator("#deck-status").inner_text()
    assert re.search(r"has [01] cards? besides its hero; a deck has exactly 40", said), said
    # the last copy removed, its row goes: the keyboard stays in the deck's list
    page.keyboard.press("Enter")
    page.wait_for_function(f"!document.querySelector('.deck-row[data-card=\"{key}\"]')")
    _settled(page)
    assert page.evaluate("document.activeElement.id") == "deck-list"
    assert not page.errors, page.errors
    page.context.close()


def test_a_card_page_for_a_name_two_cards_share(server: ServerProcess, browser: Any) -> None:
    page = _page(browser, server.base + f"/cards/necromancer/card/{quote('Bonewall [artifact]')}",
                 "desktop", pace=None)  # fmt: skip
    page.wait_for_selector(".card-page")
    assert page.locator("h1").inner_text() == "Bonewall [artifact]"
    assert "artifact" in page.locator(".card-facts").inner_text()
    page.goto(server.base + "/cards/necromancer/card/No%20such%20card")
    page.wait_for_selector("main h1")
    assert page.locator("main h1").inner_text() == "No such card"
    assert not page.errors, page.errors
    page.context.close()
