"""The full-screen terminal: the board stays in place, the log and the options
below it, the answer typed on the last line.

Plain full redraws with rich (no widget toolkit): each frame is rendered off
screen at the terminal's size and written over the previous one on the
alternate screen. Keys are read one at a time with the terminal in cbreak mode
(no echo), so keys typed while the computer thinks wait in the terminal's
buffer and show up in the answer line when it is the person's turn, and Ctrl-C
still interrupts. ``docs/terminal.md`` says why we chose this over textual.

Only POSIX terminals (termios); elsewhere, and whenever input or output is not
a terminal, :func:`ossuary.cli.play.play` uses the plain transcript instead.
"""

from __future__ import annotations

import codecs
import io
import os
import select
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TextIO

from rich.cells import cell_len
from rich.console import Console, RenderableType
from rich.text import Text

from .human import MAX_ANSWER, MORE, DecisionScreen, Option

SPINNER = "⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏"
MIN_LOG = 2
MIN_OPTIONS = 4  # rows the options keep when the log needs rows for what is new
# the size every seat's panel and one's own hand fit in (docs/terminal.md); below
# it the title line says so instead of dropping parts of the board unannounced
MIN_WIDTH, MIN_HEIGHT = 80, 24
ALT_ON, ALT_OFF = "\x1b[?1049h", "\x1b[?1049l"
CURSOR_ON, CURSOR_OFF = "\x1b[?25h", "\x1b[?25l"
PAGE_UP, PAGE_DOWN = "\x1b[5~", "\x1b[6~"


def terminal_ok(stdin: TextIO, stdout: TextIO) -> bool:
    """Whether the full screen can run: both ends are terminals and termios exists."""
    try:
        import termios  # noqa: F401
    except ImportError:  # pragma: no cover - not POSIX
        return False
    return stdin.isatty() and stdout.isatty()


def option_blocks(options: list[Option], width: int) -> list[tuple[str, list[Text]]]:
    """The options as blocks of lines, one block a group: (its name, its lines).
    A group is a heading with its short items packed side by side (``Play: 3
    Snap (2)  5 Warbeast Alpha (4)``); an option without a heading is a block
    of its own, one line with its full label."""
    groups: dict[str, list[Option]] = {}
    for o in options:
        groups.setdefault(o.group, []).append(o)
    blocks: list[tuple[str, list[Text]]] = []
    # the groups in the order of their lowest number, so "Play: 1 ..." comes first
    ordered = sorted(groups.items(), key=lambda kv: min(o.order for o in kv[1]))
    for heading, items in ordered:
        items = sorted(items, key=lambda o: o.order)
        if not heading:
            for o in items:
                line = Text(no_wrap=True, overflow="ellipsis")
                line.append(f"{o.key:>3} ", style="bold cyan")
                line.append(o.action.label)
                blocks.append((o.action.label, [line]))
            continue
        line = Text(f"{heading}:", style="bold", no_wrap=True, overflow="ellipsis")
        lines = [line]
        indent = 2
        for o in items:
            piece = Text(" ")
            piece.append(f" {o.key} ", style="bold cyan")
            # a label that starts with a number would read as part of the key
            # ("Pay: 1 1 corruption"): it goes in brackets, "1 (1 corruption)"
            piece.append(f"({o.short})" if o.short[:1].isdigit() else o.short)
            if (
                cell_len(line.plain) + cell_len(piece.plain) > width
                and cell_len(line.plain) > indent
            ):
                line = Text(" " * indent, no_wrap=True, overflow="ellipsis")
                lines.append(line)
            line.append_text(piece)
        blocks.append((heading, lines))
    return blocks


def layout_options(options: list[Option], width: int) -> list[Text]:
    """Options as lines: a heading with its short items packed side by side
    (``Play: 3 Snap (2)  5 Warbeast Alpha (4)``), or one long option a line."""
    return [line for _, lines in option_blocks(options, width) for line in lines]


