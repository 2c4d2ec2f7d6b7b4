"""Deck checks and saves within bounds (docs/server.md, "Limits"): answers
that grow with a deck's lines, not its copies; checks off the event loop and
rate-limited; a NUL refused by the server's own check; and the limits on
decks and games per client counted and written in one transaction, so
concurrent requests can't pass them."""

from __future__ import annotations

import json
import sqlite3
import threading
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ossuary import games
from ossuary.server import decks as deck_module

from .conftest import make_client

HEC = games.get("hecatomb")
NAMES = sorted({c["name"] for c in HEC.cards.records()})


def test_a_check_answers_each_card_once_with_its_count(client: TestClient) -> None:
    # 99 copies of each of many cards: an answer with one name per copy was
    # hundreds of times the size of what was sent
    text = "\n".join(f"99 {name}" for name in NAMES[:60])
    r = client.post("/api/decks/check", json={"game": "hecatomb", "text": text})
    assert r.status_code == 200
    answer = r.json()
    assert answer["cards"] == [{"card": name, "count": 99} for name in NAMES[:60]]
    assert len(r.content) < 10 * len(text), (len(r.content), len(text))


def test_a_deck_is_checked_off_the_event_loop(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    seen: list[str] = []
    real = deck_module.check

    def check(*args: object) -> object:
        seen.append(threading.current_thread().name)
        return real(*args)  # type: ignore[arg-type]

    monkeypatch.setattr(deck_module, "check", check)
    loop_thread = client.portal.call(lambda: threading.current_thread().name)  # type: ignore[union-attr]
    assert client.post("/api/decks/check", json={"text": "3 Snap"}).status_code == 200
    assert seen and all(name != loop_thread for name in seen)


def test_deck_checks_are_rate_limited_per_client(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db", deck_checks_per_second=0.01, deck_checks_burst=3) as c:
        codes = [c.post("/api/decks/check", json={"text": "3 Snap"}).status_code for _ in range(3)]
        assert codes == [200, 200, 200]
        r = c.post("/api/decks/check", json={"text": "3 Snap"})
        assert r.status_code == 429 and "too many deck checks" in r.json()["error"]
        # saving checks too: it counts against the same allowance
        r = c.post("/api/decks", json={"game": "hecatomb", "name": "x", "text": "3 Snap"})
        assert r.status_code == 429


@pytest.mark.parametrize("path", ["/api/decks/check", "/api/decks", "/api/trials"])
def test_a_nul_in_a_deck_list_is_refused_by_the_servers_own_check(
    client: TestClient, db_path: Path, path: str
) -> None:
    body = {"game": "hecatomb", "name": "Mine", "text": "3 Snap\n2 Brood\x00 Sac"}
    if path != "/api/decks":
        del body["name"]
    r = client.post(path, json=body)
    assert r.status_code == 422, r.text
    assert "plain text" in r.json()["error"] and "line 2" in r.json()["error"]
    assert "U+0000" in r.json()["error"]
    with sqlite3.connect(db_path) as db:
        assert db.execute("SELECT count(*) FROM decks").fetchone() == (0,)


def test_an_edit_with_a_nul_is_refused_and_changes_nothing(client: TestClient) -> None:
    saved = client.post("/api/decks", json={"game": "hecatomb", "name": "M", "text": "3 Snap"})
    deck = saved.json()
    r = client.put(f"/api/decks/{deck['id']}", json={"text": "3 Snap\x00"},
                   headers={"Authorization": f"Bearer {deck['token']}"})  # fmt: skip
    assert r.status_code == 422 and "plain text" in r.json()["error"]
    assert client.get(f"/api/decks/{deck['id']}").json()["text"] == "3 Snap"


def _fill_decks(db: Path, client_host: str, n: int) -> None:
    """``n`` decks saved by ``client_host``, written straight to the database."""
    from ossuary.server.storage import DeckRecord, Store

    store = Store(f"sqlite:///{db}")
    key = deck_module.client_key(client_host)
    for i in range(n):
        store.save_deck(DeckRecord(f"d{i}", "hecatomb", "x", "3 Snap", False, "h", key, 0.0, 0.0))
    store.close()


def test_concurrent_saves_stop_at_the_limit_on_decks(tmp_path: Path) -> None:
    db = tmp_path / "g.db"
    limit = deck_module.MAX_DECKS_PER_CLIENT
    _fill_decks(db, "testclient", limit - 3)
    with make_client(db) as c:
        body = {"game": "hecatomb", "name": "Mine", "text": "3 Snap"}
        with ThreadPoolExecutor(12) as pool:
            codes = list(pool.map(lambda _: c.post("/api/decks", json=body).status_code,
                                  range(12)))  # fmt: skip
    assert sorted(codes) == [201] * 3 + [429] * 9, codes
    with sqlite3.connect(db) as conn:
        assert conn.execute("SELECT count(*) FROM decks").fetchone() == (limit,)


def test_concurrent_creates_stop_at_the_limit_on_games(tmp_path: Path) -> None:
    with make_client(tmp_path / "g.db", max_live_games=3) as c:
        body = {"game": "hecatomb", "seats": ["human", "human"]}
        with ThreadPoolExecutor(10) as pool:
            answers = list(pool.map(lambda _: c.post("/api/games", json=body), range(10)))
        codes = sorted(r.status_code for r in answers)
        assert codes == [201] * 3 + [429] * 7, codes
        refused = next(r for r in answers if r.status_code == 429)
        assert "3 games in progress" in refused.json()["error"]
        listed = c.get("/api/games").json()
        assert len(listed["playing"]) == 3, json.dumps(listed)[:300]
