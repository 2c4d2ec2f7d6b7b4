"""A live game and its sockets, and what anyone may be told about a game.

:class:`LiveGame` is one game in memory: its stored record, its state, its
lock, its sockets (:class:`Conn`) and the clocks' and the AI's bookkeeping.
:func:`rebuild` makes one from its record (setup and action log), checking
every stored digest on the way. :func:`summary` is what the lobby and the
sockets may say of a game: no token, no seed while it runs, no hidden card.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import games
from ..agents import check_agent
from ..engine.core import GameState
from ..engine.errors import IllegalAction, OssuaryError
from ..engine.game import Game
from ..engine.names import naming, speak
from ..tutorial import Tutorial, lesson
from . import ai
from .messages import Message, names_for
from .storage import GameRecord, position_digest

HUMAN = "human"
SEND_QUEUE = 256  # messages waiting for a slow socket before it is closed
OVERFLOW_CODE = 1013  # "try again later": the page reconnects and gets the whole state


@dataclass(eq=False)
class Conn:
    """One open socket: a seat's (or a spectator's), with its own send queue so a
    slow reader never holds up the others."""

    seat: int | None
    queue: asyncio.Queue[Message | None] = field(default_factory=lambda: asyncio.Queue(SEND_QUEUE))
    log_sent: int = 0
    closed: bool = False
    #: the reader fell so far behind that its queue overflowed (it is closed with
    #: OVERFLOW_CODE, and its page reconnects and starts afresh)
    overflowed: bool = False
    #: what the socket's handler does when the queue overflows (closes the socket)
    on_overflow: Callable[[], None] | None = None
    closing: asyncio.Task[None] | None = None  # that close, under way

    def send(self, msg: Message) -> None:
        if self.closed:
            return
        try:
            self.queue.put_nowait(msg)
        except asyncio.QueueFull:  # the reader is gone or far behind: close it
            self.overflowed = True
            self.close()
            if self.on_overflow is not None:
                self.on_overflow()

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            while not self.queue.empty():  # what it has not read is dropped
                self.queue.get_nowait()
            self.queue.put_nowait(None)


@dataclass(eq=False)
class LiveGame:
    record: GameRecord
    game: Game
    state: GameState
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    conns: list[Conn] = field(default_factory=list)
    thinking: int | None = None
    deadline: float | None = None  # when the deciding person's timer runs out
    timer: asyncio.TimerHandle | None = None
    abandon: asyncio.TimerHandle | None = None
    ai_task: asyncio.Task[None] | None = None
    ai_n: int | None = None  # the action number the AI task decides for
    clock_n: int | None = None  # the action number the clocks were set for
    timeouts: dict[int, int] = field(default_factory=dict)  # timeouts in a row, per seat
    active: float = field(default_factory=time.time)  # the last action or connection
    posed: float = field(default_factory=time.monotonic)  # when the pending decision was sent
    #: seats with a socket on another process (several processes: cluster.py)
    remote: set[int] = field(default_factory=set)
    catching: bool = False  # a copy catching up with its owner's writes
    behind: bool = False  # ... and told of more meanwhile
    told: tuple[int | None, float | None] = (None, None)  # thinking, deadline told the others

    @property
    def id(self) -> str:
        return self.record.id

    @property
    def n(self) -> int:
        """Actions applied so far (= stored)."""
        return len(self.record.actions)

    def controller(self, seat: int) -> str:
        return self.record.seats[seat].controller

    def connected(self, seat: int) -> bool:
        """Whether a socket of ``seat`` is open, here or on another process."""
        return seat in self.remote or any(c.seat == seat and not c.closed for c in self.conns)

    def connected_seats(self) -> set[int]:
        return {s for s in range(len(self.record.seats)) if self.connected(s)}

    @property
    def playing(self) -> bool:
        return self.record.status == "playing" and not self.state.is_terminal()


def seat_words(record: GameRecord, seat: int | None) -> list[str]:
    """How the person at ``seat`` (None: a spectator) is told the seats' names."""
    typed = record.options.get("names") or ()
    return names_for([s.kind for s in record.seats], seat, typed)


def lesson_dealt(g: LiveGame) -> Tutorial | None:
    """The lesson ``g`` was dealt from (None: not a guided game)."""
    if not g.record.options.get("tutorial"):
        return None
    return lesson(g.game.name, g.record.options.get("mode"))


def start_state(game: Game, record: GameRecord) -> GameState:
    """The game as it was set up, before any action."""
    first = record.first
    if first is None and record.options.get("tutorial"):
        # a lesson stored before its first player was: it is the lesson's (a
        # wrong one would show as a stored action illegal or a digest unmatched)
        found = lesson(game.name, record.options.get("mode"))
        first = None if found is None else found.deal.first
    try:
        return game.new_game(
            decks=record.decks, seats=len(record.seats), seed=record.seed, first=first
        )
    except (OssuaryError, ValueError) as exc:
        raise OssuaryError(f"cannot set the game up again: {exc}") from None


