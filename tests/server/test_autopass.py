"""Auto-pass, seen from the other side of the table (issue 30 §1).

A Necromancer response window is asked of a player whatever their hand holds;
their client may answer "pass" for them at once when nothing they could do
matters (the server says so in that seat's own state message). The opponent
must not be able to tell: the messages they get are the same whoever answered,
and the server holds every window open for the same minimum time, so an instant
auto-pass and a person's quick pass reach them at the same moment."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create, make_client
from .helpers import Seat, seat_socket

HOLD = 1.0  # the window's minimum time in these tests
LATENCY = 0.2  # what delivering one message on loopback may take, at most, here
SEED = 1  # seat 1's first window with nothing to do but pass comes after 18 actions


def choose(msg: dict[str, Any]) -> str:
    """A fixed way to play: keep the opening hand, play the first card on offer,
    pass every window, else the first option."""
    ids = [o["id"] for o in msg["legal"]]
    kind = msg["view"]["decision"]["kind"]
    if kind == "mulligan":
        return "keep"
    if kind == "window":
        return "pass"
    if kind == "main":
        return next((a for a in ids if a.startswith("play ")), "end")
    return ids[0]


def to_seat_1s_quiet_window(seats: list[Seat]) -> int:
    """Play until seat 1 is asked a window where only passing matters, during
    seat 0's turn; the action number then."""
    n = 0
    while True:
        msg = seats[0].state if seats[0].state["deciding"] == 0 else seats[1].state  # type: ignore[index]
        assert msg is not None
        if (
            msg["seat"] == 1
            and msg["view"]["decision"]["kind"] == "window"
            and msg["view"]["active"] == 0
            and msg["auto"] == "pass"
        ):
            return n
        who = seats[msg["seat"]]
        who.act(choose(msg), seq=n)
        n += 1
        for s in seats:
            s.until_state(n)
        assert n < 100


def opponents_side(client: TestClient, answer_after: float) -> tuple[list[dict[str, Any]], float]:
    """Seat 1 passes its quiet window ``answer_after`` seconds after it came
    (0: as its client's auto-pass does); what seat 0 was sent from the window
    on, and how long it saw the window open."""
    game = create(client, game="necromancer", seats=["human", "human"], seed=SEED)
    with (
        seat_socket(client, game["id"], game["seats"][0]["token"]) as w0,
        seat_socket(client, game["id"], game["seats"][1]["token"]) as w1,
    ):
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        n = to_seat_1s_quiet_window(seats)
        window = seats[0].state
        assert window is not None and window["seq"] == n
        # from here on, windows are held open for HOLD seconds
        client.app.state.hub.hold = HOLD  # type: ignore[attr-defined]
        opened = time.monotonic()  # seat 0 has the window: it sees it open from now
        if answer_after:
            time.sleep(answer_after)  # a person taking a moment (not a synchronisation)
        seats[1].act("pass", seq=n)
        after = seats[0].until_state(n + 1)
        shut = time.monotonic()
        seen = [m for m in seats[0].seen[seats[0].seen.index(window) :] if m["type"] == "state"]
        assert seen[-1] is after
        return seen, shut - opened


def test_the_opponent_cannot_tell_an_auto_pass_from_a_person(tmp_path: Path) -> None:
    with make_client(tmp_path / "a.db") as client:
        auto, auto_open = opponents_side(client, 0.0)
    with make_client(tmp_path / "b.db") as client:
        person, person_open = opponents_side(client, 0.3)
    # the same messages, word for word: nothing says who or what answered
    assert auto == person
    window = auto[0]
    # what the opponent sees of the window: who is asked, never their options
    assert window["deciding"] == 1 and window["legal"] == []
    assert window["auto"] is None and window["passing"] is None
    assert set(window["view"]["decision"]) == {"kind", "player"}
    # and the timing: the instant answer waited as long as the person's
    assert auto_open >= HOLD - LATENCY, auto_open
    assert person_open >= HOLD - LATENCY, person_open


def test_only_the_asked_seat_is_told_it_may_pass_without_asking(tmp_path: Path) -> None:
    with make_client(tmp_path / "c.db") as client:
        game = create(client, game="necromancer", seats=["human", "human"], seed=SEED)
        with (
            seat_socket(client, game["id"], game["seats"][0]["token"]) as w0,
            seat_socket(client, game["id"], game["seats"][1]["token"]) as w1,
        ):
            seats = [Seat(w0), Seat(w1)]
            for s in seats:
                s.until("state")
            to_seat_1s_quiet_window(seats)
            mine = seats[1].state
            assert mine is not None
            # Sacrifice Card is on offer, yet nothing it could pay for: pass for them
            assert {o["id"] for o in mine["legal"]} == {"sacrifice", "pass"}
            assert mine["auto"] == "pass" and mine["passing"] == "pass"
            assert mine["view"]["decision"]["auto"] == "pass"
