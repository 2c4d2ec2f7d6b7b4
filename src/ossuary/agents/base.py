"""The agent protocol: how anything that picks options (random, heuristic, ISMCTS,
a person at a terminal, a remote client) plugs into a game.

An agent is asked ``act(obs) -> action id`` with one :class:`Observation`: its
seat, the ``legal`` actions, the seat's redacted ``view`` and ``sample(rng)``,
which deals a full game state consistent with what the seat knows (for search
agents).

The observation holds **nothing of the true state**: it is built from the
game's *information state* for the seat (``state.information_state(seat)``), a
separate state in which every card the seat can't see has been dealt in an
order that depends only on what the seat knows, with no seed and no history.
An agent that digs into it, or writes to a sample, learns and changes nothing
of the real game. The same boundary holds across a process or a socket: what
crosses is a view (JSON) or an information state (which serializes).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, runtime_checkable

from ..engine.core import Action, GameState
from ..engine.errors import OssuaryError
from ..engine.rng import Rng

View = dict[str, Any]
#: what an agent needs to be given: only the legal actions, also the seat's view,
#: or also samples of the hidden cards (the view comes with them)
Needs = Literal["legal", "view", "samples"]


class Observation:
    """What one seat is given when it must decide, and nothing more.

    ``seat``, ``ruleset``, ``seats`` (how many sit at the table) and ``legal``
    always; ``view`` (the seat's redacted
    view) and ``sample(rng)`` (a determinization: a fresh full state in which the
    hidden cards are dealt anew) when the agent asked for them (see
    :meth:`of`). Two true states that the seat can't tell apart give the same
    observation and the same samples for the same ``rng``.
    """

    __slots__ = ("_infoset", "_view", "legal", "ruleset", "seat", "seats")

    def __init__(
        self,
        seat: int,
        ruleset: str,
        legal: list[Action],
        view: View | None = None,
        infoset: GameState | None = None,
        seats: int = 0,
    ) -> None:
        if infoset is not None and infoset.perspective != seat:
            raise OssuaryError("an observation's state must be the seat's information state")
        self.seat = seat
        self.seats = seats
        self.ruleset = ruleset
        self.legal = legal
        self._view = view
        self._infoset = infoset

    @classmethod
    def of(
        cls,
        state: GameState,
        seat: int,
        legal: list[Action] | None = None,
        needs: Needs = "samples",
    ) -> Observation:
        """The observation of the deciding ``seat`` in ``state``, holding only
        what ``needs`` asks for (building samples costs a state copy)."""
        legal = state.legal_actions() if legal is None else list(legal)
        n = state.num_seats()
        if needs == "legal":
            return cls(seat, state.ruleset, legal, seats=n)
        if needs == "view":
            return cls(seat, state.ruleset, legal, view=state.view(seat), seats=n)
        return cls(seat, state.ruleset, legal, infoset=state.information_state(seat), seats=n)

    @property
    def view(self) -> View:
        """The seat's view: public zones, its own hand, counts of hidden cards."""
        if self._view is None:
            if self._infoset is None:
                raise OssuaryError("this observation holds only the legal actions (needs='legal')")
            self._view = self._infoset.view(self.seat)
        return self._view

    def sample(self, rng: Rng) -> GameState:
        """A full state consistent with what the seat knows (a determinization);
        its event log is the seat's redacted log."""
        if self._infoset is None:
            raise OssuaryError("this observation carries no samples (the agent didn't ask)")
        return self._infoset.resample(self.seat, rng)

    def serialize(self) -> str:
        """The seat's information state as saved-game text, for an agent that
        thinks in another process (``deserialize`` it there)."""
        if self._infoset is None:
            raise OssuaryError("this observation carries no samples (the agent didn't ask)")
        return self._infoset.serialize()

    def __repr__(self) -> str:
        return f"Observation(seat={self.seat}, {len(self.legal)} legal actions)"


@runtime_checkable
class Agent(Protocol):
    """Something that chooses one of the legal actions for a seat.

    An agent may say what it needs with a class attribute ``observes``
    (``"legal"``, ``"view"`` or ``"samples"``, the default when absent), and
    that it never reads the actions' labels with ``reads_labels = False``
    (labels are words built for people: an agent that declares it may be
    given actions whose labels are empty, see :func:`legal_for`)."""

    name: str

    def act(self, obs: Observation) -> str:
        """The id of the chosen action; it must be one of ``obs.legal``."""
        ...


Observer = Callable[[GameState, int, Action], None]


def legal_for(agent: object | None, state: GameState) -> list[Action]:
    """The legal actions as ``agent`` is given them: with their labels, unless
    the agent says it reads none (``reads_labels = False``): then each label
    is empty, and no words are built (a tenth to a quarter of a step in the
    research environments, whose opponents decide at every step). ``None``
    (a learner choosing by id) is given empty labels too."""
    if agent is not None and getattr(agent, "reads_labels", True):
        return state.legal_actions()
    return [Action(a, "") for a in state.legal_action_ids()]


def forced(obs: Observation) -> str | None:
    """The only option when there is no choice to make (None when there is
    one); :class:`ValueError` when there is no option at all."""
    if not obs.legal:
        raise ValueError("no legal actions to choose from")
    return obs.legal[0].id if len(obs.legal) == 1 else None


def decide(agent: Agent, state: GameState, seat: int, legal: list[Action]) -> str:
    """The option ``agent`` takes for ``seat``: the only one there is without
    asking (so the agent's random stream is not drawn on), else its answer to
    what it observes (:attr:`Agent.observes`)."""
    if len(legal) == 1:
        return legal[0].id
    needs: Needs = getattr(agent, "observes", "samples")
    return agent.act(Observation.of(state, seat, legal, needs))


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
        agent = agents[seat]
        needs: Needs = getattr(agent, "observes", "samples")
        aid = agent.act(Observation.of(state, seat, legal, needs))
        action = next((a for a in legal if a.id == aid), None)
        if action is None:
            raise ValueError(
                f"agent {agent.name!r} (seat {seat}) chose {aid!r}, which is not legal"
            )
        if observer is not None:
            observer(state, seat, action)
        state.apply_action(action)
        done += 1
    return state
