"""The game socket (docs/server.md "The socket"): views pushed to each seat,
options only to the deciding seat, actions checked, refused with the rule,
and bad messages refused without changing anything."""

from __future__ import annotations

import json
import random
import re

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from ossuary import games
from ossuary.engine.names import naming, speak
from ossuary.server.protocol import MAX_MESSAGE, BadMessage, parse_message

from .conftest import create
from .helpers import Seat, seat_socket


def _open(client: TestClient, game: dict, seat: int | None):  # type: ignore[no-untyped-def,type-arg]
    token = None if seat is None else game["seats"][seat]["token"]
    return seat_socket(client, game["id"], token)


def _deciding(seats: list[Seat]) -> Seat:
    state = seats[0].state
    assert state is not None
    return seats[state["deciding"]]


def test_each_seat_gets_its_view_events_in_words_and_options_only_when_deciding(
    client: TestClient,
) -> None:
    game = create(client, seed=5)
    with _open(client, game, 0) as w0, _open(client, game, 1) as w1:
        s0, s1 = Seat(w0), Seat(w1)
        assert s0.until("hello")["you"] == 0
        s1.until("hello")
        st0, st1 = s0.until("state"), s1.until("state")
        assert st0["view"]["seat"] == 0 and st1["view"]["seat"] == 1
        decider, waiter = (st0, st1) if st0["deciding"] == 0 else (st1, st0)
        assert decider["legal"] and all(set(o) == {"id", "label"} for o in decider["legal"])
        assert waiter["legal"] == [] and "options" not in waiter["view"]["decision"]
        assert decider["prompt"]
        hecatomb = games.get("hecatomb")
        # in words, each socket naming the seats its own way ("You", "Player 2")
        assert decider["names"][decider["seat"]] == "You"
        assert waiter["names"] == ["Player 1", "Player 2"][:0] + [
            "You" if i == waiter["seat"] else f"Player {i + 1}" for i in range(2)
        ]
        with naming(decider["names"]):
            said = [speak(hecatomb.terminal.format_event(e)) for e in decider["view"]["log"]]
        assert decider["events"] == said
        assert any("draws a card" in line for line in st1["events"] if "Player 1" in line)
        assert any(line.startswith("You draw ") for line in st1["events"])


def test_an_action_reaches_every_seat_with_only_the_new_events(client: TestClient) -> None:
    game = create(client, seed=5)
    with _open(client, game, 0) as w0, _open(client, game, 1) as w1:
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        me = _deciding(seats)
        aid = me.legal[0]
        me.act(aid)
        after = [s.until_state(1) for s in seats]
        for msg in after:
            assert msg["seq"] == 1
            assert msg["view"]["log_from"] > 0  # only what is new
            assert len(msg["events"]) == len(msg["view"]["log"]) >= 1


def test_illegal_and_out_of_turn_actions_are_refused_with_the_rule(client: TestClient) -> None:
    game = create(client, seed=5)
    with _open(client, game, 0) as w0, _open(client, game, 1) as w1:
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        me = _deciding(seats)
        other = seats[1 - seats.index(me)]
        me.act("mana 999")
        err = me.until("error")
        assert err["code"] == "illegal" and err["rule"] == "rulebook: Add One Mana Card"
        me.act("fly away")  # the question in its own words, the seat named as it names itself
        err = me.until("error")
        assert err["code"] == "illegal" and "(You are asked: Your main phase:" in err["message"]
        other.act(me.legal[0])  # the other seat's token cannot act for the deciding seat
        err = other.until("error")
        assert err["code"] == "not_your_turn" and "is deciding now" in err["message"]
        me.act(me.legal[0], seq=7)
        assert me.until("error")["code"] == "stale"
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.live[game["id"]].n == 0  # nothing changed
        me.act(me.legal[0], seq=0)
        assert me.until_state(1)["seq"] == 1


