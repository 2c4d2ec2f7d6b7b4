"""Sockets at the door (docs/server.md, "Limits"): a socket that has not said
who it is yet is bounded per client and in total, waits only for a game that
exists, and only a few seconds; the server raises its open-files limit."""

from __future__ import annotations

import contextlib
import resource
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from ossuary.server import ServerConfig, create_app

from .conftest import create
from .helpers import ServerProcess, auth


@contextlib.contextmanager
def app(tmp_path: Path, **options: object) -> Iterator[TestClient]:
    config = ServerConfig(db_url=f"sqlite:///{tmp_path / 'g.db'}", ai_workers=0, hold_seconds=0)
    for k, v in options.items():
        setattr(config, k, v)
    with TestClient(create_app(config)) as client:
        yield client


def test_a_socket_to_no_game_is_answered_at_once(tmp_path: Path) -> None:
    # it says nothing: still it is told at once, not held for the wait
    with app(tmp_path, auth_seconds=60.0) as client, client.websocket_connect("/ws/games/no") as ws:
        msg = ws.receive_json()
        assert msg["code"] == "refused" and "no game" in msg["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4404


def test_a_silent_socket_waits_a_few_seconds_only(tmp_path: Path) -> None:
    with app(tmp_path, auth_seconds=0.3) as client:
        game = create(client)
        with client.websocket_connect(f"/ws/games/{game['id']}") as ws:
            msg = ws.receive_json()
            assert msg["code"] == "refused" and "within 0.3 seconds" in msg["message"]
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4408
    assert ServerConfig().auth_seconds <= 5


@pytest.mark.parametrize(("per_client", "total"), [(3, 100), (100, 3)])
def test_silent_sockets_are_bounded_per_client_and_in_total(
    tmp_path: Path, per_client: int, total: int
) -> None:
    with app(tmp_path, pending_per_client=per_client, pending_total=total,
             auth_seconds=60.0) as client:  # fmt: skip
        game = create(client)
        path = f"/ws/games/{game['id']}"
        with contextlib.ExitStack() as stack:
            silent = [stack.enter_context(client.websocket_connect(path)) for _ in range(3)]
            # the fourth is refused before it is accepted, at once
            refused_at_the_door = pytest.raises(WebSocketDisconnect)
            with refused_at_the_door as refused, client.websocket_connect(path) as ws:
                ws.receive_json()
            assert refused.value.code == 1013
            # the REST API still answers meanwhile
            assert client.get("/api/games").status_code == 200
            # one says who it is: its place at the door is free again
            silent[0].send_text(auth(game["seats"][0]["token"]))
            assert silent[0].receive_json()["type"] == "hello"
            with client.websocket_connect(path) as ws:
                ws.send_text(auth(None))
                assert ws.receive_json()["type"] == "hello"
            stack.close()
        hub = client.app.state.services  # type: ignore[attr-defined]
        assert hub.doorway.count == 0 and hub.doorway.waiting == {}


def test_the_server_raises_its_open_files_limit() -> None:
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard <= 256:
        pytest.skip(f"the hard limit on open files is {hard}: nothing to raise to")
    low = 256

    def lower() -> None:  # the server starts with a low soft limit, as many systems give
        resource.setrlimit(resource.RLIMIT_NOFILE, (low, hard))

    with tempfile.TemporaryDirectory() as tmp:
        # the limit is the serving process's own: no AI worker to warm first
        server = ServerProcess(f"sqlite:///{Path(tmp) / 'g.db'}", workers=0)
        server.preexec = lower
        server.start()
        try:
            assert server.proc is not None
            limits = Path(f"/proc/{server.proc.pid}/limits").read_text()
            line = next(x for x in limits.splitlines() if x.startswith("Max open files"))
            assert int(line.split()[3]) > low, line
        finally:
            server.stop()
            server.log_path.unlink(missing_ok=True)
