"""A first game that teaches: "how to play, how to win" and the guided game.

Each game keeps its lessons as data in its own package (``learn.toml``, given
by :meth:`game.lessons.text <ossuary.engine.facets.Lessons.text>`): a short text
in our own words (what the game is, how to win, a turn, tips) and a guided first
game: a fixed deal (seats, decks, seed, who starts), how to win it in one line
(``goal``, shown all game long) and steps. A game with modes may add a lesson
for a mode (``[mode.2v2]``: its own deal and steps; after its own steps, the
main lesson's steps for any turn). Nothing here knows a game; the terminal
(``ossuary play GAME [--mode M] --tutorial``) and the server (a game created
with ``"tutorial": true``) reach it through the registry.

A step says, for a decision of one kind, what to do and why; it may hold only
on one turn, only when an option is on offer, only under a condition the game
reads from the view (``when``, whose words may stand in the text as
``{when}``), and may suggest options (by id, an id's first word, or a card
named in the label). For each decision of the person taking the lesson,
:meth:`Tutorial.hint` gives the first step that holds: no state is kept, so a
hint depends only on what that seat sees now (the server needs nothing stored
to give it, and a reloaded page gets the same). Steps without a turn explain a
kind whenever it comes; the lesson lists the kinds it makes sure come up
(``teaches``); the clients count which have, and say when every one has been
seen.

What a step's text says happens is checked against the engine: a step names
its ``claims``, checks the game package registers
(:meth:`game.lessons.claims <ossuary.engine.facets.Lessons.claims>`), and a
test walks every lesson to its end and runs them.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from . import games
from .engine.errors import OssuaryError
from .engine.game import DeckSpec, Game
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
    #: only while this condition of the game holds (game.lessons.conditions)
    when: Short | None = None
    #: only on this turn (the view's ``turn_number``)
    turn: Annotated[int, Field(ge=0, le=999)] | None = None
    #: only when an option whose id starts with this is on offer
    has: Short | None = None
    #: suggested options: ids, or the first word of ids ("play", "pass")
    suggest: Annotated[list[Short], Field(max_length=8)] = []
    #: a card the suggested option names (its label holds the name)
    card: Short | None = None
    #: the checks of what the text says happens (game.lessons.claims): a
    #: check's name and the words it is given, "costs 2"
    claims: Annotated[list[Short], Field(max_length=12)] = []


class Deal(_Strict):
    """The guided game's fixed deal: the person in seat ``you`` against agents."""

    #: what the lesson is, for a menu: "you and a computer teammate against two computers"
    title: Short
    #: how to win, in a few words shown all game long (after "How to win:" or
    #: "win:"): "reach 20 souls first"
    goal: Annotated[str, Field(min_length=1, max_length=40)]
    seats: Annotated[list[Short], Field(min_length=2, max_length=8)]
    #: what to call the seats, in seat order ("": the usual "You", "Computer 1"...)
    names: Annotated[list[Annotated[str, Field(max_length=40)]], Field(max_length=8)] = []
    you: Annotated[int, Field(ge=0, le=7)] = 0
    seed: Annotated[int, Field(ge=0, lt=2**53)]
    first: Annotated[int, Field(ge=0, le=7)] | None = None
    decks: Annotated[list[Short], Field(max_length=8)] | None = None
    #: the deck lists the lesson was written for, by a name in ``decks`` ("3 Card
    #: Name" lines): a deck named here is dealt from this list, not from the
    #: preconstructed deck of that name, so re-tuning those never changes the
    #: game the steps describe
    lists: Annotated[dict[Short, Annotated[list[Short], Field(max_length=80)]],
                     Field(max_length=8)] = {}  # fmt: skip
    mode: Short | None = None
    #: the kinds of decision the lesson makes sure the person meets, in words
    teaches: Annotated[dict[Short, Short], Field(min_length=1, max_length=30)]
    step: Annotated[list[Step], Field(min_length=1, max_length=80)]


