"""What makes a Diabolicards position legal: the one statement of it.

Two readers ask: the fuzzer, after every action of random playouts (``python
-m ossuary.fuzz --game diabolicards``, ``make fuzz GAME=diabolicards``: 1v1 and
2v2 in turn, with the kernel's checks: clone, serialization, samples, exact
replay, and every view judged from where the cards truly lie:
:func:`card_places`), and the loader of saved states (``game.deserialize``),
once the file's format is checked. A legal position: all 80 cards accounted
for across deck, hands, contracts, mat and dead pile, each exactly once; the
mat's index in step with its slots; no log event with ``seen_by`` naming its
cards to anyone else.
"""

from __future__ import annotations

from collections import Counter

from ..engine.contract import CardPlace, CardPlaces, InvariantError
from .cards import DECK_SIZE
from .state import ACTIVATION, REGULAR, SCORCH, SLOTS, DiaboState, code
from .view import redact_event


def all_card_places(s: DiaboState) -> Counter[int]:
    """How many times each card appears across deck, hands, contracts, mat, dead."""
    seen: Counter[int] = Counter(s.deck)
    for hand in s.hands:
        seen.update(hand)
    seen.update(c for c in s.contracts if c >= 0)
    seen.update(s.dead)
    for side in (0, 1):
        for z in range(3):
            seen.update(s.mat[side][z])
            seen.update(s.scorch[side][z])
            if s.act[side][z] >= 0:
                seen[s.act[side][z]] += 1
    return seen


def card_places(s: DiaboState) -> list[CardPlace]:
    """Where every card truly lies (``game.checks.card_places``): the one deck all seats
    share and each hand are hidden; the mat, the contracts and the dead pile
    are public."""
    places = CardPlaces([d.name for d in s.defs], s.known)
    places.put(s.deck, "deck", -1)
    for p, hand in enumerate(s.hands):
        places.put(hand, "hand", p)
    places.put(s.contracts, "contracts", -1)
    places.put(s.dead, "dead", -1)
    for side in (0, 1):
        for z in range(3):
            places.put([*s.mat[side][z], *s.scorch[side][z], s.act[side][z]], "mat", -1)
    return places.places()


def _check_cards(s: DiaboState) -> None:
    """All 80 cards, each in exactly one place."""
    places = all_card_places(s)
    if len(places) != DECK_SIZE or any(v != 1 for v in places.values()) or len(s.defs) != 80:
        lost = set(range(DECK_SIZE)) - set(places)
        twice = [c for c, v in places.items() if v != 1]
        raise InvariantError(f"cards lost {sorted(lost)} or in two places {twice}")


def _check_slot(s: DiaboState, side: int, z: int, kind: int, c: int) -> None:
    """A card on the mat: its place index, a controller on its side, and the
    kind of slot its card allows (scorched cards in scorch slots, only
    diabolical ones in the activation slot)."""
    d = s.defs[c]
    if s.place[c] != code(side, z, kind):
        raise InvariantError(f"{d.name}: place index out of step")
    if not 0 <= s.ctrl[c] < s.n or s.ctrl[c] % 2 != side:
        raise InvariantError(f"{d.name}: controller {s.ctrl[c]} not on side {side}")
    if (kind == SCORCH) != d.scorched or (kind == ACTIVATION and not d.diabolical):
        raise InvariantError(f"{d.name} is in the wrong kind of slot")


def _check_zone(s: DiaboState, side: int, z: int, on_mat: set[int]) -> None:
    """One side of one zone: not over its slots, empty when sealed, each card
    in its right slot (noted in ``on_mat``)."""
    regular = s.mat[side][z]
    if len(regular) > SLOTS:
        raise InvariantError(f"side {side} zone {z} holds {len(regular)} cards")
    if s.sealed[z] and (regular or s.scorch[side][z] or s.act[side][z] >= 0):
        raise InvariantError(f"sealed zone {z} is not empty")
    for kind, cards in (
        (REGULAR, regular),
        (SCORCH, s.scorch[side][z]),
        (ACTIVATION, [s.act[side][z]] if s.act[side][z] >= 0 else []),
    ):
        for c in cards:
            _check_slot(s, side, z, kind, c)
            on_mat.add(c)


def _check_off_mat(s: DiaboState, on_mat: set[int]) -> None:
    """A card off the mat has no place or controller, and nothing that binds
    or changes cards (bonds, boosts, hinders) names one."""
    for c in range(DECK_SIZE):
        if c not in on_mat and (s.place[c] != -1 or s.ctrl[c] != -1):
            raise InvariantError(f"{s.defs[c].name} is off the mat but has a place")
    for group in (s.sticks, s.pacts):
        for bond in group:
            if not all(c in on_mat for c in bond):
                raise InvariantError(f"a bond {bond} holds a card off the mat")
    for m in s.mods:
        if m[2] not in on_mat:
            raise InvariantError(f"a boost or hinder on a card off the mat: {m}")


def _check_log(s: DiaboState) -> None:
    """The log's own marks: an event with seen_by names its cards to those
    seats only (every view is also judged from where the cards truly lie:
    ossuary.fuzz.ViewCheck)."""
    seats: list[int | None] = [*range(s.n), None]  # None: a spectator
    for event in s.log:
        # the log as each seat gets it (redacting without the copy a view makes)
        seen_by = event.get("seen_by")
        if seen_by is None:
            continue
        for who in seats:
            shown = redact_event(event, who)
            if who not in seen_by and ("card" in shown or "cards" in shown):
                raise InvariantError(f"seat {who}'s log shows a private card")


def check(s: DiaboState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if the state breaks an invariant: the
    cards, the mat zone by zone, what lies off it, zero-sum returns at the
    end; ``deep`` also reads the log's privacy marks."""
    _check_cards(s)
    on_mat: set[int] = set()
    for side in (0, 1):
        for z in range(3):
            _check_zone(s, side, z, on_mat)
    _check_off_mat(s, on_mat)
    if s.is_terminal() and s.pending is None:
        r = s.returns()
        if abs(sum(r)) > 1e-9:
            raise InvariantError(f"returns {r} are not zero-sum")
    if deep:
        _check_log(s)
