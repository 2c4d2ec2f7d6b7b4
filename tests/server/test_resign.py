"""Resigning and leaving (docs/server.md, "Seats"; docs/rules-notes.md,
"Resigning and leaving"): where two sides play, a resignation ends the game
and the other side wins; a person may always leave the table (the computer
plays their seat, or, with no other person there, the game ends)."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from .conftest import create, make_client
from .helpers import Seat, seat_socket


def _over(seat: Seat) -> dict[str, object]:
    for _ in range(50):
        msg = seat.recv()
        if msg["type"] == "state" and msg["over"]:
            return msg
    raise AssertionError("the game never ended")


def test_a_resignation_ends_a_two_sided_game_in_each_readers_words(db_path: Path) -> None:
    with make_client(db_path) as client:
        game = create(client, seats=["human", "human"], seed=4)
        with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws0, \
                seat_socket(client, game["id"], game["seats"][1]["token"]) as ws1, \
                seat_socket(client, game["id"]) as watch:  # fmt: skip
            me, them, spectator = Seat(ws0), Seat(ws1), Seat(watch)
            for s in (me, them, spectator):
                s.until("state")
            ws0.send_json({"type": "resign"})
            mine, theirs, seen = _over(me), _over(them), _over(spectator)
            assert mine["result"] == ["You resigned: Player 2 wins."]
            assert theirs["result"] == ["Player 1 resigned: you win."]
            assert seen["result"] == ["Player 1 resigned: Player 2 wins."]
            assert mine["legal"] == [] and theirs["legal"] == [] and mine["deciding"] is None
            # nothing more can be done in it
            ws1.send_json({"type": "resign"})
            assert them.until("error")["code"] == "over"
        listed = client.get("/api/games").json()
        (done,) = [g for g in listed["finished"] if g["id"] == game["id"]]
        assert done["winner"] == 1 and done["result"] == ["Player 1 resigned: Player 2 wins."]
        steps = done["actions"]
        theirs_header = {"Authorization": f"Bearer {game['seats'][1]['token']}"}
        r = client.get(f"/api/games/{game['id']}/replay", params={"step": steps},
                       headers=theirs_header)  # fmt: skip
        assert r.json()["over"] and r.json()["result"] == ["Player 1 resigned: you win."]
    # a new server on the same database says the same
    token = game["seats"][0]["token"]
    with make_client(db_path) as client, seat_socket(client, game["id"], token) as ws:
        again = _over(Seat(ws))
        assert again["result"] == ["You resigned: Player 2 wins."] and again["legal"] == []


def test_in_a_team_game_a_resignation_concedes_for_the_side(client: TestClient) -> None:
    game = create(client, game="diabolicards", mode="2v2", seats=["human"] * 4, seed=2)
    with seat_socket(client, game["id"], game["seats"][2]["token"]) as ws:
        seat = Seat(ws)
        seat.until("state")
        ws.send_json({"type": "resign"})
        assert _over(seat)["result"] == ["You resigned: Player 2 and Player 4 win."]


def test_where_more_than_two_sides_play_one_may_leave_not_resign(client: TestClient) -> None:
    game = create(client, seats=["human", "human", "human"], seed=5)
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        seat = Seat(ws)
        hello = seat.until("hello")
        assert hello["game"]["resignable"] is False
        ws.send_json({"type": "resign"})
        refused = seat.until("error")
        assert refused["code"] == "refused" and "leave it instead" in refused["message"]
        ws.send_json({"type": "leave"})  # others play on: the computer takes the seat
        seats = seat.until("seats")["seats"]
        assert seats[0]["controller"] != "human" and seats[0]["kind"] == "human"
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "playing"


def test_leaving_a_game_nobody_else_plays_ends_it_and_frees_its_place(db_path: Path) -> None:
    with make_client(db_path, max_live_games=1) as client:
        game = create(client, seats=["human", "easy"], seed=6)
        assert client.post("/api/games", json={"seats": ["human", "easy"]}).status_code == 429
        with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
            seat = Seat(ws)
            seat.until("state")
            ws.send_json({"type": "leave"})
            assert _over(seat)["result"] == ["Abandoned: Player 1 left the game"]
        summary = client.get(f"/api/games/{game['id']}").json()
        assert summary["status"] == "abandoned"
        assert client.post("/api/games", json={"seats": ["human", "easy"]}).status_code == 201


def test_a_spectator_can_neither_resign_nor_leave(client: TestClient) -> None:
    game = create(client, seats=["human", "human"], seed=7)
    with seat_socket(client, game["id"]) as ws:
        seat = Seat(ws)
        seat.until("state")
        for kind in ("resign", "leave"):
            ws.send_json({"type": kind})
            assert seat.until("error")["code"] == "spectator"
    assert client.get(f"/api/games/{game['id']}").json()["status"] == "playing"


def test_every_game_says_who_wins_a_resignation_from_its_teams() -> None:
    from ossuary import games

    for name in games.names():
        game = games.get(name)
        for seats in game.seat_counts:
            teams = game.teams(seats)
            for seat in range(seats):
                winner = game.resignation(seats, seat)
                if len(set(teams)) == 2:
                    assert winner in teams and winner != teams[seat], (name, seats, seat)
                else:
                    assert winner is None, (name, seats, seat)
