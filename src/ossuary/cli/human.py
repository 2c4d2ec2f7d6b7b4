"""A person at the terminal, as an :class:`~ossuary.agents.Agent`.

Like every agent, it is given only an observation (its seat's view and the
legal actions), so what it draws can never show a card that seat may not see.
Nothing here knows a game: the board, the log's words, the glossary, card text
and the layout of the options all come from the game's registry entry
(:class:`~ossuary.engine.game.Game`).

What a person types is read by :meth:`Table.interpret`: a number, the first
letters of an option, or a command (help, a card's text, the glossary, the log,
back, auto-pass, quit). How it is shown is a :class:`UI`: the plain transcript
here (pipes, screen readers, tests) or the full screen of :mod:`.screen`.
"""

from __future__ import annotations

import difflib
import io
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager, nullcontext
from dataclasses import dataclass, field
from typing import Any, Protocol

from rich.console import Console, Group, RenderableType
from rich.table import Table as RichTable
from rich.text import Text

from ..agents import Observation
from ..engine.core import Action
from ..engine.game import CardRecord, Game
from ..engine.names import YOU, naming, seat_name, speak
from ..tutorial import Tutorial, learn_lines

View = dict[str, Any]

Reader = Callable[[str], str | None]
RECENT_LOG = 15
NEW_EVENTS_SHOWN = 30
MAX_ANSWER = 200  # characters of an answer we look at; anything longer is refused
MORE = ("m", "more")  # the next page of options (the full screen, when they need pages)


def player(seat: int) -> str:
    """How a seat is named at the terminal (:mod:`ossuary.engine.names`)."""
    return seat_name(seat)


class QuitGame(Exception):
    """The player asked to quit (or input ended)."""


def console_reader(console: Console) -> Reader:
    """Read a line after printing ``prompt``; None at end of input. Ctrl-C is
    left to the caller (it ends the game with a message and exit code 130)."""

    def read(prompt: str) -> str | None:
        try:
            return console.input(Text(prompt, style="bold"))
        except EOFError:
            console.print()
            return None

    return read


# -- numbering -----------------------------------------------------------------------
class Numbering:
    """Option numbers that stay put: an option keeps its number for as long as it
    stays on offer in decisions of the same kind (so "End your turn" and the cards
    you did not play keep theirs after each action); a new option takes the
    lowest free number."""

    def __init__(self) -> None:
        self._by_kind: dict[str, dict[str, int]] = {}

    def assign(
        self, kind: str, ids: Sequence[str], wanted: dict[str, int] | None = None
    ) -> dict[str, int]:
        """Each id's number; ``wanted`` gives some ids the number they must have
        (the game's, e.g. a space's own number), which no other option takes."""
        old = self._by_kind.get(kind, {})
        wanted = {a: n for a, n in (wanted or {}).items() if a in ids}
        taken = set(wanted.values())
        out = {a: old[a] for a in ids if a in old and old[a] not in taken}
        out.update(wanted)
        used = set(out.values())
        free = (n for n in range(1, 10**6) if n not in used)
        for a in ids:
            if a not in out:
                out[a] = next(free)
        self._by_kind[kind] = out
        return out


# -- what one decision shows -------------------------------------------------------------
@dataclass
class Option:
    key: str  # what to type: its number, or "b" for the game's back option
    action: Action
    group: str  # heading from game.terminal.option_group ("" : a line of its own)
    short: str

    @property
    def order(self) -> int:
        return int(self.key) if self.key.isdigit() else 10**6


@dataclass
class DecisionScreen:
    """Everything the UI draws for one decision (from the seat's view only)."""

    seat: int
    title: str  # "Hecatomb · seed 42 · auto-pass on"
    board: Callable[[int, int | None], RenderableType]  # (width, height) -> board
    log: list[str]  # the whole log in words, oldest first
    new: int  # how many of the last log lines are new since this seat's last decision
    prompt: str
    options: list[Option]
    hints: str  # "? help · c NAME card · r rules · b back · q quit"
    lesson: str = ""  # the guided game's word on this decision (ossuary.tutorial)


