"""Computer seats think in worker processes, never on the event loop.

A search agent spends its whole time budget computing; in the server's process
that would freeze every socket of every game. So each decision is sent to a
process pool: the worker rebuilds the state from its serialized text (the
game's own ``deserialize``), makes the agent from its spec, and returns the
chosen option id. The agent sees what it always sees: an
:class:`~ossuary.agents.Observation` of its seat.

This module imports only the kernel, the agents and the registry (never the
web framework), so a worker starts light.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import re
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor

from .. import games
from ..agents import Observation, check_agent, make_agent
from ..agents.base import Needs

#: the AI levels offered in the lobby, as ``ossuary play --ai`` has them
AI_LEVELS = {"easy": "heuristic", "normal": "ismcts:1", "hard": "ismcts:4"}


def agent_spec(kind: str) -> str:
    """A seat's agent spec from a level name or a spec (``ismcts:2``); raises
    ValueError naming the levels and agents for an unknown one."""
    key = kind.strip().lower()
    if key in AI_LEVELS:
        return AI_LEVELS[key]
    try:
        return check_agent(key)
    except ValueError as exc:
        raise ValueError(f"{exc}; or a level: {', '.join(AI_LEVELS)}") from None


_SECONDS = re.compile(r"^[a-z_]+:([0-9]+(?:\.[0-9]+)?)$")


def think_seconds(spec: str) -> float | None:
    """The per-decision time a spec asks for (``ismcts:2.5`` -> 2.5; ``ismcts`` -> 1),
    or None when it is an iteration budget or a quick agent."""
    if spec.startswith("ismcts"):
        m = _SECONDS.match(spec)
        if m:
            return float(m.group(1))
        return None if "iters" in spec or "i=" in spec else 1.0
    return None


def think(game_name: str, state_text: str, seat: int, spec: str, seed: int) -> str:
    """Run in a worker: the option ``spec`` chooses for ``seat`` in the state."""
    state = games.get(game_name).deserialize(state_text)
    agent = make_agent(spec, seed)
    needs: Needs = getattr(agent, "observes", "samples")
    return agent.act(Observation.of(state, seat, needs=needs))


WORKER_NICENESS = 10


def _warm() -> None:
    """Start a worker: below the server's priority (a search must never delay a
    socket: the operating system runs the event loop first when both want the
    CPU), with the registry imported so its first decision is not slow."""
    with contextlib.suppress(OSError):
        os.nice(WORKER_NICENESS)
    games.names()


def make_pool(workers: int) -> Executor:
    """A process pool of ``workers`` (0: threads in this process, for tests)."""
    if workers <= 0:
        return ThreadPoolExecutor(2, thread_name_prefix="ossuary-ai")
    # forkserver: workers fork from a clean helper process, not from the server
    # with its threads and sockets
    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    ctx = multiprocessing.get_context(method)
    return ProcessPoolExecutor(workers, mp_context=ctx, initializer=_warm)


def default_workers() -> int:
    """One worker a core but one (the server keeps a core), at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


async def decide(
    pool: Executor,
    game_name: str,
    state_text: str,
    seat: int,
    spec: str,
    seed: int,
    limit: float,
) -> str:
    """The agent's choice, computed in ``pool``; TimeoutError after ``limit`` s."""
    loop = asyncio.get_running_loop()
    fut = loop.run_in_executor(pool, think, game_name, state_text, seat, spec, seed)
    return await asyncio.wait_for(fut, limit)
