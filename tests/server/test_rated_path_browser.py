"""A player's whole path through rated play, in two Chromium browsers against a
real server, at 390x844 and at 1280x800 (docs/server.md, "Accounts", "Ratings",
"Matchmaking"): Ann makes her account with the account page's form, Bob has
one already; both find a game in the lobby's "Play someone" panel (Hecatomb,
two players) and are seated together; Bob concedes with the board's Resign
button (a normal end: a resigned seat ranks last and the game is rated); each
end dialog shows both ratings and their change, Ann's up and Bob's down, the
same numbers the profiles give; then, on the phone, Ann finds her profile from
her account, sees the game won against Bob, watches its replay, signs out in
the lobby, signs in again and deletes her account; Bob's profile then names his
opponent "deleted player". On the way: axe finds nothing serious, nothing is
wider than the screen, no console error."""

from __future__ import annotations

import re
from typing import Any

import pytest

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import SIZES, _check_axe, _check_layout, _page, _shot
from .test_queue_browser import _signed_in

pytestmark = needs_chromium
PASSWORD = "bones and more bones"
# an end dialog's rating line: "Your rating: 1523? (+23)", "Bob_phone's rating: 1477? (-23)"
# the whole path at one size; at the other, up to the end dialog's ratings (the
# pages after it are the same path at any size, and each is looked at on both
# sizes by test_account_browser.py and test_boards.py's player's page)
WHOLE = "phone"
RATING = re.compile(r"^(?P<who>.+?) rating: (?P<shown>\d+\??) \((?P<change>[+-]\d+|±0)\)$")


@pytest.mark.parametrize("size", SIZES)
def test_sign_up_queue_play_rated_see_ratings_history_replay_and_delete(
    server: ServerProcess, browser: Any, size: str
) -> None:
    ann_name, bob_name = f"Ann_{size}", f"Bob_{size}"
    ann = _page(browser, server.base + "/", size)
    _sign_up_with_the_form(ann, ann_name, size)
    bob = _signed_in(browser, server, bob_name, (SIZES[size]["width"], SIZES[size]["height"]))
    bob.errors = []
    bob.on("pageerror", lambda exc: bob.errors.append(str(exc)))
    bob.goto(server.base + "/")

    # both ask the lobby for a two-player Hecatomb game and are seated together
    for page in (ann, bob):
        page.select_option("#queue-game", "hecatomb")
        page.select_option("#queue-table", "n:2")
        page.get_by_role("button", name="Find a game").click()
    for page in (ann, bob):
        page.wait_for_url("**/g/**")
        page.wait_for_function("window.ossuary && window.ossuary.state")
    assert ann.url == bob.url
    game_id = ann.url.rsplit("/", 1)[-1].split("#")[0]

    # Bob concedes with the board's own button (it asks first)
    bob.once("dialog", lambda dialog: dialog.accept())
    bob.get_by_role("button", name="Resign").click()
    ann_lines, bob_lines = (_end_ratings(page) for page in (ann, bob))
    ann_own, ann_sees_bob = ann_lines
    bob_own, bob_sees_ann = bob_lines
    assert ann_own["who"] == "Your" and ann_own["change"].startswith("+"), ann_lines
    assert bob_own["who"] == "Your" and bob_own["change"].startswith("-"), bob_lines
    # each sees the other's line as the other sees their own
    assert ann_sees_bob == {**bob_own, "who": f"{bob_name}'s"}
    assert bob_sees_ann == {**ann_own, "who": f"{ann_name}'s"}
    heads = [page.locator("#overlay .end h2").inner_text() for page in (ann, bob)]
    assert heads == [f"{bob_name} resigned: you win.", f"You resigned: {ann_name} wins."], heads
    _check_axe(ann, f"the winner's end dialog at {size}")
    _check_layout(ann, size, "the winner's end dialog")
    _check_axe(bob, f"the loser's end dialog at {size}")
    _shot(ann, f"rated-end-{size}")
    # the numbers on the page are the profiles' numbers
    for name, own in ((ann_name, ann_own), (bob_name, bob_own)):
        prof = server.get(f"/api/players/{name}")
        (rating,) = prof["ratings"]
        assert (rating["game"], rating["mode"], rating["shown"]) == (
            "hecatomb", "2 players", own["shown"])  # fmt: skip
        (recent,) = prof["recent"]
        assert recent["rating"]["change"] == own["change"]
        assert recent["replay"] == f"/g/{game_id}"
    if size == WHOLE:
        _history_replay_and_delete(server, ann, bob, size, game_id, ann_own)
    assert not ann.errors, ann.errors
    assert not bob.errors, bob.errors
    for page in (ann, bob):
        page.context.close()


