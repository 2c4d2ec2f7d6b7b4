""" "Play someone" in the browser (docs/server.md, "Matchmaking"), Playwright
against a real server at 1280x800 and 390x844: a guest is told to sign in;
two signed-in players in two browsers queue, each sees the wait counting and
its rating range, and once both wait the board opens for each in their own
seat, no token in its address; leaving takes a player out; axe finds nothing
serious on the panel."""

from __future__ import annotations

from typing import Any

import pytest

from .browsers import WAIT_MS, needs_chromium
from .helpers import ServerProcess
from .test_boards import _check_axe, _check_layout

pytestmark = needs_chromium


def _signed_in(browser: Any, server: ServerProcess, name: str, size: tuple[int, int]) -> Any:
    """A page of a browser of its own, signed up as ``name``."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    account = {"username": name, "password": "correct horse battery"}
    made = context.request.post(server.base + "/api/accounts", data=account)
    assert made.status == 201, made.text()
    page = context.new_page()
    page.set_default_timeout(WAIT_MS)
    return page


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_two_browsers_queue_and_the_board_opens_for_each(
    server: ServerProcess, browser: Any, width: int, height: int
) -> None:
    size = "phone" if width < 500 else "desktop"
    guest = browser.new_context(viewport={"width": width, "height": height}).new_page()
    guest.goto(server.base + "/")
    assert "Sign in" in guest.locator("#queue-guest").inner_text()

    ann, bob = (_signed_in(browser, server, f"{n}{width}", (width, height)) for n in "ab")
    errors: list[str] = []
    for page in (ann, bob):
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(server.base + "/")
    ann.select_option("#queue-game", "hecatomb")
    ann.select_option("#queue-table", "n:3")
    ann.click("#queue-join")
    ann.wait_for_selector("#queue-wait:not([hidden])")
    ann.wait_for_function("document.getElementById('queue-clock').textContent.includes('0:01')")
    assert "rated 1400 to 1600" in ann.locator("#queue-window").inner_text()
    _check_layout(ann, size, "the queue's wait")
    _check_axe(ann, "the queue's wait")
    # leaving takes her out; she queues again for two players
    ann.click("#queue-leave")
    ann.wait_for_selector("#queue-form:not([hidden])")
    assert "left the queue" in ann.locator("#queue-status").inner_text()
    ann.select_option("#queue-table", "n:2")
    ann.click("#queue-join")
    ann.wait_for_selector("#queue-wait:not([hidden])")
    bob.click("#queue-join")
    seats = []
    for page in (ann, bob):
        page.wait_for_url("**/g/**")
        assert "token" not in page.url
        page.wait_for_function("window.ossuary && window.ossuary.state")
        seats.append(page.evaluate("window.ossuary.state.seat"))
    assert sorted(seats) == [0, 1]
    assert ann.url == bob.url
    assert not errors
    for page in (guest, ann, bob):
        page.context.close()


def test_the_lobby_offers_a_signed_in_creator_a_rated_game_of_people_only(
    server: ServerProcess, browser: Any
) -> None:
    guest = browser.new_context(viewport={"width": 390, "height": 844}).new_page()
    guest.goto(server.base + "/")
    guest.wait_for_selector(".seat-row")
    assert guest.locator("#rated-label").is_hidden()  # a guest has no rating

    page = _signed_in(browser, server, "Rita", (390, 844))
    page.goto(server.base + "/")
    page.select_option("#game-select", "hecatomb")
    page.locator("details.options summary").click()
    box = page.locator("#rated-input")
    box.wait_for()
    # the second seat is the computer by default: no rating, and why
    assert box.is_disabled()
    assert "people only" in page.locator("#rated-why").inner_text()
    page.locator(".seat-row").nth(1).locator(".seat-kind").select_option("human")
    assert box.is_enabled() and page.locator("#rated-why").is_hidden()
    box.check()
    with page.expect_request("**/api/games") as sent:
        page.get_by_role("button", name="Create game").click()
    assert sent.value.post_data_json["rated"] is True
    page.wait_for_selector("#created h3")
    assert "each friend signs in" in page.locator("#created").inner_text()
    # a computer seat again: the box is off, so a later game is not asked rated
    page.locator(".seat-row").nth(1).locator(".seat-kind").select_option("normal")
    assert box.is_disabled() and not box.is_checked()
    for each in (guest, page):
        each.context.close()
