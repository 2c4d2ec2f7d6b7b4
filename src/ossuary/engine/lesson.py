"""The kit of every game's lesson checks (``lesson.py`` in each game package).

A game's checks answer for the sentences of its lesson's steps (see
:meth:`~ossuary.engine.facets.Lessons.claims`); they register with
:meth:`Claims.claim` and read the game through the small helpers here, which
say nothing of any one game. Interpreted in both builds, like the games'
lesson modules (its file name keeps it so: setup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from .core import GameState
from .game import LessonClaim

S = TypeVar("S", bound=GameState)


class Claims(Generic[S]):
    """The checks a lesson's steps may name, by their function's name."""

    def __init__(self) -> None:
        self.checks: dict[str, Callable[[S, str, S, Sequence[str]], bool | None]] = {}

    def claim(
        self, fn: Callable[[S, str, S, Sequence[str]], bool | None]
    ) -> Callable[[S, str, S, Sequence[str]], bool | None]:
        """Register ``fn`` (a decorator): ``fn(before, action_id, now, words)``."""
        self.checks[fn.__name__] = fn
        return fn

    def for_game(self) -> Mapping[str, LessonClaim]:
        """The checks as :meth:`~ossuary.engine.facets.Lessons.claims` gives them
        (each is only ever called with its own game's states)."""
        return cast(Mapping[str, LessonClaim], self.checks)


def decider(s: GameState) -> int:
    """The seat whose decision is pending (the learner, at a lesson's step)."""
    assert s.pending is not None
    return s.pending.player


def since(before: GameState, now: GameState) -> list[dict[str, Any]]:
    """The log's events from ``before`` to ``now`` (``now`` follows ``before``)."""
    return now.log[len(before.log) :]


def option_number(aid: str) -> int:
    """The number after an option's verb: 17 in ``play 17``."""
    return int(aid.split()[1])
