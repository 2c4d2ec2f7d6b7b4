"""``ossuary cards``: search any game's cards and show them as a table, one card or JSON.

The command knows no game: records, filters, columns and the full-card picture
all come from the game's registry entry (:class:`~ossuary.engine.game.Game`).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Mapping, Sequence
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..engine.errors import QueryError
from ..engine.game import CardRecord, Game
from .errors import CliError

MAX_ARGS = 40


def parse_filters(game: Game, args: Sequence[str]) -> tuple[dict[str, str], list[str]]:
    """``["undead", "--doom", "greed", "--cost=2-3"]`` -> the filters
    ``{"doom": "greed", "cost": "2-3"}`` (each field checked against the game's)
    and the search words ``["undead"]``."""
    if len(args) > MAX_ARGS:
        raise CliError(f"too many arguments ({len(args)}); at most {MAX_ARGS}")
    filters: dict[str, str] = {}
    words: list[str] = []
    rest = list(args)
    while rest:
        arg = rest.pop(0)
        if not arg.startswith("--"):
            words.append(arg)
            continue
        field, eq, value = arg[2:].partition("=")
        field = field.replace("-", "_").lower()
        if field not in game.cards.filters:
            known = "; ".join(f"--{k} ({v})" for k, v in game.cards.filters.items()) or "none"
            raise CliError(
                f"{game.title} cards have no filter {arg.split('=')[0]!r}; filters: {known}"
            )
        if not eq:
            if not rest or rest[0].startswith("--"):
                raise CliError(f"{arg} needs a value ({game.cards.filters[field]})")
            value = rest.pop(0)
        filters[field] = value
    return filters, words


def search(
    game: Game, records: list[CardRecord], query: str, filters: Mapping[str, str]
) -> list[CardRecord]:
    """Records matching every filter and every word of ``query``."""
    words = query.lower().split()
    out = []
    for record in records:
        try:
            if not all(game.cards.matches(record, f, v) for f, v in filters.items()):
                continue
        except QueryError as exc:
            raise CliError(str(exc)) from None
        haystack = game.cards.search_text(record).lower()
        if all(w in haystack for w in words):
            out.append(record)
    return out


def find_card(records: list[CardRecord], name: str) -> CardRecord:
    """One card by exact, case-insensitive or unique partial name; else a clear error."""
    lower = name.strip().lower()
    # a record's "key", where a game gives one, tells apart cards sharing a name
    keyed = [r for r in records if str(r.get("key", "")).lower() == lower]
    if keyed:
        return keyed[0]
    exact = [r for r in records if r["name"] == name] or [
        r for r in records if r["name"].lower() == lower
    ]
    if len(exact) > 1 and all("key" in r for r in exact):
        listed = ", ".join(repr(r["key"]) for r in exact)
        raise CliError(f"{name!r} names {len(exact)} cards: say which, {listed}")
    if exact:
        return exact[0]
    partial = [r for r in records if lower and lower in r["name"].lower()]
    if len(partial) == 1:
        return partial[0]
    if len(partial) > 1:
        listed = ", ".join(sorted(r["name"] for r in partial)[:8])
        raise CliError(f"{name!r} matches {len(partial)} cards: {listed}; give more of the name")
    close = difflib.get_close_matches(name, [r["name"] for r in records], n=3)
    hint = f"; did you mean {', '.join(repr(c) for c in close)}?" if close else ""
    raise CliError(f"no card named {name!r}{hint}")


def card_table(game: Game, records: list[CardRecord]) -> Table:
    table = Table(title=f"{len(records)} card{'s' * (len(records) != 1)}", header_style="bold")
    columns = game.cards.columns()
    for _, heading in columns:
        table.add_column(heading)
    for record in records:
        cells = {**record, **game.cards.cells(record)}
        table.add_row(*(_cell(cells.get(field)) for field, _ in columns))
    return table


def _cell(value: object) -> Text:
    """A table cell: nothing for a field the card does not have (None, ""); a 0
    is a value like any other (a Diabolicards card of power 0, a free spell)."""
    if value is None or value == "":
        return Text("")
    if isinstance(value, list | tuple):
        return Text(", ".join(str(v) for v in value))
    return Text(str(value))


def show_cards(
    console: Console,
    game: Game,
    query: str,
    card: str | None,
    as_json: bool,
    filter_args: Sequence[str],
    card_file: Path | None = None,
) -> None:
    """What ``ossuary cards`` prints."""
    records = game.cards.records(card_file)
    if card is not None:
        found = find_card(records, card)
        if as_json:
            print(json.dumps(found, indent=1, ensure_ascii=False))
        else:
            console.print(game.cards.detail(found))
        return
    filters, words = parse_filters(game, [query, *filter_args] if query else filter_args)
    found_all = search(game, records, " ".join(words), filters)
    if as_json:
        # plain print: JSON for other tools, no colour codes or wrapping
        print(json.dumps(found_all, indent=1, ensure_ascii=False))
        return
    if not found_all:
        console.print("No cards match; try fewer words or filters (ossuary cards --help).")
        return
    console.print(card_table(game, found_all))
