"""Computer seats, turn timers and abandoned seats (docs/server.md "Seats")."""

from __future__ import annotations

import time
from typing import Any

from fastapi.testclient import TestClient

from ossuary import games
from ossuary.server.hub import Hub

from .conftest import create
from .helpers import Seat, seat_socket


def _hub(client: TestClient) -> Hub:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    return hub


def _set_clock(client: TestClient, game_id: str, **options: Any) -> None:
    """Shorten a game's clocks (the API allows 5 s at least; tests can't wait that)."""
    hub = _hub(client)

    def poke() -> None:
        g = hub.live[game_id]
        g.record.options.update(options)
        hub.clocks.stop(g)
        g.clock_n = None
        hub.schedule(g)

    assert client.portal is not None
    client.portal.call(poke)


def test_a_person_plays_against_the_ai_which_thinks_off_the_event_loop(client: TestClient) -> None:
    game = create(client, seats=["human", "easy"], seed=3)
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        me = Seat(ws)
        thought = False
        moves = 0
        for _ in range(400):
            msg = me.recv()
            if msg["type"] == "thinking" and msg["seat"] == 1:
                thought = True
            if msg["type"] == "state" and msg["deciding"] == 0 and msg["legal"]:
                me.act(msg["legal"][-1]["id"], seq=msg["seq"])  # last option: often "end"
                moves += 1
            if msg["type"] == "state" and msg["over"]:
                break
            if moves >= 6 and thought:
                break
        assert thought, "the AI seat never said it was thinking"
        record = _hub(client).live[game["id"]].record
    assert len(record.actions) > moves  # the AI moved too
    # the stored game replays to the same position
    state = games.get("hecatomb").new_game(seats=2, seed=3)
    for aid in record.actions:
        state.apply_action(aid)
    assert _hub(client).live[game["id"]].state.serialize() == state.serialize()


def test_a_timed_out_decision_takes_the_documented_default(client: TestClient) -> None:
    game = create(client, seats=["human", "human"], seed=5, turn_seconds=60, timeouts_to_ai=2)
    hub = _hub(client)
    g = hub.live[game["id"]]
    first = g.state.current_player()
    assert first is not None
    expected = games.get("hecatomb").client.timeout_action(g.state)
    assert expected == "end"  # a main phase times out by ending the turn
    token = game["seats"][first]["token"]
    with seat_socket(client, game["id"], token) as ws:
        me = Seat(ws)
        assert me.until("state")["deadline"] is not None
        _set_clock(client, game["id"], turn_seconds=0.3)
        err = me.until("error")
        assert err["code"] == "timeout"
        assert me.until_state(1)["seq"] == 1
        assert g.record.actions[0] == expected


def test_repeated_timeouts_hand_the_seat_to_the_ai_until_reclaimed(client: TestClient) -> None:
    game = create(client, seats=["human", "easy"], seed=5, turn_seconds=60, timeouts_to_ai=1)
    hub = _hub(client)
    g = hub.live[game["id"]]
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        me = Seat(ws)
        me.until("state")
        _set_clock(client, game["id"], turn_seconds=0.2)
        for _ in range(200):
            msg = me.recv()
            if msg["type"] == "seats" and msg["seats"][0]["controller"] != "human":
                break
        assert g.record.seats[0].controller == "heuristic"
        _set_clock(client, game["id"], turn_seconds=None)
        ws.send_json({"type": "reclaim"})
        for _ in range(200):
            msg = me.recv()
            if msg["type"] == "seats" and msg["seats"][0]["controller"] == "human":
                break
        assert g.record.seats[0].controller == "human"
    # the change is stored: a restarted server still knows who plays the seat
    stored = client.portal.call(hub.db.call, hub.db.store.load, game["id"])  # type: ignore[union-attr]
    assert stored is not None and stored.seats[0].controller == "human"


def test_an_absent_players_seat_can_be_handed_to_the_ai(client: TestClient) -> None:
    game = create(client, seats=["human", "human"], seed=5)
    hub = _hub(client)
    g = hub.live[game["id"]]
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        me = Seat(ws)
        me.until("state")
        ws.send_json({"type": "takeover", "seat": 0})
        assert me.until("error")["code"] == "takeover"
        ws.send_json({"type": "takeover", "seat": 1})
        for _ in range(50):
            msg = me.recv()
            if msg["type"] == "seats" and msg["seats"][1]["controller"] != "human":
                break
        assert g.record.seats[1].controller == "heuristic"
        assert g.record.seats[1].kind == "human"  # still the person's seat to reclaim
    # connected players can't be taken over
    game2 = create(client, seats=["human", "human"], seed=5)
    t0, t1 = game2["seats"][0]["token"], game2["seats"][1]["token"]
    with (
        seat_socket(client, game2["id"], t0) as w0,
        seat_socket(client, game2["id"], t1),
    ):
        s0 = Seat(w0)
        s0.until("state")
        w0.send_json({"type": "takeover", "seat": 1})
        assert "is connected" in s0.until("error")["message"]


def test_a_seat_abandoned_on_its_turn_goes_to_the_ai_after_the_delay(client: TestClient) -> None:
    game = create(client, seats=["human", "human"], seed=5)
    hub = _hub(client)
    g = hub.live[game["id"]]
    deciding = g.state.current_player()
    assert deciding is not None
    _set_clock(client, game["id"], abandon_seconds=0.2)
    deadline = time.monotonic() + 10
    while g.n == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    assert g.record.seats[deciding].controller == "heuristic"
    assert g.n > 0  # and the AI played on
