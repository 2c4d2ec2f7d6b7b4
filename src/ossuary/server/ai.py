"""Computer seats think in worker processes, shared fairly, never on the event loop.

A search agent spends its whole time budget computing; in the server's process
that would freeze every socket of every game. So each decision goes to a
worker process: it rebuilds the state from its serialized text (the game's own
``deserialize``), makes the agent from its spec, and returns the chosen option
id. The agent sees what it always sees: an
:class:`~ossuary.agents.Observation` of its seat.

**What a request may ask** (:func:`check_spec`): a search may think at most
``MAX_THINK_SECONDS`` or ``MAX_ITERATIONS`` a decision, and a game may have at
most ``MAX_COMPUTER_SEATS`` computer seats; more is refused when the game is
created, with a message that says the limit.

**Sharing the workers** (:class:`AIPool`): decisions that search (ISMCTS) wait
in one queue, served by ``workers`` processes; the next one served is always
that of the game that has used the least worker time so far, so ten games at
the strongest level cannot starve an eleventh (a new game goes first; a game
that thinks four seconds a move waits behind those that think one). Quick
agents (heuristic, random, any agent without a search budget) have a lane and
a process of their own, so computer games at those levels keep their pace
whatever the searches do. Every worker runs below the server's priority.

**A search that overruns** is stopped: past its limit (its budget and a
margin, at most the server's ``ai_limit``) the worker process is killed and a
new one started; the game takes its default option for that decision.

This module imports only the kernel, the agents and the registry (never the
web framework), so a worker starts light.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import importlib
import itertools
import logging
import multiprocessing
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from .. import games
from ..agents import Observation, check_agent, make_agent
from ..agents.base import Needs
from ..agents.ismcts import Budget

log = logging.getLogger("ossuary.server")

#: the AI levels offered in the lobby, as ``ossuary play --ai`` has them
AI_LEVELS = {"easy": "heuristic", "normal": "ismcts:1", "hard": "ismcts:4"}

#: the most a request may ask of the server's AI (docs/server.md, "Limits")
MAX_THINK_SECONDS = 10.0
MAX_ITERATIONS = 20_000
MAX_COMPUTER_SEATS = 5
#: seconds past its own budget before a search counts as overrun
OVERRUN_MARGIN = 5.0
#: what a search with an iteration budget may take at most
ITERATIONS_LIMIT = 30.0
#: games whose worker time is remembered for fairness (the least recent forgotten)
FAIRNESS_KEPT = 10_000


def budget_of(spec: str) -> Budget | None:
    """The search budget of an agent spec (None: a quick agent that doesn't search)."""
    budget = getattr(make_agent(spec, 0), "budget", None)
    return budget if isinstance(budget, Budget) else None


#: learned policies on offer: level -> (agent spec, the tables it plays as
#: "game:seats"); set by :func:`offer_policies` when the app is made
_POLICIES: dict[str, tuple[str, list[str]]] = {}


def offer_policies(paths: Sequence[str] = ()) -> None:
    """Offer the policies the project ships (level ``learned``) and each of
    ``paths`` (``ossuary serve --policy``: ``PATH`` or ``NAME=PATH``; named
    ``trained``, ``trained 2`` ... when unnamed). A file that is not a usable
    policy raises :class:`~ossuary.agents.learned.PolicyError`."""
    from ..agents.learned import PolicyError, load_policy, shipped_policies

    found: dict[str, tuple[str, list[str]]] = {}
    shipped = [f"{g}:{n}" for g, n in shipped_policies()]
    if shipped:
        found["learned"] = ("learned", shipped)
    for given in paths:
        name, eq, path = given.partition("=")
        if not eq or "/" in name or "\\" in name or not name.strip():
            name, path = "", given
        policy = load_policy(path)
        level = name.strip().lower()
        if not level:
            k = sum(1 for lv in found if lv.startswith("trained")) + 1
            level = "trained" if k == 1 else f"trained {k}"
        if level in AI_LEVELS or level in found:
            raise PolicyError(
                f"--policy {given!r}: the level {level!r} is taken; name it NAME=PATH"
            )
        spec = f"learned:{Path(path).expanduser().resolve()}"
        found[level] = (spec, [f"{policy.game}:{policy.seats}"])
    _POLICIES.clear()
    _POLICIES.update(found)


def levels() -> dict[str, str]:
    """Every level offered: name -> agent spec."""
    return {**AI_LEVELS, **{k: v[0] for k, v in _POLICIES.items()}}


def level_about() -> dict[str, dict[str, str]]:
    """What the lobby says of a level beyond its name, per table ("game:seats"):
    where a shipped policy was measured (a strength measured on one pairing of
    decks is that pairing's, not every deck's)."""
    from ..agents.registry import shipped_policy_about

    out: dict[str, dict[str, str]] = {}
    for table in _POLICIES.get("learned", ("", []))[1]:
        game, _, seats = table.partition(":")
        short = shipped_policy_about(game, int(seats)).get("short")
        if short:
            out.setdefault("learned", {})[table] = short
    return out


def level_tables() -> dict[str, list[str]]:
    """The levels that play only some tables (learned policies): name -> "game:seats"."""
    return {k: list(v[1]) for k, v in _POLICIES.items()}


def public_name(spec: str) -> str:
    """What players are shown for a computer seat: a policy's level name, never
    the path of its file on the server."""
    if not spec.startswith("learned:"):
        return spec
    for level, (s, _) in _POLICIES.items():
        if s == spec:
            return level
    return "learned"


def agent_spec(kind: str) -> str:
    """A seat's agent spec from a level name or a spec (``ismcts:2``), within the
    server's limits; raises ValueError naming the levels and agents for an
    unknown one, or the limit a spec asks more than."""
    key = kind.strip().lower()
    offered = levels()
    if key in offered:
        return offered[key]
    if key.startswith("learned:"):  # files on the server are offered by level only
        raise ValueError(f"unknown level {kind!r}; levels: {', '.join(offered)}")
    try:
        spec = check_agent(key)
    except ValueError as exc:
        raise ValueError(f"{exc}; or a level: {', '.join(offered)}") from None
    return check_spec(spec)


def check_spec(spec: str) -> str:
    """``spec`` if its search fits the server's limits, else a ValueError."""
    budget = budget_of(spec)
    if budget is not None:
        if budget.seconds is not None and budget.seconds > MAX_THINK_SECONDS:
            raise ValueError(
                f"{spec!r} thinks {budget.seconds:g} s a decision; this server allows at "
                f"most {MAX_THINK_SECONDS:g} s (the hard level thinks {think_seconds('hard')} s)"
            )
        if budget.iterations is not None and budget.iterations > MAX_ITERATIONS:
            raise ValueError(
                f"{spec!r} searches {budget.iterations:,} iterations a decision; this server "
                f"allows at most {MAX_ITERATIONS:,}"
            )
    return spec


def think_seconds(spec: str) -> float | None:
    """The per-decision time a spec (or a level) asks for (``ismcts:2.5`` -> 2.5;
    ``ismcts`` -> 1), or None when it is an iteration budget or a quick agent."""
    budget = budget_of(AI_LEVELS.get(spec, spec))
    return None if budget is None else budget.seconds


def limit_of(spec: str, ai_limit: float) -> float:
    """How long a decision of ``spec`` may take before its worker is recycled."""
    budget = budget_of(spec)
    if budget is None:
        return min(ai_limit, OVERRUN_MARGIN * 2)
    if budget.seconds is not None:
        return min(ai_limit, budget.seconds * 1.5 + OVERRUN_MARGIN)
    return min(ai_limit, ITERATIONS_LIMIT)


def think(game_name: str, state_text: str, seat: int, spec: str, seed: int) -> str:
    """Run in a worker: the option ``spec`` chooses for ``seat`` in the state."""
    state = games.get(game_name).deserialize(state_text)
    agent = make_agent(spec, seed)
    needs: Needs = getattr(agent, "observes", "samples")
    return agent.act(Observation.of(state, seat, needs=needs))


#: what a worker may be asked to run, by name (a job names one of these and its
#: arguments: plain data, so nothing but these functions ever runs in a worker)
JOBS: dict[str, Callable[..., Any]] = {"think": think}


def register_job(name: str, fn: Callable[..., Any]) -> None:
    """Let workers run ``fn`` as job ``name``. Name it ``"package.module:function"``
    and register it when that module is imported: a fresh worker imports the
    module the first time it is asked for the job."""
    JOBS[name] = fn


def _job(name: str, args: tuple[Any, ...]) -> Any:
    if name not in JOBS:  # registered by a module the worker has not imported yet
        importlib.import_module(name.rpartition(":")[0] or "ossuary.server.ai")
    return JOBS[name](*args)


WORKER_NICENESS = 10
#: background work (deck trials): the lowest priority, below the games' AI, so
#: it only ever takes CPU that the games leave
TRIAL_NICENESS = 19


def _warm(niceness: int = WORKER_NICENESS) -> None:
    """Start a worker: below the server's priority (a search must never delay a
    socket: the operating system runs the event loop first when both want the
    CPU), with the registry imported so its first decision is not slow."""
    with contextlib.suppress(OSError):
        os.nice(niceness)
    games.names()


def _serve(conn: Connection, niceness: int = WORKER_NICENESS) -> None:
    """A worker process's loop: a job in, its answer out, until the pipe closes."""
    _warm(niceness)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", _job(*job)))
        except Exception as exc:  # a bug in an agent: the server takes the default option
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


def default_workers() -> int:
    """One search worker a core but one (the server keeps a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class WorkerFailed(Exception):
    """A worker answered with an error, or overran its limit and was recycled."""


class _Worker:
    """One worker: a process (or, with ``inline``, a thread of this process, for
    tests) that runs one decision at a time, and is killed and replaced when a
    decision overruns its limit."""

    def __init__(self, name: str, inline: bool, niceness: int = WORKER_NICENESS) -> None:
        self.name = name
        self.inline = inline
        self.niceness = niceness
        self.proc: Any = None
        self.conn: Connection | None = None
        self.recycled = 0

    def _start(self) -> None:
        # forkserver: workers fork from a clean helper process, not from the
        # server with its threads and sockets
        method = (
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        ctx = multiprocessing.get_context(method)
        mine, theirs = ctx.Pipe()
        self.proc = ctx.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs, self.niceness), name=self.name, daemon=True
        )
        self.proc.start()
        theirs.close()
        self.conn = mine

    def run(self, job: tuple[str, tuple[Any, ...]], limit: float) -> Any:
        """The answer to ``job`` (blocking: call it from a thread)."""
        if self.inline:
            return _job(*job)
        if self.proc is None or not self.proc.is_alive():
            self._start()
        assert self.conn is not None
        try:
            self.conn.send(job)
            if not self.conn.poll(limit):
                self.recycle()
                raise WorkerFailed(f"no answer within {limit:g} s: the worker was replaced")
            status, answer = self.conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            self.recycle()
            raise WorkerFailed(f"the worker died ({type(exc).__name__})") from None
        if status != "ok":
            raise WorkerFailed(answer)
        return answer

    def recycle(self) -> None:
        """Kill the process (it may be deep in a search) and forget it; the next
        decision starts a new one."""
        self.recycled += 1
        if self.proc is not None:
            with contextlib.suppress(Exception):
                self.proc.kill()
                self.proc.join(5)
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
        self.proc = self.conn = None

    def stop(self) -> None:
        if self.conn is not None:
            with contextlib.suppress(Exception):
                self.conn.close()
        if self.proc is not None:
            with contextlib.suppress(Exception):
                self.proc.join(1)
                if self.proc.is_alive():
                    self.proc.kill()
        self.proc = self.conn = None


@dataclass(order=True)
class _Job:
    used: float  # the game's worker time so far, when the job was queued
    order: int
    game_id: str = field(compare=False)
    args: tuple[str, tuple[Any, ...]] = field(compare=False)  # (job name, its arguments)
    limit: float = field(compare=False)
    future: asyncio.Future[Any] = field(compare=False)
    #: background work (a deck trial) waits while any game's job waits
    background: bool = field(default=False, compare=False)


class _Lane:
    """Workers and the queue they serve: the least-served game's decision first."""

    def __init__(
        self, name: str, workers: int, inline: bool, pool: AIPool, niceness: int = WORKER_NICENESS
    ) -> None:
        self.name = name
        self.pool = pool
        self.idle = [_Worker(f"ossuary-ai-{name}-{i}", inline, niceness) for i in range(workers)]
        self.all = list(self.idle)
        self.waiting: list[_Job] = []

    def submit(self, job: _Job) -> None:
        self.waiting.append(job)
        self._dispatch()

    def _dispatch(self) -> None:
        while self.idle and self.waiting:
            self.waiting = [j for j in self.waiting if not j.future.done()]  # cancelled ones
            if not self.waiting:
                return
            # the game that has had the least worker time goes first (now, not
            # as it stood when its job was queued); background work after games
            job = min(
                self.waiting, key=lambda j: (j.background, self.pool.used(j.game_id), j.order)
            )
            self.waiting.remove(job)
            worker = self.idle.pop()
            self.pool.spawn(self._run(worker, job))

    async def _run(self, worker: _Worker, job: _Job) -> None:
        start = time.monotonic()
        try:
            answer = await asyncio.to_thread(worker.run, job.args, job.limit)
        except Exception as exc:
            if not job.future.done():
                job.future.set_exception(exc)
        else:
            if not job.future.done():
                job.future.set_result(answer)
        finally:
            self.pool.charge(job.game_id, time.monotonic() - start)
            self.idle.append(worker)
            self._dispatch()

    def stop(self) -> None:
        for job in self.waiting:
            job.future.cancel()
        self.waiting.clear()
        for worker in self.all:
            worker.stop()


class AIPool:
    """The server's computer players: a search lane of ``workers`` processes and
    a quick lane of one, shared fairly between games (see the module docstring),
    and a lane of ``trial_workers`` processes at the lowest priority for
    background work (deck trials), shared fairly between its keys; with no
    trial workers, background work runs in the search lane, after any game's
    waiting decision. ``workers`` 0: threads in this process instead of
    processes (for tests)."""

    def __init__(self, workers: int, trial_workers: int = 1) -> None:
        inline = workers <= 0
        self.search = _Lane("search", max(1, workers), inline, self)
        self.quick = _Lane("quick", 1, inline, self)
        self.trial = (
            _Lane("trial", trial_workers, inline, self, TRIAL_NICENESS)
            if trial_workers > 0
            else None
        )
        self._used: collections.OrderedDict[str, float] = collections.OrderedDict()
        self._order = itertools.count()
        self._tasks: set[asyncio.Task[None]] = set()

    def used(self, game_id: str) -> float:
        return self._used.get(game_id, 0.0)

    def charge(self, game_id: str, seconds: float) -> None:
        self._used[game_id] = self._used.get(game_id, 0.0) + seconds
        self._used.move_to_end(game_id)
        while len(self._used) > FAIRNESS_KEPT:
            self._used.popitem(last=False)

    def spawn(self, coro: Any) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def decide(
        self,
        game_id: str,
        game_name: str,
        state_text: str,
        seat: int,
        spec: str,
        seed: int,
        limit: float,
    ) -> str:
        """The agent's choice; :class:`WorkerFailed` when its worker failed or
        overran ``limit`` seconds (the worker is then replaced)."""
        quick = budget_of(spec) is None
        answer = await self.run(game_id, "think", (game_name, state_text, seat, spec, seed),
                                limit, quick)  # fmt: skip
        return str(answer)

    async def run(
        self,
        key: str,
        job: str,
        args: tuple[Any, ...],
        limit: float,
        quick: bool = False,
        background: bool = False,
    ) -> Any:
        """Run ``job`` (a name in :data:`JOBS`) with ``args`` in a worker of the
        quick or the search lane, sharing it fairly by ``key`` (a game's id, or
        anything else that should get its share: a deck trial); its answer, or
        :class:`WorkerFailed`. Cancelling the caller cancels a queued job.
        ``background``: work no game waits for (a deck trial): it goes to the
        trial lane, or without one after every waiting decision of a game."""
        lane = self.quick if quick else self.trial if background and self.trial else self.search
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        lane.submit(
            _Job(self.used(key), next(self._order), key, (job, args), limit, future, background)
        )
        return await future

    @property
    def background_workers(self) -> int:
        """Workers that background work may use at once."""
        return len((self.trial or self.search).all)

    def _lanes(self) -> list[_Lane]:
        return [lane for lane in (self.search, self.quick, self.trial) if lane is not None]

    @property
    def recycled(self) -> int:
        """Workers killed and replaced so far (decisions that overran)."""
        return sum(w.recycled for lane in self._lanes() for w in lane.all)

    def shutdown(self) -> None:
        for lane in self._lanes():
            lane.stop()
        for task in list(self._tasks):
            task.cancel()


def make_pool(workers: int, trial_workers: int = 1) -> AIPool:
    """The AI workers: ``workers`` search processes, a quick one and
    ``trial_workers`` for deck trials (``workers`` 0: threads)."""
    return AIPool(workers, trial_workers)
