"""The ``ossuary`` command line (console entry point :func:`main`)."""

from __future__ import annotations

import enum
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.text import Text

from .. import __version__, compiled, games
from ..agents.registry import learned_level_about
from ..engine.errors import OssuaryError
from .arena_cmd import arena_command
from .errors import (
    EXIT_INTERRUPTED,
    EXIT_USAGE,
    CliError,
    check_output,
    interrupted,
    report,
    reported_errors,
)
from .fuzz_cmd import fuzz_command
from .human import console_reader
from .options import FirstSeed, GameOption, KeptRun, LocalWorkers, NoProgress, PlayersPerGame
from .play import play as play_game_cli
from .replay_cmd import show_replay
from .sim_cmd import report_command, simulate_command
from .train_cmd import train_command

app = typer.Typer(
    name="ossuary",
    help="Play Hecatomb, Path of the Necromancer and Diabolicards in the terminal, watch "
    "computers play, search cards, check decks, and step through replays.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class LogLevel(enum.StrEnum):
    """How much ``ossuary serve`` logs."""

    debug = "debug"
    info = "info"
    warning = "warning"
    error = "error"


def _version(value: bool) -> None:
    if value:
        typer.echo(f"ossuary {__version__}, {compiled.describe()}")
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
    """Ossuary: rules engine and play platform for three card games."""


@app.command()
def play(
    game: Annotated[
        str, typer.Argument(help="The game to play (see 'ossuary games').")
    ] = games.DEFAULT,
    seats: Annotated[
        str | None,
        typer.Option(
            "--seats",
            help="One entry per seat, comma separated: 'human', 'ai' (the --ai level) or an "
            "agent (random, heuristic, ismcts, ismcts:SECONDS, learned, learned:PATH, guided, "
            "guided:SECONDS); or how "
            "many seats (3: you and two computers). Two or more humans play hot seat; no "
            "human: watch the computers play. Default: human,ai (with --mode: you and "
            "computers in the mode's other seats).",
        ),
    ] = None,
    mode: Annotated[
        str | None,
        typer.Option("--mode", help="A game's named mode, e.g. 1v1 or 2v2 (see 'ossuary games')."),
    ] = None,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed", help="The game's random seed (default: a new one, printed at the start)."
        ),
    ] = None,
    first: Annotated[
        int | None,
        typer.Option(
            "--first",
            help="The seat that starts, counted from 1 (--first 1: the first seat, you by "
            "default; default: the seed chooses).",
        ),
    ] = None,
    deck: Annotated[
        list[str] | None,
        typer.Option(
            "--deck",
            help="A preconstructed deck's name or a deck file. Once: your deck (the other "
            "seats get default decks); or once per seat, in seat order.",
        ),
    ] = None,
    save_replay: Annotated[
        Path | None, typer.Option("--save-replay", help="Write the game's replay to this file.")
    ] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", "-q", help="Computers only: print just the result.")
    ] = False,
    ai: Annotated[
        str | None,
        typer.Option(
            "--ai",
            help="Strength of 'ai' seats: easy, normal (the default, ~1 s a move), hard, or "
            f"learned (a trained network, instant; {learned_level_about()}: docs/ai.md). Not "
            "with --tutorial: a lesson plays the easy computer its steps were written for.",
            show_default=False,
        ),
    ] = None,
    ui: Annotated[
        str,
        typer.Option(
            "--ui",
            help="full: the board stays in place (needs a terminal); plain: a transcript, "
            "for screen readers and pipes; auto (default): full when both ends are a terminal.",
        ),
    ] = "auto",
    auto_pass: Annotated[
        bool,
        typer.Option(
            "--auto-pass/--no-auto-pass",
            help="Pass for you when nothing you could do matters now (type 'auto' in play to "
            "switch).",
        ),
    ] = True,
    tutorial: Annotated[
        bool,
        typer.Option(
            "--tutorial",
            help="A guided first game: a fixed deal against the easy computer, each kind "
            "of question explained as it comes ('tutorial' in the game hides the hints). "
            "With --mode, the lesson for that mode, where the game has one.",
        ),
    ] = False,
    names: Annotated[
        str | None,
        typer.Option(
            "--names",
            help="What to call the seats, comma separated, in seat order (empty: the "
            "default): --names Ann,Bo for two people at one keyboard.",
        ),
    ] = None,
) -> None:
    """Play a game: against computers, hot seat, or watch computers play.

    In the game, type ? for help: numbers choose, 'c NAME' or 'c 3' shows a card,
    'r WORD' the rules glossary, 'b' steps back out of a card you are playing, 'q'
    quits.
    """
    from .play import choose_ui

    console = Console(highlight=False)
    with reported_errors():
        code = play_game_cli(
            console,
            console_reader(console),
            game,
            seats,
            seed,
            deck or [],
            save_replay,
            quiet,
            ai,
            full_screen=choose_ui(ui),
            auto_pass=auto_pass,
            mode=mode,
            first=first,
            typed_names=None if names is None else [n.strip() or None for n in names.split(",")],
            tutorial=tutorial,
        )
    if code:
        raise typer.Exit(code)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(help="The game (see 'ossuary games').")] = games.DEFAULT,
    term: Annotated[
        str, typer.Argument(help="Show only the entries about this word (e.g. Ripper).")
    ] = "",
) -> None:
    """The game's glossary in our own words: keywords, card words and the flow of a turn."""
    from .human import glossary_page

    with reported_errors():
        if game.strip().lower() not in games.names() and not term:
            game, term = games.DEFAULT, game  # 'ossuary rules ripper'
        title, body = glossary_page(games.get(game), term)
        if body is None:
            raise CliError(title)
        console = Console(highlight=False)
        console.print(Text(title, style="bold"))
        console.print(body)


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(help="A replay file (JSON) saved by 'play'.")],
    step: Annotated[
        bool,
        typer.Option(
            "--step/--all", help="Wait for Enter between steps (default), or print them all."
        ),
    ] = True,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            help="Show the board as this seat saw it (1 is the first seat), its hand "
            "shown; default: as the seat that acted at each step.",
        ),
    ] = None,
) -> None:
    """Step through a saved game: each action and the board after it, as a seat saw it."""
    console = Console(highlight=False)
    with reported_errors():
        show_replay(console, console_reader(console), file, step, seat)