@dataclass
class Command:
    """What an answer asks for: an action id, a page to show, a message, or quit."""

    action: str | None = None
    page: tuple[str, RenderableType] | None = None
    page_at_end: bool = False  # a page read from its end (the log: newest last)
    message: str | None = None
    quit: bool = False
    redraw: bool = False
    hold: bool = False  # pass until something changes


class UI(Protocol):
    """How decisions, pages and the computer's thinking reach the person."""

    def show(self, screen: DecisionScreen) -> None: ...
    def read(self, prompt: str) -> str | None: ...
    def note(self, text: str, style: str = "") -> None: ...
    def page(self, title: str, body: RenderableType, at_end: bool = False) -> None: ...
    def handoff(self, who: str) -> bool: ...
    def thinking(self, who: str, screen: DecisionScreen | None) -> Any: ...
    def info(self, text: str, style: str = "") -> None: ...


def render_text(renderable: RenderableType, width: int = 100) -> str:
    """A renderable as plain text (to compare boards between decisions)."""
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


class TranscriptUI:
    """Line by line, nothing redrawn: for pipes, logs and screen readers.

    The board is printed when it changed since this seat last saw it; the log
    shows what happened since the seat's last decision.
    """

    def __init__(self, console: Console, read: Reader) -> None:
        self.console = console
        self._read = read
        self._boards: dict[int, str] = {}
        self._thinking: str | None = None

    def _print(self, text: str | Text, style: str = "") -> None:
        self.console.print(text if isinstance(text, Text) else Text(text, style=style),
                           soft_wrap=True)  # fmt: skip

    def show(self, screen: DecisionScreen) -> None:
        self._thinking = None
        new = screen.log[len(screen.log) - screen.new :] if screen.new else []
        if new:
            self._print("Since your last decision:", "bold")
            if len(new) > NEW_EVENTS_SHOWN:
                self._print(f"  ... ({len(new) - NEW_EVENTS_SHOWN} earlier events: type l)")
                new = new[-NEW_EVENTS_SHOWN:]
            for line in new:
                self._print("  " + line)
        board = screen.board(self.console.width, None)
        text = render_text(board, self.console.width)
        if self._boards.get(screen.seat) != text:
            self._boards[screen.seat] = text
            self.console.print()
            self.console.print(board)
        else:
            self._print("(The board is as before: type board to see it again.)", "dim")
        self._print(speak(f"{player(screen.seat)}: {screen.prompt}"), "bold")
        if screen.lesson:
            self._print(screen.lesson, "cyan")
        self.options(screen.options)

    def options(self, options: list[Option]) -> None:
        self._print("Your options:", "bold")
        width = max((len(o.key) for o in options), default=1)
        for o in sorted(options, key=lambda o: o.order):
            self._print(f"  {o.key:>{width}}. {o.action.label}")

    def read(self, prompt: str) -> str | None:
        return self._read(prompt)

    def note(self, text: str, style: str = "yellow") -> None:
        self._print(text, style)

    def info(self, text: str, style: str = "") -> None:
        self._print(text, style)

    def page(self, title: str, body: RenderableType, at_end: bool = False) -> None:
        self._print(title, "bold")
        self.console.print(body)

    def handoff(self, who: str) -> bool:
        self.console.clear()
        answer = self._read(f"Pass the keyboard to {who}, then press Enter (q quits) ")
        if answer is None or answer.strip().lower() in ("q", "quit"):
            return False
        self.console.clear()
        return True

    @contextmanager
    def thinking(self, who: str, screen: DecisionScreen | None) -> Iterator[None]:
        if self._thinking != who:  # once per stretch of the computer's decisions
            self._thinking = who
            self._print(f"{who} is thinking...", "dim")
        yield


