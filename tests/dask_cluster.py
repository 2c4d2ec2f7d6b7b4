"""A real Dask cluster on 127.0.0.1 for tests: a scheduler and workers, each its
own process. Everything listens on 127.0.0.1 only; the scheduler stops by
itself after a minute idle and the workers when the scheduler is gone, so
nothing outlives a test even if pytest itself is killed."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

START_TIMEOUT = 60.0


def _stop(procs: list[subprocess.Popen[bytes]]) -> None:
    for p in procs:
        if p.poll() is None:
            p.terminate()  # clean shutdown on SIGTERM
    for p in procs:
        try:
            p.wait(timeout=10)
        except subprocess.TimeoutExpired:
            p.kill()
            p.wait(timeout=10)


class Cluster:
    def __init__(self, address: str, workers: list[subprocess.Popen[bytes]]) -> None:
        self.address = address
        self.workers = workers


@contextlib.contextmanager
def dask_cluster(tmp_path: Path, n_workers: int = 2) -> Iterator[Cluster]:
    """A scheduler and ``n_workers`` single-thread workers, stopped on exit
    (their log and files in ``tmp_path``)."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    procs: list[subprocess.Popen[bytes]] = []
    log = open(tmp_path / "cluster.log", "wb")  # noqa: SIM115
    try:
        info = tmp_path / "scheduler.json"
        procs.append(
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_scheduler",
                    "--host",
                    "127.0.0.1",
                    "--port",
                    "0",
                    "--no-dashboard",
                    "--idle-timeout",
                    "60s",
                    "--scheduler-file",
                    str(info),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=tmp_path,
            )
        )
        deadline = time.monotonic() + START_TIMEOUT
        while not info.exists() or not info.read_text().strip():
            assert procs[0].poll() is None, (tmp_path / "cluster.log").read_text()
            assert time.monotonic() < deadline, "the scheduler did not start"
            time.sleep(0.05)
        address = json.loads(info.read_text())["address"]
        assert address.startswith("tcp://127.0.0.1:")
        workers = [
            subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "distributed.cli.dask_worker",
                    address,
                    "--host",
                    "127.0.0.1",
                    "--nthreads",
                    "1",
                    "--no-nanny",
                    "--no-dashboard",
                    "--death-timeout",
                    "20s",
                    "--memory-limit",
                    "0",
                    "--local-directory",
                    str(tmp_path / f"w{i}"),
                ],
                stdout=log,
                stderr=subprocess.STDOUT,
                cwd=tmp_path,
            )
            for i in range(n_workers)
        ]
        procs.extend(workers)
        yield Cluster(address, workers)
    finally:
        _stop(procs)
        log.close()
