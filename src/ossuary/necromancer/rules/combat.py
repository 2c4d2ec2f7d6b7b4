"""Combat (section 9) and the one damage routine (sections 9 and 11, FAQ 7, 14-16).

Damage to a minion or an artifact is weighed against what is left of its
defense: as much or more destroys it, and the excess is *piercing* damage to
its controller's hero unless it is immune to piercing. Less is marked on it
(minions heal it at the end of their controller's turn). Damage of 0 is no
damage. Taking damage ends invisibility.
"""

from __future__ import annotations

from typing import Any

from ..ids import DEFEND_ID
from ..queries import (
    attack_of,
    controller_of,
    defense_of,
    eligible_defenders,
    invalidate,
    keywords,
    target_owner,
)
from ..state import RULES, Item, NecroState
from .base import event, heal_hero, hurt_hero
from .leaving import leave_field
from .triggers import fire


def hit(s: NecroState, cid: int, amount: int, source: str, pierce: bool, killed: list[int]) -> int:
    """Deal ``amount`` to a minion or artifact; returns the damage it took (at
    most what was left of its defense). A kill is added to ``killed`` (the
    caller destroys them together, section 12); piercing goes to the hero now."""
    if amount <= 0 or cid in s.dying or cid in killed:
        return 0
    left = defense_of(s, cid)
    m = s.minions.get(cid)
    if m is not None and m.invisible:
        m.invisible = False
        event(s, "visible", card=s.defs[cid].name)
    name = s.defs[cid].name
    if amount < left:
        if m is not None:
            m.damage += amount
        else:
            s.art_damage[cid] = s.art_damage.get(cid, 0) + amount
        event(s, "damage", card=name, amount=amount, source=source)
        return amount
    event(s, "damage", card=name, amount=amount, source=source, lethal=True)
    killed.append(cid)
    excess = amount - left
    immune = m is not None and keywords(s, cid).get("immune")
    if excess > 0 and pierce:
        q = controller_of(s, cid)
        if immune:
            event(s, "pierce_stopped", card=name, amount=excess)
        else:
            hurt_hero(s, q, excess, source, piercing=True)
    return left


def ensnare(s: NecroState, cid: int, rounds: int) -> None:
    """Section 11, "Ensnare": it lasts ``rounds`` rounds counted from the player
    whose turn it is (a round ends just before that player's next turn)."""
    m = s.minions.get(cid)
    if m is None:
        return
    seat = s.seats[s.turn]
    end = (s.turn, seat.turns + rounds)
    if m.ensnare is None or m.ensnare[1] < end[1] or m.ensnare[0] != end[0]:
        m.ensnare = end
        invalidate(s)
    event(s, "ensnared", card=s.defs[cid].name, rounds=rounds)


# =============================================================================
# Attack (section 9, "Attack" and "Defend")
# =============================================================================
def declare_attack(s: NecroState, p: int, attacker: int, target: str) -> None:
    """The attack is declared: the minion has used an attack and is no longer
    invisible (it attacks); the attacked player declares defenders unless the
    attacker was invisible; then the attack goes on the response stack."""
    m = s.minions[attacker]
    m.attacks += 1
    hidden = m.invisible
    if hidden:
        m.invisible = False
    q = target_owner(s, target)
    # the target in words for the log: whose it is and which card (a hero, a
    # minion or an artifact in play: all public)
    aimed = s.defs[s.seats[q].hero if target[0] == "h" else int(target[1:])].name
    event(s, "attack", p=p, card=s.defs[attacker].name, target=target, invisible=hidden,
          target_p=q, target_card=aimed, hero=target[0] == "h")  # fmt: skip
    if not hidden and eligible_defenders(s, q, target, ()):
        ask_defenders(s, q, attacker, target, ())
        return
    s.push("declare", "attack", p, attacker, target, ())


def ask_defenders(
    s: NecroState, q: int, attacker: int, target: str, chosen: tuple[int, ...]
) -> None:
    opts = [DEFEND_ID.of(c) for c in eligible_defenders(s, q, target, chosen)]
    if not opts:  # every eligible minion defends: the choice ends here, said as "done" says it
        if chosen:
            event(s, "defenders", p=q, cards=[s.defs[c].name for c in chosen])
        p = s.minions[attacker].controller
        s.push("declare", "attack", p, attacker, target, chosen)
        return
    s.ask("defend", q, (*opts, "done"), attacker, target, chosen)


