"""``ossuary simulate`` and ``ossuary report``: many games into a folder of
Parquet files, and a page of plots from it (see docs/simulation.md)."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from .. import games as registry
from ..engine.game import Game
from ..workers import how_stopped, sigterm_as_ctrl_c
from .decklists import find_deck, read_deck_file
from .errors import CliError, check_output, check_workers, need, reported_errors
from .options import LocalWorkers, NoProgress

EXIT_INTERRUPTED = 130


def need_sim(what: str = "simulation", plots: bool = False, dask: bool = False) -> None:
    """The simulation extra is optional: say how to get it instead of a traceback
    (``plots``: matplotlib too, ``dask``: a Dask cluster's client)."""
    need(what, "pyarrow", *(("matplotlib",) if plots else ()),
         *(("distributed",) if dask else ()), extra="sim")  # fmt: skip


# =============================================================================
# Options -> a configuration
# =============================================================================
def parse_deck_spec(game: Game, spec: str) -> tuple[str, list[Any]]:
    """``--decks``: ``random``, ``all`` (every preconstructed deck), or deck names
    and deck files separated by commas. (deck mode, list of sim Decks)."""
    from ..sim.plan import DEFAULT_DECKS, RANDOM_DECKS, Deck

    text = spec.strip()
    if not text or text.lower() == DEFAULT_DECKS:
        return DEFAULT_DECKS, []
    if text.lower() == RANDOM_DECKS:
        return RANDOM_DECKS, []
    if text.lower() == "all":
        decks = game.decks.preconstructed()
        if not decks:
            raise CliError(f"--decks all: {game.title} has no preconstructed decks")
        return "list", [Deck(name, tuple(cards)) for name, cards in decks.items()]
    out = []
    for part in text.split(","):
        name = part.strip()
        if not name:
            raise CliError(f"--decks {spec!r}: an empty deck name between commas")
        path = Path(name)
        if path.is_file():
            out.append(Deck(path.stem, tuple(read_deck_file(path, game))))
        else:
            real = find_deck(game, name)
            out.append(Deck(real, tuple(game.decks.preconstructed()[real])))
    return "list", out


def pin_agents(specs: tuple[str, ...], game: str, seats: int) -> tuple[str, ...]:
    """The pinned specs of a run (:func:`~ossuary.agents.registry.pin_spec`):
    a policy file is read once, when the run begins, and its games play that
    content from any folder; empty when no agent names a file."""
    from ..agents.registry import pin_spec

    try:
        pinned = tuple(pin_spec(s, game, seats) for s in specs)
    except ValueError as exc:
        raise CliError(f"--agents: {exc}") from None
    return pinned if pinned != specs else ()


def build_config(
    out: Path,
    resume: bool,
    game: str | None,
    agents: str | None,
    seats: int | None,
    decks: str | None,
    seed: int | None,
    max_actions: int | None,
    versus: bool = False,
) -> tuple[Any, int | None]:
    """The run's configuration from the options; with ``--resume``, what the
    options leave out comes from the run itself. (config, stored games).
    ``versus``: the first of the decks plays each of the others, which never
    play each other (a deck's trial)."""
    from ..agents.arena import MAX_ACTIONS
    from ..sim import store
    from ..sim.plan import SimConfig

    stored = store.read_run(out) if resume and (out / store.RUN_FILE).exists() else None
    base = stored.config if stored is not None else None
    the_game = registry.get(game if game is not None else base.game if base else registry.DEFAULT)
    n_seats = seats if seats is not None else base.seats if base else 2
    pinned: tuple[str, ...] = ()
    if agents is not None:
        specs = tuple(a.strip() for a in agents.split(","))
        if any(not a for a in specs):
            raise CliError(f"--agents {agents!r}: give agent names separated by commas")
        pinned = pin_agents(specs, the_game.name, n_seats)
    elif base is not None:
        specs, pinned = base.agents, base.pinned
    else:
        specs = ("heuristic",)
    if decks is not None:
        mode, deck_list = parse_deck_spec(the_game, decks)
    elif base is not None:
        mode, deck_list = base.deck_mode, list(base.decks)
    else:
        mode, deck_list = "default", []
    if versus:
        if mode != "list" or len(deck_list) < 2:
            raise CliError("--versus plays the first of --decks against the others: give two or "
                           "more decks")  # fmt: skip
        mode = "versus"
    config = SimConfig(
        game=the_game.name,
        agents=specs,
        seats=n_seats,
        deck_mode=mode,
        decks=tuple(deck_list),
        seed=seed if seed is not None else base.seed if base else 1,
        pinned=pinned,
        max_actions=max_actions
        if max_actions is not None
        else base.max_actions
        if base
        else MAX_ACTIONS,
    )
    return config, stored.games if stored is not None else None


# =============================================================================
# Progress
# =============================================================================
class RateColumn(ProgressColumn):
    """Games per second over the run so far (this session's games only)."""

    def __init__(self) -> None:
        super().__init__()
        self.start = time.monotonic()
        self.base = 0

    def render(self, task: Task) -> Text:
        elapsed = time.monotonic() - self.start
        done = task.completed - self.base
        if elapsed <= 0 or done <= 0:
            return Text("– games/s", style="progress.data.speed")
        return Text(f"{done / elapsed:,.1f} games/s", style="progress.data.speed")


def progress_bar(console: Console, enabled: bool) -> tuple[Progress, RateColumn]:
    rate = RateColumn()
    bar = Progress(
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        rate,
        TextColumn("elapsed"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
        disable=not enabled,
        transient=False,
    )
    return bar, rate


def run_simulation(
    console: Console,
    out: Path,
    resume: bool,
    game: str | None,
    agents: str | None,
    n_games: int | None,
    seats: int | None,
    decks: str | None,
    seed: int | None,
    workers: int | None,
    chunk: int | None,
    scheduler: str | None,
    max_actions: int | None,
    progress: bool,
    show_summary: bool = True,
    versus: bool = False,
    config: Any = None,
) -> Any:
    """Check the options, play the run with a progress bar; the run's report.
    ``config``: a configuration made elsewhere (``ossuary deck try``), instead
    of the options'."""
    check_workers(workers)
    check_output(out, "--out", folder=True)  # before the run, not after it
    need_sim("ossuary simulate" if scheduler is None else "--scheduler", dask=bool(scheduler))
    from ..sim import runner

    stored_games = None
    if config is None:
        config, stored_games = build_config(
            out, resume, game, agents, seats, decks, seed, max_actions, versus
        )
    total = n_games if n_games is not None else stored_games if stored_games else 1000
    if stored_games is not None and total < stored_games:
        raise CliError(
            f"--games {total}: the run in {str(out)!r} plans {stored_games}; a run can grow, "
            "not shrink"
        )
    bar, rate = progress_bar(console, progress)
    n_local = workers or os.cpu_count() or 1
    where = (
        f"the Dask cluster at {scheduler}"
        if scheduler
        else ("1 process" if n_local == 1 else f"{n_local} local processes")
    )
    title = registry.get(config.game).title
    names = [d.name for d in config.decks]
    deck_text = (
        ", ".join(names)
        if config.deck_mode == "list"
        else f"{names[0]} against {', '.join(names[1:])}"
        if config.deck_mode == "versus"
        else config.deck_mode
    )
    console.print(
        Text(
            f"{title}: {', '.join(config.labels)}; {config.seats} seats; decks: {deck_text}; "
            f"{total:,} games on {where} into {out}",
            style="bold",
        ),
        soft_wrap=True,
    )
    with bar:
        task = bar.add_task("games", total=total)

        def start(total_: int, done: int) -> None:
            bar.update(task, total=total_, completed=done)
            rate.base = done
            rate.start = time.monotonic()
            if done >= total_:
                console.print(
                    Text(f"The run in {out} is complete: all {total_:,} games are played."),
                    soft_wrap=True,
                )
            elif done:
                console.print(f"resuming: {done:,} games already played, {total_ - done:,} to go")

        def chunk_done(a: int, b: int, _: Any) -> None:
            bar.advance(task, b - a)

        try:
            with sigterm_as_ctrl_c():  # a kill keeps the games as Ctrl-C does
                report = runner.run(
                    out, config, total, resume=resume, workers=workers, scheduler=scheduler,
                    chunk=chunk, on_start=start, on_chunk=chunk_done,
                )  # fmt: skip
        except KeyboardInterrupt as exc:
            bar.stop()
            words, status = how_stopped(exc, EXIT_INTERRUPTED)
            console.print(
                Text(
                    f"{words}. The games committed so far are kept in {out}; continue with: "
                    f"ossuary simulate --out {out} --resume",
                    style="bold yellow",
                ),
                soft_wrap=True,
            )
            raise typer.Exit(status) from None
    games_per_s = report.played / report.seconds if report.seconds > 0 else 0.0
    if report.played:
        console.print(
            f"{report.played:,} games played in {report.seconds:,.1f} s "
            f"({games_per_s:,.1f} games/s)"
            + (f"; {report.done_before:,} were already there" if report.done_before else "")
        )
    if report.complete and show_summary:
        from ..sim import store

        summary = json.loads((out / store.SUMMARY_FILE).read_text("utf-8"))
        print_summary(console, summary)
        console.print(
            Text(
                f"Every game is in {out}/games/; the summary in {out}/summary.json. "
                f"Plots: ossuary report {out} --html report.html"
            ),
            soft_wrap=True,
        )
    return report


def _rates(title: str, rows: list[dict[str, Any]], what: str, limit: int = 40) -> Table:
    table = Table(title=title, header_style="bold", title_justify="left")
    for col in (what, "seats", "win rate", "95% interval"):
        table.add_column(col, justify="left" if col == what else "right")
    for r in rows[:limit]:
        lo, hi = r["ci95"]
        table.add_row(
            Text(str(r["name"])), f"{r['games']:,}", f"{100 * r['rate']:.1f}%",
            f"{100 * lo:.1f}–{100 * hi:.1f}%",
        )  # fmt: skip
    return table


def print_summary(console: Console, s: dict[str, Any]) -> None:
    """The run's main numbers as terminal tables."""
    if len(s["by_agent"]) > 1:
        console.print(_rates("Win rate by agent", s["by_agent"], "agent"))
    if len(s["by_deck"]) > 1:
        console.print(_rates("Win rate by deck", s["by_deck"], "deck"))
    order = [dict(r, name=f"{int(r['name']) + 1}.") for r in s["by_order"]]
    console.print(_rates("Win rate by turn order", order, "place"))
    turns = s["turns"]
    line = f"{s['games']:,} games"
    if turns:
        line += f"; turns: median {turns['median']:g} (10%–90%: {turns['p10']:g}–{turns['p90']:g})"
    if s["unfinished"]:
        line += f"; {s['unfinished']:,} stopped at the action limit (draws)"
    if s["errors"]:
        e = s["first_error"]
        line += f"; {s['errors']:,} raised an error (first: game {e['game']}, {e['error']})"
    console.print(Text(line), soft_wrap=True)


# =============================================================================
# Commands
# =============================================================================
def simulate_command(
    out: Annotated[Path, typer.Option("--out", help="The run's folder (Parquet files).")],
    game: Annotated[
        str | None, typer.Option("--game", "-g", help="The game (see 'ossuary games').")
    ] = None,
    agents: Annotated[
        str | None,
        typer.Option(
            "--agents",
            help="Agent specs, comma separated, rotated over the seats: random, heuristic, "
            "ismcts:iters=200, guided:iters=200... (default: heuristic in every seat).",
        ),
    ] = None,
    n_games: Annotated[
        int | None, typer.Option("--games", help="Games in the run (default 1000).")
    ] = None,
    decks: Annotated[
        str | None,
        typer.Option(
            "--decks",
            help="'random' (random legal decks: card balance), 'all' (every preconstructed "
            "deck), or deck names and deck files, comma separated (every combination plays).",
        ),
    ] = None,
    seats: Annotated[
        int | None, typer.Option("--seats", help="Players per game (default 2).")
    ] = None,
    seed: Annotated[
        int | None, typer.Option("--seed", help="Seed of game 0; game i uses seed + i.")
    ] = None,
    resume: Annotated[
        bool,
        typer.Option("--resume", help="Continue the run in --out (options default to its own)."),
    ] = False,
    workers: LocalWorkers = None,
    scheduler: Annotated[
        str | None,
        typer.Option("--scheduler", help="A Dask scheduler, tcp://HOST:PORT: play there."),
    ] = None,
    chunk: Annotated[
        int | None, typer.Option("--chunk", help="Games per file and per task (default: auto).")
    ] = None,
    max_actions: Annotated[
        int | None,
        typer.Option("--max-actions", help="Stop a game after this many actions (a draw)."),
    ] = None,
    no_progress: NoProgress = False,
    versus: Annotated[
        bool,
        typer.Option(
            "--versus",
            help="The first of --decks plays each of the others, which never play each other "
            "(what 'ossuary deck try' runs).",
        ),
    ] = False,
) -> None:
    """Play many games in parallel (seats and first player rotated) and keep every
    game in Parquet files under --out; --resume continues an interrupted run."""
    console = Console(highlight=False)
    with reported_errors():
        run_simulation(
            console, out, resume, game, agents, n_games, seats, decks, seed, workers, chunk,
            scheduler, max_actions, not no_progress, versus=versus,
        )  # fmt: skip


def report_command(
    folder: Annotated[Path, typer.Argument(help="A run's folder (from 'ossuary simulate').")],
    html: Annotated[
        Path | None, typer.Option("--html", help="Write the report as one self-contained page.")
    ] = None,
    png: Annotated[
        Path | None, typer.Option("--png", help="Write the plots alone as PNG files here.")
    ] = None,
    band: Annotated[
        float,
        typer.Option("--band", help="Flag cards whose interval lies this far from even (0.05)."),
    ] = 0.05,
    compare: Annotated[
        Path | None,
        typer.Option("--compare", help="Another run (before a change): show what moved."),
    ] = None,
) -> None:
    """Statistics and plots of a run: win rates by deck and agent with 95% intervals,
    turn order, game length, cards, resources over turns."""
    console = Console(highlight=False)
    with reported_errors():
        make_report(console, folder, html, png, band, compare)


def make_report(
    console: Console,
    folder: Path,
    html: Path | None,
    png: Path | None,
    band: float,
    compare: Path | None = None,
) -> dict[str, Any]:
    plots = html is not None or png is not None
    need_sim("ossuary report" + (" --html" if html else " --png" if png else ""), plots=plots)
    from ..sim import report, stats

    if not 0 <= band < 0.5:
        raise CliError(f"--band {band}: give a fraction between 0 and 0.5, like 0.05")
    summary = stats.summarize(folder, band)
    if summary["games"] == 0:
        raise CliError(f"{str(folder)!r} holds no games yet")
    print_summary(console, summary)
    if compare is not None:
        before = stats.summarize(compare, band)
        if before["game"] != summary["game"]:
            raise CliError(
                f"--compare: {compare} is a run of {before['title']}, not {summary['title']}"
            )
        summary["compare"] = stats.compare(summary, before, str(compare))
        moved = [c for c in summary["compare"]["cards"] if c["changed"]]
        named = ", ".join(f"{c['name']} {100 * c['delta']:+.1f}" for c in moved[:10])
        console.print(
            Text(
                f"Compared with {compare}: {len(moved)} card(s) moved beyond chance"
                + (f": {named}" if moved else "")
            ),
            soft_wrap=True,
        )
    images = report.render(summary) if html is not None or png is not None else {}
    if html is not None:
        page = report.html(summary, folder, images)
        try:
            html.write_text(page, "utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {str(html)!r}: {exc.strerror or exc}") from None
        console.print(Text(f"Report written to {html}"), soft_wrap=True)
    if png is not None:
        try:
            paths = report.write_pngs(images, png)
        except OSError as exc:
            raise CliError(f"cannot write into {str(png)!r}: {exc.strerror or exc}") from None
        console.print(Text(f"{len(paths)} plots written to {png}"), soft_wrap=True)
    return summary
