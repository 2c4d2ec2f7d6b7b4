"""The README's picture of the board: a real server, a game played a while by
scripted clients, then seat 0's page in Debian's chromium (Playwright).

    python bench/screenshot.py docs/img/board.png
"""

from __future__ import annotations

import contextlib
import json
import random
import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from websockets.sync.client import connect

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.helpers import running

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip


def main(out: Path, seed: int = 5, actions: int = 70) -> None:
    with (
        tempfile.TemporaryDirectory() as tmp,
        running(f"sqlite:///{tmp}/shot.db") as server,
        contextlib.ExitStack() as stack,
    ):
        game = server.post("/api/games", {"seats": ["human", "human"], "seed": seed})
        ws_base = server.base.replace("http://", "ws://")
        sockets = [
            stack.enter_context(connect(f"{ws_base}/ws/games/{game['id']}")) for s in game["seats"]
        ]
        for sock, s in zip(sockets, game["seats"], strict=True):
            sock.send(json.dumps({"type": "auth", "token": s["token"]}))
        states: list[dict] = [{}, {}]  # type: ignore[type-arg]
        rng = random.Random(seed)

        def drain(i: int, seq: int) -> None:
            while states[i].get("seq", -1) < seq:
                msg = json.loads(sockets[i].recv(timeout=10))
                if msg["type"] == "state":
                    states[i] = msg

        drain(0, 0)
        drain(1, 0)
        for n in range(actions):
            # stop where seat 0 has a choice to make, with the board well filled
            if n > actions * 0.8 and states[0]["legal"]:
                break
            who = 0 if states[0]["legal"] else 1
            legal = [o["id"] for o in states[who]["legal"]]
            busy = [a for a in legal if a not in ("end", "pass")] or legal
            sockets[who].send(json.dumps({"type": "action", "id": rng.choice(busy), "seq": n}))
            drain(0, n + 1)
            drain(1, n + 1)
        stack.close()
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 960})
            page.goto(server.base + game["seats"][0]["link"])
            page.wait_for_selector(".hecatomb .seat-panel.me")
            page.wait_for_timeout(300)
            out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(out))
            browser.close()
    print(f"wrote {out}")


if __name__ == "__main__":
    main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/img/board.png"))
