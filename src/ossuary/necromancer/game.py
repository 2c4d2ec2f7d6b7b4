"""Starting a game (section 3) and rebuilding a saved one."""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from functools import partial
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ..engine.errors import OssuaryError, SetupError
from ..engine.game import check_setup
from ..engine.names import seat_name
from ..engine.rng import Rng
from ..engine.untrusted import load_document
from . import effects as _effects  # noqa: F401  (registers the effect verbs)
from . import explain, rules, view, words
from .cards import CardPool, base_pool
from .decks import deck_names, resolve_deck
from .invariants import check
from .state import RULES, RULESET, SLOTS, SPACES, VERSION, NecroState, Seat

MIN_SEATS, MAX_SEATS = 2, 4
TITLE = "Path of the Necromancer"
SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


class SavedGameError(OssuaryError):
    """A saved game (``serialize`` text) that can't be rebuilt."""


def new_game(
    decks: Sequence[Sequence[str] | str] | None = None,
    seats: int = 2,
    seed: int = 0,
    first: int | None = None,
    pool: CardPool | None = None,
) -> NecroState:
    """Set up a game and run to the first decision (a mulligan).

    ``decks``: per seat, card keys (a hero and 40 cards) or a preconstructed
    deck's name; None deals the preconstructed decks in turn. ``first``: the
    first player, or None to let the seed choose.
    """
    check_setup(TITLE, SEAT_COUNTS, seats, seed, first)  # a SetupError names what is wrong
    pool = pool or base_pool()
    if decks is None:
        names = deck_names()
        decks = [names[i % len(names)] for i in range(seats)]
    if len(decks) != seats:
        raise SetupError(f"{seats} seats need {seats} decks, got {len(decks)}")
    lists = [resolve_deck(d, pool, f"{seat_name(i)}'s deck") for i, d in enumerate(decks)]
    s = NecroState()
    s.n = seats
    s.decks = lists
    s.rng = Rng(seed)
    s.seed = seed
    for p, keys in enumerate(lists):
        seat = Seat()
        for key in keys:
            card = pool[key]
            s.defs.append(card)
            s.owner.append(p)
            s.known.append(0)
            cid = len(s.defs) - 1
            if card.type == "hero":
                seat.hero = cid  # section 3, step 1: the hero in its zone
            else:
                seat.deck.append(cid)
        s.seats.append(seat)
    s.index_reactions()
    chosen = s.rng.below(seats)  # always drawn, so a given first player keeps the same shuffles
    s.push("setup", chosen if first is None else first, first is not None)
    s.run()
    return s


# =============================================================================
# Saved games
# =============================================================================
class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class _Seat(_Strict):
    alive: bool
    banished: list[int]
    deck: list[int]
    graveyard: list[int]
    hand: list[int]
    health: int = Field(ge=-10_000, le=10_000)
    hero: int
    hero_used: bool
    lifeforce: int = Field(ge=0, le=10)
    magic: list[int] = Field(min_length=SLOTS, max_length=SLOTS)
    minions: list[int] = Field(min_length=SPACES, max_length=SPACES)
    turns: int = Field(ge=0)


class _Minion(_Strict):
    atk: int
    atk_turn: int
    attacks: int = Field(ge=0)
    cid: int
    controller: int
    damage: int = Field(ge=0)
    defended: bool
    dfn: int
    dfn_turn: int
    ensnare: tuple[int, int] | None
    granted: list[tuple[str, int | bool]]
    invisible: bool
    relics: list[int]
    taken: int


class _Saved(_Strict):
    ruleset: Literal["necromancer"]
    version: str
    cards: list[dict[str, Any]]
    instances: list[int]
    owner: list[int]
    known: list[int]
    decks: list[list[str]]
    n: int = Field(ge=MIN_SEATS, le=MAX_SEATS)
    seats: list[_Seat]
    minions: list[_Minion]
    turn: int
    turn_number: int = Field(ge=0)
    rstack: list[tuple[str, int, int, str | None, list[int], bool]]
    dying: list[int]
    art_damage: list[tuple[int, int]]
    expiry: list[tuple[int, int, int]]
    used: list[int]
    limbo: list[int]
    first: int
    seed: int | None
    history: list[str]
    ply: int = Field(ge=0)
    perspective: int | None
    stack: list[list[Any]]
    pending: tuple[str, int, list[str], list[Any]] | None
    rng: int = Field(ge=0, lt=1 << 64)
    log: list[dict[str, Any]]
    winner: int | None


