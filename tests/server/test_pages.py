"""The browser's pages are one shared head around each page's body
(``server/pages/``): every page is whole, names its own title and body class,
and loads only scripts that exist."""

from __future__ import annotations

import re
from typing import Any

import pytest

from ossuary.server.routes.pages import PAGE_FILES, PAGES, STATIC, page, page_text

from .browsers import needs_chromium
from .helpers import ServerProcess
from .test_boards import _page


def test_every_page_file_has_its_head_and_every_head_its_file() -> None:
    bodies = {path.stem for path in PAGE_FILES.glob("*.html")} - {"shell"}
    assert bodies == set(PAGES)


@pytest.mark.parametrize("name", sorted(PAGES))
def test_a_page_is_whole(name: str) -> None:
    spec, text = PAGES[name], page_text(name)
    assert text.startswith('<!doctype html>\n<html lang="en">\n<head>\n')
    assert text.endswith("</body>\n</html>\n")
    assert f"<title>{spec.title}</title>" in text
    assert f'<body class="{spec.body_class}">' in text
    assert "$" not in text.split("<body")[0]  # no slot of the shell left unfilled
    scripts = re.findall(r'<script type="module" src="/static/([^"]+)"></script>', text)
    assert scripts == list(spec.scripts)
    assert all((STATIC / script).is_file() for script in scripts)
    assert text.count("<body") == text.count("</body>") == 1


def test_a_page_says_when_it_changed() -> None:
    """The validators the plain files had: a browser may check its copy."""
    first, again = page("gallery"), page("gallery")
    assert first.headers["etag"] == again.headers["etag"]
    assert first.headers["etag"] != page("deck").headers["etag"]
    assert first.headers["last-modified"].endswith(" GMT")


@needs_chromium
def test_seats_and_saved_decks_are_kept_in_one_kind_of_store(
    server: ServerProcess, browser: Any
) -> None:
    """util.js's ``stored``: what the lobby remembers of this browser's seats and
    decks; set merges and stamps, forget drops, a damaged store reads as empty."""
    page = _page(browser, server.base + "/account", "desktop", pace=None)
    found = page.evaluate(
        """async () => {
          const {seats} = await import("/static/util.js");
          const {myDecks} = await import("/static/mydecks.js");
          seats.set("g1", {seat: 1, token: "t"});
          seats.set("g1", {seat: 2});
          myDecks.set("d1", {game: "hecatomb", name: "Mine"});
          myDecks.set("d2", {game: "diabolicards", name: "Other"});
          const kept = {g1: seats.get("g1"), mine: myDecks.of("hecatomb").map((d) => d.id)};
          seats.forget("g1");
          myDecks.forget("d1");
          localStorage.setItem("ossuary.decks", "not json");
          return {...kept, gone: seats.get("g1"), damaged: myDecks.all()};
        }"""
    )
    assert found["g1"]["seat"] == 2 and found["g1"]["token"] == "t" and found["g1"]["at"] > 0
    assert found["mine"] == ["d1"]
    assert found["gone"] is None and found["damaged"] == {}
    assert page.errors == []


@needs_chromium
def test_every_board_reads_the_page_context_through_one_helper(
    server: ServerProcess, browser: Any
) -> None:
    """util.js's ``boardContext``: the options by id and label for the deciding
    seat, none (and null for an unknown seat) where the page gives none."""
    page = _page(browser, server.base + "/account", "desktop", pace=None)
    found = page.evaluate(
        """async () => {
          const {boardContext} = await import("/static/util.js");
          const view = {turn_number: 3};
          const legal = [{id: "play 4", label: "Play Snap"}, {id: "end", label: "End the turn"}];
          const deciding = boardContext({view, me: 1, legal});
          const watching = boardContext({view});
          return {
            same: deciding.view === view, me: deciding.me, legal: deciding.legal.length,
            ids: [...deciding.ids], label: deciding.labels.get("end"),
            spectator: watching.me, none: watching.legal.length + watching.ids.size,
          };
        }"""
    )
    assert found["same"] and found["me"] == 1 and found["legal"] == 2
    assert found["ids"] == ["play 4", "end"] and found["label"] == "End the turn"
    assert found["spectator"] is None and found["none"] == 0
    assert page.errors == []
