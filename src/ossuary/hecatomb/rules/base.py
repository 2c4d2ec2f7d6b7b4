"""What every rules module shares: the effect verbs' registry, the event log,
souls and winning (glossary "souls"), drawing, moving cards between zones, and
abominations made, split and stitched (glossary "stitch", "sever").
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from ..queries import abom_of, invalidate
from ..state import MAX_SIZE, WIN_SOULS, Abomination, HecatombState

# effect verb -> fn(state, source_cid, controller, key, effect, target, x); filled by effects.py
VERBS: dict[str, Callable[..., None]] = {}


# the option that steps back out of a play before it is paid for (seats in
# ``cancel_seats`` only; see playing.begin_play)
CANCEL: Final = "cancel"


def event(s: HecatombState, kind: str, **fields: Any) -> None:
    fields["e"] = kind
    s.log.append(fields)


def check_win(s: HecatombState, p: int) -> None:
    """Glossary "souls": a player with 20 or more souls wins at once."""
    if s.winner is None and s.seats[p].souls >= WIN_SOULS:
        s.winner = p
        s.pending = None
        s.stack.clear()
        event(s, "win", p=p, souls=s.seats[p].souls)


def gain_souls(s: HecatombState, p: int, n: int) -> None:
    if n > 0:
        s.seats[p].souls += n
        check_win(s, p)


def lose_souls(s: HecatombState, p: int, n: int) -> int:
    """Souls never go below zero; returns how many were lost."""
    seat = s.seats[p]
    n = min(n, seat.souls)
    seat.souls -= n
    return n


def draw(s: HecatombState, p: int, n: int) -> None:
    """Draw from the top; an empty deck draws nothing (rulebook "Deck")."""
    seat = s.seats[p]
    bit = 1 << p
    for _ in range(n):
        if not seat.deck:
            event(s, "draw_empty", p=p)
            return
        cid = seat.deck.pop()
        seat.hand.append(cid)
        s.known[cid] |= bit
        event(s, "draw", p=p, card=s.defs[cid].name, private=p)


def reveal_all(s: HecatombState, cid: int) -> None:
    s.known[cid] = (1 << s.n) - 1


def to_hand(s: HecatombState, cid: int, public: bool = True) -> None:
    p = s.owner[cid]
    s.seats[p].hand.append(cid)
    s.known[cid] = (1 << s.n) - 1 if public else 1 << p


def to_graveyard(s: HecatombState, cid: int) -> None:
    s.seats[s.owner[cid]].graveyard.append(cid)
    s.known[cid] = 0


def to_mana(s: HecatombState, cid: int) -> None:
    """Mana cards are put in untapped (glossary "mana zone")."""
    s.seats[s.owner[cid]].mana.append(cid)
    s.tapped.discard(cid)
    s.known[cid] = 0


def new_abomination(s: HecatombState, p: int, cards: list[int]) -> Abomination:
    aid = s.next_aid
    s.next_aid += 1
    a = Abomination(aid, p, cards)
    s.aboms[aid] = a
    s.seats[p].aboms.append(aid)
    invalidate(s)
    return a


def take_minion(s: HecatombState, cid: int) -> Abomination | None:
    """Lift a minion out of its abomination (the stack closes up). Returns the
    abomination it left, or None when that abomination is gone."""
    a = abom_of(s, cid)
    if a is None:
        return None
    a.cards.remove(cid)
    s.minion_mod.pop(cid, None)
    s.cond_on.discard(cid)
    invalidate(s)
    if not a.cards:
        del s.aboms[a.aid]
        s.seats[a.owner].aboms.remove(a.aid)
        leave_combat(s, a.aid)
        return None
    if a.size < 2:
        leave_combat(s, a.aid)
    return a


def leave_combat(s: HecatombState, aid: int) -> None:
    """Rulebook "One-Minion Abominations in Combat": leaves combat at once.

    An attacker that was blocked stays blocked (rulebook "Assign blockers").
    """
    c = s.combat
    if c is None:
        return
    if aid in c.attackers:
        c.attackers.remove(aid)
        c.blocks.pop(aid, None)
        event(s, "leaves_combat", a=aid)
    for att, blk in list(c.blocks.items()):
        if blk == aid:
            del c.blocks[att]
            event(s, "leaves_combat", a=aid)


def stitch_onto(s: HecatombState, cid: int, target: Abomination | None, p: int) -> None:
    """Glossary "stitch": no conditional abilities; the abomination can't attack
    this turn; minions above five are severed from the top."""
    take_minion(s, cid)
    if target is None or target.aid not in s.aboms:
        a = new_abomination(s, p, [cid])
        a.stitched = True
    else:
        target.cards.append(cid)
        target.stitched = True
        invalidate(s)
        while target.size > MAX_SIZE:
            sever(s, target.cards[-1])
    event(s, "stitch", card=s.defs[cid].name, onto=None if target is None else target.aid)


def sever(s: HecatombState, cid: int) -> None:
    """Glossary "sever": the minion becomes a new, untapped abomination."""
    take_minion(s, cid)
    new_abomination(s, s.owner[cid], [cid])
    event(s, "sever", card=s.defs[cid].name)
