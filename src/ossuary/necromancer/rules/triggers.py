"""Abilities and their effects (section 11, "Traits and Effects"; section 12, timing).

A triggered ability ("when summoned", "on death", "at the start of your
turn"...) is pushed as an ``ability`` step when its event happens; it checks
its condition when it resolves, asks "use it?" if optional, chooses its target
if it has one (no legal target: it does nothing), then runs its effects in
order. Abilities of cards being played or activated had their target chosen
when the action was taken.
"""

from __future__ import annotations

from typing import Any

from ..cards import Condition
from ..queries import minion_count, targets
from ..state import EMPTY, RULES, NecroState
from .base import VERBS, event


def fire(s: NecroState, cid: int, p: int, trigger: str) -> None:
    """Push the ``trigger`` abilities of card ``cid`` (controlled by ``p``)."""
    idxs = s.defs[cid].on.get(trigger)
    if idxs:
        for i in reversed(idxs):
            s.push("ability", cid, p, i, None, False)


def fire_all(s: NecroState, p: int, trigger: str) -> None:
    """Start and end of turn (section 7): ``p``'s hero, then its minions from
    position 1 to 4, then its magic slots, then relics, each in full."""
    seat = s.seats[p]
    cards = [seat.hero, *seat.minions, *seat.magic]
    cards.extend(r for c in seat.minions if c != EMPTY for r in s.minions[c].relics)
    for c in reversed(cards):
        if c != EMPTY:
            fire(s, c, p, trigger)


def condition_met(s: NecroState, p: int, cond: Condition) -> bool:
    n = minion_count(s, p)
    if cond.minions_max is not None and n > cond.minions_max:
        return False
    if cond.minions_min is not None and n < cond.minions_min:
        return False
    if cond.health_max is not None and s.seats[p].health > cond.health_max:
        return False
    if cond.type_min is not None:
        have = sum(
            1
            for c in s.seats[p].minions
            if c != EMPTY and s.defs[c].minion_type == cond.minion_type
        )
        if have < cond.type_min:
            return False
    return True


@RULES.step
def step_ability(
    s: NecroState, cid: int, p: int, idx: int, target: str | None, confirmed: bool
) -> None:
    if not s.seats[p].alive:
        return
    d = s.defs[cid]
    ab = d.abilities[idx]
    if ab.condition is not None and not confirmed and not condition_met(s, p, ab.condition):
        event(s, "condition_unmet", card=d.name)
        return
    if ab.target is not None and target is None:
        opts = targets(s, p, ab.target, cid)
        if not opts:
            event(s, "no_target", card=d.name)
            return
        if ab.optional and not confirmed:
            s.ask("may", p, ("yes", "no"), cid, p, idx)
            return
        s.ask("target", p, tuple(opts), "ability", cid, p, idx)
        return
    if ab.optional and not confirmed:
        s.ask("may", p, ("yes", "no"), cid, p, idx)
        return
    for j in range(len(ab.effects) - 1, -1, -1):
        s.push("effect", cid, p, idx, j, target)


@RULES.resume("may")
def resume_may(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    cid, p, idx = ctx
    if choice == "yes":
        s.push("ability", cid, p, idx, None, True)
    else:
        event(s, "declined", p=p, card=s.defs[cid].name)


@RULES.step
def step_effect(s: NecroState, cid: int, p: int, idx: int, j: int, target: str | None) -> None:
    eff = s.defs[cid].abilities[idx].effects[j]
    VERBS[eff.verb](s, cid, p, eff, target)