def deserialize(text: str) -> NecroState:
    """Rebuild a state from :meth:`NecroState.serialize` text, checked: a text
    that is not a saved game of this version is a :class:`SavedGameError`. The
    text is read by the kernel's bounded loader (size, nesting, numbers)."""
    return load_document(
        text, SavedGameError, "a saved game", partial(_restore, text), fmt="json",
        source="not a saved game",
    )  # fmt: skip


def _restore(text: str | bytes, data: dict[str, Any], _source: str) -> NecroState:
    if data.get("ruleset") != RULESET:
        raise SavedGameError(f"not a saved game of {RULESET} (ruleset {data.get('ruleset')!r})")
    if data.get("version") != VERSION:
        raise SavedGameError(
            f"saved with {RULESET} rules version {data.get('version')!r}; this is version {VERSION}"
        )
    try:
        _Saved.model_validate_json(text)  # JSON mode: arrays are accepted as tuples
    except ValidationError as exc:
        err = exc.errors(include_url=False)[0]
        where = ".".join(str(x) for x in err["loc"])
        raise SavedGameError(f"not a saved game: field {where!r}: {err['msg']}") from None
    try:
        state = NecroState.from_json(data)
        _check_saved(state)
    except OssuaryError as exc:
        raise SavedGameError(f"not a saved game: {exc}") from None
    except (KeyError, IndexError, TypeError, ValueError, AssertionError) as exc:
        raise SavedGameError(
            f"not a saved game: inconsistent ({type(exc).__name__}: {exc})"
        ) from None
    return state


def _check_saved(s: NecroState) -> None:
    """What the shape check can't see: ids in range, every card in one place,
    steps and decisions the rules know, with the right number of arguments."""
    n_cards = len(s.defs)
    if len(s.owner) != n_cards or len(s.known) != n_cards or len(s.seats) != s.n:
        raise ValueError("card or seat tables of different lengths")
    if not all(0 <= q < s.n for q in s.owner) or not 0 <= s.turn < s.n:
        raise ValueError("a seat out of range")
    if s.winner is not None and not 0 <= s.winner < s.n:
        raise ValueError("the winner is not a seat")
    if s.perspective is not None and not 0 <= s.perspective < s.n:
        raise ValueError("the perspective is not a seat")
    for step_ in s.stack:
        fn = RULES.steps.get(step_[0]) if step_ and isinstance(step_[0], str) else None
        if fn is None:
            raise ValueError(f"unknown step {step_!r}")
        inspect.signature(fn).bind(s, *step_[1:])
    if s.pending is not None:
        if s.pending.kind not in RULES.resumes or not 0 <= s.pending.player < s.n:
            raise ValueError(f"unknown decision {s.pending!r}")
        if not s.pending.options or not all(isinstance(o, str) for o in s.pending.options):
            raise ValueError("a decision without options")
    check(s, deep=False)
    _try_options(s)


def _try_options(s: NecroState) -> None:
    """Every option of the saved decision can be taken (on a copy): a decision
    whose context was tampered with fails here, not later in someone's game."""
    pending = s.pending
    if pending is None:
        return
    for aid in pending.options:
        try:
            s.clone().apply_action(aid)
        except OssuaryError:
            raise
        except Exception as exc:
            raise ValueError(
                f"option {aid!r} of the saved decision can't be taken ({exc})"
            ) from None


# the one place the rules are bound: the state's behaviours (engine/rules.py)
RULES.bind_parts(view, words, explain.explain_illegal)


__all__ = ["MAX_SEATS", "MIN_SEATS", "SavedGameError", "deserialize", "new_game", "rules"]
