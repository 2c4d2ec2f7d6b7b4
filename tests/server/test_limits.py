"""No client can stall the server or take what isn't theirs: seats handed out at
creation, seeds of running games, slow readers, unknown ids, bodies, limits."""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from ossuary.server import live as hubmod

from .conftest import create
from .helpers import auth, running, seat_socket


# -- seats ------------------------------------------------------------------------------------
def test_a_seat_whose_link_was_handed_out_is_that_links_even_before_it_connects(
    client: TestClient,
) -> None:
    # a public game: the creator's seat has a link; the others are open to the lobby
    game = create(client, seats=["human", "human", "human"], public=True)
    assert [s["seat"] for s in game["seats"]] == [0]
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["open_seats"] == 2
    taken = [client.post(f"/api/games/{game['id']}/join").json()["seat"] for _ in range(2)]
    assert taken == [1, 2]  # strangers get the open seats, never the creator's
    assert client.post(f"/api/games/{game['id']}/join").status_code == 409
    with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
        assert ws.receive_json()["you"] == 0  # the creator's link still plays seat 0
    # a private game: every link handed out is its seat's, and nobody can join
    invite = create(client, seats=["human", "human"])
    assert len(invite["seats"]) == 2
    assert client.post(f"/api/games/{invite['id']}/join").status_code == 403


# -- seeds ------------------------------------------------------------------------------------
def test_a_chosen_seed_is_hidden_while_the_game_runs(client: TestClient) -> None:
    game = create(client, seats=["human", "human"], seed=1234, public=True)
    assert game["seed"] == 1234  # the creator chose it and is told it back
    summary = client.get(f"/api/games/{game['id']}").json()
    assert summary["seed"] is None and summary["seed_given"] is True
    listed = client.get("/api/games").json()
    assert all(g["seed"] is None for g in listed["open"] + listed["playing"])
    joined = client.post(f"/api/games/{game['id']}/join").json()
    with seat_socket(client, game["id"], joined["token"]) as ws:
        hello = ws.receive_json()
        assert hello["game"]["seed"] is None
        assert "1234" not in json.dumps(hello) + json.dumps(ws.receive_json())
    # once the game is over, the seed is shown with the replay
    hub = client.app.state.hub  # type: ignore[attr-defined]
    g = hub.live[game["id"]]
    g.record.status = "finished"
    assert client.get(f"/api/games/{game['id']}").json()["seed"] == 1234


# -- a reader that stops reading --------------------------------------------------------------
def test_a_socket_too_far_behind_is_closed_with_a_clear_code(client: TestClient) -> None:
    """At the ASGI boundary, the way a server sees a client that stopped
    reading: its sends never complete. Once its queue overflows it must be
    closed at once with a code that says why (the page then reconnects and is
    sent the whole state), not left open until the keepalive gives up."""
    game = create(client, seats=["human", "human"])
    hub = client.app.state.hub  # type: ignore[attr-defined]
    app = client.app

    async def scenario() -> list[dict[str, object]]:
        inbox: asyncio.Queue[dict[str, object]] = asyncio.Queue()
        await inbox.put({"type": "websocket.connect"})
        await inbox.put({"type": "websocket.receive", "text": auth(None)})
        sent: list[dict[str, object]] = []
        never = asyncio.Event()

        async def send(msg: dict[str, object]) -> None:
            sent.append(msg)
            if msg["type"] == "websocket.send":
                await never.wait()  # the reader stopped reading: this never completes
            if msg["type"] == "websocket.close":  # the transport ends the connection
                await inbox.put({"type": "websocket.disconnect", "code": msg["code"]})

        scope = {
            "type": "websocket", "path": f"/ws/games/{game['id']}", "raw_path": b"",
            "query_string": b"", "headers": [], "scheme": "ws", "subprotocols": [],
            "client": ("127.0.0.1", 1), "server": ("127.0.0.1", 2), "asgi": {"version": "3.0"},
        }  # fmt: skip
        task = asyncio.get_running_loop().create_task(app(scope, inbox.get, send))  # type: ignore[arg-type]
        g = hub.live[game["id"]]
        for _ in range(200):
            if g.conns:
                break
            await asyncio.sleep(0.01)
        for _ in range(hubmod.SEND_QUEUE + 10):  # every change is told to every socket
            hub.broadcast_seats(g)
        await asyncio.wait({task}, timeout=10)
        if not task.done():  # never closed: unblock it and let the test say so
            never.set()
            await inbox.put({"type": "websocket.disconnect", "code": 1006})
            await asyncio.wait({task}, timeout=10)
        return sent

    sent = client.portal.call(scenario)  # type: ignore[union-attr]
    closes = [m for m in sent if m["type"] == "websocket.close"]
    assert closes and closes[-1]["code"] == hubmod.OVERFLOW_CODE
    assert "reconnect" in str(closes[-1]["reason"])
    assert not hub.live[game["id"]].conns  # and it no longer counts as connected


