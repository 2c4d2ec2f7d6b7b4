"""Starting a game, and the parts of the public API that need the rules."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.errors import DeckError, SetupError
from ..engine.game import check_setup
from ..engine.names import seat_name
from ..engine.rng import Rng
from ..engine.untrusted import shown
from . import effects as _effects  # noqa: F401  (registers the effect verbs)
from . import explain, rules, view, words
from .cards import CardPool, base_pool
from .decks import preconstructed, resolve_deck
from .saved import load_state
from .state import RULES, START_HAND, HecatombState

MIN_SEATS, MAX_SEATS = 2, 6
TITLE = "Hecatomb"
SEAT_COUNTS = tuple(range(MIN_SEATS, MAX_SEATS + 1))


def new_game(
    decks: Sequence[Sequence[str] | str] | None = None,
    seats: int = 2,
    seed: int = 0,
    first: int | None = None,
    pool: CardPool | None = None,
) -> HecatombState:
    """Set up a game (rulebook "Setup and Start") and run to the first decision.

    ``decks``: per seat, a list of card names or a preconstructed deck's name;
    None uses the preconstructed decks in turn. ``first``: the first player, or
    None to let the seed choose.
    """
    check_setup(TITLE, SEAT_COUNTS, seats, seed, first)  # a SetupError names what is wrong
    pool = pool or base_pool()
    if decks is None:
        names = list(preconstructed())
        decks = [names[i % len(names)] for i in range(seats)]
    if isinstance(decks, str) or not isinstance(decks, Sequence):
        raise SetupError(
            f"decks must be a list with one deck per seat (a preconstructed deck's name or "
            f"a list of card names), not {type(decks).__name__} {shown(decks)}"
        )
    if len(decks) != seats:
        raise DeckError(f"{seats} seats need {seats} decks (one deck per seat), got {len(decks)}")
    for i, deck in enumerate(decks):
        if isinstance(deck, str):
            continue
        if not isinstance(deck, list | tuple) or not all(isinstance(c, str) for c in deck):
            raise SetupError(
                f"{seat_name(i)}'s deck must be a preconstructed deck's name or a list of card "
                f"names, not {shown(deck)}"
            )
    lists = [resolve_deck(d, pool, f"{seat_name(i)}'s deck") for i, d in enumerate(decks)]
    s = HecatombState()
    s.n = seats
    s.decks = lists
    s.rng = Rng(seed)
    s.seed = seed
    rules.turn.deal(s, lists, pool)
    chosen = s.rng.below(seats)  # always drawn, so a given first player keeps the same shuffle
    s.first = chosen if first is None else first
    s.turn = s.first
    for p in range(seats):
        rules.base.draw(s, p, START_HAND)
    s.push("start_turn")
    s.run()
    return s


def deserialize(text: str) -> HecatombState:
    """Rebuild a state from :meth:`HecatombState.serialize` output, checked: a
    garbage, foreign or tampered text is a :class:`StateError` naming the field
    (see :mod:`ossuary.hecatomb.saved`)."""
    return load_state(text)


# the one place the rules are bound: the state's behaviours (engine/rules.py)
RULES.bind_parts(view, words, explain.explain_illegal)
