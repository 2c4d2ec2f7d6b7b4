"""Accounts through the API: sign up, sign in, sign out, who is signed in,
the CSRF rule, and an old database opened by this server (docs/server.md,
"Accounts"). Attacks on a real server are in test_account_attacks.py."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from ossuary.server.accounts import COOKIE, CSRF_HEADER, new_session
from ossuary.server.storage import AccountRow, Store

PASSWORD = "correct horse battery"


def sign_up(client: TestClient, name: str, password: str = PASSWORD) -> dict[str, Any]:
    r = client.post("/api/accounts", json={"username": name, "password": password})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def test_sign_up_sign_out_sign_in_and_who_is_signed_in(client: TestClient) -> None:
    assert client.get("/api/session").json() == {"account": None, "csrf": None}
    made = sign_up(client, "Alice_1")
    assert made["account"]["username"] == "Alice_1"
    assert made["account"]["id"] != "Alice_1"  # opaque: a rename or a delete keeps history
    cookie = client.cookies.get(COOKIE)
    assert cookie and cookie != made["csrf"]
    now = client.get("/api/session").json()
    assert now == made  # the same account and CSRF token, from the cookie alone

    # signing out is a state change the cookie authenticates: it needs the token
    assert client.delete("/api/sessions").status_code == 403
    r = client.delete("/api/sessions", headers={CSRF_HEADER: made["csrf"]})
    assert r.status_code == 200
    assert client.get("/api/session").json()["account"] is None
    client.cookies.clear()
    client.cookies.set(COOKIE, cookie)  # the old cookie kept by someone: dead
    assert client.get("/api/session").json()["account"] is None

    # names are compared in lower case; the password exactly
    r = client.post("/api/sessions", json={"username": "alice_1", "password": PASSWORD})
    assert r.status_code == 200, r.text
    assert r.json()["account"] == made["account"]
    assert r.cookies.get(COOKIE) not in (None, cookie)  # a new session id


def test_wrong_password_and_unknown_name_get_the_same_answer(client: TestClient) -> None:
    sign_up(client, "bob")
    client.cookies.clear()
    wrong = client.post("/api/sessions", json={"username": "bob", "password": "not-the-one"})
    unknown = client.post("/api/sessions", json={"username": "nobody", "password": "not-the-one"})
    assert wrong.status_code == unknown.status_code == 401
    assert wrong.json() == unknown.json() == {"error": "wrong username or password"}
    assert COOKIE not in wrong.headers.get("set-cookie", "")


def test_usernames_and_passwords_follow_the_rules(client: TestClient) -> None:
    for name in ("ab", "a" * 21, "has space", "émile", "semi;colon"):
        r = client.post("/api/accounts", json={"username": name, "password": PASSWORD})
        assert r.status_code == 400 and "a username is 3 to 20" in r.json()["error"], name
    for password in ("short", "x" * 201):
        r = client.post("/api/accounts", json={"username": "carol", "password": password})
        assert r.status_code in (400, 422), password
    r = client.post("/api/accounts", json={"username": "carol", "password": "1234567"})
    assert r.status_code == 400 and "8 to 200 characters" in r.json()["error"]
    sign_up(client, "Carol")
    client.cookies.clear()
    r = client.post("/api/accounts", json={"username": "CAROL", "password": PASSWORD})
    assert r.status_code == 409 and "taken" in r.json()["error"]
    r = client.post("/api/accounts", json={"username": "dave", "password": PASSWORD, "x": 1})
    assert r.status_code == 422  # unknown fields are refused, as everywhere in the API


def test_a_page_of_another_site_can_neither_sign_in_nor_act_signed_in(
    client: TestClient,
) -> None:
    evil = {"Origin": "https://evil.example"}
    body = {"username": "erin", "password": PASSWORD}
    assert client.post("/api/accounts", json=body, headers=evil).status_code == 403
    made = sign_up(client, "erin")
    token = made["csrf"]
    # the right token from the wrong origin (or referring page) is still refused
    for headers in (evil, {"Referer": "http://evil.example/page"},
                    {"Origin": "http://testserver:8080"}):  # fmt: skip
        r = client.delete("/api/sessions", headers={**headers, CSRF_HEADER: token})
        assert r.status_code == 403, headers
        assert "another site" in r.json()["error"]
    r = client.delete("/api/sessions", headers={CSRF_HEADER: "not-the-token"})
    assert r.status_code == 403 and CSRF_HEADER in r.json()["error"]
    assert client.get("/api/session").json()["account"]["username"] == "erin"
    ours = {"Origin": "http://testserver", CSRF_HEADER: token}
    assert client.delete("/api/sessions", headers=ours).status_code == 200


def test_an_old_database_gets_the_account_tables_and_columns(tmp_path: Path) -> None:
    """A file made by the schema before accounts (its DDL as it was), opened by
    this server: the new tables and columns appear, old rows are guests'."""
    path = tmp_path / "old.db"
    with sqlite3.connect(path) as conn:
        conn.executescript(OLD_SCHEMA)
        conn.execute(
            "INSERT INTO games VALUES ('g1', 'hecatomb', '1', 1.0, '[[], []]', 7, NULL, '{}', "
            "'finished', 0, NULL, 2.0, NULL, NULL)"
        )
        conn.execute("INSERT INTO seats VALUES ('g1', 0, 'human', 'human', NULL, 1)")
        conn.execute("INSERT INTO seats VALUES ('g1', 1, 'human', 'human', NULL, 1)")
        conn.execute("INSERT INTO decks VALUES ('d1', 'hecatomb', 'Old', '', 0, 'h', NULL, 1, 1)")
    store = Store(f"sqlite:///{path}")
    try:
        record = store.load("g1")
        assert record is not None and [s.account_id for s in record.seats] == [None, None]
        deck = store.load_deck("d1")
        assert deck is not None and deck.account_id is None
        store.create_account(AccountRow("a1", "Frank", "frank", "x", 1.0), new_session("a1").row)
        assert store.bind_seat("g1", 1, "a1")
        assert not store.bind_seat("g1", 1, "someone-else")  # held: not taken over
    finally:
        store.close()
    store = Store(f"sqlite:///{path}")  # again: the migration is idempotent
    try:
        [(game, seats)] = store.account_seats("a1")
        assert game.id == "g1" and seats == [1]
        found = store.find_account("FRANK".lower())
        assert found is not None and found.username == "Frank"
    finally:
        store.close()
    with sqlite3.connect(path) as conn:
        indexes = {r[1] for r in conn.execute("SELECT * FROM sqlite_master WHERE type='index'")}
    assert {"ix_seats_account_id", "ix_decks_account_id"} <= indexes


