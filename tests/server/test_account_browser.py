"""Accounts as a person uses them, on a phone (390x844) and a desktop
(1280x800), in Debian's Chromium against a real ``ossuary serve``: make an
account, see the name in the lobby, sign out, sign in, delete the account.
On the way: nothing wider than the screen, axe-core finds no serious or
critical violation, the console stays clean. Pictures go to
``artifacts/browser/``."""

from __future__ import annotations

from typing import Any

import pytest

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import SIZES, _check_axe, _check_layout, _page, _shot

pytestmark = needs_chromium
PASSWORD = "bones and more bones"


@pytest.mark.parametrize("size", SIZES)
def test_sign_up_see_the_name_sign_out_sign_in_and_delete(
    server: ServerProcess, browser: Any, size: str
) -> None:
    name = f"Player_{size}"
    # first a guest, in a game of two people (it stays in progress)
    game = server.post("/api/games", {"seats": ["human", "human"]})
    page = _page(browser, f"{server.base}{game['seats'][0]['link']}", size, pace=None)
    seats = "localStorage.getItem('ossuary.seats') || ''"
    page.wait_for_function(f"({seats}).includes('{game['id']}')")
    page.goto(server.base + "/")
    nav = page.locator("#account-nav")
    nav.get_by_role("link", name="Sign in").click()
    page.wait_for_url("**/account")
    page.locator("#signed-out").wait_for()
    _check_axe(page, f"the sign-in page at {size}")
    _check_layout(page, size, "the sign-in page")
    _shot(page, f"account-signed-out-{size}")

    page.locator("#up-name").fill(name)
    page.locator("#up-password").fill(PASSWORD)
    page.get_by_role("button", name="Make my account").click()
    page.locator("#signed-in").wait_for()
    assert page.locator("#you-name").inner_text() == name
    # the guest's seat is now the account's
    said = "Your account is ready. Your seat in a game in progress is now under your name."
    page.get_by_role("status").get_by_text(said).wait_for()
    assert _played(page) == [(game["id"], [0])]
    _check_axe(page, f"the account page at {size}")
    _check_layout(page, size, "the account page")
    _shot(page, f"account-signed-in-{size}")

    # the lobby's header names the account; sign out there
    page.get_by_role("link", name="Back to the lobby").click()
    nav.get_by_role("link", name=name).wait_for()
    _check_axe(page, f"the lobby signed in at {size}")
    _check_layout(page, size, "the lobby signed in")
    _shot(page, f"account-lobby-{size}")
    nav.get_by_role("button", name="Sign out").click()
    nav.get_by_role("link", name="Sign in").wait_for()

    # sign in again (the name in other capitals is the same account)
    nav.get_by_role("link", name="Sign in").click()
    page.locator("#signed-out").wait_for()
    page.locator("#in-name").fill(name.upper())
    page.locator("#in-password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.locator("#signed-in").wait_for()
    assert page.locator("#you-name").inner_text() == name
    # a seat's link opened signed in: the seat joins the account as the page opens
    other = server.post("/api/games", {"seats": ["human", "human"]})
    page.goto(f"{server.base}{other['seats'][1]['link']}")
    page.wait_for_function(
        f"fetch('/api/account/export').then((r) => r.json())"
        f".then((d) => d.games.some((g) => g.id === '{other['id']}'))"
    )
    assert sorted(_played(page)) == sorted([(game["id"], [0]), (other["id"], [1])])
    # a deck the account saved (elsewhere: this browser has no edit link) is
    # the account's to edit and delete in the builder
    deck = page.evaluate(
        "import('/static/session.js').then((m) => m.send('/api/decks', 'POST',"
        " {game: 'hecatomb', name: 'Kept by name', text: '3 Snap'}))"
    )
    assert "token" in deck
    page.goto(f"{server.base}/decks/{deck['id']}")
    page.locator("#delete").wait_for()
    assert page.locator("#copy-deck").count() == 0
    page.goto(server.base + "/account")
    page.locator("#signed-in").wait_for()

    # delete: the password and the box that says so
    page.locator("#delete-password").fill(PASSWORD)
    page.get_by_label("I want to delete my account for good").check()
    page.get_by_role("button", name="Delete my account").click()
    page.locator("#signed-out").wait_for()
    assert page.locator("#sign-in-message").inner_text() == "Your account is deleted."
    assert not page.errors, page.errors

    # the name no longer signs in
    page.locator("#in-name").fill(name)
    page.locator("#in-password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    page.get_by_text("wrong username or password").wait_for()
    page.context.close()


def _played(page: Any) -> list[tuple[str, list[int]]]:
    """The games and seats the account's export lists."""
    games = page.evaluate("fetch('/api/account/export').then((r) => r.json()).then((d) => d.games)")
    return [(g["id"], g["seats"]) for g in games]
