"""Games survive restarts: every action is stored before it is acknowledged, and a
restarted server rebuilds each game from its action log, exactly. Tested in
process, with a real server killed with SIGKILL, and on a real PostgreSQL."""

from __future__ import annotations

import contextlib
import json
import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from websockets.sync.client import connect

from ossuary import games

from .conftest import create, make_client
from .helpers import Seat, auth, running, seat_socket


def _expected(seed: int, actions: list[str]) -> Any:
    state = games.get("hecatomb").new_game(seats=2, seed=seed)
    for aid in actions:
        state.apply_action(aid)
    return state


def _play(client: TestClient, game: dict[str, Any], n: int, rng: random.Random) -> list[str]:
    """Play ``n`` random legal actions through the sockets; return their ids."""
    done: list[str] = []
    tokens = [s["token"] for s in game["seats"]]
    with (
        seat_socket(client, game["id"], tokens[0]) as w0,
        seat_socket(client, game["id"], tokens[1]) as w1,
    ):
        seats = [Seat(w0), Seat(w1)]
        for s in seats:
            s.until("state")
        start = seats[0].state["seq"]  # type: ignore[index]
        for k in range(n):
            state = seats[0].state
            assert state is not None
            if state["over"]:
                break
            me = seats[state["deciding"]]
            aid = rng.choice(me.legal)
            me.act(aid, seq=start + k)
            for s in seats:
                s.until_state(start + k + 1)
            done.append(aid)
    return done


def test_a_restarted_server_resumes_every_game_exactly(db_path: Path) -> None:
    rng = random.Random(1)
    with make_client(db_path) as client:
        a = create(client, seed=31)
        b = create(client, seed=32)
        done_a = _play(client, a, 25, rng)
        done_b = _play(client, b, 10, rng)
    with make_client(db_path) as client:  # a new server on the same file
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert set(hub.live) >= {a["id"], b["id"]}
        assert hub.live[a["id"]].state.serialize() == _expected(31, done_a).serialize()
        assert hub.live[b["id"]].state.serialize() == _expected(32, done_b).serialize()
        more = _play(client, a, 5, rng)  # and play goes on
        assert hub.live[a["id"]].record.actions == done_a + more


def test_a_failed_write_changes_nothing(client: TestClient) -> None:
    game = create(client, seed=4)
    hub = client.app.state.hub  # type: ignore[attr-defined]
    g = hub.live[game["id"]]
    before = g.state.serialize()
    store = hub.db.store
    real = store.write

    def broken(rows: Any) -> None:
        raise RuntimeError("disk full")

    store.write = broken
    try:
        seat = g.state.current_player()
        token = game["seats"][seat]["token"]
        with seat_socket(client, game["id"], token) as ws:
            me = Seat(ws)
            me.until("state")
            me.act(me.legal[0])
            err = me.until("error")
            assert err["code"] == "storage" and "nothing changed" in err["message"]
    finally:
        store.write = real
    assert g.state.serialize() == before and g.n == 0


# -- a real server process, killed with SIGKILL mid-game ---------------------------------------
class Player:
    """A seat's socket to a real server (the websockets library's sync client)."""

    def __init__(self, base: str, game: str, token: str) -> None:
        url = base.replace("http://", "ws://") + f"/ws/games/{game}"
        self._stack = contextlib.ExitStack()
        self.ws = self._stack.enter_context(connect(url, open_timeout=10, close_timeout=2))
        self.ws.send(auth(token))
        self.state: dict[str, Any] = {}

    def until_state(self, seq: int | None = None, timeout: float = 10) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            msg = json.loads(self.ws.recv(timeout=max(0.01, deadline - time.monotonic())))
            if msg["type"] == "state":
                self.state = msg
                if seq is None or msg["seq"] >= seq:
                    return msg

    def act(self, aid: str, seq: int) -> None:
        self.ws.send(json.dumps({"type": "action", "id": aid, "seq": seq}))

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()


