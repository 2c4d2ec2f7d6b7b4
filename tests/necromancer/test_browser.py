"""Path of the Necromancer's own browser board (``web_assets``; docs/server.md),
in Playwright with Debian's Chromium against a real ``ossuary serve``.

Two people play a whole game by clicking the board: a hand card, then the
minion space (or magic slot, or "play it") it goes to; a minion, then what it
attacks; the rest (pass, done, keep, end) in the page's option bar. A
spectator sees both fields and no hand. The response stack is drawn top
first, from a scenario position loaded into the board directly.
"""

from __future__ import annotations

import random
from typing import Any

from ossuary import games

from ..server.browsers import INSTANT, WAIT_MS, needs_chromium, sync_api
from ..server.helpers import ServerProcess
from ..server.positions import _choose as build
from ..server.positions import drive

pytestmark = needs_chromium
GAME = games.get("necromancer")
BOARD = ".necromancer"


def test_the_board_files_are_the_games_web_assets() -> None:
    folder = GAME.browser.assets()
    assert folder is not None and folder.is_dir()
    assert {"board.js", "board.css"} <= {p.name for p in folder.iterdir()}
    assert "export function createBoard" in (folder / "board.js").read_text()


def _page(browser: Any, url: str) -> Any:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_init_script(INSTANT)
    # the people here click every answer themselves: with auto-pass on, the page
    # may answer a window for them while the test reaches for its pass button
    # (auto-pass has its own test: test_autopass_browser.py)
    context.add_init_script("localStorage.setItem('ossuary.autopass', 'off');")
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.errors = errors
    page.goto(url)
    return page


def _seq(page: Any) -> int:
    return int(page.evaluate("document.body.dataset.seq || '-1'"))


def _state(page: Any) -> Any:
    return page.evaluate("window.ossuary && window.ossuary.state")


def _bar(page: Any, want: str) -> bool:
    """Click the option bar's button for ``want`` if it is there."""
    button = page.locator(f'#actions > button.option[data-action="{want}"]')
    if button.count():
        button.click()
        return True
    return False


def _click_any(page: Any, selector: str, rng: random.Random) -> bool:
    nodes = page.locator(selector)
    if not nodes.count():
        return False
    nodes.nth(rng.randrange(nodes.count())).click()
    return True


class Player:
    """One seat's person: clicks the board as a person would, attacking the
    enemy hero whenever a minion can (a short game), playing what it can."""

    def __init__(self, page: Any, seat: int, rng: random.Random) -> None:
        self.page = page
        self.seat = seat
        self.rng = rng
        self.board_clicks = 0
        self.placed: list[tuple[str, int]] = []  # (card, space) chosen by clicking a space
        self.stacks_seen = 0

    def step(self) -> None:
        page, rng = self.page, self.rng
        state = _state(page)
        view = state["view"]
        kind = view["decision"]["kind"]
        if view["response_stack"]:  # the stack as the board draws it: top first
            drawn = page.locator(f"{BOARD} .stack .stack-entry").evaluate_all(
                "(nodes) => nodes.map((n) => Number(n.dataset.index))"
            )
            assert drawn == list(range(len(view["response_stack"]) - 1, -1, -1))
            self.stacks_seen += 1
        if kind == "main":
            mine = f"{BOARD} .seat-panel.me"
            attackers = page.locator(f'{mine} .minion.actionable[data-options*="attack "]')
            if attackers.count():
                attackers.first.click()
                menu = page.locator(".necro-menu button", has_text="Attack")
                if menu.count():
                    menu.first.click()
                self.board_clicks += 1
                return
            hand = page.locator(f"{BOARD} .hand .ncard.actionable")
            if hand.count() and rng.random() < 0.8:
                card = hand.nth(rng.randrange(hand.count()))
                name = card.get_attribute("data-name")
                card.click()
                targets = page.locator(f"{BOARD} .target.actionable")
                assert targets.count() >= 1, f"nowhere to put {name}"
                target = targets.nth(rng.randrange(targets.count()))
                space = target.get_attribute("data-space")
                if space is not None and targets.count() > 1:
                    self.placed.append((name, int(space)))
                target.click()
                self.board_clicks += 2
                return
            assert _bar(page, "end")
        elif kind == "aim":  # the enemy hero, drawn as its hero box
            page.locator(f"{BOARD} .seat-panel:not(.me) .hero.actionable").first.click()
            self.board_clicks += 1
        elif kind in ("window", "defend", "mulligan", "pick", "may"):
            assert any(_bar(page, want) for want in ("pass", "done", "keep", "none", "yes"))
        elif kind == "place":  # answered by the board for a card dropped on a space
            try:
                page.wait_for_function(f"document.body.dataset.seq > {state['seq']}", timeout=3000)
            except sync_api.TimeoutError:  # a minion summoned by an effect: click a space
                assert _click_any(page, f"{BOARD} .space.actionable", rng)
        else:  # targets, cards to sacrifice or choose: on the board where they lie
            if not _click_any(page, f"{BOARD} .actionable:not(.ncard.selected)", rng):
                page.locator("#actions > button.option").first.click()
            self.board_clicks += 1


