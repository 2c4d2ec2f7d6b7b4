"""Hecatomb's invariants, checked after every action of random playouts.

The generic runner (``python -m ossuary.fuzz --game hecatomb``, ``make fuzz``)
plays the games and adds the kernel's checks (clone, serialization, samples,
exact replay, and every view judged from where the cards truly lie:
:func:`card_places`); this module says what must hold in a Hecatomb position.
"""

from __future__ import annotations

from collections import Counter

from ..engine.contract import CardPlace, private_event_leak
from ..engine.rng import Rng
from .cards import base_pool
from .decks import random_deck
from .state import MAX_SIZE, HecatombState


class InvariantError(AssertionError):
    pass


def all_card_places(s: HecatombState) -> Counter[int]:
    seen: Counter[int] = Counter()
    for seat in s.seats:
        for zone in (seat.deck, seat.hand, seat.mana, seat.graveyard, seat.removed, seat.relics):
            seen.update(zone)
        if seat.god >= 0:
            seen[seat.god] += 1
    for a in s.aboms.values():
        seen.update(a.cards)
    seen.update(s.limbo)
    return seen


def card_places(s: HecatombState) -> list[CardPlace]:
    """Where every card truly lies (``Game.card_places``): each seat's deck and
    hand are hidden; play, mana, graveyard, removed cards and cards being played
    are public."""
    out: list[CardPlace | None] = [None] * len(s.defs)

    def put(cards: list[int], zone: str, p: int) -> None:
        for c in cards:
            out[c] = CardPlace(s.defs[c].name, zone, p, s.known[c])

    for p, seat in enumerate(s.seats):
        put(seat.deck, "deck", p)
        put(seat.hand, "hand", p)
        for zone in ("mana", "graveyard", "removed", "relics"):
            put(getattr(seat, zone), zone, -1)
        if seat.god >= 0:
            put([seat.god], "god", -1)
    for a in s.aboms.values():
        put(a.cards, "play", -1)
    put(s.limbo, "being played", -1)
    missing = [c for c, place in enumerate(out) if place is None]
    if missing:
        raise InvariantError(f"cards {missing} are nowhere")
    return [place for place in out if place is not None]


def hidden_from(s: HecatombState, seat: int) -> set[int]:
    bit = 1 << seat
    out = set()
    for p, st in enumerate(s.seats):
        out.update(st.deck)
        if p != seat:
            out.update(c for c in st.hand if not s.known[c] & bit)
    return out


def check(s: HecatombState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant."""
    places = all_card_places(s)
    n_cards = len(s.defs)
    if len(places) != n_cards or any(v != 1 for v in places.values()):
        lost = set(range(n_cards)) - set(places)
        twice = [c for c, v in places.items() if v != 1]
        raise InvariantError(f"cards lost {sorted(lost)} or in two places {twice}")
    for p, seat in enumerate(s.seats):
        if seat.souls < 0:
            raise InvariantError(f"seat {p} has negative souls")
        for aid in seat.aboms:
            a = s.aboms[aid]
            if not 1 <= a.size <= MAX_SIZE or a.owner != p:
                raise InvariantError(f"abomination {aid} has {a.size} minions")
    if sum(len(seat.aboms) for seat in s.seats) != len(s.aboms):
        raise InvariantError("abomination index out of step with seats")
    if not deep:
        return
    leak = private_event_leak(s, s.n)
    if leak is not None:
        raise InvariantError(leak)


def fuzz_decks(seed: int, seats: int) -> list[list[str] | str] | None:
    """Even seeds use the preconstructed decks; odd seeds give every seat a random
    legal two-doom deck, so every card of the base set gets played."""
    if seed % 2 == 0:
        return None
    return [random_deck(base_pool(), Rng(seed * 31 + k)) for k in range(seats)]
