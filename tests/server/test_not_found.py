"""An address that names nothing: a browser gets a page in the site's own look
that says so and where to go (the lobby, every game's cards), with a 404; an API
client keeps its JSON error."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from ossuary import games

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import SIZES, _check_axe, _check_layout, _page

BROWSER = {"Accept": "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"}


def test_a_mistyped_address_is_a_page_for_a_browser(client: TestClient) -> None:
    r = client.get("/lobyy", headers=BROWSER)
    assert r.status_code == 404
    assert r.headers["content-type"].startswith("text/html")
    assert "There is nothing here" in r.text and "No page is at /lobyy." in r.text
    assert 'href="/"' in r.text
    for name in games.names():
        assert f'href="/cards/{name}"' in r.text


def test_a_page_for_something_that_is_not_there_says_why(client: TestClient) -> None:
    r = client.get("/cards/hecatom", headers=BROWSER)
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "hecatom" in r.text and "There is nothing here" in r.text


def test_the_address_is_shown_as_text_never_as_markup(client: TestClient) -> None:
    r = client.get("/<script>alert(1)</script>", headers=BROWSER)
    assert r.status_code == 404
    assert "<script>alert" not in r.text and "&lt;script&gt;alert(1)&lt;/script&gt;" in r.text


def test_api_clients_keep_their_json(client: TestClient) -> None:
    for path in ("/api/nothing", "/api/games/nothing-here"):
        for headers in (BROWSER, {"Accept": "application/json"}):
            r = client.get(path, headers=headers)
            assert r.status_code == 404, path
            assert r.headers["content-type"].startswith("application/json"), path
    assert "error" in client.get("/api/games/nothing-here").json()
    # a script's fetch (no text/html in its Accept) of a missing file: no page either
    r = client.get("/cards/hecatom", headers={"Accept": "*/*"})
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/json")


@needs_chromium
def test_the_page_fits_and_passes_axe(server: ServerProcess, browser: Any) -> None:
    for size in SIZES:
        page = _page(browser, server.base + "/no/such/page", size, pace=None)
        page.wait_for_selector(".not-found-main h2")
        _check_layout(page, size, "the 404 page")
        _check_axe(page, f"the 404 page at {size}")
        page.locator("a", has_text="Go to the lobby").click()
        page.wait_for_selector(".seat-row")
        # the browser's own note of the 404 itself; nothing else went wrong
        assert all("404" in e for e in page.errors), page.errors
        page.context.close()
