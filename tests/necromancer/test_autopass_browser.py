"""Auto-pass in the browser (issue 30 §1), in Playwright against a real server:
the page passes a Necromancer response window for its player when the server
says nothing else they could do matters, sending exactly what a click on
"Pass" sends; with auto-pass off it asks, and "Pass until something changes"
passes the same question again until a new option comes."""

from __future__ import annotations

import json
from typing import Any

from ..server.browsers import INSTANT, WAIT_MS, needs_chromium
from ..server.helpers import ServerProcess

pytestmark = needs_chromium
SEED = 1  # seat 1's windows on seat 0's first turn: only passing matters in them

# every message the page sends and gets on its socket, for the test to read
RECORD = """() => {
    window.sent = [];
    window.got = [];
    const Socket = window.WebSocket;
    window.WebSocket = function (url, protocols) {
        const ws = new Socket(url, protocols);
        ws.addEventListener("message", (e) => window.got.push(JSON.parse(e.data)));
        const send = ws.send.bind(ws);
        ws.send = (data) => { window.sent.push(JSON.parse(data)); return send(data); };
        return ws;
    };
    Object.assign(window.WebSocket, {OPEN: Socket.OPEN, CLOSED: Socket.CLOSED});
}"""


def _pages(server: ServerProcess, browser: Any) -> list[Any]:
    game = server.post("/api/games", {"game": "necromancer", "seats": ["human"] * 2, "seed": SEED})
    pages = []
    for s in game["seats"]:
        page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
        page.set_default_timeout(WAIT_MS)
        # the other seat's moves drawn at once: the page answers on the newest state
        # whatever the pace (game.js), and pacing is test_boards.py's
        page.add_init_script(INSTANT)
        page.add_init_script(f"({RECORD})()")
        page.goto(server.base + s["link"])
        page.wait_for_selector(".necromancer .seat-panel.me")
        pages.append(page)
    return pages


def _state(page: Any) -> Any:
    return page.evaluate("window.ossuary.state")


def choose(msg: dict[str, Any]) -> str:
    """Keep the opening hand, play the first card on offer, else the first option."""
    ids = [o["id"] for o in msg["legal"]]
    kind = msg["view"]["decision"]["kind"]
    if kind == "mulligan":
        return "keep"
    if kind == "main":
        return next((a for a in ids if a.startswith("play ")), "end")
    return "pass" if "pass" in ids else ids[0]


def _wait(pages: list[Any], seq: int) -> None:
    for page in pages:
        page.wait_for_function(f"Number(document.body.dataset.seq) >= {seq}")


def test_the_page_passes_for_you_only_when_nothing_else_matters(
    server: ServerProcess, browser: Any
) -> None:
    pages = _pages(server, browser)
    clicked: set[int] = set()  # where the test answered for page 1
    seq = 0
    while seq < 40:
        _wait(pages, seq)
        seat = _state(pages[0])["deciding"]
        mine = _state(pages[seat])
        if mine["seq"] > seq:  # page 1 has answered by itself already
            seq = mine["seq"]
            continue
        if seat == 1 and mine["auto"] == "pass":
            # nobody clicks: the page answers by itself
            pages[1].wait_for_function(f"Number(document.body.dataset.seq) > {seq}")
        else:
            if seat == 1:
                clicked.add(seq)
            pages[seat].evaluate(f"window.ossuary.act({json.dumps(choose(mine))})")
        seq += 1
    got = pages[1].evaluate("window.got")
    sent = [m for m in pages[1].evaluate("window.sent") if m["type"] == "action"]
    told = {m["seq"] for m in got if m["type"] == "state" and m["auto"] == "pass"}
    assert len(told) >= 3  # windows where nothing but passing mattered
    # the page answered where, and only where, it was told nothing else mattered
    by_itself = {m["seq"]: m for m in sent if m["seq"] not in clicked}
    assert set(by_itself) == told
    # with what a click on "Pass" sends: an action, its id and the action number
    assert all(m == {"type": "action", "id": "pass", "seq": m["seq"]} for m in by_itself.values())
    # seat 0 was never told what seat 1 could do
    assert not any(m.get("auto") or m.get("passing") for m in pages[0].evaluate("window.got")
                   if m["type"] == "state" and m["deciding"] == 1)  # fmt: skip


def test_with_auto_pass_off_it_asks_and_pass_until_something_changes_passes_on(
    server: ServerProcess, browser: Any
) -> None:
    pages = _pages(server, browser)
    pages[1].evaluate("localStorage.setItem('ossuary.autopass', 'off')")
    pages[1].reload()
    pages[1].wait_for_selector(".necromancer .seat-panel.me")
    assert not pages[1].locator("#autopass-on").is_checked()
    seq = 0
    asked = None
    while asked is None:
        _wait(pages, seq)
        msg = _state(pages[0])
        seat = msg["deciding"]
        mine = _state(pages[seat])
        if (
            seat == 1
            and mine["view"]["decision"]["kind"] == "window"
            and msg["view"]["active"] == 0
        ):
            asked = mine  # a window on the other player's turn
            break
        pages[seat].evaluate(f"window.ossuary.act({json.dumps(choose(mine))})")
        seq += 1
        assert seq < 80
    # asked, though only passing matters: the option bar and the button are there
    assert asked["auto"] == "pass"
    pages[1].locator('#actions button.option[data-action="pass"]').wait_for()
    until = pages[1].locator('button[data-autopass="until"]')
    until.click()
    pages[1].locator("#autopass", has_text="passing until something changes").wait_for()
    # seat 0 plays on; seat 1's next windows of the same kind pass by themselves
    # while its options stay the same; another kind of question stops it
    held = pages[1].evaluate("window.sent.filter((m) => m.type === 'action').length")
    seq += 1
    while True:
        _wait(pages, seq)
        seat = _state(pages[0])["deciding"]
        mine = _state(pages[seat])
        if mine["seq"] > seq or not mine["legal"]:  # page 1 passed already
            seq = max(seq, mine["seq"])
            continue
        if seat == 1 and mine["view"]["decision"]["kind"] != "window":
            break
        if seat == 0:
            pages[0].evaluate(f"window.ossuary.act({json.dumps(choose(mine))})")
        else:  # a window: answered by the page, unless a new option came
            pages[1].wait_for_function(f"Number(document.body.dataset.seq) > {seq}")
        seq += 1
        assert seq < 120
    passed = pages[1].evaluate("window.sent.filter((m) => m.type === 'action').length") - held
    told = [m for m in pages[1].evaluate("window.got")[::-1] if m["type"] == "state"]
    assert passed >= 2, passed  # the windows passed while the options stayed the same
    assert told[0]["view"]["decision"]["kind"] != "window"
    # a question of another kind: asked again, and said why
    assert "asked again" in pages[1].locator("#message").inner_text()
    assert pages[1].locator('button[data-autopass="until"]').count() == 0
