"""Cards leaving the field: destruction and simultaneous deaths (section 12),
dismissal, banishment, returning to hand, control ending (section 11).

A minion that leaves the field takes its record (damage, statuses) with it;
its relics go to their owners' graveyards (section 4, "Relic Cards").
"""

from __future__ import annotations

from typing import Any

from ..queries import controller_of, host_of, invalidate, slot_of, turn_order
from ..state import EMPTY, RULES, Minion, NecroState
from .base import event, finish, shuffle_deck, to_banished, to_graveyard, to_hand
from .triggers import fire


def leave_field(s: NecroState, cid: int, where: str, quiet: bool = False) -> None:
    """Take a minion off the field to ``where``: graveyard, hand, deck (shuffled
    in) or banished. Its relics go to the graveyard."""
    m = s.minions.pop(cid, None)
    if m is None:
        return
    row = s.seats[m.controller].minions
    if cid in row:
        row[row.index(cid)] = EMPTY
    for r in m.relics:
        to_graveyard(s, r)
        if not quiet:
            event(s, "relic_lost", card=s.defs[r].name, host=s.defs[cid].name)
    if cid in s.dying:
        s.dying.remove(cid)
    invalidate(s)
    if where == "graveyard":
        to_graveyard(s, cid)
    elif where == "hand":
        to_hand(s, cid)
    elif where == "deck":
        owner = s.owner[cid]
        s.seats[owner].deck.append(cid)
        shuffle_deck(s, owner)
    else:
        to_banished(s, cid)


def remove_magic(s: NecroState, cid: int) -> bool:
    """Take a magic card off the field (slot or relic) to its owner's graveyard."""
    where = slot_of(s, cid)
    if where is not None:
        q, k = where
        s.seats[q].magic[k] = EMPTY
        s.expiry.pop(cid, None)
        s.art_damage.pop(cid, None)
    else:
        host = host_of(s, cid)
        if host == EMPTY:
            return False
        s.minions[host].relics.remove(cid)
    if cid in s.dying:
        s.dying.remove(cid)
    invalidate(s)
    to_graveyard(s, cid)
    return True


def on_field(s: NecroState, cid: int) -> bool:
    return cid in s.minions or slot_of(s, cid) is not None or host_of(s, cid) != EMPTY


# =============================================================================
# Destruction, one card at a time (section 12)
# =============================================================================
def death_order(s: NecroState, cids: list[int]) -> list[int]:
    """Section 12, "Sequence of Resolution": the active player's minions from
    position 1 to 4, then their magic slots 1 to 3, then each other player's
    the same way in turn order. Relics come after their controller's slots."""
    wanted = set(cids)
    out: list[int] = []
    for q in turn_order(s, s.turn):
        seat = s.seats[q]
        out.extend(c for c in seat.minions if c in wanted)
        out.extend(c for c in seat.magic if c in wanted)
        out.extend(
            r for m in s.minions.values() for r in m.relics if r in wanted and s.owner[r] == q
        )
    out.extend(c for c in cids if c not in out)  # cards of players who have left
    return out


def destroy(s: NecroState, cids: list[int], cause: str) -> None:
    """Destroy cards together: each death and what it sets off is resolved in
    full, in the order of section 12, before the next. Until its turn comes a
    card stays on the field (it still counts) but can't be targeted or touched
    (``s.dying``)."""
    order = [c for c in death_order(s, list(dict.fromkeys(cids))) if c not in s.dying]
    order = [c for c in order if on_field(s, c)]
    s.dying.extend(order)
    for c in reversed(order):
        s.push("death", c, cause)


@RULES.step
def step_death(s: NecroState, cid: int, cause: str) -> None:
    """One card dies: to the graveyard, the game state updated, then its "on
    death" abilities, fully, before the next card of the batch."""
    if cid not in s.dying:
        return  # it left the field some other way meanwhile
    p = controller_of(s, cid)
    name = s.defs[cid].name
    if cid in s.minions:
        leave_field(s, cid, "graveyard")
    else:
        remove_magic(s, cid)
    event(s, "destroyed", p=p, card=name, cause=cause)
    fire(s, cid, p, "death")


@RULES.step
def step_destroy(s: NecroState, cids: tuple[int, ...], cause: str) -> None:
    destroy(s, list(cids), cause)


