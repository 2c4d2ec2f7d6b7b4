"""A saved Hecatomb state's steps and pending decision, checked against its position.

The loader (:mod:`.saved`) has checked every field's type and range and asked
the rebuilt position whether it is legal (:mod:`.invariants`); what is left is
what the pending work refers to: each step's arguments (a card being played is
in limbo, an ability is one the card has), the pending decision's context and
options (an option names a card in the hand it plays from), and the question
asked again on a copy, which must give the same options.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from ..engine.core import Decision
from ..engine.saved import Checker
from ..engine.untrusted import small_int
from . import effects
from .cards import DOOMS
from .queries import can_pay, mana_available
from .rules import attack, base, fight, playing, triggers, turn
from .state import HecatombState

MAX_NUMBER = 10**9  # souls, pool mana, turn and action counts
FILTER_KEYS = ("type", "doom", "subtype", "cost_max")


class Consistency:
    """What the pending work refers to, checked against a legal position (the
    module docstring): triggered abilities, steps, the pending decision, limbo."""

    def __init__(self, s: HecatombState, c: Checker) -> None:
        self.s = s
        self.c = c
        self.limbo_refs: list[int] = []  # limbo cards the stack or decision will take out

    def check(self) -> None:
        for k, item in enumerate(self.s.trig):
            self.trigger(item, f"trig {k}")
        for i, step in enumerate(self.s.stack):
            self.step(step, f"stack {i}")
        self.decision()
        s = self.s
        # (a game won mid-play keeps the card that was being played in limbo)
        if s.winner is None and Counter(self.limbo_refs) != Counter(s.limbo):
            self.c.fail(
                "limbo", "the cards between zones don't match the steps that will put them away"
            )

    # -- steps and decisions -----------------------------------------------------------
    def seat(self, v: Any, where: str) -> int:
        return self.c.whole(v, where, 0, self.s.n)

    def card(self, v: Any, where: str) -> int:
        return self.c.whole(v, where, 0, len(self.s.defs))

    def aid(self, v: Any, where: str) -> int:
        return self.c.whole(v, where, 0, self.s.next_aid)

    def number(self, v: Any, where: str) -> int:
        return self.c.whole(v, where, -MAX_NUMBER, MAX_NUMBER)

    def ability(self, cid: Any, key: Any, idx: Any, where: str) -> None:
        d = self.s.defs[self.card(cid, where)]
        self.c.text(key, where, ("a", "c"))
        abilities = d.cond_abilities if key == "c" else d.abilities
        self.c.whole(idx, where, 0, len(abilities))

    def x(self, cid: int, v: Any, where: str, payable_by: int | None = None) -> None:
        """The X chosen for card ``cid`` (glossary "X"): 0 unless its cost has an X;
        with ``payable_by``, a card not yet paid for must still be affordable."""
        x = self.c.whole(v, where, 0, 1000)
        d = self.s.defs[cid]
        if x and not d.x_cost:
            self.c.fail(where, f"X is {x}, but {d.name!r} has no X in its cost")
        if payable_by is not None:
            avail = mana_available(self.s, payable_by)
            if not can_pay(avail, d.doom_i, d.cost + x):
                self.c.fail(where, f"{d.name!r} can't be paid for with X = {x}")

    def target(self, v: Any, where: str) -> None:
        if v is None:
            return
        text = self.c.text(v, where)
        n = small_int(text[1:]) if text else None
        if n is None or text[0] not in "ampc":
            self.c.fail(where, f"{text!r} is not a target (a, m, p or c and a number)")
        {"a": self.aid, "m": self.card, "c": self.card, "p": self.seat}[text[0]](n, where)

    def place(self, v: Any, where: str) -> None:
        if v is None or v == "new":
            return
        text = self.c.text(v, where)
        n = small_int(text.removeprefix("on ")) if text.startswith("on ") else None
        if n is None:
            self.c.fail(where, f"{text!r} is not a place ('new' or 'on' and an abomination)")
        self.aid(n, where)

    def flt(self, v: Any, where: str) -> None:
        if v is None:
            return
        for pair in v if isinstance(v, tuple) else [v]:
            if not isinstance(pair, tuple) or len(pair) != 2 or pair[0] not in FILTER_KEYS:
                self.c.fail(where, f"a card filter is pairs of {', '.join(FILTER_KEYS)}")

    def trigger(self, item: Any, where: str) -> None:
        if not isinstance(item, tuple) or len(item) != 5 or item[4] is not None:
            self.c.fail(where, "expected [seat, card, key, ability index, null]")
        self.seat(item[0], where)
        self.ability(item[1], item[2], item[3], where)

    def step(self, step: tuple[Any, ...], where: str) -> None:
        name, args = step[0], step[1:]
        check = _STEP_CHECKS.get(name)
        if check is None:
            if args:
                self.c.fail(where, f"step {name!r} takes no arguments")
            return
        check(self, args, where)

    def decision(self) -> None:
        d = self.s.pending
        if d is None:
            return
        where = f"pending {d.kind!r} decision"
        check = _DECISION_CHECKS[d.kind]
        ok = check(self, d.player, d.ctx, where)
        for option in d.options:
            words = option.split(" ")
            nums = [small_int(w) for w in words[1:]]
            if not ok(words[0], nums, option):
                self.c.fail(where, f"the option {option!r} doesn't fit the position")
        self.ask_again(d, where)

    def ask_again(self, d: Decision, where: str) -> None:
        """Where the rules can ask the pending question again from the position
        alone, do so on a copy: the same question, the same options, or the saved
        decision was not asked in this position (it was tampered with)."""
        again = _ASK_AGAIN.get(d.kind)
        copy = self.s.clone()
        copy.pending = None
        copy.log = []
        if again is None or not again(copy, d):
            return
        asked: Decision | None = copy.pending
        if asked is None or (asked.kind, asked.player, asked.options, asked.ctx) != (
            d.kind, d.player, d.options, d.ctx,
        ):  # fmt: skip
            self.c.fail(where, "its options are not what the rules offer in this position")

    # helpers for decisions ------------------------------------------------------------
    def hand(self, p: int) -> list[int]:
        return self.s.seats[p].hand

    def own_abom(self, p: int, n: int | None) -> bool:
        return n is not None and n in self.s.aboms and self.s.aboms[n].owner == p

    def tap_option(self, p: int, nums: list[int | None]) -> bool:
        if len(nums) != 3:
            return False
        aid, cid, i = nums
        if aid is None or cid is None or not self.own_abom(p, aid):
            return False
        return cid in self.s.aboms[aid].cards and i in self.s.defs[cid].taps


Args = tuple[Any, ...]
StepCheck = Callable[[Consistency, Args, str], None]
OptionCheck = Callable[[str, list[int | None], str], bool]
DecisionCheck = Callable[[Consistency, int, Args, str], OptionCheck]


def _arity(args: Args, n: int, k: Consistency, where: str) -> None:
    if len(args) != n:
        k.c.fail(where, f"expected {n} arguments, got {len(args)}")


def _args(*checks: Callable[[Consistency, Any, str], object]) -> StepCheck:
    """The check of a step whose arguments are checked one each, in order."""

    def check(k: Consistency, a: Args, where: str) -> None:
        _arity(a, len(checks), k, where)
        for value, each in zip(a, checks, strict=True):
            each(k, value, where)

    return check


def _step_destroy_fate(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 3, k, where)
    k.limbo_refs.append(k.card(a[0], where))
    k.c.text(a[1], where, ("combat", "effect", "sacrifice"))
    k.aid(a[2], where)


def _step_order(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 2, k, where)
    k.seat(a[0], where)
    if not isinstance(a[1], tuple) or not a[1]:
        k.c.fail(where, "expected a list of triggered abilities")
    for item in a[1]:
        k.trigger(item, where)


def _step_ability(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 7, k, where)
    k.ability(a[0], a[2], a[3], where)
    k.seat(a[1], where)
    k.target(a[4], where)
    k.x(a[0], a[5], where)
    k.c.flag(a[6], where)


def _step_effect(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 7, k, where)
    k.ability(a[0], a[2], a[3], where)
    d = k.s.defs[a[0]]
    ability = d.cond_abilities[a[3]] if a[2] == "c" else d.abilities[a[3]]
    k.c.whole(a[4], where, 0, len(ability.effects))
    k.seat(a[1], where)
    k.target(a[5], where)
    k.x(a[0], a[6], where)


def _step_resolve_play(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 5, k, where)
    k.seat(a[0], where)
    cid = k.card(a[1], where)
    k.limbo_refs.append(cid)
    k.x(cid, a[2], where)
    k.target(a[3], where)
    k.place(a[4], where)
    if k.s.defs[cid].is_minion and a[4] is None:
        k.c.fail(where, "a minion being played needs a place")


def _step_fate_done(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 1, k, where)
    k.limbo_refs.append(k.card(a[0], where))


def _step_window(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 2, k, where)
    k.c.whole(a[0], where, 1, 3)
    k.seat(a[1], where)


def _cards(k: Consistency, v: Any, where: str) -> None:
    if not isinstance(v, tuple):
        k.c.fail(where, "expected a list of cards")
    for cid in v:
        k.card(cid, where)


def _step_draw_up_to(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 2, k, where)
    k.seat(a[0], where)
    k.c.whole(a[1], where, 0, 1000)


def _step_discard(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 4, k, where)
    k.seat(a[0], where)
    k.number(a[1], where)
    k.c.text(a[2], where, ("owner", "you", "random"))
    k.seat(a[3], where)


def _step_pick_zone(k: Consistency, a: Args, where: str) -> None:
    _arity(a, 5, k, where)
    k.c.text(a[0], where, ("exhume", "exhume_up_to", "retrieve", "put"))
    k.seat(a[1], where)
    k.number(a[2], where)
    k.c.text(a[3], where, ("yours", "any", "hand", "graveyard"))
    k.flt(a[4], where)


_STEP_CHECKS: dict[str, StepCheck] = {
    "destroy_fate": _step_destroy_fate,
    "order": _step_order,
    "ability": _step_ability,
    "effect": _step_effect,
    "resolve_play": _step_resolve_play,
    "fate_done": _step_fate_done,
    "toll": _args(Consistency.seat, Consistency.seat, Consistency.number),
    "hunt": _args(Consistency.aid),
    "window": _step_window,
    "rip": _args(Consistency.seat, Consistency.aid, Consistency.number, _cards),
    "fight_apply": _args(_cards),
    "draw_up_to": _step_draw_up_to,
    "discard": _step_discard,
    "shuffle": _args(Consistency.seat),
    "pick_zone": _step_pick_zone,
}


# Each decision check validates the context and returns a test for each option
# (its first word, the numbers after it, the whole option).
def _d_main(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 0, k, where)  # whose main phase it is: the position's check
    hand = k.hand(p)
    return lambda w, n, o: (
        o in ("end", "attack")
        or (w in ("mana", "play") and len(n) == 1 and n[0] in hand)
        or (w == "tap" and k.tap_option(p, n))
    )


def _d_window(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 2, k, where)
    if ctx[1] != p:  # whose window it is in the attack: the position's check
        k.c.fail(where, "a combat window is the aggressor's or the defender's, in an attack")
    k.c.whole(ctx[0], where, 1, 3)
    hand = k.hand(p)
    return lambda w, n, o: (
        o == "pass"
        or (w == "play" and len(n) == 1 and n[0] in hand)
        or (w == "tap" and k.tap_option(p, n))
    )


def _in_hand(k: Consistency, p: Any, cid: Any, where: str) -> int:
    """``cid`` is a card in seat ``p``'s hand (a card being paid for is still there)."""
    if k.card(cid, where) not in k.hand(k.seat(p, where)):
        k.c.fail(where, f"card {cid} is not in seat {p}'s hand")
    return int(cid)


