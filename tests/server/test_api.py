"""The REST API (docs/server.md): creating games, the lobby's lists and catalogue,
deck checks, and refusals of bad requests that change nothing."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import quote

from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ossuary import games
from ossuary.engine.game import Game

from ..agents.test_learned import SERVED, SHIPPED_TABLES
from .conftest import create
from .helpers import seat_socket


def test_create_answers_id_tokens_links_and_spectator_link(client: TestClient) -> None:
    game = create(client, seats=["human", "normal"], seed=11)
    assert game["id"] and game["game"] == "hecatomb"
    # one token and link per human seat (the contract: seats: [{"seat", "token"}])
    assert [s["seat"] for s in game["seats"]] == [0]
    token = game["seats"][0]["token"]
    assert len(token) >= 24
    assert game["seats"][0]["link"] == f"/g/{game['id']}#token={token}"
    assert game["spectate"] == f"/g/{game['id']}"
    assert [p["kind"] for p in game["players"]] == ["human", "ismcts:1"]
    assert game["seed"] == 11  # echoed because the creator chose it


def test_null_decks_and_a_seed_give_the_same_game_as_new_game(client: TestClient) -> None:
    hecatomb = games.get("hecatomb")
    game = create(client, decks=None, seed=7)
    token = game["seats"][0]["token"]
    with seat_socket(client, game["id"], token) as ws:
        ws.receive_json()  # hello
        state = ws.receive_json()
    expected = hecatomb.new_game(decks=None, seats=2, seed=7).view(0)
    assert state["view"] == expected


def test_decks_by_name_pasted_list_or_default_per_seat(client: TestClient) -> None:
    hecatomb = games.get("hecatomb")
    names = list(hecatomb.decks.preconstructed())
    pasted = hecatomb.decks.format(hecatomb.decks.preconstructed()[names[2]])
    game = create(client, decks=[names[1].lower(), pasted], seed=3)
    record = client.app.state.hub.live[game["id"]].record  # type: ignore[attr-defined]
    assert record.decks[0] == hecatomb.decks.preconstructed()[names[1]]
    assert sorted(record.decks[1]) == sorted(hecatomb.decks.preconstructed()[names[2]])
    default = hecatomb.new_game(seats=2, seed=3).deck_lists()
    game = create(client, decks=[None, names[0]], seed=3)
    record = client.app.state.hub.live[game["id"]].record  # type: ignore[attr-defined]
    assert record.decks[0] == default[0]


def test_bad_decks_are_refused_with_the_deck_rules_message(client: TestClient) -> None:
    r = client.post("/api/games", json={"seats": ["human", "human"], "decks": ["Nope", None]})
    assert r.status_code == 400
    assert "neither a preconstructed deck" in r.json()["error"]
    # the seat named as the lobby's form names its row (issue 35 §6: not "seat 0's deck")
    assert r.json()["error"].startswith("Player 1's deck: 'Nope'")
    r = client.post(
        "/api/games", json={"seats": ["human", "human"], "decks": ["3 Brood Sac\n2 Nope", None]}
    )
    assert r.status_code == 400 and "unknown card 'Nope'" in r.json()["error"]
    r = client.post("/api/games", json={"seats": ["human", "human"], "decks": [None]})
    assert r.status_code == 400 and "2 seats need 2 decks" in r.json()["error"]


def test_deck_check_gives_the_same_messages_as_ossuary_deck_check(client: TestClient) -> None:
    hecatomb = games.get("hecatomb")
    bad = "3 Brood Sac\n2 Nope\n"
    try:
        hecatomb.decks.parse(bad, source="pasted deck")
    except Exception as exc:
        expected = str(exc)
    r = client.post("/api/decks/check", json={"game": "hecatomb", "text": bad})
    assert r.json()["ok"] is False and r.json()["message"] == expected
    good = hecatomb.decks.format(next(iter(hecatomb.decks.preconstructed().values())))
    r = client.post("/api/decks/check", json={"text": good}).json()
    assert r["ok"] and r["message"] == "pasted deck: a legal Hecatomb deck"
    assert "Cards" in r["summary"]
    assert sum(c["count"] for c in r["cards"]) == len(hecatomb.decks.parse(good))


def test_catalogue_lists_every_registered_game_generically(client: TestClient) -> None:
    data = client.get("/api/catalog").json()
    listed = {g["name"]: g for g in data["games"]}
    for name in games.names():
        game: Game = games.get(name)
        entry = listed[name]
        assert entry["title"] == game.title
        assert entry["seat_counts"] == list(game.seat_counts)
        assert entry["modes"] == dict(game.modes)
        assert [d["name"] for d in entry["decks"]] == list(game.decks.preconstructed())
    assert listed["hecatomb"]["board"] == "/boards/hecatomb/board.js"
    # the shipped learned policies are offered for the tables they were trained for
    assert set(data["ai_levels"]) == {"easy", "normal", "hard", "learned"}
    assert sorted(data["ai_tables"]["learned"]) == sorted(
        f"{g}:{n}" for g, n in (*SHIPPED_TABLES, *SERVED)
    )
    assert "hecatomb:3" in data["ai_tables"]["learned"]
    cards = client.get("/api/catalog/hecatomb/cards").json()["cards"]
    assert len(cards) == len(games.get("hecatomb").cards.records())


def test_the_card_panel_has_a_name_in_words_for_every_field(client: TestClient) -> None:
    # issue 30 §2: the panel showed raw field names ("minion_type")
    for name in games.names():
        data = client.get(f"/api/catalog/{name}/cards").json()
        fields = data["fields"]
        for card in data["cards"]:
            for key in card:
                assert key in fields, (name, key)
                assert re.fullmatch(r"[A-Z#][a-z ]*", fields[key]), (name, key, fields[key])
    assert data["fields"]["linked_zone"] == "Linked to"  # the game's own heading first


def test_the_ai_levels_are_those_of_ossuary_play() -> None:
    from ossuary.cli.play import AI_LEVELS as CLI_LEVELS
    from ossuary.server import ai

    ai.offer_policies()  # what a server started without --policy offers
    assert ai.levels() == CLI_LEVELS


def test_pages_and_board_files_are_served_with_nothing_from_elsewhere(client: TestClient) -> None:
    for path in ("/", "/g/abc", "/static/game.js", "/static/lobby.js", "/static/style.css",
                 "/static/generic-board.js", "/boards/hecatomb/board.js",
                 "/boards/hecatomb/board.css"):  # fmt: skip
        r = client.get(path)
        assert r.status_code == 200, path
        assert "http://" not in r.text and "https://" not in r.text, path  # no CDN
    assert client.get("/boards/hecatomb/..%2Fentry.py").status_code == 404
    assert client.get("/boards/hecatomb/entry.py").status_code == 404
    assert client.get("/boards/nosuchgame/board.js").status_code == 404


def test_lists_open_playing_and_finished_games(client: TestClient) -> None:
    public = create(client, seats=["human", "human"], public=True)
    private = create(client, seats=["human", "easy"])
    lists = client.get("/api/games").json()
    assert [g["id"] for g in lists["open"]] == [public["id"]]
    assert {g["id"] for g in lists["playing"]} == {public["id"], private["id"]}
    text = str(lists)
    assert public["seats"][0]["token"] not in text and "token_hash" not in text


def test_join_takes_a_free_seat_of_a_public_game_only(client: TestClient) -> None:
    public = create(client, seats=["human", "human"], public=True)
    r = client.post(f"/api/games/{public['id']}/join")
    joined = r.json()
    # the creator's seat is the creator's link's: a stranger gets the open one
    assert r.status_code == 200 and joined["seat"] == 1
    assert joined["token"] != public["seats"][0]["token"]
    r = client.post(f"/api/games/{public['id']}/join")
    assert r.status_code == 409 and "taken" in r.json()["error"]
    private = create(client)
    assert client.post(f"/api/games/{private['id']}/join").status_code == 403


def test_invalid_requests_get_a_clear_error_and_change_nothing(client: TestClient) -> None:
    before = client.get("/api/games").json()
    cases = [
        ({"game": "chess"}, 400, "unknown game 'chess'"),
        ({"seats": ["human"] * 9}, 422, "seats"),
        ({"seats": ["human", "wizard"]}, 400, "Player 2: unknown agent 'wizard'"),
        ({"seats": ["human"] * 7}, 400, "Hecatomb is for 2 to 6 players"),
        ({"seats": ["human", "human"], "seed": -1}, 422, "seed"),
        ({"seats": ["human", "human"], "mode": "2v2"}, 400, "no mode '2v2'"),
        ({"seats": ["human", "human"], "colour": "red"}, 422, "colour"),
        ({"seats": ["human", "human"], "turn_seconds": 1}, 422, "turn_seconds"),
        ({"seats": "human"}, 422, "seats"),
    ]
    for body, status, words in cases:
        r = client.post("/api/games", json=body)
        assert r.status_code == status, (body, r.text)
        assert words in r.json()["error"], (body, r.json())
    json_type = {"content-type": "application/json"}
    r = client.post("/api/games", content=b"{not json", headers=json_type)
    assert r.status_code == 422 and r.json()["error"]
    r = client.post("/api/games", content=b"x" * 300_000, headers=json_type)
    assert r.status_code == 413 and "too large" in r.json()["error"]
    r = client.post("/api/decks/check", json={"text": "1 x\n" * 20_000})
    assert r.status_code == 422
    assert client.get("/api/games/nosuchgame").status_code == 404
    assert client.get("/api/games/bad%20id!").status_code == 404
    assert client.get("/api/games").json() == before


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=30),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4)
    ),
    max_leaves=12,
)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(body=JSON)
def test_random_request_bodies_never_crash_the_server(client: TestClient, body: object) -> None:
    r = client.post("/api/games", json=body)
    assert r.status_code in (201, 400, 422), r.text
    assert r.status_code == 201 or isinstance(r.json()["error"], str)
    r = client.post("/api/decks/check", json=body)
    assert r.status_code in (200, 400, 404, 422)
    # the accounts' and the queue's bodies: refused in words, or (a body that
    # happens to be a good sign-up) served; a guest never queues
    for path in ("/api/accounts", "/api/sessions", "/api/queue"):
        r = client.post(path, json=body)
        assert r.status_code in (201, 400, 401, 403, 422, 429), (path, r.text)
        assert r.status_code == 201 or isinstance(r.json()["error"], str), (path, r.text)


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(name=st.text(max_size=40), mode=st.text(max_size=20))
def test_random_names_and_modes_get_an_answer_in_words(
    client: TestClient, name: str, mode: str
) -> None:
    r = client.get("/api/players/" + quote(name, safe=""))
    assert r.status_code in (200, 400, 404), r.text
    assert r.status_code == 200 or isinstance(r.json()["error"], str)
    r = client.get("/api/leaderboard", params={"game": name, "mode": mode})
    assert r.status_code in (200, 400, 404), r.text
    assert r.status_code == 200 or isinstance(r.json()["error"], str)


def test_a_bad_database_url_is_a_clear_error(tmp_path: Path) -> None:
    import pytest

    from ossuary.server.storage import StorageError, Store

    with pytest.raises(StorageError, match="cannot open the database"):
        Store("nosuchdriver://user:secret@127.0.0.1/x")
    try:
        Store("nosuchdriver://user:secret@127.0.0.1/x")
    except StorageError as exc:
        assert "secret" not in str(exc)
