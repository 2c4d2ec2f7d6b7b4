"""The heuristic agent: try every option once on a sample, keep the best.

For each legal option it applies the option to one determinization of the
game (``obs.sample``) and asks the game's evaluation how the seat stands
afterwards; the evaluation itself plays the position on to a quiet point
(:mod:`ossuary.hecatomb.evaluate`), so "attack" is judged by the fight it
starts and "put this card into your mana zone" by the mana and hand it leaves.
Options that only pass the time (ending the turn) are judged by the position
as it stands, so that an option must improve the position to be chosen.

One look ahead is cheap (a few milliseconds a decision), deterministic for a
seed, and strong enough to beat random play almost always.
"""

from __future__ import annotations

from ..engine.rng import Rng
from .base import Observation, forced
from .knowledge import knowledge_for


class HeuristicAgent:
    """Greedy one-step lookahead with the game's evaluation."""

    name = "heuristic"
    reads_labels = False  # ids only (agents.base.legal_for)

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def act(self, obs: Observation) -> str:
        only = forced(obs)
        if only is not None:
            return only
        legal = obs.legal
        know = knowledge_for(obs.ruleset)
        state = obs.sample(self.rng)
        seat = obs.seat
        here: float | None = None
        best, best_v = legal[0].id, -1.0
        for action in legal:
            if action.id in know.stay_actions:
                if here is None:
                    here = (know.evaluate_stay or know.evaluate)(state)[seat]
                v = here
            else:
                after = state.clone()
                after.apply_action(action.id)
                v = know.evaluate(after)[seat]
            if v > best_v + 1e-9:
                best, best_v = action.id, v
        return best