def _or_cancel(ok: OptionCheck) -> OptionCheck:
    """A play not yet paid for may offer ``cancel`` (base.CANCEL; the asking
    again below checks it is offered only to a seat that asked for it)."""
    return lambda w, n, o: o == base.CANCEL or ok(w, n, o)


def _d_x(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 2, k, where)
    _in_hand(k, ctx[0], ctx[1], where)
    return _or_cancel(lambda w, n, o: w == "x" and len(n) == 1 and n[0] is not None)


def _place_option(k: Consistency, p: int) -> OptionCheck:
    return lambda w, n, o: o == "new" or (w == "on" and len(n) == 1 and k.own_abom(p, n[0]))


def _d_place(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 3, k, where)
    _in_hand(k, ctx[0], ctx[1], where)
    k.x(ctx[1], ctx[2], where, payable_by=ctx[0])
    return _or_cancel(_place_option(k, p))


def _target_option(k: Consistency) -> OptionCheck:
    def ok(w: str, n: list[int | None], o: str) -> bool:
        num = small_int(o[1:])
        if num is None or not o[:1] or o[0] not in "ampc":
            return False
        limit = {"a": k.s.next_aid, "m": len(k.s.defs), "c": len(k.s.defs), "p": k.s.n}[o[0]]
        return num < limit

    return ok