def _wait_moved(page: Any, before: int) -> None:
    try:
        page.wait_for_function(f"Number(document.body.dataset.seq || -1) > {before}")
    except sync_api.TimeoutError:
        legal = page.evaluate("window.ossuary.state.legal")
        said = page.locator("#message").inner_text()
        raise AssertionError(f"the click did nothing ({said!r}): {legal}") from None


def test_two_people_play_a_whole_game_by_clicking_the_board(
    server: ServerProcess, browser: Any
) -> None:
    game = server.post("/api/games", {"game": "necromancer", "seats": ["human"] * 2, "seed": 46})
    pages = [_page(browser, server.base + s["link"]) for s in game["seats"]]
    for page in pages:
        page.wait_for_selector(f"{BOARD} .seat-panel.me")
    players = [Player(page, k, random.Random(2 + k)) for k, page in enumerate(pages)]
    text = pages[0].locator(BOARD).inner_text().lower()
    for words in ("health", "lifeforce", "space 1", "magic 3", "deck", "graveyard", "banished"):
        assert words in text
    actions = 0
    while not pages[0].evaluate("document.body.dataset.over"):
        state = _state(pages[0])
        deciding = state["deciding"]
        page = pages[deciding]
        if _state(page)["seq"] != state["seq"] or not _state(page)["legal"]:
            page.wait_for_function(f"window.ossuary.state.seq >= {state['seq']}")
            continue
        before = _seq(page)
        players[deciding].step()
        _wait_moved(page, before)
        actions += 1
        assert actions < 400, "the game did not end"
    for page in pages:
        page.wait_for_selector("#overlay .end h2")
    heads = sorted(p.locator("#overlay .end h2").inner_text() for p in pages)
    assert [h.split(":")[0] for h in heads] == ["You lose", "You win"]  # and why, after ":"
    assert sum(p.board_clicks for p in players) >= 20  # the board, not the option bar
    assert sum(p.stacks_seen for p in players) >= 5
    # a minion goes to the space its card was dropped on (the engine asks after the window)
    log = pages[0].locator("#log").inner_text()  # as seat 0 reads it
    for p in players:
        for name, space in p.placed:
            who = "You" if p.seat == 0 else f"Player {p.seat + 1}"
            assert f"{who}: {name} takes space {space}" in log
    assert any(p.placed for p in players)
    assert not any(p.errors for p in pages), [p.errors for p in pages]