# -- the table -------------------------------------------------------------------------
HELP_ROWS = [
    ("3", "choose option 3 (an option keeps its number while it stays on offer)"),
    ("end, pass...", "choose by the first letters of an option"),
    ("b, back", "step back out of the card you are playing, before you pay (nothing is spent)"),
    ("c NAME", "a card's full text: any card you can see, an opponent's too "
     "(c alone lists them)"),
    ("c 3", "the full text of the card option 3 plays or names"),
    ("r WORD", "the rules glossary (r alone: every term); also 'ossuary rules'"),
    ("l, log", "the whole log so far"),
    ("o", "every option, one a line, with its full label"),
    ("m, more", "the next page of options, when they don't all fit on the screen "
     "(PgDn, PgUp too)"),
    ("board", "show the board again"),
    ("auto", "auto-pass on or off: pass for you when nothing you could do matters now "
     "(a lone 'Pass' or 'End your turn', or a response window where all you could do is "
     "sacrifice a card for nothing)"),
    ("u, until", "pass now, and keep passing these questions until something changes: a new "
     "option in them, or your own turn (other questions, such as defending, are asked "
     "meanwhile and keep the passing on)"),
    ("tutorial", "hide or show the lesson's hints, in a guided game (--tutorial)"),
    ("?, help", "how to play, how to win, and this help"),
    ("q, quit", "leave the game (a replay you asked for is saved)"),
]  # fmt: skip


@dataclass(frozen=True)
class Hold:
    """A seat passing questions of one kind until something changes (``u``).

    Something changes, and the seat is asked again, when a question of that
    kind offers an option it did not offer when the seat typed ``u`` (a new
    card to answer with, a new ability), or when a turn of the seat's own
    begins. Questions of other kinds (defending, a target) are asked as usual
    and leave the hold in place: answering them does not change what the seat
    could do in the questions it passes."""

    kind: str  # the kind of question passed ("window")
    others: frozenset[str]  # the options besides passing, when u was typed
    turn: int | None  # the turn it was typed in (None: the view has no turns)

    def new_turn_of(self, view: View, seat: int) -> bool:
        """A turn of ``seat``'s own has begun since the hold."""
        turn = view.get("turn_number")
        if self.turn is None or not isinstance(turn, int):
            return False
        return turn != self.turn and view.get("active") == seat


