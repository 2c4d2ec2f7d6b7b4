"""Fan-out between server processes: PostgreSQL's LISTEN/NOTIFY against Redis
pub/sub, measured the way the server uses them (docs/server.md, "Many
processes").

Starts its own PostgreSQL (``initdb`` as the ``postgres`` user, in a
temporary folder, as the tests do) and its own ``redis-server``, both on
127.0.0.1, then sends ``--messages`` small notices (a game id and a kind, as
the server's are) one after the other and times each from send to receipt on
another connection:

- ``notify``: ``SELECT pg_notify(...)`` on its own;
- ``write+notify``: an action row inserted and the notice sent in one
  transaction, delivered on commit (what an owner's write does);
- ``redis``: ``PUBLISH`` to a channel another connection has ``SUBSCRIBE``d
  (a minimal RESP client: no Redis library needed);
- ``write, then redis``: the same row committed to PostgreSQL, then the
  notice published to Redis (what the server would do with Redis: two
  systems, and a notice that can be lost between the commit and the publish).

    .venv/bin/python bench/bench_fanout.py --messages 2000
"""

from __future__ import annotations

import argparse
import contextlib
import os
import pwd
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def postgres() -> Iterator[str]:
    pg = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"))
    if not pg:
        sys.exit("PostgreSQL is not installed (apt-get install postgresql)")
    bin_dir = pg[-1].parent
    user = pwd.getpwnam("postgres")
    tmp = Path(tempfile.mkdtemp(prefix="bench-pg-"))
    os.chown(tmp, user.pw_uid, user.pw_gid)
    port = free_port()

    def run(*cmd: str) -> None:
        prefix = [] if os.getuid() == user.pw_uid else ["runuser", "-u", "postgres", "--"]
        subprocess.run([*prefix, *cmd], check=True, capture_output=True, timeout=60)

    run(str(bin_dir / "initdb"), "-D", str(tmp / "data"), "-A", "trust", "-U", "postgres")
    run(str(bin_dir / "pg_ctl"), "-D", str(tmp / "data"), "-o",
        f"-c listen_addresses=127.0.0.1 -c port={port} -k {tmp}", "-l", str(tmp / "log"),
        "-w", "start")  # fmt: skip
    try:
        yield f"postgresql://postgres@127.0.0.1:{port}/postgres"
    finally:
        with contextlib.suppress(Exception):
            run(str(bin_dir / "pg_ctl"), "-D", str(tmp / "data"), "-m", "immediate", "stop")
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def redis() -> Iterator[int]:
    exe = shutil.which("redis-server")
    if exe is None:
        sys.exit("redis-server is not installed (apt-get install redis-server)")
    port = free_port()
    proc = subprocess.Popen([exe, "--bind", "127.0.0.1", "--port", str(port), "--save", "",
                             "--appendonly", "no"], stdout=subprocess.DEVNULL)  # fmt: skip
    try:
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
                break
            time.sleep(0.05)
        yield port
    finally:
        proc.terminate()
        proc.wait(10)


class Resp:
    """Just enough of Redis' protocol: commands out, replies in."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port))
        self.file = self.sock.makefile("rb")

    def send(self, *args: str) -> None:
        out = [f"*{len(args)}\r\n".encode()]
        for a in args:
            b = a.encode()
            out.append(b"$%d\r\n%s\r\n" % (len(b), b))
        self.sock.sendall(b"".join(out))

    def read(self) -> object:
        line = self.file.readline().rstrip(b"\r\n")
        kind, rest = line[:1], line[1:]
        if kind in (b"+", b"-"):
            return rest.decode()
        if kind == b":":
            return int(rest)
        if kind == b"$":
            n = int(rest)
            return None if n < 0 else self.file.read(n + 2)[:-2].decode()
        if kind == b"*":
            return [self.read() for _ in range(int(rest))]
        raise ValueError(line)


def timed(n: int, send: Callable[[str], None], received: dict[str, float]) -> list[float]:
    out = []
    for i in range(n):
        key = f"g{i:06d}:a:{i}"
        sent = time.perf_counter()
        send(key)
        while key not in received:
            time.sleep(0)
        out.append(received.pop(key) - sent)
    return out


def pg_run(url: str, n: int, with_write: bool) -> list[float]:
    import psycopg

    received: dict[str, float] = {}
    ready = threading.Event()
    stop = threading.Event()

    def listen() -> None:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("LISTEN bench")
            ready.set()
            while not stop.is_set():
                for note in conn.notifies(timeout=0.2):
                    received[note.payload] = time.perf_counter()

    thread = threading.Thread(target=listen, daemon=True)
    thread.start()
    ready.wait(10)
    with psycopg.connect(url, autocommit=True) as pub:
        pub.execute("CREATE TABLE IF NOT EXISTS acts (k text primary key, at float)")

        def send(key: str) -> None:
            if with_write:
                with pub.transaction():
                    pub.execute("INSERT INTO acts VALUES (%s, 0)", (key,))
                    pub.execute("SELECT pg_notify('bench', %s)", (key,))
            else:
                pub.execute("SELECT pg_notify('bench', %s)", (key,))

        timed(50, send, received)  # warm
        pub.execute("TRUNCATE acts")
        out = timed(n, send, received)
    stop.set()
    thread.join(2)
    return out


def redis_run(port: int, n: int, url: str | None) -> list[float]:
    received: dict[str, float] = {}
    sub = Resp(port)
    sub.send("SUBSCRIBE", "bench")
    sub.read()

    def listen() -> None:
        while True:
            try:
                msg = sub.read()
            except (OSError, ValueError):  # the server stopped: the run is over
                return
            if isinstance(msg, list) and msg and msg[0] == "message":
                received[str(msg[2])] = time.perf_counter()

    threading.Thread(target=listen, daemon=True).start()
    pub = Resp(port)
    write = None
    if url is not None:
        import psycopg

        write = psycopg.connect(url, autocommit=True)
        write.execute("CREATE TABLE IF NOT EXISTS acts2 (k text primary key, at float)")

    def send(key: str) -> None:
        if write is not None:
            with write.transaction():
                write.execute("INSERT INTO acts2 VALUES (%s, 0)", (key,))
        pub.send("PUBLISH", "bench", key)
        pub.read()

    timed(50, send, received)
    if write is not None:
        write.execute("TRUNCATE acts2")
    out = timed(n, send, received)
    if write is not None:
        write.close()
    return out


def report(name: str, times: list[float]) -> None:
    ms = sorted(t * 1000 for t in times)
    p99 = ms[int(len(ms) * 0.99) - 1]
    print(f"| {name} | {len(ms)} | {statistics.median(ms):.3f} ms | {p99:.3f} ms | "
          f"{len(ms) / (sum(ms) / 1000):,.0f}/s |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--messages", type=int, default=2000)
    args = parser.parse_args()
    print("| path | notices | p50 | p99 | one after another |")
    print("| --- | ---: | ---: | ---: | ---: |")
    with postgres() as url, redis() as port:
        report("PostgreSQL NOTIFY", pg_run(url, args.messages, with_write=False))
        report("PostgreSQL write + NOTIFY (one transaction)", pg_run(url, args.messages, True))
        report("Redis PUBLISH", redis_run(port, args.messages, None))
        report("PostgreSQL write, then Redis PUBLISH", redis_run(port, args.messages, url))


if __name__ == "__main__":
    main()
