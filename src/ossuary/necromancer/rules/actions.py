"""The actions a player takes (section 7, "Main Phase"; section 13 for responses):
what is offered, how each begins, and how each resolves off the response stack.

Option ids: ``play <cid>`` (a card in hand; identical cards are one option),
``hero`` (the hero's own ability), ``use <cid> <i>`` (an activated ability of
a card in play), ``draw`` (Draw Card), ``destroy <cid>`` (Destroy Magic),
``sacrifice`` (Sacrifice Card: which card is the next question),
``attack <cid>`` (then the target: an ``aim`` question), ``dismiss`` (then which
minion), ``end`` (end the turn) and, in a window, ``pass``. Splitting the
commands in two keeps the main phase's list of options short (DESIGN: large
choices become a sequence of small ones).
"""

from __future__ import annotations

from ..ids import ATTACK_ID, DESTROY_ID, DISMISS_ID, PLAY_ID, SACRIFICE_ID
from ..queries import any_target, attack_targets, can_attack, can_dismiss, magic_in_play
from ..state import EMPTY, RULES, Item, NecroState
from .base import event
from .combat import declare_attack, resolve_attack, resolve_dismiss
from .heroes import (
    DESTROY_MAGIC,
    DRAW_CARD,
    begin_ability,
    declare_destroy_magic,
    declare_draw_card,
    hero_ability_usable,
    resolve_ability,
    resolve_destroy_magic,
    resolve_draw_card,
    sacrifice_card,
)
from .playing import begin_play, playable, resolve_card

__all__ = ["main_options", "playable", "resolve_item", "take_action"]


def sacrifice_options(s: NecroState, p: int) -> list[str]:
    seen: set[str] = set()
    out = []
    for c in s.seats[p].hand:
        name = s.defs[c].name
        if name not in seen:
            seen.add(name)
            out.append(SACRIFICE_ID.of(c))
    return out


def destroy_magic_options(s: NecroState, p: int) -> list[str]:
    if s.seats[p].lifeforce < DESTROY_MAGIC:
        return []
    return [DESTROY_ID.of(c) for c in magic_in_play(s) if c not in s.dying]


def activated_options(s: NecroState, p: int) -> list[str]:
    """Activated abilities of ``p``'s minions and magic cards (once each turn)."""
    return ability_options(s, p, s.seats[p].lifeforce, False)


def ability_options(
    s: NecroState, p: int, budget: int, any_turn: bool, first: bool = False
) -> list[str]:
    """``use <cid> <i>`` for the activated abilities of ``p``'s minions and
    magic cards not used this turn that cost at most ``budget`` and have
    something to aim at; with ``any_turn``, only those that work on any turn,
    of cards not dying. With ``first``, the first found only (enough to know
    there is one)."""
    seat = s.seats[p]
    out: list[str] = []
    defs = s.defs
    for row in (seat.minions, seat.magic):
        for c in row:
            if c == EMPTY:
                continue
            d = defs[c]
            activated = d.on.get("activated")
            if activated is None or c in s.used or (any_turn and c in s.dying):
                continue
            for i in activated:
                ab = d.abilities[i]
                if (any_turn and not ab.any_turn) or ab.cost > budget:
                    continue
                if ab.target is None or any_target(s, p, ab.target, c):
                    out.append(f"use {c} {i}")
                    if first:
                        return out
    return out


def main_options(s: NecroState, p: int) -> list[str]:
    """Everything ``p`` may do in their main phase, in any order (section 7)."""
    seat = s.seats[p]
    defs = s.defs
    opts: list[str] = []
    seen: set[str] = set()
    for c in seat.hand:
        name = defs[c].name
        if name in seen:
            continue  # identical cards in hand are one option (DESIGN: collapse)
        seen.add(name)
        if playable(s, p, c):
            opts.append(PLAY_ID.of(c))
    if hero_ability_usable(s, p):
        opts.append("hero")
    opts.extend(activated_options(s, p))
    if seat.lifeforce >= DRAW_CARD and seat.deck:
        opts.append("draw")
    if seat.lifeforce >= DESTROY_MAGIC:
        opts.extend(destroy_magic_options(s, p))
    dismiss = False
    for c in seat.minions:
        if c == EMPTY:
            continue
        if can_attack(s, c):
            opts.append(ATTACK_ID.of(c))  # the hero of an enemy is always a target
        dismiss = dismiss or can_dismiss(s, c, p)
    if dismiss:
        opts.append("dismiss")
    if seat.hand:
        opts.append("sacrifice")
    opts.append("end")
    return opts


def take_action(s: NecroState, p: int, choice: str, mode: str) -> None:
    """Begin the chosen action (its target, its cost, the response stack)."""
    verb, _, rest = choice.partition(" ")
    if verb == "play":
        begin_play(s, p, int(rest))
    elif verb == "sacrifice":
        # which card: asked even when the hand holds one kind of card, since
        # whether it is asked would show that
        s.ask("sacrifice", p, tuple(sacrifice_options(s, p)), p)
    elif verb == "hero":
        hero = s.seats[p].hero
        begin_ability(s, p, hero, s.defs[hero].on["activated"][0])
    elif verb == "use":
        cid, idx = rest.split()
        begin_ability(s, p, int(cid), int(idx))
    elif verb == "draw":
        declare_draw_card(s, p)
    elif verb == "destroy":
        declare_destroy_magic(s, p, int(rest))
    elif verb == "attack":
        s.ask("aim", p, tuple(attack_targets(s, p)), int(rest))
    elif verb == "dismiss":
        opts = tuple(
            DISMISS_ID.of(c) for c in s.seats[p].minions if c != EMPTY and can_dismiss(s, c, p)
        )
        s.ask("dismiss", p, opts, p)
    else:  # pragma: no cover - options are built above
        raise AssertionError(f"unknown action {choice!r} ({mode})")


@RULES.resume("sacrifice")
def resume_sacrifice(s: NecroState, ctx: tuple[int, ...], choice: str) -> None:
    sacrifice_card(s, ctx[0], int(choice.split()[1]))


@RULES.resume("aim")
def resume_aim(s: NecroState, ctx: tuple[int, ...], choice: str) -> None:
    attacker = ctx[0]
    declare_attack(s, s.minions[attacker].controller, attacker, choice)


@RULES.resume("dismiss")
def resume_dismiss(s: NecroState, ctx: tuple[int, ...], choice: str) -> None:
    p, cid = ctx[0], int(choice.split()[1])
    event(s, "dismiss", p=p, card=s.defs[cid].name)
    s.push("declare", "dismiss", p, cid, None, ())


def resolve_item(s: NecroState, it: Item) -> None:
    kind = it.kind
    if kind == "card":
        resolve_card(s, it)
    elif kind == "ability":
        resolve_ability(s, it)
    elif kind == "draw":
        resolve_draw_card(s, it)
    elif kind == "destroy":
        resolve_destroy_magic(s, it)
    elif kind == "attack":
        resolve_attack(s, it)
    else:
        resolve_dismiss(s, it)
