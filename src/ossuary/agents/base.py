"""The agent protocol: how anything that picks options (random, heuristic, ISMCTS,
a person at a terminal) plugs into a game.

An agent sees exactly what its seat may see: the seat's ``view`` (JSON-ready,
hidden cards redacted) and the legal actions. It never gets the state, so an
agent cannot cheat by reading hidden cards.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..engine.core import Action, GameState

View = dict[str, Any]


@runtime_checkable
class Agent(Protocol):
    """Something that chooses one of the legal actions for a seat."""

    name: str

    def act(self, view: View, legal: list[Action]) -> str:
        """The id of the chosen action; it must be one of ``legal``."""
        ...


Observer = Callable[[GameState, int, Action], None]


def play_game(
    state: GameState,
    agents: Sequence[Agent],
    *,
    observer: Observer | None = None,
    max_actions: int | None = None,
) -> GameState:
    """Let ``agents`` (one per seat) play ``state`` to the end, in place; return it.

    ``observer(state, seat, action)`` is called before each action is applied.
    ``max_actions`` stops after that many actions even if the game is not over
    (the state is then returned unfinished).
    """
    if len(agents) != state.num_seats():
        raise ValueError(
            f"{state.num_seats()} seats need {state.num_seats()} agents, got {len(agents)}"
        )
    done = 0
    while not state.is_terminal():
        if max_actions is not None and done >= max_actions:
            break
        seat = state.current_player()
        if seat is None:  # defensive: nobody to decide but not terminal
            break
        legal = state.legal_actions()
        aid = agents[seat].act(state.view(seat), legal)
        action = next((a for a in legal if a.id == aid), None)
        if action is None:
            raise ValueError(
                f"agent {agents[seat].name!r} (seat {seat}) chose {aid!r}, which is not legal"
            )
        if observer is not None:
            observer(state, seat, action)
        state.apply_action(action)
        done += 1
    return state