def page_options(blocks: list[tuple[str, list[Text]]], rows: int) -> list[list[Text]]:
    """The option lines in pages of at most ``rows`` lines: all of them on one page
    when they fit; else pages of ``rows - 1`` lines, each ending with a line that
    says how to see the others (``m``, PgDn/PgUp) and which groups they hold. A
    group moves whole to the next page when it fits there, so a card's options
    stay together; only a group longer than a page is split."""
    rows = max(2, rows)
    if sum(len(lines) for _, lines in blocks) <= rows:
        return [[line for _, lines in blocks for line in lines]]
    room = rows - 1
    pages: list[list[tuple[str, Text]]] = [[]]
    for name, lines in blocks:
        if pages[-1] and len(pages[-1]) + len(lines) > room and len(lines) <= room:
            pages.append([])
        for line in lines:
            if len(pages[-1]) >= room:
                pages.append([])
            pages[-1].append((name, line))
    out: list[list[Text]] = []
    for i, page in enumerate(pages):
        more = Text(no_wrap=True, overflow="ellipsis", style="dim")
        if i + 1 < len(pages):
            names = ", ".join(dict.fromkeys(name for name, _ in pages[i + 1]))
            more.append(f"  m: more options (page {i + 1} of {len(pages)}; next: {names})")
        else:
            more.append(f"  m: back to the first options (page {i + 1} of {len(pages)})")
        out.append([line for _, line in page] + [more])
    return out


def collapse(lines: list[str]) -> list[str]:
    """Runs of the same line as one: "Computer draws a card (×6)"."""
    out: list[str] = []
    count = 0
    for i, line in enumerate(lines):
        count += 1
        if i + 1 == len(lines) or lines[i + 1] != line:
            out.append(line if count == 1 else f"{line} (×{count})")
            count = 0
    return out


def is_heading(line: str) -> bool:
    """A log line that opens a part of the game ("-- turn 4: Computer --")."""
    return line.startswith("-- ") and line.endswith(" --") and len(line) > 6


def merge_lists(lines: list[str]) -> list[str]:
    """Events in a row that begin with the same words (two at least) as one
    list: "Dale kills VP Marsh, Chairman Voss". Never a line holding a comma or a
    colon of its own after those words, nor a turn's heading, so a list is never
    read into another."""
    out: list[str] = []
    head: list[str] = []  # the shared words of the list being built
    for line in lines:
        words = line.split(" ")
        if out and head and not is_heading(line) and words[: len(head)] == head:
            rest = " ".join(words[len(head) :])
            if rest and not any(c in rest for c in ",:"):
                out[-1] += ", " + rest
                continue
        previous = out[-1].split(" ") if out and not is_heading(out[-1]) else []
        shared = 0
        while shared < min(len(words), len(previous)) - 1 and words[shared] == previous[shared]:
            shared += 1
        tails = (" ".join(previous[shared:]), " ".join(words[shared:]))
        if shared >= 2 and not is_heading(line) and not any(c in t for t in tails for c in ",:"):
            head = words[:shared]
            out[-1] += ", " + tails[1]
            continue
        head = []
        out.append(line)
    return out


def pack_news(lines: list[str], width: int) -> list[Text]:
    """What happened since a seat's last decision, in as few rows as it takes to
    read it all: runs of one line said once (:func:`collapse`), the events side
    by side with " · " between them, and each turn from a row of its own that
    starts with its name, after which the turn's player is not named again
    ("Turn 4, Computer: plays Snap · draws a card"; the rows that go on with
    the same turn are indented). An event never breaks in the middle unless it
    is wider than the screen, and then it wraps: none of it is cut."""
    rows: list[Text] = []
    row: Text | None = None
    bare = False  # the row holds a turn's name and nothing yet
    owner = ""  # whose turn the rows are in, once a turn began among them
    said = merge_lists(collapse(lines))
    for i, line in enumerate(said):
        if is_heading(line):
            name = line[3:-3]
            if i + 1 == len(said):  # the turn that starts now: said last, on the row
                line = name
            else:
                what, _, owner = name.partition(": ")
                head = f"{what}, {owner}:" if owner else f"{name}:"
                row = Text(head[:1].upper() + head[1:], style="bold")
                rows.append(row)
                bare = True
                continue
        elif owner and line.startswith(owner + " ") and " " in line[len(owner) + 1 :]:
            line = line[len(owner) + 1 :]  # not down to one word: "Computer wins" stays
        if row is not None and cell_len(row.plain) + 3 + cell_len(line) <= width:
            row.append(" " if bare else " · ", style="dim")
            row.append(line)
            bare = False
            continue
        bare = False
        indent = "  " if owner else ""
        if cell_len(indent + line) <= width:
            row = Text(indent + line)
            rows.append(row)
            continue
        # wider than the screen: wrapped onto rows of its own, the next event apart
        rows.extend(Text(indent + part) for part in _wrap(line, width - len(indent)))
        row = None
    for r in rows:
        r.no_wrap = True
        r.overflow = "ellipsis"
    return rows


