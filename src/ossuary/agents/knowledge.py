"""What a game teaches its search agents: an evaluation, and how to name moves.

The agents in this package know nothing of any particular game. The kernel
defines what a game may teach them (:class:`~ossuary.engine.knowledge.GameKnowledge`),
and a game gives it on its :class:`~ossuary.engine.game.Game`
(:meth:`~ossuary.engine.game.Game.knowledge`, loaded the first time an agent
asks), so importing the agents never imports a game and a game never imports
the agents.
"""

from __future__ import annotations

from ..engine.errors import OssuaryError
from ..engine.knowledge import (
    ActionKey,
    Evaluate,
    GameKnowledge,
    RolloutPolicy,
    TreeDefault,
    identity_key,
)
from ..engine.registry import get

__all__ = [
    "ActionKey",
    "Evaluate",
    "GameKnowledge",
    "RolloutPolicy",
    "TreeDefault",
    "identity_key",
    "knowledge_for",
]


def knowledge_for(ruleset: str) -> GameKnowledge:
    """The knowledge of the game whose ruleset is called ``ruleset`` (a
    ValueError when no game of that name is registered)."""
    try:
        return get(ruleset).knowledge()
    except OssuaryError as exc:
        raise ValueError(f"no evaluation is known for the game {ruleset!r}: {exc}") from exc
