"""Agents: anything that picks one of the legal options for a seat.

An :class:`Agent` has a ``name`` and ``act(view, legal) -> action id``; it is given
only its seat's view and the legal actions, never the state.

>>> from ossuary import hecatomb
>>> from ossuary.agents import make_agent, play_game
>>> state = play_game(hecatomb.new_game(seed=3), [make_agent("random", 1), make_agent("random", 2)])
>>> state.is_terminal()
True
"""

from .base import Agent, Observer, View, play_game
from .random_agent import RandomAgent
from .registry import AgentFactory, known_agents, make_agent, register_agent

__all__ = [
    "Agent",
    "AgentFactory",
    "Observer",
    "RandomAgent",
    "View",
    "known_agents",
    "make_agent",
    "play_game",
    "register_agent",
]
