"""The full-screen terminal (issue 8 §4): the board stays in place and fits 80x24
for two seats, the seat's own souls and hand always on screen; it runs only on
a real terminal (a pseudo-terminal here) and leaves the terminal as it found it."""

from __future__ import annotations

import fcntl
import io
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path
from typing import TextIO

import pytest
from rich.cells import cell_len
from rich.console import Console

from ossuary.agents import Observation
from ossuary.cli.human import HumanAgent, Table
from ossuary.cli.screen import (
    FullScreenUI,
    layout_options,
    merge_lists,
    option_blocks,
    pack_news,
    page_options,
)
from ossuary.hecatomb import GAME, load_scenario

from .test_board import CROWDED

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def _ui_of(width: int, height: int, stdin: TextIO | None = None) -> tuple[FullScreenUI, Table]:
    """The crowded board's full screen at ``width`` x ``height``, drawn off screen."""
    s = load_scenario(CROWDED)
    s.cancel_seats = 1
    console = Console(width=width, color_system="256", force_terminal=True, file=io.StringIO())
    names = ["human", "computer, normal"]
    decks = ["Rot and Ruin", "Gilded Lies"]
    table = Table(console, lambda _: None, GAME, seat_names=names, deck_names=decks,
                  names=["You", "Computer"])  # fmt: skip
    table.title = "Hecatomb · seed 7"
    ui = FullScreenUI(console, stdin)
    ui.size = lambda: (width, height)  # type: ignore[method-assign]
    view = Observation.of(s, 0, None, "view").view
    options = table.options(0, view, s.legal_actions())
    ui.screen = table.screen_for(0, view, options)
    return ui, table


def _plain(ui: FullScreenUI) -> list[str]:
    return [ANSI.sub("", line) for line in ui._frame()]


def _frame_of(width: int, height: int, auto_pass: bool = True) -> list[str]:
    return _plain(_ui_of(width, height)[0])


@pytest.mark.parametrize(("width", "height"), [(80, 24), (100, 30), (80, 18)])
def test_a_crowded_two_seat_board_fits_the_screen(width: int, height: int) -> None:
    lines = _frame_of(width, height)
    assert len(lines) <= height
    assert all(cell_len(line) <= width for line in lines)
    text = "\n".join(lines)
    if height >= 24:
        assert lines[0].startswith("Hecatomb · seed 7")
    else:  # issue 30 §4: too small, and what it takes, instead of a silent cut
        assert lines[0].startswith(f"Terminal {width}×{height}: too small, the board needs 80×24")
    assert "You · Rot and Ruin · souls 9" in text  # own souls
    for card in ("Snap", "Warbeast Alpha", "Gutter Spawn", "Maw Acolyte", "Skullcrack"):
        assert card in text, card  # own hand
    if height >= 24:  # a smaller screen may lose the opponent's lines, never yours
        assert "Computer (normal) · Gilded Lies" in text
    assert "── log" in text
    assert "Your main phase" in text
    assert re.search(r"Or: .*End your turn", text)
    assert lines[-1].startswith(">")


def test_a_board_too_tall_for_its_budget_takes_log_rows_before_losing_its_top() -> None:
    # the log gives way first: it keeps its last two rows, and a board that does
    # not fit its share of the screen takes the rest instead of losing its top lines
    ui, _ = _ui_of(80, 24)
    assert ui.screen is not None
    tall = [f"board line {i}" for i in range(1, 17)]
    ui.screen.board = lambda width, height: "\n".join(tall)
    ui.screen.log = [f"event {i}" for i in range(40)]
    lines = _plain(ui)
    text = "\n".join(lines)
    room = 24 - 5 - sum(len(block) for _, block in option_blocks(ui.screen.options, 80))
    shown = [line for line in lines if line.startswith("board line")]
    assert len(shown) == min(16, room - 2) and shown[-1] == "board line 16"
    assert "event 39" in text and lines[-1].startswith(">")
    assert len(lines) <= 24


def test_options_pack_into_a_few_lines() -> None:
    s = load_scenario(CROWDED)
    table = Table(Console(), lambda _: None, GAME)
    view = s.view(0)
    options = table.options(0, view, s.legal_actions())
    lines = [line.plain for line in layout_options(options, 80)]
    assert len(options) > 8 and len(lines) <= 5
    assert lines[0].split()[-2:] != ["1"] and " 1 " in lines[0]  # the group with option 1 first
    assert any(line.startswith("Play:") for line in lines)
    assert all(len(line) <= 80 for line in lines)


