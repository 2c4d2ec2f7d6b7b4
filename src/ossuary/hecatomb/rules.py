"""The Hecatomb rules as steps of the engine's step machine.

Each ``@step`` function runs one piece of the rules and may push more steps
or stop for a decision with ``s.ask``; each ``@resume`` function continues
after the decision of its kind. Section names in docstrings are the
rulebook's (``shared/seeds/001``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cards import CardDef, CardPool
from .queries import (
    abom_keywords,
    abom_of,
    abom_strength,
    attack_toll,
    can_attack,
    can_block,
    can_pay,
    effect_doom,
    invalidate,
    mana_available,
    minion_keywords,
    minion_strengths,
    payments,
    placements,
    targets,
)
from .state import MAX_SIZE, RULES, WIN_SOULS, Abomination, Combat, HecatombState, Seat

# effect verb -> fn(state, source_cid, controller, key, effect, target, x); filled by effects.py
VERBS: dict[str, Callable[..., None]] = {}

F = Callable[..., None]

# the option that steps back out of a play before it is paid for (seats in
# ``cancel_seats`` only; see begin_play)
CANCEL = "cancel"


# =============================================================================
# Zones and counters
# =============================================================================
def event(s: HecatombState, kind: str, **fields: Any) -> None:
    fields["e"] = kind
    s.log.append(fields)


def check_win(s: HecatombState, p: int) -> None:
    """Glossary "souls": a player with 20 or more souls wins at once."""
    if s.winner is None and s.seats[p].souls >= WIN_SOULS:
        s.winner = p
        s.pending = None
        s.stack.clear()
        event(s, "win", p=p, souls=s.seats[p].souls)


def gain_souls(s: HecatombState, p: int, n: int) -> None:
    if n > 0:
        s.seats[p].souls += n
        check_win(s, p)


def lose_souls(s: HecatombState, p: int, n: int) -> int:
    """Souls never go below zero; returns how many were lost."""
    seat = s.seats[p]
    n = min(n, seat.souls)
    seat.souls -= n
    return n


def draw(s: HecatombState, p: int, n: int) -> None:
    """Draw from the top; an empty deck draws nothing (rulebook "Deck")."""
    seat = s.seats[p]
    bit = 1 << p
    for _ in range(n):
        if not seat.deck:
            event(s, "draw_empty", p=p)
            return
        cid = seat.deck.pop()
        seat.hand.append(cid)
        s.known[cid] |= bit
        event(s, "draw", p=p, card=s.defs[cid].name, private=p)


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


def reveal_all(s: HecatombState, cid: int) -> None:
    s.known[cid] = (1 << s.n) - 1


def to_hand(s: HecatombState, cid: int, public: bool = True) -> None:
    p = s.owner[cid]
    s.seats[p].hand.append(cid)
    s.known[cid] = (1 << s.n) - 1 if public else 1 << p


def to_graveyard(s: HecatombState, cid: int) -> None:
    s.seats[s.owner[cid]].graveyard.append(cid)
    s.known[cid] = 0


def to_mana(s: HecatombState, cid: int) -> None:
    """Mana cards are put in untapped (glossary "mana zone")."""
    s.seats[s.owner[cid]].mana.append(cid)
    s.tapped.discard(cid)
    s.known[cid] = 0


def new_abomination(s: HecatombState, p: int, cards: list[int]) -> Abomination:
    aid = s.next_aid
    s.next_aid += 1
    a = Abomination(aid, p, cards)
    s.aboms[aid] = a
    s.seats[p].aboms.append(aid)
    invalidate(s)
    return a


def take_minion(s: HecatombState, cid: int) -> Abomination | None:
    """Lift a minion out of its abomination (the stack closes up). Returns the
    abomination it left, or None when that abomination is gone."""
    a = abom_of(s, cid)
    if a is None:
        return None
    a.cards.remove(cid)
    s.minion_mod.pop(cid, None)
    s.cond_on.discard(cid)
    invalidate(s)
    if not a.cards:
        del s.aboms[a.aid]
        s.seats[a.owner].aboms.remove(a.aid)
        leave_combat(s, a.aid)
        return None
    if a.size < 2:
        leave_combat(s, a.aid)
    return a


def leave_combat(s: HecatombState, aid: int) -> None:
    """Rulebook "One-Minion Abominations in Combat": leaves combat at once.

    An attacker that was blocked stays blocked (rulebook "Assign blockers").
    """
    c = s.combat
    if c is None:
        return
    if aid in c.attackers:
        c.attackers.remove(aid)
        c.blocks.pop(aid, None)
        event(s, "leaves_combat", a=aid)
    for att, blk in list(c.blocks.items()):
        if blk == aid:
            del c.blocks[att]
            event(s, "leaves_combat", a=aid)


def stitch_onto(s: HecatombState, cid: int, target: Abomination | None, p: int) -> None:
    """Glossary "stitch": no conditional abilities; the abomination can't attack
    this turn; minions above five are severed from the top."""
    take_minion(s, cid)
    if target is None or target.aid not in s.aboms:
        a = new_abomination(s, p, [cid])
        a.stitched = True
    else:
        target.cards.append(cid)
        target.stitched = True
        invalidate(s)
        while target.size > MAX_SIZE:
            sever(s, target.cards[-1])
    event(s, "stitch", card=s.defs[cid].name, onto=None if target is None else target.aid)


def sever(s: HecatombState, cid: int) -> None:
    """Glossary "sever": the minion becomes a new, untapped abomination."""
    take_minion(s, cid)
    new_abomination(s, s.owner[cid], [cid])
    event(s, "sever", card=s.defs[cid].name)


# =============================================================================
# Destruction (glossary "destroy", "sacrifice", "Martyr", "Regenerator", "Soulbound")
# =============================================================================
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


def destroy_card(s: HecatombState, cid: int, cause: str) -> None:
    """Destroy a relic or god (to the graveyard)."""
    seat = s.seats[s.owner[cid]]
    if cid in seat.relics:
        seat.relics.remove(cid)
    elif seat.god == cid:
        seat.god = -1
    else:
        return
    invalidate(s)
    to_graveyard(s, cid)
    event(s, "destroyed", card=s.defs[cid].name, cause=cause)
    queue_triggers(s, cid, "destroyed")


# =============================================================================
# Triggered abilities (rulebook "Simultaneous Abilities")
# =============================================================================
def queue_triggers(s: HecatombState, cid: int, trigger: str, extra: Any = None) -> None:
    d = s.defs[cid]
    for i, ab in enumerate(d.abilities):
        if ab.trigger == trigger:
            s.trig.append((s.owner[cid], cid, "a", i, extra))


def queue_abom_triggers(s: HecatombState, a: Abomination, trigger: str, extra: Any = None) -> None:
    for cid in a.cards:
        queue_triggers(s, cid, trigger, extra)


@RULES.step
def step_flush(s: HecatombState) -> None:
    """Order waiting triggered abilities: the active player's first, then
    clockwise; each player orders their own."""
    if not s.trig:
        return
    items, s.trig = s.trig, []
    by_player: dict[int, list[tuple[Any, ...]]] = {}
    for it in items:
        by_player.setdefault(it[0], []).append(it)
    for k in range(s.n - 1, -1, -1):
        p = (s.turn + k) % s.n
        mine = by_player.get(p)
        if mine:
            s.push("order", p, tuple(mine))


@RULES.step
def step_order(s: HecatombState, p: int, items: tuple[tuple[Any, ...], ...]) -> None:
    if len(items) == 1:
        _push_trigger(s, items[0])
        return
    seen: dict[tuple[str, str, int], int] = {}
    for k, (_, cid, key, idx, _x) in enumerate(items):
        seen.setdefault((s.defs[cid].name, key, idx), k)
    s.ask("order", p, tuple(f"first {k}" for k in seen.values()), p, items)


@RULES.resume("order")
def resume_order(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, items = ctx
    k = int(choice.split()[1])
    rest = items[:k] + items[k + 1 :]
    s.push("order", p, rest)
    _push_trigger(s, items[k])


def _push_trigger(s: HecatombState, item: tuple[Any, ...]) -> None:
    p, cid, key, idx, extra = item
    s.push("ability", cid, p, key, idx, extra, 0, False)


# =============================================================================
# Abilities and effects
# =============================================================================
def ability_of(d: CardDef, key: str, idx: int) -> Any:
    return d.cond_abilities[idx] if key == "c" else d.abilities[idx]


@RULES.step
def step_ability(
    s: HecatombState, cid: int, p: int, key: str, idx: int, target: Any, x: int, confirmed: bool
) -> None:
    """Resolve one ability: ask "use it?" if optional, then its target, then
    each of its effects in order (glossary "target": no legal target, no effect)."""
    d = s.defs[cid]
    ab = ability_of(d, key, idx)
    opts: list[str] = []
    if ab.target is not None and target is None:
        opts = targets(s, p, ab.target, effect_doom(d, key))
        if not opts:
            event(s, "no_target", card=d.name)
            return
    if ab.optional and not confirmed:
        s.ask("may", p, ("yes", "no"), cid, p, key, idx, target, x)
        return
    if ab.target is not None and target is None:
        s.ask("target", p, tuple(opts), "ability", cid, p, key, idx, x)
        return
    if ab.trigger != "play":
        s.push("flush")  # abilities it set off wait until it has finished
    for j in range(len(ab.effects) - 1, -1, -1):
        s.push("effect", cid, p, key, idx, j, target, x)


@RULES.resume("may")
def resume_may(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    cid, p, key, idx, target, x = ctx
    if choice == "yes":
        s.push("ability", cid, p, key, idx, target, x, True)


@RULES.step
def step_effect(
    s: HecatombState, cid: int, p: int, key: str, idx: int, j: int, target: Any, x: int
) -> None:
    eff = ability_of(s.defs[cid], key, idx).effects[j]
    VERBS[eff.verb](s, cid, p, key, eff, target, x)


# =============================================================================
# Setup and the turn (rulebook "Setup and Start", "Turn Sequence")
# =============================================================================
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
    if eligible and any(_can_pay_toll(s, p, q, 1) for q in range(s.n) if q != p):
        opts.append("attack")
    opts.append("end")
    s.ask("main", p, tuple(opts))


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


def playable(s: HecatombState, p: int, d: CardDef, avail: list[int], in_combat: bool) -> bool:
    if in_combat and not d.is_combat:
        return False
    if not can_pay(avail, d.doom_i, d.cost):
        return False
    if d.type in ("fate", "combat fate"):
        ab = d.targeted_play
        if ab is not None and ab.target is not None and not targets(s, p, ab.target, d.doom):
            return False  # rulebook "Playing fates": a targeted fate needs a legal target
    return True


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


def use_tap(s: HecatombState, p: int, rest: str) -> None:
    aid, cid, i = (int(v) for v in rest.split())
    s.aboms[aid].tapped = True
    event(s, "tap_ability", p=p, card=s.defs[cid].name)
    s.push("ability", cid, p, "a", i, None, 0, False)


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


# =============================================================================
# Playing cards (rulebook "Play Cards")
# =============================================================================
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
        s.ask("x", p, _with_cancel(s, p, opts), p, cid)
        return
    play_next(s, p, cid, 0, None, None)


def _with_cancel(s: HecatombState, p: int, opts: tuple[str, ...]) -> tuple[str, ...]:
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
            s.ask("target", p, _with_cancel(s, p, opts), "play", p, cid, x)
            return
    if place is None and d.is_minion:
        s.ask("place", p, _with_cancel(s, p, tuple(placements(s, p, d))), p, cid, x)
        return
    cost = d.cost + x
    opts = tuple(
        "pay " + ",".join(map(str, v)) for v in payments(mana_available(s, p), d.doom_i, cost)
    )
    s.ask("pay", p, _with_cancel(s, p, opts), p, cid, x, target, place)


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
    need = [int(v) for v in choice.split()[1].split(",")]
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


# =============================================================================
# Attack (rulebook "Attack")
# =============================================================================
@RULES.step
def step_attack(s: HecatombState) -> None:
    """Declare attackers: an enemy, then untapped eligible abominations."""
    for seat in s.seats:
        seat.pool = [0, 0, 0, 0]  # glossary "mana": the pool empties when an attack starts
    p = s.turn
    enemies = tuple(f"enemy {q}" for q in range(s.n) if q != p and _can_pay_toll(s, p, q, 1))
    s.ask("enemy", p, enemies)


@RULES.resume("enemy")
def resume_enemy(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    s.combat = Combat(s.turn, int(choice.split()[1]))
    ask_attacker(s)


def ask_attacker(s: HecatombState) -> None:
    c = s.combat
    assert c is not None
    opts: list[str] = []
    if _can_pay_toll(s, c.aggressor, c.defender, len(c.attackers) + 1):
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
        if abom_keywords(s, s.aboms[aid]).get("hunter"):
            s.push("hunt", aid)
    for aid in c.attackers:
        queue_abom_triggers(s, s.aboms[aid], "attacks")
    if toll_mana:
        s.push("toll", c.aggressor, c.defender, toll_mana * n)


def _can_pay_toll(s: HecatombState, p: int, defender: int, attackers: int) -> bool:
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


def combat_options(s: HecatombState, p: int) -> list[str]:
    seat = s.seats[p]
    avail = mana_available(s, p)
    opts: list[str] = []
    seen: set[str] = set()
    for cid in seat.hand:
        d = s.defs[cid]
        if d.is_combat and d.name not in seen:
            seen.add(d.name)
            if playable(s, p, d, avail, in_combat=True):
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
        amount = a.size + abom_keywords(s, a).get("reaper", 0)
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
        survivor = abom_keywords(s, r).get("survivor", 0)
        if abom_keywords(s, s.aboms[dealer]).get("ripper"):
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
    survivor = abom_keywords(s, a).get("survivor", 0)
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
        _add_kills(s, chosen)
        return
    if left <= room:
        opts.append("done")
    s.ask("rip", p, tuple(opts), p, receiver, left, chosen)


@RULES.resume("rip")
def resume_rip(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, receiver, left, chosen = ctx
    if choice == "done":
        _add_kills(s, chosen)
        return
    cid = int(choice.split()[1])
    a = s.aboms[receiver]
    i = a.cards.index(cid)
    need = minion_strengths(s, a)[i]
    if i == a.size - 1:
        need += abom_keywords(s, a).get("survivor", 0)
    s.push("rip", p, receiver, left - need, (*chosen, cid))


def _add_kills(s: HecatombState, chosen: tuple[int, ...]) -> None:
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
