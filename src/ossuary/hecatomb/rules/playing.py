"""Playing cards (rulebook "Play Cards"): X, a target and a place chosen,
then the payment; a play not yet paid for may be cancelled; the card resolves.
Tap abilities (glossary "↻") are used where cards can be played.
"""

from __future__ import annotations

from typing import Any, Final

from ..cards import CardDef
from ..queries import can_pay, invalidate, mana_available, payments, placements, targets
from ..state import RULES, Abomination, HecatombState
from .base import CANCEL, event, new_abomination, reveal_all, to_graveyard
from .destruction import destroy_card

#: each payment's option id ("pay 1,0,2,0"), and back, made once: a payment is
#: asked for at every card played, and building and parsing the ids was a
#: visible share of a random game's time. Bounded: past ``PAY_IDS_KEPT`` ids
#: (never, with the cards' costs) they are built each time.
_PAY_IDS: Final[dict[tuple[int, int, int, int], str]] = {}
_PAID: Final[dict[str, list[int]]] = {}
PAY_IDS_KEPT: Final = 20_000


def pay_id(way: tuple[int, int, int, int]) -> str:
    """The option id of paying ``way`` (mana of each doom)."""
    got = _PAY_IDS.get(way)
    if got is None:
        got = "pay " + ",".join(map(str, way))
        if len(_PAY_IDS) < PAY_IDS_KEPT:
            _PAY_IDS[way] = got
            _PAID[got] = list(way)
    return got


def paid(choice: str) -> list[int]:
    """The mana of each doom a pay option id names (a fresh list)."""
    got = _PAID.get(choice)
    if got is None:
        return [int(v) for v in choice.split()[1].split(",")]
    return got[:]


def begin_play(s: HecatombState, p: int, cid: int) -> None:
    """Rulebook "Play Cards": choose X, a target and where a minion goes, then pay.

    Nothing is committed until the payment: the card is logged as played and
    leaves the hand in :func:`resume_pay`. Until then a seat in
    ``s.cancel_seats`` may answer ``cancel`` (a client convenience, not a rule).
    """
    d = s.defs[cid]
    if d.x_cost:
        avail = mana_available(s, p)
        total = sum(avail)
        opts = tuple(
            f"x {x}"
            for x in range(0, max(0, total - d.cost) + 1)
            if can_pay(avail, d.doom_i, d.cost + x)
        )
        s.ask("x", p, with_cancel(s, p, opts), p, cid)
        return
    play_next(s, p, cid, 0, None, None)


def with_cancel(s: HecatombState, p: int, opts: tuple[str, ...]) -> tuple[str, ...]:
    """Add ``cancel`` where the seat asked for it and the choice is asked anyway: a
    forced choice still resolves by itself, so whether a decision is asked, and
    the history a replay holds, are the same with or without ``cancel``."""
    return (*opts, CANCEL) if len(opts) > 1 and s.cancel_seats >> p & 1 else opts


def cancel_play(s: HecatombState, cid: int) -> None:
    """Step back out of a play that has not been paid for: the state is exactly
    as it was before the card was chosen (``docs/rules-notes.md``, "Cancel").

    The step that asked (the main phase or the combat window) is still on the
    stack and asks again. The play's choices are taken out of the history as
    well, so a replay never holds them: nothing random or public happened
    between choosing the card and cancelling.
    """
    history = s.history
    started = f"play {cid}"
    for k in range(len(history) - 1, -1, -1):
        if history[k] == started:
            s.ply -= len(history) - k  # the count of actions, too, is as before
            del history[k:]
            return
    if history and history[-1] == CANCEL:
        history.pop()
        s.ply -= 1