app.command("arena")(arena_command)


def games_list() -> None:
    """The games Ossuary plays."""
    from rich.table import Table

    with reported_errors():
        table = Table(title="Games", header_style="bold")
        for col in ("name", "game", "players", "about"):
            table.add_column(col)
        for name in games.names():
            g = games.get(name)
            seats = ", ".join(str(n) for n in g.seat_counts)
            if g.modes:
                seats = ", ".join(f"{m} ({n})" for m, n in g.modes.items())
            table.add_row(name, g.title, seats, g.summary)
        Console(highlight=False).print(table)


app.command("games")(games_list)


@app.command(
    context_settings={"allow_extra_args": True, "ignore_unknown_options": True},
    epilog="Filter by any card field the game has: --doom greed --cost 2-4 (Hecatomb); an "
    "unknown filter lists the game's filters.",
)
def cards(
    ctx: typer.Context,
    query: Annotated[
        str, typer.Argument(help="Words to find in the cards' names, text, types and keywords.")
    ] = "",
    game: GameOption = games.DEFAULT,
    card: Annotated[
        str | None, typer.Option("--card", help="Show one card in full (name or part of it).")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="Print the matching cards as JSON, for other tools.")
    ] = False,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="Check a card file of your own and search its cards."),
    ] = None,
) -> None:
    """Search a game's cards and show them as a table, one card, or JSON."""
    from .cards_cmd import show_cards

    with reported_errors():
        show_cards(Console(highlight=False), games.get(game), query, card, as_json, ctx.args, file)


@app.command()
def balance(
    n_games: Annotated[
        int, typer.Option("--games", help="Games to simulate (with --decks: per pair of decks).")
    ] = 1000,
    agent: Annotated[
        str, typer.Option("--agent", help="The agent in every seat (e.g. heuristic).")
    ] = "heuristic",
    seats: PlayersPerGame = 2,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes (default: every core).")
    ] = None,
    top: Annotated[int, typer.Option("--top", help="How many strongest/weakest to list.")] = 10,
    seed: FirstSeed = 0,
    out: KeptRun = None,
    resume: Annotated[
        bool, typer.Option("--resume", help="Continue the interrupted run in --out.")
    ] = False,
    scheduler: Annotated[
        str | None, typer.Option("--scheduler", help="Play on a Dask cluster, tcp://HOST:PORT.")
    ] = None,
    html: Annotated[
        Path | None, typer.Option("--html", help="Also write the report with plots here.")
    ] = None,
    decks: Annotated[
        bool,
        typer.Option(
            "--decks", help="Instead: the preconstructed decks in a round robin (--games per pair)."
        ),
    ] = False,
    game: GameOption = games.DEFAULT,
    no_progress: NoProgress = False,
) -> None:
    """Card balance: simulate games with random decks and list the cards that win too
    often or too rarely (--decks: the preconstructed decks against each other)."""
    from .balance_cmd import Where, run_balance, run_deck_round_robin

    console = Console(highlight=False)
    where = Where(out, resume, workers, scheduler, html, not no_progress)
    with reported_errors():
        if decks:
            run_deck_round_robin(console, game, n_games, agent, seed, where)
        else:
            run_balance(console, game, n_games, agent, seats, top, seed, where)


