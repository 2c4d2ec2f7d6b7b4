"""``ossuary replay``: step through a saved game, forward and back."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.text import Text

from .. import games
from ..engine.core import GameState
from ..engine.game import Game
from ..engine.names import naming, seat_names, speak
from ..engine.replay import Replay, SeatReplay
from ..engine.replay import load_replay as _load_any
from .human import Reader, player

STEP_PROMPT = "Enter: next step, b: back a step, a: all the rest, q: quit "


def load_replay(path: Path) -> Replay | SeatReplay:
    """Read and check a replay file of either kind; every problem is a
    :class:`ReplayError`."""
    return _load_any(path)


def _navigate(read: Reader, step: bool) -> tuple[str, bool]:
    """One answer at a step: ``next``, ``back``, ``quit`` (and whether to go on
    stepping)."""
    if not step:
        return "next", False
    answer = read(STEP_PROMPT)
    key = "a" if answer is None else answer.strip().lower()
    if key == "q":
        return "quit", True
    if key == "a":
        return "next", False
    if key == "b":
        return "back", True
    return "next", True


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
    for event in frames[0]["view"].get("log", []):
        console.print(Text("  " + speak(game.format_event(event))), soft_wrap=True)
    for line in game.summary_lines(frames[0]["view"]):
        console.print(Text(line), soft_wrap=True)
    n = 0
    while n + 1 < len(frames):
        move, step = _navigate(read, step)
        if move == "quit":
            return
        if move == "back":
            if n == 0:
                console.print(Text("This is the start of the game."), soft_wrap=True)
                continue
            n -= 1
            console.print(Text(f"Back to step {n}", style="bold"), soft_wrap=True)
            for line in game.summary_lines(frames[n]["view"]):
                console.print(Text(line), soft_wrap=True)
            continue
        n += 1
        frame = frames[n]
        actor = frame["actor"]
        who = player(actor) if actor is not None else "?"
        what = frame["action"] or "acts"
        console.print(Text(speak(f"Step {n}. {who}: {what}"), style="bold"), soft_wrap=True)
        for event in frame["view"].get("log", []):
            console.print(Text("    " + speak(game.format_event(event)), style="dim"),
                          soft_wrap=True)  # fmt: skip
        for line in game.summary_lines(frame["view"]):
            console.print(Text(line), soft_wrap=True)
    if replay.finished:
        for line in game.result_lines(frames[-1]["view"]):
            console.print(Text(speak(line), style="bold"), soft_wrap=True)
    else:
        console.print(Text("The game was not finished.", style="bold"), soft_wrap=True)


def _public_events(state: GameState, start: int) -> list[dict[str, object]]:
    """The log events from ``start`` on, with every private card hidden (a seat
    number no player has: everything only some seat saw is redacted)."""
    nobody = state.num_seats()
    return [state.redact_event(e, nobody) for e in state.log[start:]]


def _show_state(console: Console, game: Game, state: GameState) -> None:
    view = state.view(0)  # only public facts (souls, abominations) are shown
    for line in game.summary_lines(view):
        console.print(Text(line), soft_wrap=True)


def show_replay(console: Console, read: Reader, path: Path, step: bool) -> None:
    """Print each action of a replay, what it caused and a compact board after it;
    step by step, ``b`` goes back a step."""
    replay = load_replay(path)
    if isinstance(replay, SeatReplay):
        show_seat_replay(console, read, replay, step)
        return
    it = replay.states()
    _, first = next(it)
    game = games.get(replay.ruleset)
    console.print(
        Text(
            f"Replay of {replay.ruleset} (rules version {replay.version}), {replay.seats} seats, "
            f"seed {replay.seed}, {len(replay.actions)} actions",
            style="bold",
        ),
        soft_wrap=True,
    )
    _show_state(console, game, first)
    states: list[GameState] = [first]  # states[i]: after i steps
    steps: list[str] = [""]  # steps[i]: the action that led to states[i]
    i = 0
    while True:
        move, step = _navigate(read, step)
        if move == "quit":
            return
        if move == "back":
            if i == 0:
                console.print(Text("This is the start of the game."), soft_wrap=True)
                continue
            i -= 1
            shown = f"Back to step {i}" + (f" ({steps[i]})" if i else " (the start)")
            console.print(Text(shown, style="bold"), soft_wrap=True)
            _show_state(console, game, states[i])
            continue
        if i + 1 == len(states):
            nxt = next(it, None)
            if nxt is None:
                break
            aid, after = nxt
            assert aid is not None
            before = states[i]
            seat = before.current_player()
            said = game.narrate(before, seat, aid) if seat is not None else aid
            states.append(after)
            steps.append(said)
        before, after = states[i], states[i + 1]
        i += 1
        console.print(Text(f"Step {i}. {steps[i]}", style="bold"), soft_wrap=True)
        for event in _public_events(after, len(before.log)):
            said = game.format_event(event)
            if said != steps[i]:  # "Player 0 puts X into the mana zone" once is enough
                console.print(Text("    " + said, style="dim"), soft_wrap=True)
        _show_state(console, game, after)
    console.print()
    state = states[-1]
    view = state.view(None)  # told as to a spectator: the replay is watched, not played
    if state.is_terminal():
        for line in game.result_lines(view):
            console.print(Text(line, style="bold"), soft_wrap=True)
    else:
        console.print(
            Text(f"The game was not finished ({player(view['active'])} to act).", style="bold"),
            soft_wrap=True,
        )
