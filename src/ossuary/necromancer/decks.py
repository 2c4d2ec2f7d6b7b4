"""Deck lists: the text format, the deck-building rules (section 3), the
preconstructed decks.

A deck is one hero and exactly 40 other cards. Copies are limited by rarity:
common 4, rare 3, epic 2, legendary 1. A card is its type and name together,
so "Bonewall" the minion and "Bonewall" the artifact are counted apart; in a
list, a shared name is written with its type: ``2 Bonewall [artifact]``.

Text format, one ``3 Card Name`` (or ``3x Card Name``, or ``Card Name`` for
one) per line, ``//`` comments, an optional ``Hero: Name`` line (a hero may
also be listed like any card) and optional ``Deck`` header.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sequence
from functools import partial
from importlib import resources
from typing import Any

from ..engine.errors import DeckError
from ..engine.untrusted import check_text, load_document, shown, small_int
from .cards import RARITY_LIMITS, CardDef, CardPool, base_pool
from .state import DECK_SIZE

TYPE_ORDER = ("minion", "spell", "relic", "artifact", "event", "land")


# Bounds on untrusted deck text (a deck list is a few dozen short lines), as
# Hecatomb's: the size, the lines and each count are capped before any list is
# built, and a long list of problems is cut to its first few.
MAX_DECK_TEXT = 200_000  # characters
MAX_LINES = 1000  # card lines
MAX_COUNT = 99  # copies on one line (a rarity allows 4 at most; more is a typo)
MAX_PROBLEMS = 20  # problems spelled out; the rest are counted
MAX_NAME = 100  # characters of a name worth suggesting close matches for


def _unknown(key: str, pool: CardPool, where: str) -> str:
    shared = pool.ambiguous(key)
    if shared:
        which = " or ".join(repr(pool.key(c)) for c in shared)
        return f"{where}: {key!r} names {len(shared)} cards of different types; write {which}"
    close = []
    if len(key) <= MAX_NAME:  # difflib is slow on long strings
        close = difflib.get_close_matches(key, list(pool.by_name), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{where}: unknown card {shown(key, MAX_NAME)}{hint}"


def _count(word: str) -> tuple[int, str]:
    """A line's leading count (``3`` or ``3x``) -> (count, "") or (0, a problem);
    (-1, "") when the word is no count (the line is one copy of its whole text).
    Counts are ASCII digits, 1 to :data:`MAX_COUNT`, refused before ``int``
    sees a huge one."""
    digits = word.lower().removesuffix("x")
    if not digits or not digits.isdigit():
        return -1, ""
    if not digits.isascii():
        return 0, f"write counts with the digits 0-9, not {shown(word)}"
    count = small_int(digits, len(str(MAX_COUNT)))
    if count is None or not 1 <= count <= MAX_COUNT:
        said = digits if len(digits) <= 20 else f"{digits[:12]}... ({len(digits):,} digits)"
        return 0, f"a count must be 1 to {MAX_COUNT}, got {said}"
    return count, ""


def parse_deck_text(text: str, pool: CardPool | None = None, source: str = "deck") -> list[str]:
    """Card keys (hero first when there is one) from the text format; every
    unknown or ambiguous name is reported at once, with its line (past
    :data:`MAX_PROBLEMS`, the rest are counted). The text is untrusted: its
    size, its number of lines and each count are bounded."""
    pool = pool or base_pool()
    text = check_text(text, DeckError, source, MAX_DECK_TEXT)
    out: list[str] = []
    problems: list[str] = []
    more = 0

    def problem(message: str | Callable[[], str]) -> None:
        nonlocal more
        if len(problems) < MAX_PROBLEMS:
            problems.append(message if isinstance(message, str) else message())
        else:
            more += 1

    lines = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line or line.rstrip(":").strip().lower() in ("deck", "main", "cards"):
            continue
        lines += 1
        if lines > MAX_LINES:
            problem(f"{source}: more than {MAX_LINES} card lines; a deck list has one line per "
                    "different card")  # fmt: skip
            break
        if line.lower().startswith("hero:"):
            line = line[5:].strip()
        count_text, _, name = line.partition(" ")
        name = name.strip()
        count, bad = _count(count_text) if name else (-1, "")
        if bad:
            problem(f"{source}, line {number}: {bad}")
            continue
        if count < 0:
            count, name = 1, line
        card = pool.lookup(name)
        if card is None:
            problem(partial(_unknown, name, pool, f"{source}, line {number}"))
            continue
        out.extend([pool.key(card)] * count)
    if problems:
        raise DeckError("\n".join(problems + ([f"... and {more} more problems"] if more else [])))
    heroes = [k for k in out if pool[k].type == "hero"]
    return heroes + [k for k in out if pool[k].type != "hero"]


def deck_problems(cards: Sequence[str], pool: CardPool, who: str = "deck") -> list[str]:
    """Every way ``cards`` breaks section 3's deck rules (empty: a legal deck)."""
    problems: list[str] = []
    defs: list[CardDef] = []
    for i, key in enumerate(cards, 1):
        card = pool.lookup(key) if isinstance(key, str) else None
        if card is None:
            problems.append(_unknown(str(key), pool, f"{who}, card {i}"))
        else:
            defs.append(card)
    heroes = [d for d in defs if d.type == "hero"]
    rest = [d for d in defs if d.type != "hero"]
    if len(heroes) != 1:
        problems.append(
            f'{who} has {len(heroes)} hero cards; a deck has exactly one (section 3, "Hero Card")'
        )
    if len(rest) != DECK_SIZE:
        problems.append(
            f"{who} has {len(rest)} cards besides its hero; a deck has exactly {DECK_SIZE} "
            '(section 3, "Deck Size")'
        )
    for card, count in Counter(rest).items():
        limit = RARITY_LIMITS[card.rarity]
        if count > limit:
            problems.append(
                f"{who} has {count} copies of {pool.key(card)!r}, a {card.rarity} card; at most "
                f'{limit} are allowed (section 3, "Card Rarity Limits")'
            )
    return problems