# -- bounded per-request structures -----------------------------------------------------------
def test_asking_for_unknown_games_leaves_nothing_behind(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    for i in range(200):
        assert client.get(f"/api/games/nosuchgame{i}").status_code == 404
    assert hub._loading == {}


# -- request bodies ---------------------------------------------------------------------------
def test_a_chunked_body_over_the_limit_gets_413(tmp_path: Path) -> None:
    with running(f"sqlite:///{tmp_path / 'g.db'}", workers=0) as server:
        sock = socket.create_connection(("127.0.0.1", server.port), timeout=10)
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json"
                     b"\r\nTransfer-Encoding: chunked\r\n\r\n")  # fmt: skip
        chunk = b"%x\r\n%s\r\n" % (10_000, b"x" * 10_000)
        with contextlib.suppress(OSError):  # the server may answer and close mid-body
            for _ in range(40):  # 400 KB, no Content-Length
                sock.sendall(chunk)
            sock.sendall(b"0\r\n\r\n")
        answer = b""
        with contextlib.suppress(OSError):
            while b"\r\n\r\n" not in answer or not answer.rstrip().endswith(b"}"):
                part = sock.recv(65536)
                if not part:
                    break
                answer += part
        sock.close()
        head, _, body = answer.partition(b"\r\n\r\n")
        assert head.startswith(b"HTTP/1.1 413"), head[:80]
        assert "too large" in json.loads(body)["error"]


@pytest.mark.parametrize("decks", [["x", None], [["Spiderloom"], None], ["Rot and Ruin", "x"]])
def test_decks_for_a_shared_deck_game_are_a_clear_4xx(client: TestClient, decks: list) -> None:  # type: ignore[type-arg]
    r = client.post(
        "/api/games", json={"game": "diabolicards", "seats": ["human", "human"], "decks": decks}
    )
    assert r.status_code == 400 and "one shared deck" in r.json()["error"]


# -- what a request may ask of the AI ----------------------------------------------------------
@pytest.mark.parametrize(
    ("seats", "words"),
    [
        (["human", "ismcts:3600"], "at most 10 s"),
        (["ismcts:11", "ismcts:11"], "at most 10 s"),
        (["human", "ismcts:iters=1000000"], "at most 20,000"),
    ],
)
def test_a_search_beyond_the_servers_limits_is_refused(
    client: TestClient, seats: list[str], words: str
) -> None:
    r = client.post("/api/games", json={"game": "hecatomb", "seats": seats})
    assert r.status_code == 400 and words in r.json()["error"]
    assert client.get("/api/games").json()["playing"] == []  # nothing was made


def test_computer_seats_per_game_are_bounded(client: TestClient) -> None:
    r = client.post("/api/games", json={"game": "hecatomb", "seats": ["easy"] * 6})
    assert r.status_code == 400 and "at most 5" in r.json()["error"]
    assert create(client, seats=["human"] + ["easy"] * 5)["id"]


def test_live_games_per_client_are_bounded(db_path: Path) -> None:
    from ossuary.server import ServerConfig, create_app

    with TestClient(create_app(ServerConfig(db_url=f"sqlite:///{db_path}", ai_workers=0,
                                            max_live_games=3))) as client:  # fmt: skip
        for _ in range(3):
            create(client)
        r = client.post("/api/games", json={"seats": ["human", "human"]})
        assert r.status_code == 429 and "3 games in progress" in r.json()["error"]


def test_a_game_nobody_plays_ends_as_abandoned_and_keeps_its_replay(client: TestClient) -> None:
    hub = client.app.state.hub  # type: ignore[attr-defined]
    quiet = create(client)
    busy = create(client)
    later = time.time() + hub.expire_seconds + 60
    hub.live[busy["id"]].active = later  # played just now (in the future's terms)
    ended = client.portal.call(hub.sweep, later)  # type: ignore[union-attr]
    assert ended == [quiet["id"]]
    listed = client.get("/api/games").json()
    assert [g["id"] for g in listed["playing"]] == [busy["id"]]
    gone = next(g for g in listed["finished"] if g["id"] == quiet["id"])
    assert gone["status"] == "abandoned" and "nobody played" in gone["result"][0]
    assert gone["seed"] is not None  # over: its deal may be shown now
    r = client.get(f"/api/games/{quiet['id']}/replay", params={"step": 0})
    assert r.status_code == 200


def test_an_overrunning_search_is_stopped_and_its_worker_replaced(db_path: Path) -> None:
    """A real worker process stuck in a search past its limit is killed, the game
    takes its default option and goes on, and a new worker serves what comes next."""
    from ossuary.server import ServerConfig, create_app

    config = ServerConfig(db_url=f"sqlite:///{db_path}", ai_workers=1, ai_limit=1.0)
    with TestClient(create_app(config)) as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        game = create(client, seats=["ismcts:8", "ismcts:8"], seed=3)
        g = hub.live[game["id"]]
        deadline = time.monotonic() + 60
        while g.n < 2 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert g.n >= 2, "the game stopped"
        assert hub.pool.recycled >= 2  # each search overran its 1 s and its worker was replaced
        assert g.record.actions[0] == g.game.client.timeout_action(g.game.new_game(seed=3))


def test_a_computer_that_fails_to_decide_is_said_so_on_the_board(db_path: Path) -> None:
    """Its default option is taken and every socket is told which seat it was
    (the board shows it), not left to guess why the computer played that."""
    from ossuary.server import ServerConfig, create_app

    config = ServerConfig(db_url=f"sqlite:///{db_path}", ai_workers=1, ai_limit=1.0,
                          hold_seconds=0)  # fmt: skip
    with TestClient(create_app(config)) as client:
        game = create(client, seats=["human", "ismcts:8"], seed=4)
        with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
            for _ in range(200):
                msg = ws.receive_json()
                if msg["type"] == "state" and msg["legal"]:
                    ws.send_json({"type": "action", "id": msg["legal"][-1]["id"],
                                  "seq": msg["seq"]})  # fmt: skip
                if msg["type"] == "notice":
                    assert msg == {"type": "notice", "code": "computer_default", "seat": 1}
                    break
            else:
                raise AssertionError("the board was never told")
