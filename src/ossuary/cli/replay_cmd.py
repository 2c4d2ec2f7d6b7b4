"""``ossuary replay``: step through a saved game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .. import games
from ..engine.core import GameState
from ..engine.replay import Replay, SeatReplay
from ..engine.replay import load_replay as _load_any
from .human import Reader, player


def load_replay(path: Path) -> Replay | SeatReplay:
    """Read and check a replay file of either kind; every problem is a
    :class:`ReplayError`."""
    return _load_any(path)


def show_seat_replay(console: Console, read: Reader, replay: SeatReplay, step: bool) -> None:
    """A seat's replay: what that seat saw, frame by frame."""
    game = games.get(replay.ruleset)
    whose = "a spectator" if replay.seat is None else player(replay.seat)
    console.print(
        Text(
            f"Replay of {game.title} as {whose} saw it, {replay.seats} seats, "
            f"{len(replay.frames) - 1} actions{'' if replay.finished else ' (unfinished)'}",
            style="bold",
        ),
        soft_wrap=True,
    )
    for n, frame in enumerate(replay.frames):
        if n and step:
            answer = read("Enter: next step, a: all the rest, q: quit ")
            if answer is None or answer.strip().lower() == "a":
                step = False
            elif answer.strip().lower() == "q":
                return
        actor = frame["actor"]
        if n:
            what = frame["action"] or "acts"
            who = player(actor) if actor is not None else "?"
            console.print(Text(f"Step {n}. {who}: {what}", style="bold"), soft_wrap=True)
        for event in frame["view"].get("log", []):
            console.print(Text("  " + game.format_event(event)), soft_wrap=True)
        for line in game.summary_lines(frame["view"]):
            console.print(Text(line), soft_wrap=True)
    if replay.finished:
        for line in game.result_lines(replay.frames[-1]["view"]):
            console.print(Text(line, style="bold"), soft_wrap=True)
    else:
        console.print(Text("The game was not finished.", style="bold"), soft_wrap=True)


def _start(replay: Replay) -> tuple[Iterator[tuple[str | None, GameState]], GameState]:
    states = replay.states()
    _, state = next(states)
    return states, state


def show_replay(console: Console, read: Reader, path: Path, step: bool) -> None:
    """Print each action of a replay with a compact board after it."""
    replay = load_replay(path)
    if isinstance(replay, SeatReplay):
        show_seat_replay(console, read, replay, step)
        return
    states, state = _start(replay)
    game = games.get(replay.ruleset)
    console.print(
        Text(
            f"Replay of {replay.ruleset} (rules version {replay.version}), {replay.seats} seats, "
            f"seed {replay.seed}, {len(replay.actions)} actions",
            style="bold",
        ),
        soft_wrap=True,
    )
    view = state.view(0)  # only public facts (souls, abominations) are shown
    for line in game.summary_lines(view):
        console.print(Text(line), soft_wrap=True)
    for n, (aid, after) in enumerate(states, 1):
        assert aid is not None
        seat = state.current_player()
        who = player(seat) if seat is not None else "?"
        if step:
            answer = read("Enter: next step, a: all the rest, q: quit ")
            if answer is None or answer.strip().lower() == "a":
                step = False
            elif answer.strip().lower() == "q":
                return
        console.print(
            Text(f"Step {n}. {who}: {state.action_label(aid)}", style="bold"), soft_wrap=True
        )
        state = after
        view = state.view(0)
        for line in game.summary_lines(view):
            console.print(Text(line), soft_wrap=True)
    console.print()
    if state.is_terminal():
        for line in game.result_lines(view):
            console.print(Text(line, style="bold"), soft_wrap=True)
    else:
        console.print(
            Text(f"The game was not finished ({player(view['active'])} to act).", style="bold"),
            soft_wrap=True,
        )