def _wrap(line: str, width: int) -> list[str]:
    """``line`` broken at spaces into pieces of at most ``width`` cells (the later
    ones indented two); a word wider than that is split, never cut."""
    out: list[str] = []
    current = ""
    for word in line.split(" "):
        joined = f"{current} {word}" if current else word
        if cell_len(joined) <= width:
            current = joined
            continue
        if current:
            out.append(current)
        current = "  " + word
        while cell_len(current) > width:  # one long word: split in pieces
            out.append(current[:width])
            current = "  " + current[width:]
    out.append(current)
    return out


class FullScreenUI:
    """A :class:`~ossuary.cli.human.UI` that keeps the board in place."""

    def __init__(self, console: Console, stdin: TextIO | None = None) -> None:
        self.console = console
        self.out = console.file
        self.stdin = stdin or sys.stdin
        self.screen: DecisionScreen | None = None
        self.message = ""
        self.message_style = "yellow"
        self.buffer = ""
        self._decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
        self._pending = ""  # decoded keys not yet handled
        self._ended = False  # the input itself has ended (not a Ctrl-D key)
        self._saved: Any = None
        self._resized = False
        self._old_winch: Any = None
        self._lock = threading.Lock()
        self._spin_line = -1
        self._input_row = 0
        self.option_page = 0  # which page of the options is shown, when they need pages
        self._pages = 1
        self.log_rows = 0  # how many log lines the last frame had room for
        self.news_rows = 0  # how many rows what is new since the last decision takes

    @property
    def fd(self) -> int:
        return self.stdin.fileno()

    # -- entering and leaving -------------------------------------------------------
    def __enter__(self) -> FullScreenUI:
        import termios
        import tty

        self._saved = termios.tcgetattr(self.fd)
        tty.setcbreak(self.fd)  # keys one by one, no echo; Ctrl-C still interrupts
        self._write(ALT_ON + "\x1b[H\x1b[2J")
        self._old_winch = signal.signal(signal.SIGWINCH, self._on_resize)
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        if self._saved is None:
            return
        import termios

        self._write(CURSOR_ON + ALT_OFF)
        termios.tcsetattr(self.fd, termios.TCSADRAIN, self._saved)
        self._saved = None
        if self._old_winch is not None:
            signal.signal(signal.SIGWINCH, self._old_winch)

    def _on_resize(self, signum: int, frame: FrameType | None) -> None:
        self._resized = True

    def _write(self, text: str) -> None:
        with self._lock:
            self.out.write(text)
            self.out.flush()

    # -- drawing ---------------------------------------------------------------------
    def size(self) -> tuple[int, int]:
        cols, rows = shutil.get_terminal_size((80, 24))
        return max(cols, 20), max(rows, 8)

    def _ansi(self, renderables: list[RenderableType], width: int, wrap: bool = False) -> list[str]:
        """Render off screen at ``width``; one string with colour codes per line.
        Lines are cut at the width unless ``wrap`` (pages wrap, the screen never)."""
        buf = io.StringIO()
        off = Console(
            file=buf,
            width=width,
            force_terminal=True,
            color_system="truecolor" if self.console.color_system == "truecolor" else "256",
            highlight=False,
            legacy_windows=False,
        )
        for r in renderables:
            if wrap:
                off.print(r, crop=True)
            else:
                off.print(r, crop=True, no_wrap=True, overflow="ellipsis")
        return buf.getvalue().rstrip("\n").split("\n") if buf.getvalue() else []

    def _board(self, s: DecisionScreen, width: int, budget: int, most: int) -> list[str]:
        """The board in ``budget`` lines; one that will not fit them takes up to
        ``most`` from the log (down to its last MIN_LOG rows) before its top is
        cut (the bottom, the seat's own numbers and hand, is never cut)."""
        board = self._ansi([s.board(width, budget)], width)
        if len(board) > budget:
            budget = max(budget, min(len(board), most))
        return board[-budget:]

    def _frame(self, status: Text | None = None) -> list[str]:
        """The whole screen as lines; ``status`` replaces the options (thinking)."""
        width, height = self.size()
        s = self.screen
        title = Text(no_wrap=True, overflow="ellipsis", style="reverse")
        if width < MIN_WIDTH or height < MIN_HEIGHT:
            title.style = "bold yellow reverse"
            title.append(f"Terminal {width}×{height}: too small, the board needs "
                         f"{MIN_WIDTH}×{MIN_HEIGHT} (or --ui plain)".ljust(width))  # fmt: skip
        else:
            title.append((s.title if s else "Ossuary").ljust(width))
        if s is None:
            return self._ansi([title], width)
        lesson: list[Text] = []
        if s.lesson and status is None:  # the guided game's word, a few lines at most
            wrapped = Text(s.lesson, style="cyan").wrap(self.console, width)
            lesson = [Text(line.plain, style="cyan", no_wrap=True, overflow="ellipsis")
                      for line in wrapped][: max(1, min(4, height // 5))]  # fmt: skip
        fixed = 5 + len(lesson)  # title, log rule, prompt, message, answer
        room = max(1, height - fixed)  # for the board, the log and the options
        min_log = MIN_LOG if height < 24 else MIN_LOG + 2
        news = pack_news(s.log[len(s.log) - s.new :], width) if s.new else []
        self.news_rows = len(news)
        # what happened since the last decision is read on the board's screen,
        # not on a page of its own: the log keeps rows for it (up to a third of
        # the room) before the options go onto pages; not at the first
        # decision, where all is new and the deal is no news
        first = s.new >= len(s.log)
        keep = 0 if first else min(len(news), max(min_log, room // 3))
        if status is not None:
            option_lines: list[Text] = [status]
            budget = max(1, room - 1 - max(min_log, keep))
            # never cut the bottom: the seat's own souls and hand
            board = self._board(s, width, budget, room - 1 - MIN_LOG)
            self._pages = 1
        else:
            blocks = option_blocks(s.options, width)
            options = sum(len(lines) for _, lines in blocks)
            budget = room - options - max(min_log, keep)
            # many options must not push the board off the screen: it keeps at
            # least half the room (when it needs it), the log gives way first,
            # then the options go onto pages (m, PgDn). What is new since the
            # last decision may take the board down to a third of the room (the
            # game drops detail, e.g. zones fold into a line of powers)
            floor = room // 2 if not keep else max(room // 3, room // 2 - keep)
            board = self._board(s, width, max(1, budget, floor), room - options - MIN_LOG)
            left = room - len(board)
            # and the options keep MIN_OPTIONS rows before they give the rest
            pages = page_options(blocks, max(2, left - min(keep, max(0, left - MIN_OPTIONS))))
            self._pages = len(pages)
            self.option_page %= len(pages)
            option_lines = pages[self.option_page]
        log_rows = max(0, height - fixed - len(option_lines) - len(board))
        self.log_rows = log_rows
        rule = Text(no_wrap=True, overflow="ellipsis", style="dim")
        said = f"({s.new} new{', l shows all' if len(news) > log_rows else ''}) " if s.new else ""
        rule.append(f"── log {said}".ljust(width, "─"))
        log_lines: list[Text] = []
        if log_rows:
            log_lines = news[-log_rows:]
            spare = log_rows - len(log_lines)
            if spare:  # the rows left show what came before, dimmed
                older = s.log[: len(s.log) - s.new][-spare:]
                log_lines = [Text(line, no_wrap=True, overflow="ellipsis", style="dim")
                             for line in older] + log_lines  # fmt: skip
            log_lines = [Text("")] * (log_rows - len(log_lines)) + log_lines
        prompt = Text(s.prompt, style="bold", no_wrap=True, overflow="ellipsis")
        if self.message:
            message = Text(self.message, style=self.message_style, no_wrap=True,
                           overflow="ellipsis")  # fmt: skip
        else:
            message = Text(s.hints, style="dim", no_wrap=True, overflow="ellipsis")
        answer = Text("> ", style="bold", no_wrap=True, overflow="ellipsis")
        answer.append(self.buffer[-(width - 3) :] if status is None else "")
        lines = self._ansi([title], width) + board
        lines += self._ansi(
            [rule, *log_lines, prompt, *lesson, *option_lines, message, answer], width
        )
        self._spin_line = len(lines) - 3 if status is not None else -1
        self._input_row = len(lines)
        return lines[:height]

    def draw(self, status: Text | None = None) -> None:
        lines = self._frame(status)
        cursor = CURSOR_OFF if status is not None else CURSOR_ON
        col = 3 + cell_len(self.buffer[-(self.size()[0] - 3) :])
        self._write(
            CURSOR_OFF + "\x1b[H" + "\x1b[K\r\n".join(lines) + "\x1b[K\x1b[J"
            + (f"\x1b[{self._input_row};{col}H" if status is None else "") + cursor
        )  # fmt: skip

    # -- the UI protocol -------------------------------------------------------------------
    def show(self, screen: DecisionScreen) -> None:
        self.screen = screen
        self.message = ""
        self.option_page = 0
        self._frame()
        if screen.options and self.log_rows < self.news_rows and screen.new < len(screen.log):
            # more happened since this seat's last decision (the computer's turn)
            # than the log can show even packed: show it all first, instead of
            # letting it scroll away unseen (not before the first decision: all
            # is new then)
            new = screen.log[len(screen.log) - screen.new :]
            self.page(f"Since your last decision ({len(new)} events) · Enter: go on",
                      Text("\n".join(collapse(new))))  # fmt: skip
        self.draw()

    def note(self, text: str, style: str = "yellow") -> None:
        self.message, self.message_style = text, style

    def info(self, text: str, style: str = "") -> None:
        self.message, self.message_style = text, style or "dim"

    def read(self, prompt: str) -> str | None:
        """Edit one answer line; Enter gives it, Ctrl-D on an empty line ends the game."""
        self.draw()
        while True:
            key = self._key()
            if key is None:
                continue
            if key in ("\r", "\n"):
                answer, self.buffer = self.buffer, ""
                self.message = ""
                if answer.strip().lower() in MORE and self._pages > 1:
                    self.option_page += 1  # the next page of options; the board stays
                    self.draw()
                    continue
                return answer
            if key == "\x04" and (not self.buffer or self._ended):
                return None  # Ctrl-D on an empty line, or no more input at all
            if key in ("\x7f", "\x08"):
                self.buffer = self.buffer[:-1]
            elif key == "\x15" or key == "\x1b":  # Ctrl-U, Esc: clear the line
                self.buffer = ""
            elif key == "\x0c":  # Ctrl-L: redraw
                pass
            elif key in (PAGE_DOWN, PAGE_UP):  # the options' pages
                self.option_page += 1 if key == PAGE_DOWN else -1
            elif len(key) == 1 and key.isprintable() and len(self.buffer) < MAX_ANSWER:
                self.buffer += key
            self.draw()

    def _key(self, timeout: float = 0.25) -> str | None:
        """One key (or an escape sequence, or Esc alone); None after ``timeout``."""
        while not self._pending:
            if self._resized:
                self._resized = False
                self.draw()
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                return None
            data = os.read(self.fd, 1024)
            if not data:
                self._ended = True
                return "\x04"  # end of input
            self._pending += self._decoder.decode(data)
        key, self._pending = self._pending[0], self._pending[1:]
        if key == "\x03":  # Ctrl-C that came as a key, not as SIGINT: the same interrupt
            raise KeyboardInterrupt
        if key == "\x1b" and self._pending[:1] in ("[", "O"):
            i = 1
            while i < len(self._pending) and not ("@" <= self._pending[i] <= "~"):
                i += 1
            seq, self._pending = self._pending[: i + 1], self._pending[i + 1 :]
            return "\x1b" + seq
        return key

    def page(self, title: str, body: RenderableType, at_end: bool = False) -> None:
        """Show a text over the game until Enter, q or Esc; Space and arrows scroll
        (``at_end``: open at its last page, as for the log)."""
        width, height = self.size()
        lines = self._ansi([body], width, wrap=True)
        rows = height - 2
        top = max(0, len(lines) - rows) if at_end else 0
        while True:
            head = Text(title.ljust(width), style="reverse", no_wrap=True, overflow="ellipsis")
            last = min(len(lines), top + rows)
            more = f"lines {top + 1}-{last} of {len(lines)} · " if len(lines) > rows else ""
            foot = Text(f"{more}Enter, q or Esc: back to the game · Space, ↓, ↑: scroll",
                        style="dim", no_wrap=True, overflow="ellipsis")  # fmt: skip
            shown = lines[top:last] + [""] * (rows - (last - top))
            out = self._ansi([head], width) + shown + self._ansi([foot], width)
            self._write(CURSOR_OFF + "\x1b[H" + "\x1b[K\r\n".join(out) + "\x1b[K\x1b[J")
            key = self._key(timeout=60)
            if key is None:
                continue
            if key in ("\r", "\n", "q", "Q", "\x1b", "\x04"):
                break
            if key in (" ", "\x1b[B", "\x1b[6~", "j"):
                top = min(max(0, len(lines) - rows), top + (1 if key in ("\x1b[B", "j") else rows))
            elif key in ("\x1b[A", "\x1b[5~", "k", "b"):
                top = max(0, top - (1 if key in ("\x1b[A", "k") else rows))
        self.draw()

    def handoff(self, who: str) -> bool:
        width, _height = self.size()
        self.screen = None
        text = Text(f"\n\n  Pass the keyboard to {who}, then press Enter (q quits).",
                    style="bold")  # fmt: skip
        self._write(
            CURSOR_OFF + "\x1b[H\x1b[2J" + "\r\n".join(self._ansi([text], width, wrap=True))
        )
        while True:
            key = self._key(timeout=60)
            if key in ("\r", "\n", " "):
                return True
            if key in ("q", "Q", "\x04"):
                return False

    @contextmanager
    def thinking(self, who: str, screen: DecisionScreen | None) -> Iterator[None]:
        """Show ``screen`` (the person's view) with a spinner while a computer decides;
        keys typed meanwhile wait in the terminal's buffer for the next answer."""
        if screen is not None:
            self.screen = screen
        start = time.monotonic()
        stop = threading.Event()

        def status() -> Text:
            t = time.monotonic() - start
            frame = SPINNER[int(t * 10) % len(SPINNER)]
            line = Text(no_wrap=True, overflow="ellipsis")
            line.append(f" {frame} {who} is thinking... {t:4.1f} s", style="bold yellow")
            line.append("  (type your next answer meanwhile; Ctrl-C quits)", style="dim")
            return line

        self.draw(status())

        def spin() -> None:
            while not stop.wait(0.1):
                if self._spin_line < 0:
                    return
                width, _ = self.size()
                row = self._ansi([status()], width)
                self._write(f"\x1b[{self._spin_line + 1};1H" + row[0] + "\x1b[K")

        thread = threading.Thread(target=spin, daemon=True)
        thread.start()
        try:
            yield
        finally:
            stop.set()
            thread.join()

    def final(self, lines: list[str]) -> None:
        """The end of the game over the last board, until a key is pressed."""
        if self.screen is not None:  # the first line says who won and why; once
            self.screen.options = []
            self.screen.prompt = lines[0] if lines else "The game is over."
            self.screen.hints = "Game over: press any key to leave."
            self.message = ""
            self.draw(Text("  " + " · ".join(lines[1:]), style="bold"))
        while self._key(timeout=60) is None:
            pass
