"""The ``ossuary`` command line (console entry point :func:`main`)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console

from .. import __version__
from ..engine.errors import OssuaryError
from .errors import EXIT_USAGE, report, reported_errors
from .human import console_reader
from .play import play as play_game_cli
from .replay_cmd import show_replay

app = typer.Typer(
    name="ossuary",
    help="Play Hecatomb in the terminal, watch computers play, and step through replays.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ossuary {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="Show the version and exit."
        ),
    ] = False,
) -> None:
    """Ossuary: rules engine and play platform for Hecatomb."""


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="The game to play: hecatomb.")],
    seats: Annotated[
        str,
        typer.Option(
            "--seats",
            help="One entry per seat, comma separated: 'human' or an agent name (e.g. random). "
            "Two or more humans play hot seat; no human: watch the computers play.",
        ),
    ] = "human,random",
    seed: Annotated[int, typer.Option("--seed", help="The game's random seed.")] = 0,
    deck: Annotated[
        list[str] | None,
        typer.Option("--deck", help="A preconstructed deck's name; repeat once per seat."),
    ] = None,
    save_replay: Annotated[
        Path | None, typer.Option("--save-replay", help="Write the game's replay to this file.")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Computers only: print just the result.")
    ] = False,
) -> None:
    """Play a game: against computers, hot seat, or watch computers play."""
    console = Console(highlight=False)
    with reported_errors():
        play_game_cli(
            console, console_reader(console), game, seats, seed, deck or [], save_replay, quiet
        )


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A replay file (JSON) saved by 'play'.")],
    step: Annotated[
        bool,
        typer.Option(
            "--step/--all", help="Wait for Enter between steps (default), or print them all."
        ),
    ] = True,
) -> None:
    """Step through a saved game: each action and a compact board after it."""
    console = Console(highlight=False)
    with reported_errors():
        show_replay(console, console_reader(console), file, step)


def main() -> None:
    """Console entry point: run the app; an engine error is a red message, exit 2."""
    try:
        app()
    except OssuaryError as exc:  # anything that escaped a command
        report(str(exc))
        raise SystemExit(EXIT_USAGE) from None


if __name__ == "__main__":
    main()
