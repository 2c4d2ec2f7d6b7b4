"""Playing cards (sections 4, 6 and 15): paying lifeforce, what each card type
does when it resolves, and minions entering the field.

- A **minion** takes a free minion space of its controller's choice (FAQ 2:
  four at most); it may attack that very turn (no rule forbids it, FAQ 5).
- A **relic** attaches to a minion (its target) and takes no magic slot.
- A **spell** does what it says and goes to the graveyard at once.
- An **artifact** or **event** takes the leftmost free magic slot; an event
  lasts its rounds. A **land** also takes a slot, and a new land destroys the
  player's old one first (section 15).
"""

from __future__ import annotations

from typing import Any, Final

from ..cards import Selector
from ..queries import (
    any_target,
    cost_of,
    free_slot,
    free_spaces,
    invalidate,
    keywords,
    land_slot,
    targets,
)
from ..state import EMPTY, RULES, Item, Minion, NecroState
from .base import all_bits, event, hurt_hero, pay, to_graveyard
from .heroes import declare_ability
from .triggers import fire

_YOUR_MINION: Final = Selector("minion", "yours")


def needs_target(s: NecroState, cid: int) -> bool:
    return s.defs[cid].aimed


def card_targets(s: NecroState, p: int, cid: int) -> list[str]:
    """What a card being played may aim at: a relic's host minion (its play
    ability's target, else one of your minions), or a spell's target."""
    d = s.defs[cid]
    ab = d.aim
    if ab is not None and ab.target is not None:
        return targets(s, p, ab.target, cid)
    if d.type == "relic":
        return targets(s, p, _YOUR_MINION, cid)
    return []


def card_has_target(s: NecroState, p: int, cid: int) -> bool:
    d = s.defs[cid]
    ab = d.aim
    if ab is not None and ab.target is not None:
        return any_target(s, p, ab.target, cid)
    return d.type == "relic" and any_target(s, p, _YOUR_MINION, cid)


def playable(s: NecroState, p: int, cid: int, window: bool = False) -> bool:
    """Whether ``p`` may play the hand card ``cid`` now: affordable, room on
    the field, something to aim at; in a response window only reactions."""
    d = s.defs[cid]
    if window and not d.reaction:
        return False
    seat = s.seats[p]
    if cost_of(s, p, d) > seat.lifeforce:
        return False
    t = d.type
    if t == "minion":
        return EMPTY in seat.minions
    if t in ("artifact", "event") and EMPTY not in seat.magic:
        return False
    if t == "land" and EMPTY not in seat.magic and land_slot(s, p) < 0:
        return False
    return not d.aimed or card_has_target(s, p, cid)


def begin_play(s: NecroState, p: int, cid: int) -> None:
    """Choose the card's target (if it has one), then it is paid and declared."""
    if needs_target(s, cid):
        s.ask("target", p, tuple(card_targets(s, p, cid)), "play", cid, p)
        return
    declare_card(s, p, cid, None)


def declare_card(s: NecroState, p: int, cid: int, target: str | None) -> None:
    """Pay the lifeforce, show the card, put it on the response stack."""
    d = s.defs[cid]
    pay(s, p, cost_of(s, p, d))
    s.seats[p].hand.remove(cid)
    s.known[cid] = all_bits(s)
    event(s, "play", p=p, card=d.name, target=target)
    s.push("declare", "card", p, cid, target, ())


