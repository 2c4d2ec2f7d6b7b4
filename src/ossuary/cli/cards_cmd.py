"""``ossuary cards``: search the card pool and show cards, as a table or JSON."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable
from typing import Any

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from ..hecatomb.cards import DOOMS, CardDef, CardPool
from ..hecatomb.catalog import keywords_of
from .errors import CliError

DOOM_STYLE = {
    "corruption": "grey70",
    "deceit": "bright_blue",
    "destruction": "red",
    "greed": "green",
}


def keyword_text(kws: Iterable[tuple[str, Any]]) -> str:
    """Keywords the way a card prints them: "Rager +1, Deceit Evader, Martyr"."""
    out = []
    for key, value in kws:
        if value is True:
            out.append(key.title())
        elif isinstance(value, int):
            out.append(f"{key.title()} {value:+d}")
        else:
            out.append(f"{'/'.join(d.title() for d in value)} {key.title()}")
    return ", ".join(out)


def cost_text(card: CardDef) -> str:
    return (f"X+{card.cost}" if card.cost else "X") if card.x_cost else str(card.cost)


def _cost_matches(card: CardDef, spec: str) -> bool:
    """``3`` exactly, ``2-4`` a range, ``5+`` or ``2-`` open ends, ``X`` for X costs."""
    spec = spec.strip().upper()
    if spec == "X":
        return card.x_cost
    if card.x_cost:
        return False  # an X cost is no fixed number
    try:
        if spec.endswith("+"):
            return card.cost >= int(spec[:-1])
        if spec.endswith("-"):
            return card.cost <= int(spec[:-1])
        if "-" in spec:
            lo, hi = (int(v) for v in spec.split("-", 1))
            return lo <= card.cost <= hi
        return card.cost == int(spec)
    except ValueError:
        raise CliError(f"--cost {spec!r}: use a number, a range like 2-4, 5+ or 2-, or X") from None


def search(
    pool: CardPool,
    query: str = "",
    *,
    doom: str | None = None,
    type_: str | None = None,
    subtype: str | None = None,
    keyword: str | None = None,
    cost: str | None = None,
    rarity: str | None = None,
) -> list[CardDef]:
    """Cards matching every filter given, in collector-number order.

    ``query`` is free text, matched (case-insensitively, every word) against the
    name, printed text, doom, type, subtype and keywords.
    """
    if doom is not None and doom.lower() not in DOOMS:
        raise CliError(f"--doom {doom!r}: choose one of {', '.join(DOOMS)}")
    words = query.lower().split()
    out = []
    for card in pool.cards.values():
        if doom and card.doom != doom.lower():
            continue
        if type_ and type_.lower() not in card.type:
            continue
        if subtype and card.subtype != subtype.lower():
            continue
        if keyword and keyword.lower() not in keywords_of(card):
            continue
        if cost and not _cost_matches(card, cost):
            continue
        if rarity and card.rarity != rarity.lower():
            continue
        haystack = " ".join(
            (card.name, card.text, card.doom, card.type, card.subtype, *keywords_of(card))
        ).lower()
        if all(w in haystack for w in words):
            out.append(card)
    return sorted(out, key=lambda c: (c.number or 10**6, c.name))


def find_card(pool: CardPool, name: str) -> CardDef:
    """One card by exact, case-insensitive or unique partial name; else a clear error."""
    if name in pool:
        return pool[name]
    lower = name.strip().lower()
    exact = [c for n, c in pool.cards.items() if n.lower() == lower]
    if exact:
        return exact[0]
    partial = [c for n, c in pool.cards.items() if lower in n.lower()]
    if len(partial) == 1:
        return partial[0]
    if len(partial) > 1:
        listed = ", ".join(sorted(c.name for c in partial)[:8])
        raise CliError(f"{name!r} matches {len(partial)} cards: {listed}; give more of the name")
    close = difflib.get_close_matches(name, pool.names(), n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    raise CliError(f"no card named {name!r}{hint}")


def card_table(cards: list[CardDef]) -> Table:
    table = Table(title=f"{len(cards)} card{'s' * (len(cards) != 1)}", header_style="bold")
    for col in ("#", "Name", "Doom", "Type", "Subtype", "Cost", "Str", "Rarity", "Keywords"):
        table.add_column(col, justify="right" if col in ("#", "Cost", "Str") else "left")
    for c in cards:
        table.add_row(
            str(c.number or ""),
            c.name,
            Text(c.doom, style=DOOM_STYLE[c.doom]),
            c.type,
            c.subtype,
            cost_text(c),
            str(c.strength) if c.is_minion else "",
            c.rarity,
            keyword_text(c.keywords),
        )
    return table


def card_panel(card: CardDef) -> Panel:
    """One card laid out like the printed card: header line, text, flavor."""
    head = Text()
    head.append(card.name, style="bold")
    head.append(f"   {cost_text(card)} ", style="bold")
    head.append(card.doom, style=DOOM_STYLE[card.doom])
    kind = card.type + (f" — {card.subtype}" if card.subtype else "")
    lines: list[Any] = [head, Text(kind, style="italic")]
    if card.is_minion:
        lines.append(Text(f"Strength {card.strength}"))
        if card.triggers:
            lines.append(Text("Trigger dooms: " + ", ".join(card.triggers)))
    if card.text:
        lines.append(Text(""))
        lines.append(Text(card.text))
    if card.attack_cost:
        parts = ", ".join(f"{n} {k}" for k, n in card.attack_cost)
        lines.append(Text(f"Attacking its controller costs {parts} per abomination."))
    if card.flavor:
        lines.append(Text(""))
        lines.append(Text(card.flavor, style="italic dim"))
    foot = f"{card.rarity} · set {card.set}" + (f" · #{card.number}" if card.number else "")
    return Panel(
        Group(*lines), subtitle=foot, border_style=DOOM_STYLE[card.doom], expand=False, width=64
    )


def show_cards(
    console: Console,
    pool: CardPool,
    query: str,
    card: str | None,
    as_json: bool,
    filters: dict[str, str | None],
) -> None:
    """What ``ossuary cards`` prints."""
    if card is not None:
        found = find_card(pool, card)
        if as_json:
            console.print_json(json.dumps(found.to_dict()))
        else:
            console.print(card_panel(found))
        return
    cards = search(pool, query, **filters)
    if as_json:
        # plain print: JSON for other tools, no colour codes or wrapping
        print(json.dumps([c.to_dict() for c in cards], indent=1, ensure_ascii=False))
        return
    if not cards:
        console.print("No cards match; try fewer words or filters (ossuary cards --help).")
        return
    console.print(card_table(cards))
