"""Current pictures of every board, on a desktop (1280x800) and a phone (390x844):
a real server on loopback, each game played a while by two scripted seats over
sockets until seat 0 has a decision on a well-filled table, then seat 0's page
in Debian's chromium (Playwright). Also the lobby, a replay, the plain
(generic) board, the card gallery and a saved deck in the deck builder.

    python bench/screenshot.py [OUT]      # default: screenshots/ (not tracked)
    make screenshot                       # the same
    make screenshot OUT=docs/img          # refresh the pictures the docs show

Files: ``<page>-desktop.png`` and ``<page>-phone.png`` for each page in PAGES.
"""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.helpers import ServerProcess, running

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# game -> (seed, about how many actions to play before the picture)
GAMES = {"hecatomb": (5, 70), "necromancer": (4, 36), "diabolicards": (6, 24)}
QUIET = ("end", "pass", "done", "sacrifice", "dismiss", "draw")
# every picture starts with the page's steps drawn at once (no pacing)
INSTANT = "localStorage.setItem('ossuary.pace', 'instant');"


def play_a_while(server: ServerProcess, game: str, seed: int, actions: int) -> dict[str, Any]:
    """A two-seat game played by random clicks over sockets, stopped where seat 0
    decides after about ``actions`` actions (busy options preferred over end/pass)."""
    created = server.post("/api/games", {"game": game, "seats": ["human", "human"], "seed": seed})
    ws_base = server.base.replace("http://", "ws://")
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(connect(f"{ws_base}/ws/games/{created['id']}"))
            for s in created["seats"]
        ]
        for sock, s in zip(sockets, created["seats"], strict=True):
            sock.send(json.dumps({"type": "auth", "token": s["token"]}))
        states: list[dict[str, Any]] = [{}, {}]
        rng = random.Random(seed)

        def drain(i: int, seq: int) -> None:
            while states[i].get("seq", -1) < seq:
                msg = json.loads(sockets[i].recv(timeout=10))
                if msg["type"] == "state":
                    states[i] = msg

        drain(0, 0)
        drain(1, 0)
        for n in range(actions * 2):
            hand = next(p for p in states[0]["view"]["players"] if p["seat"] == 0)["hand_count"]
            if states[0]["over"] or (n >= actions and states[0]["legal"] and hand >= 3):
                break
            who = 0 if states[0]["legal"] else 1
            legal = [o["id"] for o in states[who]["legal"]]
            # a full table: play and attack first, never give cards away
            busy = [a for a in legal if a.split(" ")[0] in ("play", "attack", "attacker", "mana")]
            busy = busy or [a for a in legal if a.split(" ")[0] not in QUIET] or legal
            sockets[who].send(json.dumps({"type": "action", "id": rng.choice(busy), "seq": n}))
            drain(0, n + 1)
            drain(1, n + 1)
    return created


def _deck_text() -> str:
    from ossuary import games

    hecatomb = games.get("hecatomb")
    return hecatomb.format_deck(hecatomb.preconstructed()["Gilded Lies"])


def main(out: Path) -> None:
    out.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(f"sqlite:///{tmp}/shot.db", workers=0) as server,
        sync_playwright() as p,
    ):
        pages: dict[str, tuple[str, str]] = {"lobby": ("/", ".seat-row")}
        # the card gallery, and a saved deck in the builder (its owner's edit link)
        pages["gallery"] = ("/cards/hecatomb", "#card-grid .card-link")
        deck = server.post(
            "/api/decks", {"game": "hecatomb", "name": "Gilded Lies, tuned", "text": _deck_text()}
        )
        pages["deck-builder"] = (deck["edit"], ".deck-row")
        for game, (seed, actions) in GAMES.items():
            created = play_a_while(server, game, seed, actions)
            pages[game] = (created["seats"][0]["link"], f".{game} .hand-dock")
            if game == "hecatomb":
                link = created["seats"][0]["link"]
                pages["replay"] = (link.replace("#", "#replay=1&"), "#replay-bar .step")
                pages["plain-board"] = (
                    link.replace("#", "#board=plain&"),
                    ".generic-board section",
                )
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
        for size, viewport in SIZES.items():
            context = browser.new_context(viewport=viewport)
            context.add_init_script(INSTANT)
            for name, (path, ready) in pages.items():
                page = context.new_page()
                page.goto(server.base + path)
                page.wait_for_selector(ready)
                page.wait_for_timeout(400)  # the fonts and the last redraw settle
                target = out / f"{name}-{size}.png"
                page.screenshot(path=str(target))
                print(f"wrote {target}")
                page.close()
            context.close()
        browser.close()


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "screenshots"))