def test_options_that_fit_make_one_page_and_others_keep_each_group_whole() -> None:
    s = load_scenario(CROWDED)
    table = Table(Console(), lambda _: None, GAME)
    options = table.options(0, s.view(0), s.legal_actions())
    blocks = option_blocks(options, 80)
    sizes = [len(lines) for _, lines in blocks]
    assert sizes == [2, 2, 1]  # Add to mana, Play, Or
    assert len(page_options(blocks, 5)) == 1  # five lines fit five rows
    pages = page_options(blocks, 4)  # three lines a page and the line that says so
    plain = [[line.plain for line in page] for page in pages]
    assert [len(page) for page in plain] == [3, 4]  # Play moves whole to page 2
    assert plain[0][0].startswith("Add to mana:") and plain[1][0].startswith("Play:")
    assert plain[0][-1] == "  m: more options (page 1 of 2; next: Play, Or)"
    assert plain[1][-1] == "  m: back to the first options (page 2 of 2)"
    body = [line for page in plain for line in page[:-1]]
    assert body == [line.plain for line in layout_options(options, 80)]  # in order, each once
    tiny = page_options(blocks, 2)  # a group longer than a page is split, nothing lost
    assert sum(len(page) - 1 for page in tiny) == 5 and all(len(page) == 2 for page in tiny)


def test_a_short_label_that_starts_with_a_number_is_bracketed() -> None:
    # issue 35 §9: "Pay: 1 1 corruption" read as one number; now "1 (1 corruption)"
    from ossuary.cli.human import Option
    from ossuary.engine.core import Action

    options = [Option("1", Action("pay 3", "Tap 1 corruption"), "Pay", "1 corruption"),
               Option("2", Action("pay 4", "Tap 1 greed"), "Pay", "1 greed"),
               Option("3", Action("cancel", "Back"), "Or", "Back")]  # fmt: skip
    lines = [line.plain for line in layout_options(options, 80)]
    assert lines[0] == "Pay:  1 (1 corruption)  2 (1 greed)"
    assert lines[1] == "Or:  3 Back"


def test_a_short_screen_keeps_half_for_the_board_and_pages_the_options() -> None:
    ui, _ = _ui_of(80, 12)
    lines = _plain(ui)
    assert len(lines) == 12
    assert sum("Snap" in line or "Skullcrack" in line for line in lines[1:4]) == 2  # the hand
    assert "  m: more options (page 1 of 2; next: Play, Or)" in lines
    assert not any(line.startswith("Or:") for line in lines)
    ui.option_page = 1
    lines = _plain(ui)
    assert any(line.startswith("Or:  13 Attack  14 End your turn") for line in lines)
    assert not any(line.startswith("Add to mana:") for line in lines)


@pytest.mark.parametrize("keys", [b"m\r", b"more\r", b"\x1b[6~"])
def test_m_and_page_down_turn_the_page_without_answering(keys: bytes) -> None:
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        os.write(write, keys + b"14\r")
        os.close(write)
        ui, _ = _ui_of(80, 12, stdin)
        assert ui.read("> ") == "14"  # "m" was never an answer
        assert ui.option_page == 1
        assert any(line.startswith("Or:  13 Attack") for line in _plain(ui))


def test_m_with_every_option_on_screen_says_so() -> None:
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        os.write(write, b"m\r")
        os.close(write)
        ui, table = _ui_of(80, 24, stdin)
        assert ui.read("> ") == "m"  # one page: the answer goes to the table
    assert ui.screen is not None
    s = load_scenario(CROWDED)
    command = table.interpret("m", 0, s.view(0), ui.screen.options)
    assert command.action is None and command.message is not None
    assert "Every option is shown already" in command.message


def test_ctrl_c_read_as_a_key_interrupts_like_sigint() -> None:
    """A terminal that hands Ctrl-C over as a byte (no SIGINT) still ends the game
    the Ctrl-C way, not as an ignored key and a redraw."""
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        os.write(write, b"12\x03")
        os.close(write)
        ui, _ = _ui_of(80, 24, stdin)
        with pytest.raises(KeyboardInterrupt):
            ui.read("> ")
    assert ui.buffer == "12"  # what was typed before it is not taken as an answer


