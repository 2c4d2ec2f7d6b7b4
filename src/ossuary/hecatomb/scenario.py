"""Scenarios: a TOML text that sets up any Hecatomb position (docs/scenarios.md).

Rules tests, puzzles and bug reports all use it::

    [game]
    active = 0            # whose turn it is
    step = "main"         # "main": in that player's main phase; "start": before their ready phase

    [[seat]]
    souls = 7
    hand = ["Snap"]
    mana = ["Razorback Hound", "Snap"]
    abominations = [["Razorback Hound", "Bonecrusher Brute"]]   # bottom to top

    [[seat]]
    abominations = [{ minions = ["Grave Hoarder", "Gilded Ghoul"], tapped = true }]

Card ids are given in reading order (seat by seat: hand, deck, mana, mana_tapped,
graveyard, removed, relics, god, abominations); abomination ids likewise.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, ValidationError

from ..engine.errors import ScenarioError
from ..engine.game import MAX_SEED
from ..engine.rng import Rng
from ..engine.untrusted import load_document, printable, shown
from .cards import DOOMS, CardDef, CardPool, base_pool
from .game import MAX_SEATS, MIN_SEATS
from .queries import invalidate
from .rules.base import check_win
from .state import MAX_SIZE, WIN_SOULS, Abomination, HecatombState, Seat

MAX_ZONE = 500  # cards in one zone of one seat
MAX_NUMBER = 999_999  # souls, mana in a pool, turns


class _Strict(BaseModel):
    """Scenario tables: unknown fields refused, types strict (``tapped = "false"`` is
    not a boolean, ``seats = 2.9`` not a seat count), numbers in range."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)


Name = Annotated[str, Field(max_length=200)]
Zone = Annotated[list[Name], Field(max_length=MAX_ZONE)]
Number = Annotated[int, Field(ge=0, le=MAX_NUMBER)]


class AbominationSpec(_Strict):
    minions: Annotated[list[Name], Field(min_length=1, max_length=MAX_SIZE)]
    tapped: bool = False
    played: bool = False
    stitched: bool = False


def _shorthand(value: Any) -> Any:
    """``["A", "B"]`` is short for ``{ minions = ["A", "B"] }``."""
    return {"minions": value} if isinstance(value, list) else value


class ManaPool(_Strict):
    corruption: Number = 0
    deceit: Number = 0
    destruction: Number = 0
    greed: Number = 0


class SeatSpec(_Strict):
    souls: Number = 5
    hand: Zone = []
    deck: Zone = []  # top card first
    mana: Zone = []
    mana_tapped: Zone = []
    mana_added: bool = False
    graveyard: Zone = []
    removed: Zone = []
    relics: Zone = []
    god: Name | None = None
    abominations: Annotated[
        list[Annotated[AbominationSpec, BeforeValidator(_shorthand)]],
        Field(max_length=MAX_ZONE),
    ] = []
    pool: ManaPool = ManaPool()


class GameSpec(_Strict):
    seats: int | None = Field(default=None, ge=MIN_SEATS, le=MAX_SEATS)
    active: int = Field(default=0, ge=0, lt=MAX_SEATS)
    step: Literal["main", "start"] = "main"
    turn_number: int = Field(default=3, ge=1, le=MAX_NUMBER)  # turns begun, counting this one
    first: int | None = Field(default=None, ge=0, lt=MAX_SEATS)
    seed: int = Field(default=0, gt=-MAX_SEED, lt=MAX_SEED)


class ScenarioSpec(_Strict):
    game: GameSpec = GameSpec()
    seat: Annotated[list[SeatSpec], Field(max_length=MAX_SEATS)] = []
    card: Annotated[list[dict[str, Any]], Field(max_length=1000)] = []


SEAT_FIELDS = set(SeatSpec.model_fields)
GAME_FIELDS = set(GameSpec.model_fields)