@RULES.resume("x")
def resume_x(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, cid = ctx
    if choice == CANCEL:
        cancel_play(s, cid)
        return
    play_next(s, p, cid, int(choice.split()[1]), None, None)


def play_next(
    s: HecatombState, p: int, cid: int, x: int, target: str | None, place: str | None
) -> None:
    """Ask what the card still needs (a target, where it goes), then the payment."""
    d = s.defs[cid]
    if target is None and d.type in ("fate", "combat fate"):
        ab = d.targeted_play
        if ab is not None and ab.target is not None:
            opts = tuple(targets(s, p, ab.target, d.doom))
            s.ask("target", p, with_cancel(s, p, opts), "play", p, cid, x)
            return
    if place is None and d.is_minion:
        s.ask("place", p, with_cancel(s, p, tuple(placements(s, p, d))), p, cid, x)
        return
    cost = d.cost + x
    opts = tuple([pay_id(v) for v in payments(mana_available(s, p), d.doom_i, cost)])
    s.ask("pay", p, with_cancel(s, p, opts), p, cid, x, target, place)


@RULES.resume("place")
def resume_place(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, cid, x = ctx
    if choice == CANCEL:
        cancel_play(s, cid)
        return
    play_next(s, p, cid, x, None, choice)


@RULES.resume("target")
def resume_target(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    if ctx[0] == "play":
        _, p, cid, x = ctx
        if choice == CANCEL:
            cancel_play(s, cid)
            return
        play_next(s, p, cid, x, choice, None)
    else:
        _, cid, p, key, idx, x = ctx
        s.push("ability", cid, p, key, idx, choice, x, True)


@RULES.resume("pay")
def resume_pay(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    """Tap mana: pool mana of a doom is spent before cards of that doom, since
    the pool empties at the next attack or end of turn (equivalent choices)."""
    p, cid, x, target, place = ctx
    if choice == CANCEL:
        cancel_play(s, cid)
        return
    seat = s.seats[p]
    event(s, "play", p=p, card=s.defs[cid].name)
    need = paid(choice)
    for doom_i in range(4):
        k = need[doom_i]
        from_pool = min(k, seat.pool[doom_i])
        seat.pool[doom_i] -= from_pool
        k -= from_pool
        for m in seat.mana:
            if k == 0:
                break
            if m not in s.tapped and s.defs[m].doom_i == doom_i:
                s.tapped.add(m)
                k -= 1
    seat.hand.remove(cid)
    s.limbo.append(cid)
    reveal_all(s, cid)
    s.push("resolve_play", p, cid, x, target, place)


@RULES.step
def step_resolve_play(
    s: HecatombState, p: int, cid: int, x: int, target: str | None, place: str | None
) -> None:
    d = s.defs[cid]
    s.limbo.remove(cid)
    seat = s.seats[p]
    if d.is_minion:
        assert place is not None
        place_minion(s, p, cid, place, summon=True)
    elif d.type == "relic":
        seat.relics.append(cid)
        invalidate(s)
    elif d.type == "god":
        if seat.god >= 0:
            event(s, "sacrifice", card=s.defs[seat.god].name)
            destroy_card(s, seat.god, "sacrifice")  # rulebook "Playing gods"
        seat.god = cid
        invalidate(s)
        s.push("flush")
        for i in range(len(d.abilities) - 1, -1, -1):
            if d.abilities[i].trigger == "play":
                s.push("ability", cid, p, "a", i, None, x, False)
    else:  # fate: its effect, then the graveyard, then what it set off
        s.limbo.append(cid)
        s.push("flush")
        s.push("fate_done", cid)
        for i in range(len(d.abilities) - 1, -1, -1):
            ab = d.abilities[i]
            if ab.trigger == "play":
                chosen = target if ab is d.targeted_play else None
                s.push("ability", cid, p, "a", i, chosen, x, chosen is not None)


@RULES.step
def step_fate_done(s: HecatombState, cid: int) -> None:
    s.limbo.remove(cid)
    to_graveyard(s, cid)


def place_minion(s: HecatombState, p: int, cid: int, place: str, summon: bool) -> None:
    """Put a minion into play as a new abomination or on one of yours.

    Glossary "conditional ability": it works when the conditional box's doom
    matches a trigger of the minion it lands on; one-time effects only when
    played from hand (``summon``), continual ones however it arrived.
    """
    d = s.defs[cid]
    if place == "new":
        a = new_abomination(s, p, [cid])
        under = -1
    else:
        a = s.aboms[int(place.split()[1])]
        under = a.top
        a.cards.append(cid)
        invalidate(s)
    a.played = True
    event(s, "minion", p=p, card=d.name, a=a.aid)
    if under >= 0 and d.cond_doom and d.cond_doom in s.defs[under].triggers:
        if d.cond_keywords:
            s.cond_on.add(cid)
        if summon and d.cond_abilities:
            s.push("ability", cid, p, "c", 0, None, 0, False)


def playable(s: HecatombState, p: int, d: CardDef, avail: list[int], in_combat: bool) -> bool:
    if in_combat and not d.is_combat:
        return False
    if not can_pay(avail, d.doom_i, d.cost):
        return False
    if d.type in ("fate", "combat fate"):
        ab = d.targeted_play
        if ab is not None and ab.target is not None and not targets(s, p, ab.target, d.doom, True):
            return False  # rulebook "Playing fates": a targeted fate needs a legal target
    return True


def tap_options(s: HecatombState, a: Abomination) -> list[str]:
    """Glossary "↻": untapped, size at least N, when you could play combat fates."""
    if a.tapped:
        return []
    out = []
    for cid in a.cards:
        d = s.defs[cid]
        for i in d.taps:
            if a.size >= d.abilities[i].tap:
                out.append(f"tap {a.aid} {cid} {i}")
    return out


def use_tap(s: HecatombState, p: int, rest: str) -> None:
    aid, cid, i = (int(v) for v in rest.split())
    s.aboms[aid].tapped = True
    event(s, "tap_ability", p=p, card=s.defs[cid].name)
    s.push("ability", cid, p, "a", i, None, 0, False)
