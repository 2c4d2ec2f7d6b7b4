"""A real cluster for the tests: PostgreSQL, three ``ossuary serve`` processes
and HAProxy in front, all on 127.0.0.1, all started and stopped by the test.

The PostgreSQL server is the suite's own (``conftest.postgres_url``); each
cluster gets a database of its own in it. HAProxy runs in the foreground with
a configuration written to a temporary folder, balancing round-robin with no
sticky sessions and checking each process's ``/readyz``.
"""

from __future__ import annotations

import contextlib
import json
import secrets
import shutil
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.sync.client import ClientConnection, connect

from .helpers import ServerProcess, auth, free_port

Message = dict[str, Any]
# what a reader is shown, compared across a fault (not who is connected)
SHOWN = ("seq", "seat", "view", "events", "legal", "prompt", "deciding", "over", "result")


def haproxy() -> str:
    found = shutil.which("haproxy") or (
        "/usr/sbin/haproxy" if Path("/usr/sbin/haproxy").exists() else None
    )
    if found is None:
        pytest.skip("HAProxy is not installed (apt-get install haproxy; .ci/run does)")
    return found


@contextlib.contextmanager
def database(postgres_url: str) -> Iterator[str]:
    """A fresh database in the suite's PostgreSQL, dropped afterwards."""
    import psycopg
    from sqlalchemy.engine import make_url

    admin = make_url(postgres_url).set(drivername="postgresql").render_as_string(False)
    name = f"cluster_{secrets.token_hex(4)}"
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    try:
        yield str(make_url(postgres_url).set(database=name).render_as_string(False))
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


class Balancer:
    """HAProxy on 127.0.0.1 in front of ``servers``."""

    def __init__(self, servers: list[ServerProcess]) -> None:
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.dir = Path(tempfile.mkdtemp(prefix="ossuary-haproxy-"))
        backends = "\n".join(
            f"    server s{i} 127.0.0.1:{s.port} check inter 300 fall 2 rise 1"
            for i, s in enumerate(servers)
        )
        (self.dir / "haproxy.cfg").write_text(
            f"""global
    maxconn 4096
defaults
    mode http
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    timeout tunnel 1h
    option redispatch
    retries 3
frontend ossuary
    bind 127.0.0.1:{self.port}
    option forwardfor
    default_backend servers
backend servers
    balance roundrobin
    option httpchk GET /readyz
    http-check expect status 200
{backends}
"""
        )
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> None:
        with (self.dir / "log").open("wb") as log:
            self.proc = subprocess.Popen(
                [haproxy(), "-f", str(self.dir / "haproxy.cfg"), "-db"],
                stdout=subprocess.DEVNULL,
                stderr=log,
                start_new_session=True,
            )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            with contextlib.suppress(urllib.error.URLError, OSError):
                urllib.request.urlopen(self.base + "/readyz", timeout=1).read()
                return
            time.sleep(0.05)
        raise RuntimeError(f"HAProxy did not answer: {(self.dir / 'log').read_text()[-2000:]}")

    def stop(self) -> None:
        if self.proc is not None:
            self.proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.proc.wait(10)
            if self.proc.poll() is None:
                self.proc.kill()
                self.proc.wait(5)
            self.proc = None
        shutil.rmtree(self.dir, ignore_errors=True)


#: how long a process may take to answer /readyz: a start took ~6 s on the
#: 2-core machine with other work running, and the suite's two workers beside
#: it can make that several times longer; a limit, not a speed check
READY_S = 180.0


class Cluster:
    """Three servers on one database, and the balancer. ``workers`` 0: each
    process runs its computer seats in threads of its own (what the tests here
    ask of a computer is that its game's owner plays it, not how): a start then
    waits for no AI process (1.1 to 1.5 s to ready against 1.6 to 1.7 s with a
    worker, which starts four forked from one preloaded forkserver; 2026-12-02),
    and the nine starts a run makes (three, then a restart after each kill -9
    and each step of the rolling restart) leave no worker processes beside the
    tests."""

    def __init__(self, db_url: str, n: int = 3, workers: int = 0, hold: float = 0.0) -> None:
        extra = ["--trusted-proxy", "127.0.0.1"]
        self.db_url = db_url
        self.servers = [ServerProcess(db_url, workers=workers, extra=extra, hold=hold)
                        for _ in range(n)]  # fmt: skip
        self.balancer = Balancer(self.servers)
        self.nodes: dict[str, ServerProcess] = {}

    def start(self) -> None:
        for s in self.servers:
            s.launch()
        for s in self.servers:
            s.wait_ready(READY_S, "/readyz")
        self.balancer.start()
        self.learn_nodes()

    def learn_nodes(self) -> None:
        self.nodes = {}
        for s in self.servers:
            if s.proc is not None:
                self.nodes[get(s.base, "/readyz")["node"]] = s

    def stop(self) -> None:
        self.balancer.stop()
        for s in self.servers:
            s.stop()
            s.log_path.unlink(missing_ok=True)

    def owner(self, game_id: str) -> ServerProcess:
        """The process that holds the game's lease now."""
        import psycopg
        from sqlalchemy.engine import make_url

        conninfo = make_url(self.db_url).set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(conninfo) as conn:
            row = conn.execute(
                "SELECT owner FROM leases WHERE game_id = %s AND "
                "expires > EXTRACT(EPOCH FROM clock_timestamp())",
                (game_id,),
            ).fetchone()
        assert row is not None, f"nobody owns {game_id}"
        return self.nodes[row[0]]

    def actions(self, game_id: str) -> list[tuple[int, str]]:
        """The game's stored log: (n, action), in order."""
        import psycopg
        from sqlalchemy.engine import make_url

        conninfo = make_url(self.db_url).set(drivername="postgresql").render_as_string(False)
        with psycopg.connect(conninfo) as conn:
            rows = conn.execute(
                "SELECT n, action FROM actions WHERE game_id = %s ORDER BY n", (game_id,)
            ).fetchall()
        return [(int(n), str(a)) for n, a in rows]


