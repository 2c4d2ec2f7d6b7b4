"""Saved and shared decks (``/api/decks``), decks checked as they are built, the
gallery's data, and ``saved:ID`` decks in a game: what a player's browser
asks, and every bad request refused clearly, changing nothing. Random bodies
and random deck texts never crash the server (hypothesis)."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary import games
from ossuary.server import decks as deck_module
from ossuary.server.decks import counted

from .conftest import create, make_client

HEC = games.get("hecatomb")
NEC = games.get("necromancer")
LEGAL = HEC.decks.format(HEC.decks.preconstructed()["Rot and Ruin"])
SNAP = "Snap"


def _save(client: TestClient, **body: Any) -> Any:
    body.setdefault("game", "hecatomb")
    body.setdefault("name", "Mine")
    body.setdefault("text", LEGAL)
    return client.post("/api/decks", json=body)


def _auth(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def _rows(db: Path) -> list[tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return conn.execute("SELECT * FROM decks").fetchall()


def test_a_saved_deck_answers_its_links_and_reads_back(client: TestClient, db_path: Path) -> None:
    r = _save(client, name="Rot, mine")
    assert r.status_code == 201, r.text
    saved = r.json()
    token = saved["token"]
    assert saved["legal"] is True and saved["problems"] == []
    assert saved["link"] == f"/decks/{saved['id']}"
    # the private edit link carries the token after '#': no server ever sees it
    assert saved["edit"] == f"/decks/{saved['id']}#edit={token}"
    got = client.get(f"/api/decks/{saved['id']}").json()
    assert {k: got[k] for k in ("game", "name", "text")} == {
        "game": "hecatomb", "name": "Rot, mine", "text": LEGAL.strip()
    }  # fmt: skip
    assert got["cards"] == counted(HEC.decks.parse(LEGAL))
    assert "token" not in json.dumps(got) and token not in json.dumps(got)
    # only the token's hash is stored
    assert token not in repr(_rows(db_path))
    # the pages: the deck's own (read-only; editable with the token) and the builder
    assert client.get(saved["link"]).status_code == 200
    assert client.get("/decks/new/hecatomb").status_code == 200
    assert client.get("/decks/new/diabolicards").status_code == 404


def test_editing_needs_the_edit_token_in_a_header(client: TestClient) -> None:
    saved = _save(client).json()
    path = f"/api/decks/{saved['id']}"
    for headers, words in (({}, "needs its edit token"),
                           (_auth("not-the-token"), "not this deck's edit token"),
                           ({"Authorization": "Basic abc"}, "must be 'Bearer TOKEN'")):  # fmt: skip
        r = client.put(path, json={"name": "Stolen"}, headers=headers)
        assert r.status_code == 403 and words in r.json()["error"]
    r = client.put(f"{path}?edit={saved['token']}", json={"name": "Stolen"})
    assert r.status_code == 400 and "never goes in a URL" in r.json()["error"]
    assert client.get(path).json()["name"] == "Mine"  # unchanged
    r = client.put(path, json={"name": "Renamed", "text": "3 Snap"}, headers=_auth(saved["token"]))
    assert r.status_code == 200
    assert r.json()["name"] == "Renamed" and r.json()["cards"] == [{"card": SNAP, "count": 3}]
    assert r.json()["legal"] is False  # now a draft
    assert client.delete(path).status_code == 403
    assert client.delete(path, headers=_auth(saved["token"])).status_code == 200
    assert client.get(path).status_code == 404


def test_a_draft_is_kept_but_cannot_be_played(client: TestClient) -> None:
    r = _save(client, name="Half done", text="4 Snap\n2 Brood Sac")
    assert r.status_code == 201
    draft = r.json()
    assert draft["legal"] is False
    messages = [p["message"] for p in draft["problems"]]
    try:
        HEC.decks.parse("4 Snap\n2 Brood Sac", source="Half done")
    except Exception as exc:
        assert messages == str(exc).splitlines()  # the words of ossuary deck check
    four = next(p for p in draft["problems"] if "4 copies" in p["message"])
    assert four["cards"] == [SNAP]  # shown beside the card that is wrong
    size = next(p for p in draft["problems"] if "needs at least 40" in p["message"])
    assert size["cards"] == [] and size["line"] is None  # beside the count
    before = client.get("/api/games").json()
    r = client.post("/api/games", json={"seats": ["human", "easy"],
                                        "decks": [f"saved:{draft['id']}", None]})  # fmt: skip
    assert r.status_code == 400
    assert "has 4 copies of 'Snap'" in r.json()["error"]
    assert "A draft can be saved and shared, but not played" in r.json()["error"]
    assert client.get("/api/games").json() == before


def test_a_saved_deck_plays_in_a_game(client: TestClient, db_path: Path) -> None:
    text = NEC.decks.format(NEC.decks.preconstructed()["Crimson Court"])
    saved = _save(client, game="necromancer", name="Court", text=text).json()
    game = create(client, game="necromancer", seats=["human", "easy"],
                  decks=[f"saved:{saved['id']}", None], seed=4)  # fmt: skip
    from ossuary.server.storage import Store

    store = Store(f"sqlite:///{db_path}")
    try:
        record = store.load(game["id"])
    finally:
        store.close()
    assert record is not None
    assert sorted(record.decks[0]) == sorted(NEC.decks.parse(text))
    # another game's deck, or none, is refused saying so
    refusals = [
        (f"saved:{saved['id']}", "is a Path of the Necromancer deck, not a Hecatomb one"),
        ("saved:nosuchdeck", "no saved deck 'nosuchdeck'"),
    ]
    for deck, words in refusals:
        r = client.post("/api/games", json={"seats": ["human", "easy"], "decks": [deck, None]})
        assert r.status_code == 400 and words in r.json()["error"]


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"text": "3 Snapp"}, 400, "unknown card 'Snapp'; did you mean 'Snap'?"),
        ({"text": "99999999999999999999 Snap"}, 400, "more than a deck can hold"),
        ({"text": "x" * 20_000}, 422, "text: String should have at most 16384 characters"),
        ({"name": "two\nlines"}, 422, "one line of plain text"),
        ({"name": "x" * 81}, 422, "name: String should have at most 80 characters"),
        ({"name": ""}, 422, "name"),
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"game": "diabolicards", "text": "1 Razor"}, 400, "one shared deck"),
        ({"colour": "red"}, 422, "colour"),
    ],
)
def test_bad_decks_are_refused_clearly_and_nothing_is_saved(
    client: TestClient, db_path: Path, body: dict[str, Any], status: int, words: str
) -> None:
    r = _save(client, **body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    assert _rows(db_path) == []


def test_unknown_cards_come_with_suggestions_on_their_line(client: TestClient) -> None:
    r = _save(client, text="3 Brood Sac\n2 Snapp\n1 Gnawing Imp")
    problems = r.json()["problems"]
    unknown = next(p for p in problems if "unknown card" in p["message"])
    assert unknown["line"] == 2 and unknown["suggestions"] == [SNAP]
    # a name two Necromancer cards share: the player is told to say which
    r = client.post("/api/decks/check", json={"game": "necromancer", "text": "2 Bonewall"})
    shared = r.json()["problems"][0]
    assert shared["line"] == 1 and set(shared["suggestions"]) == {
        "Bonewall [minion]", "Bonewall [artifact]"
    }  # fmt: skip


def test_decks_per_client_are_bounded(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(deck_module, "MAX_DECKS_PER_CLIENT", 2)
    first = _save(client).json()
    assert _save(client).status_code == 201
    r = _save(client)
    assert r.status_code == 429 and "the most it keeps for one player" in r.json()["error"]
    client.delete(f"/api/decks/{first['id']}", headers=_auth(first["token"]))
    assert _save(client).status_code == 201


def test_the_check_says_what_each_problem_is_about(client: TestClient) -> None:
    body = {"game": "hecatomb", "name": "Mine", "text": "4 Snap\n3 Brood Sac"}
    r = client.post("/api/decks/check", json=body)
    check = r.json()
    assert check["ok"] is False and check["readable"] is True
    assert check["cards"] == [{"card": SNAP, "count": 4}, {"card": "Brood Sac", "count": 3}]
    again = counted(HEC.decks.read(check["text"])[0])  # its own format, in its own order
    assert sorted(again, key=str) == sorted(check["cards"], key=str)
    by_card = {c for p in check["problems"] for c in p["cards"]}
    assert by_card == {SNAP}
    assert check["message"].startswith("Mine has 7 cards")  # the deck called by its name


def test_an_old_database_gets_the_decks_table(tmp_path: Path) -> None:
    """A database made before saved decks: the server opens it and saves decks."""
    from sqlalchemy import create_engine

    from ossuary.server.storage import actions_table, games_table, metadata, seats_table

    db = tmp_path / "old.db"
    engine = create_engine(f"sqlite:///{db}")
    metadata.create_all(engine, tables=[games_table, seats_table, actions_table])
    engine.dispose()
    assert _rows_missing(db)
    with make_client(db) as client:
        assert _save(client).status_code == 201
    assert len(_rows(db)) == 1


def test_decks_are_kept_in_postgresql_too(postgres_url: str) -> None:
    from ossuary.server import ServerConfig, create_app

    with TestClient(create_app(ServerConfig(db_url=postgres_url, ai_workers=0))) as client:
        saved = _save(client, name="Kept in PostgreSQL").json()
        path = f"/api/decks/{saved['id']}"
        assert client.get(path).json()["cards"] == counted(HEC.decks.parse(LEGAL))
        r = client.put(path, json={"text": "2 Snap"}, headers=_auth(saved["token"]))
        assert r.json()["legal"] is False
        assert client.put(path, json={"text": "x"}).status_code == 403
        assert client.delete(path, headers=_auth(saved["token"])).status_code == 200
        assert client.get(path).status_code == 404


def _rows_missing(db: Path) -> bool:
    with sqlite3.connect(db) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    return "decks" not in names


def test_the_gallery_data_filters_as_ossuary_cards_does(client: TestClient) -> None:
    from ossuary.cli.cards_cmd import search

    for name in games.names():
        game = games.get(name)
        data = client.get(f"/api/catalog/{name}/gallery").json()
        assert len(data["cards"]) == len(game.cards.records())
        assert data["deck_lists"] is (name != "diabolicards")
        for f in data["filters"]:
            for value in f["values"][:3]:
                cli = {r.get("key") or r["name"] for r in search(game, game.cards.records(), "",
                                                                 {f["field"]: value})}  # fmt: skip
                web = {c["key"] for c in data["cards"] if value in c["match"].get(f["field"], [])}
                assert web == cli, (name, f["field"], value)
        assert {g["term"] for g in data["glossary"]} == {t for t, _ in game.lessons.glossary()}
    assert client.get("/api/catalog/chess/gallery").status_code == 404
    for path in ("/cards/hecatomb", "/cards/necromancer/card/Bonewall%20%5Bartifact%5D",
                 "/rules/diabolicards", "/static/gallery.js", "/static/builder.js",
                 "/static/cardlib.js", "/static/charts.js", "/static/mydecks.js"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 200, path
        assert "http://" not in r.text and "https://" not in r.text, path  # nothing from elsewhere
    assert client.get("/cards/chess").status_code == 404


# -- random input --------------------------------------------------------------------------------
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)
NAMES = sorted({c["name"] for c in HEC.cards.records()})
LINE = st.one_of(
    st.builds(lambda n, c: f"{n} {c}", st.integers(-3, 120), st.sampled_from(NAMES)),
    st.builds(lambda n, c: f"{n}x {c.upper()}", st.integers(0, 5), st.sampled_from(NAMES)),
    st.sampled_from(["", "// a comment", "Deck", "Sideboard", "SB: 2 Snap", "Hero: Snap"]),
    st.text(max_size=40),
)


@pytest.fixture(scope="module")
def shared(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    with make_client(tmp_path_factory.mktemp("decks") / "decks.db") as c:
        yield c


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(body=JSON)
def test_random_bodies_never_crash_the_deck_api(shared: TestClient, body: object) -> None:
    for method, path in (("post", "/api/decks"), ("put", "/api/decks/abc"),
                         ("post", "/api/decks/check"), ("post", "/api/trials")):  # fmt: skip
        r = shared.request(method.upper(), path, json=body)
        assert r.status_code in (200, 201, 400, 403, 404, 422, 429, 501), (path, r.text)
        assert r.status_code < 300 or isinstance(r.json()["error"], str)
        if path == "/api/trials" and r.status_code == 201:
            shared.post(f"/api/trials/{r.json()['id']}/stop")


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(LINE, max_size=30), name=st.text(min_size=1, max_size=30))
def test_a_random_deck_is_saved_as_read_or_refused_as_unreadable(
    shared: TestClient, lines: list[str], name: str
) -> None:
    """Whatever the text: saved (legal or a draft, exactly as the deck rules
    say) or refused with the lines that can't be read; never a crash, and a
    saved deck reads back as saved."""
    text = "\n".join(lines)
    r = _save(shared, name=name, text=text)
    if r.status_code == 422:  # a name that is no one line, or a list that is no plain text
        assert "name" in r.json()["error"] or "plain text" in r.json()["error"]
        return
    try:
        cards, problems = HEC.decks.read(text, name.strip())
    except Exception:
        assert r.status_code == 400, r.text
        problems = r.json()["problems"]
        assert problems and all(isinstance(p["message"], str) for p in problems)
        return
    assert r.status_code == 201, r.text
    saved = r.json()
    assert saved["legal"] is (not problems)
    got = shared.get(f"/api/decks/{saved['id']}").json()
    assert got["text"] == text.strip() and got["cards"] == counted(cards)
    shared.delete(f"/api/decks/{saved['id']}", headers=_auth(saved["token"]))
