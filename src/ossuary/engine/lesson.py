"""The kit of every game's lesson checks (``lesson.py`` in each game package).

A game's checks answer for the sentences of its lesson's steps (see
:meth:`~ossuary.engine.facets.Lessons.claims`); they register with
:meth:`Claims.claim` and read the game through the small helpers here, which
say nothing of any one game. Interpreted in both builds, like the games'
lesson modules (its file name keeps it so: setup.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, Generic, TypeVar, cast

from .core import GameState
from .game import LessonClaim

S = TypeVar("S", bound=GameState)


class Claims(Mapping[str, LessonClaim], Generic[S]):
    """The checks a lesson's steps may name, by their function's name: a game's
    lesson module names its own ``CLAIMS``, which is what
    :meth:`~ossuary.engine.facets.Lessons.claims` gives (each check is only
    ever called with its own game's states)."""

    def __init__(self) -> None:
        self.checks: dict[str, Callable[[S, str, S, Sequence[str]], bool | None]] = {}

    def __getitem__(self, name: str) -> LessonClaim:
        return cast(LessonClaim, self.checks[name])

    def __iter__(self) -> Iterator[str]:
        return iter(self.checks)

    def __len__(self) -> int:
        return len(self.checks)

    def claim(
        self, fn: Callable[[S, str, S, Sequence[str]], bool | None]
    ) -> Callable[[S, str, S, Sequence[str]], bool | None]:
        """Register ``fn`` (a decorator): ``fn(before, action_id, now, words)``."""
        self.checks[fn.__name__] = fn
        return fn


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
