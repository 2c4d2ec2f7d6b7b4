"""The agent protocol: how anything that picks options (random, heuristic, ISMCTS,
a person at a terminal) plugs into a game.

An agent is asked ``act(obs) -> action id`` with one :class:`Observation`: its
seat, the seat's redacted ``view``, the ``legal`` actions, and ``sample(rng)``,
which deals a full game state consistent with what the seat knows (for search
agents). The true state stays inside the observation; nothing public on it
leads there, and ``sample`` goes through the game's ``resample``, whose result
depends only on the seat's information set. So an agent can search as much as
it likes without ever learning where the hidden cards really lie.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..engine.core import Action, GameState
from ..engine.rng import Rng

View = dict[str, Any]


class Observation:
    """What one seat is given when it must decide, and nothing more.

    ``seat``, ``ruleset``, ``view`` (the seat's redacted view, built on first
    use) and ``legal`` are public. ``sample(rng)`` returns a fresh full state
    in which the hidden cards are dealt anew (``state.resample(seat, rng)``):
    two true states that the seat cannot tell apart give the same sample for
    the same ``rng``, so nothing an agent computes from samples depends on the
    hidden cards. The true state is kept in a name-mangled slot; Python cannot
    forbid reflection, but no attribute, property or method of this class
    returns it.
    """

    __slots__ = ("__state", "_view", "legal", "ruleset", "seat")

    def __init__(self, state: GameState, seat: int, legal: list[Action] | None = None) -> None:
        self.__state = state
        self.seat = seat
        self.ruleset = state.ruleset
        self.legal: list[Action] = state.legal_actions() if legal is None else legal
        self._view: View | None = None

    @property
    def view(self) -> View:
        """The seat's view: public zones, its own hand, counts of hidden cards."""
        if self._view is None:
            self._view = self.__state.view(self.seat)
        return self._view

    def sample(self, rng: Rng) -> GameState:
        """A full state consistent with what the seat knows (a determinization);
        its event log is the seat's redacted log."""
        return self.__state.resample(self.seat, rng)

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, {len(self.legal)} legal actions)"


@runtime_checkable
class Agent(Protocol):
    """Something that chooses one of the legal actions for a seat."""

    name: str

    def act(self, obs: Observation) -> str:
        """The id of the chosen action; it must be one of ``obs.legal``."""
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
        aid = agents[seat].act(Observation(state, seat, legal))
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
