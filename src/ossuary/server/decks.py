"""Cards and decks in the browser: the gallery's data, decks checked as they
are built, and decks saved and shared.

Everything here reaches a game through the registry and the kernel's
:class:`~ossuary.engine.game.Game` API only: the card records, the filters of
``ossuary cards`` (:meth:`game.cards.matches`, :meth:`game.cards.values`), the
glossary of ``ossuary rules``, and the deck rules of ``ossuary deck check``
(:meth:`game.decks.read`, :meth:`game.decks.parse`): one source for the
terminal and the browser, so a deck's problems are worded the same in both.

**A saved deck** is its game, name and text (the CLI's text format, as the
player wrote or the builder made it), with a SHA-256 of its secret edit token
(the token itself is never stored) and whether it was legal when saved. A deck
that breaks the deck rules is kept as a draft: it can be edited and shared,
not played. Lines that can't be read at all (unknown cards, bad counts) are
refused, with suggestions, and nothing is saved.
"""

from __future__ import annotations

import ast
import asyncio
import functools
import hashlib
import re
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from .. import games
from ..engine.errors import OssuaryError, QueryError
from ..engine.game import Game, NotSupported
from .errors import RequestError, token_hash
from .limits import Buckets
from .storage import DeckRecord

#: decks one client (address) may keep on the server (docs/server.md, "Limits")
MAX_DECKS_PER_CLIENT = 200
#: deck checks (and saves, which check) a client may ask for a second, and at once
CHECKS_PER_SECOND = 5.0
CHECKS_BURST = 20.0
T = TypeVar("T")

_LINE = re.compile(r", line (\d+):")
# a Python repr of a string, as the deck messages quote card names
_QUOTED = re.compile(r"""'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*\"""")


def game_of(name: str, status: int = 404) -> Game:
    try:
        return games.get(name)
    except OssuaryError as exc:
        raise RequestError(str(exc), status) from None


def has_deck_lists(game: Game) -> bool:
    """Whether the game's players build decks (Diabolicards deals every seat
    from one shared deck: no lists)."""
    try:
        game.decks.format([])
    except NotSupported:
        return False
    return True


def card_key(record: dict[str, Any]) -> str:
    """What a deck list calls the card: its ``key`` where the game gives one (two
    cards share a name), else its name."""
    return str(record.get("key") or record["name"])


@functools.cache
def known_cards(game_name: str) -> frozenset[str]:
    try:
        return frozenset(card_key(r) for r in games.get(game_name).cards.records())
    except NotSupported:
        return frozenset()


# -- checking a deck as it is built ------------------------------------------------------------
def _quoted(message: str) -> list[str]:
    out = []
    for q in _QUOTED.findall(message):
        try:
            value = ast.literal_eval(q)
        except (ValueError, SyntaxError):
            continue
        if isinstance(value, str):
            out.append(value)
    return out


def problem(game: Game, message: str, deck: set[str], source: str = "") -> dict[str, Any]:
    """One problem line of ``parse_deck``, and what it is about, so a page can
    show it beside what is wrong: a line of the text it cites (one that can't
    be read; the known cards it names are suggestions), else the deck's cards
    it names (too many copies), else the deck as a whole (its size)."""
    known = known_cards(game.name)
    said = message[len(source) :] if source and message.startswith(source) else message
    named = [q for q in _quoted(said) if q in known]  # (the deck's own name is no card)
    line = _LINE.search(said)
    if line is not None:
        return {"message": message, "line": int(line[1]), "cards": [], "suggestions": named}
    return {
        "message": message,
        "line": None,
        "cards": [c for c in dict.fromkeys(named) if c in deck],
        "suggestions": [],
    }


def check(game: Game, text: str, source: str = "pasted deck") -> dict[str, Any]:
    """A deck list checked as ``ossuary deck check`` checks it, same messages:
    ``ok``; ``readable`` (False: a line can't be read, and ``cards`` is empty);
    ``cards`` (each card with its copies, :func:`counted`);
    ``message`` (every problem, as ``parse_deck`` words them, or that it is
    legal); ``problems`` (each with what it is about, :func:`problem`);
    ``cards``; and when readable, ``text`` (the list in the game's own format)
    and, when legal, ``summary`` (the terminal's)."""
    try:
        cards, problems = game.decks.read(text, source)
    except NotSupported as exc:
        raise RequestError(str(exc)) from None
    except OssuaryError as exc:
        message = str(exc)
        try:  # every problem at once, the deck rules' too, as ossuary deck check says them
            game.decks.parse(text, source)
        except OssuaryError as full:
            message = str(full)
        lines = message.splitlines()
        return {
            "ok": False,
            "readable": False,
            "message": message,
            "problems": [problem(game, p, set(), source) for p in lines],
            "cards": [],
        }
    deck = set(cards)
    out: dict[str, Any] = {
        "ok": not problems,
        "readable": True,
        "message": "\n".join(problems) if problems else f"{source}: a legal {game.title} deck",
        "problems": [problem(game, p, deck, source) for p in problems],
        "cards": counted(cards),
        "text": game.decks.format(cards),
    }
    if not problems:
        out["summary"] = plain(game.decks.summary(cards))
    return out


