"""``ossuary balance``: a report on top of ``ossuary simulate``.

- ``ossuary balance``: random legal decks (``--decks random``), then the cards
  whose deck win rate lies outside the band, strongest and weakest first; for
  a game with one shared deck (Diabolicards) the game's own deck, and the win
  rate of the side that drew each card. Cards with too little data (played by
  too few seats) are listed as such, never ranked.
- ``ossuary balance --decks``: every preconstructed deck against every other
  (``--decks all``; ``--games`` per pair), then the decks' win rates.

Both play a run like ``ossuary simulate`` does (in ``--out``, resumable; in a
temporary folder otherwise) and read the tables from its statistics
(:mod:`ossuary.sim.stats`), so there is one simulator and one set of numbers.
"""

from __future__ import annotations

import shutil
import tempfile
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from .. import games as registry
from ..engine.game import NotSupported
from ..engine.rng import Rng
from .errors import CliError, check_output, check_workers
from .sim_cmd import make_report, need_sim, run_simulation


def _card_table(title: str, cards: list[dict[str, Any]], key: str = "deck") -> Table:
    """Cards with their measure (``key``: ``deck``, or ``drawn`` for a shared
    deck) and played win rates. Names are Text, never markup: "Bonewall [minion]"
    must print whole."""
    table = Table(title=title, header_style="bold", title_justify="left")
    what = {"deck": ("In decks", "Deck win (95% CI)"), "drawn": ("Drawn", "Drawn win (95% CI)")}
    seats, rate = what.get(key, what["deck"])
    for col in ("Card", "Family", seats, rate, "Played", "Played win", ""):
        table.add_column(col, justify="right" if col in (seats, "Played") else "left")
    for c in cards:
        d, p = c[key], c["played"]
        table.add_row(
            Text(c["card"]), Text(c["group"]), f"{d['games']:,}",
            f"{d['rate']:.1%} ({d['ci95'][0]:.0%}-{d['ci95'][1]:.0%})",
            f"{p['games']:,}", f"{p['rate']:.0%}" if p["games"] else "-", c["verdict"],
        )  # fmt: skip
    return table


def balance_decks(game: str) -> str:
    """What ``ossuary balance`` deals: random legal decks where the game can
    deal them, else the game's own decks (one shared deck: Diabolicards)."""

    try:
        registry.get(game).decks.random(Rng(0))
    except NotSupported:
        return "default"
    return "random"


@dataclass(frozen=True)
class Where:
    """Where a balance run plays and what it leaves: ``out`` keeps its games (None:
    a temporary folder), ``resume`` goes on with the run there, ``workers`` local
    processes or a Dask ``scheduler``, ``html`` a report with plots."""

    out: Path | None = None
    resume: bool = False
    workers: int | None = None
    scheduler: str | None = None
    html: Path | None = None
    progress: bool = True


def _play(
    console: Console, where: Where, game: str, agent: str, total: int, seats: int, decks: str,
    seed: int,
) -> tuple[dict[str, Any], Path, bool]:  # fmt: skip
    """Run (or resume) the simulation; (summary, folder, whether it is temporary)."""
    out = where.out
    check_workers(where.workers)
    check_output(out, "--out", folder=True)  # before the run, not after it
    need_sim("ossuary balance", dask=bool(where.scheduler))
    from ..sim import stats

    folder = out if out is not None else Path(tempfile.mkdtemp(prefix="ossuary-balance-"))
    temporary = out is None
    try:
        report = run_simulation(
            console, folder, where.resume, game, agent, total, seats, decks, seed,
            where.workers, None, where.scheduler, None, where.progress, show_summary=False,
        )  # fmt: skip
        if not report.complete:
            raise CliError(f"the run in {folder} is incomplete")
        return stats.summarize(folder), folder, temporary
    except BaseException:
        if temporary:
            shutil.rmtree(folder, ignore_errors=True)
        raise


def _play_and_report(
    console: Console, where: Where, game: str, agent: str, total: int, seats: int, decks: str,
    seed: int,
) -> dict[str, Any]:  # fmt: skip
    """The run's summary, its --html report written; a temporary folder is gone after."""
    summary, folder, temporary = _play(console, where, game, agent, total, seats, decks, seed)
    try:
        if where.html is not None:
            make_report(console, folder, where.html, None, summary["band"])
    finally:
        if temporary:
            shutil.rmtree(folder, ignore_errors=True)
    return summary