app.command("simulate")(simulate_command)
app.command("train")(train_command)
app.command("report")(report_command)
app.command("fuzz")(fuzz_command)


@app.command()
def serve(
    host: Annotated[
        str, typer.Option("--host", help="Address to listen on (loopback unless you mean it).")
    ] = "127.0.0.1",
    port: Annotated[
        int, typer.Option("--port", help="Port to listen on.", min=1, max=65535)
    ] = 8000,
    db: Annotated[
        str,
        typer.Option(
            "--db",
            help="Where games are stored: any SQLAlchemy URL (sqlite:///games.db, "
            "postgresql+psycopg://user@host/db). Default: ~/.local/share/ossuary/server.db.",
        ),
    ] = "",
    ai_workers: Annotated[
        int | None,
        typer.Option(
            "--ai-workers", help="Processes for computer seats (default: one a core but one)."
        ),
    ] = None,
    hold: Annotated[
        float | None,
        typer.Option(
            "--hold",
            help="Seconds every response window stays open at least, so the timing never "
            "shows whether a person or their auto-pass answered (default 0.8).",
            min=0,
            max=10,
        ),
    ] = None,
    max_live_games: Annotated[
        int,
        typer.Option(
            "--max-live-games",
            help="Games in progress one client (address) may have created at once.",
            min=1,
            max=100_000,
        ),
    ] = 20,
    expire_days: Annotated[
        float,
        typer.Option(
            "--expire-days",
            help="A game nobody has played or watched for this many days ends as abandoned.",
            min=0.001,
            max=3650,
        ),
    ] = 7.0,
    trial_workers: Annotated[
        int,
        typer.Option(
            "--trial-workers",
            help="Processes for deck trials, below the games' priority (0: trials use the AI's "
            "workers when no game waits).",
            min=0,
            max=64,
        ),
    ] = 1,
    log_level: Annotated[
        LogLevel, typer.Option("--log-level", help="How much the server logs.")
    ] = LogLevel.info,
    policy: Annotated[
        list[str] | None,
        typer.Option(
            "--policy",
            help="A policy file from 'ossuary train' to offer in the lobby (NAME=PATH names "
            "its level; default 'trained'). Repeat for several.",
        ),
    ] = None,
    log_format: Annotated[
        str,
        typer.Option(
            "--log-format",
            help="text, or json: one JSON object a line (time, level, message, request id).",
        ),
    ] = "text",
    trusted_proxy: Annotated[
        list[str] | None,
        typer.Option(
            "--trusted-proxy",
            help="A reverse proxy (address or network, 10.0.0.0/8) whose X-Forwarded-For "
            "header names the client; from others it is ignored. Repeat for several.",
        ),
    ] = None,
) -> None:
    """Serve the browser client: a lobby, boards, card gallery and deck builder,
    games with friends and the AI."""
    with reported_errors():
        if log_format not in ("text", "json"):
            raise CliError(f"--log-format is text or json, not {log_format!r}")
        try:
            from ..server import serve as run_server
        except ImportError as exc:  # the web libraries are core deps; say what is missing
            raise CliError(f"the server needs {exc.name}: pip install 'ossuary'") from None
        run_server(
            host=host,
            port=port,
            db_url=db,
            ai_workers=ai_workers,
            log_level=log_level.value,
            max_live_games=max_live_games,
            expire_days=expire_days,
            trial_workers=trial_workers,
            hold=hold,
            policies=policy,
            trusted_proxies=trusted_proxy,
            log_format=log_format,
        )


@app.command()
def doctor() -> None:
    """Say which build runs (compiled or pure Python, and why) and which optional
    extras are installed, with how to install the missing ones."""
    from .. import extras

    compiled_build = compiled.COMPILED
    typer.echo(f"ossuary {__version__}, {compiled.describe()}")
    if not compiled_build:
        typer.echo(
            "  The compiled build plays the same games three to four times faster. To get it,\n"
            "  install a C compiler and Python's headers (Debian, Ubuntu: apt install gcc\n"
            "  python3-dev), then install Ossuary again (make clean play, or\n"
            "  pip install --force-reinstall .)."
        )
    typer.echo("Optional extras (the games and the server need none of them):")
    for name, feature, installed in extras.report():
        mark = "installed" if installed else f"missing: {extras.EXTRAS[name].install()}"
        typer.echo(f"  {name:<10} {feature}: {mark}")