# the tables an account-less server made (SQLAlchemy's DDL for them, as it was)
OLD_SCHEMA = """
CREATE TABLE games ( id VARCHAR(32) NOT NULL, game VARCHAR(40) NOT NULL, version VARCHAR(20)
  NOT NULL, created FLOAT NOT NULL, decks TEXT NOT NULL, seed BIGINT NOT NULL, first INTEGER,
  options TEXT NOT NULL, status VARCHAR(16) NOT NULL, winner INTEGER, result TEXT, finished
  FLOAT, creator VARCHAR(64), resigned INTEGER, PRIMARY KEY (id) );
CREATE TABLE seats ( game_id VARCHAR(32) NOT NULL, seat INTEGER NOT NULL, kind VARCHAR(60)
  NOT NULL, controller VARCHAR(60) NOT NULL, token_hash VARCHAR(64), claimed BOOLEAN NOT NULL,
  PRIMARY KEY (game_id, seat), FOREIGN KEY(game_id) REFERENCES games (id) );
CREATE TABLE actions ( game_id VARCHAR(32) NOT NULL, n INTEGER NOT NULL, seat INTEGER NOT
  NULL, action VARCHAR(200) NOT NULL, "by" VARCHAR(60) NOT NULL, at FLOAT NOT NULL, digest
  VARCHAR(16), PRIMARY KEY (game_id, n), FOREIGN KEY(game_id) REFERENCES games (id) );
CREATE TABLE decks ( id VARCHAR(32) NOT NULL, game VARCHAR(40) NOT NULL, name VARCHAR(100)
  NOT NULL, text TEXT NOT NULL, legal BOOLEAN NOT NULL, token_hash VARCHAR(64) NOT NULL,
  creator VARCHAR(64), created FLOAT NOT NULL, updated FLOAT NOT NULL, PRIMARY KEY (id) );
"""


def _headers(made: dict[str, Any]) -> dict[str, str]:
    return {CSRF_HEADER: made["csrf"]}


def test_change_password_signs_out_the_other_browsers(client: TestClient) -> None:
    made = sign_up(client, "grace")
    other = TestClient(client.app)  # a second browser, signed in to the same account
    r = other.post("/api/sessions", json={"username": "grace", "password": PASSWORD})
    assert r.status_code == 200
    body = {"old_password": "not my password", "new_password": "a new one, longer"}
    r = client.put("/api/account/password", json=body, headers=_headers(made))
    assert r.status_code == 403 and r.json() == {"error": "that is not your password"}
    body["old_password"] = PASSWORD
    assert client.put("/api/account/password", json=body).status_code == 403  # no CSRF token
    r = client.put("/api/account/password", json=body, headers=_headers(made))
    assert r.status_code == 200, r.text
    assert client.get("/api/session").json()["account"]["username"] == "grace"  # this one stays
    assert other.get("/api/session").json()["account"] is None  # the other is signed out
    for password, status in ((PASSWORD, 401), ("a new one, longer", 200)):
        r = other.post("/api/sessions", json={"username": "grace", "password": password})
        assert r.status_code == status