class Lesson(_Strict):
    learn: Learn
    tutorial: Deal
    #: lessons for the game's other modes, by mode: "2v2"
    mode: Annotated[dict[Short, Deal], Field(max_length=8)] = {}


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
    """One lesson of a game, checked: its deal and the steps that hold in it."""

    def __init__(self, game: Game, lesson: Lesson, mode: str | None = None) -> None:
        self.game = game
        self.learn = lesson.learn
        main = lesson.tutorial
        if mode is None:
            self.deal = main
            self.steps = list(main.step)
        else:  # its own steps first, then the main lesson's steps for any turn
            self.deal = lesson.mode[mode].model_copy(update={"mode": mode})
            self.steps = list(self.deal.step) + [s for s in main.step if s.turn is None]
        self._conditions = game.lessons.conditions()
        self._lists = self._read_lists()

    def _read_lists(self) -> dict[str, list[str]]:
        """The deal's own deck lists, read as the game reads a deck file."""
        named = set(self.deal.decks or [])
        out: dict[str, list[str]] = {}
        for name, lines in self.deal.lists.items():
            if name not in named:
                raise LessonError(
                    f"the {self.game.title} lesson lists a deck {name!r} that its deal "
                    f"does not use (decks: {', '.join(sorted(named)) or 'none'})"
                )
            out[name] = self.game.decks.parse("\n".join(lines), f"the lesson's {name}")
        return out

    @property
    def decks(self) -> list[DeckSpec] | None:
        """Every seat's deck as the lesson deals it (None: the game's defaults):
        the lesson's own list where it has one, else the preconstructed deck's name."""
        if self.deal.decks is None:
            return None
        return [self._lists.get(name, name) for name in self.deal.decks]

    @property
    def mode(self) -> str | None:
        """The game's mode this lesson is dealt in (None: the game's usual one)."""
        return self.deal.mode

    @property
    def teaches(self) -> dict[str, str]:
        """Kind of decision -> how the lesson names it ("mulligan": "Mulligan")."""
        return dict(self.deal.teaches)

    @property
    def goal(self) -> str:
        """How to win, in one short line."""
        return self.deal.goal

    def hint(self, view: dict[str, Any], options: Sequence[tuple[str, str]]) -> Hint | None:
        """The first step that holds for the decision in ``view`` (the person's
        own view), given its ``options`` as (id, label); None when none does."""
        found = self.step_for(view, options)
        if found is None:
            return None
        step, suggest, words = found
        return Hint(step.text.replace("{when}", words), suggest, step.kind)

    def step_for(
        self, view: dict[str, Any], options: Sequence[tuple[str, str]]
    ) -> tuple[Step, tuple[str, ...], str] | None:
        """The step :meth:`hint` gives, the options it suggests and the words of
        its condition ("" without one); None when no step holds."""
        decision = view.get("decision") or {}
        kind = decision.get("kind")
        turn = view.get("turn_number")
        ids = [i for i, _ in options]
        for step in self.steps:
            if step.kind != kind or (step.turn is not None and step.turn != turn):
                continue
            if step.has is not None and not any(i.startswith(step.has) for i in ids):
                continue
            words = ""
            if step.when is not None:
                said = self._conditions[step.when](view)
                if said is None:
                    continue
                words = said
            suggest = tuple(i for i, label in options if _suggested(step, i, label))
            if (step.suggest or step.card) and not suggest:
                continue  # what it would point at is not on offer now
            return step, suggest, words
        return None

    def learn_json(self) -> dict[str, Any]:
        """How to play, for the lobby and the board."""
        return self.learn.model_dump()

    def about_json(self) -> dict[str, Any]:
        """The lesson for a menu: its mode (None: the game's usual one), title, goal."""
        return {"mode": self.mode, "title": self.deal.title, "goal": self.goal}


def _suggested(step: Step, aid: str, label: str) -> bool:
    if step.card is not None and step.card.lower() not in label.lower():
        return False
    if not step.suggest:
        return step.card is not None
    return any(aid == s or aid.startswith(s + " ") for s in step.suggest)


def lessons_of(game: Game) -> list[Tutorial]:
    """Every lesson of ``game``: the main one first, then one per mode that has
    its own (empty without a lesson file)."""
    text = game.lessons.text()
    if text is None:
        return []
    data = load_toml(text, LessonError, f"{game.name} lesson")
    try:
        parsed = Lesson.model_validate(data)
    except ValidationError as exc:
        raise LessonError(f"{game.name} lesson: {exc}") from None
    out = [Tutorial(game, parsed)] + [Tutorial(game, parsed, mode) for mode in parsed.mode]
    for found in out:
        _check(game, found)
    return out


def _check(game: Game, found: Tutorial) -> None:
    """What the schema can't see: seats, modes and the names of checks."""
    deal, where = found.deal, f"{game.name} lesson{f' for {found.mode}' if found.mode else ''}"
    n = len(deal.seats)
    problems = []
    if not 0 <= deal.you < n or deal.seats[deal.you] != "human":
        problems.append(f"'you' ({deal.you}) must be the one human seat")
    if deal.first is not None and not 0 <= deal.first < n:
        problems.append(f"'first' ({deal.first}) is no seat")
    if len(deal.names) > n:
        problems.append(f"{len(deal.names)} names for {n} seats")
    if deal.mode is not None and dict(game.modes).get(deal.mode) != n:
        problems.append(f"mode {deal.mode!r} is not a mode of {n} seats")
    claims, conditions = game.lessons.claims(), game.lessons.conditions()
    for step in found.steps:
        problems += [f"step {step.kind!r}: no check {c!r}" for c in step.claims
                     if c.split()[0] not in claims]  # fmt: skip
        if step.when is not None and step.when not in conditions:
            problems.append(f"step {step.kind!r}: no condition {step.when!r}")
        if "{when}" in step.text and step.when is None:
            problems.append(f"step {step.kind!r}: {{when}} in a text without 'when'")
    if problems:
        raise LessonError(f"{where}: " + "; ".join(problems))


def lesson_of(game: Game, mode: str | None = None) -> Tutorial | None:
    """``game``'s lesson for ``mode`` (None: its main one), or None when it has
    none. A mode of as many seats as the main lesson's deal, which names no
    mode, is played by the main lesson (Diabolicards 1v1)."""
    return pick(lessons_of(game), mode, game)


def pick(found: Sequence[Tutorial], mode: str | None, game: Game) -> Tutorial | None:
    """The lesson of ``found`` for ``mode`` (see :func:`lesson_of`)."""
    if not found:
        return None
    main = found[0]
    if mode is None or mode == main.mode:
        return main
    for t in found[1:]:
        if t.mode == mode:
            return t
    if main.mode is None and dict(game.modes).get(mode) == len(main.deal.seats):
        return main
    return None


@functools.cache
def _cached(name: str) -> tuple[Tutorial, ...]:
    return tuple(lessons_of(games.get(name)))


def lessons(name: str) -> list[Tutorial]:
    """Every lesson of the game called ``name`` (the registry finds it; read once)."""
    return list(_cached(name))


def lesson(name: str, mode: str | None = None) -> Tutorial | None:
    """The lesson of the game called ``name`` for ``mode`` (see :func:`lesson_of`)."""
    return pick(_cached(name), mode, games.get(name))


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