@contextlib.contextmanager
def cluster(postgres_url: str, **options: Any) -> Iterator[Cluster]:
    haproxy()
    with database(postgres_url) as url:
        c = Cluster(url, **options)
        try:
            c.start()
            yield c
        finally:
            c.stop()


def get(base: str, path: str) -> Message:
    with urllib.request.urlopen(base + path, timeout=20) as r:
        out: Message = json.load(r)
        return out


def post(base: str, path: str, body: Message) -> tuple[int, Message]:
    req = urllib.request.Request(
        base + path, data=json.dumps(body).encode(), headers={"Content-Type": "application/json"}
    )
    try:
        with urllib.request.urlopen(req, timeout=30) as r:
            return int(r.status), json.load(r)
    except urllib.error.HTTPError as exc:
        return exc.code, json.load(exc)


class Reader:
    """One socket (a seat's or a spectator's) to a server or the balancer,
    which reconnects when its server goes away and keeps what it was shown."""

    def __init__(self, base: str, game_id: str, token: str | None, timeout: float = 60.0) -> None:
        self.base = base
        self.game_id = game_id
        self.token = token
        self.ws: ClientConnection | None = None
        self._stack = contextlib.ExitStack()
        self.state: Message = {}
        self.hello: Message = {}
        self.errors: list[Message] = []
        self.reconnects = 0
        self.connect(timeout)

    def connect(self, timeout: float = 60.0) -> None:
        url = self.base.replace("http://", "ws://") + f"/ws/games/{self.game_id}"
        deadline = time.monotonic() + timeout
        while True:
            try:
                self._stack.close()
                self._stack = contextlib.ExitStack()
                self.ws = self._stack.enter_context(connect(url, open_timeout=10))
                self.ws.send(auth(self.token))
                self.hello = self._next("hello")
                self.state = self._next("state")
                return
            except Exception:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)

    def reconnect(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()
        self.reconnects += 1
        self.connect()

    def _next(self, kind: str, timeout: float = 30.0) -> Message:
        assert self.ws is not None
        while True:
            msg: Message = json.loads(self.ws.recv(timeout=timeout))
            if msg["type"] == "error":
                if msg.get("code") == "refused":
                    raise AssertionError(f"refused: {msg['message']}")
                self.errors.append(msg)
                if kind == "error":
                    return msg
                continue
            if msg["type"] == "state":
                self.state = msg
            elif msg["type"] == "seats" and self.state:
                self.state = {**self.state, "seats": msg["seats"]}
            if msg["type"] == kind:
                return msg

    def until(self, seq: int, timeout: float = 30.0) -> Message:
        """Read until a state for action ``seq`` or later (reconnecting if the
        server goes away meanwhile)."""
        deadline = time.monotonic() + timeout
        while self.state.get("seq", -1) < seq:
            if time.monotonic() > deadline:
                raise AssertionError(f"no state for action {seq}; last {self.state.get('seq')}")
            try:
                self._next("state", timeout=max(0.1, deadline - time.monotonic()))
            except TimeoutError:
                continue
            except Exception:
                self.reconnect()
        return self.state

    def poll(self, timeout: float = 0.5) -> None:
        """Read what comes within ``timeout`` (a change of who is connected)."""
        with contextlib.suppress(TimeoutError):
            self._next("seats", timeout)

    def shown(self) -> Message:
        return {k: self.state.get(k) for k in SHOWN}

    def act(self, aid: str) -> None:
        """Send an action for the position shown (``seq``): sent again after a
        reconnect if its server went away, which can't apply it twice (a
        second copy is refused as stale)."""
        seq = self.state["seq"]
        for _ in range(5):
            try:
                assert self.ws is not None
                self.ws.send(json.dumps({"type": "action", "id": aid, "seq": seq}))
                return
            except Exception:
                self.reconnect()
                if self.state["seq"] != seq:
                    return  # it was applied before its server went
        raise AssertionError("could not send the action")

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self._stack.close()