def test_a_spectator_sees_both_fields_and_no_hand(server: ServerProcess, browser: Any) -> None:
    game = server.post("/api/games", {"game": "necromancer", "seats": ["human"] * 2, "seed": 31})
    rng = random.Random(31)

    def pick(seat: int, state: dict[str, Any]) -> str | None:
        """The mulligans and a first turn or two, played over the seats' sockets
        (clicking the board is the whole game's test): minions onto the table."""
        on_table = any(m for p in state["view"]["players"] for m in p["minions"])
        if state["seq"] >= 16 and on_table:
            return None
        return build([o["id"] for o in state["legal"]], False, False, rng)

    drive(server, game, pick)
    pages = [_page(browser, server.base + game["seats"][0]["link"])]
    pages[0].wait_for_selector(f"{BOARD} .seat-panel.me")
    watcher = _page(browser, server.base + game["spectate"] + "#spectate=1")
    watcher.wait_for_function(f"document.body.dataset.seq === '{_seq(pages[0])}'")
    assert watcher.locator("#whoami").inner_text() == "watching"
    assert watcher.locator(f"{BOARD} .seat-panel").count() == 2
    assert watcher.locator(f"{BOARD} .seat-panel.me").count() == 0
    assert watcher.locator(f"{BOARD} .ncard").count() == 0  # no hand is drawn face up
    assert watcher.locator("#actions button").count() == 0
    counts = watcher.locator(f'{BOARD} [data-zone="hand-count"]').evaluate_all(
        "(ns) => Object.fromEntries(ns.map((n) => [n.dataset.seat, n.textContent]))"
    )
    view = _state(pages[0])["view"]
    assert counts == {str(p["seat"]): f"hand {p['hand_count']}" for p in view["players"]}
    # the same minions on the spectator's table as on the players'
    ids = "(ns) => ns.map((n) => n.dataset.cardId)"
    fields = [sorted(p.locator(f"{BOARD} .minion").evaluate_all(ids)) for p in (watcher, pages[0])]
    assert fields[0] == fields[1] and fields[0]
    assert not watcher.errors and not any(p.errors for p in pages)


# -- the board alone, on scenario positions ---------------------------------------------------
SCENARIO = """
[game]
active = 0

[[seat]]
hero = "Lord Osric of the Marrow"
health = 33
lifeforce = 9
hand = ["Unravel", "Grave Bolt"]
deck = ["Mist Wraith"]
graveyard = ["Spindle Runner"]
minions = [{ card = "Ironhide Ravager", space = 1, relics = ["Rusted Cleaver"] }]
magic = [{ card = "Silent Vigil", slot = 2, rounds = 1 }]

[[seat]]
hero = "Mother Vethra, the Weaver"
hand = ["Bone Ward"]
deck = ["Mist Wraith"]
banished = ["Whisper Shade"]
minions = [{ card = "Cave Lurker", space = 3, damage = 1, ensnared = 1 }]

[[stack]]
kind = "attack"
player = 0
source = "minion 0 1"
target = "hero 1"
NEGATED

[[stack]]
kind = "card"
player = 1
card = "Frost Snare"
target = "minion 0 1"

[window]
next = 0
"""

DRAW = """async ({view, legal, me, fresh}) => {
    if (fresh || !window.board) {
        const {createBoard} = await import("/boards/necromancer/board.js");
        document.body.replaceChildren();
        const root = document.createElement("div");
        document.body.append(root);
        window.acted = [];
        const api = {act: (id) => window.acted.push(id), card: () => undefined, showCard() {},
            hoverCard() {}, hideCard() {}, playerName: (s) => `Player ${s + 1}`, hint() {},
            whose: (s) => `Player ${s + 1}'s`, says: (s, third) => `Player ${s + 1} ${third}`,
            them: (s) => `Player ${s + 1}`,
            message() {}};
        window.board = createBoard(root, api);
    }
    const handled = window.board.update({view, legal, me, prompt: null,
        deciding: view.decision && view.decision.player, thinking: null, over: false,
        replay: false, seats: []});
    await new Promise((done) => setTimeout(done, 10));  // an answer the board sends by itself
    return [...handled].sort();
}"""