@dataclass
class Table:
    """What the people sitting at one terminal share: the game, how it is shown,
    whose turn at the keyboard it was, how much of each seat's log that seat has
    seen, option numbers, and settings (auto-pass)."""

    console: Console
    read: Reader
    game: Game
    hot_seat: bool = False
    ui: UI | None = None
    seat_names: list[str] = field(default_factory=list)  # "human" / "computer, normal"
    # what each seat is called ("You", "Computer"): engine.names, as set for the game
    names: list[str] = field(default_factory=list)
    deck_names: list[str] = field(default_factory=list)
    title: str = ""
    auto_pass: bool = True
    saved_to: str | None = None  # where the game's replay is saved (--save-replay), if it is
    tutorial: Tutorial | None = None  # the guided first game's lesson (--tutorial)
    teaching: bool = True  # the lesson's hints are shown (the tutorial command hides them)
    met: set[str] = field(default_factory=set)  # the lesson's kinds of question seen
    last_seat: int | None = None
    # seats passing until something changes (u): see Hold
    holding: dict[int, Hold] = field(default_factory=dict)
    seen: dict[int, int] = field(default_factory=dict)
    numbering: dict[int, Numbering] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.ui is None:
            self.ui = TranscriptUI(self.console, self.read)

    @property
    def screen_ui(self) -> UI:
        assert self.ui is not None
        return self.ui

    # -- labels ---------------------------------------------------------------------
    def seat_labels(self, me: int | None, seats: int) -> list[str]:
        """ "You · Rot and Ruin", "Computer (normal) · Gilded Lies"; at a shared
        screen (hot seat) the deciding seat's name says "(you)"."""
        out = []
        for i in range(seats):
            name = self.names[i] if i < len(self.names) else player(i)
            kind = self.seat_names[i] if i < len(self.seat_names) else ""
            level = kind.removeprefix("computer, ") if kind.startswith("computer, ") else ""
            who = "you" if i == me and name != YOU else level
            label = name + (f" ({who})" if who else "")
            if i < len(self.deck_names) and self.deck_names[i]:
                label += f" · {self.deck_names[i]}"
            out.append(label)
        return out

    def naming(self) -> AbstractContextManager[None]:
        """The seats named as this table names them (while drawing and wording)."""
        return naming(self.names) if self.names else nullcontext()

    def options(self, seat: int, view: View, legal: list[Action]) -> list[Option]:
        decision = view.get("decision") or {}
        back = self.game.client.back_action
        ids = [a.id for a in legal if a.id != back]
        wanted = {}  # numbers that mean something on the board ("3" for space 3)
        for aid in ids:
            n = self.game.terminal.option_number(view, aid)
            if n is not None:
                wanted[aid] = n
        numbers = self.numbering.setdefault(seat, Numbering()).assign(
            str(decision.get("kind", "")), ids, wanted
        )
        out = []
        for a in legal:
            said = Action(a.id, speak(a.label))
            group, short = self.game.terminal.option_group(view, a.id, said.label)
            key = "b" if a.id == back else str(numbers[a.id])
            out.append(Option(key, said, speak(group), speak(short)))
        return out

    def screen_for(
        self, seat: int, view: View, options: list[Option], mark_seen: bool = True
    ) -> DecisionScreen:
        game = self.game
        with self.naming():
            log = [speak(game.terminal.format_event(e)) for e in view["log"]]
        start = min(self.seen.get(seat, 0), len(log))
        if mark_seen:
            self.seen[seat] = len(log)
        labels = self.seat_labels(seat, len(view.get("players", [])) or len(self.seat_names))
        decision = view.get("decision") or {}
        hints = "? help · c NAME or c 3 card text · r rules · l log"
        if game.client.back_action is not None and any(
            o.action.id == game.client.back_action for o in options
        ):
            hints += " · b back"
        hints += " · q quit"

        def board(width: int, height: int | None) -> RenderableType:
            with self.naming():
                drawn: RenderableType = game.terminal.render_screen(
                    view, seat, labels, width, height
                )
            return drawn

        title = self.title + (" · auto-pass on" if self.auto_pass else " · auto-pass off")
        if seat in self.holding:  # asked something else while passing (u)
            title += " · passing (u) until something changes"
        prompt = speak(str(decision.get("prompt") or decision.get("kind") or "your decision"))
        lesson = self.lesson_for(seat, view, options) if options else ""
        return DecisionScreen(seat, title, board, log, len(log) - start, prompt, options, hints,
                              lesson)  # fmt: skip

    # -- the guided first game (ossuary.tutorial) ------------------------------------------
    def lesson_for(self, seat: int, view: View, options: list[Option]) -> str:
        """What the lesson says of this decision, with the numbers it suggests."""
        lesson = self.tutorial
        if lesson is None or not self.teaching or seat != lesson.deal.you:
            return ""
        hint = lesson.hint(view, [(o.action.id, o.action.label) for o in options])
        if hint is None:
            return ""
        keys = [
            o.key for o in sorted(options, key=lambda o: o.order) if o.action.id in hint.suggest
        ]
        seen = sum(1 for k in lesson.teaches if k in self.met)
        # what to type first: a small screen may cut the end of the text
        say = f"Lesson, {seen} of {len(lesson.teaches)} kinds of question seen"
        if keys:
            say += f" · type {' or '.join(keys[:3])}"
        return speak(f"{say}: {hint.text}")

    def learned(self, seat: int, view: View) -> None:
        """The person answered a question of the lesson: count its kind as seen."""
        lesson = self.tutorial
        kind = str((view.get("decision") or {}).get("kind", ""))
        if lesson is None or seat != lesson.deal.you or kind not in lesson.teaches:
            return
        if kind in self.met:
            return
        self.met.add(kind)
        if all(k in self.met for k in lesson.teaches):
            self.screen_ui.info("Lesson done: you have met every kind of question of the game. "
                                "Play on to win (tutorial hides the hints), or q to leave.",
                                "bold green")  # fmt: skip

    def watch_screen(self, seat: int, view: View) -> DecisionScreen:
        """The screen a person sees while others decide (no options)."""
        screen = self.screen_for(seat, view, [], mark_seen=False)
        decision = view.get("decision") or {}
        who = decision.get("player")
        screen.prompt = "" if who is None else speak(f"{player(who)} is deciding")
        return screen

    # -- answers ------------------------------------------------------------------------
    def interpret(self, answer: str, seat: int, view: View, options: list[Option]) -> Command:
        """What an answer means; never raises on any text."""
        text = answer.strip()
        if len(text) > MAX_ANSWER:
            return Command(message=f"That answer is too long ({len(text)} characters).")
        word, _, rest = text.partition(" ")
        word = word.lower()
        rest = rest.strip()
        by_number = {o.key: o for o in options}
        if text in by_number:  # ASCII digits only: "²" is not a number here
            return Command(action=by_number[text].action.id)
        if word in ("q", "quit", "exit") and not rest:
            return Command(quit=True)
        if word in ("?", "h", "help") and not rest:
            return Command(page=("Help", self.help_page()))
        if word in ("c", "card", "cards"):
            return self.card_command(rest, view, by_number)
        if word in ("r", "rules", "glossary"):
            return self.rules_command(rest)
        if word in ("l", "log") and not rest:
            return Command(page=("The log so far", self.log_page(view)), page_at_end=True)
        if word in ("o", "options") and not rest:
            listing = Text("\n".join(f"{o.key:>3}. {o.action.label}"
                                     for o in sorted(options, key=lambda o: o.order)))  # fmt: skip
            return Command(page=("Every option", listing))
        if word in MORE and not rest:  # the full screen pages its options itself
            return Command(message="Every option is shown already (o lists them one a line).")
        if word == "board" and not rest:
            return Command(redraw=True, page=("The board", self.board_page(seat, view)))
        if word in ("u", "until") and not rest:
            passing = self.game.client.pass_option(view, [o.action.id for o in options])
            if passing is None:
                return Command(message="Nothing to pass now: u works when you are asked "
                               "whether to respond to what another player did.")  # fmt: skip
            if self.hot_seat:  # who is skipped would show the others when a hand changes
                return Command(message="At a shared keyboard u would show the others when your "
                               "options change: pass each time instead.")  # fmt: skip
            return Command(action=passing, hold=True)
        if word in ("tutorial", "lesson") and not rest and self.tutorial is not None:
            self.teaching = not self.teaching
            state = "shown" if self.teaching else "hidden (type tutorial to show them)"
            return Command(message=f"The lesson's hints are {state}.", redraw=True)
        if word == "auto" and not rest:
            self.auto_pass = not self.auto_pass
            state = "on" if self.auto_pass else "off"
            return Command(message=f"Auto-pass is {state}.", redraw=True)
        if word in ("b", "back") and not rest:
            back = self.game.client.back_action
            if back is not None and any(o.action.id == back for o in options):
                return Command(action=back)
            return Command(message="Nothing to step back from: b works while you choose X, a "
                           "target, a place or a payment for a card you are playing.")  # fmt: skip
        for o in options:  # an exact action id still works ("end")
            if text == o.action.id:
                return Command(action=o.action.id)
        if len(text) >= 2:
            low = text.lower()
            hits = [o for o in options if o.short.lower().startswith(low)
                    or o.action.label.lower().startswith(low)]  # fmt: skip
            if len(hits) == 1:
                return Command(action=hits[0].action.id)
            if len(hits) > 1:
                nums = ", ".join(o.key for o in hits[:8])
                return Command(message=f"{text!r} fits options {nums}: type the number.")
        shown = repr(text) if text else "nothing"
        numbers = sorted(o.order for o in options if o.key.isdigit())
        span = ", ".join(map(str, numbers)) if len(numbers) <= 6 else (
            f"{', '.join(map(str, numbers[:5]))}... {numbers[-1]}")  # fmt: skip
        return Command(message=f"You entered {shown}: enter an option's number ({span}), "
                       "? for help, or q to quit.")  # fmt: skip

    def help_page(self) -> RenderableType:
        rows = RichTable(show_header=False, box=None, pad_edge=False)
        rows.add_column(style="bold", no_wrap=True)
        rows.add_column()
        for key, what in HELP_ROWS:
            rows.add_row(key, what)
        parts: list[RenderableType] = []
        learn = learn_lines(self.game)
        if learn:  # how to play and how to win first, then the keys
            parts.append(Text(f"How to play {self.game.title}", style="bold"))
            parts.extend(Text(line) for line in learn)
            parts.append(Text("\nKeys", style="bold"))
        parts.append(rows)
        legend = self.game.terminal.legend()
        if legend:
            parts.append(Text(f"\nOn the {self.game.title} board:", style="bold"))
            parts.extend(Text("  " + line) for line in legend)
        state = "on" if self.auto_pass else "off"
        parts.append(Text(f"\nAuto-pass is {state}. The full-screen board needs a terminal; "
                          "with a pipe or --ui plain the game is a plain transcript."))  # fmt: skip
        return Group(*parts)

    def log_page(self, view: View) -> RenderableType:
        return Text(
            "\n".join(speak(self.game.terminal.format_event(e)) for e in view["log"]) or "(empty)"
        )

    def board_page(self, seat: int, view: View) -> RenderableType:
        labels = self.seat_labels(seat, len(view.get("players", [])))
        drawn: RenderableType = self.game.terminal.render_screen(
            view, seat, labels, self.console.width, None
        )
        return drawn

    def card_command(
        self, name: str, view: View, by_number: dict[str, Option] | None = None
    ) -> Command:
        visible = self.game.terminal.visible_cards(view)
        if by_number and name in by_number:  # "c 3": the card option 3 names
            return self.option_card(by_number[name], visible)
        if name.isdecimal():
            return Command(message=f"There is no option {name}: c and an option's number "
                           "reads the card it names (c alone lists what you see).")  # fmt: skip
        if not name:
            if not visible:
                return Command(message="No cards to show.")
            lines = Text()
            for where, names in visible:
                lines.append(f"{where}: ", style="bold")
                lines.append(", ".join(dict.fromkeys(names)) + "\n")
            lines.append("Type c and (part of) a name to read a card.", style="dim")
            return Command(page=("Cards you can see", lines))
        want = name.lower()
        seen = list(dict.fromkeys(n for _, names in visible for n in names))
        exact = [n for n in seen if n.lower() == want]
        partial = [n for n in seen if want in n.lower()]
        pick = exact or (partial if len(partial) == 1 else [])
        if not pick and len(partial) > 1:
            return Command(message=f"{name!r} fits {', '.join(partial[:6])}: say more of the name.")
        record = self.game.cards.record(pick[0] if pick else name)
        if record is None:
            close = difflib.get_close_matches(name, seen, n=3, cutoff=0.5)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            return Command(message=f"No card called {name!r} in sight{hint} (c lists them).")
        return Command(page=(str(record["name"]), self.card_page(record)))

    def card_page(self, record: CardRecord) -> RenderableType:
        """A card's picture, or its record's text for a game without one."""
        try:
            detail: RenderableType = self.game.cards.detail(record)
        except Exception:  # a game without a card picture: show its record
            detail = Text(str(record.get("text", "")))
        return detail

    def option_card(self, option: Option, visible: list[tuple[str, list[str]]]) -> Command:
        """The full text of the card an option names (its first, if it names several)."""
        label = option.action.label
        # an option's label is shown to its seat, so any card it names may be read
        catalogue = [str(r["name"]) for r in self.game.cards.records()]
        named = cards_named_in(label, [n for _, names in visible for n in names] + catalogue)
        if not named:
            return Command(message=f"Option {option.key} ({label}) names no card.")
        record = self.game.cards.record(named[0])
        if record is None:
            return Command(message=f"No card called {named[0]!r} in sight (c lists them).")
        detail = self.card_page(record)
        if len(named) > 1:
            others = ", ".join(f"c {n}" for n in named[1:])
            detail = Group(detail, Text(f"\nOption {option.key} also names: {others}", style="dim"))
        return Command(page=(str(record["name"]), detail))

    def rules_command(self, term: str, game: Game | None = None) -> Command:
        title, body = glossary_page(game or self.game, term)
        if body is None:
            return Command(message=title)
        return Command(page=(title, body))

    def really_quit(self) -> bool:
        """Whether to leave on ``q``: at once when the game is saved on the way
        out (--save-replay); else only once the person says yes, since the game
        would be lost (the end of input, Ctrl-D, leaves as well)."""
        if self.saved_to is not None:
            return True
        ui = self.screen_ui
        ui.note("Leave this game? It is not saved, so it will be lost (--save-replay FILE "
                "keeps a game). y: leave · Enter: go on playing")  # fmt: skip
        answer = ui.read("Leave and lose this game? (y/N) ")
        return answer is None or answer.strip().lower() in ("y", "yes", "q", "quit")

    # -- turns --------------------------------------------------------------------------
    def auto_passed(self, seat: int, action: Action, why: str = "auto-pass") -> None:
        self.screen_ui.info(speak(f"{player(seat)}: {action.label} ({why}; type auto to "
                                  "turn auto-pass off)"), "dim")  # fmt: skip

    def answer_for(self, seat: int, view: View, legal: list[Action]) -> Action | None:
        """The option to take for ``seat`` without asking: while it passes until
        something changes (:class:`Hold`), the pass; with auto-pass on, a lone pass
        or end of turn, or the pass the game says is all that matters now. At
        one screen shared by several people (hot seat) only a lone option is
        answered: anything more would tell the others what a hand holds."""
        ids = [a.id for a in legal]
        kind = str((view.get("decision") or {}).get("kind", ""))
        by_id = {a.id: a for a in legal}
        held = self.holding.get(seat)
        if held is not None and held.new_turn_of(view, seat):
            del self.holding[seat]
            self.screen_ui.note("Your turn: you are no longer passing (u).")
        elif held is not None and (kind == held.kind or held.turn is None):
            passing = self.game.client.pass_option(view, ids)
            if passing is not None and kind == held.kind and set(ids) - {passing} <= held.others:
                self.auto_passed(seat, by_id[passing], "passing until something changes")
                return by_id[passing]
            del self.holding[seat]
            new = [by_id[a].label for a in ids if a != passing and a not in held.others]
            said = f": {new[0]}" if len(new) == 1 else ""
            self.screen_ui.note(speak(f"Something changed{said}, so you are asked again."))
        if not self.auto_pass:
            return None
        lesson = self.tutorial
        if lesson is not None and self.teaching and kind in lesson.teaches and kind not in self.met:
            return None  # the lesson shows each kind of question once before passing it
        if len(legal) == 1 and legal[0].id in self.game.client.pass_actions:
            self.auto_passed(seat, legal[0])
            return legal[0]
        auto = None if self.hot_seat else self.game.client.auto_pass(view, ids)
        if auto is not None:
            self.auto_passed(seat, by_id[auto], "auto-pass: nothing else you could do matters")
            return by_id[auto]
        return None

    def hold(self, seat: int, view: View, legal: list[Action], passing: str) -> None:
        """``seat`` passes until something changes (see :meth:`answer_for`)."""
        kind = str((view.get("decision") or {}).get("kind", ""))
        turn = view.get("turn_number")
        others = frozenset(a.id for a in legal) - {passing}
        self.holding[seat] = Hold(kind, others, turn if isinstance(turn, int) else None)