def _check_html(html: Path | None) -> None:
    """Refuse an --html page that could not be written before the run, not after."""
    check_output(html, "--html")
    if html is not None:
        need_sim("ossuary balance --html", plots=True)


def run_balance(
    console: Console,
    game: str,
    games: int,
    agent: str,
    seats: int,
    top: int,
    seed: int,
    where: Where,
) -> dict[str, Any]:
    """Card balance: random legal decks for every seat, then the card tables."""
    if games < 1:
        raise CliError("--games must be 1 or more")
    if top < 1:
        raise CliError("--top must be 1 or more")
    _check_html(where.html)
    deal = balance_decks(game)
    summary = _play_and_report(console, where, game, agent, games, seats, deal, seed)
    base = summary["baseline"]
    dealt = "random legal decks" if deal == "random" else "the game's own deck"
    console.print(
        Text(
            f"{summary['games']:,} games, {seats} seats, {agent} in every seat, {dealt}; an "
            f"even seat wins {base:.0%}."
        ),
        soft_wrap=True,
    )
    if summary["by_family"]:
        fam = Table(title="By the deck's families", header_style="bold", title_justify="left")
        for col in ("Families", "Seats", "Win rate (95% CI)"):
            fam.add_column(col)
        for r in summary["by_family"]:
            fam.add_row(
                Text(str(r["name"])), f"{r['games']:,}",
                f"{r['rate']:.1%} ({r['ci95'][0]:.1%}-{r['ci95'][1]:.1%})",
            )  # fmt: skip
        console.print(fam)
    measure = summary["card_measure"]
    key = measure["key"] or "deck"
    console.print(Text(measure["why"]), soft_wrap=True)
    ranked = [c for c in summary["cards"] if c["ranked"]]
    if ranked:
        console.print(_card_table(f"Strongest {top}", ranked[:top], key))
        console.print(_card_table(f"Weakest {top}", ranked[-top:][::-1], key))
    else:
        console.print(
            Text(
                f"No card has data enough to rank yet: each must be played by "
                f"{summary['min_played']} seats or more. Simulate more games (--games)."
            ),
            soft_wrap=True,
        )
    flagged = [c for c in ranked if c["verdict"]]
    console.print(
        Text(
            f"{len(flagged)} card(s) whose {measure['label'].split(' (')[0]} lies outside "
            f"{base:.0%} ± {summary['band']:.0%} with 95% confidence"
            + (
                ": " + ", ".join(f"{c['card']} ({c['verdict']})" for c in flagged)
                if flagged
                else "."
            )
        ),
        soft_wrap=True,
    )
    never = [c["card"] for c in summary["cards"] if c["note"] == "never played"]
    few = [c["card"] for c in summary["cards"] if c["note"] and c["note"] != "never played"]
    if never:
        console.print(Text(f"Never played, not ranked: {'; '.join(never)}"), soft_wrap=True)
    if few:
        console.print(
            Text(
                f"Played by fewer than {summary['min_played']} seats, too little data to rank: "
                f"{'; '.join(few)}"
            ),
            soft_wrap=True,
        )
    if where.out is not None:
        console.print(
            Text(
                f"Every game is in {where.out}; plots: ossuary report {where.out} --html "
                "report.html"
            ),
            soft_wrap=True,
        )
    return summary


def run_deck_round_robin(
    console: Console,
    game: str,
    games_per_pair: int,
    agent: str,
    seed: int,
    where: Where,
) -> dict[str, Any]:
    """``ossuary balance --decks``: the preconstructed decks against each other."""
    if games_per_pair < 1:
        raise CliError("--games must be 1 or more")
    _check_html(where.html)
    the_game = registry.get(game)
    decks = list(the_game.decks.preconstructed())
    if len(decks) < 2:
        raise CliError(f"{the_game.title} has fewer than two preconstructed decks")
    pairs = len(list(combinations(decks, 2)))
    summary = _play_and_report(console, where, game, agent, games_per_pair * pairs, 2, "all", seed)
    table = Table(
        title=Text(f"Preconstructed decks, {agent} vs {agent}, {games_per_pair} games per pair"),
        header_style="bold",
        title_justify="left",
    )
    for col in ("Deck", "Games", "Win rate (95% CI)"):
        table.add_column(col)
    for r in summary["by_deck"]:  # a draw counts half
        table.add_row(
            Text(str(r["name"])), f"{r['games']:,}",
            f"{r['rate']:.0%} ({r['ci95'][0]:.0%}-{r['ci95'][1]:.0%})",
        )  # fmt: skip
    console.print(table)
    return summary