def rebuild(record: GameRecord) -> LiveGame:
    """The game dealt again from its record and its action log replayed, every
    stored digest checked; an :class:`OssuaryError` saying why it can't be."""
    if record.damaged is not None:
        raise OssuaryError(record.damaged)
    game = games.get(record.game)
    for s in record.seats:  # a seat played by something this server can't run
        for who in (s.kind, s.controller):
            if who != HUMAN:
                try:
                    check_agent(who, game.name, len(record.seats))
                except ValueError as exc:
                    raise OssuaryError(f"seat {s.seat + 1} is played by {who!r}: {exc}") from None
    state = start_state(game, record)
    if state.version != record.version:
        raise OssuaryError(
            f"it was made with {game.title} rules version {record.version}; this server "
            f"has version {state.version}"
        )
    for i, aid in enumerate(record.actions):
        try:
            state.apply_action(aid)
        except IllegalAction as exc:
            raise OssuaryError(
                f"stored action {i + 1} ({aid!r}) is illegal on replay: {exc}"
            ) from None
        digest = record.digests[i] if i < len(record.digests) else None
        if digest is not None and digest != position_digest(state):
            raise OssuaryError(
                f"replaying its stored actions reaches another position after action "
                f"{i + 1} ({aid!r}) than the one that was played"
            )
    g = LiveGame(record, game, state)
    g.active = max(record.created, record.last_at or 0.0)
    return g


def damaged_summary(record: GameRecord, why: str) -> dict[str, Any]:
    """A game whose stored rows can't be read or played, as the lobby lists it:
    what could be read of it, and why (the fields of :func:`summary`)."""
    try:
        title = games.get(record.game).title
    except OssuaryError:
        title = record.game or "A game"
    return {
        "id": record.id,
        "game": record.game,
        "title": title,
        "mode": None,
        "created": record.created,
        "status": record.status,
        "public": False,
        "turn_seconds": None,
        "seed": None,
        "seed_given": False,
        "actions": len(record.actions),
        "winner": None,
        "result": None,
        "damaged": why,
        "teams": None,
        "resignable": False,
        "seats": [],
        "open_seats": 0,
    }


def ended_lines(game: Game, record: GameRecord, seat: int | None) -> list[str]:
    """How a game that a person ended (resigned; left, abandoned) ends, in the
    words of the reader at ``seat`` (None: a spectator)."""
    if record.resigned is not None and record.winner is not None:
        with naming(seat_words(record, seat)):
            return [speak(x) for x in game.resign_lines(len(record.seats), record.resigned,
                                                        record.winner)]  # fmt: skip
    return list(record.result or [])


def resignable(game: Game, seats: int) -> bool:
    """Whether a seat of this table may resign (two sides play)."""
    return game.resignation(seats, 0) is not None


def board_url(game: Game) -> str | None:
    """Where the page finds the game's board module (None: the generic board)."""
    folder = game.browser.assets()
    if folder is None or not (folder / "board.js").is_file():
        return None
    return f"/boards/{game.name}/board.js"


def summary(
    record: GameRecord,
    game: Game,
    connected: set[int] | None = None,
    n: int | None = None,
    damaged: str | None = None,
) -> dict[str, Any]:
    """A game as the lobby and the sockets may show it: no tokens, and no seed
    while it runs (a seed deals every hidden card; it is shown once the game is
    over, with the replay). ``seed_given`` tells the players that its creator
    chose the deal. ``damaged``: why this server cannot rebuild it."""
    connected = connected or set()
    opts = record.options
    names = seat_words(record, None)
    return {
        "id": record.id,
        "game": record.game,
        "title": game.title,
        "mode": opts.get("mode"),
        "created": record.created,
        "status": record.status,
        "public": bool(opts.get("public")),
        "turn_seconds": opts.get("turn_seconds"),
        "seed": record.seed if record.status != "playing" else None,
        "seed_given": bool(opts.get("seed_given")),
        "actions": n if n is not None else len(record.actions),
        "winner": record.winner,
        "result": record.result,
        "damaged": damaged,
        "teams": game.teams(len(record.seats)),
        "resignable": resignable(game, len(record.seats)),
        "seats": [
            {
                "seat": s.seat,
                "name": names[s.seat],
                "kind": ai.public_name(s.kind),
                "controller": ai.public_name(s.controller),
                "claimed": s.claimed,
                "connected": s.seat in connected,
            }
            for s in record.seats
        ],
        "open_seats": sum(1 for s in record.seats if s.kind == HUMAN and not s.claimed)
        if opts.get("public") and record.status == "playing"
        else 0,
    }