def _where(loc: tuple[int | str, ...]) -> str:
    """``("seat", 0, "abominations", 1, "tapped")`` -> ``seat 0: field
    'abominations.1.tapped'``; pydantic's validator tags are left out."""
    parts = [printable(str(p), 40) for p in loc if not (isinstance(p, str) and "[" in p)]
    if len(parts) >= 2 and parts[0] == "seat" and parts[1].isdigit():
        rest = ".".join(parts[2:])
        return f"seat {parts[1]}: field '{rest}'" if rest else f"seat {parts[1]}"
    if parts and parts[0] == "game" and len(parts) > 1:
        return f"[game] field '{'.'.join(parts[1:])}'"
    return f"field '{'.'.join(parts)}'" if parts else "the scenario"


def check_scenario(data: dict[str, Any], source: str) -> ScenarioSpec:
    """Validate parsed scenario data: the one place a scenario's shape is checked.
    A :class:`ScenarioError` lists what is wrong, where, and what would be right."""
    try:
        spec = ScenarioSpec.model_validate(data)
    except ValidationError as exc:
        errors = exc.errors(include_url=False)
        problems = []
        for err in errors[:10]:
            msg, loc = err["msg"], err["loc"]
            if err["type"] == "extra_forbidden":
                model: type[BaseModel] = ScenarioSpec
                if "pool" in loc:
                    model = ManaPool
                elif "abominations" in loc:
                    model = AbominationSpec
                elif loc[:1] in (("game",), ("seat",)):
                    model = GameSpec if loc[0] == "game" else SeatSpec
                msg = f"unknown field; known: {', '.join(sorted(model.model_fields))}"
            elif err["type"] == "model_type" and "abominations" in loc:
                msg = "an abomination is a list of minions, bottom to top, or a table " + (
                    "{ minions = [...], tapped = true }"
                )
            problems.append(f"{_where(err['loc'])}: {msg}")
        if len(errors) > 10:
            problems.append(f"and {len(errors) - 10} more")
        raise ScenarioError(f"{source}: " + "; ".join(problems)) from None
    n = spec.game.seats if spec.game.seats is not None else max(2, len(spec.seat))
    if len(spec.seat) > n:
        raise ScenarioError(f"{source}: {len(spec.seat)} [[seat]] tables for {n} seats")
    for name in ("active", "first"):
        value = getattr(spec.game, name)
        if value is not None and value >= n:
            raise ScenarioError(
                f"{source}: [game] field '{name}': must be a seat from 0 to {n - 1}, got {value}"
            )
    winners = [p for p, seat in enumerate(spec.seat) if seat.souls >= WIN_SOULS]
    if len(winners) > 1:
        raise ScenarioError(
            f"{source}: seats {', '.join(map(str, winners))} have {WIN_SOULS} or more souls; "
            "only one player can have won (glossary: souls)"
        )
    return spec


def load_scenario(text: str | Path, pool: CardPool | None = None) -> HecatombState:
    """Build the position a scenario describes and run to its first decision.

    A seat with 20 or more souls has won (glossary "souls"): the position loads
    as a finished game with that seat the winner.
    """
    source = str(text) if isinstance(text, Path) else "scenario"
    spec = load_document(text, ScenarioError, "a scenario", check_scenario, source=source)
    pool = pool or base_pool()
    if spec.card:
        extra = [CardDef.from_dict(c, f"{source} [[card]]") for c in spec.card]
        for card in extra:
            if card.name in pool:
                raise ScenarioError(
                    f"{source}: [[card]] {card.name!r} would replace the card of that name; "
                    "give a scenario's own card a name of its own"
                )
        pool = pool.with_cards(extra)
    return _build(spec, pool, source)