def cards_named_in(label: str, names: Sequence[str]) -> list[str]:
    """The card names that appear in an option's label, in the order they appear;
    where one name is part of a longer one at the same place, the longer wins."""
    low = label.lower()
    found: list[tuple[int, int, str]] = []
    for n in dict.fromkeys(n for n in names if n):
        at = low.find(n.lower())
        while at >= 0:
            found.append((at, -len(n), n))
            at = low.find(n.lower(), at + 1)
    out: list[str] = []
    end = -1
    for at, neg, n in sorted(found):
        if at >= end and n not in out:  # not inside a name already taken
            out.append(n)
            end = at - neg
    return out


def glossary_page(game: Game, term: str = "") -> tuple[str, RenderableType | None]:
    """(title, body) of the glossary, or of the entries matching ``term``; with no
    match, (message, None)."""
    entries = game.lessons.glossary()
    if not entries:
        return f"{game.title} has no glossary yet.", None
    want = term.strip().lower()
    if want:
        hits = [(t, d) for t, d in entries if want in t.lower()]
        if not hits:
            hits = [(t, d) for t, d in entries if want in d.lower()]
        if not hits:
            close = difflib.get_close_matches(want, [t.lower() for t, _ in entries], n=3)
            hint = f"; did you mean {', '.join(close)}?" if close else ""
            return f"No glossary entry for {term!r}{hint}", None
        entries = hits
    table = RichTable(show_header=False, box=None, pad_edge=False, show_lines=False)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for t, d in entries:
        table.add_row(Text(t), Text(d))  # words, never markup
    title = f"{game.title} glossary" + (f": {term}" if want else " (in our own words)")
    return title, table


