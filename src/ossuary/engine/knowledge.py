"""What a game teaches the search agents: an evaluation, and how to name moves.

The agents (:mod:`ossuary.agents`) know nothing of any particular game. A game
gives its :class:`GameKnowledge` as the ``knowledge`` facet of its
:class:`~ossuary.engine.game.Game` (``evaluate.py`` in the game packages);
a game that gives none is played with :data:`PLAIN`: the game's result when it
is over, an even chance before, and random playouts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast

from .core import Decision, GameState
from .rng import Rng

Evaluate = Callable[[GameState], list[float]]
ActionKey = Callable[[GameState, str], str]
RolloutPolicy = Callable[[GameState, Rng], str]
TreeDefault = Callable[[GameState], str | None]
#: how a game answers one kind of decision without looking ahead: the option
#: id itself, or a function of the game's state and the pending decision
Answer = str | Callable[[Any, Decision], str]
S = TypeVar("S", bound=GameState)


class DefaultPlay(Generic[S]):
    """How a game plays on without looking ahead: a sensible answer to each kind
    of decision (``answers``: the option id itself, or a function of the state
    and the decision; the first option for a kind not listed), and the point
    where an evaluation may score the position (``quiet``, with something
    pending; at most ``steps`` choices on)."""

    def __init__(
        self, answers: Mapping[str, Answer], quiet: Callable[[S], bool], steps: int
    ) -> None:
        self.answers = answers
        self.quiet = quiet
        self.steps = steps

    def choice(self, s: S) -> str:
        """A sensible option for the pending decision without looking ahead."""
        pending = s.pending
        assert pending is not None
        answer = self.answers.get(pending.kind)
        if answer is None:
            return pending.options[0]
        if isinstance(answer, str):
            return answer
        return answer(s, pending)

    def settle(self, s: S) -> S:
        """A copy of ``s`` played on with :meth:`choice` to a quiet point (or
        until nothing is pending, or after ``steps`` choices)."""
        out = cast(S, s.clone())
        for _ in range(self.steps):
            if out.pending is None or self.quiet(out):
                break
            out.apply_action(self.choice(out))
        return out


def leads(scores: list[float]) -> list[float]:
    """Each seat's score less the best of the others' (negative: behind), the
    margin an evaluation turns into prospects."""
    return [mine - max(v for r, v in enumerate(scores) if r != q) for q, mine in enumerate(scores)]


def identity_key(state: GameState, aid: str) -> str:
    """The default move name: the option id itself (ids that name the same
    move in every determinization)."""
    return aid


def _uniform_policy(state: GameState, rng: Rng) -> str:
    return rng.choice(state.legal_action_ids())


@dataclass(frozen=True)
class GameKnowledge:
    """A game's contribution to its agents.

    ``evaluate(state)``: each seat's prospects in [0, 1] (1: sure win), from a
    state at any point, terminal included. ``action_key(state, id)``: a name
    for an option that means the same move in every determinization (an id may
    name a card instance, and hidden instances differ between samples), used
    to share ISMCTS statistics. ``stay_actions``: options that change nothing
    but the clock, such as ending one's turn, whose value is the position as it
    stands (evaluating after them would charge the next player's turn to this
    one); ``evaluate_stay(state)`` is that value for the seat deciding, leaving
    out whatever the evaluation credits for options still open this turn
    (defaults to ``evaluate``). ``search_evaluate(state)``: what ISMCTS
    scores a playout's last position with, where a game's search has a
    better (and dearer) judge than the one-step heuristic agent uses
    (defaults to ``evaluate``). ``rollout_policy``: a cheap move chooser for
    ISMCTS playouts; ``rollout_depth``: how many of its moves a playout makes
    before the evaluation cuts it (None: the agent's default), for games whose
    moves are long (a whole turn) and whose evaluation sees far enough; a
    function of the state when it depends on the game (such as its number of
    seats).
    ``tree_default(state)``: below the root, an option ISMCTS takes without
    branching (None: branch as usual), for small choices inside a move (such
    as which card a kill takes) where a sound default beats spreading a few
    visits over every answer; the agent's own decision at the root is always
    searched. ``relative_values``: ISMCTS compares a node's children on their
    mean values rescaled to [0, 1] between the lowest and the highest of them
    (min-max normalization, as in MuZero), for games whose evaluation is
    calibrated to win chances that moves change by little early on, where the
    exploration term would otherwise swamp the differences.
    ``common_samples``: when above 0, ISMCTS deals that many determinizations
    once per decision and gives a root option's *n*-th visit sample
    ``n mod common_samples`` (common random numbers), so its options are
    compared on the same hidden cards and draws; for games whose deal moves a
    position's value far more than the choice between good moves. 0: a fresh
    sample every iteration.
    """

    evaluate: Evaluate
    action_key: ActionKey = identity_key
    stay_actions: frozenset[str] = field(default_factory=frozenset)
    evaluate_stay: Evaluate | None = None
    search_evaluate: Evaluate | None = None
    rollout_policy: RolloutPolicy = _uniform_policy
    rollout_depth: int | Callable[[GameState], int] | None = None
    tree_default: TreeDefault | None = None
    relative_values: bool = False
    common_samples: int = 0


def _result(state: GameState) -> list[float]:
    """Each seat's prospects from the result alone: its returns mapped to [0, 1]
    when the game is over, an even chance before."""
    return [(r + 1.0) / 2.0 for r in state.returns()]


#: the knowledge of a game that gives none: search still plays it, judging a
#: position only when the game is over (so ISMCTS is plain Monte Carlo search)
PLAIN = GameKnowledge(evaluate=_result)
