"""``ossuary deck``: check a deck file, try it against the field, list and export
any game's preconstructed decks."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.errors import OssuaryError
from ..engine.game import Game, NotSupported
from .decklists import find_deck, read_deck_file
from .errors import CliError


def check_deck(console: Console, path: Path, game: Game) -> None:
    """A deck file, or a preconstructed deck by name (as ``play --deck`` takes it)."""
    if not path.exists():
        decks = {k.lower(): k for k in game.decks.preconstructed()}
        real = decks.get(str(path).strip().lower())
        if real is not None:
            cards = game.decks.parse(
                game.decks.format(game.decks.preconstructed()[real]), source=real
            )
            console.print(
                Text(f"{real}: a legal {game.title} deck (preconstructed)", style="bold green")
            )
            console.print(game.decks.summary(cards))
            return
        raise CliError(
            f"can't read deck file {str(path)!r}: no such file, and no preconstructed "
            f"{game.title} deck has that name ({', '.join(game.decks.preconstructed())})"
        )
    cards = read_deck_file(path, game)
    console.print(Text(f"{path}: a legal {game.title} deck", style="bold green"))
    console.print(game.decks.summary(cards))


def list_decks(console: Console, game: Game) -> None:
    table = Table(title=f"{game.title}: preconstructed decks", header_style="bold")
    for col in ("Name", "Cards", "About"):
        table.add_column(col)
    for name, cards in game.decks.preconstructed().items():
        table.add_row(Text(name), str(len(cards)), Text(game.decks.about(name)))
    console.print(table)


def export_deck(name: str, game: Game) -> str:
    real = find_deck(game, name)
    return game.decks.format(game.decks.preconstructed()[real], title=real)


MAX_PER_OPPONENT = 100_000


def deck_or_file(game: Game, name: Path) -> tuple[str, list[str]]:
    """(its name, its cards): a deck file, else a preconstructed deck by name."""
    if not name.exists():
        decks = {k.lower(): k for k in game.decks.preconstructed()}
        real = decks.get(str(name).strip().lower())
        if real is not None:
            return real, list(game.decks.preconstructed()[real])
    return name.stem, read_deck_file(name, game)


def try_deck(
    console: Console,
    path: Path,
    game: Game,
    against: str | None,
    per_opponent: int,
    out: Path | None,
    seed: int,
    workers: int | None,
    progress: bool,
) -> dict[str, Any]:
    """``ossuary deck try``: a ``versus`` run of ``ossuary simulate`` (the deck
    against each deck of the field), then its numbers (:mod:`ossuary.sim.trial`)."""
    from .errors import check_output, check_workers
    from .sim_cmd import need_sim, run_simulation

    check_workers(workers)
    check_output(out, "--out", folder=True)
    if not 1 <= per_opponent <= MAX_PER_OPPONENT:
        raise CliError(f"--games {per_opponent}: give 1 to {MAX_PER_OPPONENT:,} games an opponent")
    need_sim("ossuary deck try")
    from ..sim import store, trial

    try:
        game.decks.format([])
    except NotSupported:
        raise CliError(
            f"{game.title} deals every player from one shared deck: there is no deck of your "
            "own to try"
        ) from None
    name, cards = deck_or_file(game, path)
    field = trial.field_of(game.name)
    if against is not None:
        names = [n.strip() for n in against.split(",")]
        if not all(names):
            raise CliError(f"--against {against!r}: give deck names separated by commas")
        field = {real: field[real] for real in (find_deck(game, n) for n in names)}
    try:
        config = trial.trial_config(game.name, cards, name, field, seed)
    except OssuaryError as exc:
        raise CliError(str(exc)) from None
    total = trial.planned_games(config, per_opponent)
    folder = out if out is not None else Path(tempfile.mkdtemp(prefix="ossuary-try-"))
    try:
        report = run_simulation(
            console, folder, False, None, None, total, None, None, None, workers, None, None,
            None, progress, show_summary=False, config=config,
        )  # fmt: skip
        if not report.complete:
            raise CliError(f"the run in {folder} is incomplete")
        result = trial.summary(config, store.read_games(folder), total)
    finally:
        if out is None:
            shutil.rmtree(folder, ignore_errors=True)
    print_trial(console, result)
    if out is not None:
        said = f"The games are in {out}; plots: ossuary report {out} --html report.html"
        console.print(Text(said), soft_wrap=True)
    return result


def _rate(r: dict[str, Any]) -> tuple[str, str]:
    lo, hi = r["ci95"]
    return f"{100 * r['rate']:.0f}%", f"{100 * lo:.0f}–{100 * hi:.0f}%"


def print_trial(console: Console, s: dict[str, Any]) -> None:
    """A trial's numbers as terminal tables (names printed as they are, never markup)."""
    table = Table(title=Text(f"{s['deck']} against the field"), header_style="bold",
                  title_justify="left")  # fmt: skip
    for col in ("Opponent", "Games", "Win rate", "95% interval"):
        table.add_column(col, justify="left" if col == "Opponent" else "right")
    for r in [*s["opponents"], dict(s["overall"], name="All")]:
        table.add_row(Text(str(r["name"])), f"{r['games']:,}", *_rate(r))
    console.print(table)
    cards = s["cards"]
    for title, rows in (("Won most when played", cards["best"]),
                        ("Won least when played", cards["worst"])):  # fmt: skip
        if not rows:
            continue
        t = Table(title=title, header_style="bold", title_justify="left")
        for col in ("Card", "Played in", "Win rate", "95% interval"):
            t.add_column(col, justify="left" if col == "Card" else "right")
        for c in rows:
            t.add_row(Text(c["card"]), f"{c['played']['games']:,} games", *_rate(c["played"]))
        console.print(t)
    few = cards["unranked"]
    if few:
        said = [f"{c['card']} ({f'played in {n}' if (n := c['played']) else 'never played'})"
                for c in few[:12]]  # fmt: skip
        more = f" and {len(few) - 12} more" if len(few) > 12 else ""
        console.print(Text(f"Played in fewer than {cards['min_played']} games, too few to say: "
                           f"{', '.join(said)}{more}"), soft_wrap=True)  # fmt: skip
    if s["errors"]:
        console.print(Text(f"{s['errors']} games raised an error and are left out"))
