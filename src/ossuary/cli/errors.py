"""How the command reports a failure: a red message and exit code 2."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import NoReturn

import typer
from rich.console import Console
from rich.text import Text

from ..engine.errors import OssuaryError

EXIT_USAGE = 2


class CliError(OssuaryError):
    """A problem with what the user asked for (unknown deck, bad file...)."""


def report(message: str) -> None:
    Console(stderr=True, highlight=False).print(
        Text(f"Error: {message}", style="bold red"), soft_wrap=True
    )


def fail(message: str) -> NoReturn:
    report(message)
    raise typer.Exit(EXIT_USAGE)


@contextmanager
def reported_errors() -> Iterator[None]:
    """Turn any :class:`OssuaryError` into a red message and exit code 2."""
    try:
        yield
    except OssuaryError as exc:
        fail(str(exc))
