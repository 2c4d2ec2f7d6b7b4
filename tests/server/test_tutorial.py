"""The guided first game on the server (issue 30 §3): ``"tutorial": true`` deals
the game's lesson (its seats, decks, seed and first player, whatever the request
said), the learner's state messages carry the step for the question at hand, and
nobody else's do; the catalogue gives every game's "how to play"."""

from __future__ import annotations

from fastapi.testclient import TestClient

from ossuary import games
from ossuary.tutorial import lesson, lessons

from .helpers import Seat, seat_socket


def test_a_tutorial_game_is_the_lessons_deal_with_its_hints(client: TestClient) -> None:
    found = lesson("necromancer")
    assert found is not None
    r = client.post("/api/games", json={"game": "necromancer", "tutorial": True,
                                        "seats": ["human", "human", "human"]})  # fmt: skip
    assert r.status_code == 201, r.text
    game = r.json()
    assert [p["kind"] for p in game["players"]] == ["human", "heuristic"]  # the lesson's seats
    assert len(game["seats"]) == 1  # one person: the learner
    with (
        seat_socket(client, game["id"], game["seats"][0]["token"]) as ws,
        seat_socket(client, game["id"]) as spectator,
    ):
        me, them = Seat(ws), Seat(spectator)
        state = me.until("state")
        watched = them.until("state")
        assert state["deciding"] == found.deal.you  # the learner is asked first
        lesson_msg = state["tutorial"]
        assert lesson_msg["teaches"] == found.teaches
        hint = lesson_msg["hint"]
        assert hint["kind"] == "pick" and "Spindle Runner" in hint["text"]
        labels = {o["id"]: o["label"] for o in state["legal"]}
        assert hint["suggest"] and all("Spindle Runner" in labels[i] for i in hint["suggest"])
        assert "tutorial" not in watched  # the lesson is the learner's


def test_the_catalogue_says_how_to_play_every_game(client: TestClient) -> None:
    listed = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    for name in games.names():
        entry = listed[name]
        assert entry["tutorial"] is True
        assert entry["learn"]["goal"] and entry["learn"]["turn"]
    plain = client.post("/api/games", json={"game": "diabolicards", "seats": ["human", "easy"]})
    assert plain.status_code == 201
    assert plain.json()["players"][1]["kind"] == "heuristic"


def test_the_2v2_lesson_is_dealt_for_its_mode_with_its_names(client: TestClient) -> None:
    """Diabolicards 2v2 has its own lesson: you and a computer teammate against
    two computers, the seats named so you can tell them apart."""
    found = lesson("diabolicards", "2v2")
    assert found is not None and found.mode == "2v2"
    listed = {g["name"]: g for g in client.get("/api/catalog").json()["games"]}
    modes = [x["mode"] for x in listed["diabolicards"]["lessons"]]
    assert modes == [None, "2v2"]
    assert all(x["goal"] and x["title"] for x in listed["diabolicards"]["lessons"])
    r = client.post("/api/games", json={"game": "diabolicards", "tutorial": True, "mode": "2v2"})
    assert r.status_code == 201, r.text
    game = r.json()
    assert [p["kind"] for p in game["players"]] == ["human"] + ["heuristic"] * 3
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        me = Seat(ws)
        state = me.until("state")
        assert state["names"] == ["You", "Rival 1", "Teammate", "Rival 2"]
        taught = state["tutorial"]
        assert taught["goal"] == found.goal and taught["title"] == found.deal.title
        assert "Teammate" in taught["hint"]["text"] and taught["hint"]["suggest"]
    refused = client.post("/api/games", json={"game": "hecatomb", "tutorial": True,
                                              "mode": "2v2"})  # fmt: skip
    assert refused.status_code == 400 and "no lesson for mode 2v2" in refused.json()["error"]


def test_every_lesson_says_how_to_win_from_its_first_message(client: TestClient) -> None:
    for name in games.names():
        for t in lessons(name):
            body = {"game": name, "tutorial": True, "mode": t.mode}
            game = client.post("/api/games", json=body).json()
            with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
                state = Seat(ws).until("state")
                assert state["tutorial"]["goal"] == t.goal
