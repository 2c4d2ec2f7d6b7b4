"""Setup and the turn (rulebook "Setup and Start", "Turn Sequence"): the
deal, the ready phase, the main phase's options, the end of the turn.
"""

from __future__ import annotations

from typing import Any

from ..cards import CardPool
from ..queries import can_attack, invalidate, mana_available
from ..state import RULES, HecatombState, Seat
from .attack import can_pay_toll
from .base import draw, event, gain_souls, new_abomination, to_hand, to_mana
from .playing import begin_play, playable, tap_options, use_tap
from .triggers import queue_triggers


def deal(s: HecatombState, lists: list[list[str]], pool: CardPool) -> None:
    """Rulebook "Setup and Start": each seat's deck, shuffled; every card gets
    its id, its definition and its owner. (Here, not in game.py, which checks
    what it is given: this loop is compiled.)"""
    for p, names in enumerate(lists):
        seat = Seat()
        for name in names:
            s.defs.append(pool[name])
            s.owner.append(p)
            s.known.append(0)
            seat.deck.append(len(s.defs) - 1)
        s.rng.shuffle(seat.deck)
        s.seats.append(seat)


@RULES.step
def step_start_turn(s: HecatombState) -> None:
    """Ready phase, in order: gain 1 soul, untap, draw two (first turn: one)."""
    p = s.turn
    s.turn_number += 1
    seat = s.seats[p]
    event(s, "turn", p=p, n=s.turn_number)
    event(s, "souls", p=p, mode="gain", n=1, why="turn")
    gain_souls(s, p, 1)
    if s.winner is not None:
        return
    for cid in seat.mana:
        s.tapped.discard(cid)
    for aid in seat.aboms:
        s.aboms[aid].tapped = False
    draw(s, p, 1 if s.turn_number == 1 else 2)
    seat.mana_added = False
    s.push("main")
    s.push("flush")
    for cid in in_play_cards(s, p):
        queue_triggers(s, cid, "turn_start")


def in_play_cards(s: HecatombState, p: int) -> list[int]:
    seat = s.seats[p]
    out = [c for aid in seat.aboms for c in s.aboms[aid].cards]
    out.extend(seat.relics)
    if seat.god >= 0:
        out.append(seat.god)
    return out


@RULES.step
def step_main(s: HecatombState) -> None:
    """Main phase, any order: one mana card, play cards, attack, end the turn."""
    p = s.turn
    seat = s.seats[p]
    defs = s.defs
    opts: list[str] = []
    avail = mana_available(s, p)
    seen: set[str] = set()
    for cid in seat.hand:
        d = defs[cid]
        if d.name in seen:
            continue  # identical cards in hand are one option (DESIGN: collapse)
        seen.add(d.name)
        if not seat.mana_added:
            opts.append(f"mana {cid}")
        if playable(s, p, d, avail, in_combat=False):
            opts.append(f"play {cid}")
    eligible = False
    for aid in seat.aboms:
        a = s.aboms[aid]
        if not eligible and can_attack(s, a):
            eligible = True
        opts.extend(tap_options(s, a))
    if eligible and any(can_pay_toll(s, p, q, 1) for q in range(s.n) if q != p):
        opts.append("attack")
    opts.append("end")
    s.ask("main", p, tuple(opts))


@RULES.resume("main")
def resume_main(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p = s.turn
    verb, _, rest = choice.partition(" ")
    if verb == "end":
        s.push("end_turn")
        return
    s.push("main")
    if verb == "mana":
        cid = int(rest)
        seat = s.seats[p]
        seat.hand.remove(cid)
        to_mana(s, cid)
        seat.mana_added = True
        event(s, "mana", p=p, card=s.defs[cid].name)
    elif verb == "play":
        begin_play(s, p, int(rest))
    elif verb == "attack":
        s.push("attack")
    elif verb == "tap":
        use_tap(s, p, rest)


@RULES.step
def step_end_turn(s: HecatombState) -> None:
    """End of turn: end-of-turn abilities, then one-time effects end."""
    s.push("cleanup")
    s.push("flush")
    for cid in in_play_cards(s, s.turn):
        queue_triggers(s, cid, "turn_end")


@RULES.step
def step_cleanup(s: HecatombState) -> None:
    """Rulebook "Playing fates": number and rule changes end at end of turn;
    the mana pool empties (glossary "mana"); the next player to the left goes."""
    for seat in s.seats:
        seat.pool = [0, 0, 0, 0]
    s.minion_mod.clear()
    for a in s.aboms.values():
        a.str_mod = 0
        a.grants = []
        a.played = False
        a.stitched = False
    returning, s.eot = s.eot, []
    for item in returning:
        if item[0] == "return":
            return_removed(s, item[1])
    invalidate(s)
    s.turn = (s.turn + 1) % s.n
    s.push("start_turn")


def return_removed(s: HecatombState, cid: int) -> None:
    """A card removed from the game "until end of turn" comes back into play."""
    seat = s.seats[s.owner[cid]]
    if cid not in seat.removed:
        return
    seat.removed.remove(cid)
    d = s.defs[cid]
    if d.is_minion:
        new_abomination(s, s.owner[cid], [cid])
    elif d.type == "relic":
        seat.relics.append(cid)
    elif d.type == "god" and seat.god < 0:
        seat.god = cid
    else:
        to_hand(s, cid)
    event(s, "returns", card=d.name)
