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
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from pathlib import Path

from .. import games
from ..agents import Observation, check_agent, make_agent
from ..agents.base import Needs

#: the AI levels offered in the lobby, as ``ossuary play --ai`` has them
AI_LEVELS = {"easy": "heuristic", "normal": "ismcts:1", "hard": "ismcts:4"}

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
    """A seat's agent spec from a level name or a spec (``ismcts:2``); raises
    ValueError naming the levels and agents for an unknown one."""
    key = kind.strip().lower()
    offered = levels()
    if key in offered:
        return offered[key]
    if key.startswith("learned:"):  # files on the server are offered by level only
        raise ValueError(f"unknown level {kind!r}; levels: {', '.join(offered)}")
    try:
        return check_agent(key)
    except ValueError as exc:
        raise ValueError(f"{exc}; or a level: {', '.join(offered)}") from None


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
