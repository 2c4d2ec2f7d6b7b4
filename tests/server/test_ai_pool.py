"""The AI pool's shares and clocks (docs/server.md, "Computer seats"): one
player's games share one player's slice, games of computers alone search at
the lowest priority;
workers start warm, outside any decision's time; and a decision's time is its
worker's CPU time, so a worker waiting for a busy machine is no overrun."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from ossuary.server import ai

_started: list[str] = []
_gate = threading.Event()


def _hold(name: str) -> str:
    _started.append(name)
    _gate.wait(30)
    return name


def _note(name: str) -> str:
    _started.append(name)
    return name


def _sleep(seconds: float) -> str:
    time.sleep(seconds)  # waiting, as for a busy machine's CPU: no CPU spent
    return "slept"


def _spin(seconds: float) -> str:
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
    return "spun"


HOLD = "tests.server.test_ai_pool:_hold"
NOTE = "tests.server.test_ai_pool:_note"
for _name, _fn in (("_hold", _hold), ("_note", _note), ("_sleep", _sleep), ("_spin", _spin)):
    ai.register_job(f"tests.server.test_ai_pool:{_name}", _fn)


def test_one_players_games_share_one_slice_and_computer_games_go_last() -> None:
    async def run() -> list[str]:
        _started.clear()
        _gate.clear()
        pool = ai.AIPool(0, trial_workers=0)  # one search worker (a thread)
        try:
            busy = asyncio.ensure_future(pool.run("first", HOLD, ("first",), 30, player="z"))
            while not _started:
                await asyncio.sleep(0.01)
            jobs = []
            # a player with many games has had some worker time already, each
            # game little; a second player's one game has had more than any of them
            for i in range(4):
                pool.charge(f"many-{i}", 1.0)
            pool.charge("player:many", 4.0)
            pool.charge("one", 2.0)
            pool.charge("player:one", 2.0)
            for i in range(4):
                jobs.append(pool.run(f"many-{i}", NOTE, (f"many-{i}",), 30, player="many"))
            jobs.append(pool.run("one", NOTE, ("one",), 30, player="one"))
            queued = [asyncio.ensure_future(j) for j in jobs]
            await asyncio.sleep(0.05)
            _gate.set()
            await asyncio.gather(busy, *queued)
            return list(_started)
        finally:
            _gate.set()
            pool.shutdown()

    order = asyncio.run(run())
    assert order[0] == "first"
    # the player with one game goes before the player whose games had more in all
    assert order[1] == "one", order


def _niceness() -> int:
    import os

    return os.nice(0)


ai.register_job("tests.server.test_ai_pool:_niceness", _niceness)


def test_games_of_computers_alone_search_at_the_lowest_priority() -> None:
    """Real worker processes: a search for a game with no person in it runs in
    a process at niceness 19, below a person's game's search."""

    async def run() -> tuple[int, int]:
        pool = ai.AIPool(1, trial_workers=0)
        try:
            person = await pool.run("g", "tests.server.test_ai_pool:_niceness", (), 30)
            alone = await pool.run("h", "tests.server.test_ai_pool:_niceness", (), 30,
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
        assert worker.run((NOTE, ("x",)), limit=0.5) == "x"
        assert worker.recycled == 0
    finally:
        worker.stop()


def test_a_decisions_limit_counts_its_workers_cpu_not_waiting() -> None:
    worker = ai._Worker("ossuary-test-worker", inline=False)
    try:
        worker.ensure()
        # waiting (as for a busy machine's CPU) longer than the limit: no overrun
        assert worker.run(("tests.server.test_ai_pool:_sleep", (1.0,)), limit=0.5) == "slept"
        assert worker.recycled == 0 and worker.spent < 0.5
        # spending the limit in CPU: an overrun, the worker replaced
        with pytest.raises(ai.WorkerFailed, match="no answer within"):
            worker.run(("tests.server.test_ai_pool:_spin", (20.0,)), limit=0.5)
        assert worker.recycled == 1
    finally:
        worker.stop()
