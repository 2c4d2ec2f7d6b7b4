"""Deck lists: parsing, the deck-building rules, and the preconstructed decks."""

from __future__ import annotations

import difflib
import tomllib
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from importlib import resources
from itertools import combinations

from ..engine.errors import DeckError
from ..engine.rng import Rng
from .cards import DOOMS, CardPool, base_pool

MIN_DECK = 40
MAX_COPIES = 3


@dataclass(frozen=True)
class DeckList:
    """A deck list as card players write it: the deck and an optional sideboard
    (card names, one entry per copy)."""

    main: list[str]
    sideboard: list[str] = field(default_factory=list)


def parse_deck_text(text: str, pool: CardPool | None = None, source: str = "deck") -> DeckList:
    """Read the plain text deck format.

    One ``3 Card Name`` (or ``3x Card Name``, or just ``Card Name`` for one copy)
    per line; ``//`` starts a comment; optional ``Deck`` and ``Sideboard`` header
    lines (``SB: 2 Name`` also puts cards in the sideboard). With ``pool``, every
    name must be a known card: all unknown names are reported at once, each with
    its line number and close matches, and nothing is silently dropped.
    """
    main: list[str] = []
    side: list[str] = []
    problems: list[str] = []
    target = main
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        header = line.rstrip(":").strip().lower()
        if header in ("deck", "main", "maindeck", "main deck"):
            target = main
            continue
        if header == "sideboard":
            target = side
            continue
        into = target
        if line[:3].upper() == "SB:":
            into, line = side, line[3:].strip()
        count_text, _, name = line.partition(" ")
        name = name.strip()
        if count_text.lower().rstrip("x").isdigit() and name:
            count = int(count_text.lower().rstrip("x"))
            if count < 1:
                problems.append(f"{source}, line {number}: a count must be 1 or more, got {count}")
                continue
        else:
            count, name = 1, line
        if pool is not None and name not in pool:
            problems.append(_unknown(name, pool, f"{source}, line {number}"))
            continue
        into.extend([name] * count)
    if problems:
        raise DeckError("\n".join(problems))
    return DeckList(main, side)


def parse_deck_lines(lines: list[str], pool: CardPool | None = None) -> list[str]:
    """``["3 Grave Hoarder", "Snap", ...]`` -> a flat list of the deck's card names."""
    return parse_deck_text("\n".join(lines), pool).main


def format_deck(
    cards: list[str], pool: CardPool, sideboard: Sequence[str] = (), title: str = ""
) -> str:
    """The plain text format, grouped by card type and sorted by cost then name, so
    it reads like a printed deck list (:func:`parse_deck_text` reads it back)."""
    lines = [f"// {title}"] if title else []
    lines.append("Deck")
    counts = Counter(cards)
    groups: dict[str, list[str]] = {}
    for name in counts:
        kind = "Minions"
        if name in pool and not pool[name].is_minion:
            kind = pool[name].type.split()[-1].title() + "s"
        groups.setdefault(kind, []).append(name)
    for kind in ("Minions", "Fates", "Relics", "Gods"):
        names = groups.get(kind, [])
        if not names:
            continue
        lines.append(f"// {kind} ({sum(counts[n] for n in names)})")
        names.sort(key=lambda n: (pool[n].cost if n in pool else 0, n))
        lines.extend(f"{counts[n]} {n}" for n in names)
    if sideboard:
        lines.append("")
        lines.append("Sideboard")
        side = Counter(sideboard)
        lines.extend(f"{side[n]} {n}" for n in sorted(side))
    return "\n".join(lines) + "\n"


def _unknown(name: str, pool: CardPool, where: str) -> str:
    close = difflib.get_close_matches(name, pool.names(), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{where}: unknown card {name!r}{hint}"


def deck_problems(cards: list[str], pool: CardPool, who: str = "deck") -> list[str]:
    """Every way ``cards`` breaks the deck-building rules (empty: a legal deck)."""
    problems = [
        _unknown(n, pool, f"{who}, card {i}") for i, n in enumerate(cards, 1) if n not in pool
    ]
    if len(cards) < MIN_DECK:
        problems.append(
            f"{who} has {len(cards)} cards; a deck needs at least {MIN_DECK} "
            "(rulebook: Deck Rules and Strategy)"
        )
    for name, count in Counter(cards).items():
        if count > MAX_COPIES:
            problems.append(
                f"{who} has {count} copies of {name!r}; at most {MAX_COPIES} are allowed "
                "(rulebook: Deck Rules and Strategy)"
            )
    return problems


def validate_deck(cards: list[str], pool: CardPool, who: str = "deck") -> None:
    """Rulebook "Deck Rules and Strategy": forty or more cards, at most three
    copies of any card. Raises :class:`DeckError` saying everything that is wrong."""
    problems = deck_problems(cards, pool, who)
    if problems:
        raise DeckError("\n".join(problems))


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


def deck_about(name: str) -> str:
    """A preconstructed deck's one-line description ("" if it has none)."""
    text = resources.files("ossuary.hecatomb").joinpath("data/decks.toml").read_text("utf-8")
    return str(tomllib.loads(text)["deck"].get(name, {}).get("about", ""))


def resolve_deck(deck: list[str] | str, pool: CardPool, who: str) -> list[str]:
    if isinstance(deck, str):
        decks = preconstructed()
        if deck not in decks:
            raise DeckError(f"{who}: no preconstructed deck {deck!r}; known: {', '.join(decks)}")
        return list(decks[deck])
    cards = list(deck)
    validate_deck(cards, pool, who)
    return cards


def random_deck(pool: CardPool, rng: Rng, dooms: tuple[str, str] | None = None) -> list[str]:
    """A legal random deck of two dooms (the card balance simulations and the
    fuzzer use it): about 60% minions, the rest fates, relics and gods, 1 to 3
    copies of each card picked, so every card turns up in every company."""
    if dooms is None:
        pairs = list(combinations(DOOMS, 2))
        dooms = pairs[rng.below(len(pairs))]
    cards = [c for c in pool.cards.values() if c.doom in dooms]
    minions = sorted(c.name for c in cards if c.is_minion)
    others = sorted(c.name for c in cards if not c.is_minion)
    deck: list[str] = []
    for names, want in ((minions, 24), (others, MIN_DECK - 24)):
        names = list(names)
        rng.shuffle(names)
        got = 0
        for name in names:
            if got >= want:
                break
            n = min(1 + rng.below(MAX_COPIES), want - got)
            deck.extend([name] * n)
            got += n
    return deck
