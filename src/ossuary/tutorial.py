"""A first game that teaches: "how to play, how to win" and the guided game.

Each game keeps its lesson as data in its own package (``data/learn.toml``,
given by :meth:`Game.learn_text <ossuary.engine.game.Game.learn_text>`): a short
text in our own words (what the game is, how to win, a turn, tips) and a guided
first game: a fixed deal (seats, decks, seed, who starts) and steps. Nothing
here knows a game; the terminal (``ossuary play GAME --tutorial``) and the
server (a game created with ``"tutorial": true``) reach it through the
registry.

A step says, for a decision of one kind, what to do and why; it may hold only
on one turn, only when an option is on offer, and may suggest options (by id,
an id's first word, or a card named in the label). For each decision of the
person taking the lesson, :meth:`Tutorial.hint` gives the first step that holds:
no state is kept, so a hint depends only on what that seat sees now (the server
needs nothing stored to give it, and a reloaded page gets the same). Steps
without a turn explain a kind whenever it comes; the lesson lists the kinds it
makes sure come up (``teaches``); the clients count which have, and say when
every one has been seen.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import games
from .engine.errors import OssuaryError
from .engine.game import Game
from .engine.untrusted import load_toml

Text = Annotated[str, Field(min_length=1, max_length=600)]
Short = Annotated[str, Field(min_length=1, max_length=80)]


class LessonError(OssuaryError):
    """A game's lesson file that does not follow the format (a bug in the game package)."""


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class Learn(_Strict):
    """How to play, how to win: a few short paragraphs in our own words."""

    summary: Text
    goal: Text
    turn: Annotated[list[Text], Field(min_length=1, max_length=12)]
    tips: Annotated[list[Text], Field(max_length=12)] = []


class Step(_Strict):
    """What to do at one kind of decision, and why."""

    kind: Short
    text: Text
    #: only on this turn (the view's ``turn_number``)
    turn: Annotated[int, Field(ge=0, le=999)] | None = None
    #: only when an option whose id starts with this is on offer
    has: Short | None = None
    #: suggested options: ids, or the first word of ids ("play", "pass")
    suggest: Annotated[list[Short], Field(max_length=8)] = []
    #: a card the suggested option names (its label holds the name)
    card: Short | None = None


class Deal(_Strict):
    """The guided game's fixed deal: the person in seat ``you`` against agents."""

    seats: Annotated[list[Short], Field(min_length=2, max_length=8)]
    you: Annotated[int, Field(ge=0, le=7)] = 0
    seed: Annotated[int, Field(ge=0, lt=2**53)]
    first: Annotated[int, Field(ge=0, le=7)] | None = None
    decks: Annotated[list[Short], Field(max_length=8)] | None = None
    mode: Short | None = None
    #: the kinds of decision the lesson makes sure the person meets, in words
    teaches: Annotated[dict[Short, Short], Field(min_length=1, max_length=30)]
    step: Annotated[list[Step], Field(min_length=1, max_length=80)]


class Lesson(_Strict):
    learn: Learn
    tutorial: Deal


@dataclass(frozen=True)
class Hint:
    """The step for the decision at hand: its words, the options it suggests,
    the kind of decision (for counting what has been seen)."""

    text: str
    suggest: tuple[str, ...]
    kind: str

    def as_json(self) -> dict[str, Any]:
        return {"text": self.text, "suggest": list(self.suggest), "kind": self.kind}


class Tutorial:
    """A game's lesson, checked."""

    def __init__(self, game: Game, lesson: Lesson) -> None:
        self.game = game
        self.learn = lesson.learn
        self.deal = lesson.tutorial
        self.steps = lesson.tutorial.step

    @property
    def teaches(self) -> dict[str, str]:
        """Kind of decision -> how the lesson names it ("mulligan": "Mulligan")."""
        return dict(self.deal.teaches)

    def hint(self, view: dict[str, Any], options: Sequence[tuple[str, str]]) -> Hint | None:
        """The first step that holds for the decision in ``view`` (the person's
        own view), given its ``options`` as (id, label); None when none does."""
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        turn = view.get("turn_number")
        ids = [i for i, _ in options]
        for step in self.steps:
            if step.kind != kind or (step.turn is not None and step.turn != turn):
                continue
            if step.has is not None and not any(i.startswith(step.has) for i in ids):
                continue
            suggest = tuple(i for i, label in options if _suggested(step, i, label))
            if (step.suggest or step.card) and not suggest:
                continue  # what it would point at is not on offer now
            return Hint(step.text, suggest, step.kind)
        return None

    def learn_json(self) -> dict[str, Any]:
        """How to play, for the lobby and the board."""
        return self.learn.model_dump()


def _suggested(step: Step, aid: str, label: str) -> bool:
    if step.card is not None and step.card.lower() not in label.lower():
        return False
    if not step.suggest:
        return step.card is not None
    return any(aid == s or aid.startswith(s + " ") for s in step.suggest)


def lesson_of(game: Game) -> Tutorial | None:
    """``game``'s lesson, or None when it has none."""
    text = game.learn_text()
    if text is None:
        return None
    data = load_toml(text, LessonError, f"{game.name} lesson")
    try:
        return Tutorial(game, Lesson.model_validate(data))
    except ValidationError as exc:
        raise LessonError(f"{game.name} lesson: {exc}") from None


@functools.cache
def lesson(name: str) -> Tutorial | None:
    """The lesson of the game called ``name`` (the registry finds it; read once)."""
    return lesson_of(games.get(name))


def learn_lines(game: Game) -> list[str]:
    """How to play ``game``, as lines for the terminal (empty without a lesson)."""
    found = lesson_of(game)
    if found is None:
        return []
    learn = found.learn
    lines = [learn.summary, "", f"How to win: {learn.goal}", "", "A turn:"]
    lines += [f"  {i}. {step}" for i, step in enumerate(learn.turn, 1)]
    if learn.tips:
        lines += ["", "Tips:"] + [f"  - {tip}" for tip in learn.tips]
    return lines
