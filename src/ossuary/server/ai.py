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
in one queue, served by ``workers`` processes. The next one served is that of
a game with a person in it before any game of computers alone; among those,
that of the *player* (the address that made the game) who has had the least
worker time so far, and among that player's games the one that has had the
least. So one player's games, however many, share one player's slice: twenty
games of one client can't starve another client's one, and ten games at the
strongest level can't starve an eleventh. The searches of games of computers
alone go to a lane of their own, whose processes run at the lowest priority:
a search already running can't be paused, so a person's search must not wait
for one, and the operating system gives the person's worker the CPU. Quick
agents (heuristic, random, any agent without a search budget) have a lane and
a process of their own, shared the same way. Every worker runs below the
server's priority.

**Time** is the worker's CPU time: a decision is charged (for the shares) the
CPU its worker spent on it, and a search overruns only when its worker has
spent its limit in CPU (its budget and a margin, at most the server's
``ai_limit``; or four times that in wall-clock time, for a worker that is
stuck): then the process is killed and a new one started, and the game takes
its default option for that decision. A worker that waits for a busy machine's
CPU is not an overrun. Workers are started, and import what they run, before
any decision is timed: a cold start never counts against a decision.

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
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
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
#: games (and players) whose worker time is remembered for fairness (the least
#: recent forgotten)
FAIRNESS_KEPT = 10_000
#: seconds a worker process may take to start and import what it runs (never
#: counted against a decision)
START_LIMIT = 120.0
#: a search with a time budget stops this long before its deadline, so its
#: answer is back by then (the release time: see clocks.py); 0.15 s was too
#: little on a CI machine running browsers beside it (every searched answer of
#: tests/server/test_timing.py came after its moment, 2026-11-29), and 0.25 s
#: once (its searched answers' median 40 ms after the moment, 2026-11-30)
SEARCH_SLACK = 0.35
#: the least a search is given, however late its job was served
MIN_SEARCH = 0.05
#: wall-clock time past the CPU limit before a worker counts as stuck
STUCK_FACTOR = 4.0


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
    its strength on the players' rating scale where the ladder measured it
    (:mod:`.strength`), and where a shipped policy was measured (a strength
    measured on one pairing of decks is that pairing's, not every deck's)."""
    from ..agents.registry import shipped_policy_about
    from .strength import measured

    offered = levels()
    out = {level: dict(t) for level, t in measured().items() if level in offered}
    for table in _POLICIES.get("learned", ("", []))[1]:
        game, _, seats = table.partition(":")
        short = shipped_policy_about(game, int(seats)).get("short")
        if short:
            said = out.setdefault("learned", {}).get(table)
            out["learned"][table] = f"{said}; {short}" if said else short
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
    # files on the server are offered by level only
    if key.startswith("learned:") or (key.startswith("guided:") and "policy=" in key):
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


def think(
    game_name: str,
    state_text: str,
    seat: int,
    spec: str,
    seed: int,
    deadline: float | None = None,
) -> str:
    """Run in a worker: the option ``spec`` chooses for ``seat`` in the state.
    ``deadline`` (``time.monotonic``, the same clock in every process of the
    machine): a search with a time budget stops by then, however long its job
    waited, so its answer is back when the server releases it."""
    state = games.get(game_name).deserialize(state_text)
    agent = make_agent(spec, seed)
    needs: Needs = getattr(agent, "observes", "samples")
    seen = Observation.of(state, seat, needs=needs)
    budget = getattr(agent, "budget", None)
    if deadline is not None and isinstance(budget, Budget) and budget.seconds is not None:
        # measured after everything before the search itself
        left = deadline - SEARCH_SLACK - time.monotonic()
        setattr(agent, "budget", Budget(seconds=max(MIN_SEARCH, min(budget.seconds, left))))  # noqa: B010
    return agent.act(seen)


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
#: searches for games with no person in them: the lowest priority too
IDLE_NICENESS = 19


def load_games_and(imports: Sequence[str] = ()) -> None:
    """Every game loaded and ``imports`` imported (what a worker's jobs need)."""
    for name in games.names():
        with contextlib.suppress(Exception):  # a game that can't load is refused later
            games.get(name)
    for module in imports:
        with contextlib.suppress(ImportError):  # an extra not installed: its jobs say so
            importlib.import_module(module)


def _warm(niceness: int = WORKER_NICENESS, imports: Sequence[str] = ()) -> None:
    """Start a worker: every game and ``imports`` imported (so its first job
    is not slow; a worker forked from the preloaded forkserver has them
    already), at the server's priority, then below it (a search must never
    delay a socket: the operating system runs the event loop first when both
    want the CPU). Warming at the low priority would leave a busy machine's
    worker cold for minutes."""
    load_games_and(imports)
    with contextlib.suppress(OSError):
        os.nice(niceness)


READY = ("ready", None)
#: what a lane's workers import as they start: the search, or a trial's games
SEARCH_IMPORTS = ("ossuary.agents.ismcts",)
TRIAL_IMPORTS = ("ossuary.server.trials", "ossuary.sim.play")
#: what the forkserver imports once before it forks any worker: the games and
#: the search (warm_workers.py). ("__main__" would do nothing: Python 3.11's
#: forkserver drops the main module's path before it could import it.)
FORKSERVER_PRELOAD = ["ossuary.server.warm_workers"]


def _serve(conn: Connection, niceness: int = WORKER_NICENESS, imports: Sequence[str] = ()) -> None:
    """A worker process's loop: ready once warm, then a job in, its answer out,
    until the pipe closes."""
    _warm(niceness, imports)
    conn.send(READY)
    while True:
        try:
            job = conn.recv()
        except (EOFError, OSError):
            return
        try:
            conn.send(("ok", _job(*job)))
        except Exception as exc:  # a bug in an agent: the server takes the default option
            conn.send(("error", f"{type(exc).__name__}: {exc}"))


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def cpu_seconds(pid: int) -> float | None:
    """The CPU time (user and system) process ``pid`` has used, from Linux's
    ``/proc``; None where that can't be read."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as f:
            fields = f.read().rsplit(b")", 1)[1].split()
    except (OSError, IndexError):
        return None
    try:  # fields 14 and 15 of the whole line: utime and stime, in clock ticks
        return (int(fields[11]) + int(fields[12])) / _TICK
    except (IndexError, ValueError):
        return None


def default_workers() -> int:
    """One search worker a core but one (the server keeps a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


class WorkerFailed(Exception):
    """A worker answered with an error, or overran its limit and was recycled."""


class _Worker:
    """One worker: a process (or, with ``inline``, a thread of this process, for
    tests) that runs one decision at a time, and is killed and replaced when a
    decision overruns its limit."""

    def __init__(
        self,
        name: str,
        inline: bool,
        niceness: int = WORKER_NICENESS,
        imports: Sequence[str] = SEARCH_IMPORTS,
    ) -> None:
        self.name = name
        self.inline = inline
        self.niceness = niceness
        self.imports = tuple(imports)
        self.proc: Any = None
        self.conn: Connection | None = None
        self.recycled = 0
        self.spent = 0.0  # the CPU seconds (wall, inline) of the last job
        # the pool warms workers in threads while a decision may be starting
        # the same worker in another: one start at a time
        self._starting = threading.Lock()

    def ensure(self) -> None:
        """Start the process and wait until it is warm (blocking: from a thread).
        Not counted against any decision."""
        if self.inline:
            return
        with self._starting:
            if self.proc is None or not self.proc.is_alive():
                self._start()

    def _start(self) -> None:
        # forkserver: workers fork from a clean helper process, not from the
        # server with its threads and sockets
        method = (
            "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
        )
        ctx = multiprocessing.get_context(method)
        if method == "forkserver":  # (read when the forkserver starts: before the first worker)
            ctx.set_forkserver_preload(FORKSERVER_PRELOAD)
        mine, theirs = ctx.Pipe()
        self.proc = ctx.Process(  # type: ignore[attr-defined]
            target=_serve, args=(theirs, self.niceness, self.imports), name=self.name, daemon=True
        )
        self.proc.start()
        theirs.close()
        self.conn = mine
        try:
            if not mine.poll(START_LIMIT) or mine.recv() != READY:
                raise WorkerFailed(f"the worker did not start within {START_LIMIT:g} s")
        except (EOFError, OSError):
            self.recycle()
            raise WorkerFailed("the worker died as it started") from None

    def run(self, job: tuple[str, tuple[Any, ...]], limit: float) -> Any:
        """The answer to ``job`` (blocking: call it from a thread). ``limit``:
        the CPU seconds it may take (see the module docstring)."""
        if self.inline:
            start = time.monotonic()
            try:
                return _job(*job)
            finally:
                self.spent = time.monotonic() - start
        self.ensure()
        assert self.conn is not None and self.proc is not None
        pid = self.proc.pid
        before = cpu_seconds(pid)
        started = time.monotonic()
        try:
            self.conn.send(job)
            while not self.conn.poll(min(limit, 1.0)):
                used = self._used(pid, before, started)
                if used >= limit or time.monotonic() - started >= limit * STUCK_FACTOR:
                    self.recycle()
                    raise WorkerFailed(f"no answer within {limit:g} s: the worker was replaced")
            status, answer = self.conn.recv()
        except (EOFError, OSError, BrokenPipeError) as exc:
            self.recycle()
            raise WorkerFailed(f"the worker died ({type(exc).__name__})") from None
        finally:
            self.spent = self._used(pid, before, started)
        if status != "ok":
            raise WorkerFailed(answer)
        return answer

    @staticmethod
    def _used(pid: int, before: float | None, started: float) -> float:
        """The CPU seconds the worker spent since ``before`` (wall-clock time
        where its CPU time can't be read)."""
        now = cpu_seconds(pid)
        if before is None or now is None:
            return time.monotonic() - started
        return now - before

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
    #: whose share it comes out of (the address that made the game)
    player: str | None = field(default=None, compare=False)
    #: a game with a person in it goes before games of computers alone
    person: bool = field(default=True, compare=False)


def _player_key(job: _Job) -> str:
    """The share a job comes out of: its player's (a job without one is its own)."""
    return f"player:{job.player}" if job.player is not None else f"game:{job.game_id}"


class _Lane:
    """Workers and the queue they serve: the least-served game's decision first."""

    def __init__(
        self, name: str, workers: int, pool: AIPool, worker: Callable[[str], _Worker]
    ) -> None:
        """``workers`` made by ``worker`` from their names (how they run: inline,
        their niceness and what they import first)."""
        self.name = name
        self.pool = pool
        self.idle = [worker(f"ossuary-ai-{name}-{i}") for i in range(workers)]
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
            # games before background work, games with a person before games of
            # computers alone; then the player, and among the player's games the
            # game, that has had the least worker time (now, not as it stood
            # when the job was queued)
            pool = self.pool
            job = min(
                self.waiting,
                key=lambda j: (
                    j.background,
                    not j.person,
                    pool.used(_player_key(j)),
                    pool.used(j.game_id),
                    j.order,
                ),
            )
            self.waiting.remove(job)
            worker = self.idle.pop()
            self.pool.spawn(self._run(worker, job))

    async def _run(self, worker: _Worker, job: _Job) -> None:
        try:
            answer = await asyncio.to_thread(worker.run, job.args, job.limit)
        except Exception as exc:
            if not job.future.done():
                job.future.set_exception(exc)
        else:
            if not job.future.done():
                job.future.set_result(answer)
        finally:
            self.pool.charge(job.game_id, worker.spent)
            self.pool.charge(_player_key(job), worker.spent)
            self.idle.append(worker)
            self._dispatch()

    async def warm(self) -> None:
        """Start every worker of the lane (each waits until it is warm)."""
        await asyncio.gather(
            *(asyncio.to_thread(w.ensure) for w in self.all), return_exceptions=True
        )

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
        searcher = partial(_Worker, inline=inline)
        self.search = _Lane("search", max(1, workers), self, searcher)
        self.quick = _Lane("quick", 1, self, searcher)
        # searches of games with no person in them: processes of their own at
        # the lowest priority, so the operating system gives a person's search
        # the CPU even while such a search runs (a running search can't be
        # paused: the queue's order alone would make a person's game wait)
        self.idle = _Lane(
            "idle", max(1, workers), self, partial(_Worker, inline=inline, niceness=IDLE_NICENESS)
        )
        trial = partial(_Worker, inline=inline, niceness=TRIAL_NICENESS, imports=TRIAL_IMPORTS)
        self.trial = _Lane("trial", trial_workers, self, trial) if trial_workers > 0 else None
        self._used: collections.OrderedDict[str, float] = collections.OrderedDict()
        #: set once the workers people's games use are warm (readiness)
        self.warmed = asyncio.Event()
        if inline:  # threads of this process: nothing to start
            self.warmed.set()
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
        player: str | None = None,
        person: bool = True,
        deadline: float | None = None,
    ) -> str:
        """The agent's choice; :class:`WorkerFailed` when its worker failed or
        overran ``limit`` CPU seconds (the worker is then replaced). ``player``:
        whose share it comes out of; ``person``: whether a person plays in the
        game (else it goes after every game with one); ``deadline``: when a
        timed search must be done (:func:`think`)."""
        quick = budget_of(spec) is None
        args = (game_name, state_text, seat, spec, seed, deadline)
        answer = await self.run(game_id, "think", args, limit, quick, player=player,
                                person=person)  # fmt: skip
        return str(answer)

    async def run(
        self,
        key: str,
        job: str,
        args: tuple[Any, ...],
        limit: float,
        quick: bool = False,
        background: bool = False,
        player: str | None = None,
        person: bool = True,
    ) -> Any:
        """Run ``job`` (a name in :data:`JOBS`) with ``args`` in a worker of the
        quick or the search lane, sharing it fairly by ``key`` (a game's id, or
        anything else that should get its share: a deck trial) within
        ``player``'s share; its answer, or :class:`WorkerFailed`. Cancelling the
        caller cancels a queued job. ``background``: work no game waits for (a
        deck trial): it goes to the trial lane, or without one after every
        waiting decision of a game."""
        if quick:
            lane = self.quick
        elif background:
            lane = self.trial or self.search
        else:
            lane = self.search if person else self.idle
        future: asyncio.Future[Any] = asyncio.get_running_loop().create_future()
        lane.submit(
            _Job(
                self.used(key),
                next(self._order),
                key,
                (job, args),
                limit,
                future,
                background,
                player,
                person,
            )
        )
        return await future

    async def warm(self) -> None:
        """Start every worker now (the server does as it starts), so that no
        decision waits for a process to start: the lanes people's games use
        first, one after the other (all at once, a busy machine would warm
        none of them soon), then the rest. :attr:`warmed` once people's are."""
        for lane in (self.quick, self.search):
            await lane.warm()
        self.warmed.set()
        for later in (self.idle, self.trial):
            if later is not None:
                await later.warm()

    @property
    def background_workers(self) -> int:
        """Workers that background work may use at once."""
        return len((self.trial or self.search).all)

    def _lanes(self) -> list[_Lane]:
        lanes = (self.search, self.quick, self.idle, self.trial)
        return [lane for lane in lanes if lane is not None]

    def queue_depths(self) -> dict[str, int]:
        """Jobs waiting in each lane (not the running ones)."""
        return {
            lane.name: sum(1 for j in lane.waiting if not j.future.done()) for lane in self._lanes()
        }

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