def _d_target(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    if ctx[:1] == ("play",):
        _arity(ctx, 4, k, where)
        _in_hand(k, ctx[1], ctx[2], where)
        k.x(ctx[2], ctx[3], where, payable_by=ctx[1])
        return _or_cancel(_target_option(k))
    if ctx[:1] == ("ability",):
        _arity(ctx, 6, k, where)
        k.ability(ctx[1], ctx[3], ctx[4], where)
        k.seat(ctx[2], where)
        k.x(ctx[1], ctx[5], where)
    else:
        k.c.fail(where, "expected a 'play' or 'ability' context")
    return _target_option(k)


def _d_pay(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 5, k, where)
    _in_hand(k, ctx[0], ctx[1], where)
    k.x(ctx[1], ctx[2], where)
    k.target(ctx[3], where)
    k.place(ctx[4], where)

    def ok(w: str, n: list[int | None], o: str) -> bool:
        parts = o.removeprefix("pay ").split(",")
        return (
            w == "pay" and len(parts) == len(DOOMS) and all(small_int(x) is not None for x in parts)
        )

    return _or_cancel(ok)


def _d_enemy(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 0, k, where)
    return lambda w, n, o: w == "enemy" and len(n) == 1 and n[0] is not None and n[0] < k.s.n


def _d_attacker(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 0, k, where)  # the aggressor declares: the position's check
    return lambda w, n, o: o == "done" or (w == "attacker" and len(n) == 1 and k.own_abom(p, n[0]))


def _d_toll(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 2, k, where)
    k.seat(ctx[0], where)
    k.number(ctx[1], where)
    mana = k.s.seats[p].mana
    return lambda w, n, o: w == "toll" and len(n) == 1 and n[0] in mana


def _d_hunt(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 1, k, where)
    k.aid(ctx[0], where)
    return lambda w, n, o: o == "no" or (w == "hunt" and len(n) == 1 and n[0] in k.s.aboms)


def _d_block(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 0, k, where)
    combat = k.s.combat
    assert combat is not None  # the defender blocks in an attack: the position's check
    return lambda w, n, o: (
        o == "done"
        or (w == "block" and len(n) == 2 and k.own_abom(p, n[0]) and n[1] in combat.attackers)
    )


def _d_rip(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 4, k, where)
    k.seat(ctx[0], where)
    receiver = k.s.aboms.get(k.aid(ctx[1], where))
    if receiver is None:
        k.c.fail(where, "the abomination taking the damage is not in play")
    k.number(ctx[2], where)
    _cards(k, ctx[3], where)
    return lambda w, n, o: o == "done" or (w == "rip" and len(n) == 1 and n[0] in receiver.cards)


def _d_soulbound(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 2, k, where)
    k.limbo_refs.append(k.card(ctx[0], where))
    k.c.text(ctx[1], where, ("combat",))
    return lambda w, n, o: o == "no" or (w == "stitch" and len(n) == 1 and k.own_abom(p, n[0]))


def _d_order(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _step_order(k, ctx, where)
    items = ctx[1]
    return lambda w, n, o: w == "first" and len(n) == 1 and n[0] is not None and n[0] < len(items)


def _d_may(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    _arity(ctx, 6, k, where)
    k.ability(ctx[0], ctx[2], ctx[3], where)
    k.seat(ctx[1], where)
    k.target(ctx[4], where)
    k.x(ctx[0], ctx[5], where)
    return lambda w, n, o: o in ("yes", "no")


# A "choose" decision's context starts with what is chosen; each kind checks the rest.
def _choose_stitch(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _arity(rest, 2, k, where)
    k.card(rest[0], where)
    k.seat(rest[1], where)
    return lambda w, n, o: o == "onto new" or (w == "onto" and len(n) == 1 and k.own_abom(p, n[0]))


def _choose_draw(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _arity(rest, 1, k, where)
    deck = k.s.seats[k.seat(rest[0], where)].deck
    return lambda w, n, o: w == "draw" and len(n) == 1 and n[0] is not None and n[0] <= len(deck)


def _choose_discard(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _step_discard(k, rest, where)
    hand = k.hand(rest[0])
    return lambda w, n, o: w == "card" and len(n) == 1 and n[0] in hand


def _choose_zone(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _step_pick_zone(k, rest, where)
    s = k.s
    kind, side = rest[0], rest[3]
    if kind.startswith("exhume"):
        zone = {c for seat in s.seats for c in seat.graveyard}
    elif kind == "retrieve":
        zone = set(s.seats[p].deck)
    else:
        zone = set(s.seats[p].graveyard if side == "graveyard" else s.seats[p].hand)
    return lambda w, n, o: o == "none" or (w == "card" and len(n) == 1 and n[0] in zone)


def _choose_put(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _arity(rest, 2, k, where)
    k.seat(rest[0], where)
    k.limbo_refs.append(k.card(rest[1], where))
    return _place_option(k, p)


def _choose_sacrifice(k: Consistency, p: int, rest: Args, where: str) -> OptionCheck:
    _arity(rest, 1, k, where)
    s = k.s
    seat = s.seats[k.seat(rest[0], where)]
    minions = {c for aid in seat.aboms for c in s.aboms[aid].cards}
    others = {*seat.relics, seat.god}

    def ok(w: str, n: list[int | None], o: str) -> bool:
        num = small_int(o[1:])
        return (o[:1] == "m" and num in minions) or (o[:1] == "c" and num in others)

    return ok


_CHOOSE_CHECKS: dict[str, DecisionCheck] = {
    "stitch": _choose_stitch,
    "draw": _choose_draw,
    "discard": _choose_discard,
    "zone": _choose_zone,
    "put": _choose_put,
    "sacrifice": _choose_sacrifice,
}


def _d_choose(k: Consistency, p: int, ctx: Args, where: str) -> OptionCheck:
    what, rest = (ctx[0], ctx[1:]) if ctx else (None, ())
    check = _CHOOSE_CHECKS.get(what) if isinstance(what, str) else None
    if check is None:
        k.c.fail(where, f"unknown choice {what!r}")
    return check(k, p, rest, where)


# Ask a pending question again on a copy (True when the kind can be asked again
# from the position and its context alone).
AskAgain = Callable[[HecatombState, Decision], bool]


def _again(fn: Callable[..., None], *front: Callable[[HecatombState, Decision], Any]) -> AskAgain:
    def run(s: HecatombState, d: Decision) -> bool:
        fn(s, *(f(s, d) for f in front), *d.ctx)
        return True

    return run


def _again_choose(s: HecatombState, d: Decision) -> bool:
    what, ctx = d.ctx[0], d.ctx[1:]
    if what == "discard":
        effects.step_discard(s, *ctx)
    elif what == "zone":
        effects.step_pick_zone(s, *ctx)
    else:  # stitch, draw, put, sacrifice: checked by their options above
        return False
    return True


def _again_target(s: HecatombState, d: Decision) -> bool:
    if d.ctx[0] == "play":
        _, p, cid, x = d.ctx
        playing.play_next(s, p, cid, x, None, None)
    else:
        _, cid, p, key, idx, x = d.ctx
        triggers.step_ability(s, cid, p, key, idx, None, x, True)
    return True


def _again_ability(s: HecatombState, d: Decision) -> bool:
    cid, p, key, idx, target, x = d.ctx
    triggers.step_ability(s, cid, p, key, idx, target, x, False)
    return True


def _again_x(s: HecatombState, d: Decision) -> bool:
    playing.begin_play(s, d.ctx[0], d.ctx[1])
    return True


def _again_place(s: HecatombState, d: Decision) -> bool:
    p, cid, x = d.ctx
    playing.play_next(s, p, cid, x, None, None)
    return True


def _again_alone(fn: Callable[[HecatombState], None]) -> AskAgain:
    def run(s: HecatombState, d: Decision) -> bool:
        fn(s)
        return True

    return run


_ASK_AGAIN: dict[str, AskAgain] = {
    "main": _again_alone(turn.step_main),
    "window": _again(attack.step_window),
    "x": _again_x,
    "place": _again_place,
    "pay": _again(playing.play_next),
    "target": _again_target,
    "may": _again_ability,
    "enemy": _again_alone(attack.step_attack),
    "attacker": _again_alone(attack.ask_attacker),
    "toll": _again(attack.step_toll, lambda s, d: d.player),
    "hunt": _again(attack.step_hunt),
    "block": _again_alone(attack.ask_block),
    "rip": _again(fight.step_rip),
    "order": _again(triggers.step_order),
    "choose": _again_choose,
}

_DECISION_CHECKS: dict[str, DecisionCheck] = {
    "main": _d_main,
    "window": _d_window,
    "x": _d_x,
    "place": _d_place,
    "target": _d_target,
    "pay": _d_pay,
    "enemy": _d_enemy,
    "attacker": _d_attacker,
    "toll": _d_toll,
    "hunt": _d_hunt,
    "block": _d_block,
    "rip": _d_rip,
    "soulbound": _d_soulbound,
    "order": _d_order,
    "may": _d_may,
    "choose": _d_choose,
}
