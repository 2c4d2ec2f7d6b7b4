"""What a host's tools ask (docs/server.md, "Operations"): liveness,
readiness, the Prometheus figures, and log lines with a request id (JSON on
request), never a secret."""

from __future__ import annotations

import json
import tempfile
import urllib.request
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from .conftest import create
from .helpers import ServerProcess, auth, running, seat_socket

FIGURES = (
    "ossuary_games_live",
    "ossuary_games_owned",
    "ossuary_actions_total",
    "ossuary_round_trip_seconds_bucket",
    "ossuary_sockets",
    'ossuary_ai_queue_depth{lane="search"}',
    "ossuary_ai_overruns_total",
    "ossuary_lease_takeovers_total",
    "ossuary_fanout_lag_seconds_count",
)


def _figure(text: str, name: str) -> float:
    line = next(x for x in text.splitlines() if x.startswith(name + " "))
    return float(line.rsplit(" ", 1)[1])


def test_health_readiness_and_the_figures(client: TestClient) -> None:
    assert client.get("/healthz").json() == {"status": "alive"}
    ready = client.get("/readyz")
    assert ready.status_code == 200 and ready.json()["status"] == "ready"
    before = client.get("/metrics").text
    for name in FIGURES:
        assert name in before, name
    game = create(client, seed=2)
    tokens = [s["token"] for s in game["seats"]]
    with seat_socket(client, game["id"], tokens[0]) as ws0, \
            seat_socket(client, game["id"], tokens[1]) as ws1:  # fmt: skip
        states = []
        for ws in (ws0, ws1):
            ws.receive_json()
            states.append((ws, ws.receive_json()))
        ws, state = next((w, st) for w, st in states if st["legal"])
        ws.send_json({"type": "action", "id": state["legal"][0]["id"], "seq": state["seq"]})
        while ws.receive_json().get("seq", -1) < 1:
            pass
        during = client.get("/metrics").text
        assert _figure(during, "ossuary_sockets") == 2
    after = client.get("/metrics").text
    assert _figure(after, "ossuary_actions_total") == _figure(before, "ossuary_actions_total") + 1
    assert _figure(after, "ossuary_round_trip_seconds_count") >= 1
    assert _figure(after, "ossuary_games_live") >= 1
    assert _figure(after, "ossuary_games_owned") == _figure(after, "ossuary_games_live")


def test_every_json_log_line_carries_its_request_id_and_no_secret() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        db = f"sqlite:///{Path(tmp) / 'g.db'}"
        with running(db, workers=0, log_level="debug", extra=["--log-format", "json"]) as server:
            req = urllib.request.Request(
                server.base + "/api/games",
                data=json.dumps({"seats": ["human", "human"]}).encode(),
                headers={"Content-Type": "application/json", "X-Request-ID": "trace-42"},
            )
            with urllib.request.urlopen(req, timeout=20) as r:
                game = json.load(r)
                assert r.headers["X-Request-ID"] == "trace-42"
            tokens = [s["token"] for s in game["seats"]]
            from websockets.sync.client import connect

            ws_url = server.base.replace("http://", "ws://") + f"/ws/games/{game['id']}"
            with connect(ws_url) as ws:
                ws.send(auth(tokens[0]))
                assert json.loads(ws.recv(timeout=10))["type"] == "hello"
            log = server.log_text()
    lines = [x for x in log.splitlines() if x.startswith("{")]
    assert lines
    parsed = [json.loads(x) for x in lines]
    assert all({"time", "level", "logger", "message", "request_id"} <= set(p) for p in parsed)
    created = [p for p in parsed if "created" in p["message"]]
    assert created and created[0]["request_id"] == "trace-42"
    assert any(p["logger"] == "uvicorn.access" and p["request_id"] == "trace-42" for p in parsed)
    for token in tokens:
        assert token not in log


def test_a_server_stopped_by_sigterm_exits_cleanly_and_leaves_no_files(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """A host stops a server with SIGTERM: it shuts down, exits with the status
    a shell reads as "ended by SIGTERM" (143), and Python's own exit runs, so
    the AI pool's temporary folder (multiprocessing's ``pymp-*``) is removed
    (it was left in /tmp at every stop: uvicorn raised the signal again under
    its default action)."""
    tmp = tmp_path / "tmp"
    tmp.mkdir()
    monkeypatch.setenv("TMPDIR", str(tmp))  # the server process's temporary folder
    server = ServerProcess(f"sqlite:///{tmp_path / 'g.db'}", workers=1)
    server.start()
    try:
        # a computer's move, so the AI pool's worker processes are running
        game = server.post("/api/games", {"seats": ["heuristic", "heuristic"], "seed": 3})
        assert game["id"]
        assert any(p.name.startswith("pymp-") for p in tmp.iterdir())
        assert server.proc is not None
        server.proc.terminate()
        assert server.proc.wait(30) == 143
    finally:
        server.stop()
        server.log_path.unlink(missing_ok=True)
    assert [p.name for p in tmp.iterdir()] == []
