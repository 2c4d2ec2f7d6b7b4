"""Deck lists: parsing, the deck-building rules, and the preconstructed decks."""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib import resources
from itertools import combinations
from typing import Any

from ..engine.errors import DeckError
from ..engine.rng import Rng
from ..engine.untrusted import check_text, load_document, shown, small_int
from .cards import DOOMS, CardPool, base_pool

MIN_DECK = 40
MAX_COPIES = 3
# Bounds on untrusted deck text: a deck list is a few dozen short lines.
MAX_DECK_TEXT = 200_000  # characters
MAX_LINES = 1000  # card lines
MAX_COUNT = 99  # copies on one line (the rules allow 3; more is a typo, not a list to build)
MAX_PROBLEMS = 20  # problems spelled out; the rest are counted
MAX_NAME = 100  # characters of a name worth suggesting close matches for


@dataclass(frozen=True)
class DeckList:
    """A deck list as card players write it: the deck and an optional sideboard
    (card names, one entry per copy)."""

    main: list[str]
    sideboard: list[str] = field(default_factory=list)


def parse_deck_text(
    text: str,
    pool: CardPool | None = None,
    source: str = "deck",
    problems: list[str] | None = None,
) -> DeckList:
    """Read the plain text deck format.

    One ``3 Card Name`` (or ``3x Card Name``, or just ``Card Name`` for one copy)
    per line; ``//`` starts a comment; optional ``Deck`` and ``Sideboard`` header
    lines (``SB: 2 Name`` also puts cards in the sideboard). With ``pool``, every
    name must be a known card: all unknown names are reported at once, each with
    its line number and close matches, and nothing is silently dropped. Names are
    matched case-insensitively (``3 snap`` is Snap). With ``problems``, they are
    added to that list instead of raised (and the known cards are returned), so a
    caller can report them with the deck-building rules' problems at once.

    The text is untrusted: its size, its number of lines and each count are
    capped before any list is built, and at most :data:`MAX_PROBLEMS` problems
    are spelled out.
    """
    text = check_text(text, DeckError, source, MAX_DECK_TEXT)
    main: list[str] = []
    side: list[str] = []
    found = Problems()
    lower = {n.lower(): n for n in pool.names()} if pool is not None else {}
    target = main
    lines = 0
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("//", 1)[0].strip()
        if not line:
            continue
        lines += 1
        if lines > MAX_LINES:
            found.add(
                f"{source}: more than {MAX_LINES} card lines; a deck list has one line per "
                "different card"
            )
            break
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
        where = f"{source}, line {number}"
        count, name, problem = _count_and_name(line)
        if problem:
            found.add(f"{where}: {problem}")
            continue
        if pool is not None and name not in pool:
            if name.lower() not in lower:
                found.add_lazy(partial(_unknown, name, pool, where))
                continue
            name = lower[name.lower()]
        into.extend([name] * count)
    if problems is not None:
        problems.extend(found.lines())
    else:
        found.raise_if_any()
    return DeckList(main, side)


def _count_and_name(line: str) -> tuple[int, str, str]:
    """``3 Name``, ``3x Name`` or ``Name`` -> (count, name, "") or a problem.

    A count is ASCII digits (``int`` would also read "²" or "٣"), 1 to
    :data:`MAX_COUNT`: larger counts are refused before any list is built."""
    parts = line.split(None, 1)
    first = parts[0].lower().removesuffix("x")
    if len(parts) < 2 or not first or not first.lstrip("+-").isdigit():
        return 1, line, ""  # no count: one copy of the whole line
    name = parts[1].strip()
    digits = first.lstrip("+-")
    if not digits.isascii():
        return 0, name, f"write counts with the digits 0-9, not {shown(parts[0])}"
    count = small_int(digits, len(str(MAX_COUNT)))
    said = first if len(first) <= 20 else f"{first[:12]}... ({len(first):,} digits)"
    if first.startswith("-") or count == 0:
        return 0, name, f"a count must be 1 or more, got {said}"
    if count is None or count > MAX_COUNT:
        return (
            0,
            name,
            (
                f"a count of {said} is more than a deck can hold (at most "
                f"{MAX_COPIES} copies of a card; rulebook: Deck Rules and Strategy)"
            ),
        )
    return count, name, ""


class Problems:
    """Every problem found, spelled out up to :data:`MAX_PROBLEMS` and counted
    after that, so a huge bad input gives a short error."""

    def __init__(self) -> None:
        self.shown: list[str] = []
        self.more = 0

    def add(self, message: str) -> None:
        if len(self.shown) < MAX_PROBLEMS:
            self.shown.append(message)
        else:
            self.more += 1

    def add_lazy(self, word: Callable[[], str]) -> None:
        """Add a problem worded only if it will be shown (wording may be costly)."""
        if len(self.shown) < MAX_PROBLEMS:
            self.shown.append(word())
        else:
            self.more += 1

    def lines(self) -> list[str]:
        more = [f"... and {self.more} more problems"] if self.more else []
        return self.shown + more

    def raise_if_any(self) -> None:
        if self.shown:
            raise DeckError("\n".join(self.lines()))


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
    close = []
    if len(name) <= MAX_NAME:  # difflib is slow on long strings
        close = difflib.get_close_matches(name, pool.names(), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    return f"{where}: unknown card {shown(name, MAX_NAME)}{hint}"


def deck_problems(cards: list[str], pool: CardPool, who: str = "deck") -> list[str]:
    """Every way ``cards`` breaks the deck-building rules (empty: a legal deck);
    past :data:`MAX_PROBLEMS`, the rest are counted, not listed."""
    problems = Problems()
    for i, n in enumerate(cards, 1):
        if n not in pool:
            problems.add_lazy(partial(_unknown, n, pool, f"{who}, card {i}"))
    if len(cards) < MIN_DECK:
        problems.add(
            f"{who} has {len(cards)} cards; a deck needs at least {MIN_DECK} "
            "(rulebook: Deck Rules and Strategy)"
        )
    for name, count in Counter(cards).items():
        if count > MAX_COPIES:
            problems.add(
                f"{who} has {count} copies of {shown(name, MAX_NAME)}; at most {MAX_COPIES} "
                "are allowed (rulebook: Deck Rules and Strategy)"
            )
    return problems.lines()


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
        _DECKS = {
            name: parse_deck_lines(list(d["cards"]), base_pool()) for name, d in _shipped().items()
        }
    return _DECKS


def _shipped() -> dict[str, Any]:
    """The ``[deck.*]`` tables of ``data/decks.toml``, read by the kernel's loader."""
    data = resources.files("ossuary.hecatomb").joinpath("data/decks.toml")
    return load_document(data, DeckError, "the shipped decks", _tables, source="data/decks.toml")


def _tables(data: dict[str, Any], source: str) -> dict[str, Any]:
    decks = data.get("deck")
    if not isinstance(decks, dict):
        raise DeckError(f"{source}: expected [deck.<name>] tables")
    return decks


def deck_about(name: str) -> str:
    """A preconstructed deck's one-line description ("" if it has none)."""
    return str(_shipped().get(name, {}).get("about", ""))


def resolve_deck(deck: Sequence[str] | str, pool: CardPool, who: str) -> list[str]:
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
        deck += rng.copies(names, want, lambda _: MAX_COPIES)
    return deck
