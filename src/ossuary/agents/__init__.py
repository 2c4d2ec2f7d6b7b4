"""Agents: anything that picks one of the legal options for a seat.

An :class:`Agent` has a ``name`` and ``act(obs) -> action id``, where ``obs`` is
an :class:`Observation`: the seat, its redacted view, the legal actions, and
``sample(rng)`` for search agents (a full state with the hidden cards dealt
anew). No agent is ever given the true state.

>>> from ossuary import hecatomb
>>> from ossuary.agents import make_agent, play_game
>>> state = play_game(hecatomb.new_game(seed=3), [make_agent("random", 1), make_agent("random", 2)])
>>> state.is_terminal()
True
"""

from .base import Agent, Observation, Observer, View, play_game
from .heuristic import HeuristicAgent
from .ismcts import Budget, ISMCTSAgent
from .knowledge import GameKnowledge, knowledge_for
from .random_agent import RandomAgent
from .registry import AgentFactory, check_agent, known_agents, make_agent, register_agent

__all__ = [
    "Agent",
    "AgentFactory",
    "Budget",
    "GameKnowledge",
    "HeuristicAgent",
    "ISMCTSAgent",
    "Observation",
    "Observer",
    "RandomAgent",
    "View",
    "check_agent",
    "knowledge_for",
    "known_agents",
    "make_agent",
    "play_game",
    "register_agent",
]
