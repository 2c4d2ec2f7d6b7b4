"""Every lesson survives a restart (issue 35 §2), checked from outside.

A real ``ossuary serve`` process deals every game's every lesson twice: one
played with the lesson's own suggestions to its end, one stopped at a decision
of the learner after the set-up. The process is killed with SIGKILL; a new one
on the same database must show the learner and a spectator exactly what they
saw before (the view, the options, the lesson's hint), give the same replay
steps, and play on.
"""

from __future__ import annotations

import json
import sqlite3
import urllib.request
from pathlib import Path
from typing import Any

from ossuary.tutorial import lessons

from .conftest import make_client
from .helpers import Seat, ServerProcess, seat_socket
from .test_restart import SHOWN, Socket

ALL = [(t.game.name, t.mode) for name in ("hecatomb", "necromancer", "diabolicards")
       for t in lessons(name)]  # fmt: skip
# stopped at the learner's first decision from this many actions on: past every
# game's set-up (Path of the Necromancer chooses its first player after it)
STOP_AT = 30


def _learn(sock: Socket, stop_at: int | None) -> None:
    """The learner follows the lesson (its suggestion, else the last option)
    until the game ends or, from ``stop_at`` actions on, it is their turn."""
    while True:
        state = sock.state
        if state["over"]:
            return
        mine = state["deciding"] == state["seat"]
        if mine and stop_at is not None and state["seq"] >= stop_at:
            return
        if mine:
            hint = state["tutorial"]["hint"]
            ids = [o["id"] for o in state["legal"]]
            aid = hint["suggest"][0] if hint and hint["suggest"] else ids[-1]
            sock.ws.send(json.dumps({"type": "action", "id": aid, "seq": state["seq"]}))
        sock.until(state["seq"] + 1)


def _replay(base: str, game_id: str, step: int, token: str | None) -> dict[str, Any]:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    req = urllib.request.Request(f"{base}/api/games/{game_id}/replay?step={step}", headers=headers)
    with urllib.request.urlopen(req, timeout=20) as r:
        out: dict[str, Any] = json.load(r)
        return out


def _seen(base: str, game: dict[str, Any]) -> dict[str, Any]:
    """What the learner and a spectator are shown, and some replay steps."""
    token = game["seats"][0]["token"]
    out: dict[str, Any] = {}
    n = 0
    for who in (token, None):
        sock = Socket(base, game["id"], who)
        out[f"state {who is None}"] = {k: sock.state.get(k) for k in (*SHOWN, "tutorial")}
        n = sock.state["seq"]
        sock.close()
    for step in sorted({0, n // 2, n}):
        out[f"replay {step}"] = _replay(base, game["id"], step, token)
    out["replay spectator"] = _replay(base, game["id"], n, None)
    return out


def test_every_lesson_in_progress_and_finished_survives_kill_9(tmp_path: Path) -> None:
    server = ServerProcess(f"sqlite:///{tmp_path / 'lessons.db'}", workers=0)
    server.start()
    try:
        played = []
        for name, mode in ALL:
            for stop_at in (STOP_AT, None):
                body: dict[str, Any] = {"game": name, "tutorial": True}
                if mode is not None:
                    body["mode"] = mode
                game = server.post("/api/games", body)
                sock = Socket(server.base, game["id"], game["seats"][0]["token"])
                _learn(sock, stop_at)
                assert sock.state["over"] == (stop_at is None), (name, mode)
                sock.close()
                played.append((name, mode, game, _seen(server.base, game)))
        server.kill9()
        server.start()
        listed = server.get("/api/games")
        assert not listed["damaged"], listed["damaged"]
        for name, mode, game, before in played:
            after = _seen(server.base, game)
            for key, shown in before.items():
                assert after[key] == shown, (name, mode, key)
            sock = Socket(server.base, game["id"], game["seats"][0]["token"])
            if not sock.state["over"]:  # and the lesson plays on, its hints with it
                _learn(sock, None)
                assert sock.state["over"], (name, mode)
            sock.close()
    finally:
        server.stop()
        server.log_path.unlink(missing_ok=True)


def test_a_lesson_stored_before_its_first_player_was_resumes(tmp_path: Path) -> None:
    """Servers before the fix stored every lesson as "the seed chooses": such a
    game, in the database already, is rebuilt with its lesson's first player."""
    db = tmp_path / "old.db"
    with make_client(db) as client:
        game = client.post("/api/games", json={"game": "necromancer", "tutorial": True}).json()
        g = client.app.state.hub.live[game["id"]]  # type: ignore[attr-defined]
        with seat_socket(client, game["id"], game["seats"][0]["token"]) as ws:
            me = Seat(ws)
            me.until("state")
            while me.state is not None and me.state["seq"] < STOP_AT:
                state = me.state
                if state["deciding"] == 0:
                    hint = state["tutorial"]["hint"]
                    aid = hint["suggest"][0] if hint and hint["suggest"] else me.legal[-1]
                    me.act(aid, state["seq"])
                me.until_state(state["seq"] + 1)
        before = g.state.serialize()
    with sqlite3.connect(db) as conn:
        conn.execute("UPDATE games SET first = NULL")
    with make_client(db) as client:
        listed = client.get("/api/games").json()
        assert not listed["damaged"] and [x["id"] for x in listed["playing"]] == [game["id"]]
        assert client.app.state.hub.live[game["id"]].state.serialize() == before  # type: ignore[attr-defined]