class HumanAgent:
    """Asks a person at the terminal to choose."""

    name = "human"
    observes = "view"  # a person needs the view, never samples

    def __init__(self, seat: int, table: Table) -> None:
        self.seat = seat
        self.table = table

    def act(self, obs: Observation) -> str:
        view, legal = obs.view, obs.legal
        table = self.table
        ui = table.screen_ui
        answered = table.answer_for(self.seat, view, legal)
        if answered is not None:
            return answered.id
        if table.hot_seat and table.last_seat != self.seat:
            if not ui.handoff(player(self.seat)):
                raise QuitGame
        table.last_seat = self.seat
        options = table.options(self.seat, view, legal)
        screen = table.screen_for(self.seat, view, options)
        ui.show(screen)
        while True:
            who = "Your" if player(self.seat) == YOU else f"{player(self.seat)}, your"
            answer = ui.read(f"{who} choice (? for help): ")
            if answer is None:
                raise QuitGame
            command = table.interpret(answer, self.seat, view, options)
            if command.quit and table.really_quit():
                raise QuitGame
            if command.quit:
                ui.show(screen)
                continue
            if command.action is not None:
                if command.hold:
                    table.hold(self.seat, view, legal, command.action)
                table.learned(self.seat, view)
                return command.action
            if command.page is not None:
                ui.page(*command.page, at_end=command.page_at_end)
            if command.message is not None:
                ui.note(command.message)
            if command.redraw:
                title = table.title + (" · auto-pass on" if table.auto_pass else " · auto-pass off")
                screen.title = title
                screen.lesson = table.lesson_for(self.seat, view, options)
                if isinstance(ui, TranscriptUI):
                    continue
                ui.show(screen)