def test_malformed_and_oversized_messages_get_clear_errors_and_change_nothing(
    client: TestClient,
) -> None:
    game = create(client, seed=5)
    with _open(client, game, 0) as w0:
        seat = Seat(w0)
        seat.until("state")
        bad = [
            "not json",
            "[]",
            json.dumps({"type": "dance"}),
            json.dumps({"type": "action"}),
            json.dumps({"type": "action", "id": 5}),
            json.dumps({"type": "action", "id": "end", "extra": 1}),
            json.dumps({"type": "action", "id": "x" * 300}),
            json.dumps({"type": "action", "id": "end", "seq": -1}),
            "x" * (MAX_MESSAGE + 1),
        ]
        for text in bad:
            w0.send_text(text)
            err = seat.until("error")
            assert err["code"] == "bad_message" and err["message"], text
        w0.send_bytes(b"\x00\x01")
        assert "text frames" in seat.until("error")["message"]
        w0.send_text(json.dumps({"type": "ping"}))
        assert seat.until("pong")["type"] == "pong"
    hub = client.app.state.hub  # type: ignore[attr-defined]
    assert hub.live[game["id"]].n == 0


@settings(max_examples=200, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300)))
def test_any_text_is_a_message_or_a_clear_refusal(text: str | bytes) -> None:
    try:
        parse_message(text)
    except BadMessage as exc:
        assert str(exc)


def test_a_wrong_token_is_refused_not_turned_into_a_spectator(client: TestClient) -> None:
    game = create(client)
    with seat_socket(client, game["id"], "forged") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["code"] == "refused"
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 4403
    with seat_socket(client, "nosuchgame") as ws:
        assert "no game" in ws.receive_json()["message"]


def test_a_spectator_sees_no_hand_and_no_options_and_cannot_act(client: TestClient) -> None:
    game = create(client, seed=5)
    with _open(client, game, None) as ws:
        spectator = Seat(ws)
        hello = spectator.until("hello")
        assert hello["you"] is None
        state = spectator.until("state")
        assert state["legal"] == [] and "options" not in state["view"]["decision"]
        for player in state["view"]["players"]:
            assert all(card is None for card in player["hand"])
        assert not any(e.get("card") for e in state["view"]["log"] if e["e"] == "draw")
        ws.send_text(json.dumps({"type": "action", "id": "end"}))
        assert spectator.until("error")["code"] == "spectator"


@pytest.mark.parametrize("name", games.names())
def test_two_seats_play_a_whole_game_over_sockets(client: TestClient, name: str) -> None:
    """Every registered game plays to its end on the server (on its own board or
    the generic one: the protocol is the same)."""
    game = create(client, game=name, seed=21)
    rng = random.Random(21)
    with _open(client, game, 0) as w0, _open(client, game, 1) as w1:
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        n = 0
        while not seats[0].state["over"]:  # type: ignore[index]
            me = _deciding(seats)
            me.act(rng.choice(me.legal), seq=n)
            n += 1
            for s in seats:
                s.until_state(n)
            assert n < 3000
        final = seats[0].state
        assert final is not None and final["result"]
        # said to seat 0: who won and why
        assert re.match(r"(You|You and \w+ \d) (win|lose): |A (draw|tie)", final["result"][0])
    listed = client.get("/api/games").json()
    assert game["id"] in [g["id"] for g in listed["finished"]]
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["status"] == "finished" and summary["actions"] == n


def test_replay_steps_are_each_seats_own_views(client: TestClient) -> None:
    game = create(client, seed=8)
    hecatomb = games.get("hecatomb")
    rng = random.Random(8)
    with _open(client, game, 0) as w0, _open(client, game, 1) as w1:
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        for n in range(12):
            me = _deciding(seats)
            me.act(rng.choice(me.legal), seq=n)
            for s in seats:
                s.until_state(n + 1)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    actions = hub.live[game["id"]].record.actions
    state = hecatomb.new_game(seats=2, seed=8)
    for step in range(len(actions) + 1):
        if step:
            state.apply_action(actions[step - 1])
        for seat, token in ((0, game["seats"][0]["token"]), (1, game["seats"][1]["token"])):
            r = client.get(
                f"/api/games/{game['id']}/replay",
                params={"step": step},
                headers={"Authorization": f"Bearer {token}"},
            )
            msg = r.json()
            full = state.view(seat)
            assert msg["steps"] == 12 and msg["step"] == step
            assert msg["view"]["players"] == full["players"]
            with naming(msg["names"]):
                said = [speak(hecatomb.terminal.format_event(e)) for e in full["log"]]
            assert msg["names"][seat] == "You" and msg["log"] == said
    spectator = client.get(f"/api/games/{game['id']}/replay", params={"step": 12}).json()
    assert all(c is None for p in spectator["view"]["players"] for c in p["hand"])
    r = client.get(f"/api/games/{game['id']}/replay", params={"step": 13})
    assert r.status_code == 400 and "step must be from 0 to 12" in r.json()["error"]
