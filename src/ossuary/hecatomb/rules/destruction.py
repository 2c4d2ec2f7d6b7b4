"""Destruction (glossary "destroy", "sacrifice", "Martyr", "Regenerator",
"Soulbound"): minions destroyed together, each one's fate settled in turn
order; relics and gods destroyed.
"""

from __future__ import annotations

from typing import Any

from ..queries import abom_of, invalidate, minion_keywords
from ..state import MAX_SIZE, RULES, HecatombState
from .base import event, sever, take_minion, to_graveyard, to_hand, to_mana
from .triggers import queue_triggers


def destroy_minions(s: HecatombState, cids: list[int], cause: str) -> None:
    """Destroy minions together: all leave their abominations first, then each
    one's fate is settled in turn order (rulebook "Simultaneous Abilities"),
    and their "when destroyed" abilities wait in ``s.trig`` until whatever
    caused the destruction has finished (its caller flushes them).

    ``cause`` is ``combat``, ``effect`` or ``sacrifice``.
    """
    if not cids:
        return
    origin: dict[int, int] = {}
    for cid in cids:
        a = abom_of(s, cid)
        if a is None:
            continue
        origin[cid] = a.aid
        take_minion(s, cid)
        s.limbo.append(cid)
    order = sorted(origin, key=lambda c: (s.owner[c] - s.turn) % s.n)
    for cid in reversed(order):
        s.push("destroy_fate", cid, cause, origin[cid])


@RULES.step
def step_destroy_fate(s: HecatombState, cid: int, cause: str, origin: int) -> None:
    kw = minion_keywords(s, cid)
    p = s.owner[cid]
    if cause == "combat" and kw.get("soulbound"):
        dooms = kw["soulbound"]
        opts = tuple(
            f"stitch {aid}"
            for aid in s.seats[p].aboms
            if aid != origin and s.defs[s.aboms[aid].top].doom in dooms
        )
        if opts:
            s.ask("soulbound", p, (*opts, "no"), cid, cause)
            return
    finish_destroy(s, cid, cause)


@RULES.resume("soulbound")
def resume_soulbound(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    cid, cause = ctx
    if choice == "no":
        finish_destroy(s, cid, cause)
        return
    s.limbo.remove(cid)
    target = s.aboms[int(choice.split()[1])]
    target.cards.append(cid)
    target.stitched = True
    invalidate(s)
    while target.size > MAX_SIZE:
        sever(s, target.cards[-1])
    event(s, "soulbound", card=s.defs[cid].name, onto=target.aid)


def finish_destroy(s: HecatombState, cid: int, cause: str) -> None:
    s.limbo.remove(cid)
    kw = minion_keywords(s, cid)
    name = s.defs[cid].name
    if kw.get("regenerator") and cause != "sacrifice":
        to_hand(s, cid)
        event(s, "regenerate", card=name)
        return
    if kw.get("martyr"):
        to_mana(s, cid)
        event(s, "martyr", card=name)
    else:
        to_graveyard(s, cid)
        event(s, "destroyed", card=name, cause=cause)
    queue_triggers(s, cid, "destroyed")


def take_permanent(s: HecatombState, cid: int) -> bool:
    """Take a relic or god out of play (to go where its caller puts it); False
    when it is not in play."""
    seat = s.seats[s.owner[cid]]
    if cid in seat.relics:
        seat.relics.remove(cid)
    elif seat.god == cid:
        seat.god = -1
    else:
        return False
    invalidate(s)
    return True


def destroy_card(s: HecatombState, cid: int, cause: str) -> None:
    """Destroy a relic or god (to the graveyard)."""
    if not take_permanent(s, cid):
        return
    to_graveyard(s, cid)
    event(s, "destroyed", card=s.defs[cid].name, cause=cause)
    queue_triggers(s, cid, "destroyed")
