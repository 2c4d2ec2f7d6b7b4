"""What makes a Path of the Necromancer position legal: the one statement of it.

Two readers ask: the fuzzer, after every action of random playouts (``python
-m ossuary.fuzz --game necromancer``, which adds the kernel's checks: clone,
serialization, samples, exact replay, and every view judged from where the
cards truly lie: :func:`card_places`), and the loader of saved states
(``game.deserialize``), once the file's format is checked. A legal position:
every card in exactly one place, health and lifeforce in bounds, the field's
shape, one land each, no private log event naming its cards to another seat.
"""

from __future__ import annotations

from collections import Counter

from ..engine.contract import CardPlace, CardPlaces, InvariantError, private_event_leak
from .state import EMPTY, MAX_LIFEFORCE, SLOTS, SPACES, START_HEALTH, NecroState, Seat


def all_card_places(s: NecroState) -> Counter[int]:
    """How many places each card is in (each must be in exactly one)."""
    seen: Counter[int] = Counter()
    for seat in s.seats:
        if seat.hero != EMPTY:
            seen[seat.hero] += 1
        for zone in (seat.deck, seat.hand, seat.graveyard, seat.banished):
            seen.update(zone)
        seen.update(c for c in seat.minions if c != EMPTY)
        seen.update(c for c in seat.magic if c != EMPTY)
    for m in s.minions.values():
        seen.update(m.relics)
    seen.update(it.source for it in s.rstack if it.kind == "card")
    seen.update(s.limbo)
    return seen


def card_places(s: NecroState) -> list[CardPlace]:
    """Where every card truly lies (``game.checks.card_places``): each seat's deck and
    hand are hidden; heroes, the field, relics, graveyards, banished cards, the
    response stack and cards between zones are public."""
    places = CardPlaces([d.name for d in s.defs], s.known)  # EMPTY slots are passed over
    for p, seat in enumerate(s.seats):
        places.put(seat.deck, "deck", p)
        places.put(seat.hand, "hand", p)
        places.put([seat.hero], "hero", -1)
        places.put(seat.minions, "field", -1)
        places.put(seat.magic, "field", -1)
        places.put(seat.graveyard, "graveyard", -1)
        places.put(seat.banished, "banished", -1)
    for m in s.minions.values():
        places.put(m.relics, "field", -1)
    places.put((it.source for it in s.rstack if it.kind == "card"), "stack", -1)
    places.put(s.limbo, "between zones", -1)
    return places.places()


def hidden_from(s: NecroState, seat: int) -> set[int]:
    """Cards whose identity ``seat`` may not see: every deck, others' unknown hand cards."""
    bit = 1 << seat
    out: set[int] = set()
    for p, st in enumerate(s.seats):
        out.update(c for c in st.deck if not s.known[c] & bit)
        if p != seat:
            out.update(c for c in st.hand if not s.known[c] & bit)
    return out


def _check_cards(s: NecroState) -> None:
    """Every card of the game is in exactly one place."""
    places = all_card_places(s)
    n_cards = len(s.defs)
    if (
        set(places) - set(range(n_cards))
        or len(places) != n_cards
        or any(v != 1 for v in places.values())
    ):
        lost = sorted(set(range(n_cards)) - set(places))
        twice = [c for c, v in places.items() if v != 1 or not 0 <= c < n_cards]
        raise InvariantError(f"cards lost {lost} or in two places (or unknown) {twice}")


def _check_counters(s: NecroState, p: int, seat: Seat) -> None:
    """A seat's hero, lifeforce (section 8's cap) and health (a living seat at
    0 is gone before the next main phase or mulligan)."""
    if seat.hero == EMPTY or s.defs[seat.hero].type != "hero" or s.owner[seat.hero] != p:
        raise InvariantError(f"seat {p} has no hero in its hero zone")
    if not 0 <= seat.lifeforce <= MAX_LIFEFORCE:
        raise InvariantError(f"seat {p} has {seat.lifeforce} lifeforce")
    if seat.health > START_HEALTH or (
        seat.alive
        and seat.health <= 0
        and s.pending is not None
        and s.pending.kind in ("main", "mulligan")
    ):
        raise InvariantError(f"seat {p} has {seat.health} health")


def _check_field(s: NecroState, p: int, seat: Seat, on_rows: dict[int, int]) -> None:
    """A seat's four minion spaces hold minions (noted in ``on_rows``), its
    three magic slots artifacts, events and at most one land (section 15)."""
    if len(seat.minions) != SPACES or len(seat.magic) != SLOTS:
        raise InvariantError(f"seat {p}'s field has the wrong number of spaces")
    for c in seat.minions:
        if c != EMPTY:
            on_rows[c] = p
            if not s.defs[c].is_minion:
                raise InvariantError(f"{s.defs[c].name} is in a minion space")
    lands = 0
    for c in seat.magic:
        if c != EMPTY:
            if s.defs[c].type not in ("artifact", "event", "land"):
                raise InvariantError(f"{s.defs[c].name} is in a magic slot")
            lands += s.defs[c].type == "land"
    if lands > 1:
        raise InvariantError(f"seat {p} has {lands} lands (section 15: one)")


def _check_minions(s: NecroState, on_rows: dict[int, int]) -> None:
    """The minion records match the minion spaces: same cards, same rows,
    no negative damage, only relics attached."""
    if on_rows.keys() != s.minions.keys():
        raise InvariantError("the minion records are out of step with the minion spaces")
    for cid, m in s.minions.items():
        if m.cid != cid or on_rows[cid] != m.controller:
            raise InvariantError(f"minion {cid} is on the wrong row")
        if m.damage < 0 or any(s.defs[r].type != "relic" for r in m.relics):
            raise InvariantError(f"minion {cid} has negative damage or a non-relic attached")


def check(s: NecroState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant: the
    cards, each seat's counters and field, the minion records; ``deep`` also
    asks whether a private event leaks."""
    _check_cards(s)
    on_rows: dict[int, int] = {}
    for p, seat in enumerate(s.seats):
        _check_counters(s, p, seat)
        _check_field(s, p, seat, on_rows)
        if any(s.defs[c].type == "hero" for z in (seat.deck, seat.hand) for c in z):
            raise InvariantError(f"a hero is in seat {p}'s deck or hand")
    _check_minions(s, on_rows)
    if not deep:
        return
    leak = private_event_leak(s, s.n)
    if leak is not None:
        raise InvariantError(leak)