deck_app = typer.Typer(
    help="Check deck files, try them against the field; list and export the preconstructed decks."
)
app.add_typer(deck_app, name="deck")


@deck_app.command("check")
def deck_check(
    file: Annotated[
        Path,
        typer.Argument(
            help="A deck file ('3 Card Name' lines, // comments) or a preconstructed deck's name."
        ),
    ],
    game: GameOption = games.DEFAULT,
) -> None:
    """Check a deck against the game's deck rules; every problem is listed at once."""
    from .deck_cmd import check_deck

    with reported_errors():
        check_deck(Console(highlight=False), file, games.get(game))


@deck_app.command("list")
def deck_list(game: GameOption = games.DEFAULT) -> None:
    """The preconstructed decks shipped with Ossuary."""
    from .deck_cmd import list_decks

    with reported_errors():
        list_decks(Console(highlight=False), games.get(game))


@deck_app.command("export")
def deck_export(
    name: Annotated[str, typer.Argument(help="A preconstructed deck's name.")],
    out: Annotated[
        Path | None, typer.Option("--out", help="Write to this file instead of printing.")
    ] = None,
    game: GameOption = games.DEFAULT,
) -> None:
    """Write a preconstructed deck in the plain text format (edit it, then --deck FILE)."""
    from .deck_cmd import export_deck

    with reported_errors():
        check_output(out, "--out")
        text = export_deck(name, games.get(game))
        if out is None:
            typer.echo(text, nl=False)
        else:
            try:
                out.write_text(text, "utf-8")
            except OSError as exc:
                raise CliError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from exc
            typer.echo(f"wrote {out}")


@deck_app.command("try")
def deck_try(
    file: Annotated[
        Path,
        typer.Argument(help="A deck file ('3 Card Name' lines) or a preconstructed deck's name."),
    ],
    game: GameOption = games.DEFAULT,
    against: Annotated[
        str | None,
        typer.Option(
            "--against",
            help="Preconstructed decks to play against, comma separated (default: all of them).",
        ),
    ] = None,
    per_opponent: Annotated[
        int, typer.Option("--games", help="Games against each opponent (default 48).")
    ] = 48,
    out: KeptRun = None,
    seed: Annotated[int, typer.Option("--seed", help="Seed of game 0; game i uses seed + i.")] = 1,
    workers: LocalWorkers = None,
    no_progress: NoProgress = False,
) -> None:
    """Try a deck against the field: the computer (heuristic) plays it against each
    preconstructed deck from both seats, then shows its win rate against each with
    a 95% interval and its cards that won most and least when played."""
    from .deck_cmd import try_deck

    with reported_errors():
        try_deck(Console(highlight=False), file, games.get(game), against, per_opponent, out,
                 seed, workers, not no_progress)  # fmt: skip


def main() -> None:
    """Console entry point: run the app; an engine error is a red message, exit 2;
    Ctrl-C that no command answered itself one line, exit 130."""
    try:
        app()
    except OssuaryError as exc:  # anything that escaped a command
        report(str(exc))
        raise SystemExit(EXIT_USAGE) from None
    except SystemExit as exc:
        # Typer turns a Ctrl-C that no command caught (while a library was
        # importing, say) into a silent exit 130; say what happened, once
        if exc.code == EXIT_INTERRUPTED and _unanswered_interrupt(exc):
            interrupted()
        raise
    except KeyboardInterrupt:  # before Typer took over
        interrupted()
        raise SystemExit(EXIT_INTERRUPTED) from None


def _unanswered_interrupt(exc: BaseException) -> bool:
    """Whether ``exc`` comes from a KeyboardInterrupt that reached Typer (a
    command that answers Ctrl-C itself exits with a message and no such cause)."""
    seen: set[int] = set()
    at: BaseException | None = exc
    while at is not None and id(at) not in seen:
        if isinstance(at, KeyboardInterrupt):
            return True
        seen.add(id(at))
        if at.__cause__ is not None:
            at = at.__cause__
        else:  # ``raise ... from None`` (a command that answered) ends the chain
            at = None if at.__suppress_context__ else at.__context__
    return False


if __name__ == "__main__":
    main()
