"""How long a server takes to be ready, and an AI worker to start: the wall time
from starting ``ossuary serve`` to its first ``/readyz`` 200, with one AI worker
a lane (``--ai-workers 1``: four worker processes, two of them warmed before it
is ready) against none (``--ai-workers 0``: the reference, measured in the same
repeat, so the ratio is what the AI workers add); then, in this process, the
start of a worker of the pool (the first one starts the forkserver that loads
the games once; the next ones fork warm from it). On loopback only; every
server is stopped before the next starts. Speed is measured here, never
asserted in tests (docs/server.md, "Computer seats").

    .venv/bin/python bench/bench_server_start.py --repeat 5
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from pathlib import Path

READY_LIMIT = 120.0  # seconds: a start that takes longer is reported as failed


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def ready_seconds(workers: int) -> float:
    """Wall seconds from starting the server to its first /readyz 200."""
    folder = Path(tempfile.mkdtemp(prefix="ossuary-bench-"))
    port = _free_port()
    # the command a player runs (make serve: the environment's ``ossuary``)
    script = Path(sys.executable).with_name("ossuary")
    ossuary = [str(script)] if script.exists() else [sys.executable, "-m", "ossuary.cli.main"]
    cmd = [*ossuary, "serve", "--host", "127.0.0.1",
           "--port", str(port), "--db", f"sqlite:///{folder / 'games.db'}",
           "--ai-workers", str(workers), "--log-level", "warning"]  # fmt: skip
    start = time.perf_counter()
    proc = subprocess.Popen(
        cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True
    )
    try:
        while time.perf_counter() - start < READY_LIMIT:
            if proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/readyz", timeout=5) as r:
                    if r.status == 200:
                        return time.perf_counter() - start
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            time.sleep(0.02)
        raise SystemExit(f"the server was not ready within {READY_LIMIT:g} s")
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, 9)
            proc.wait(timeout=30)
        shutil.rmtree(folder, ignore_errors=True)


def worker_starts(n: int) -> list[float]:
    """Seconds each of ``n`` workers of the pool took to start, one after the
    other, each stopped before the next (the first starts the forkserver)."""
    from ossuary.server.ai import _Worker

    times = []
    for k in range(n):
        worker = _Worker(f"bench-{k}", inline=False)
        start = time.perf_counter()
        worker.ensure()
        times.append(time.perf_counter() - start)
        worker.recycle()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="server starts of each kind")
    parser.add_argument("--workers", type=int, default=4, help="worker starts measured")
    args = parser.parse_args()
    if not 1 <= args.repeat <= 100 or not 2 <= args.workers <= 100:
        parser.error("--repeat: 1 to 100; --workers: 2 to 100")
    none, one = [], []
    for r in range(args.repeat):  # alternated, so the machine's drift falls on both
        none.append(ready_seconds(0))
        one.append(ready_seconds(1))
        print(f"repeat {r + 1}: ready in {none[-1]:.2f} s without workers, "
              f"{one[-1]:.2f} s with one a lane", file=sys.stderr)  # fmt: skip
    ratios = [b / a for a, b in zip(none, one, strict=True)]
    starts = worker_starts(args.workers)
    print("| measure | median | least |")
    print("| --- | ---: | ---: |")
    print(f"| ready, `--ai-workers 0` (reference) | {statistics.median(none):.2f} s "
          f"| {min(none):.2f} s |")  # fmt: skip
    print(f"| ready, `--ai-workers 1` | {statistics.median(one):.2f} s | {min(one):.2f} s |")
    print(f"| with workers ÷ without, each repeat | {statistics.median(ratios):.2f}× "
          f"| {min(ratios):.2f}× |")  # fmt: skip
    print(f"| the first worker (starts the forkserver) | {starts[0] * 1000:.0f} ms | |")
    later = starts[1:]
    print(f"| each later worker (forked warm) | {statistics.median(later) * 1000:.0f} ms "
          f"| {min(later) * 1000:.0f} ms |")  # fmt: skip


if __name__ == "__main__":
    main()
