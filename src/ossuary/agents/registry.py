"""Agents by name, for the command line and the simulators.

Later agents (heuristic, ISMCTS) register themselves here with
:func:`register_agent` so that ``make_agent`` knows them.
"""

from __future__ import annotations

from collections.abc import Callable

from .base import Agent
from .random_agent import RandomAgent

AgentFactory = Callable[[int], Agent]

_AGENTS: dict[str, AgentFactory] = {}


def register_agent(name: str, factory: AgentFactory) -> None:
    """Make ``make_agent(name, seed)`` return ``factory(seed)``."""
    _AGENTS[name.lower()] = factory


def known_agents() -> list[str]:
    """The names ``make_agent`` accepts, sorted."""
    return sorted(_AGENTS)


def make_agent(spec: str, seed: int = 0) -> Agent:
    """The agent named ``spec`` (case-insensitive), seeded with ``seed``.

    Raises :class:`ValueError` naming the known agents when ``spec`` is unknown.
    """
    key = spec.strip().lower()
    factory = _AGENTS.get(key)
    if factory is None:
        raise ValueError(f"unknown agent {spec!r}; known agents: {', '.join(known_agents())}")
    return factory(seed)


register_agent("random", RandomAgent)
