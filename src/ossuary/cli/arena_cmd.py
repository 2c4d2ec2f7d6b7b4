"""``ossuary arena``: play many games between agents and report who is stronger."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

from .. import games as registry
from ..agents.arena import (
    RANDOM_DECKS,
    GameResult,
    GameSpec,
    StoppedRun,
    check_arena_agent,
    check_random_decks,
    labels,
    pin_arena_spec,
    results_json,
    run_arena,
    schedule,
    summarize,
    winning_agents,
)
from ..engine.game import Game
from ..workers import how_stopped, sigterm_as_ctrl_c
from .decklists import find_deck
from .errors import EXIT_INTERRUPTED, CliError, check_output, check_workers, reported_errors
from .options import FirstSeed, NoProgress, PlayersPerGame


def parse_agents(spec: str, game: str | None = None, seats: int | None = None) -> list[str]:
    """``"ismcts,heuristic"`` -> agent specs, checked (with ``game`` and
    ``seats``: also that each can play that table)."""
    agents = [s.strip() for s in spec.split(",")]
    if not spec.strip() or any(not s for s in agents):
        raise CliError(f"--agents {spec!r}: give agent names separated by commas")
    for a in agents:
        try:
            check_arena_agent(a, game, seats)
        except ValueError as exc:
            raise CliError(f"--agents: {exc}") from exc
    return agents


def parse_decks(game: Game, spec: str | None) -> list[str]:
    """``"Rot and Ruin,Gilded Lies"`` -> the preconstructed decks' real names;
    ``random`` -> random legal decks, drawn for each game by its seed."""
    if spec is None or not spec.strip():
        return []
    if spec.strip().lower() == RANDOM_DECKS:
        try:
            check_random_decks(game.name)
        except ValueError as exc:
            raise CliError(f"--decks random: {exc}") from None
        return [RANDOM_DECKS]
    return [find_deck(game, name) for name in spec.split(",")]


def _decks_words(decks: list[str]) -> str:
    if decks == [RANDOM_DECKS]:
        return "random legal decks, drawn by each game's seed"
    return ", ".join(decks) if decks else "default"


def arena(
    console: Console,
    agents_spec: str,
    games: int,
    seats: int,
    decks_spec: str | None,
    out: Path | None,
    workers: int | None,
    seed: int,
    game: str = "hecatomb",
    progress: bool = True,
    duplicate: bool = False,
    resume: bool = False,
) -> None:
    """Check the options, play the games with a progress bar, print the tables.
    With ``out``, each game is also kept in ``OUT.partial`` as it ends, so that
    a stopped run goes on with ``resume`` (the file goes when the run is done)."""
    the_game = registry.get(game)
    game = the_game.name
    if games < 1:
        raise CliError(f"--games must be at least 1, got {games}")
    the_game.check_seats(seats)
    specs = parse_agents(agents_spec, game, seats)
    check_workers(workers)
    check_output(out, "--out")
    decks = parse_decks(the_game, decks_spec)
    names = labels(specs)
    # a policy file is read here, once: its games play that content from any
    # folder, and a file replaced meanwhile is refused, never mixed in
    try:
        pinned = [pin_arena_spec(s, game, seats) for s in specs]
    except ValueError as exc:
        raise CliError(f"--agents: {exc}") from None
    plan = schedule(specs, games, seats, decks, seed, duplicate, pinned)
    # a stopped run is the same run only if all of these are the same
    key = {"game": game, "agents": pinned, "games": games, "seats": seats, "decks": decks,
           "seed": seed, "duplicate": duplicate}  # fmt: skip
    stopped, kept = _stopped_run(out, resume, key, plan)
    todo = [g for g in plan if g.index not in kept]
    n_workers = min(workers or os.cpu_count() or 1, max(1, len(todo)))
    console.print(
        Text(
            f"Arena ({the_game.title}): {', '.join(names)}; {games} games of {seats} seats; "
            f"decks: {_decks_words(decks)}; {n_workers} worker(s); "
            f"seed {seed}" + ("; duplicate deals" if duplicate else ""),
            style="bold",
        ),
        soft_wrap=True,
    )
    if stopped is not None and kept:
        console.print(
            Text(f"Going on from a stopped run: {len(kept)} of {games} games kept in "
                 f"{stopped.path}, {len(todo)} to play."),
            soft_wrap=True,
        )  # fmt: skip
    wins = dict.fromkeys(names, 0)

    def tally(res: GameResult) -> None:
        for agent in winning_agents(res):
            wins[agent] += 1

    for r in kept.values():
        tally(r)
    with Progress(
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        disable=not progress,
        transient=False,
    ) as bar:
        task = bar.add_task("games", total=games, completed=len(kept))

        def done(res: GameResult) -> None:
            if stopped is not None:
                stopped.keep(res)
            tally(res)
            score = "  ".join(f"{a} {w}" for a, w in wins.items())
            bar.update(task, advance=1, description=f"games ({score})")

        try:
            with sigterm_as_ctrl_c():  # a kill keeps the games as Ctrl-C does
                played = run_arena(todo, n_workers, done, game) if todo else []
        except KeyboardInterrupt as exc:
            bar.stop()
            if stopped is None:
                raise
            words, status = how_stopped(exc, EXIT_INTERRUPTED)
            console.print(
                Text(
                    f"{words}. The games played so far are kept in {stopped.path}; go on "
                    "with the same command and --resume.",
                    style="bold yellow",
                ),
                soft_wrap=True,
            )
            raise typer.Exit(status) from None
    results = sorted([*kept.values(), *played], key=lambda r: r.index)
    print_summary(console, results, names)
    if out is not None:
        data = results_json(results, names, specs, seats, decks, seed, pinned)
        try:
            out.write_text(json.dumps(data, indent=1) + "\n", "utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from exc
        if stopped is not None:
            stopped.remove()  # every game is in --out now
        console.print(Text(f"Results written to {out}"), soft_wrap=True)


def _stopped_run(
    out: Path | None, resume: bool, key: dict[str, object], plan: list[GameSpec]
) -> tuple[StoppedRun | None, dict[int, GameResult]]:
    """Where this run keeps its games as they end (``OUT.partial``; none
    without ``--out``), and the games a stopped run of it kept (``--resume``)."""
    if out is None:
        if resume:
            raise CliError("--resume goes on with the run of an --out file: give --out")
        return None, {}
    stopped = StoppedRun(out.with_name(out.name + ".partial"), key)
    kept: dict[int, GameResult] = {}
    if resume:
        if not stopped.exists():
            raise CliError(f"--resume: there is no stopped run to go on with ({stopped.path})")
        try:
            kept = stopped.read(plan)
        except ValueError as exc:
            raise CliError(f"--resume: {exc}") from None
    elif stopped.exists():
        raise CliError(
            f"{stopped.path} holds the games of a stopped run: add --resume to go on from "
            "them, or delete it to start over"
        )
    else:
        try:
            stopped.start()
        except OSError as exc:
            raise CliError(f"cannot write {str(stopped.path)!r}: {exc.strerror or exc}") from exc
    return stopped, kept


def print_summary(console: Console, results: list[GameResult], names: list[str]) -> None:
    summary = summarize(results, names)
    table = Table(title="Win rates (95% Wilson interval) and Elo")
    for col in ("agent", "games", "wins", "win rate", "95% CI", "Elo"):
        table.add_column(col, justify="left" if col == "agent" else "right")
    ranked = sorted(names, key=lambda a: -summary["agents"][a]["elo"])
    for a in ranked:
        row = summary["agents"][a]
        lo, hi = row["ci95"]
        table.add_row(
            Text(a),
            str(row["games"]),
            str(row["wins"]),
            f"{100 * row['win_rate']:.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
            f"{row['elo']:.0f}",
        )
    console.print(table)
    if summary["teams"]:
        teams = Table(title="Teams (a side's line-up; a draw counts half)")
        for col in ("team", "games", "wins", "draws", "win rate", "95% CI"):
            teams.add_column(col, justify="left" if col == "team" else "right")
        for label, row in summary["teams"].items():
            lo, hi = row["ci95"]
            teams.add_row(
                Text(label),
                str(row["games"]),
                str(row["wins"]),
                str(row["draws"]),
                f"{100 * row['win_rate']:.1f}%",
                f"{100 * lo:.1f}–{100 * hi:.1f}%",
            )
        console.print(teams)
    if len(names) > 2 and summary["head_to_head"]:
        # a game between two agents counts for them when one of the two won it
        heads = Table(title="Head to head (A vs B: games one of them won)")
        for col in ("A vs B", "games", "A won", "A's rate", "95% CI"):
            heads.add_column(col, justify="left" if col == "A vs B" else "right")
        for pair, row in summary["head_to_head"].items():
            lo, hi = row["ci95"]
            heads.add_row(
                Text(pair),
                f"{row['games']:g}",
                f"{row['wins']:g}",
                f"{100 * row['win_rate']:.1f}%",
                f"{100 * lo:.1f}–{100 * hi:.1f}%",
            )
        console.print(heads)
    lengths = [r.length for r in results]
    console.print(
        Text(
            f"{len(results)} games; the first player won {summary['first_player_wins']}; "
            f"{summary['draws']} without a winner; "
            f"{sum(lengths) / max(1, len(lengths)):.0f} actions a game on average. "
            f"Elo: {summary['elo_method']}."
        ),
        soft_wrap=True,
    )


def arena_command(
    game: Annotated[
        str, typer.Option("--game", help="The game to play (see 'ossuary games').")
    ] = registry.DEFAULT,
    agents: Annotated[
        str,
        typer.Option(
            "--agents",
            help="Agent specs, comma separated: random, heuristic, ismcts, ismcts:SECONDS, "
            "ismcts:iters=N, learned, learned:PATH, guided (the search the policy guides; "
            "guided:SECONDS, guided:iters=N, guided:iters=N:policy=PATH); pure:SPEC plays "
            "SPEC on the pure-Python build (pure:ismcts:1 "
            "against ismcts:1 shows what the compiled build buys).",
        ),
    ] = "ismcts,heuristic",
    games: Annotated[int, typer.Option("--games", help="How many games to play.")] = 400,
    seats: PlayersPerGame = 2,
    mode: Annotated[
        str | None,
        typer.Option("--mode", help="A game's named mode (e.g. 2v2): sets --seats."),
    ] = None,
    decks: Annotated[
        str | None,
        typer.Option(
            "--decks",
            help="Preconstructed decks, comma separated, rotated over seats; or 'random': "
            "every game deals each seat a random legal deck drawn by the game's seed "
            "(--seed 900001 and on: the held-out decks, never trained on).",
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="Write every game's result and the summary here.")
    ] = None,
    workers: Annotated[
        int | None, typer.Option("--workers", help="Processes to use (default: every core).")
    ] = None,
    seed: FirstSeed = 1,
    no_progress: NoProgress = False,
    duplicate: Annotated[
        bool,
        typer.Option(
            "--duplicate",
            help="Play each deal from every seat (games in runs of --seats per line-up), "
            "so the luck of the deal cancels out.",
        ),
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume",
            help="Go on with a stopped run of the same command: with --out F, each game is "
            "kept in F.partial as it ends, and --resume plays only the games still missing.",
        ),
    ] = False,
) -> None:
    """Play many games between agents (seats, first player and decks rotated) and
    print win rates with 95% confidence intervals and Elo ratings."""
    console = Console(highlight=False)
    with reported_errors():
        if mode is not None:
            the_game = registry.get(game)
            if mode.strip().lower() not in the_game.modes:
                known = ", ".join(the_game.modes) or "none"
                raise CliError(f"{the_game.title} has no mode {mode!r}; its modes: {known}")
            seats = the_game.modes[mode.strip().lower()]
        arena(
            console,
            agents,
            games,
            seats,
            decks,
            out,
            workers,
            seed,
            game=game,
            progress=not no_progress,
            duplicate=duplicate,
            resume=resume,
        )
