"""Profiles and leaderboards through the API (docs/server.md, "Ratings"): a
rated game between two accounts moves both ratings, its players are told at
its end, the profile lists it with the opponent and the replay and holds
nothing private, and a deleted account shows as "deleted player"."""

from __future__ import annotations

import json
from typing import Any

from fastapi.testclient import TestClient

from ossuary.server.accounts import CSRF_HEADER

from .helpers import Seat, seat_socket
from .test_accounts import PASSWORD, sign_up


def _bind(client: TestClient, game_id: str, token: str, csrf: str) -> None:
    r = client.post(f"/api/games/{game_id}/seat/account",
                    headers={"Authorization": f"Bearer {token}", CSRF_HEADER: csrf})  # fmt: skip
    assert r.status_code == 200, r.text


def _rated_game(client: TestClient, csrf: str, **body: Any) -> dict[str, Any]:
    """A rated game made by the signed-in account of ``client`` (its first seat)."""
    body = {"game": "hecatomb", "seats": ["human", "human"], "seed": 7, "rated": True, **body}
    r = client.post("/api/games", json=body, headers={CSRF_HEADER: csrf})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def _ratings_message(seat: Seat) -> dict[str, Any]:
    for _ in range(50):
        msg = seat.recv()
        if msg["type"] == "ratings":
            return msg
    raise AssertionError("no ratings came")


def test_a_rated_game_moves_both_ratings_and_shows_on_the_profiles(client: TestClient) -> None:
    bob_client = TestClient(client.app)  # a second browser: cookies of its own
    alice = sign_up(client, "alice")
    bob = sign_up(bob_client, "Bob")
    game = _rated_game(client, alice["csrf"])  # alice holds the first seat
    _bind(bob_client, game["id"], game["seats"][1]["token"], bob["csrf"])
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws0, \
            seat_socket(client, game["id"], game["seats"][1]["token"]) as ws1:  # fmt: skip
        me, them = Seat(ws0), Seat(ws1)
        for s in (me, them):
            s.until("state")
        ws0.send_json({"type": "resign"})
        mine, theirs = _ratings_message(me), _ratings_message(them)
    assert mine["lines"][0].startswith("Your rating: 14") and mine["lines"][0].endswith(")")
    assert "(-" in mine["lines"][0] and mine["lines"][1].startswith("Bob's rating: 15")
    assert theirs["lines"][0].startswith("Your rating: 15") and "(+" in theirs["lines"][0]

    prof = client.get("/api/players/bob").json()  # names are found in any case
    assert prof["username"] == "Bob"
    (rating,) = prof["ratings"]
    assert rating["game"] == "hecatomb" and rating["mode"] == "2 players"
    assert rating["rating"] > 1500 and rating["shown"].endswith("?") and rating["games"] == 1
    (recent,) = prof["recent"]
    assert recent["result"] == "won" and recent["opponents"] == ["alice"]
    assert recent["replay"] == f"/g/{game['id']}" and recent["mode"] == "2 players"
    assert recent["rating"]["change"].startswith("+")
    text = json.dumps(prof)
    for secret in ("seed", "token", game["seats"][0]["token"], game["seats"][1]["token"],
                   alice["account"]["id"], bob["account"]["id"], "csrf", "password"):  # fmt: skip
        assert secret not in text

    board = client.get("/api/leaderboard", params={"game": "hecatomb", "mode": "2 players"}).json()
    assert [p["username"] for p in board["players"]] == ["Bob", "alice"]
    assert board["players"][0]["rank"] == 1

    # Bob deletes his account: his games stay, under "deleted player"
    r = bob_client.request("DELETE", "/api/account", json={"password": PASSWORD},
                           headers={CSRF_HEADER: bob["csrf"]})  # fmt: skip
    assert r.status_code == 200, r.text
    assert client.get("/api/players/Bob").status_code == 404
    assert client.get("/api/players/alice").json()["recent"][0]["opponents"] == ["deleted player"]
    board = client.get("/api/leaderboard", params={"game": "hecatomb", "mode": "2 players"}).json()
    assert [p["username"] for p in board["players"]] == ["alice"]


def test_an_unrated_game_and_bad_questions(client: TestClient) -> None:
    carol = sign_up(client, "carol")
    game = _rated_game(client, carol["csrf"])
    # carol alone holds a seat: the other is a guest's, so the end rates nobody
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        seat = Seat(ws)
        seat.until("state")
        ws.send_json({"type": "resign"})
        while not seat.until("state")["over"]:
            pass
    assert client.get("/api/players/carol").json() == {"username": "carol", "ratings": [],
                                                       "recent": []}  # fmt: skip
    r = client.get("/api/players/nobody-here")
    assert r.status_code == 404 and "no player" in r.json()["error"]
    page = client.get("/players/nobody-here", headers={"accept": "text/html"})
    assert page.status_code == 404 and "no player called" in page.text
    assert client.get("/players/carol", headers={"accept": "text/html"}).status_code == 200
    r = client.get("/api/leaderboard", params={"game": "diabolicards", "mode": "3 players"})
    assert r.status_code == 400 and "1v1, 2v2" in r.json()["error"]
    assert client.get("/api/leaderboard", params={"game": "chess"}).status_code == 404
    empty = client.get("/api/leaderboard", params={"game": "diabolicards"}).json()
    assert empty["mode"] == "1v1" and empty["players"] == []


def test_a_rated_game_is_for_signed_in_people_only(client: TestClient) -> None:
    body = {"game": "hecatomb", "seats": ["human", "human"], "rated": True}
    r = client.post("/api/games", json=body)
    assert r.status_code == 401 and "sign in" in r.json()["error"]  # a guest can't
    dave = sign_up(client, "dave")
    for more, why in (
        ({"seats": ["human", "easy"]}, "every seat must be Human"),
        ({"tutorial": True}, "can't be rated"),
    ):
        r = client.post("/api/games", json={**body, **more}, headers={CSRF_HEADER: dave["csrf"]})
        assert r.status_code == 400 and why in r.json()["error"], r.text
    assert client.get("/api/games").json()["playing"] == []  # nothing was made
    made = _rated_game(client, dave["csrf"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.live[made["id"]].record.options["rated"] is True
    plain = _rated_game(client, dave["csrf"], rated=False)
    assert hub.live[plain["id"]].record.options["rated"] is False
