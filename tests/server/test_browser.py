"""The browser client in a real browser: Playwright driving Debian's Chromium
(``playwright install`` cannot download a browser here) against a real
``ossuary serve`` process on loopback."""

from __future__ import annotations

import random
from typing import Any

from .browsers import INSTANT, WAIT_MS, needs_chromium, sync_api
from .helpers import ServerProcess

pytestmark = needs_chromium
TIMEOUT = WAIT_MS  # ms for any one wait (a ceiling)


def _page(browser: Any, url: str) -> Any:
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    context.add_init_script(INSTANT)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    return page


#: the second seat's choice of player in the lobby
SEAT_KIND = '.seat-row[data-seat="1"] .seat-kind'


def _levels(page: Any) -> list[str]:
    """The levels the lobby offers the second seat now."""
    found: list[str] = page.eval_on_selector(SEAT_KIND, "s => [...s.options].map(o => o.value)")
    return found


def _seq(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def _wait_seq(page: Any, above: int, what: str = "") -> None:
    try:
        page.wait_for_function(f"Number(document.body.dataset.seq || -1) > {above}")
    except sync_api.TimeoutError:
        legal = page.evaluate("window.ossuary.state.legal")
        said = page.locator("#message").inner_text()
        raise AssertionError(f"clicking {what!r} did nothing ({said!r}): {legal}") from None


def _decider(pages: list[Any]) -> Any:
    """The page whose seat must decide now (waiting for the pages to catch up)."""
    for _ in range(300):
        for page in pages:
            if _my_turn(page):
                return page
        pages[0].wait_for_timeout(20)
    raise AssertionError("no page shows a decision")


def _look(page: Any) -> tuple[int, bool]:
    """The page's sequence number and whether its seat decides, read together."""
    seq, mine = page.evaluate("""() => {
        const s = window.ossuary && window.ossuary.state;
        return [Number(document.body.dataset.seq || -1), !!(s && s.legal.length && !s.over)];
    }""")  # fmt: skip
    return int(seq), bool(mine)


def _my_turn(page: Any) -> bool:
    return _look(page)[1]


PREFER = ("attack", "attacker", "enemy", "done")  # short games: attack whenever possible


def _act(page: Any, rng: random.Random) -> None:
    """One action through the UI, waiting until the page has drawn its result. The
    board redraws when a message comes (the other seat's, an automatic placement):
    a click on a card that just went away is tried again on the new board."""
    before, mine = _look(page)
    if not mine:  # a newer state came since the caller looked: look again
        return
    what = ""
    page.set_default_timeout(2000)
    try:
        for _ in range(5):
            try:
                what = _click_something(page, rng)
                break
            except (sync_api.TimeoutError, ValueError, IndexError):  # it changed meanwhile
                if _sent(page, before):  # a click went through before the failing step:
                    break  # trying again would send a second action on the next state
                page.keyboard.press("Escape")
                page.wait_for_timeout(50)
    finally:
        page.set_default_timeout(TIMEOUT)
    _wait_seq(page, before, what)


def _sent(page: Any, before: int) -> bool:
    """Whether the page has sent an action since ``before`` (it waits for the
    answer, or the answer has come)."""
    return bool(
        page.evaluate(f"""() => document.body.classList.contains('waiting')
        || Number(document.body.dataset.seq || -1) > {before}""")
    )


def _click_something(page: Any, rng: random.Random) -> str:
    """Act through the UI as a person would: a hand card then where it goes, a
    card on the board, or an option button. Return what was clicked."""
    ids, n_hand, n_board = page.evaluate("""() => [
        [...document.querySelectorAll('#actions > button.option')].map((b) => b.dataset.action),
        document.querySelectorAll('.hecatomb .hand .hcard.actionable').length,
        document.querySelectorAll('.hecatomb .actionable:not(.hcard)').length]""")
    for want in PREFER:
        if want in ids:
            page.locator(f'#actions > [data-action="{want}"]').click()
            return want
    hand = page.locator(".hecatomb .hand .hcard.actionable")
    board = page.locator(".hecatomb .actionable:not(.hcard)")
    ways = ["board"] * (n_board > 0) * 3 + ["hand"] * (n_hand > 0) * 3
    ways += ["button"] * (len(ids) > 0) * 2
    way = rng.choice(ways or ["all"])
    if way == "board":
        node = board.nth(rng.randrange(n_board))
        options = node.get_attribute("data-options") or ""
        node.click()
        if page.locator(".hec-menu button").count():  # several options on one card
            page.locator(".hec-menu button").first.click()
        elif page.locator(".hecatomb .target").count():  # a blocker, waiting for its attacker
            page.locator(".hecatomb .target").first.click()
        return f"board:{options}"
    if way == "hand":
        hand.nth(rng.randrange(n_hand)).click()
        targets = page.locator(".hecatomb .target")
        target = targets.nth(rng.randrange(targets.count()))
        where = target.get_attribute("class")
        target.click()
        return f"hand -> {where}"
    if way == "all":  # every option is on the board: the full list is one click away too
        page.locator(".all-options summary").click()
        page.locator(".all-options button").first.click()
        return "all options"
    choices = [i for i in ids if i not in ("end", "pass")] or ids
    if rng.random() < 0.3 and ("end" in ids or "pass" in ids):
        choices = [i for i in ids if i in ("end", "pass")]
    pick = rng.choice(choices)
    page.locator(f'#actions > [data-action="{pick}"]').click()
    return pick


def test_two_browsers_play_a_whole_game_then_step_through_its_replay(
    server: ServerProcess, browser: Any
) -> None:
    game = server.post("/api/games", {"seats": ["human", "human"], "seed": 12})
    pages = [_page(browser, server.base + s["link"]) for s in game["seats"]]
    for page in pages:
        page.wait_for_selector(".hecatomb .seat-panel.me")
    rng = random.Random(12)
    clicks = 0
    while not pages[0].evaluate("document.body.dataset.over"):
        page = next((p for p in pages if _my_turn(p)), None)
        if page is None:  # both drawn and nobody to act: wait for the next state
            pages[0].wait_for_timeout(20)
            continue
        _act(page, rng)
        clicks += 1
        assert clicks < 1500, "the game did not end"
    for page in pages:
        page.wait_for_selector("#overlay .end h2")
    heads = sorted(p.locator("#overlay .end h2").inner_text() for p in pages)
    assert [h.split(":")[0] for h in heads] == ["You lose", "You win"]  # and why, after ":"
    assert pages[0].locator("#overlay .end").inner_text().count(" reached ") == 1  # said once
    # the replay: each seat steps through its own view of the game
    page = pages[0]
    page.locator("#overlay button", has_text="Step through the replay").click()
    page.wait_for_selector("#replay-bar .step")
    assert page.locator("#replay-bar .step").inner_text().startswith("step 0 /")
    at_step = "document.querySelector('#replay-bar .step').textContent.startsWith('step {} /')"
    page.locator('[data-replay="forward"]').click()
    page.wait_for_function(at_step.format(1))
    page.locator('[data-replay="back"]').click()
    page.wait_for_function(at_step.format(0))
    enemy_hand = page.locator(".hecatomb .seat-panel.them .hand .hcard:not(.back)")
    assert enemy_hand.count() == 0  # the replay is seat 0's: the other hand stays hidden
    assert page.locator(".hecatomb .hand-dock .hcard:not(.back)").count() > 0
    # by keyboard: the step forward button keeps the focus though the replay's
    # controls are drawn anew at each step, so Enter steps on and on
    page.focus('[data-replay="forward"]')
    page.keyboard.press("Enter")
    page.wait_for_function(at_step.format(1))
    page.keyboard.press("Enter")
    page.wait_for_function(at_step.format(2))
    assert page.evaluate("document.activeElement.dataset.replay") == "forward"
    assert not any(p.errors for p in pages), [p.errors for p in pages]


def test_a_person_creates_a_game_in_the_lobby_and_plays_the_ai(
    server: ServerProcess, browser: Any
) -> None:
    page = _page(browser, server.base + "/")
    page.wait_for_selector(".seat-row")
    # a pasted deck is checked with the deck rules' own messages
    deck = page.locator('.seat-row[data-seat="0"] .seat-deck')
    deck.select_option("__paste__")
    page.locator('.seat-row[data-seat="0"] .deck-text').fill("3 Brood Sac\n2 No Such Card\n")
    page.locator('.seat-row[data-seat="0"] button', has_text="Check deck").click()
    verdict = page.locator('.seat-row[data-seat="0"] .deck-verdict')
    verdict.filter(has_text="unknown card").wait_for()
    deck.select_option("")
    page.locator('.seat-row[data-seat="1"] .seat-kind').select_option("easy")
    page.locator("#create-button").click()
    # against the computer there is nobody to invite: straight to one's seat
    page.wait_for_selector(".hecatomb .seat-panel.me")
    assert "#token=" in page.url
    page.evaluate("""() => {
        window.sawThinking = false;
        new MutationObserver(() => {
            if (document.querySelector('.thinking')) window.sawThinking = true;
        }).observe(document.body, {subtree: true, childList: true});
    }""")  # fmt: skip
    rng = random.Random(3)
    turns = 0
    while turns < 3 and not page.evaluate("document.body.dataset.over"):
        if not _my_turn(page):
            page.wait_for_timeout(20)
            continue
        before = _seq(page)
        if "end" in [o["id"] for o in page.evaluate("window.ossuary.state.legal")]:
            page.locator('#actions > [data-action="end"]').click()
            turns += 1
            _wait_seq(page, before)
        else:
            _act(page, rng)
    page.wait_for_function("window.ossuary.state.legal.length > 0 || document.body.dataset.over")
    log = page.locator("#log").inner_text()
    assert ": Computer --" in log and log.count("-- turn") >= 3  # the computer took turns
    assert "You " in log and "Player" not in log
    assert page.evaluate("window.sawThinking"), "no thinking indicator while the AI decided"
    assert not page.errors, page.errors


def test_reloading_the_page_returns_to_the_same_seat(server: ServerProcess, browser: Any) -> None:
    game = server.post("/api/games", {"seats": ["human", "human"], "seed": 30})
    pages = [_page(browser, server.base + s["link"]) for s in game["seats"]]
    for page in pages:
        page.wait_for_selector(".hecatomb .seat-panel.me")
    rng = random.Random(30)
    for _ in range(6):
        page = _decider(pages)
        _act(page, rng)
    page = pages[1]
    hand = page.locator(".hecatomb .hand-dock").inner_text()
    seq = _seq(page)
    page.reload()
    page.wait_for_selector(".hecatomb .seat-panel.me")
    page.wait_for_function(f"document.body.dataset.seq === '{seq}'")
    you = '#seat-chips .chip[data-seat="1"]'
    assert page.locator(you).inner_text().startswith("You")
    assert page.locator(".hecatomb .hand-dock").inner_text() == hand
    assert "draws" in page.locator("#log").inner_text()
    # and without the #token in the address, the browser remembers the seat
    page.goto(server.base + f"/g/{game['id']}")
    page.wait_for_selector(".hecatomb .seat-panel.me")
    page.wait_for_function(f"document.body.dataset.seq === '{seq}'")
    assert page.locator(you).inner_text().startswith("You")


def test_a_spectator_sees_the_table_but_no_hand(server: ServerProcess, browser: Any) -> None:
    game = server.post("/api/games", {"seats": ["human", "human"], "seed": 31})
    player = _page(browser, server.base + game["seats"][0]["link"])
    player.wait_for_selector(".hecatomb .seat-panel.me")
    watcher = _page(browser, server.base + game["spectate"] + "#spectate=1")
    watcher.wait_for_selector(".hecatomb .seat-panel")
    assert watcher.locator("#whoami").inner_text() == "watching"
    assert watcher.locator(".hecatomb .seat-panel").count() == 2
    assert watcher.locator(".hecatomb .seat-panel.me").count() == 0
    assert watcher.locator(".hecatomb .hand .hcard:not(.back)").count() == 0
    assert watcher.locator(".hecatomb .hand .hcard.back").count() >= 8  # two hands, face down
    assert watcher.locator("#actions button").count() == 0
    assert "draws a card" in watcher.locator("#log").inner_text()


def test_a_refused_action_is_shown_to_the_player(server: ServerProcess, browser: Any) -> None:
    game = server.post("/api/games", {"seats": ["human", "human"], "seed": 32})
    pages = [_page(browser, server.base + s["link"]) for s in game["seats"]]
    for page in pages:
        page.wait_for_selector(".hecatomb .seat-panel.me")
    page = next(p for p in pages if _my_turn(p))
    page.evaluate("window.ossuary.act('mana 999')")
    message = page.locator("#message")
    message.filter(has_text="not in your hand").wait_for()
    assert "rulebook: Add One Mana Card" in message.inner_text()
    assert _seq(page) == 0  # nothing changed


def test_the_lobby_offers_the_learned_level_at_every_table_it_plays(
    server: ServerProcess, browser: Any
) -> None:
    page = _page(browser, server.base + "/")
    page.wait_for_selector(".seat-row")

    def levels() -> list[str]:
        return _levels(page)

    assert "learned" in levels()  # the shipped policy: Hecatomb with 2 seats
    # every Hecatomb table has one, six seats the 5-seat policy's (where a level
    # plays only some tables: tests/server/test_browser_levels.py)
    for seats in range(3, 7):
        modes = page.eval_on_selector(
            "#mode-select",
            f"s => [...s.options].map(o => o.value).filter(v => v.endsWith(':{seats}'))",
        )
        page.locator("#mode-select").select_option(modes[0])
        page.wait_for_function(f"document.querySelectorAll('.seat-row').length === {seats}")
        assert "learned" in levels(), seats


def test_a_team_table_names_its_sides_as_players_count(server: ServerProcess, browser: Any) -> None:
    page = _page(browser, server.base + "/")
    page.wait_for_selector("#game-select option", state="attached")
    page.locator("#game-select").select_option("diabolicards")
    page.locator("#mode-select").select_option("mode:2v2")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 4")
    sides = page.eval_on_selector_all(".seat-row .team", "ts => ts.map(t => t.textContent)")
    assert sides == ["team 1", "team 2", "team 1", "team 2"]  # from one, as players count
    offered = page.eval_on_selector(
        '.seat-row[data-seat="1"] .seat-kind', "s => [...s.options].map(o => o.value)"
    )
    assert "learned" in offered  # a policy ships for 2v2


def test_the_lobby_lists_keep_the_keyboards_place(server: ServerProcess, browser: Any) -> None:
    """The lobby asks for the games every few seconds: a list that did not
    change is left as it is (the focused button is the same element), and one
    that did is drawn anew with the focus back on the same game's button."""
    table = {"game": "hecatomb", "seats": ["human", "human"], "public": True}
    first = server.post("/api/games", {**table, "seed": 1})["id"]
    page = _page(browser, server.base + "/")
    take = f'#open-games [data-game="{first}"] button'
    page.wait_for_selector(take)
    # each answer to the lobby's question counted, once it has been drawn
    page.evaluate("""() => {
        window.answers = 0;
        const fetch0 = window.fetch;
        window.fetch = (...args) => fetch0(...args).then((r) => {
            if (String(args[0]).endsWith('/api/games')) setTimeout(() => window.answers++, 0);
            return r;
        });
    }""")
    page.focus(take)
    page.evaluate("document.activeElement.marked = 'yes'")  # a property: not in the markup
    page.wait_for_function("window.answers >= 1", timeout=15_000)
    page.wait_for_timeout(100)  # the answer read and drawn
    assert page.evaluate("document.activeElement.marked") == "yes"  # never redrawn
    second = server.post("/api/games", {**table, "seed": 2})["id"]
    page.wait_for_selector(f'#open-games [data-game="{second}"]', timeout=15_000)
    assert page.evaluate("document.activeElement.closest('[data-game]').dataset.game") == first
    assert page.evaluate("document.activeElement.textContent") == "Take a seat"
    assert not page.errors, page.errors
    page.context.close()