def _draw(page: Any, state: Any, seat: int | None, fresh: bool = True) -> list[str]:
    """Draw ``state`` as ``seat`` sees it on a board (a new one unless ``fresh`` is False)
    whose api records what it sends in ``window.acted``."""
    view = state.view(seat)
    legal = (view["decision"] or {}).get("options", [])
    args = {"view": view, "legal": legal, "me": seat, "fresh": fresh}
    handled: list[str] = page.evaluate(DRAW, args)
    return handled


def _entries(page: Any) -> list[str]:
    return [" ".join(t.split()) for t in page.locator(f"{BOARD} .stack-entry").all_inner_texts()]


def test_the_response_stack_is_drawn_top_first(server: ServerProcess, browser: Any) -> None:
    state = GAME.load_scenario(SCENARIO.replace("NEGATED", ""))
    page = _page(browser, server.base + "/static/style.css")
    handled = _draw(page, state, 0)
    # Player 2's Frost Snare answers Player 1's attack: the snare is on top, resolves
    # first (entries count from 1, the bottom one; seats named as the page names them)
    assert _entries(page) == [
        "2 Player 2 plays Frost Snare → Ironhide Ravager (Player 1's space 1) resolves first",
        "1 Player 1 attacks with Ironhide Ravager → Player 2's hero",
    ]
    assert page.locator(f"{BOARD} .stack-entry.top").get_attribute("data-index") == "1"
    # what is asked, and the options drawn where they lie (pass, sacrifice: the bar's)
    assert (
        "asked: Answer Player 2's Frost Snare?" in page.locator(f"{BOARD} .turn-line").inner_text()
    )
    ids = {a.label.split(" (")[0]: a.id for a in state.legal_actions()}
    unravel, vigil = ids["Play Unravel"], ids["Destroy Magic on Silent Vigil"]
    cleaver = ids["Destroy Magic on Rusted Cleaver"]
    assert handled == sorted([unravel, vigil, cleaver])
    page.locator(f'{BOARD} .ncard.actionable[data-name="Unravel"]').click()
    page.locator(f"{BOARD} .cast.target").click()
    page.locator(f'{BOARD} .slot[data-name="Silent Vigil"]').click()
    page.locator(f'{BOARD} .relic[data-name="Rusted Cleaver"]').click()
    assert page.evaluate("window.acted") == [unravel, vigil, cleaver]
    # Player 1 answers with Unravel: three entries, the newest on top
    state.apply_action(unravel)
    _draw(page, state, 0)
    assert _entries(page)[0].startswith(
        "3 Player 1 plays Unravel → stack entry 2: Player 2's card being played (Frost Snare)"
    )
    assert len(_entries(page)) == 3


def test_the_board_shows_the_terminal_boards_facts(server: ServerProcess, browser: Any) -> None:
    state = GAME.load_scenario(SCENARIO.replace("NEGATED", "negated = true"))
    page = _page(browser, server.base + "/static/style.css")
    _draw(page, state, None)  # a spectator
    assert page.locator(f"{BOARD} .stack-entry.negated").get_attribute("data-index") == "0"
    assert page.locator(f"{BOARD} .ncard").count() == 0
    heroes = page.locator(f"{BOARD} .hero").all_inner_texts()
    assert "Lord Osric of the Marrow" in heroes[1] and "33" in heroes[1] and "9" in heroes[1]
    assert "Passive: your skeletons" in heroes[1]  # the hero's ability
    lurker = page.locator(f'{BOARD} .minion[data-name="Cave Lurker"]')
    assert lurker.get_attribute("data-space") == "3"
    assert "ensnared 1r" in lurker.inner_text()
    cave = state.view(None)["players"][1]["minions"][2]
    assert f"{cave['defense']}/{cave['full_defense']}" in lurker.inner_text()  # damage taken
    ravager = page.locator(f'{BOARD} .minion[data-name="Ironhide Ravager"]').inner_text()
    assert "+ Rusted Cleaver" in ravager
    vigil = page.locator(f'{BOARD} .slot[data-name="Silent Vigil"]').inner_text()
    assert "event" in vigil and "1 round left" in vigil
    piles = page.locator(f"{BOARD} .piles").all_inner_texts()
    assert "Banished 1" in piles[0] and "Graveyard 1" in piles[1] and "Deck 1" in piles[1]
    assert page.locator(f"{BOARD} .seat-panel").count() == 2