def test_a_deleted_account_frees_its_name_and_its_games_stay(client: TestClient) -> None:
    made = sign_up(client, "heidi")
    game = client.post("/api/games", json={"seats": ["human", "human"]}, headers=_headers(made))
    assert game.status_code == 201
    gid = game.json()["id"]
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    assert [s.account_id for s in store.load_seats(gid)] == [made["account"]["id"], None]
    exported = client.get("/api/account/export")
    assert exported.status_code == 200 and "attachment" in exported.headers["content-disposition"]
    data = exported.json()
    assert data["account"]["username"] == "heidi"
    assert [(g["id"], g["seats"]) for g in data["games"]] == [(gid, [0])]

    r = client.request("DELETE", "/api/account", json={"password": "wrong password"},
                       headers=_headers(made))  # fmt: skip
    assert r.status_code == 403
    r = client.request("DELETE", "/api/account", json={"password": PASSWORD},
                       headers=_headers(made))  # fmt: skip
    assert r.status_code == 200, r.text
    assert client.get("/api/session").json()["account"] is None
    assert client.get("/api/account/export").status_code == 401
    # the game keeps its seat, held by an account that has no name now
    assert [s.account_id for s in store.load_seats(gid)] == [made["account"]["id"], None]
    assert store.account_names([made["account"]["id"]]) == {made["account"]["id"]: None}
    r = client.post("/api/sessions", json={"username": "heidi", "password": PASSWORD})
    assert r.status_code == 401
    again = sign_up(client, "Heidi")  # the name is free again: a new account
    assert again["account"]["id"] != made["account"]["id"]


def test_a_seat_joins_the_account_of_whoever_holds_it(client: TestClient) -> None:
    # a guest makes a public game, then signs up mid-game and keeps the seat
    game = client.post("/api/games", json={"seats": ["human", "human"], "public": True}).json()
    gid, token = game["id"], game["seats"][0]["token"]
    store = client.app.state.services.db.store  # type: ignore[attr-defined]
    assert store.load_seats(gid)[0].account_id is None  # guests play exactly as before
    ivan = sign_up(client, "ivan")
    path = f"/api/games/{gid}/seat/account"
    bearer = {"Authorization": f"Bearer {token}"}
    assert client.post(path, headers=bearer).status_code == 403  # no CSRF token
    r = client.post(path, headers={**bearer, **_headers(ivan)})
    assert r.status_code == 200 and r.json() == {"game": gid, "seat": 0, "account": "ivan"}
    assert client.post(path, headers={**bearer, **_headers(ivan)}).status_code == 200  # again: ok
    # ivan can't take the other seat too (one account, one seat)
    r = client.post(f"/api/games/{gid}/join", headers=_headers(ivan))
    assert r.status_code == 409
    # judy joins the open seat signed in: it is hers; she can't take ivan's seat
    judy_browser = TestClient(client.app)
    judy = sign_up(judy_browser, "judy")
    r = judy_browser.post(f"/api/games/{gid}/join", headers=_headers(judy))
    assert r.status_code == 200 and r.json()["seat"] == 1
    r = judy_browser.post(path, headers={**bearer, **_headers(judy)})
    assert r.status_code == 409
    r = judy_browser.post(path, headers={"Authorization": "Bearer not-a-seat", **_headers(judy)})
    assert r.status_code == 403
    ids = [ivan["account"]["id"], judy["account"]["id"]]
    assert [s.account_id for s in store.load_seats(gid)] == ids
    live = client.app.state.hub.live[gid]  # type: ignore[attr-defined]
    assert [s.account_id for s in live.record.seats] == ids


def test_saved_decks_belong_to_the_signed_in_account(client: TestClient) -> None:
    kim = sign_up(client, "kim")
    deck = {"game": "hecatomb", "name": "Mine", "text": "3 Snap"}
    r = client.post("/api/decks", json=deck, headers=_headers(kim))
    assert r.status_code == 201
    path = f"/api/decks/{r.json()['id']}"
    # the account edits it without the edit link, with its CSRF token
    assert client.put(path, json={"name": "Renamed"}).status_code == 403
    r = client.put(path, json={"name": "Renamed"}, headers=_headers(kim))
    assert r.status_code == 200 and r.json()["name"] == "Renamed"
    assert client.get("/api/account/export").json()["decks"][0]["name"] == "Renamed"
    # another account may not
    other = TestClient(client.app)
    leo = sign_up(other, "leo")
    assert other.put(path, json={"name": "Mine now"}, headers=_headers(leo)).status_code == 403
    assert other.delete(path, headers=_headers(leo)).status_code == 403
    assert client.delete(path, headers=_headers(kim)).status_code == 200
    # a guest's deck keeps its edit link, as before
    r = other.post("/api/decks", json=deck)
    assert r.status_code == 201 and r.json()["edit"].endswith(r.json()["token"])
