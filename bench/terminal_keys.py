"""How many keys a whole game at the full-screen terminal takes: ``ossuary play``
run on a pseudo-terminal of 80x24 (by default), driven by a script that reads
the screen and types, as a person would, one answer a decision (Enter counted)
and Enter on every page the client opens by itself ("Since your last
decision ... Enter: go on"). What is counted is what the person types, so the
cost of a page that needs a key is seen next to the answers.

The answers are fixed by the screen, so a run repeats exactly: the lesson's
suggested number when it gives one ("type 10"), else the lowest option number
on the screen or, by a seeded coin, the next one (both are on the first page
of options however the options are paged, so the same game is played before
and after a change to the layout: compare the decisions counted).

    PYTHONPATH=src python bench/terminal_keys.py diabolicards --tutorial
    PYTHONPATH=src python bench/terminal_keys.py hecatomb --seed 3 --ai easy
    git archive 51105d2 src | tar -x -C /tmp/before    # the same, before a change
    PYTHONPATH=/tmp/before/src python bench/terminal_keys.py diabolicards --tutorial

It prints one line: decisions answered, pages closed with Enter, keys typed.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import random
import re
import select
import struct
import subprocess
import sys
import termios
import time

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
OPTION_KEY = re.compile(r"\x1b\[1;36m\s*(\d+)\s*\x1b\[0m")  # an option's number, bold cyan
QUIET_S = 0.4  # no output for this long: the client waits for a key


class Terminal:
    """``ossuary`` on a pseudo-terminal; the last frame it drew, as text."""

    def __init__(self, args: list[str], width: int, height: int) -> None:
        master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", height, width, 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(width),
               "LINES": str(height)}  # fmt: skip
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "ossuary.cli.main", "play", *args],
            stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.master = master
        self.out = b""

    def settle(self, timeout: float = 120) -> str | None:
        """The raw last frame once the client has stopped drawing; None at its end."""
        start = time.monotonic()
        quiet_since = time.monotonic()
        while time.monotonic() - start < timeout:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    return None
                if not chunk:
                    return None
                self.out += chunk
                quiet_since = time.monotonic()
                continue
            if self.proc.poll() is not None:
                return None
            frame = self.frame()
            waiting = ("\r\n\x1b[1m> " in frame or "Enter, q or Esc" in frame
                       or "press any key" in frame)  # fmt: skip
            if time.monotonic() - quiet_since > QUIET_S and waiting and "thinking" not in frame:
                return frame
        raise TimeoutError("the client did not settle")

    def frame(self) -> str:
        text = self.out.decode("utf-8", "replace")
        return text[text.rfind("\x1b[H") :]

    def type(self, keys: str) -> None:
        os.write(self.master, keys.encode())

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait(timeout=10)
        os.close(self.master)


def run(args: list[str], width: int, height: int, seed: int, limit: int) -> dict[str, int]:
    rng = random.Random(seed)
    term = Terminal(args, width, height)
    counts = {"decisions": 0, "pages": 0, "keys": 0, "ended": 0}
    try:
        while counts["decisions"] < limit:
            raw = term.settle()
            if raw is None:
                break
            plain = ANSI.sub("", raw)
            if os.environ.get("KEYS_DEBUG"):
                print(plain.replace("\r\n", "\n"), file=sys.stderr)
            lines = [line for line in plain.split("\r\n") if line.strip()]
            top = lines[0] if lines else ""
            if top.startswith("Since your last decision"):
                counts["pages"] += 1
                keys = "\r"
            elif "Game over: press any key" in plain:
                counts["keys"] += 1
                counts["ended"] = 1
                term.type("x")
                term.settle(timeout=10)
                break
            else:
                lesson = re.search(r"type (\d+)", plain)
                numbers = sorted({int(n) for n in OPTION_KEY.findall(raw)})
                if lesson:
                    keys = lesson.group(1) + "\r"
                elif numbers:  # the first option on the screen, or the second
                    second = len(numbers) > 1 and rng.random() >= 0.5
                    keys = f"{numbers[1] if second else numbers[0]}\r"
                else:
                    raise RuntimeError("no option on screen:\n" + plain)
                counts["decisions"] += 1
            counts["keys"] += len(keys)
            term.type(keys)
    finally:
        term.close()
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--width", type=int, default=80)
    parser.add_argument("--height", type=int, default=24)
    parser.add_argument("--choices", type=int, default=1, help="seed of the random answers")
    parser.add_argument("--limit", type=int, default=600, help="decisions at most")
    known, rest = parser.parse_known_args()
    counts = run([known.game, *rest], known.width, known.height, known.choices, known.limit)
    presses = counts["decisions"] + counts["pages"]
    print(f"{known.game} {' '.join(rest)} at {known.width}x{known.height}: "
          f"{counts['decisions']} decisions, {counts['pages']} pages closed with Enter, "
          f"{presses} answers and Enters ({counts['pages'] / max(1, presses):.0%} Enters), "
          f"{counts['keys']} keys typed"
          f"{'' if counts['ended'] else ' (the game did not reach its end)'}")  # fmt: skip


if __name__ == "__main__":
    main()