def _build(spec: ScenarioSpec, pool: CardPool, source: str) -> HecatombState:
    game = spec.game
    n = game.seats if game.seats is not None else max(2, len(spec.seat))
    seats = list(spec.seat) + [SeatSpec()] * (n - len(spec.seat))
    s = HecatombState()
    s.n = n
    s.rng = Rng(game.seed)
    s.seed = game.seed
    s.turn = game.active
    s.first = game.active if game.first is None else game.first
    s.turn_number = game.turn_number

    def card(name: str, p: int, where: str) -> int:
        if name not in pool:
            raise ScenarioError(f"{source}: seat {p} {where}: unknown card {shown(name)}")
        s.defs.append(pool[name])
        s.owner.append(p)
        s.known.append(0)
        return len(s.defs) - 1

    for p, raw in enumerate(seats):
        seat = _cards(s, p, raw, card)
        _permanents(s, seat, p, raw, card, source)
        s.seats.append(seat)
        for k, ab in enumerate(raw.abominations):
            seat.aboms.append(_abomination(s, p, f"abomination {k + 1}", ab, card, source))
    s.decks = [[s.defs[c].name for c in range(len(s.defs)) if s.owner[c] == p] for p in range(n)]
    invalidate(s)
    for p in range(n):
        check_win(s, p)  # glossary "souls": 20 or more and that player has won
    if s.winner is not None:
        return s
    if game.step == "main":
        s.push("main")
    else:
        s.push("start_turn")
        s.turn_number -= 1
    s.run()
    return s


#: names a card of the scenario's seat: (name, seat, where it is listed) -> its id
Card = Callable[[str, int, str], int]


def _cards(s: HecatombState, p: int, raw: SeatSpec, card: Card) -> Seat:
    """Seat ``p``'s souls, hand (known to it), deck (listed top first), mana,
    pool, graveyard and cards removed from the game."""
    seat = Seat()
    seat.souls = raw.souls
    for name in raw.hand:
        cid = card(name, p, "hand")
        seat.hand.append(cid)
        s.known[cid] = 1 << p
    seat.deck = [card(name, p, "deck") for name in raw.deck][::-1]  # listed top first
    seat.mana = [card(name, p, "mana") for name in raw.mana]
    for name in raw.mana_tapped:
        cid = card(name, p, "mana_tapped")
        seat.mana.append(cid)
        s.tapped.add(cid)
    seat.mana_added = raw.mana_added
    seat.graveyard = [card(name, p, "graveyard") for name in raw.graveyard]
    seat.removed = [card(name, p, "removed") for name in raw.removed]
    seat.pool = [getattr(raw.pool, doom) for doom in DOOMS]
    return seat


def _permanents(
    s: HecatombState, seat: Seat, p: int, raw: SeatSpec, card: Card, source: str
) -> None:
    """Seat ``p``'s relics and god, each of its type."""
    for name in raw.relics:
        cid = card(name, p, "relics")
        if s.defs[cid].type != "relic":
            raise ScenarioError(f"{source}: seat {p}: {name!r} is not a relic")
        seat.relics.append(cid)
    if raw.god:
        seat.god = card(raw.god, p, "god")
        if s.defs[seat.god].type != "god":
            raise ScenarioError(f"{source}: seat {p}: {raw.god!r} is not a god")


def _abomination(
    s: HecatombState, p: int, where: str, ab: AbominationSpec, card: Card, source: str
) -> int:
    """One of seat ``p``'s abominations, minions listed bottom first; a minion's
    conditional keywords are on where the one below triggers them. Its id."""
    cids = [card(m, p, where) for m in ab.minions]
    for cid in cids:
        if not s.defs[cid].is_minion:
            raise ScenarioError(f"{source}: seat {p} {where}: {s.defs[cid].name!r} is not a minion")
    a = Abomination(s.next_aid, p, cids)
    s.next_aid += 1
    a.tapped = ab.tapped
    a.played = ab.played
    a.stitched = ab.stitched
    s.aboms[a.aid] = a
    for below, above in itertools.pairwise(cids):
        d = s.defs[above]
        if d.cond_keywords and d.cond_doom in s.defs[below].triggers:
            s.cond_on.add(above)
    return a.aid