@RULES.resume("target")
def resume_target(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    what = ctx[0]
    if what == "play":
        declare_card(s, ctx[2], ctx[1], choice)
    elif what == "ability":
        _, cid, p, idx = ctx
        s.push("ability", cid, p, idx, choice, True)
    else:  # an activated ability being declared
        _, cid, p, idx = ctx
        declare_ability(s, p, cid, idx, choice)


# =============================================================================
# Resolving a card (the response stack's ``card`` entries)
# =============================================================================
def resolve_card(s: NecroState, it: Item) -> None:
    p, cid, target = it.player, it.source, it.target
    d = s.defs[cid]
    t = d.type
    if t == "minion":
        s.limbo.append(cid)
        s.push("place", p, cid, "played")
    elif t == "relic":
        host = int(target[1:]) if target else -1
        if host not in s.minions or host in s.dying:
            event(s, "fizzle", what="card", card=d.name, why="target")
            to_graveyard(s, cid)
            return
        s.minions[host].relics.append(cid)
        invalidate(s)
        event(s, "attach", p=p, card=d.name, host=s.defs[host].name)
        _play_abilities(s, p, cid, target)
    elif t == "spell":
        s.limbo.append(cid)
        s.push("spell_done", cid)
        _play_abilities(s, p, cid, target)
    else:
        s.limbo.append(cid)
        s.push("place_magic", p, cid)
        if t == "land":
            old = land_slot(s, p)
            if old >= 0:
                old_land = s.seats[p].magic[old]
                event(s, "land_replaced", p=p, card=s.defs[old_land].name)
                s.push("destroy", (old_land,), "new land")


def _play_abilities(s: NecroState, p: int, cid: int, target: str | None) -> None:
    """A card's "when played" abilities; the targeted one uses the chosen target."""
    d = s.defs[cid]
    aimed = d.aim
    for i in reversed(d.on.get("play", ())):
        ab = d.abilities[i]
        if ab is aimed or (d.type == "relic" and ab.target is not None):
            s.push("ability", cid, p, i, target, True)
        else:
            s.push("ability", cid, p, i, None, False)


@RULES.step
def step_spell_done(s: NecroState, cid: int) -> None:
    """Section 4, "Spell Cards": to the graveyard right after resolving."""
    s.limbo.remove(cid)
    to_graveyard(s, cid)


@RULES.step
def step_place_magic(s: NecroState, p: int, cid: int) -> None:
    """Artifacts, events and lands take the leftmost free magic slot."""
    s.limbo.remove(cid)
    d = s.defs[cid]
    k = free_slot(s, p)
    if k < 0 or not s.seats[p].alive:
        event(s, "fizzle", what="card", card=d.name, why="no magic slot")
        to_graveyard(s, cid)
        return
    s.seats[p].magic[k] = cid
    if d.type == "event":
        s.expiry[cid] = (s.turn, s.seats[s.turn].turns + d.rounds)
    invalidate(s)
    event(s, "magic", p=p, card=d.name, slot=k)
    _play_abilities(s, p, cid, None)


# =============================================================================
# Minions entering the field
# =============================================================================
@RULES.step
def step_place(s: NecroState, p: int, cid: int, how: str) -> None:
    """The controller chooses a free minion space; with none, the minion goes
    to its owner's graveyard instead."""
    spaces = free_spaces(s, p)
    if not spaces or not s.seats[p].alive:
        s.limbo.remove(cid)
        to_graveyard(s, cid)
        event(s, "fizzle", what="summon", card=s.defs[cid].name, why="no free space")
        return
    s.ask("place", p, tuple(f"at {k}" for k in spaces), p, cid, how)


@RULES.resume("place")
def resume_place(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    p, cid, how = ctx
    s.limbo.remove(cid)
    enter_field(s, p, cid, int(choice.split()[1]), how)


def enter_field(s: NecroState, p: int, cid: int, at: int, how: str) -> None:
    """A new minion entity: invisible if it has invisibility; a demon's blood
    price is paid; then its "when summoned" abilities (also on resurrection)."""
    m = Minion(cid, p)
    s.minions[cid] = m
    s.seats[p].minions[at] = cid
    s.known[cid] = 0
    invalidate(s)
    kws = keywords(s, cid)
    m.invisible = bool(kws.get("invisibility"))
    event(s, "summon", p=p, card=s.defs[cid].name, at=at, how=how)
    fire(s, cid, p, "summon")
    price = kws.get("bloodprice", 0)
    if price:
        hurt_hero(s, p, price, s.defs[cid].name)