@RULES.resume("defend")
def resume_defend(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    """Defenders are declared one at a time, in the order they take the hit."""
    attacker, target, chosen = ctx
    if choice == "done":
        q = target_owner(s, target)
        if chosen:
            event(s, "defenders", p=q, cards=[s.defs[c].name for c in chosen])
        else:  # the attacked player could defend and chose not to: the others see that too
            event(s, "no_defenders", p=q, card=s.defs[attacker].name)
        s.push("declare", "attack", s.minions[attacker].controller, attacker, target, chosen)
        return
    c = int(choice.split()[1])
    s.minions[c].defended = True
    ask_defenders(s, target_owner(s, target), attacker, target, (*chosen, c))


def target_valid(s: NecroState, p: int, target: str) -> bool:
    kind, num = target[0], int(target[1:])
    if kind == "h":
        return s.seats[num].alive and num != p
    if kind == "m":
        m = s.minions.get(num)
        return m is not None and m.controller != p and not m.invisible and num not in s.dying
    return (
        controller_of(s, num) != p and num not in s.dying and any(num in st.magic for st in s.seats)
    )


def resolve_attack(s: NecroState, it: Item) -> None:
    """The attack resolves unless the attacker is gone, ensnared or no longer
    ours, or its target can no longer be attacked (then nothing happens)."""
    p, attacker, target = it.player, it.source, it.target
    assert target is not None
    m = s.minions.get(attacker)
    if m is None or m.controller != p or m.ensnare is not None or attacker in s.dying:
        event(s, "fizzle", what="attack", card=s.defs[attacker].name, why="attacker")
        return
    if not target_valid(s, p, target):
        event(s, "fizzle", what="attack", card=s.defs[attacker].name, why="target")
        return
    q = target_owner(s, target)
    defenders = [
        c
        for c in it.extra
        if c in s.minions
        and s.minions[c].controller == q
        and s.minions[c].ensnare is None
        and c not in s.dying
    ]
    s.push("fight", p, attacker, target, tuple(defenders))
    fire(s, attacker, p, "attack")


@RULES.step
def step_fight(
    s: NecroState, p: int, attacker: int, target: str, defenders: tuple[int, ...]
) -> None:
    """Damage is dealt (section 9, "Resolution" and "Damage Distribution")."""
    m = s.minions.get(attacker)
    if m is None or m.controller != p or not target_valid(s, p, target):
        return
    kws = keywords(s, attacker)
    power = attack_of(s, attacker)
    if target[0] == "h":
        power += kws.get("hero_bonus", 0)  # e.g. the skeletons' trait
    name = s.defs[attacker].name
    killed: list[int] = []
    dealt: list[tuple[int, int, str]] = []  # (dealer, amount, what it hit)
    q = target_owner(s, target)
    if defenders:
        # the hit goes down the defenders in order; what is left pierces on
        # unless the last defender is immune; the attacker takes nothing back
        left = power
        last = defenders[-1]
        for c in defenders:
            if left <= 0:
                break
            last = c
            before = defense_of(s, c)
            took = hit(s, c, left, name, pierce=False, killed=killed)
            dealt.append((attacker, took, f"m{c}"))
            left = left - before if c in killed else 0
        if left > 0:
            if keywords(s, last).get("immune"):
                event(s, "pierce_stopped", card=s.defs[last].name, amount=left)
            else:
                hurt_hero(s, q, left, name, piercing=True)
                dealt.append((attacker, left, f"h{q}"))
    elif target[0] == "m":
        # minion against minion: both deal damage at once, both are attackers
        other = int(target[1:])
        back = 0 if s.minions[other].ensnare is not None else attack_of(s, other)
        took = hit(s, other, power, name, pierce=True, killed=killed)
        dealt.append((attacker, took, target))
        took_back = hit(s, attacker, back, s.defs[other].name, pierce=True, killed=killed)
        dealt.append((other, took_back, f"m{attacker}"))
    elif target[0] == "c":
        took = hit(s, int(target[1:]), power, name, pierce=True, killed=killed)
        dealt.append((attacker, took, target))
    else:
        hurt_hero(s, q, power, name)
        dealt.append((attacker, power, target))
    # deaths first (section 12), then what the damage sets off: read each
    # dealer's keywords now, as the damage is dealt (a dealer may die in the fight)
    for dealer, amount, what in reversed(dealt):
        if amount <= 0:
            continue
        kws = keywords(s, dealer)
        s.push(
            "after_hit", dealer, s.minions[dealer].controller, amount, what,
            what[0] in "mc" and int(what[1:]) in killed,
            int(kws.get("drain", 0)), int(kws.get("ensnaring", 0)),
        )  # fmt: skip
    s.push("destroy", tuple(killed), "combat")


@RULES.step
def step_after_hit(
    s: NecroState, dealer: int, p: int, amount: int, what: str, kill: bool, drain: int,
    ensnaring: int,
) -> None:  # fmt: skip
    """What combat damage sets off: drain, ensnaring, and the dealer's "when it
    deals damage" and "when it destroys" abilities (which also count defenders,
    section 9, "Effects Triggered"). The damage was dealt at the same time as
    any damage back, so a dealer that died in the fight still sets them off."""
    if what[0] == "h" and drain:
        heal_hero(s, p, drain)
    if what[0] == "m" and not kill and ensnaring:
        ensnare(s, int(what[1:]), ensnaring)
    if kill:
        fire(s, dealer, p, "kill")
    fire(s, dealer, p, "damage")


# =============================================================================
# Dismiss (section 9)
# =============================================================================
def resolve_dismiss(s: NecroState, it: Item) -> None:
    """Back into its owner's deck, shuffled; its effects don't happen (no death).
    Like the attack, the command is checked again as it resolves: a minion
    gone, taken or ensnared meanwhile (sections 9 and 11: an ensnared minion
    can't be dismissed; section 13: the response resolved first) stays."""
    m = s.minions.get(it.source)
    if m is None or m.controller != it.player or it.source in s.dying:
        event(s, "fizzle", what="dismiss", card=s.defs[it.source].name, why="gone")
        return
    if m.ensnare is not None:
        event(s, "fizzle", what="dismiss", card=s.defs[it.source].name, why="ensnared")
        return
    leave_field(s, it.source, "deck")
    event(s, "dismissed", p=it.player, card=s.defs[it.source].name)
