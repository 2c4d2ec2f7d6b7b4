"""Your board in view, on a desktop (1280x800) and a phone (390x844), in Debian's
Chromium against a real ``ossuary serve``, for every game (Hecatomb, Path of the
Necromancer, Diabolicards 1v1 and 2v2) in the middle of a game with a full board
of your own and a full hand (tests/server/positions.py plays there):

- on a desktop everything is on the one screen at once, nothing over anything:
  every card of yours and of the others on the table, your hand, the question
  and its options;
- on a phone the question is docked at the foot of the first screen and stays
  there; every card of yours and theirs can be scrolled into view and is then
  seen whole, not under the question or the hand; your hand is on the screen;
- the lesson's words are on a phone's first screen when the lesson opens;
  choosing a hand card on a phone says where it goes on the screen, and no card
  panel opens over the board;
- a hint ("Now click where X goes") lasts only as long as its question: an
  answer given otherwise (a contract trade, another card) clears it, on every
  board;
- a card's name breaks between its words, never inside one, and a hero's text
  is shown whole;
- axe-core finds no serious or critical violation on the full tables.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from .browsers import INSTANT, WAIT_MS, needs_chromium
from .helpers import ServerProcess
from .positions import FULL, full_table
from .test_boards import _check_axe

pytestmark = needs_chromium
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

# what is on the table, by game: the player's own cards, and the others'
TABLE = {
    "hecatomb": (
        ".seat-panel.me :is(.minion, .mana, .small-card)",
        ".seat-panel.them :is(.minion, .mana, .small-card)",
    ),
    "necromancer": (".seat-panel.me :is(.cf, .hero)", ".seat-panel:not(.me) :is(.cf, .hero)"),
    "diabolicards": (".side.mine .cf", ".side:not(.mine) .cf"),
}
HAND = ".hand-dock > .cf"
QUESTION = "#turn, #actions > button.option, #actions .all-options > summary"

# Where each node of ``selector`` lies, as a person sees it: whole on the screen,
# and the thing found at its middle and near each corner is the node itself (or
# inside it), not something over it. ``scroll``: scroll each into view first.
SEEN = """([selector, scroll]) => {
    const out = [];
    const [w, h] = [window.innerWidth, window.innerHeight];
    const said = (n) => (n.dataset.name || n.getAttribute('aria-label') || n.textContent)
        .trim().replace(/\\s+/g, ' ').slice(0, 30);
    for (const node of document.querySelectorAll(selector)) {
        if (!node.getClientRects().length) continue;
        if (scroll) node.scrollIntoView({block: 'center', inline: 'nearest'});
        const r = node.getBoundingClientRect();
        if (r.left < -1 || r.top < -1 || r.right > w + 1 || r.bottom > h + 1) {
            out.push(`${said(node)} is off the screen (${Math.round(r.left)},${Math.round(r.top)})`
                + `-(${Math.round(r.right)},${Math.round(r.bottom)})`);
            continue;
        }
        const dx = Math.min(6, r.width / 3), dy = Math.min(6, r.height / 3);
        const points = [[r.left + r.width / 2, r.top + r.height / 2],
            [r.left + dx, r.top + dy], [r.right - dx, r.top + dy],
            [r.left + dx, r.bottom - dy], [r.right - dx, r.bottom - dy]];
        for (const [x, y] of points) {
            const hit = document.elementFromPoint(x, y);
            if (!hit || !(hit === node || node.contains(hit))) {
                const what = !hit ? 'nothing'
                    : hit.id ? '#' + hit.id : hit.tagName + '.' + hit.className;
                out.push(`${said(node)} is under ${String(what).slice(0, 60)}`);
                break;
            }
        }
    }
    return out;
}"""

SETTLED = "new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


@pytest.fixture(scope="module")
def tables(server: ServerProcess) -> Iterator[dict[str, dict[str, Any]]]:
    """The full tables, each made once for the module (a game is never changed by
    merely looking at it; the tests that act make their own)."""
    made: dict[str, dict[str, Any]] = {}

    class Lazy(dict[str, dict[str, Any]]):
        def __missing__(self, key: str) -> dict[str, Any]:
            made[key] = full_table(server, key)
            return made[key]

    yield Lazy()


def _open(browser: Any, url: str, size: str) -> Any:
    context = browser.new_context(viewport=SIZES[size])
    context.add_init_script(INSTANT)
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    return page


def _board(browser: Any, server: ServerProcess, created: dict[str, Any], size: str) -> Any:
    page = _open(browser, server.base + created["seats"][0]["link"], size)
    page.wait_for_selector(".hand-dock")
    page.wait_for_function(
        "window.ossuary.state && window.ossuary.state.legal.length"
        " && document.querySelector('#actions > *')"
    )
    page.evaluate("document.fonts.ready")
    page.evaluate(SETTLED)
    return page


def _seen(page: Any, selector: str, scroll: bool = False) -> list[str]:
    problems: list[str] = page.evaluate(SEEN, [selector, scroll])
    return problems


@pytest.mark.parametrize("key", list(FULL))
def test_on_a_desktop_both_sides_the_hand_and_the_question_share_the_screen(
    server: ServerProcess, browser: Any, tables: dict[str, Any], key: str
) -> None:
    page = _board(browser, server, tables[key], "desktop")
    mine, theirs = TABLE[key.split()[0]]
    assert page.locator(mine).count() >= FULL[key][0] // 2, "the table is not full"
    assert page.locator(HAND).count() >= FULL[key][1]
    problems = {
        "your cards": _seen(page, mine),
        "their cards": _seen(page, theirs),
        "your hand": _seen(page, HAND),
        "the question": _seen(page, QUESTION),
    }
    bad = {what: found[:6] for what, found in problems.items() if found}
    assert not bad, f"{key} at 1280x800: {bad}"
    assert page.evaluate("document.scrollingElement.scrollTop") == 0
    _check_axe(page, f"{key}'s full table at 1280x800")
    # the words, on this same table (opening it again cost more than the check)
    _check_words(page, key, "desktop")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("key", list(FULL))
def test_on_a_phone_the_question_is_docked_and_no_card_is_hidden_under_it(
    server: ServerProcess, browser: Any, tables: dict[str, Any], key: str
) -> None:
    page = _board(browser, server, tables[key], "phone")
    height = SIZES["phone"]["height"]
    # the first screen: the question and its options, in the lower half, where the thumb is
    assert not _seen(page, QUESTION), _seen(page, QUESTION)
    top = page.evaluate("document.getElementById('turn').getBoundingClientRect().top")
    assert top > height / 2, f"the question starts at y={top}"
    assert not _seen(page, HAND, scroll=True), _seen(page, HAND, scroll=True)
    mine, theirs = TABLE[key.split()[0]]
    problems = {"your cards": _seen(page, mine, True), "their cards": _seen(page, theirs, True)}
    bad = {what: found[:6] for what, found in problems.items() if found}
    assert not bad, f"{key} at 390x844: {bad}"
    _check_axe(page, f"{key}'s full table at 390x844")
    _check_words(page, key, "phone")
    # wherever the page is scrolled, the question stays on the screen
    page.evaluate("window.scrollTo(0, document.scrollingElement.scrollHeight)")
    page.evaluate(SETTLED)
    assert not _seen(page, QUESTION), _seen(page, QUESTION)
    assert not page.errors, page.errors
    page.context.close()


# -- a hand card chosen: the hint, and no panel over the board --------------------------------
CHOOSE = """() => {
    const card = [...document.querySelectorAll('.hand-dock > .actionable')]
        .find((n) => (n.dataset.options || '').split('|').some((id) => id.startsWith('play ')));
    if (!card) return null;
    card.dataset.pick = '1';
    return card.dataset.cardId;
}"""


def _choose_a_card(page: Any) -> str:
    card = page.evaluate(CHOOSE)
    assert card is not None, "no card in the hand to play"
    page.locator("[data-pick]").first.click()
    page.wait_for_selector(".hand-dock .selected")
    page.wait_for_function("document.getElementById('hint').textContent.includes('goes')")
    return str(card)


@pytest.mark.parametrize("key", ["hecatomb", "necromancer", "diabolicards"])
def test_on_a_phone_a_chosen_card_says_where_it_goes_on_the_screen(
    server: ServerProcess, browser: Any, tables: dict[str, Any], key: str
) -> None:
    page = _board(browser, server, tables[key], "phone")
    page.locator(HAND).first.hover()  # a phone has no hover: nothing opens
    _choose_a_card(page)
    page.evaluate(SETTLED)
    assert not _seen(page, "#hint"), _seen(page, "#hint")
    assert "Now tap where" in page.locator("#hint").inner_text()  # a finger taps
    assert page.locator("#card-panel").is_hidden(), "a card panel opened over the board"
    assert not page.errors, page.errors
    page.context.close()


# a different answer to the same question: another card into mana or played,
# else ending the turn (never the chosen card's own options)
OTHER = ("mana ", "sacrifice", "draw", "hero", "play ", "end", "pass")


@pytest.mark.parametrize("key", ["hecatomb", "necromancer", "diabolicards"])
def test_a_hint_is_cleared_when_the_question_is_answered_otherwise(
    server: ServerProcess, browser: Any, key: str
) -> None:
    created = full_table(server, key)  # its own game: this test acts in it
    page = _board(browser, server, created, "desktop")
    card = _choose_a_card(page)
    before = int(page.evaluate("Number(document.body.dataset.seq)"))
    if key == "diabolicards":  # the case players met: a contract trade instead
        page.locator(".middle .chip.actionable").first.click()
    else:
        legal = [o["id"] for o in page.evaluate("window.ossuary.state.legal")]
        other = next(
            i for verb in OTHER for i in legal if i.startswith(verb) and card not in i.split()
        )
        page.evaluate("(id) => window.ossuary.act(id)", other)
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    page.evaluate(SETTLED)
    assert page.locator("#hint").inner_text() == ""
    assert page.locator(".hand-dock .selected").count() == 0
    assert not page.errors, page.errors
    page.context.close()


# -- the lesson on a phone --------------------------------------------------------------------
@pytest.mark.parametrize("game", ["hecatomb", "necromancer", "diabolicards"])
def test_on_a_phone_the_lessons_words_are_on_the_first_screen(
    server: ServerProcess, browser: Any, game: str
) -> None:
    created = server.post("/api/games", {"game": game, "tutorial": True})
    page = _open(browser, server.base + created["seats"][0]["link"], "phone")
    page.wait_for_selector("#tutorial .hint")
    page.evaluate(SETTLED)
    words = page.locator("#tutorial .hint").inner_text().strip()
    assert words
    assert not _seen(page, "#tutorial .hint"), _seen(page, "#tutorial .hint")
    assert not page.errors, page.errors
    page.context.close()


# -- words ----------------------------------------------------------------------------------
# every word of every card name on the page, and whether it lies on more than one line
BROKEN = """() => {
    const out = [];
    for (const name of document.querySelectorAll('.cf-name')) {
        const text = name.firstChild;
        if (!text || text.nodeType !== Node.TEXT_NODE || !name.getClientRects().length) continue;
        const range = document.createRange();
        let at = 0;
        for (const word of text.data.split(' ')) {
            range.setStart(text, at);
            range.setEnd(text, at + word.length);
            const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (word && tops.size > 1) out.push(`${text.data}: "${word}"`);
            at += word.length + 1;
        }
    }
    return out;
}"""


def _check_words(page: Any, key: str, size: str) -> None:
    """Card names break between words, never inside one; a hero's text is whole."""
    broken = page.evaluate(BROKEN)
    assert not broken, f"{key} at {size}: names broken inside a word: {broken[:6]}"
    cut = page.evaluate(
        "[...document.querySelectorAll('.hero .ability')]"
        ".filter((n) => n.scrollHeight > n.clientHeight + 1).map((n) => n.textContent)"
    )
    assert not cut, f"a hero's text is cut: {cut}"
