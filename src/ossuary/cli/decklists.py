"""Deck lists as the command line names them: a deck file, or a shipped deck's
name. Shared by ``ossuary deck``, ``play`` and ``simulate`` (a module of its own,
so that the deck and simulation commands need not import each other)."""

from __future__ import annotations

from pathlib import Path

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
    return game.decks.parse(text, source=str(path))


def find_deck(game: Game, name: str) -> str:
    """A preconstructed deck's real name, case-insensitively; else a clear error."""
    decks = game.decks.preconstructed()
    by_lower = {k.lower(): k for k in decks}
    real = name if name in decks else by_lower.get(name.strip().lower())
    if real is None:
        raise CliError(f"unknown deck {name!r}; known {game.title} decks: {', '.join(decks)}")
    return real