def _child_terminal() -> None:
    """In the child: the pty becomes its terminal, and Ctrl-C its default
    interrupt even when the tests run where SIGINT is ignored (a job started in
    the background by a script inherits SIGINT ignored, and Python keeps it so)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def _pty_run(
    args: list[str], keys: list[tuple[str, bytes]], timeout: float = 60
) -> tuple[int, str]:
    """Run ``ossuary`` on a pseudo-terminal of 80x24; type each ``(text, keys)``'s keys
    once ``text`` has appeared on the screen since the previous keys were typed."""
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": "80", "LINES": "24"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "ossuary.cli.main", *args],
        stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
        start_new_session=True,  # its own session, the pty its terminal: Ctrl-C reaches it
        preexec_fn=_child_terminal,
    )  # fmt: skip
    os.close(slave)
    out = b""
    mark = 0  # where the output since the last keys starts
    pending = list(keys)
    start = time.monotonic()
    while time.monotonic() - start < timeout:
        if pending and pending[0][0].encode() in out[mark:]:
            mark = len(out)
            time.sleep(0.2)  # the screen is drawn; its keys are read next
            os.write(master, pending.pop(0)[1])
        ready, _, _ = select.select([master], [], [], 0.05)
        if ready:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                break
            if not chunk:
                break
            out += chunk
        if proc.poll() is not None:
            break
    if proc.poll() is None:
        proc.kill()
    proc.wait(timeout=10)
    while select.select([master], [], [], 0.2)[0]:  # what it wrote before it ended
        try:
            chunk = os.read(master, 65536)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    os.close(master)
    return proc.returncode, out.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")
def test_the_full_screen_runs_on_a_terminal_and_restores_it(tmp_path: Path) -> None:
    args = ["play", "hecatomb", "--seed", "3", "--ai", "easy"]
    keys = [("Your main phase", b"?"), ("", b"\r"), ("Help", b"\r"), ("Your main", b"q\r"),
            ("Leave this game?", b"y\r")]  # q asks first: the game is not saved  # fmt: skip
    code, out = _pty_run(args, keys)
    assert code == 0, out
    assert "\x1b[?1049h" in out and "\x1b[?1049l" in out  # the alternate screen, left again
    plain = ANSI.sub("", out)
    assert "Hecatomb · seed 3 · auto-pass on" in plain
    assert "Your main phase" in plain and "Add to mana:" in plain
    assert "How to play Hecatomb" in plain  # the help page: how to play, then the keys
    assert "Game abandoned." in plain
    assert out.rindex("\x1b[?1049l") < out.rindex("Game abandoned.")  # said on the normal screen


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals only")
def test_ctrl_c_on_the_full_screen_exits_130_with_a_message(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    args = ["play", "hecatomb", "--seed", "3", "--ai", "easy", "--save-replay", str(path)]
    code, out = _pty_run(args, [("Your main phase", b"\x03")])
    assert code == 130, out
    plain = ANSI.sub("", out)
    assert "Interrupted (Ctrl-C): game abandoned." in plain
    assert path.exists()


def test_piped_games_use_the_transcript() -> None:
    # input or output not a terminal: the plain transcript, never the full screen
    result = subprocess.run(
        [sys.executable, "-m", "ossuary.cli.main", "play", "hecatomb", "--seed", "3",
         "--ai", "easy"],
        input="q\n", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert "\x1b[?1049h" not in result.stdout
    assert "Your options:" in result.stdout and "Game abandoned." in result.stdout
    forced = subprocess.run(
        [sys.executable, "-m", "ossuary.cli.main", "play", "hecatomb", "--ui", "full"],
        input="q\n", capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert forced.returncode == 2 and "needs a terminal" in forced.stderr


def test_unused_table_keeps_its_agent_contract() -> None:
    assert HumanAgent.observes == "view"


def test_input_that_ends_mid_answer_ends_the_game_instead_of_spinning() -> None:
    """Ctrl-D on a half-typed answer is ignored, as in a shell; but when the
    input itself ends (a closed pipe, a hung-up terminal) reading stops."""
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        os.write(write, b"12\x04")
        os.close(write)
        ui, _ = _ui_of(80, 24, stdin)
        assert ui.read("> ") is None
    assert ui.buffer == "12"


@pytest.mark.parametrize(("width", "height"), [(60, 20), (79, 24), (80, 23)])
def test_a_terminal_below_80x24_says_it_is_too_small(width: int, height: int) -> None:
    lines = _frame_of(width, height)
    assert lines[0].startswith(f"Terminal {width}×{height}: too small, the board needs 80×24")
    assert len(lines) <= height  # and the game still goes on, as much as fits
    assert lines[-1].startswith(">")
    big = _frame_of(80, 24)
    assert "too small" not in big[0]


def _capture_pages(ui: FullScreenUI) -> list[str]:
    shown: list[str] = []

    def page(title: str, body: object, at_end: bool = False) -> None:
        shown.append(title + "\n" + str(body))

    ui.page = page  # type: ignore[method-assign]
    return shown


# the Diabolicards lesson's third decision: your play, the computer's contract turn
A_TURN = [
    "You play VP Marsh in Vask Tower", "You draw Tick Tock", "-- turn 2: Computer --",
    "Computer takes Hourglass Hank from the contracts",
    "Computer puts Lady Lukewarm into the contracts",
    "Auditor Kell is discarded from the top of the deck", "-- turn 3: You --",
]  # fmt: skip


def test_the_computers_turn_is_read_in_the_log_without_a_key() -> None:
    # issue 35 §8: "since your last decision ... Enter: go on" cost 38 of 84 keys
    # in the Diabolicards lesson; a turn that fits the log, packed, opens no page
    ui, _ = _ui_of(80, 24)
    assert ui.screen is not None
    screen = ui.screen
    screen.log = ["old"] * 5 + A_TURN
    screen.new = len(A_TURN)
    shown = _capture_pages(ui)
    ui.show(screen)
    assert not shown
    lines = _plain(ui)
    text = "\n".join(lines)
    assert len(lines) <= 24 and all(cell_len(line) <= 80 for line in lines)
    assert "You play VP Marsh in Vask Tower · You draw Tick Tock" in text
    assert "Turn 2, Computer: takes Hourglass Hank from the contracts" in text
    for event in ("puts Lady Lukewarm into the contracts", "Auditor Kell is discarded"):
        assert event in text
    assert "You · Rot and Ruin · souls 9" in text and lines[-1].startswith(">")
    assert "l shows all" not in text


def test_more_than_the_log_can_show_is_shown_before_the_question() -> None:
    # issue 30 §2: at 80x24 the computer's turn scrolled away unseen; what does
    # not fit the log even packed opens first, runs of one line said once
    ui, _ = _ui_of(80, 24)
    assert ui.screen is not None
    screen = ui.screen
    long = [f"Computer's card number {i} deals {i} damage to the hero, then draws {i}"
            for i in range(10)]  # fmt: skip
    screen.log = ["old"] * 5 + long + ["Computer draws a card"] * 4
    screen.new = 14
    shown = _capture_pages(ui)
    ui.show(screen)
    assert len(shown) == 1
    assert shown[0].startswith("Since your last decision (14 events) · Enter: go on")
    assert "card number 0 deals" in shown[0] and "Computer draws a card (×4)" in shown[0]
    assert "old" not in shown[0]
    # a few events fit the log: no page; nor before one's first decision
    for new, log in ((3, screen.log), (19, screen.log)):
        shown.clear()
        screen.new, screen.log = new, log
        ui.show(screen)
        assert not shown, new


def test_news_packs_side_by_side_and_names_the_turn_once() -> None:
    rows = [r.plain for r in pack_news(A_TURN, 80)]
    assert rows == [
        "You play VP Marsh in Vask Tower · You draw Tick Tock",
        "Turn 2, Computer: takes Hourglass Hank from the contracts",
        "  puts Lady Lukewarm into the contracts",
        "  Auditor Kell is discarded from the top of the deck · turn 3: You",
    ]
    # a run of one event is said once; a list is said as one; nothing is cut
    rows = [r.plain for r in pack_news(
        ["-- turn 4: Computer --", "Dale kills VP Marsh", "Dale kills Chairman Voss",
         "Computer draws a card", "Computer draws a card", "x" * 100], 40)]  # fmt: skip
    assert rows[0].startswith("Turn 4, Computer:")
    assert "Dale kills VP Marsh, Chairman Voss" in " ".join(rows)
    assert "draws a card (×2)" in " ".join(rows)
    assert "Computer wins" in " ".join(r.plain for r in pack_news(
        ["-- turn 4: Computer --", "Computer draws a card", "Computer wins"], 80))  # fmt: skip
    assert "".join(r.strip() for r in rows).count("x") == 100
    assert all(cell_len(r) <= 40 for r in rows)


def test_lists_are_merged_only_where_they_read_as_one() -> None:
    assert merge_lists(["You draw A", "You draw B", "You gain 1 soul"]) == [
        "You draw A, B", "You gain 1 soul"]  # fmt: skip
    kept = ["Your hand is revealed: A, B", "Your hand is revealed: C"]
    assert merge_lists(kept) == kept  # a list inside an event is never read into another
    assert merge_lists(["-- turn 2: You --", "-- turn 2: You --"]) == ["-- turn 2: You --"] * 2


def test_the_end_says_who_won_and_why_once() -> None:
    # issue 30 §2: the last screen put the result in the prompt and again in the
    # options' place; now the first line (who won and why) once, the score below
    read, write = os.pipe()
    with os.fdopen(read) as stdin:
        os.write(write, b"x")
        os.close(write)
        ui, _ = _ui_of(80, 24, stdin)
        out = io.StringIO()
        ui.out = out
        ui.final(["You lose: Computer reached 20 souls (20 win)", "Souls: You 7, Computer 20"])
    screen = ANSI.sub("", out.getvalue())
    assert screen.count("You lose: Computer reached 20 souls") == 1
    assert screen.count("Souls: You 7, Computer 20") == 1
    assert "Game over: press any key to leave." in screen
