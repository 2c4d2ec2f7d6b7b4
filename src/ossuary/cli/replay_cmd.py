"""``ossuary replay``: step through a saved game."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

from rich.console import Console
from rich.text import Text

from .. import games
from ..engine.core import GameState
from ..engine.replay import Replay
from .human import Reader, player


def load_replay(path: Path) -> Replay:
    """Read and check a replay file; every problem is a :class:`ReplayError`."""
    return Replay.load(path)


def _start(replay: Replay) -> tuple[Iterator[tuple[str | None, GameState]], GameState]:
    states = replay.states()
    _, state = next(states)
    return states, state


def show_replay(console: Console, read: Reader, path: Path, step: bool) -> None:
    """Print each action of a replay with a compact board after it."""
    replay = load_replay(path)
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
