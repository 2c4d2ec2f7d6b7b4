"""``ossuary balance``: simulate many games with random decks and report the cards
that win far too often or never (see ``ossuary.hecatomb.balance``)."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..agents import check_agent
from ..hecatomb.balance import BalanceGame, CardStat, card_stats, doom_stats, simulate, to_json
from .errors import CliError, check_output, check_workers


def _table(title: str, stats: list[CardStat]) -> Table:
    table = Table(title=title, header_style="bold")
    for col in ("Card", "Doom", "In decks", "Deck win rate (95% CI)", "Played", "Played win", ""):
        table.add_column(col, justify="right" if col in ("In decks", "Played") else "left")
    for s in stats:
        table.add_row(
            s.name,
            s.doom,
            str(s.decks),
            f"{s.deck_rate:.1%} ({s.low:.1%}-{s.high:.1%})",
            str(s.played),
            f"{s.rate:.0%}" if s.played else "-",
            s.verdict,
        )
    return table


def run_balance(
    console: Console,
    games: int,
    agent: str,
    seats: int,
    workers: int | None,
    top: int,
    out: Path | None,
    seed: int,
) -> None:
    if games < 1:
        raise CliError("--games must be 1 or more")
    if not 2 <= seats <= 6:
        raise CliError("--seats must be between 2 and 6")
    if top < 1:
        raise CliError("--top must be 1 or more")
    check_workers(workers)
    check_output(out, "--out")
    try:
        check_agent(agent)
    except ValueError as exc:
        raise CliError(f"--agent: {exc}") from exc
    columns = (
        TextColumn("[bold]simulating"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=games)

        def step(_: BalanceGame) -> None:
            bar.advance(task)

        played = simulate(games, agent, seats, workers, first_seed=seed, progress=step)
    baseline, stats = card_stats(played)
    console.print(
        f"{games} games, {seats} seats, {agent} vs {agent}, random two-doom decks; "
        f"a seat wins {baseline:.0%} of games on average."
    )
    dooms = Table(title="By doom (seats whose deck had it)", header_style="bold")
    for col in ("Doom", "Seats", "Win rate"):
        dooms.add_column(col)
    for doom, (n, w) in doom_stats(played).items():
        dooms.add_row(doom, str(n), f"{w / n:.0%}" if n else "-")
    console.print(dooms)
    seen = [s for s in stats if s.decks]
    console.print(_table(f"Strongest {top}", seen[:top]))
    console.print(_table(f"Weakest {top}", seen[-top:][::-1]))
    flagged = [s for s in stats if s.verdict]
    console.print(
        f"{len(flagged)} card(s) whose deck win rate is outside {baseline:.0%} ± 5 points "
        "with 95% confidence"
        + (": " + ", ".join(f"{s.name} ({s.verdict})" for s in flagged) if flagged else ".")
    )
    unplayed = [s.name for s in stats if not s.played]
    if unplayed:
        console.print(f"Never played: {', '.join(unplayed)}")
    if out is not None:
        try:
            out.write_text(to_json(played, stats, baseline), "utf-8")
        except OSError as exc:
            raise CliError(f"cannot write {str(out)!r}: {exc.strerror or exc}") from exc
        console.print(f"Every game written to {out}")


def run_deck_round_robin(
    console: Console, game: str, games_per_pair: int, agent: str, workers: int | None
) -> None:
    """``ossuary balance --decks``: the preconstructed decks against each other."""
    from .. import games
    from ..agents.arena import deck_round_robin, wilson

    if games_per_pair < 1:
        raise CliError("--games must be 1 or more")
    check_workers(workers)
    try:
        check_agent(agent)
    except ValueError as exc:
        raise CliError(f"--agent: {exc}") from exc
    decks = list(games.get(game).preconstructed())
    if len(decks) < 2:
        raise CliError(f"{games.get(game).title} has fewer than two preconstructed decks")
    total = games_per_pair * len(decks) * (len(decks) - 1) // 2
    columns = (TextColumn("[bold]round robin"), BarColumn(), MofNCompleteColumn())
    with Progress(*columns, console=console, transient=True) as bar:
        task = bar.add_task("games", total=total)
        results = deck_round_robin(
            game, decks, games_per_pair, agent, workers, progress=lambda: bar.advance(task)
        )
    table = Table(
        title=f"Preconstructed decks, {agent} vs {agent}, {games_per_pair} games per pair",
        header_style="bold",
    )
    for col in ("Deck", "Games", "Win rate (95% CI)"):
        table.add_column(col)
    for deck, (n, w) in sorted(results.items(), key=lambda kv: -kv[1][1] / kv[1][0]):
        low, high = wilson(w, n)
        table.add_row(deck, str(n), f"{w / n:.0%} ({low:.0%}-{high:.0%})")  # draws count half
    console.print(table)