# =============================================================================
# Control (section 11, "Taking Control of Enemy Minions")
# =============================================================================
def move_to_row(s: NecroState, m: Minion, p: int, at: int) -> None:
    row = s.seats[m.controller].minions
    row[row.index(m.cid)] = EMPTY
    s.seats[p].minions[at] = m.cid
    m.controller = p
    invalidate(s)


def take_control(s: NecroState, cid: int, p: int, duration: str) -> None:
    """The minion moves to ``p``'s leftmost free space with its relics, damage and
    changes; with no free space the effect does nothing."""
    m = s.minions.get(cid)
    if m is None or m.controller == p:
        return
    free = [i for i, c in enumerate(s.seats[p].minions) if c == EMPTY]
    if not free:
        event(s, "control_failed", p=p, card=s.defs[cid].name)
        return
    before = m.controller
    move_to_row(s, m, p, free[0])
    if duration == "turn":
        m.taken = before if m.taken == EMPTY else m.taken
    else:
        m.taken = EMPTY
    event(s, "control", p=p, card=s.defs[cid].name, frm=before, duration=duration)


def end_borrowing(s: NecroState) -> None:
    """End of turn: borrowed minions go back as they are; to a full field (or
    a player who has left) they are destroyed instead."""
    for m in list(s.minions.values()):
        if m.taken == EMPTY:
            continue
        back = m.taken
        m.taken = EMPTY
        name = s.defs[m.cid].name
        free = [i for i, c in enumerate(s.seats[back].minions) if c == EMPTY]
        if s.seats[back].alive and free:
            move_to_row(s, m, back, free[0])
            event(s, "control_ends", p=back, card=name)
        else:
            event(s, "control_ends", p=back, card=name, full=True)
            destroy(s, [m.cid], "full field")


def relic_hosts(s: NecroState) -> dict[int, int]:
    return {r: m.cid for m in s.minions.values() for r in m.relics}


def describe(s: NecroState, cid: int) -> dict[str, Any]:
    return {"card": s.defs[cid].name}


# =============================================================================
# Losing (section 14): heroes at 0 health leave the game, with their cards
# =============================================================================
def eliminate(s: NecroState, losers: list[int], why: str) -> None:
    """Players who met a lose condition at the same time leave the game together.

    With 3-4 seats (our reading) the others play on: the losers' cards leave
    the field for their owners' graveyards without dying, and their actions
    waiting on the response stack are gone. The last player standing wins; if
    everyone left loses at once, the game is a draw.
    """
    for q in losers:
        s.seats[q].alive = False
        event(s, "lose", p=q, why=why)
    for q in losers:
        seat = s.seats[q]
        for c in list(seat.minions):
            if c != EMPTY:
                leave_field(s, c, "graveyard", quiet=True)
        for k, c in enumerate(seat.magic):
            if c != EMPTY:
                seat.magic[k] = EMPTY
                s.expiry.pop(c, None)
                s.art_damage.pop(c, None)
                to_graveyard(s, c)
    for m in list(s.minions.values()):  # minions the losers own, on other fields
        if s.owner[m.cid] in losers:
            leave_field(s, m.cid, "graveyard", quiet=True)
    for it in [it for it in s.rstack if it.player in losers]:
        s.rstack.remove(it)
        if it.kind == "card":
            to_graveyard(s, it.source)
    invalidate(s)
    alive = [q for q in range(s.n) if s.seats[q].alive]
    if len(alive) <= 1:
        s.pending = None
        s.stack.clear()
        if alive:
            s.winner = alive[0]
            event(s, "win", p=alive[0])
        else:
            event(s, "draw_game")
        finish(s)
        return
    if not s.seats[s.turn].alive:  # the active player is out: the next one begins
        s.pending = None
        s.stack.clear()
        for it in s.rstack:
            if it.kind == "card":
                to_graveyard(s, it.source)
        s.rstack.clear()
        s.dying.clear()
        s.push("next_turn")


@RULES.step
def step_check(s: NecroState) -> None:
    """Section 14: heroes at 0 health or less lose, all at the same moment."""
    if s.winner is not None or all(seat.health > 0 for seat in s.seats):
        return
    losers = [q for q in turn_order(s, s.turn) if s.seats[q].health <= 0]
    if losers:
        eliminate(s, losers, "health")
