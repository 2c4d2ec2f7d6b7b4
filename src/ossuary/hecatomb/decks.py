"""Deck lists: parsing, the deck-building rules, and the preconstructed decks."""

from __future__ import annotations

import difflib
import tomllib
from collections import Counter
from importlib import resources

from ..engine.errors import DeckError
from .cards import CardPool, base_pool

MIN_DECK = 40
MAX_COPIES = 3


def parse_deck_lines(lines: list[str], pool: CardPool | None = None) -> list[str]:
    """``["3 Grave Hoarder", "Snap", ...]`` -> a flat list of card names."""
    out: list[str] = []
    for number, raw in enumerate(lines, 1):
        line = raw.split("//", 1)[0].strip()
        if not line or line.lower() in ("deck", "sideboard"):
            continue
        count_text, _, name = line.partition(" ")
        if count_text.rstrip("x").isdigit() and name:
            count = int(count_text.rstrip("x"))
        else:
            count, name = 1, line
        out.extend([name.strip()] * count)
        if pool is not None and name.strip() not in pool:
            raise DeckError(_unknown(name.strip(), pool, f"line {number}"))
    return out


def _unknown(name: str, pool: CardPool, where: str) -> str:
    close = difflib.get_close_matches(name, pool.names(), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{where}: unknown card {name!r}{hint}"


def validate_deck(cards: list[str], pool: CardPool, who: str = "deck") -> None:
    """Rulebook "Deck Rules and Strategy": forty or more cards, at most three
    copies of any card. Raises :class:`DeckError` saying what is wrong."""
    for i, name in enumerate(cards, 1):
        if name not in pool:
            raise DeckError(_unknown(name, pool, f"{who}, card {i}"))
    if len(cards) < MIN_DECK:
        raise DeckError(
            f"{who} has {len(cards)} cards; a deck needs at least {MIN_DECK} "
            "(rulebook: Deck Rules and Strategy)"
        )
    for name, count in Counter(cards).items():
        if count > MAX_COPIES:
            raise DeckError(
                f"{who} has {count} copies of {name!r}; at most {MAX_COPIES} are allowed "
                "(rulebook: Deck Rules and Strategy)"
            )


_DECKS: dict[str, list[str]] | None = None


def preconstructed() -> dict[str, list[str]]:
    """The decks shipped with Ossuary, by name."""
    global _DECKS
    if _DECKS is None:
        text = resources.files("ossuary.hecatomb").joinpath("data/decks.toml").read_text("utf-8")
        data = tomllib.loads(text)
        _DECKS = {
            name: parse_deck_lines(list(d["cards"]), base_pool())
            for name, d in data["deck"].items()
        }
    return _DECKS


def resolve_deck(deck: list[str] | str, pool: CardPool, who: str) -> list[str]:
    if isinstance(deck, str):
        decks = preconstructed()
        if deck not in decks:
            raise DeckError(f"{who}: no preconstructed deck {deck!r}; known: {', '.join(decks)}")
        return list(decks[deck])
    cards = list(deck)
    validate_deck(cards, pool, who)
    return cards
