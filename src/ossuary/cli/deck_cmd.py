"""``ossuary deck``: check a deck file, list and export any game's preconstructed decks."""

from __future__ import annotations

from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.game import Game
from .errors import CliError

MAX_DECK_FILE = 1_000_000  # bytes: a deck list is a few hundred


def read_deck_file(path: Path, game: Game) -> list[str]:
    """A deck file's main deck, checked by the game's deck rules (every problem
    reported at once)."""
    try:
        with path.open("rb") as f:
            raw = f.read(MAX_DECK_FILE + 1)
    except OSError as exc:
        raise CliError(f"can't read deck file {str(path)!r}: {exc.strerror or exc}") from None
    if len(raw) > MAX_DECK_FILE:
        raise CliError(f"{path}: too large for a deck list (over {MAX_DECK_FILE:,} bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (expected '3 Card Name' lines)") from None
    return game.parse_deck(text, source=str(path))


def find_deck(game: Game, name: str) -> str:
    """A preconstructed deck's real name, case-insensitively; else a clear error."""
    decks = game.preconstructed()
    by_lower = {k.lower(): k for k in decks}
    real = name if name in decks else by_lower.get(name.strip().lower())
    if real is None:
        raise CliError(f"unknown deck {name!r}; known {game.title} decks: {', '.join(decks)}")
    return real


def check_deck(console: Console, path: Path, game: Game) -> None:
    """A deck file, or a preconstructed deck by name (as ``play --deck`` takes it)."""
    if not path.exists():
        decks = {k.lower(): k for k in game.preconstructed()}
        real = decks.get(str(path).strip().lower())
        if real is not None:
            cards = game.parse_deck(game.format_deck(game.preconstructed()[real]), source=real)
            console.print(
                Text(f"{real}: a legal {game.title} deck (preconstructed)", style="bold green")
            )
            console.print(game.deck_summary(cards))
            return
        raise CliError(
            f"can't read deck file {str(path)!r}: no such file, and no preconstructed "
            f"{game.title} deck has that name ({', '.join(game.preconstructed())})"
        )
    cards = read_deck_file(path, game)
    console.print(Text(f"{path}: a legal {game.title} deck", style="bold green"))
    console.print(game.deck_summary(cards))


def list_decks(console: Console, game: Game) -> None:
    table = Table(title=f"{game.title}: preconstructed decks", header_style="bold")
    for col in ("Name", "Cards", "About"):
        table.add_column(col)
    for name, cards in game.preconstructed().items():
        table.add_row(Text(name), str(len(cards)), Text(game.deck_about(name)))
    console.print(table)


def export_deck(name: str, game: Game) -> str:
    real = find_deck(game, name)
    return game.format_deck(game.preconstructed()[real], title=real)
