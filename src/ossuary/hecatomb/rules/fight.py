"""The end of an attack (rulebook "Reap souls", "Have abominations fight",
"Damage to Abominations"): unblocked attackers reap, blocked ones fight,
Ripper's damage is placed, the destroyed minions go.
"""

from __future__ import annotations

from typing import Any

from ..queries import abom_keyword, abom_number, abom_strength, minion_strengths
from ..state import RULES, Abomination, HecatombState
from .base import event, gain_souls, lose_souls
from .destruction import destroy_minions
from .triggers import queue_abom_triggers


@RULES.step
def step_reap(s: HecatombState) -> None:
    """Reap souls: each unblocked attacker takes its size (+Reaper), but no more
    than the defender has (rulebook "Reap souls"; glossary "Reaper")."""
    c = s.combat
    if c is None:
        return
    s.push("flush")
    for aid in list(c.attackers):
        if aid in c.blocked:
            continue
        a = s.aboms[aid]
        amount = a.size + abom_number(s, a, "reaper")
        got = lose_souls(s, c.defender, amount)
        event(s, "reap", a=aid, p=c.aggressor, souls=got)
        gain_souls(s, c.aggressor, got)
        if s.winner is not None:
            return
        queue_abom_triggers(s, a, "reaps")


@RULES.step
def step_fight(s: HecatombState) -> None:
    """Have abominations fight: blocked attackers and their blockers deal their
    strength to each other at the same time (rulebook "Have abominations fight")."""
    c = s.combat
    if c is None:
        return
    jobs: list[tuple[int, int, int]] = []  # (dealer, receiver, amount)
    for att in c.attackers:
        blk = c.blocks.get(att)
        if blk is None:
            continue
        a, b = s.aboms[att], s.aboms[blk]
        jobs.append((att, blk, abom_strength(s, a)))
        jobs.append((blk, att, abom_strength(s, b)))
    if not jobs:
        return
    kills: list[int] = []
    rippers: list[tuple[int, int, int]] = []
    for dealer, receiver, amount in jobs:
        r = s.aboms[receiver]
        survivor = abom_number(s, r, "survivor")
        if abom_keyword(s, s.aboms[dealer], "ripper"):
            rippers.append((s.aboms[dealer].owner, receiver, amount))
        else:
            kills.extend(damage_kills(s, r, amount, survivor))
        event(s, "damage", source=dealer, a=receiver, amount=amount)
    s.push("fight_apply", tuple(kills))
    for owner, receiver, amount in reversed(rippers):
        s.push("rip", owner, receiver, amount, ())


def damage_kills(s: HecatombState, a: Abomination, amount: int, survivor: int = 0) -> list[int]:
    """Which minions damage destroys, top down with spill (rulebook "Damage to
    Abominations", "0-Strength Minions"; glossary "Survivor").

    Damage that can't destroy the minion it reaches is ignored; it never adds
    up with damage from another source. Strengths are read before anything is
    removed ("Abilities and Destroyed Minions").
    """
    strengths = minion_strengths(s, a)
    left = amount - min(survivor, amount)
    kills: list[int] = []
    for i in range(len(strengths) - 1, -1, -1):
        if left < strengths[i]:
            break
        left -= strengths[i]
        kills.append(a.cards[i])
    return kills


@RULES.step
def step_rip(s: HecatombState, p: int, receiver: int, left: int, chosen: tuple[int, ...]) -> None:
    """Glossary "Ripper": the dealer splits its damage among the blocker's minions
    as it likes; damage that can't destroy a minion is ignored, so the choice is
    which minions to destroy. The damage is still dealt in full (rulebook "Have
    abominations fight"): stopping ("done") is offered only when what is left can
    be spread over the minions not chosen without destroying any of them, each
    holding one less than it takes to destroy it (docs/rules-notes.md)."""
    a = s.aboms.get(receiver)
    if a is None:
        return
    strengths = minion_strengths(s, a)
    survivor = abom_number(s, a, "survivor")
    opts = []
    room = 0  # damage the minions not chosen can take and all survive
    for i, cid in enumerate(a.cards):
        if cid in chosen:
            continue
        need = strengths[i] + (survivor if i == a.size - 1 else 0)
        room += max(need - 1, 0)
        if need <= left:
            opts.append(f"rip {cid}")
    if not opts:
        add_kills(s, chosen)
        return
    if left <= room:
        opts.append("done")
    s.ask("rip", p, tuple(opts), p, receiver, left, chosen)


@RULES.resume("rip")
def resume_rip(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, receiver, left, chosen = ctx
    if choice == "done":
        add_kills(s, chosen)
        return
    cid = int(choice.split()[1])
    a = s.aboms[receiver]
    i = a.cards.index(cid)
    need = minion_strengths(s, a)[i]
    if i == a.size - 1:
        need += abom_number(s, a, "survivor")
    s.push("rip", p, receiver, left - need, (*chosen, cid))


def add_kills(s: HecatombState, chosen: tuple[int, ...]) -> None:
    for k in range(len(s.stack) - 1, -1, -1):
        if s.stack[k][0] == "fight_apply":
            s.stack[k] = ("fight_apply", s.stack[k][1] + chosen)
            return


@RULES.step
def step_fight_apply(s: HecatombState, kills: tuple[int, ...]) -> None:
    s.push("flush")
    destroy_minions(s, list(dict.fromkeys(kills)), "combat")


@RULES.step
def step_combat_end(s: HecatombState) -> None:
    s.combat = None
