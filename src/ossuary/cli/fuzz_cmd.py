"""``ossuary fuzz``: random games of every game with every check, resumable
(:mod:`ossuary.fuzz_run`; docs/testing.md)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .. import fuzz_run
from .. import games as registry
from ..workers import DASK_ADDRESS, how_stopped, sigterm_as_ctrl_c
from .errors import EXIT_INTERRUPTED, CliError, check_output, check_workers, reported_errors
from .options import LocalWorkers, NoProgress

EXIT_FAILED = 1  # a check failed in at least one game


def fuzz_command(
    n_games: Annotated[
        int,
        typer.Option(
            "--games",
            help="Games per configuration (game and seat count, or mode): seeds "
            "--seed to --seed + N - 1.",
        ),
    ] = 100,
    game: Annotated[
        list[str] | None,
        typer.Option("--game", "-g", help="Only this game (repeat for more; default: every game)."),
    ] = None,
    seats: Annotated[
        list[int] | None,
        typer.Option("--seats", help="Only this seat count (repeat for more; 2v2 is 4 seats)."),
    ] = None,
    seed: Annotated[
        int, typer.Option("--seed", help="The seed of each configuration's first game.")
    ] = 0,
    workers: LocalWorkers = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="The campaign's record: run the same command again to continue it "
            "(finished games are not played again).",
        ),
    ] = None,
    scheduler: Annotated[
        str | None,
        typer.Option(
            "--scheduler",
            help="Play on a Dask cluster: its scheduler's address (tcp://host:port; "
            "needs the sim extra). The record stays here.",
        ),
    ] = None,
    no_progress: NoProgress = False,
) -> None:
    """Play random games of every game, seat count and mode, with every check
    (invariants, views judged from the truth, saved games and replays); report
    each failing game with the command that plays it again."""
    console = Console(highlight=False)
    with reported_errors():
        check_workers(workers)
        check_output(out, "--out", folder=True)
        if n_games < 1:
            raise CliError(f"--games must be at least 1, not {n_games}")
        if scheduler is not None and not DASK_ADDRESS.fullmatch(scheduler):
            raise CliError(f"--scheduler {scheduler!r}: give an address like tcp://127.0.0.1:8786")
        try:
            configs = fuzz_run.configurations(game, seats or ())
        except registry.UnknownGame as exc:
            raise CliError(f"--game: {exc}") from None
        campaign = _run(console, configs, n_games, seed, workers or os.cpu_count() or 1, out,
                        not no_progress, scheduler)  # fmt: skip
        _summary(console, campaign, out)
    if campaign.failures:
        raise typer.Exit(EXIT_FAILED)


def _run(
    console: Console,
    configs: list[fuzz_run.Config],
    n_games: int,
    seed: int,
    workers: int,
    out: Path | None,
    progress: bool,
    scheduler: str | None = None,
) -> fuzz_run.Campaign:
    where = "1 process" if workers == 1 else f"{workers} local processes"
    if scheduler is not None:
        where = f"the Dask cluster at {scheduler}"
    console.print(Text(f"Fuzzing {len(configs)} configurations, {_games(n_games)} each "
                       f"(seeds {seed} to {seed + n_games - 1}) on {where}"
                       + (f", recorded in {out}" if out else ""), style="bold"),
                  soft_wrap=True)  # fmt: skip
    bar = Progress(TextColumn("[bold]fuzzing"), BarColumn(), MofNCompleteColumn(),
                   TextColumn("{task.fields[failed]} failed"), TimeElapsedColumn(),
                   TextColumn("ETA"), TimeRemainingColumn(), console=console,
                   disable=not progress)  # fmt: skip
    task = bar.add_task("games", total=None, failed=0)
    failed = 0

    def start(total: int, done: int) -> None:
        bar.update(task, total=total, completed=done)
        if done:
            console.print(f"continuing: {done:,} games already recorded, {total - done:,} to go")

    def game_done(result: fuzz_run.Result) -> None:
        nonlocal failed
        failed += result.error is not None
        bar.update(task, advance=1, failed=failed)

    with bar:
        try:
            with sigterm_as_ctrl_c():
                return fuzz_run.run(
                    configs, n_games, seed, workers, out, start, game_done, scheduler
                )
        except KeyboardInterrupt as exc:
            bar.stop()
            words, status = how_stopped(exc, EXIT_INTERRUPTED)
            again = f"run the same command again to continue ({out})" if out else (
                "give --out to make a campaign resumable")  # fmt: skip
            Console(stderr=True, highlight=False).print(
                Text(f"{words}: the finished games are recorded; {again}."),
                soft_wrap=True,
            )
            raise typer.Exit(status) from None


def _summary(console: Console, campaign: fuzz_run.Campaign, out: Path | None) -> None:
    table = Table(title="Fuzz campaign", header_style="bold", title_justify="left")
    for col in ("configuration", "games", "failed", "actions/game", "CPU-s/game"):
        table.add_column(col, justify="left" if col == "configuration" else "right")
    for row in fuzz_run.rows(campaign):
        table.add_row(row.label, f"{row.games:,}", f"{row.failures:,}", f"{row.actions:,.0f}",
                      f"{row.cpu:.3f}")  # fmt: skip
    console.print(table)
    results = list(campaign.results.values())
    per_game = [
        f"{registry.get(name).title} {fuzz_run.cpu_hours_per_million(rs):,.0f}"
        for name in dict.fromkeys(c.game for c in campaign.configs)
        if (rs := [r for r in results if r.game == name])
    ]
    if results:
        mix = fuzz_run.cpu_hours_per_million(results)
        console.print(Text(f"{_games(len(results))}, {campaign.seconds:,.1f} s. Projected "
                           f"CPU-hours per million games: {mix:,.0f} in this campaign's mix "
                           f"({', '.join(per_game)})"), soft_wrap=True)  # fmt: skip
    failures = campaign.failures
    if not failures:
        console.print(Text("No check failed.", style="bold green"))
        return
    console.print(Text(f"{len(failures):,} games failed a check:", style="bold red"))
    for r in failures[:50]:
        console.print(Text(f"- {r.config.label}, seed {r.seed}: {r.error}"), soft_wrap=True)
        console.print(Text(f"  again: {fuzz_run.reproduce(r)}"), soft_wrap=True)
    if len(failures) > 50:
        where = f" (every one in {out / fuzz_run.GAMES_FILE})" if out else ""
        console.print(Text(f"... and {len(failures) - 50:,} more{where}"), soft_wrap=True)


def _games(n: int) -> str:
    return f"{n:,} game" if n == 1 else f"{n:,} games"
