"""Deck trials (``/api/trials``): a legal deck played against its game's field on
the AI workers, its numbers filling in as games come, stopped on request or
when nobody watches, one at a time per client; and the AI pool's background
work, which never goes before a game's waiting decision and runs, in its own
lane, at the lowest priority."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from ossuary import games
from ossuary.server import ServerConfig, ai, create_app, trials

from . import pool_jobs as jobs

HEC = games.get("hecatomb")
LEGAL = HEC.decks.format(HEC.decks.preconstructed()["Blood and Gold"])


@pytest.fixture
def small(db_path: Path) -> Any:
    """A server whose trials play 4 games an opponent (threads, not processes)."""
    config = ServerConfig(db_url=f"sqlite:///{db_path}", ai_workers=0, trial_games=4)
    with TestClient(create_app(config)) as client:
        yield client


def _until(client: TestClient, trial_id: str, status: str, seconds: float = 120) -> list[Any]:
    seen = []
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        t = client.get(f"/api/trials/{trial_id}").json()
        seen.append(t)
        if t["status"] == status:
            return seen
        time.sleep(0.05)  # polling, as the page does; the condition decides
    raise AssertionError(f"the trial never became {status}: {seen[-1]}")


def test_a_trial_plays_the_field_and_its_numbers_fill_in(small: TestClient) -> None:
    r = small.post("/api/trials", json={"game": "hecatomb", "text": LEGAL})
    assert r.status_code == 201, r.text
    t = r.json()
    field = list(HEC.decks.preconstructed())
    assert t["status"] == "running" and t["planned"] == 4 * len(field)
    assert [o["name"] for o in t["opponents"]] == field
    # one at a time for each player
    again = small.post("/api/trials", json={"game": "hecatomb", "text": LEGAL})
    assert again.status_code == 429 and "one at a time" in again.json()["error"]
    seen = _until(small, t["id"], "done")
    played = [s["played"] for s in seen]
    assert played == sorted(played)  # the games come in and are counted as they come
    assert all(s["games"] == s["played"] for s in seen)
    done = seen[-1]
    assert done["played"] == done["planned"] == done["games"]
    assert [o["games"] for o in done["opponents"]] == [4] * len(field)
    wins = sum(o["wins"] for o in done["opponents"])
    assert done["overall"]["games"] == done["played"]
    assert done["overall"]["wins"] == pytest.approx(wins)
    lo, hi = done["overall"]["ci95"]
    assert lo <= done["overall"]["rate"] <= hi
    mine = set(HEC.decks.parse(LEGAL))
    assert {c["card"] for c in done["cards"]["unranked"]} <= mine
    # done: another may start
    r = small.post("/api/trials", json={"game": "hecatomb", "text": LEGAL})
    assert r.status_code == 201
    small.post(f"/api/trials/{r.json()['id']}/stop")


def test_a_stopped_trial_stops_and_frees_its_place(small: TestClient) -> None:
    t = small.post("/api/trials", json={"game": "hecatomb", "text": LEGAL}).json()
    stopped = small.post(f"/api/trials/{t['id']}/stop").json()
    assert stopped["status"] == "stopped" and stopped["played"] < stopped["planned"]
    pool = small.app.state.hub.pool  # type: ignore[attr-defined]
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline and any(not j.future.done() for j in pool.trial.waiting):
        time.sleep(0.05)
    assert all(j.future.done() for j in pool.trial.waiting)  # its queued jobs are cancelled
    assert small.get(f"/api/trials/{t['id']}").json()["status"] == "stopped"
    r = small.post("/api/trials", json={"game": "hecatomb", "text": LEGAL})
    assert r.status_code == 201
    small.post(f"/api/trials/{r.json()['id']}/stop")


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"game": "hecatomb", "text": "3 Snap"}, 400, "Only a legal deck can be tried"),
        ({"game": "hecatomb", "text": "3 Snapp"}, 400, "unknown card 'Snapp'"),
        ({"game": "diabolicards", "text": "1 Razor"}, 400, "one shared deck"),
        ({"game": "chess", "text": "1 Pawn"}, 400, "unknown game 'chess'"),
        ({"game": "hecatomb", "text": "x" * 20_000}, 422, "text"),
    ],
)
def test_bad_trials_are_refused_clearly(
    small: TestClient, body: dict[str, Any], status: int, words: str
) -> None:
    r = small.post("/api/trials", json=body)
    assert r.status_code == status and words in r.json()["error"], r.text
    assert small.app.state.trials.trials == {}  # type: ignore[attr-defined]


def test_unknown_trials_are_404(small: TestClient) -> None:
    assert small.get("/api/trials/nosuchtrial").status_code == 404
    assert small.get("/api/trials/bad%20id!").status_code == 404
    assert small.post("/api/trials/nosuchtrial/stop").status_code == 404


def test_a_trial_nobody_watches_is_stopped_then_forgotten() -> None:
    """The page polls; a trial not polled for POLL_TIMEOUT seconds (its page was
    closed) is stopped and its queued jobs cancelled; later it is forgotten."""

    async def run() -> None:
        now = [1000.0]
        pool = ai.AIPool(0, 1)
        desk = trials.TrialDesk(pool, per_opponent=4, clock=lambda: now[0])
        try:
            t = desk.start(HEC, LEGAL, "someone")
            await asyncio.sleep(0)
            now[0] += trials.POLL_TIMEOUT - 1
            desk.sweep()
            assert t.status == "running"  # not yet
            desk.get(t.id)  # polled: watched again
            now[0] += trials.POLL_TIMEOUT - 1
            desk.sweep()
            assert t.status == "running"
            now[0] += trials.POLL_TIMEOUT + 1
            desk.sweep()
            assert t.status == "stopped" and "stopped asking" in (t.error or "")
            assert t.task is not None
            await asyncio.gather(t.task, return_exceptions=True)
            assert pool.trial is not None and all(j.future.done() for j in pool.trial.waiting)
            now[0] += trials.KEEP_FINISHED + 1
            desk.sweep()
            assert desk.trials == {}
        finally:
            await desk.close()
            pool.shutdown()

    asyncio.run(run())


# -- the pool's background work ----------------------------------------------------------------


def test_background_work_goes_after_every_waiting_game() -> None:
    """Without a trial lane, a trial's job waits in the search lane behind any
    game's decision, even one queued after it, and even when the game has used
    more worker time."""

    async def run() -> None:
        jobs.reset()
        pool = ai.AIPool(0, trial_workers=0)
        try:
            pool.charge("busy-game", 100.0)  # a game that has had far more worker time
            hold = asyncio.ensure_future(pool.run("other", jobs.HOLD,
                                                  ("hold",), 30))  # fmt: skip
            while not jobs.STARTED:
                await asyncio.sleep(0.01)
            trial = asyncio.ensure_future(pool.run("trial:x", jobs.NOTE,
                                                   ("trial",), 30, background=True))  # fmt: skip
            game = asyncio.ensure_future(pool.run("busy-game", jobs.NOTE,
                                                  ("game",), 30))  # fmt: skip
            await asyncio.sleep(0.05)
            jobs.GATE.set()
            await asyncio.gather(hold, trial, game)
            assert jobs.STARTED == ["hold", "game", "trial"]
        finally:
            jobs.GATE.set()
            pool.shutdown()

    asyncio.run(run())


def test_trial_workers_run_at_the_lowest_priority() -> None:
    """Real worker processes: a trial's below a game's search, which is below the server."""

    async def run() -> tuple[int, int]:
        pool = ai.AIPool(1, trial_workers=1)
        try:
            search = await pool.run("g", jobs.NICENESS, (), 30)
            trial = await pool.run("t", jobs.NICENESS, (), 30,
                                   background=True)  # fmt: skip
            return search, trial
        finally:
            pool.shutdown()

    search, trial = asyncio.run(run())
    assert os.nice(0) < search < trial == 19 or (search == trial == 19)


def test_stopped_trials_are_kept_a_few_per_client() -> None:
    """A client that starts and stops trials in a loop holds the numbers of a
    few ended trials, not thousands; another client's are kept."""

    async def run() -> None:
        pool = ai.AIPool(0, 1)
        desk = trials.TrialDesk(pool, per_opponent=4)
        try:
            other = desk.start(HEC, LEGAL, "other")
            desk.stop(other.id)
            for _ in range(3 * trials.ENDED_PER_CLIENT):
                t = desk.start(HEC, LEGAL, "looper")
                desk.stop(t.id)
            mine = [x for x in desk.trials.values() if x.client == "looper"]
            assert len(mine) == trials.ENDED_PER_CLIENT
            assert t in mine and other.id in desk.trials  # the newest kept, and others'
        finally:
            await desk.close()
            pool.shutdown()

    asyncio.run(run())
