"""Every board as a person sees it, on a phone (390x844) and a desktop (1280x800),
in Debian's Chromium against a real ``ossuary serve``: a whole game against the
computer (``random``, so it is short) played by clicking the board and the
option bar, one at each size (Hecatomb on the phone, Diabolicards on the
desktop; Necromancer's whole game by clicking is two people's, in
tests/necromancer/test_browser.py), the first moves of the others, and on the
way: no sideways scrolling, nothing covering the hand or the options, every
tap target at least 44 px on the phone, no console error, and axe-core finds no
serious or critical accessibility violation on the board, the end screen and
the replay. The lobby and the plain (generic) board too.
The other seats' moves, drawn one at a time at a readable pace, have their own
test, as has prefers-reduced-motion.

Pictures of each board on the way are written to ``artifacts/browser/`` (or
``$OSSUARY_ARTIFACTS``), which is not tracked: CI keeps them for a person to look at.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path
from typing import Any

import pytest

from ossuary import games

from .browsers import INSTANT, WAIT_MS, needs_chromium, sync_api
from .helpers import ServerProcess

pytestmark = needs_chromium
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
ARTIFACTS = Path(os.environ.get("OSSUARY_ARTIFACTS") or Path(__file__).parents[2] / "artifacts")
SHOTS = ARTIFACTS / "browser"
# the options a person who wants a short game picks first (a regex each, in order)
PREFER = {
    "hecatomb": [r"attack$", r"attacker ", r"enemy ", r"done$", r"play ", r"mana "],
    "necromancer": [r"keep$", r"attack \d", r"h\d+$", r"pass$", r"done$", r"play "],
    "diabolicards": [r"play "],
}
# seeds whose games end soon when played by clicking as below: 29 clicks for
# Hecatomb's and Diabolicards' (48 and 42 at seeds 7 and 3); Necromancer's
# clicked games took 100 to 170 clicks at every seed tried (the board places a
# card at a random spot where no target is named), so its seed stays
SEEDS = {"hecatomb": 95, "necromancer": 5, "diabolicards": 36}
CLICKS = 500  # a bound on one game's clicks: far above what these games take
FIRST = 12  # the first moves' clicks
# how long a page waits for the computer's move: the server's own bound on one
# decision (ServerConfig.ai_limit), which a loaded machine starting its AI worker
# can come near; a click's answer is still awaited for the page's default 5 s
COMPUTER_MS = 60_000


def _page(browser: Any, url: str, size: str, pace: str | None = "instant", **options: Any) -> Any:
    context = browser.new_context(viewport=SIZES[size], **options)
    if pace == "instant":
        context.add_init_script(INSTANT)
    elif pace:
        context.add_init_script(f"localStorage.setItem('ossuary.pace', '{pace}');")
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.errors = errors
    page.goto(url)
    return page


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


# -- what a person sees -------------------------------------------------------------------------
LAYOUT = """(phone) => {
    const out = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth + 1) {
        out.push(`the page is ${root.scrollWidth} px wide in a ${window.innerWidth} px window`);
    }
    const shown = (n) => n.getClientRects().length > 0
        && getComputedStyle(n).visibility !== 'hidden'
        && !n.closest('details:not([open]) > :not(summary)');
    const said = (n) => (n.getAttribute('aria-label') || n.textContent || n.className)
        .trim().slice(0, 40);
    // the hand and the options: each one is what a tap at its middle reaches, and
    // no floating thing (the card panel, the card just played, a mark) lies on it
    const floating = [...document.querySelectorAll('#card-panel, #played, .mark-badge')]
        .filter(shown).map((n) => [n, n.getBoundingClientRect()]);
    // (with the end of the game's dialog open, its own buttons instead)
    const modal = document.querySelector('#overlay:not([hidden])');
    const mine = [...document.querySelectorAll(modal ? '#overlay button, #overlay a'
        : '.hand-dock > *, #actions > button, #actions summary')];
    for (const node of mine.filter(shown)) {
        node.scrollIntoView({block: 'center', inline: 'nearest'});
        const r = node.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (!hit || !(node === hit || node.contains(hit))) {
            const what = hit ? hit.tagName + '.' + hit.className : 'nothing';
            out.push(`${said(node)} is covered by ${what}`);
        }
        for (const [other, o] of floating) {
            const meet = r.left < o.right && o.left < r.right
                && r.top < o.bottom && o.top < r.bottom;
            if (!node.contains(other) && meet) {
                out.push(`${said(node)} is under ${other.id || other.className}`);
            }
        }
    }
    if (phone) {
        const taps = document.querySelectorAll(
            'button, a, select, summary, input, [role=button], .actionable, [tabindex="0"]');
        for (const node of [...taps].filter(shown)) {
            // a check box is tapped through its label
            const r = (node.type === 'checkbox' && node.closest('label') || node)
                .getBoundingClientRect();
            if (r.width < 43.5 || r.height < 43.5) {
                const [w, h] = [Math.round(r.width), Math.round(r.height)];
                out.push(`tap target ${w}x${h}: ${said(node)}`);
            }
        }
    }
    window.scrollTo(0, 0);
    return out;
}"""


# the next frame as painted: a new state's DOM is in place as soon as its number
# is, but what follows the layout (the ResizeObservers that leave the page room
# for the docked question and hand) runs before the next paint, and the next
# message may already be changing the page; a person sees what stays on the
# screen, so a problem counts when it is there in two checks a moment apart
PAINTED = "() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))"


def _check_layout(page: Any, size: str, where: str) -> None:
    page.evaluate(PAINTED)
    problems = page.evaluate(LAYOUT, size == "phone")
    if problems:
        page.wait_for_timeout(300)
        page.evaluate(PAINTED)
        problems = page.evaluate(LAYOUT, size == "phone")
    assert not problems, f"{where} at {size}: {problems[:8]}"


def _check_axe(page: Any, where: str, within: str | None = None) -> None:
    """axe-core on the page, or only on what ``within`` (a selector) finds."""
    from axe_playwright_python.sync_playwright import Axe

    result = Axe().run(page, context=within) if within else Axe().run(page)
    bad = [
        f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
        for v in result.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]
    assert not bad, f"{where}: {bad}"


# -- a person playing by clicking ----------------------------------------------------------------
def _seq(page: Any) -> int:
    return int(page.evaluate("Number(document.body.dataset.seq || -1)"))


def _legal(page: Any) -> list[dict[str, str]]:
    legal: list[dict[str, str]] = page.evaluate(
        "(() => { const s = window.ossuary && window.ossuary.state;"
        " const sent = document.body.classList.contains('waiting');"  # the board answered itself
        " return s && !s.over && !sent ? s.legal : []; })()"
    )
    return legal


def _choose(game: str, legal: list[dict[str, str]], rng: random.Random) -> str:
    ids = [o["id"] for o in legal]
    for pattern in PREFER[game]:
        hits = [i for i in ids if re.match(pattern, i)]
        if hits:
            return rng.choice(hits)
    busy = [i for i in ids if i not in ("end", "pass")]
    return rng.choice(busy) if busy and rng.random() < 0.7 else rng.choice(ids)


# Mark the element a person clicks for option ``id``: its button in the option bar,
# else the board's element that carries it (data-options), else the full list.
FIND = """(id) => {
    document.querySelectorAll('[data-pick]').forEach((n) => delete n.dataset.pick);
    const bar = [...document.querySelectorAll('#actions > button.option')]
        .find((b) => b.dataset.action === id);
    const board = [...document.querySelectorAll('#board .actionable')]
        .filter((n) => (n.dataset.options || '').split('|').includes(id));
    const node = bar || board.find((n) => !n.closest('.hand-dock')) || board[0];
    if (!node) return 'all';
    node.dataset.pick = '1';
    node.scrollIntoView({block: 'center'});
    return node.closest('.hand-dock') ? 'hand' : bar ? 'bar' : 'board';
}"""

# After a hand card is chosen: the place to click for ``id`` (a target carrying it, or
# Hecatomb's mana zone for "mana", any other place for "play").
PLACE = """(id) => {
    const targets = [...document.querySelectorAll('#board .target')];
    let node = targets.find((n) => (n.dataset.options || '').split('|').includes(id));
    if (!node && id.startsWith('mana ')) {
        node = targets.find((n) => n.classList.contains('mana-zone'));
    }
    if (!node) {
        const rest = targets.filter((n) => !n.classList.contains('mana-zone'));
        node = rest[Math.floor(Math.random() * rest.length)];
    }
    if (!node) return false;
    node.dataset.pick = '1';
    node.scrollIntoView({block: 'center'});  // a person scrolls it out from under the docked hand
    return true;
}"""


def _click_option(page: Any, option: dict[str, str]) -> None:
    where = page.evaluate(FIND, option["id"])
    if where == "all":  # every option stays one click away under "All N options"
        assert page.locator(".all-options summary").count(), f"{option} is nowhere on the page"
        page.locator(".all-options summary").click()
        page.locator(".all-options button").filter(has_text=option["label"]).first.click()
        return
    page.locator("[data-pick]").first.click()
    if where == "hand" and page.locator(".hand-dock .selected").count():  # now where it goes
        assert page.evaluate(PLACE, option["id"]), f"nowhere to put the card for {option}"
        page.locator("[data-pick]").first.click()
        return
    menu = page.locator(".hec-menu button, .necro-menu button")
    if menu.count():  # several options on one card: the menu under it
        menu.filter(has_text=option["label"]).first.click()


def _play_out(page: Any, game: str, size: str, rng: random.Random, most: int = CLICKS) -> int:
    """Click until the game is over (or ``most`` clicks); check the layout every
    so often. The clicks."""
    clicks = 0
    while clicks < most and not page.evaluate("document.body.dataset.over"):
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
        chosen = _choose(game, legal, rng)
        option = next(o for o in legal if o["id"] == chosen)
        try:
            _click_option(page, option)
        except sync_api.TimeoutError:  # the board answered a question asked again by itself
            if _seq(page) == before and not page.evaluate(
                "document.body.classList.contains('waiting')"
            ):
                raise
        try:
            page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
        except sync_api.TimeoutError:
            said = page.locator("#message").inner_text()
            raise AssertionError(f"clicking {option} did nothing ({said!r})") from None
        clicks += 1
        assert clicks < CLICKS, "the game did not end"
        if clicks % 25 == 0:
            _check_layout(page, size, f"{game} after {clicks} clicks")
    return clicks


# games to their end against the computer, one a size: the end screen and the
# replay are the page's own (the kernel's), not a game's, so each size plays them
# once. Hecatomb's other size and Necromancer on the phone: their first moves
# below (and every game's full table at both sizes: tests/server/test_layout.py).
# Necromancer's whole game by clicking, which takes a minute against the random
# computer here (100 to 170 clicks), is tests/necromancer/test_browser.py's, two
# people on its own board.
WHOLE_GAMES = [("hecatomb", "phone"), ("diabolicards", "desktop")]
FIRST_MOVES = [("hecatomb", "desktop"), ("necromancer", "phone")]
WHOLE_ELSEWHERE = {"necromancer": "tests/necromancer/test_browser.py"}
assert {g for g, _ in WHOLE_GAMES} | set(WHOLE_ELSEWHERE) == set(games.names())
assert {s for _, s in WHOLE_GAMES} == set(SIZES)


def _open_board(server: ServerProcess, browser: Any, game: str, size: str) -> Any:
    """A game against the random computer, its board open at ``size``, its layout
    and accessibility checked at the start."""
    created = server.post(
        "/api/games", {"game": game, "seats": ["human", "random"], "seed": SEEDS[game]}
    )
    page = _page(browser, server.base + created["seats"][0]["link"], size)
    page.wait_for_selector(f".{game} .hand-dock")
    page.wait_for_function("document.body.dataset.seq !== undefined")
    _check_layout(page, size, f"{game} at the start")
    _check_axe(page, f"{game} at {size}")
    _shot(page, f"{game}-{size}-start")
    return page


@pytest.mark.parametrize(("game", "size"), WHOLE_GAMES)
def test_a_whole_game_against_the_computer_by_clicking(
    server: ServerProcess, browser: Any, game: str, size: str
) -> None:
    page = _open_board(server, browser, game, size)
    clicks = _play_out(page, game, size, random.Random(SEEDS[game]))
    assert clicks > 5
    page.wait_for_selector("#overlay .end h2")
    _shot(page, f"{game}-{size}-end")
    _check_layout(page, size, f"{game}'s end screen")
    _check_axe(page, f"{game}'s end screen at {size}")
    # the replay: its controls are drawn (SVG icons, not glyphs the fonts lack)
    page.locator("#overlay button", has_text="Step through the replay").click()
    page.wait_for_selector("#replay-bar .step")
    icons = page.locator("#replay-bar button svg.icon")
    assert icons.count() == 4
    assert all(
        page.locator("#replay-bar button").nth(i).bounding_box()["width"] >= 24 for i in range(4)
    )
    page.locator('[data-replay="forward"]').click()
    page.wait_for_function(
        "document.querySelector('#replay-bar .step').textContent.startsWith('step 1 /')"
    )
    _check_layout(page, size, f"{game}'s replay")
    _check_axe(page, f"{game}'s replay at {size}")
    _shot(page, f"{game}-{size}-replay")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize(("game", "size"), FIRST_MOVES)
def test_the_first_moves_against_the_computer_by_clicking(
    server: ServerProcess, browser: Any, game: str, size: str
) -> None:
    """A board at a size whose whole game is played elsewhere: the start and
    the first clicks (the computer's turns between them), the layout checked
    after them."""
    page = _open_board(server, browser, game, size)
    assert _play_out(page, game, size, random.Random(SEEDS[game]), most=FIRST) == FIRST
    _check_layout(page, size, f"{game} after {FIRST} clicks")
    _check_axe(page, f"{game} after {FIRST} clicks at {size}")
    assert not page.errors, page.errors
    page.context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_and_the_plain_board_fit_and_pass_axe(
    server: ServerProcess, browser: Any, size: str
) -> None:
    page = _page(browser, server.base + "/", size)
    page.wait_for_selector(".seat-row")
    page.locator("details.options summary").click()
    # the learned level says what it was measured to do, below its row, and
    # the row still fits a phone (a select is as wide as its longest option)
    second = page.locator(".seat-row").nth(1)
    second.locator(".seat-kind").select_option("learned")
    said = second.locator(".seat-about")
    assert said.is_visible()
    assert "on decks it never saw" in said.inner_text()
    _check_layout(page, size, "the lobby")
    _check_axe(page, f"the lobby at {size}")
    _shot(page, f"lobby-{size}")
    assert page.evaluate("fetch('/static/favicon.svg').then((r) => r.status)") == 200
    assert page.locator('link[rel="icon"]').count() == 1
    created = server.post(
        "/api/games", {"game": "hecatomb", "seats": ["human", "random"], "seed": 2}
    )
    link = created["seats"][0]["link"].replace("#", "#board=plain&")
    page.goto(server.base + link)
    page.wait_for_selector(".generic-board section")
    page.wait_for_selector("#actions button.option")
    _check_layout(page, size, "the plain board")
    _check_axe(page, f"the plain board at {size}")
    _shot(page, f"plain-board-{size}")
    assert not page.errors, page.errors
    page.context.close()


def test_every_action_is_reachable_by_keyboard(server: ServerProcess, browser: Any) -> None:
    """A hand card and where it goes, by Tab and Enter alone (Hecatomb: a card into
    the mana zone), and the option bar the same way."""
    created = server.post(
        "/api/games", {"game": "hecatomb", "seats": ["human", "human"], "seed": 3}
    )
    pages = [_page(browser, server.base + s["link"], "desktop") for s in created["seats"]]
    page = next(p for p in pages if p.wait_for_selector(".hand-dock") and _legal(p))
    before = _seq(page)
    legal = [o["id"] for o in _legal(page)]
    mana = next(i for i in legal if i.startswith("mana "))
    card = mana.split()[1]

    def tab_to(selector: str) -> None:
        for _ in range(200):
            page.keyboard.press("Tab")
            if page.evaluate(f"document.activeElement.matches({selector!r})"):
                return
        raise AssertionError(f"Tab never reaches {selector}")

    tab_to(f'.hand-dock [data-card-id="{card}"]')
    assert page.evaluate("document.activeElement.getAttribute('role')") == "button"
    assert page.evaluate("document.activeElement.getAttribute('aria-label')")
    page.keyboard.press("Enter")
    page.wait_for_selector(".hecatomb .mana-zone.target")
    tab_to(".hecatomb .mana-zone.target [role=button]")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert f"mana {card}" not in [o["id"] for o in _legal(page)]
    # the board was drawn afresh and the card is gone from the hand: the keyboard
    # stays on the board (not back at the top of the page, nor on an option that
    # one Enter too many would take)
    page.wait_for_function("document.activeElement.id === 'board'")
    # the option bar: its buttons are buttons
    page.wait_for_selector("#actions > button.option")
    before = _seq(page)
    tab_to("#actions > button.option")
    page.keyboard.press("Enter")
    page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert not page.errors, page.errors
    for p in pages:
        p.context.close()


def test_the_other_seats_move_leaves_the_keyboard_where_it_was(
    server: ServerProcess, browser: Any
) -> None:
    """A seat waiting with the focus on its Leave button keeps it there while the
    other seat's moves redraw its page."""
    created = server.post(
        "/api/games", {"game": "hecatomb", "seats": ["human", "human"], "seed": 3}
    )
    pages = [_page(browser, server.base + s["link"], "desktop") for s in created["seats"]]
    for p in pages:
        p.wait_for_selector(".hand-dock")
        p.wait_for_selector("#leave")
    mover = next(p for p in pages if _legal(p))
    waiting = next(p for p in pages if p is not mover)
    waiting.focus("#leave")
    before = _seq(waiting)
    mover.locator("#actions button.option").first.click()
    waiting.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    assert waiting.evaluate("document.activeElement.id") == "leave"
    for p in pages:
        assert not p.errors, p.errors
        p.context.close()


# -- the other seats' moves, one at a time ---------------------------------------------------
WATCH = """() => {
    window.drawn = [];
    window.marked = 0;
    new MutationObserver(() => {
        const seq = Number(document.body.dataset.seq);
        if (window.drawn[window.drawn.length - 1] !== seq) window.drawn.push(seq);
    }).observe(document.body, {attributes: true, attributeFilter: ['data-seq']});
    new MutationObserver(() => {
        const marks = '#played, .mark-new, .mark-attacker, .mark-badge';
        if (document.querySelector(marks)) window.marked++;
    }).observe(document.body, {subtree: true, childList: true, attributes: true,
        attributeFilter: ['class']});
}"""


def test_the_computers_turn_is_drawn_one_step_at_a_time(
    server: ServerProcess, browser: Any
) -> None:
    created = server.post(
        "/api/games", {"game": "hecatomb", "seats": ["human", "random"], "seed": 11}
    )
    page = _page(browser, server.base + created["seats"][0]["link"], "desktop", pace="fast")
    page.wait_for_selector(".hecatomb .hand-dock")
    assert page.locator("#pace-select").input_value() == "fast"
    page.evaluate(WATCH)
    rng = random.Random(11)
    for _ in range(3):  # a few of our turns (putting mana down, then ending), theirs between
        page.wait_for_function(
            "window.ossuary.state.legal.length > 0 || document.body.dataset.over"
        )
        legal = [o["id"] for o in _legal(page)]
        if not legal:
            break
        choice = next(
            (i for i in legal if i.startswith("mana ")), "end" if "end" in legal else None
        )
        before = _seq(page)
        _click_option(
            page, next(o for o in _legal(page) if o["id"] == (choice or rng.choice(legal)))
        )
        page.wait_for_function(f"Number(document.body.dataset.seq) > {before}")
    drawn = page.evaluate("window.drawn")
    # every action drawn, in order, none skipped: the computer's moves were shown one by one
    assert len(drawn) >= 6 and drawn == list(range(drawn[0], drawn[0] + len(drawn))), drawn
    assert page.evaluate("window.marked") > 0, "no step was marked"
    # the pace is a setting that stays
    page.locator("#pace-select").select_option("slow")
    assert page.evaluate("localStorage.getItem('ossuary.pace')") == "slow"
    assert not page.errors, page.errors
    page.context.close()


def test_reduced_motion_is_honoured(server: ServerProcess, browser: Any) -> None:
    """With prefers-reduced-motion the marks of a step do not move (no animation)."""
    names = []
    for motion in ("no-preference", "reduce"):
        page = _page(browser, server.base + "/", "desktop", reduced_motion=motion)
        page.wait_for_selector(".seat-row")
        names.append(
            page.evaluate("""() => {
            const probe = document.createElement('div');
            probe.id = 'played';
            document.body.append(probe);
            const arrow = document.createElementNS('http://www.w3.org/2000/svg', 'path');
            arrow.setAttribute('class', 'mark-arrow');
            const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
            svg.append(arrow);
            document.body.append(svg);
            return [getComputedStyle(probe).animationName, getComputedStyle(arrow).animationName];
        }""")
        )
        page.context.close()
    assert names[0] == ["played-in", "mark-march"]
    assert names[1] == ["none", "none"]


def _rated_pair(base: str, size: str) -> str:
    """Two accounts and a rated game between them that one resigned; the
    winner's username (docs/server.md, "Ratings")."""
    import json

    import httpx2
    from websockets.sync.client import connect

    names = [f"Ada_{size}", f"Ben_{size}"]
    clients = [httpx2.Client(base_url=base) for _ in names]
    made = [c.post("/api/accounts", json={"username": n, "password": "correct horse battery"})
            .json() for c, n in zip(clients, names, strict=True)]  # fmt: skip
    game = clients[0].post("/api/games", json={"game": "hecatomb", "seats": ["human", "human"],
                                               "seed": 3, "rated": True},
                           headers={"X-CSRF-Token": made[0]["csrf"]}).json()  # fmt: skip
    token = game["seats"][1]["token"]
    r = clients[1].post(f"/api/games/{game['id']}/seat/account",
                        headers={"Authorization": f"Bearer {token}",
                                 "X-CSRF-Token": made[1]["csrf"]})  # fmt: skip
    assert r.status_code == 200, r.text
    with connect(base.replace("http", "ws") + f"/ws/games/{game['id']}") as ws:
        ws.send(json.dumps({"type": "auth", "token": token}))
        ws.send(json.dumps({"type": "resign"}))
        while json.loads(ws.recv())["type"] != "ratings":
            pass
    return names[0]


@pytest.mark.parametrize("size", SIZES)
def test_a_players_page_and_the_leaderboard_fit_and_pass_axe(
    server: ServerProcess, browser: Any, size: str
) -> None:
    winner = _rated_pair(server.base, size)
    page = _page(browser, f"{server.base}/players/{winner.lower()}", size)
    page.wait_for_selector("table")
    text = page.locator("main").inner_text()
    assert winner in text and "won" in text and f"Ben_{size}" in text and "Hecatomb" in text
    page.get_by_role("link", name=re.compile("Watch the Hecatomb game")).first.wait_for()
    _check_layout(page, size, "a player's page")
    _check_axe(page, f"a player's page at {size}")
    _shot(page, f"player-{size}")
    page.goto(f"{server.base}/leaderboard?game=hecatomb&mode=2%20players")
    page.wait_for_selector("table")
    assert winner in page.locator("table").inner_text()
    _check_layout(page, size, "the leaderboard")
    _check_axe(page, f"the leaderboard at {size}")
    _shot(page, f"leaderboard-{size}")
    # a player with no rated game yet: the page says so, and nothing odd
    import httpx2

    fresh = {"username": f"Cy_{size}", "password": "correct horse battery"}
    assert httpx2.post(server.base + "/api/accounts", json=fresh).status_code == 201
    page.goto(f"{server.base}/players/cy_{size}")
    page.get_by_text("No rated games yet.").wait_for()
    shown = page.locator("main").inner_text()
    assert "null" not in shown and "undefined" not in shown, shown
    # a computer level says its measured strength below its row (docs/ai.md)
    page.goto(server.base + "/")
    page.wait_for_selector(".seat-row")
    second = page.locator(".seat-row").nth(1)
    second.locator(".seat-kind").select_option("easy")
    assert re.fullmatch(r"Computer \(easy\): about as strong as a player rated \d+0",
                        second.locator(".seat-about").inner_text())  # fmt: skip
    _check_layout(page, size, "the lobby with a level's strength")
    assert not page.errors, page.errors
    page.context.close()
