"""A person at the terminal, as an :class:`~ossuary.agents.Agent`.

Like every agent, it is given only an observation (its seat's view and the
legal actions), so what it draws can never show a card that seat may not see.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from rich.console import Console
from rich.text import Text

from ..agents import Observation
from ..engine.core import Action
from ..engine.game import Game
from ..engine.untrusted import small_int

View = dict[str, Any]

Reader = Callable[[str], str | None]
RECENT_LOG = 15
NEW_EVENTS_SHOWN = 30


def player(seat: int) -> str:
    """How a seat is named at the terminal (the engine counts seats from 0)."""
    return f"Player {seat}"


class QuitGame(Exception):
    """The player asked to quit."""


def console_reader(console: Console) -> Reader:
    """Read a line after printing ``prompt``; None at end of input or on Ctrl-C."""

    def read(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))
        except (EOFError, KeyboardInterrupt):
            console.print()
            return None

    return read


@dataclass
class Table:
    """What the people sitting at one terminal share: whose turn at the keyboard it
    was, and how much of each seat's log that seat has already been shown."""

    console: Console
    read: Reader
    game: Game
    hot_seat: bool = False
    last_seat: int | None = None
    seen: dict[int, int] = field(default_factory=dict)

    def show_new_events(self, seat: int, view: View) -> None:
        log = view["log"]
        start = self.seen.get(seat, 0)
        self.seen[seat] = len(log)
        new = log[start:]
        if not new:
            return
        self.console.print(Text("Since your last decision:", style="bold"), soft_wrap=True)
        if len(new) > NEW_EVENTS_SHOWN:
            self.console.print(
                Text(f"  ... ({len(new) - NEW_EVENTS_SHOWN} earlier events)"), soft_wrap=True
            )
            new = new[-NEW_EVENTS_SHOWN:]
        for event in new:
            self.console.print(Text("  " + self.game.format_event(event)), soft_wrap=True)


class HumanAgent:
    """Asks a person at the terminal to choose, by number."""

    name = "human"

    def __init__(self, seat: int, table: Table) -> None:
        self.seat = seat
        self.table = table

    def act(self, obs: Observation) -> str:
        view, legal = obs.view, obs.legal
        table = self.table
        console = table.console
        if table.hot_seat and table.last_seat != self.seat:
            console.clear()
            answer = table.read(f"Pass to {player(self.seat)}, then press Enter ")
            if answer is None:
                raise QuitGame
            console.clear()
        table.last_seat = self.seat
        table.show_new_events(self.seat, view)
        console.print()
        console.print(table.game.render_board(view, me=self.seat))
        self._options(legal)
        while True:
            choices = f"1-{len(legal)}" if len(legal) > 1 else "1"
            answer = table.read(f"{player(self.seat)}, choose {choices} (? log, q quit): ")
            if answer is None:
                raise QuitGame
            answer = answer.strip()
            if answer.lower() in ("q", "quit"):
                raise QuitGame
            if answer == "?":
                self._recent_log(view)
                self._options(legal)
                continue
            number = small_int(answer)  # ASCII digits only: int() also reads "²" and fails
            if number is not None and 1 <= number <= len(legal):
                return legal[number - 1].id
            for action in legal:  # an exact action id also works
                if answer == action.id:
                    return action.id
            shown = repr(answer) if answer else "nothing"
            console.print(
                Text(
                    f"You entered {shown}: enter a number from 1 to {len(legal)}, "
                    "? for the recent log, or q to quit.",
                    style="yellow",
                ),
                soft_wrap=True,
            )

    def _options(self, legal: list[Action]) -> None:
        console = self.table.console
        console.print(Text("Your options:", style="bold"), soft_wrap=True)
        width = len(str(len(legal)))
        for i, action in enumerate(legal, 1):
            console.print(Text(f"  {i:>{width}}. {action.label}"), soft_wrap=True)

    def _recent_log(self, view: View) -> None:
        console = self.table.console
        log = view["log"][-RECENT_LOG:]
        console.print(Text(f"Recent log (last {len(log)} events):", style="bold"), soft_wrap=True)
        for event in log:
            console.print(Text("  " + self.table.game.format_event(event)), soft_wrap=True)
