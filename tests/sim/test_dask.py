"""A run on a real Dask cluster on 127.0.0.1 (a scheduler and two workers, each its
own process), with one worker killed mid-run: every game is still played exactly
once, and the games equal those of a run on one process.

Network rule: everything listens on 127.0.0.1 only; the scheduler stops by itself
after a minute idle and the workers when the scheduler is gone, so nothing
outlives the test even if pytest itself is killed.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.importorskip("distributed")

from distributed import Client

from ossuary.sim import store
from ossuary.sim.runner import run

from ..dask_cluster import START_TIMEOUT, Cluster, dask_cluster
from .conftest import small_config


@pytest.fixture
def cluster(tmp_path: Path) -> Iterator[Cluster]:
    with dask_cluster(tmp_path) as running:
        yield running


def test_a_killed_worker_loses_no_game_and_repeats_none(cluster: Cluster, tmp_path: Path) -> None:
    with Client(cluster.address, timeout=START_TIMEOUT, set_as_default=False) as client:
        client.wait_for_workers(2, timeout=START_TIMEOUT)
        pids = client.run(os.getpid)  # worker address -> its process id
        by_pid = {p.pid: p for p in cluster.workers}
        assert set(pids.values()) == set(by_pid)
        killed: dict[str, object] = {}

        def kill_a_busy_worker(start: int, stop: int, _: object) -> None:
            if killed:
                return
            busy = {w: keys for w, keys in client.processing().items() if keys}
            if not busy:
                return  # both idle for a moment: try again after the next chunk
            victim = sorted(busy)[0]
            by_pid[pids[victim]].send_signal(signal.SIGKILL)
            by_pid[pids[victim]].wait(timeout=10)
            killed.update(address=victim, lost=len(busy[victim]), after=(start, stop))

        # heuristic games, a few milliseconds each even compiled: random ones are
        # so quick that every chunk could be done before the first one is read
        config = small_config(seed=5, agents=("heuristic",))
        out = tmp_path / "run"
        report = run(
            out, config, 48, scheduler=cluster.address, chunk=3, on_chunk=kill_a_busy_worker
        )
        assert killed, "no worker was busy when a chunk came back"
        assert killed["lost"] >= 1  # it died holding work that had to be played again
        assert len(client.scheduler_info()["workers"]) == 1
    assert report.complete and report.played == 48
    games = store.read_games(out).sort_by([("game", "ascending"), ("seat", "ascending")])
    assert games["game"].to_pylist() == [g for g in range(48) for _ in range(2)]
    assert games["seat"].to_pylist() == [0, 1] * 48
    # the games are the same wherever they were played
    alone = tmp_path / "alone"
    run(alone, config, 48, workers=1, chunk=16)
    mine = store.read_games(alone).sort_by([("game", "ascending"), ("seat", "ascending")])
    drop = ["seconds", "cpu_seconds", "worker"]
    assert games.drop_columns(drop).equals(mine.drop_columns(drop))
