"""Fair shares per player, not per request (docs/server.md, "Computer seats"
and "Limits"): the attack of issue 36 as a test, and X-Forwarded-For trusted
only from the proxies the server is told of.

The attack: one client owns every game it may (computer against computer, no
person needed); a person's game against ``normal`` elsewhere on the server
must keep at least half of the pace it has alone. The pace is the computer's
time per decision, seen from the person's socket."""

from __future__ import annotations

import json
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

from websockets.sync.client import connect

from .helpers import ServerProcess, auth, running


def _post(server: ServerProcess, path: str, body: dict[str, object], client: str) -> int:
    req = urllib.request.Request(
        server.base + path,
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "X-Forwarded-For": client},
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return int(r.status)
    except urllib.error.HTTPError as exc:
        return exc.code


def _computer_seconds(server: ServerProcess, game: dict[str, object], decisions: int) -> float:
    """The mean time the computer took per decision over ``decisions`` of its
    decisions, the person answering at once (its first option)."""
    seats = game["seats"]
    assert isinstance(seats, list)
    ws_url = server.base.replace("http://", "ws://") + f"/ws/games/{game['id']}"
    took: list[float] = []
    with connect(ws_url, open_timeout=20) as ws:
        ws.send(auth(seats[0]["token"]))
        posed: float | None = None
        while len(took) < decisions:
            msg = json.loads(ws.recv(timeout=120))
            if msg["type"] != "state":
                continue
            now = time.monotonic()
            if posed is not None:
                took.append(now - posed)
                posed = None
            if msg["over"]:
                break
            if msg["deciding"] == 1:
                posed = now
            elif msg["legal"]:
                ws.send(json.dumps({"type": "action", "id": msg["legal"][0]["id"],
                                    "seq": msg["seq"]}))  # fmt: skip
    assert len(took) >= decisions // 2, took
    return sum(took) / len(took)


def test_a_clients_many_computer_games_leave_a_persons_game_its_pace() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'g.db'}"
        with running(db, workers=1, extra=["--trusted-proxy", "127.0.0.1"]) as server:
            person = {"game": "hecatomb", "seats": ["human", "normal"], "seed": 8}
            req = urllib.request.Request(
                server.base + "/api/games", data=json.dumps(person).encode(),
                headers={"Content-Type": "application/json", "X-Forwarded-For": "10.0.0.7"},
            )  # fmt: skip
            with urllib.request.urlopen(req, timeout=30) as r:
                game = json.load(r)
            alone = _computer_seconds(server, game, 4)
            # the attack: every game one client may own, searching against itself
            attack = {"game": "hecatomb", "seats": ["ismcts:10", "ismcts:10"]}
            made = [_post(server, "/api/games", attack, "10.0.0.66") for _ in range(21)]
            assert made.count(201) == 20 and made[-1] == 429, made
            beside = _computer_seconds(server, game, 4)
    assert beside <= 2 * alone, (alone, beside)


def test_x_forwarded_for_is_trusted_only_from_named_proxies() -> None:
    body = {"game": "hecatomb", "seats": ["human", "human"]}
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'a.db'}"
        # no proxy named: the header is ignored, every request is 127.0.0.1's
        with running(db, workers=0, extra=["--max-live-games", "2"]) as server:
            codes = [_post(server, "/api/games", body, f"10.0.0.{i}") for i in range(3)]
            assert codes == [201, 201, 429]
        db = f"sqlite:///{Path(tmp) / 'b.db'}"
        extra = ["--max-live-games", "2", "--trusted-proxy", "127.0.0.0/8"]
        with running(db, workers=0, extra=extra) as server:
            codes = [_post(server, "/api/games", body, f"10.0.0.{i}") for i in range(3)]
            assert codes == [201, 201, 201]  # a named proxy says who each client is
            codes = [_post(server, "/api/games", body, "10.0.0.9") for _ in range(3)]
            assert codes == [201, 201, 429]
