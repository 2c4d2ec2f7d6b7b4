"""Replay steps served cheaply, and never at the expense of live play.

A replay step is the game as one reader (a seat, or a spectator) saw it after
step N: that reader's ``view`` of the position, the log so far in words, and
the action's label when that reader took it. Building every step's view of a
whole game (what :class:`~ossuary.engine.replay.SeatReplay` does for a file)
costs tens of milliseconds, and the server once did it on every request, in a
thread that fought the event loop for the interpreter.

Here each game has one :class:`Book`, walked once from the start through its
stored actions: a copy of the position every ``CHECKPOINT_EVERY`` actions,
how long the log was after each action, and who took it. A step is then a
copy of the nearest position before it, at most ``CHECKPOINT_EVERY - 1``
actions applied, and one ``view``: about a millisecond. The walk itself runs
on the event loop in slices of ``SLICE`` actions, one game at a time, so a
live game's action waits at most one slice. A live game's book grows as the
game goes on. The most recent ``BOOKS_KEPT`` books are kept.

The log lines in words use the game's ``redact_event``, which depends only on
the event and the reader (each event records who may see it), so a reader's
lines are the same whenever they are made.
"""

from __future__ import annotations

import asyncio
import collections
from dataclasses import dataclass, field
from typing import Any

from ..engine.core import GameState
from ..engine.game import Game
from .limits import Buckets

CHECKPOINT_EVERY = 16
SLICE = 16  # actions applied between two turns of the event loop
BOOKS_KEPT = 32

Reader = int | None


@dataclass(eq=False)
class Book:
    """One game's replay material, from its start up to ``steps`` actions."""

    start: GameState
    actions: list[str] = field(default_factory=list)
    checkpoints: list[GameState] = field(default_factory=list)  # after i*CHECKPOINT_EVERY
    log_after: list[int] = field(default_factory=list)  # log length after each step
    actors: list[int | None] = field(default_factory=list)  # who took each step (0: none)
    labels: dict[tuple[Reader, int], str] = field(default_factory=dict)  # see label_of
    walker: GameState | None = None
    lines: dict[Reader, list[str]] = field(default_factory=dict)
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        self.walker = self.start.clone()
        self.checkpoints.append(self.start.clone())
        self.log_after.append(len(self.start.log))
        self.actors.append(None)

    @property
    def steps(self) -> int:
        return len(self.log_after) - 1

    async def walk(self, actions: list[str], walking: asyncio.Lock) -> None:
        """Extend the book through ``actions`` (the game's whole log so far)."""
        async with self.lock:
            while self.steps < len(actions):
                async with walking:  # one game's walk at a time, in slices
                    for _ in range(SLICE):
                        if self.steps >= len(actions):
                            break
                        self._step(actions[self.steps])
                await asyncio.sleep(0)

    def _step(self, aid: str) -> None:
        state = self.walker
        assert state is not None
        self.actors.append(state.current_player())
        state.apply_action(aid)
        self.actions.append(aid)
        self.log_after.append(len(state.log))
        if self.steps % CHECKPOINT_EVERY == 0:
            self.checkpoints.append(state.clone())

    def state_at(self, step: int) -> GameState:
        """The position after ``step`` actions (a copy)."""
        base = step // CHECKPOINT_EVERY
        state = self.checkpoints[base].clone()
        for aid in self.actions[base * CHECKPOINT_EVERY : step]:
            state.apply_action(aid)
        return state

    def label_of(self, reader: Reader, step: int) -> str | None:
        """Step ``step``'s action in words when ``reader`` took it (None when
        another seat did: its label can name its hidden cards). Made when first
        asked, in the names the reader calls the seats ("your space 2"), which
        are the same whenever that reader asks."""
        if step <= 0 or self.actors[step] != reader:
            return None
        key = (reader, step)
        if key not in self.labels:
            self.labels[key] = self.state_at(step - 1).action_label(self.actions[step - 1])
        return self.labels[key]

    def lines_of(self, game: Game, reader: Reader, upto: int) -> list[str]:
        """The reader's log lines in words, the first ``upto`` events."""
        lines = self.lines.setdefault(reader, [])
        if len(lines) < upto:
            walker = self.walker
            assert walker is not None
            log = walker.log
            lines += [game.terminal.format_event(walker.redact_event(e, reader))
                      for e in log[len(lines) : upto]]  # fmt: skip
        return lines[:upto]


STEPS_PER_SECOND = 30.0  # replay steps one client may read a second, on average ...
BURST = 60.0  # ... and at once
CLIENTS_KEPT = 10_000


class ReplayDesk:
    """The server's books: one per game asked about lately; and how many steps
    each client may read (a person stepping through a replay reads a few a
    second; a script paging as fast as it can must not take the server's time
    from live games)."""

    def __init__(self) -> None:
        self.books: collections.OrderedDict[str, Book] = collections.OrderedDict()
        self.walking = asyncio.Lock()
        self.buckets = Buckets(STEPS_PER_SECOND, BURST, CLIENTS_KEPT)

    def allow(self, client: str | None, now: float | None = None) -> bool:
        """Whether ``client`` may read one more step now (a token bucket)."""
        return self.buckets.allow(client, now)

    async def step(
        self,
        game: Game,
        game_id: str,
        start: GameState,
        actions: list[str],
        finished: bool,
        reader: Reader,
        step: int,
    ) -> dict[str, Any]:
        """The replay message for ``step`` (0: the start) as ``reader`` saw it,
        the same as :func:`ossuary.server.messages.replay_message` gives from a
        seat replay."""
        book = self.books.get(game_id)
        if book is None:
            book = self.books[game_id] = Book(start)
            while len(self.books) > BOOKS_KEPT:
                self.books.popitem(last=False)
        self.books.move_to_end(game_id)
        await book.walk(actions, self.walking)
        steps = len(actions)
        state = book.state_at(step)
        before = book.log_after[step - 1] if step > 0 else 0
        view = state.view(reader, log_from=before)
        lines = book.lines_of(game, reader, book.log_after[step])
        over = view.get("winner") is not None or (step == steps and finished)
        return {
            "type": "replay",
            "step": step,
            "steps": steps,
            "seat": reader,
            "view": view,
            "action": book.label_of(reader, step),
            "events": lines[before:],
            "log": lines,
            "new_from": before,
            "deciding": (view.get("decision") or {}).get("player"),
            "over": over,
            "result": game.terminal.result_lines(view) if over else None,
        }
