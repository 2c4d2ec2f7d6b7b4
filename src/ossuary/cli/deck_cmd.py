"""``ossuary deck``: check a deck file, list and export the preconstructed decks."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from rich.console import Console
from rich.table import Table

from ..engine.errors import DeckError
from ..hecatomb.cards import DOOMS, CardPool
from ..hecatomb.decks import deck_about, deck_problems, format_deck, parse_deck_text, preconstructed
from .cards_cmd import DOOM_STYLE
from .errors import CliError


def read_deck_file(path: Path, pool: CardPool) -> list[str]:
    """A deck file's main deck; every problem (unknown names with line numbers and
    close matches, bad counts, deck rules) is reported at once."""
    try:
        text = path.read_text("utf-8")
    except OSError as exc:
        raise CliError(f"can't read deck file {str(path)!r}: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise CliError(f"{path}: not a text file (expected '3 Card Name' lines)") from None
    deck = parse_deck_text(text, pool, source=str(path))
    problems = deck_problems(deck.main, pool, str(path))
    if problems:
        raise DeckError("\n".join(problems))
    return deck.main


def deck_summary(cards: list[str], pool: CardPool) -> Table:
    """Counts by doom and type, and the mana curve, of a legal deck."""
    defs = [pool[n] for n in cards]
    table = Table(show_header=False, box=None, pad_edge=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row("Cards", f"{len(defs)} ({len(set(cards))} different)")
    by_doom = Counter(d.doom for d in defs)
    table.add_row(
        "Dooms",
        ", ".join(
            f"[{DOOM_STYLE[doom]}]{doom}[/] {by_doom[doom]}" for doom in DOOMS if by_doom[doom]
        ),
    )
    by_type = Counter(d.type for d in defs)
    table.add_row("Types", ", ".join(f"{t} {n}" for t, n in sorted(by_type.items())))
    curve = Counter(min(d.cost, 6) for d in defs)
    bars = "  ".join(f"{c}{'+' if c == 6 else ''}:{'█' * curve[c]}" for c in range(7) if curve[c])
    table.add_row("Curve", bars)
    return table


def check_deck(console: Console, path: Path, pool: CardPool) -> None:
    cards = read_deck_file(path, pool)
    console.print(f"[bold green]{path}: a legal deck[/]")
    console.print(deck_summary(cards, pool))


def list_decks(console: Console, pool: CardPool) -> None:
    table = Table(title="Preconstructed decks", header_style="bold")
    for col in ("Name", "Dooms", "Cards", "About"):
        table.add_column(col)
    for name, cards in preconstructed().items():
        dooms = sorted({pool[n].doom for n in cards}, key=DOOMS.index)
        table.add_row(name, " + ".join(dooms), str(len(cards)), deck_about(name))
    console.print(table)


def export_deck(name: str, pool: CardPool) -> str:
    decks = preconstructed()
    by_lower = {k.lower(): k for k in decks}
    real = name if name in decks else by_lower.get(name.strip().lower())
    if real is None:
        raise CliError(f"unknown deck {name!r}; known decks: {', '.join(decks)}")
    return format_deck(decks[real], pool, title=real)