def _history_replay_and_delete(
    server: ServerProcess,
    ann: Any,
    bob: Any,
    size: str,
    game_id: str,
    ann_own: dict[str, str],
) -> None:
    """Ann's history, the game's replay, signing out and in, deleting her account;
    Bob's profile after it."""
    ann_name, bob_name = f"Ann_{size}", f"Bob_{size}"
    # Ann's history: from the lobby's header to her account, to her profile
    ann.get_by_role("link", name="Back to the lobby").click()
    ann.locator("#account-nav").get_by_role("link", name=ann_name).click()
    ann.locator("#signed-in").wait_for()
    ann.get_by_role("link", name="Your ratings and games").click()
    ann.wait_for_url(f"**/players/{ann_name}")
    row = ann.get_by_role("region", name="Latest rated games").locator("tbody tr")
    row.first.wait_for()
    assert row.count() == 1
    cells = [row.locator("td").nth(i).inner_text() for i in range(4)]
    assert cells[0].startswith("Hecatomb, 2 players")
    assert cells[1].split("\n") == ["won", f"{ann_own['shown']} ({ann_own['change']})"]
    assert cells[2] == bob_name
    _check_axe(ann, f"the player's page at {size}")
    _check_layout(ann, size, "the player's page")
    _shot(ann, f"rated-profile-{size}")
    # its replay opens on the game's end, and steps
    row.get_by_role("link", name=re.compile("^Watch the Hecatomb game")).click()
    ann.wait_for_url(f"**/g/{game_id}")
    ann.get_by_role("button", name="Step through the replay").click()
    ann.wait_for_function(
        "(document.querySelector('#replay-bar .step') || {}).textContent?.startsWith('step ')"
    )

    # sign out in the lobby, sign in again, delete the account
    ann.goto(server.base + "/")
    nav = ann.locator("#account-nav")
    nav.get_by_role("button", name="Sign out").click()
    nav.get_by_role("link", name="Sign in").click()
    ann.locator("#signed-out").wait_for()
    ann.locator("#in-name").fill(ann_name)
    ann.locator("#in-password").fill(PASSWORD)
    ann.get_by_role("button", name="Sign in").click()
    ann.locator("#signed-in").wait_for()
    ann.locator("#delete-password").fill(PASSWORD)
    ann.get_by_label("I want to delete my account for good").check()
    ann.get_by_role("button", name="Delete my account").click()
    ann.locator("#signed-out").wait_for()
    assert ann.locator("#sign-in-message").inner_text() == "Your account is deleted."
    _check_axe(ann, f"the account page after deleting at {size}")

    # Bob's game stays, against a deleted player
    bob.goto(f"{server.base}/players/{bob_name}")
    against = bob.get_by_role("region", name="Latest rated games").locator("tbody tr td").nth(2)
    against.wait_for()
    assert against.inner_text() == "deleted player"
    assert bob.get_by_role("heading", level=1).inner_text() == bob_name
    assert server.get(f"/api/players/{bob_name}")["recent"][0]["opponents"] == ["deleted player"]


def _sign_up_with_the_form(page: Any, name: str, size: str) -> None:
    """From the lobby, a guest makes an account on the account page and comes back."""
    page.locator("#account-nav").get_by_role("link", name="Sign in").click()
    page.locator("#signed-out").wait_for()
    page.locator("#up-name").fill(name)
    page.locator("#up-password").fill(PASSWORD)
    page.get_by_role("button", name="Make my account").click()
    page.locator("#signed-in").wait_for()
    assert page.locator("#you-name").inner_text() == name
    _check_axe(page, f"the account page signed in at {size}")
    page.get_by_role("link", name="Back to the lobby").click()
    page.get_by_role("button", name="Find a game").wait_for()


def _end_ratings(page: Any) -> list[dict[str, str]]:
    """The two rating lines of a two-player rated game's end dialog, read apart."""
    lines = page.locator("#overlay .end-ratings p")
    lines.nth(1).wait_for()
    out = []
    for text in lines.all_inner_texts():
        hit = RATING.match(text)
        assert hit, f"not a rating line: {text!r}"
        out.append(hit.groupdict())
    return out
