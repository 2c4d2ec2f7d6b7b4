"""``ossuary replay``: step through a saved game, forward and back."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.console import Console
from rich.text import Text

from .. import games
from ..engine.core import GameState
from ..engine.game import Game
from ..engine.names import YOU, naming, seat_names, speak
from ..engine.replay import Replay, SeatReplay
from ..engine.replay import load_replay as _load_any
from .errors import CliError
from .human import Reader, player, render_text

STEP_PROMPT = "Enter: next step, b: back a step, a: all the rest, q: quit "


def load_replay(path: Path) -> Replay | SeatReplay:
    """Read and check a replay file of either kind; every problem is a
    :class:`ReplayError`."""
    return _load_any(path)


class Boards:
    """Prints the board at each step, as a seat saw it (the seat's hand shown;
    every other hidden card hidden, as in play), and only a line when it is the
    same as the board printed just before."""

    def __init__(self, console: Console, game: Game, seats: int) -> None:
        self.console = console
        self.game = game
        self.seats = seats
        self.last = ""

    def show(self, view: dict[str, Any], seat: int | None, again: bool = False) -> None:
        labels = [player(i) for i in range(self.seats)]
        if seat is not None and labels[seat] != YOU:
            labels[seat] += " (hand shown)"
        width = self.console.width
        board = self.game.terminal.render_screen(view, seat, labels, width, None)
        text = render_text(board, width)
        if text == self.last and not again:
            self.console.print(Text("  (the board is as before)", style="dim"), soft_wrap=True)
            return
        self.last = text
        self.console.print(board)


def _navigate(read: Reader, step: bool, console: Console, at_start: bool) -> tuple[str, bool]:
    """One answer at a step: ``next``, ``back``, ``quit`` (and whether to go on
    stepping). Back at the start is told so there, and asked again."""
    while step:
        answer = read(STEP_PROMPT)
        key = "a" if answer is None else answer.strip().lower()
        if key == "q":
            return "quit", True
        if key == "a":
            return "next", False
        if key != "b":
            return "next", True
        if not at_start:
            return "back", True
        console.print(Text("This is the start of the game."), soft_wrap=True)
    return "next", False


def show_seat_replay(console: Console, read: Reader, replay: SeatReplay, step: bool) -> None:
    """A seat's replay: what that seat saw, frame by frame, forward and back
    (that seat is "You")."""
    names = seat_names(["human"] * replay.seats, me=replay.seat)
    with naming(names):
        _show_seat_replay(console, read, replay, step)


def _show_seat_replay(console: Console, read: Reader, replay: SeatReplay, step: bool) -> None:
    game = games.get(replay.ruleset)
    whose = "a spectator" if replay.seat is None else "you"
    console.print(
        Text(
            f"Replay of {game.title} as {whose} saw it, {replay.seats} seats, "
            f"{len(replay.frames) - 1} actions{'' if replay.finished else ' (unfinished)'}",
            style="bold",
        ),
        soft_wrap=True,
    )
    frames = replay.frames
    boards = Boards(console, game, replay.seats)
    for event in frames[0]["view"].get("log", []):
        console.print(Text("  " + speak(game.terminal.format_event(event))), soft_wrap=True)
    boards.show(frames[0]["view"], replay.seat)
    n = 0
    while n + 1 < len(frames):
        move, step = _navigate(read, step, console, n == 0)
        if move == "quit":
            return
        if move == "back":
            n -= 1
            console.print(Text(f"Back to step {n}", style="bold"), soft_wrap=True)
            boards.show(frames[n]["view"], replay.seat, again=True)
            continue
        n += 1
        frame = frames[n]
        actor = frame["actor"]
        who = player(actor) if actor is not None else "?"
        what = frame["action"] or "acts"
        console.print(Text(speak(f"Step {n}. {who}: {what}"), style="bold"), soft_wrap=True)
        for event in frame["view"].get("log", []):
            console.print(Text("    " + speak(game.terminal.format_event(event)), style="dim"),
                          soft_wrap=True)  # fmt: skip
        boards.show(frame["view"], replay.seat)
    if replay.finished:
        for line in game.terminal.result_lines(frames[-1]["view"]):
            console.print(Text(speak(line), style="bold"), soft_wrap=True)
    else:
        console.print(Text("The game was not finished.", style="bold"), soft_wrap=True)


def _public_events(state: GameState, start: int) -> list[dict[str, object]]:
    """The log events from ``start`` on, with every private card hidden (a seat
    number no player has: everything only some seat saw is redacted)."""
    nobody = state.num_seats()
    return [state.redact_event(e, nobody) for e in state.log[start:]]


def seat_to_follow(typed: int | None, seats: int) -> int | None:
    """``--seat`` as typed (counted from 1) as a seat index; None when not given."""
    if typed is None:
        return None
    if not 1 <= typed <= seats:
        raise CliError(f"--seat {typed}: the game has seats 1 to {seats}")
    return typed - 1


def show_replay(
    console: Console, read: Reader, path: Path, step: bool, seat: int | None = None
) -> None:
    """Print each action of a replay, what it caused and the board after it as a
    seat saw it: ``seat`` (counted from 1, as typed) or, when None, the seat that
    acted; step by step, ``b`` goes back a step."""
    replay = load_replay(path)
    if isinstance(replay, SeatReplay):
        if seat is not None:
            whose = "a spectator" if replay.seat is None else player(replay.seat)
            raise CliError(f"--seat {seat}: this replay holds only what {whose} saw (it was "
                           "saved from an unfinished game); leave out --seat")  # fmt: skip
        show_seat_replay(console, read, replay, step)
        return
    follow = seat_to_follow(seat, replay.seats)
    it = replay.states()
    _, first = next(it)
    game = games.get(replay.ruleset)
    console.print(
        Text(
            f"Replay of {game.title} (rules version {replay.version}), {replay.seats} seats, "
            f"seed {replay.seed}, {len(replay.actions)} actions; the board as "
            + ("each step's player saw it" if follow is None else f"{player(follow)} saw it"),
            style="bold",
        ),
        soft_wrap=True,
    )
    boards = Boards(console, game, replay.seats)

    def board(state: GameState, actor: int | None, again: bool = False) -> None:
        who = follow if follow is not None else actor
        boards.show(state.view(who), who, again)

    board(first, first.current_player())
    states: list[GameState] = [first]  # states[i]: after i steps
    steps: list[str] = [""]  # steps[i]: the action that led to states[i]
    actors: list[int | None] = [first.current_player()]  # who acted at step i
    i = 0
    while True:
        move, step = _navigate(read, step, console, i == 0)
        if move == "quit":
            return
        if move == "back":
            i -= 1
            shown = f"Back to step {i}" + (f" ({steps[i]})" if i else " (the start)")
            console.print(Text(shown, style="bold"), soft_wrap=True)
            board(states[i], actors[i], again=True)
            continue
        if i + 1 == len(states):
            nxt = next(it, None)
            if nxt is None:
                break
            aid, after = nxt
            assert aid is not None
            before = states[i]
            seat = before.current_player()
            said = game.terminal.narrate(before, seat, aid) if seat is not None else aid
            states.append(after)
            steps.append(said)
            actors.append(seat)
        before, after = states[i], states[i + 1]
        i += 1
        console.print(Text(f"Step {i}. {steps[i]}", style="bold"), soft_wrap=True)
        for event in _public_events(after, len(before.log)):
            said = game.terminal.format_event(event)
            if said != steps[i]:  # "Player 0 puts X into the mana zone" once is enough
                console.print(Text("    " + said, style="dim"), soft_wrap=True)
        board(after, actors[i])
    console.print()
    state = states[-1]
    view = state.view(None)  # told as to a spectator: the replay is watched, not played
    if state.is_terminal():
        for line in game.terminal.result_lines(view):
            console.print(Text(line, style="bold"), soft_wrap=True)
    else:
        console.print(
            Text(f"The game was not finished ({player(view['active'])} to act).", style="bold"),
            soft_wrap=True,
        )
