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
import tomllib
from collections import Counter
from collections.abc import Sequence
from importlib import resources

from ..engine.errors import DeckError
from .cards import RARITY_LIMITS, CardDef, CardPool, base_pool
from .state import DECK_SIZE

TYPE_ORDER = ("minion", "spell", "relic", "artifact", "event", "land")


def _unknown(key: str, pool: CardPool, where: str) -> str:
    shared = pool.ambiguous(key)
    if shared:
        which = " or ".join(repr(pool.key(c)) for c in shared)
        return f"{where}: {key!r} names {len(shared)} cards of different types; write {which}"
    close = difflib.get_close_matches(key, list(pool.by_name), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{where}: unknown card {key!r}{hint}"


def parse_deck_text(text: str, pool: CardPool | None = None, source: str = "deck") -> list[str]:
    """Card keys (hero first when there is one) from the text format; every
    unknown or ambiguous name is reported at once, with its line."""
    pool = pool or base_pool()
    out: list[str] = []
    problems: list[str] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line or line.rstrip(":").strip().lower() in ("deck", "main", "cards"):
            continue
        if line.lower().startswith("hero:"):
            line = line[5:].strip()
        count_text, _, name = line.partition(" ")
        name = name.strip()
        if count_text.lower().rstrip("x").isdigit() and name:
            count = int(count_text.lower().rstrip("x"))
            if not 1 <= count <= 99:
                problems.append(f"{source}, line {number}: a count must be 1 to 99, got {count}")
                continue
        else:
            count, name = 1, line
        card = pool.lookup(name)
        if card is None:
            problems.append(_unknown(name, pool, f"{source}, line {number}"))
            continue
        out.extend([pool.key(card)] * count)
    if problems:
        raise DeckError("\n".join(problems))
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
        text = resources.files("ossuary.necromancer").joinpath("data/decks.toml").read_text("utf-8")
        data = tomllib.loads(text)
        _DECKS = {}
        for name, d in data["deck"].items():
            cards = parse_deck_text("\n".join([f"Hero: {d['hero']}", *d["cards"]]), base_pool())
            _DECKS[name] = (cards, str(d.get("about", "")))
    return _DECKS


def preconstructed() -> dict[str, list[str]]:
    """The decks shipped with the game, by name (hero first)."""
    return {name: list(cards) for name, (cards, _) in _load().items()}


def deck_about(name: str) -> str:
    return _load().get(name, ([], ""))[1]


def resolve_deck(deck: Sequence[str] | str, pool: CardPool, who: str) -> list[str]:
    """A preconstructed deck's name, or card keys checked against the rules."""
    if isinstance(deck, str):
        decks = preconstructed()
        if deck not in decks:
            raise DeckError(f"{who}: no preconstructed deck {deck!r}; known: {', '.join(decks)}")
        return decks[deck]
    cards = list(deck)
    validate_deck(cards, pool, who)
    heroes = [k for k in cards if pool[k].type == "hero"]
    return [pool.key(pool[k]) for k in heroes + [k for k in cards if pool[k].type != "hero"]]