def test_kill_9_mid_game_loses_no_acknowledged_action_and_applies_none_twice(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'kill.db'}"
    rng = random.Random(9)
    # two people's game: no computer seat, so no AI worker to warm at each start
    with running(db, workers=0) as server:
        game = server.post("/api/games", {"seats": ["human", "human"], "seed": 77})
        tokens = [s["token"] for s in game["seats"]]
        players = [Player(server.base, game["id"], t) for t in tokens]
        for p in players:
            p.until_state()
        acked: list[str] = []
        for n in range(30):
            state = players[0].state
            me = players[state["deciding"]]
            aid = rng.choice([o["id"] for o in me.state["legal"]])
            me.act(aid, n)
            for p in players:
                p.until_state(n + 1)  # the acknowledgement: the new state
            acked.append(aid)
        # one more action sent, and the server killed before its answer is read
        state = players[0].state
        me = players[state["deciding"]]
        in_flight = rng.choice([o["id"] for o in me.state["legal"]])
        me.act(in_flight, 30)
        server.kill9()
        for p in players:
            p.close()
        # the same database, a new server process
        server.start()
        players = [Player(server.base, game["id"], t) for t in tokens]
        resumed = [p.until_state() for p in players]
        seq = resumed[0]["seq"]
        assert seq in (30, 31), "an acknowledged action was lost, or one applied twice"
        stored = acked + ([in_flight] if seq == 31 else [])
        expected = _expected(77, stored)
        for seat, msg in enumerate(resumed):
            want = expected.view(seat)
            assert msg["view"]["players"] == want["players"]
            assert msg["view"]["log"] == want["log"]
        # and the game goes on from exactly there
        me = players[expected.current_player()]  # type: ignore[index]
        aid = me.state["legal"][0]["id"]
        me.act(aid, seq)
        assert me.until_state(seq + 1)["seq"] == seq + 1
        for p in players:
            p.close()


def test_postgresql_stores_and_resumes_games(postgres_url: str) -> None:
    from ossuary.server import ServerConfig, create_app

    rng = random.Random(3)

    def app() -> TestClient:
        config = ServerConfig(db_url=postgres_url, ai_workers=0, hold_seconds=0)
        return TestClient(create_app(config))

    with app() as client:
        game = create(client, seed=41)
        done = _play(client, game, 20, rng)
        r = client.post(f"/api/games/{game['id']}/join")
        assert r.status_code == 403  # not public: the database answered the same way
    with app() as client:
        hub = client.app.state.hub  # type: ignore[attr-defined]
        assert hub.live[game["id"]].state.serialize() == _expected(41, done).serialize()
        more = _play(client, game, 5, rng)
        assert hub.live[game["id"]].record.actions == done + more
        # the key (game, n) refuses a second copy of an action
        from ossuary.server.storage import ActionRow

        with pytest.raises(Exception):  # noqa: B017  (the driver's integrity error)
            hub.db.store.write([ActionRow(game["id"], 0, 0, "end", "human", 0.0)])


def test_an_sqlite_file_is_checkpointed_beside_the_writer(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Commits never wait for a disk sync: SQLite's own checkpoint (which syncs)
    is pushed far off, and the database checkpoints in a thread of its own,
    copying the write-ahead log into the file while games go on."""
    import asyncio
    import threading

    from ossuary.server import db as dbmod
    from ossuary.server.storage import (
        BACKSTOP_CHECKPOINT_PAGES,
        ActionRow,
        GameRecord,
        SeatRecord,
        Store,
    )

    path = tmp_path / "games.db"
    store = Store(f"sqlite:///{path}")
    with store.engine.connect() as conn:
        pages = conn.exec_driver_sql("PRAGMA wal_autocheckpoint").scalar()
    assert pages == BACKSTOP_CHECKPOINT_PAGES
    assert store.checkpoints and not Store("sqlite://").checkpoints

    ran: list[tuple[str, tuple[int, int] | None]] = []
    real = store.checkpoint

    def watched() -> tuple[int, int] | None:
        out = real()
        ran.append((threading.current_thread().name, out))
        return out

    monkeypatch.setattr(store, "checkpoint", watched)
    monkeypatch.setattr(dbmod, "CHECKPOINT_EVERY", 0.05)

    record = GameRecord("g1", "hecatomb", "1", 0.0, [], 1, 0, {}, "playing",
                        seats=[SeatRecord(0, "human", "human", None, False)])  # fmt: skip

    async def scenario() -> None:
        db = dbmod.Database(store)
        db.start()
        await db.call(store.create_game, record)
        for n in range(20):
            await db.write([ActionRow("g1", n, 0, "end", "human", 0.0)])
        for _ in range(100):
            if ran:
                break
            await asyncio.sleep(0.02)
        await db.close()

    asyncio.run(scenario())
    assert ran, "no checkpoint ran while writes came in"
    name, out = ran[0]
    assert name.startswith("ossuary-ckpt")  # not the writer's thread
    assert out is not None and out[1] == out[0] > 0  # every logged page copied
    reopened = Store(f"sqlite:///{path}")
    assert len(reopened.load("g1").actions) == 20  # type: ignore[union-attr]
    reopened.close()