MAIN = """
[game]
active = 0
phase = "main"

[[seat]]
hero = "Lord Osric of the Marrow"
hand = ["Grave Gnawer"]
deck = ["Mist Wraith"]
minions = [{ card = "Ironhide Ravager", space = 1 }, { card = "Cave Lurker", space = 2 }]

[[seat]]
hero = "Mother Vethra, the Weaver"
deck = ["Mist Wraith"]
"""


def _until(state: Any, kind: str) -> None:
    """Let every response window pass until ``kind`` is asked."""
    while state.decision().kind != kind:
        assert "pass" in state.decision().options, state.decision()
        state.apply_action("pass")


def test_the_space_and_the_minion_clicked_answer_the_questions_asked_later(
    server: ServerProcess, browser: Any
) -> None:
    state = GAME.load_scenario(MAIN)
    page = _page(browser, server.base + "/static/style.css")
    _draw(page, state, 0)
    # a minion card, then space 4: the card is played; its space is asked after the window
    page.locator(f'{BOARD} .ncard.actionable[data-name="Grave Gnawer"]').click()
    spaces = page.locator(f"{BOARD} .seat-panel.me .space.target")
    assert spaces.evaluate_all("(ns) => ns.map((n) => n.dataset.space)") == ["3", "4"]
    page.locator(f'{BOARD} .seat-panel.me .space.target[data-space="4"]').click()
    play = page.evaluate("window.acted")[-1]
    assert play.startswith("play ")
    state.apply_action(play)
    _until(state, "place")
    _draw(page, state, 0, fresh=False)
    assert page.evaluate("window.acted")[-1] == "at 3"  # space 4, as clicked
    state.apply_action("at 3")
    _until(state, "main")
    # a minion's commands: dismiss it, and the "which minion" question is answered
    _draw(page, state, 0, fresh=False)
    page.locator(f'{BOARD} .minion[data-name="Cave Lurker"]').click()
    menu = page.locator(".necro-menu button").all_inner_texts()
    assert any(label.startswith("Dismiss Cave Lurker") for label in menu), menu
    page.locator(".necro-menu button", has_text="Dismiss").click()
    assert page.evaluate("window.acted")[-1] == "dismiss"
    state.apply_action("dismiss")
    assert state.decision().kind == "dismiss"
    _draw(page, state, 0, fresh=False)
    lurker = state.view(0)["players"][0]["minions"][1]["id"]
    assert page.evaluate("window.acted")[-1] == f"dismiss {lurker}"


SAME_NAME = """
[game]
active = 0
phase = "main"

[[seat]]
hero = "Lord Osric of the Marrow"
deck = ["Mist Wraith"]
minions = [{ card = "Bonewall [minion]", space = 1 }]
magic = [{ card = "Bonewall [artifact]", slot = 1 }]

[[seat]]
hero = "Mother Vethra, the Weaver"
deck = ["Mist Wraith"]
"""


def test_the_card_panel_asks_for_a_card_by_name_and_type(
    server: ServerProcess, browser: Any
) -> None:
    """Bonewall is a minion and an artifact: the board asks the page for each by
    its name and its type, so the panel shows the right card's text."""
    state = GAME.load_scenario(SAME_NAME)
    page = _page(browser, server.base + "/static/style.css")
    page.evaluate(DRAW.replace("card: () => undefined",
                               "card: (n, t) => { (window.asked ||= []).push([n, t]); }"),
                  {"view": state.view(0), "legal": [], "me": 0, "fresh": True})  # fmt: skip
    asked = [tuple(a) for a in page.evaluate("window.asked")]
    assert ("Bonewall", "minion") in asked and ("Bonewall", "artifact") in asked
