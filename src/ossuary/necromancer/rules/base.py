"""What every rules module shares: the step and decision registries, the event
log, lifeforce and health, moving cards between zones, and losing (section 14).

Each ``@step`` function runs one piece of the rules and may push more steps or
stop for a decision with ``s.ask``; each ``@resume`` function continues after
the decision of its kind. Sections are those of the core rulebook
(``shared/seeds/003``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..state import MAX_LIFEFORCE, START_HEALTH, NecroState

# effect verb -> fn(state, source_cid, controller, effect, target); filled by effects.py
VERBS: dict[str, Callable[..., None]] = {}

F = Callable[..., None]


def event(s: NecroState, kind: str, **fields: Any) -> None:
    fields["e"] = kind
    if s._log_shared:  # copy on write (see NecroState.clone)
        s.log = s.log[:]
        s._log_shared = False
    s.log.append(fields)


def all_bits(s: NecroState) -> int:
    return (1 << s.n) - 1


# =============================================================================
# Lifeforce and health (sections 8 and 14)
# =============================================================================
def gain_lifeforce(s: NecroState, p: int, n: int) -> int:
    """Section 8: lifeforce never exceeds 10 nor drops below 0; returns the change."""
    seat = s.seats[p]
    before = seat.lifeforce
    seat.lifeforce = max(0, min(MAX_LIFEFORCE, before + n))
    return seat.lifeforce - before


def pay(s: NecroState, p: int, n: int) -> None:
    seat = s.seats[p]
    assert seat.lifeforce >= n, "a cost was offered that can't be paid"
    seat.lifeforce -= n


def hurt_hero(s: NecroState, q: int, n: int, source: str, piercing: bool = False) -> None:
    """A hero takes damage; losing is checked once the action is over (``check``)."""
    if n <= 0 or not s.seats[q].alive:
        return
    s.seats[q].health -= n
    event(s, "hero_damage", p=q, amount=n, source=source, piercing=piercing)


def heal_hero(s: NecroState, q: int, n: int) -> None:
    """A hero heals back up to the health it started with (our reading: heal
    restores what was lost)."""
    seat = s.seats[q]
    got = max(0, min(START_HEALTH, seat.health + n) - seat.health)
    if got:
        seat.health += got
        event(s, "heal", p=q, amount=got)


# =============================================================================
# Zones
# =============================================================================
def draw(s: NecroState, p: int, n: int = 1) -> int:
    """Draw from the top; an empty deck draws nothing (the draw phase itself
    checks for a loss). Returns how many were drawn."""
    seat = s.seats[p]
    bit = 1 << p
    got = 0
    for _ in range(n):
        if not seat.deck:
            event(s, "deck_empty", p=p)
            break
        cid = seat.deck.pop()
        seat.hand.append(cid)
        s.known[cid] = bit
        event(s, "draw", p=p, card=s.defs[cid].name, private=p)
        got += 1
    return got


def shuffle_deck(s: NecroState, p: int) -> None:
    """Section 12, "Shuffling": after any look through a deck."""
    deck = s.seats[p].deck
    s.rng.shuffle(deck)
    for c in deck:
        s.known[c] = 0


def to_graveyard(s: NecroState, cid: int) -> None:
    s.seats[s.owner[cid]].graveyard.append(cid)
    s.known[cid] = 0


def to_hand(s: NecroState, cid: int) -> None:
    """A card returns to its owner's hand from a public zone: everyone saw it."""
    s.seats[s.owner[cid]].hand.append(cid)
    s.known[cid] = all_bits(s)


def to_banished(s: NecroState, cid: int) -> None:
    s.seats[s.owner[cid]].banished.append(cid)
    s.known[cid] = 0


def discard(s: NecroState, p: int, cid: int, why: str) -> None:
    """From hand to the graveyard, face up."""
    s.seats[p].hand.remove(cid)
    to_graveyard(s, cid)
    event(s, "discard", p=p, card=s.defs[cid].name, why=why)


# =============================================================================
# Losing and winning (section 14; who loses, and how they leave: leaving.py)
# =============================================================================
def finish(s: NecroState) -> None:
    """The game is over: nothing is pending. Cards on the response stack go to
    their owners' graveyards so every card stays somewhere."""
    for it in s.rstack:
        if it.kind == "card":
            to_graveyard(s, it.source)
    s.rstack.clear()