def validate_deck(cards: Sequence[str], pool: CardPool | None = None, who: str = "deck") -> None:
    """Raise :class:`DeckError` listing everything wrong with the deck."""
    problems = deck_problems(cards, pool or base_pool(), who)
    if problems:
        raise DeckError("\n".join(problems))


def format_deck(cards: Sequence[str], pool: CardPool | None = None, title: str = "") -> str:
    """The text format, by card type and cost (:func:`parse_deck_text` reads it back)."""
    pool = pool or base_pool()
    lines = [f"// {title}"] if title else []
    defs = [pool[k] for k in cards]
    for hero in (d for d in defs if d.type == "hero"):
        lines.append(f"Hero: {pool.key(hero)}")
    lines.append("Deck")
    counts = Counter(d for d in defs if d.type != "hero")
    for kind in TYPE_ORDER:
        group = sorted((d for d in counts if d.type == kind), key=lambda d: (d.cost, d.name))
        if group:
            lines.append(f"// {kind}s ({sum(counts[d] for d in group)})")
            lines.extend(f"{counts[d]} {pool.key(d)}" for d in group)
    return "\n".join(lines) + "\n"


_DECKS: dict[str, tuple[list[str], str]] | None = None


def _load() -> dict[str, tuple[list[str], str]]:
    global _DECKS
    if _DECKS is None:
        data = resources.files("ossuary.necromancer").joinpath("data/decks.toml")
        shipped = load_document(
            data, DeckError, "the shipped decks", _tables, source="data/decks.toml"
        )
        _DECKS = {}
        for name, d in shipped.items():
            cards = parse_deck_text("\n".join([f"Hero: {d['hero']}", *d["cards"]]), base_pool())
            _DECKS[name] = (cards, str(d.get("about", "")))
    return _DECKS


def _tables(data: dict[str, Any], source: str) -> dict[str, Any]:
    decks = data.get("deck")
    if not isinstance(decks, dict):
        raise DeckError(f"{source}: expected [deck.<name>] tables")
    return decks


def preconstructed() -> dict[str, list[str]]:
    """The decks shipped with the game, by name (hero first)."""
    return {name: list(cards) for name, (cards, _) in _load().items()}


def deck_names() -> list[str]:
    """The names of the shipped decks, in their file's order."""
    return list(_load())


def deck_about(name: str) -> str:
    return _load().get(name, ([], ""))[1]


def resolve_deck(deck: Sequence[str] | str, pool: CardPool, who: str) -> list[str]:
    """A preconstructed deck's name, or card keys checked against the rules."""
    if isinstance(deck, str):
        decks = _load()  # not preconstructed(): that copies every deck
        if deck not in decks:
            raise DeckError(f"{who}: no preconstructed deck {deck!r}; known: {', '.join(decks)}")
        return list(decks[deck][0])
    cards = list(deck)
    validate_deck(cards, pool, who)
    heroes = [k for k in cards if pool[k].type == "hero"]
    return [pool.key(pool[k]) for k in heroes + [k for k in cards if pool[k].type != "hero"]]