def counted(cards: list[str]) -> list[dict[str, Any]]:
    """A deck's cards as each card and its copies, in the order first listed: an
    answer grows with the lines of a deck, never with its copies."""
    counts: dict[str, int] = {}
    for card in cards:
        counts[card] = counts.get(card, 0) + 1
    return [{"card": card, "count": n} for card, n in counts.items()]


def plain(renderable: Any) -> str:
    """A rich renderable as plain text (the deck summary the terminal prints)."""
    import io

    from rich.console import Console

    buf = io.StringIO()
    Console(file=buf, width=80, color_system=None, highlight=False).print(renderable)
    return buf.getvalue().rstrip()


class DeckChecks:
    """Deck checks run off the event loop, one at a time, and a client may ask
    for :data:`CHECKS_PER_SECOND` of them a second (the builder checks after
    each change: a person clicks a few times a second)."""

    def __init__(self, rate: float = CHECKS_PER_SECOND, burst: float = CHECKS_BURST) -> None:
        self.buckets = Buckets(rate, burst)
        self._one = asyncio.Semaphore(1)

    async def run(self, client: str | None, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a thread, once ``client`` may have one more check."""
        if not self.buckets.allow(client):
            raise RequestError(
                f"too many deck checks at once: at most {self.buckets.rate:g} a second", 429
            )
        async with self._one:
            return await asyncio.to_thread(fn, *args)


# -- saved decks -------------------------------------------------------------------------------
def client_key(client: str | None) -> str | None:
    """Who saved a deck, for the limit per client: a hash of the address (the
    address itself is not kept)."""
    return None if client is None else hashlib.sha256(client.encode()).hexdigest()[:32]


def new_deck(
    game: Game, name: str, text: str, client: str | None, checked: dict[str, Any]
) -> tuple[DeckRecord, str]:
    """A deck to store, as :func:`readable` ``checked`` it, and its edit token."""
    token = secrets.token_urlsafe(24)
    now = time.time()
    record = DeckRecord(
        id=secrets.token_urlsafe(9),
        game=game.name,
        name=name,
        text=text,
        legal=checked["ok"],
        token_hash=token_hash(token),
        creator=client_key(client),
        created=now,
        updated=now,
    )
    return record, token


def too_many(count: int) -> RequestError:
    return RequestError(
        f"you have {count} decks saved on this server, the most it keeps for one player: "
        "delete one first",
        429,
    )


class Unreadable(RequestError):
    """A deck whose lines can't be read: nothing is saved; ``check`` says why."""

    def __init__(self, checked: dict[str, Any]) -> None:
        super().__init__(checked["message"], 400)
        self.checked = checked


def readable(game: Game, text: str, name: str) -> dict[str, Any]:
    if not has_deck_lists(game):
        raise RequestError(
            f"{game.title} deals every player from one shared deck: there are no decks to save"
        )
    checked = check(game, text, source=name)
    if not checked["readable"]:
        raise Unreadable(checked)
    return checked


def deck_answer(record: DeckRecord) -> dict[str, Any]:
    """What ``GET /api/decks/{id}`` says of a deck: checked afresh (the cards
    may have changed since it was saved). A deck check: run it off the loop."""
    game = game_of(record.game)
    checked = check(game, record.text, source=record.name)
    return {
        "id": record.id,
        "game": record.game,
        "name": record.name,
        "text": record.text,
        "cards": checked["cards"],
        "legal": checked["ok"],
        "problems": checked["problems"],
        "created": record.created,
        "updated": record.updated,
        "link": f"/decks/{record.id}",
    }


def owns(record: DeckRecord, token: str | None) -> None:
    """Refuse an edit without the deck's edit token."""
    if token is None:
        raise RequestError(
            "editing a deck needs its edit token in the header 'Authorization: Bearer TOKEN' "
            "(the private edit link carries it after '#')",
            403,
        )
    if not secrets.compare_digest(token_hash(token), record.token_hash):
        raise RequestError("that is not this deck's edit token", 403)


SAVED = "saved:"


def saved_id(entry: object) -> str | None:
    """The deck id of a ``saved:ID`` deck entry of ``POST /api/games``, else None."""
    if isinstance(entry, str) and entry.strip().lower().startswith(SAVED):
        return entry.strip()[len(SAVED) :].strip()
    return None


def playable(game: Game, record: DeckRecord | None, deck_id: str, who: str) -> list[str]:
    """A saved deck's cards for a game, or a refusal saying why not: no such
    deck, another game's, or a draft that breaks the deck rules."""
    if record is None:
        raise RequestError(f"{who}: no saved deck {deck_id!r}", 400)
    if record.game != game.name:
        other = game_of(record.game).title
        raise RequestError(
            f"{who}: saved deck {record.name!r} is a {other} deck, not a {game.title} one"
        )
    try:
        return game.decks.parse(record.text, source=f"{who} (saved deck {record.name!r})")
    except OssuaryError as exc:
        raise RequestError(
            f"{exc}\nA draft can be saved and shared, but not played: mend it in the builder"
        ) from None


# -- the gallery ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Filter:
    field: str
    label: str
    help: str
    values: list[str]


def _label(game: Game, field: str) -> str:
    headings = dict(game.cards.columns())
    heading = headings.get(field, "")
    if len(heading) > 3 and heading != field:
        return heading
    return field.replace("_", " ").capitalize()


@functools.cache
def gallery(game_name: str) -> dict[str, Any]:
    """Everything the card gallery and the deck builder need of a game's cards,
    computed once: each card's record, its search text (what ``ossuary cards``
    searches) and the filter values it matches (``card_matches``, as
    ``ossuary cards --FIELD VALUE``), the filters with their values, the sorts,
    the glossary (``ossuary rules``) and whether players build decks."""
    game = games.get(game_name)
    try:
        records = game.cards.records()
    except NotSupported:
        records = []
    filters: list[Filter] = []
    matches: list[dict[str, list[str]]] = [{} for _ in records]
    for field, help_text in game.cards.filters.items():
        kept = []
        for value in game.cards.values(field):
            try:
                hits = [i for i, r in enumerate(records) if game.cards.matches(r, field, value)]
            except QueryError:
                continue
            if not hits:
                continue
            kept.append(value)
            for i in hits:
                matches[i].setdefault(field, []).append(value)
        if len(kept) > 1:
            filters.append(Filter(field, _label(game, field), help_text, kept))
    # the filters that name the cards' families (Hecatomb's doom), for the builder's chart
    families = game.cards.groups()
    used: dict[str, None] = {}
    for i, r in enumerate(records):
        fam = families.get(card_key(r))
        naming = [
            f.label for f in filters if fam is not None and fam in matches[i].get(f.field, [])
        ]
        if naming and not any(label in used for label in naming):
            used[naming[-1]] = None
    family = " or ".join(used).capitalize() if used else ""
    numeric = []
    for field in dict.fromkeys(k for r in records for k in r):
        ints = sum(1 for r in records if isinstance(r.get(field), int)
                   and not isinstance(r.get(field), bool))  # fmt: skip
        if field != "number" and records and ints * 2 >= len(records):
            numeric.append({"field": field, "label": _label(game, field)})
    cards = []
    for i, record in enumerate(records):
        cells = game.cards.cells(record)
        cards.append(
            {
                "key": card_key(record),
                "order": i,
                "record": record,
                "cells": cells,
                "search": game.cards.search_text(record).lower(),
                "match": matches[i],
                "group": game.cards.groups().get(card_key(record), ""),
            }
        )
    return {
        "game": game.name,
        "title": game.title,
        "deck_lists": has_deck_lists(game),
        "filters": [f.__dict__ for f in filters],
        "sorts": [
            {"field": "order", "label": "Catalogue order"},
            {"field": "name", "label": "Name"},
            *numeric,
        ],
        "cards": cards,
        "columns": [{"field": f, "label": h} for f, h in game.cards.columns()],
        "family": family,
        "glossary": [{"term": t, "text": x} for t, x in game.lessons.glossary()],
        "decks": {n: c for n, c in game.decks.preconstructed().items()},
    }
