"""How the command reports a failure: a red message and exit code 2."""

from __future__ import annotations

import importlib
import os
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..engine.errors import OssuaryError
from ..extras import EXTRA_OF, missing_message

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130  # the shell's code for "stopped by Ctrl-C"


class CliError(OssuaryError):
    """A problem with what the user asked for (unknown deck, bad file...)."""


# Control characters (but newlines) never reach the terminal: a message may quote
# untrusted input, and ESC starts terminal escape sequences.
_CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def report(message: str) -> None:
    message = _CONTROL.sub(lambda m: repr(m.group())[1:-1], message)
    Console(stderr=True, highlight=False).print(
        Text(f"Error: {message}", style="bold red"), soft_wrap=True
    )


def interrupted() -> None:
    """The one line a command stopped by Ctrl-C prints (when it has nothing
    of its own to say)."""
    Console(stderr=True, highlight=False).print(Text("Interrupted (Ctrl-C)."), soft_wrap=True)


def check_output(path: Path | None, option: str, what: str = "write", folder: bool = False) -> None:
    """Refuse an output that can't be written, before any long work starts: the
    folder it goes in must exist and be writable; a file output must not be a
    folder, and a ``folder`` output (a run's folder, made if missing) not a file."""
    if path is None:
        return
    if folder and path.is_dir():
        why = "" if os.access(path, os.W_OK) else "permission denied"
    elif folder and path.exists():
        why = "that is a file; give a folder for the run"
    elif path.is_dir():
        why = "that is a folder; give a file name"
    elif not path.parent.is_dir():
        why = f"the folder {str(path.parent)!r} does not exist"
    elif not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        why = "permission denied"
    else:
        why = ""
    if why:
        raise CliError(f"cannot {what} {str(path)!r} ({option}): {why}")


def check_workers(workers: int | None) -> None:
    """``--workers``: a number of processes, 1 or more (None: every core)."""
    if workers is not None and workers < 1:
        raise CliError(
            f"--workers must be at least 1, got {workers} (leave it out to use every core)"
        )


def missing_extra(module: str, what: str = "this", extra: str | None = None) -> CliError:
    """The one-line error for a missing optional module: what needs it and the
    extra that installs it (the table is :mod:`ossuary.extras`)."""
    return CliError(missing_message(module, what, extra))


def need(what: str, *modules: str, extra: str | None = None) -> None:
    """Each of ``modules`` can be imported, or the one-line error that names the
    first missing one and its extra (``extra``: where a module is in several)."""

    for module in modules:
        try:
            importlib.import_module(module)
        except ImportError:
            raise missing_extra(module, what, extra) from None


def fail(message: str) -> NoReturn:
    report(message)
    raise typer.Exit(EXIT_USAGE)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn any :class:`OssuaryError`, and a missing optional extra, into a red
    message and exit code 2."""
    try:
        yield
    except OssuaryError as exc:
        fail(str(exc))
    except ModuleNotFoundError as exc:  # an extra a check before the work missed
        if (exc.name or "").split(".")[0] not in EXTRA_OF:
            raise
        fail(str(missing_extra(exc.name or "", "this command")))
