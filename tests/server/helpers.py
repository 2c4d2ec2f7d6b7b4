"""Shared helpers for the server tests: a seat's socket, a server process."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

from starlette.testclient import WebSocketTestSession

Message = dict[str, Any]


class Seat:
    """A test client's socket: remembers the newest state it was sent."""

    def __init__(self, ws: WebSocketTestSession) -> None:
        self.ws = ws
        self.state: Message | None = None
        self.hello: Message | None = None
        self.seen: list[Message] = []

    def recv(self) -> Message:
        msg: Message = self.ws.receive_json()
        self.seen.append(msg)
        if msg["type"] == "state":
            self.state = msg
        elif msg["type"] == "hello":
            self.hello = msg
        return msg

    def until(self, kind: str, limit: int = 50) -> Message:
        """Read messages until one of type ``kind`` arrives."""
        for _ in range(limit):
            msg = self.recv()
            if msg["type"] == kind:
                return msg
        raise AssertionError(f"no {kind!r} message in {limit} messages")

    def until_state(self, seq: int, limit: int = 200) -> Message:
        """Read until a state message for action number ``seq`` (or later)."""
        if self.state is not None and self.state["seq"] >= seq:
            return self.state
        for _ in range(limit):
            msg = self.recv()
            if msg["type"] == "state" and msg["seq"] >= seq:
                return msg
        raise AssertionError(f"no state for action {seq}")

    def act(self, aid: str, seq: int | None = None) -> None:
        body: Message = {"type": "action", "id": aid}
        if seq is not None:
            body["seq"] = seq
        self.ws.send_json(body)

    @property
    def legal(self) -> list[str]:
        assert self.state is not None
        return [o["id"] for o in self.state["legal"]]


@contextlib.contextmanager
def seat_socket(client: Any, game_id: str, token: str | None = None) -> Iterator[Any]:
    """A game socket through a TestClient, its first message said: the seat's
    token (None: a spectator). Tokens never go in the socket's URL."""
    with client.websocket_connect(f"/ws/games/{game_id}") as ws:
        ws.send_json({"type": "auth", "token": token} if token else {"type": "auth"})
        yield ws


def auth(token: str | None) -> str:
    """The first message a socket sends (a real client's ``send``)."""
    return json.dumps({"type": "auth", "token": token} if token else {"type": "auth"})


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def ossuary_command() -> list[str]:
    exe = Path(sys.executable).with_name("ossuary")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "ossuary.cli.main"]


class ServerProcess:
    """``ossuary serve`` as a real process on loopback (for kill -9 and browsers)."""

    def __init__(
        self,
        db_url: str,
        port: int | None = None,
        workers: int = 1,
        log_level: str = "info",
        extra: Sequence[str] = (),
        hold: float = 0.0,
    ) -> None:
        self.hold = hold  # response windows held open: not unless a test is about that
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.db_url = db_url
        self.workers = workers
        self.log_level = log_level
        self.extra = list(extra)
        self.proc: subprocess.Popen[bytes] | None = None
        self.preexec: Any = None  # run in the child before the server starts
        # everything the server prints, across restarts (a file: a pipe nobody
        # reads would fill and stall the server)
        fd, name = tempfile.mkstemp(prefix="ossuary-server-", suffix=".log")
        os.close(fd)
        self.log_path = Path(name)

    def log_text(self) -> str:
        """Every line the server (and uvicorn) wrote so far."""
        return self.log_path.read_text("utf-8", errors="replace")

    def start(self, timeout: float = 60.0) -> None:
        self.launch()
        self.wait_ready(timeout)

    def launch(self) -> None:
        """Start the process; :meth:`wait_ready` waits until it answers."""
        cmd = [*ossuary_command(), "serve", "--host", "127.0.0.1", "--port", str(self.port),
               "--db", self.db_url, "--ai-workers", str(self.workers),
               "--log-level", self.log_level, "--hold", str(self.hold), *self.extra]  # fmt: skip
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        with self.log_path.open("ab") as out:
            self.proc = subprocess.Popen(
                cmd,
                stdout=out,
                stderr=subprocess.STDOUT,
                env=env,
                start_new_session=True,
                preexec_fn=self.preexec,
            )

    def wait_ready(self, timeout: float = 60.0, path: str = "/readyz") -> None:
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_text()[-2000:]}")
            try:
                urllib.request.urlopen(self.base + path, timeout=1).read()
                return
            except (urllib.error.URLError, OSError):
                time.sleep(0.05)
        self.stop()
        raise RuntimeError("the server did not answer in time")

    def terminate(self, timeout: float = 30.0) -> None:
        """Stop the server gracefully (SIGTERM: it hands its games over) and wait."""
        assert self.proc is not None
        self.proc.terminate()
        self.proc.wait(timeout)
        with contextlib.suppress(ProcessLookupError):  # its AI workers
            os.killpg(self.proc.pid, 9)
        self.proc = None

    def kill9(self) -> None:
        """SIGKILL the server and its whole process group (AI workers too)."""
        assert self.proc is not None
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, 9)
        self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is None:
            return
        self.proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(10)
        # the AI workers and the forkserver live in the server's process group
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, 9)
        with contextlib.suppress(subprocess.TimeoutExpired):
            self.proc.wait(5)
        self.proc = None

    def post(self, path: str, body: Message) -> Message:
        req = urllib.request.Request(
            self.base + path,
            data=json.dumps(body).encode(),
            headers={"Content-Type": "application/json"},
        )
        with urllib.request.urlopen(req, timeout=10) as r:
            out: Message = json.load(r)
            return out

    def get(self, path: str) -> Message:
        with urllib.request.urlopen(self.base + path, timeout=10) as r:
            out: Message = json.load(r)
            return out


@contextlib.contextmanager
def running(db_url: str, workers: int = 1, **options: Any) -> Iterator[ServerProcess]:
    server = ServerProcess(db_url, workers=workers, **options)
    server.start()
    try:
        yield server
    finally:
        server.stop()
        server.log_path.unlink(missing_ok=True)
