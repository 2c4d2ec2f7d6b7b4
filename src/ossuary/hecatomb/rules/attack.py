"""The attack up to the fight (rulebook "Attack"): declare attackers and pay
the attack cost, Hunter's prey, the two combat windows, assign blockers.
"""

from __future__ import annotations

from typing import Any

from ...engine.cardlang import one_per_name
from ..cards import CardDef
from ..queries import abom_keyword, attack_toll, can_attack, can_block, mana_available
from ..state import RULES, Combat, HecatombState
from .base import event, lose_souls
from .playing import begin_play, playable, tap_options, use_tap
from .triggers import queue_abom_triggers


@RULES.step
def step_attack(s: HecatombState) -> None:
    """Declare attackers: an enemy, then untapped eligible abominations."""
    for seat in s.seats:
        seat.pool = [0, 0, 0, 0]  # glossary "mana": the pool empties when an attack starts
    p = s.turn
    enemies = tuple(f"enemy {q}" for q in range(s.n) if q != p and can_pay_toll(s, p, q, 1))
    s.ask("enemy", p, enemies)


@RULES.resume("enemy")
def resume_enemy(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    s.combat = Combat(s.turn, int(choice.split()[1]))
    ask_attacker(s)


def ask_attacker(s: HecatombState) -> None:
    c = s.combat
    assert c is not None
    opts: list[str] = []
    if can_pay_toll(s, c.aggressor, c.defender, len(c.attackers) + 1):
        opts = [
            f"attacker {aid}"
            for aid in s.seats[c.aggressor].aboms
            if aid not in c.attackers and can_attack(s, s.aboms[aid])
        ]
    if c.attackers:
        opts.append("done")
    s.ask("attacker", c.aggressor, tuple(opts))


@RULES.resume("attacker")
def resume_attacker(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    c = s.combat
    assert c is not None
    if choice != "done":
        c.attackers.append(int(choice.split()[1]))
        ask_attacker(s)
        return
    for aid in c.attackers:
        s.aboms[aid].tapped = True
    toll_souls, toll_mana = attack_toll(s, c.defender)
    n = len(c.attackers)
    if toll_souls:
        event(s, "toll", p=c.aggressor, souls=lose_souls(s, c.aggressor, toll_souls * n))
    event(s, "attack", p=c.aggressor, defender=c.defender, attackers=list(c.attackers))
    s.push("combat_end")
    s.push("fight")
    s.push("reap")
    s.push("window", 2, c.aggressor)
    s.push("blocks")
    s.push("window", 1, c.aggressor)
    s.push("flush")
    for aid in reversed(c.attackers):
        if abom_keyword(s, s.aboms[aid], "hunter"):
            s.push("hunt", aid)
    for aid in c.attackers:
        queue_abom_triggers(s, s.aboms[aid], "attacks")
    if toll_mana:
        s.push("toll", c.aggressor, c.defender, toll_mana * n)


def can_pay_toll(s: HecatombState, p: int, defender: int, attackers: int) -> bool:
    """Whether ``p`` can pay the defender's attack cost for that many attackers."""
    souls, mana = attack_toll(s, defender)
    if not souls and not mana:
        return True
    untapped = sum(1 for m in s.seats[p].mana if m not in s.tapped)
    return s.seats[p].souls >= souls * attackers and untapped >= mana * attackers


@RULES.step
def step_toll(s: HecatombState, p: int, defender: int, n: int) -> None:
    """Pay an attack cost in mana: tap one untapped mana card at a time."""
    if n <= 0:
        return
    opts = tuple(f"toll {m}" for m in s.seats[p].mana if m not in s.tapped)
    if opts:
        s.ask("toll", p, opts, defender, n)


@RULES.resume("toll")
def resume_toll(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    defender, n = ctx
    s.tapped.add(int(choice.split()[1]))
    event(s, "toll", p=s.turn, mana=1)
    s.push("toll", s.turn, defender, n - 1)


@RULES.step
def step_hunt(s: HecatombState, hunter: int) -> None:
    """Glossary "Hunter": may pick an enemy abomination, untap it, and force it
    to block the Hunter if able."""
    c = s.combat
    if c is None or hunter not in c.attackers:
        return
    opts = [
        f"hunt {aid}" for q, seat in enumerate(s.seats) if q != c.aggressor for aid in seat.aboms
    ]
    if opts:
        s.ask("hunt", c.aggressor, (*opts, "no"), hunter)


@RULES.resume("hunt")
def resume_hunt(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    c = s.combat
    if choice == "no" or c is None:
        return
    aid = int(choice.split()[1])
    s.aboms[aid].tapped = False
    c.forced.setdefault(aid, ctx[0])
    event(s, "hunt", hunter=ctx[0], prey=aid)


@RULES.step
def step_window(s: HecatombState, stage: int, p: int) -> None:
    """Combat windows: the aggressor plays combat fates, combat minions and tap
    abilities, then the defender; nobody else (rulebook "Attack")."""
    c = s.combat
    if c is None or not c.attackers:
        return
    opts = combat_options(s, p)
    if not opts and not s.seats[p].hand:
        window_pass(s, stage, p)  # nothing playable and nothing hidden: pass without asking
        return
    s.ask("window", p, (*opts, "pass"), stage, p)


def _combat(d: CardDef) -> bool:
    return d.is_combat


def combat_options(s: HecatombState, p: int) -> list[str]:
    seat = s.seats[p]
    avail = mana_available(s, p)
    opts: list[str] = []
    for cid in one_per_name(seat.hand, s.defs, _combat):
        if playable(s, p, s.defs[cid], avail, in_combat=True):
            opts.append(f"play {cid}")
    for aid in seat.aboms:
        opts.extend(tap_options(s, s.aboms[aid]))
    return opts


def window_pass(s: HecatombState, stage: int, p: int) -> None:
    c = s.combat
    if c is not None and p == c.aggressor:
        s.push("window", stage, c.defender)


@RULES.resume("window")
def resume_window(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    stage, p = ctx
    if choice == "pass":
        window_pass(s, stage, p)
        return
    s.push("window", stage, p)
    verb, _, rest = choice.partition(" ")
    if verb == "play":
        begin_play(s, p, int(rest))
    else:
        use_tap(s, p, rest)


@RULES.step
def step_blocks(s: HecatombState) -> None:
    """Assign blockers: Hunter's forced blocks first, then the defender's choice."""
    c = s.combat
    if c is None or not c.attackers:
        return
    for blk, hunter in c.forced.items():
        if hunter in c.attackers and hunter not in c.blocked and blk in s.aboms:
            b = s.aboms[blk]
            if b.owner == c.defender and blk not in c.blocks.values():
                if can_block(s, b, s.aboms[hunter]):
                    c.blocks[hunter] = blk
                    c.blocked.append(hunter)
                    event(s, "block", blocker=blk, attacker=hunter, forced=True)
    ask_block(s)


def ask_block(s: HecatombState) -> None:
    c = s.combat
    assert c is not None
    busy = set(c.blocks.values())
    opts = [
        f"block {blk} {att}"
        for blk in s.seats[c.defender].aboms
        if blk not in busy
        for att in c.attackers
        if att not in c.blocked and can_block(s, s.aboms[blk], s.aboms[att])
    ]
    if not opts:
        finish_blocks(s)
        return
    s.ask("block", c.defender, (*opts, "done"))


@RULES.resume("block")
def resume_block(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    c = s.combat
    assert c is not None
    if choice == "done":
        finish_blocks(s)
        return
    _, blk, att = choice.split()
    c.blocks[int(att)] = int(blk)
    c.blocked.append(int(att))
    event(s, "block", blocker=int(blk), attacker=int(att))
    ask_block(s)


def finish_blocks(s: HecatombState) -> None:
    c = s.combat
    assert c is not None
    for att, blk in c.blocks.items():
        queue_abom_triggers(s, s.aboms[blk], "blocks")
        queue_abom_triggers(s, s.aboms[att], "blocked")
    s.push("flush")
