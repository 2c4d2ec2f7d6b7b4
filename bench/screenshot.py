"""Current pictures of every board, on a desktop (1280x800) and a phone (390x844):
a real server on loopback, each game played by scripted seats over sockets to
seat 0's turn with a full board of its own and a full hand (the position the
layout tests use, tests/server/positions.py), then seat 0's page in Debian's
chromium (Playwright). Also the lobby, a replay, the plain (generic) board,
the card gallery and a saved deck in the deck builder.

    python bench/screenshot.py [OUT]      # default: screenshots/ (not tracked)
    make screenshot                       # the same
    make screenshot OUT=docs/img          # refresh the pictures the docs show

Files: ``<page>-desktop.png`` and ``<page>-phone.png`` for each page in PAGES.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.server.helpers import running
from tests.server.positions import full_table

ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]  # fmt: skip
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = ("hecatomb", "necromancer", "diabolicards")
# every picture starts with the page's steps drawn at once (no pacing)
INSTANT = "localStorage.setItem('ossuary.pace', 'instant');"


def _deck_text() -> str:
    from ossuary import games

    hecatomb = games.get("hecatomb")
    return hecatomb.decks.format(hecatomb.decks.preconstructed()["Gilded Lies"])


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
        for game in GAMES:
            created = full_table(server, game)
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
