"""How to play and the guided first game in the browser (issue 30 §3), in
Playwright against a real server: the lobby shows each game's "how to play" and
a "Learn to play" button that goes straight to the board, where the lesson's
panel explains the question at hand and marks what it suggests on the board
itself; it can be hidden; the board has its own "How to play"."""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

import pytest

from .browsers import WAIT_MS, needs_chromium
from .helpers import ServerProcess

pytestmark = needs_chromium


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_learn_to_play_from_the_lobby(
    server: ServerProcess, browser: Any, width: int, height: int
) -> None:
    page: Any = browser.new_context(viewport={"width": width, "height": height}).new_page()
    page.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(server.base + "/")
    page.select_option("#game-select", "necromancer")
    page.locator("details.learn summary").click()
    assert "How to win" in page.locator("details.learn").inner_text()
    page.locator("#learn-button").click()
    # straight to the board, the lesson beside it
    page.wait_for_selector(".necromancer .seat-panel.me")
    panel = page.locator("#tutorial")
    panel.locator(".hint", has_text="Spindle Runner").wait_for()
    assert "0 of 7 kinds of question met" in panel.inner_text()
    marked = page.locator(".tutorial-suggest")
    assert marked.count() >= 1 and "Spindle Runner" in marked.first.inner_text()
    marked.first.click()  # doing what it says moves the lesson on
    page.wait_for_function("Number(document.body.dataset.seq) >= 1")
    # the board's own "How to play"
    page.locator("#how-to-play").click()
    dialog = page.locator("dialog.learn")
    assert "How to win" in dialog.inner_text()
    dialog.locator("button", has_text="Close").click()
    # and the lesson can be hidden (its marks go with it), and shown again
    panel.locator("button", has_text="Hide the lesson").click()
    assert page.locator(".tutorial-suggest").count() == 0
    assert panel.locator("button", has_text="Show the lesson").count() == 1
    # back in the lobby the game has a name people read (game, players, when)
    page.goto(server.base + "/")
    mine = page.locator("#my-games .game-item").first
    mine.wait_for()
    assert re.match(r"Path of the Necromancer · your first game · today \d", mine.inner_text())
    listed = page.locator("#playing-games .game-item", has_text="you vs Computer (easy)")
    listed.first.wait_for()
    assert re.match(r"Path of the Necromancer · you vs Computer \(easy\) · today \d",
                    listed.first.inner_text())  # fmt: skip
    assert not errors, errors
    page.context.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_every_lesson_says_how_to_win_on_its_first_screen(
    server: ServerProcess, browser: Any, width: int, height: int
) -> None:
    """Each "Learn to play" button of the lobby (Diabolicards: one for 1v1 and
    one for 2v2) opens its lesson, whose panel says how to win from the first
    question on; the 2v2 lesson names the teammate and the rivals."""
    from ossuary import games
    from ossuary.tutorial import lessons

    # OSSUARY_SCREENSHOTS=DIR keeps a picture of each first screen, to look at
    where = os.environ.get("OSSUARY_SCREENSHOTS")
    shots = Path(where) if where else None
    for name in games.names():
        for lesson in lessons(name):
            page: Any = browser.new_context(viewport={"width": width, "height": height}).new_page()
            page.set_default_timeout(WAIT_MS)
            errors: list[str] = []
            page.on("pageerror", lambda exc, errors=errors: errors.append(str(exc)))
            page.goto(server.base + "/")
            page.select_option("#game-select", name)
            button = "#learn-button" + (f"-{lesson.mode}" if lesson.mode else "")
            page.locator(button).click()
            panel = page.locator("#tutorial")
            panel.locator(".hint").wait_for()
            goal = panel.locator(".goal")
            assert goal.inner_text() == f"How to win: {lesson.goal}", (name, lesson.mode)
            if lesson.mode == "2v2":
                assert "Teammate" in panel.locator(".hint").inner_text()
            if shots is not None:
                shots.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(shots / f"{name}-{lesson.mode or 'main'}-{width}.png"))
            assert not errors, errors
            page.context.close()
