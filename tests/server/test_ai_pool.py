"""The AI pool's shares and clocks (docs/server.md, "Computer seats"): one
player's games share one player's slice, games of computers alone search at
the lowest priority;
workers start warm, outside any decision's time; and a decision's time is its
worker's CPU time, so a worker waiting for a busy machine is no overrun."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from pathlib import Path

import pytest

from ossuary.server import ai

from . import pool_jobs as jobs


def test_one_players_games_share_one_slice_and_computer_games_go_last() -> None:
    async def run() -> list[str]:
        jobs.reset()
        pool = ai.AIPool(0, trial_workers=0)  # one search worker (a thread)
        try:
            busy = asyncio.ensure_future(pool.run("first", jobs.HOLD, ("first",), 30, player="z"))
            while not jobs.STARTED:
                await asyncio.sleep(0.01)
            waiting = []
            # a player with many games has had some worker time already, each
            # game little; a second player's one game has had more than any of them
            for i in range(4):
                pool.charge(f"many-{i}", 1.0)
            pool.charge("player:many", 4.0)
            pool.charge("one", 2.0)
            pool.charge("player:one", 2.0)
            for i in range(4):
                waiting.append(pool.run(f"many-{i}", jobs.NOTE, (f"many-{i}",), 30, player="many"))
            waiting.append(pool.run("one", jobs.NOTE, ("one",), 30, player="one"))
            queued = [asyncio.ensure_future(j) for j in waiting]
            await asyncio.sleep(0.05)
            jobs.GATE.set()
            await asyncio.gather(busy, *queued)
            return list(jobs.STARTED)
        finally:
            jobs.GATE.set()
            pool.shutdown()

    order = asyncio.run(run())
    assert order[0] == "first"
    # the player with one game goes before the player whose games had more in all
    assert order[1] == "one", order


def test_games_of_computers_alone_search_at_the_lowest_priority() -> None:
    """Real worker processes: a search for a game with no person in it runs in
    a process at niceness 19, below a person's game's search."""

    async def run() -> tuple[int, int]:
        pool = ai.AIPool(1, trial_workers=0)
        try:
            person = await pool.run("g", jobs.NICENESS, (), 30)
            alone = await pool.run("h", jobs.NICENESS, (), 30,
                                   person=False)  # fmt: skip
            return person, alone
        finally:
            pool.shutdown()

    person, alone = asyncio.run(run())
    assert alone == ai.IDLE_NICENESS == 19 and person < alone


def test_a_worker_starts_warm_outside_the_decisions_time() -> None:
    worker = ai._Worker("ossuary-test-worker", inline=False)
    try:
        # starting a process and importing every game takes longer than this
        # decision's limit (1.2 CPU seconds, 1.8 s in all on the 2-core machine,
        # 2026-11-29): the start is not counted against it. Not 0.2 s: a limit is
        # also a ceiling on the wall clock (STUCK_FACTOR times it), and a machine
        # at load 7 kept the answer waiting 0.8 s for a core
        assert worker.run((jobs.NOTE, ("x",)), limit=0.5) == "x"
        assert worker.recycled == 0
    finally:
        worker.stop()


ORIGIN = """
import json
from ossuary.server import ai
from tests.server import pool_jobs as jobs
worker = ai._Worker("ossuary-test-worker", inline=False)
try:
    print(json.dumps(worker.run((jobs.ORIGIN, ()), limit=30)))
finally:
    worker.stop()
"""


def test_a_worker_forks_from_a_forkserver_that_loaded_the_games_once() -> None:
    """A fresh process (the forkserver is one a process, started by its first
    worker): its worker's parent is the forkserver, which imported every game
    and the search before it forked; and the worker holds no web framework."""
    done = subprocess.run([sys.executable, "-c", ORIGIN], capture_output=True, text=True,
                          timeout=120, cwd=Path(__file__).parents[2])  # fmt: skip
    assert done.returncode == 0, done.stderr
    parent, loaded = json.loads(done.stdout.splitlines()[-1])
    assert "multiprocessing.forkserver" in parent and "ossuary.server.warm_workers" in parent
    assert "ossuary.hecatomb.game" in loaded and "ossuary.agents.ismcts" in loaded
    assert not [m for m in loaded if m.split(".")[0] in ("fastapi", "starlette", "uvicorn")]


def test_a_decisions_limit_counts_its_workers_cpu_not_waiting() -> None:
    worker = ai._Worker("ossuary-test-worker", inline=False)
    try:
        worker.ensure()
        # waiting (as for a busy machine's CPU) longer than the limit: no overrun
        assert worker.run((jobs.SLEEP, (1.0,)), limit=0.5) == "slept"
        assert worker.recycled == 0 and worker.spent < 0.5
        # spending the limit in CPU: an overrun, the worker replaced
        with pytest.raises(ai.WorkerFailed, match="no answer within"):
            worker.run((jobs.SPIN, (20.0,)), limit=0.5)
        assert worker.recycled == 1
    finally:
        worker.stop()
