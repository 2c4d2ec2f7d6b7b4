"""The effect verbs of the card language, one function each (docs/card-language.md).

Every verb is ``fn(state, source_cid, controller, effect, target)``. An effect
acts on the ability's chosen ``target`` (``m<cid>``, ``h<seat>``, ``c<cid>``,
``g<cid>``, ``s<k>``), or, when it has a ``scope``, on everything in that area
(area effects don't target, so they reach invisible minions, section 11).
A verb whose target has gone, or is no longer a legal target, does nothing
for it; everything else it does still happens.

Damage from magic cards pierces like an attack's (section 11, "Piercing
Damage"); damage from minions' and heroes' abilities does not (our reading:
the rulebook names attacks and magic cards only).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cardlang import Effect
from .cards import Selector
from .queries import (
    free_spaces,
    host_of,
    invalidate,
    minion_matches,
    slot_of,
    stats,
    targetable,
    turn_order,
)
from .rules.base import (
    VERBS,
    all_bits,
    draw,
    event,
    gain_lifeforce,
    heal_hero,
    hurt_hero,
    shuffle_deck,
    to_banished,
    to_graveyard,
    to_hand,
)
from .rules.combat import ensnare, hit
from .rules.leaving import destroy, leave_field, remove_magic, take_control
from .rules.window import negate
from .state import EMPTY, RULES, NecroState

Verb = Callable[[NecroState, int, int, Effect, Any], None]


def verb(fn: Verb) -> Verb:
    VERBS[fn.__name__.removeprefix("do_")] = fn
    return fn


# =============================================================================
# What an effect touches
# =============================================================================
def _valid(s: NecroState, p: int, t: str) -> bool:
    """Whether a target chosen earlier can still be acted on."""
    kind, num = t[0], int(t[1:])
    if kind == "m":
        return num in s.minions and targetable(s, p, num)
    if kind == "h":
        return s.seats[num].alive
    if kind == "c":
        return num not in s.dying and (slot_of(s, num) is not None or host_of(s, num) != EMPTY)
    if kind == "g":
        return num in s.seats[s.owner[num]].graveyard
    return True  # s<k>: negate checks the index itself


def _sided(sel: Selector, p: int, q: int) -> bool:
    """Whether seat ``q`` is on the area's side ("any", "yours", else the enemies)."""
    return sel.side == "any" or (sel.side == "yours") == (q == p)


def _area_minions(
    s: NecroState, src: int, p: int, sel: Selector, aim: int, order: list[int]
) -> list[str]:
    """Minions in play, not dying, that match the area (seats in turn order)."""
    return [
        f"m{c}"
        for q in order
        for c in s.seats[q].minions
        if c != EMPTY and c not in s.dying and minion_matches(s, sel, p, src, c, aim)
    ]


def _area_magic(s: NecroState, p: int, sel: Selector, order: list[int]) -> list[str]:
    """Cards in magic zones on the side, not dying: artifacts only unless the
    area takes any magic."""
    any_magic = sel.kind == "magic"
    return [
        f"c{c}"
        for q in order
        if _sided(sel, p, q)
        for c in s.seats[q].magic
        if c != EMPTY and c not in s.dying and (any_magic or s.defs[c].type == "artifact")
    ]


def affected(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> list[str]:
    """The ids an effect acts on: its area, or the ability's target. An area
    reads as a selector does: a "character" is a minion or a hero, a "target"
    any of those or an artifact; seats in turn order from the active one."""
    sel = eff.scope
    if sel is None:
        return [target] if isinstance(target, str) and _valid(s, p, target) else []
    aim = int(target[1:]) if isinstance(target, str) and target[0] == "m" else EMPTY
    out: list[str] = []
    kind = sel.kind
    order = turn_order(s, s.turn)
    if kind in ("minion", "character", "target"):
        out += _area_minions(s, src, p, sel, aim, order)
    if kind in ("hero", "character", "target"):
        out += [f"h{q}" for q in order if _sided(sel, p, q)]
    if kind in ("artifact", "target", "magic"):
        out += _area_magic(s, p, sel, order)
    if kind == "card":
        out += [f"g{c}" for q in order if _sided(sel, p, q) for c in s.seats[q].graveyard]
    return out


def players(s: NecroState, p: int, who: str, target: Any) -> list[int]:
    """``you``, ``target`` (the targeted hero's player), ``each_enemy`` or
    ``each``, in turn order from the active player."""
    if who == "you":
        return [p]
    if who == "target":
        if isinstance(target, str) and target[0] == "h" and s.seats[int(target[1:])].alive:
            return [int(target[1:])]
        if isinstance(target, str) and target[0] == "m" and int(target[1:]) in s.minions:
            return [s.minions[int(target[1:])].controller]
        return []
    order = turn_order(s, s.turn)
    return [q for q in order if q != p] if who == "each_enemy" else order


def _minions(ids: list[str]) -> list[int]:
    return [int(t[1:]) for t in ids if t[0] == "m"]


# =============================================================================
# Damage, healing, destruction
# =============================================================================
@verb
def do_damage(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    n = int(eff.get("amount"))
    d = s.defs[src]
    killed: list[int] = []
    for t in affected(s, src, p, eff, target):
        if t[0] == "h":
            hurt_hero(s, int(t[1:]), n, d.name)
        elif t[0] in "mc":
            hit(s, int(t[1:]), n, d.name, d.is_magic, killed)
    destroy(s, killed, "damage")


@verb
def do_heal(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    n = int(eff.get("amount"))
    for t in affected(s, src, p, eff, target):
        num = int(t[1:])
        if t[0] == "h":
            heal_hero(s, num, n)
        elif t[0] == "m":
            m = s.minions[num]
            if m.damage:
                m.damage = max(0, m.damage - n)
                event(s, "mend", card=s.defs[num].name, amount=n)
        elif t[0] == "c" and s.art_damage.get(num):
            s.art_damage[num] = max(0, s.art_damage[num] - n)


@verb
def do_destroy(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    ids = [int(t[1:]) for t in affected(s, src, p, eff, target) if t[0] in "mc"]
    destroy(s, ids, "effect")


@verb
def do_banish(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Section 11, "Banish": out of the game, counted in no zone."""
    for t in affected(s, src, p, eff, target):
        num = int(t[1:])
        name = s.defs[num].name
        if t[0] == "m":
            leave_field(s, num, "banished")
        elif t[0] == "g" or (t[0] == "c" and remove_magic(s, num)):
            s.seats[s.owner[num]].graveyard.remove(num)
            to_banished(s, num)
        else:
            continue
        event(s, "banished", card=name)


@verb
def do_recall(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Back to its owner's hand (everyone saw it go)."""
    for c in _minions(affected(s, src, p, eff, target)):
        leave_field(s, c, "hand")
        event(s, "recalled", card=s.defs[c].name, p=s.owner[c])


# =============================================================================
# Attack, defense and statuses
# =============================================================================
@verb
def do_modify(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """FAQ 14-16: lowering defense, even to 0, destroys nothing; and it stops at
    0 (FAQ 15): only the defense the minion has now is taken away, so a 0/3
    given -5 and then +2 has 2, not 0."""
    atk, dfn = int(eff.get("attack", 0)), int(eff.get("defense", 0))
    turn = eff.get("duration", "permanent") == "turn"
    for c in _minions(affected(s, src, p, eff, target)):
        m = s.minions[c]
        lower = max(dfn, -stats(s, c)[1]) if dfn < 0 else dfn
        if turn:
            m.atk_turn += atk
            m.dfn_turn += lower
        else:
            m.atk += atk
            m.dfn += lower
        invalidate(s)
        event(s, "modified", card=s.defs[c].name, attack=atk, defense=dfn, turn=turn)


@verb
def do_ensnare(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    for c in _minions(affected(s, src, p, eff, target)):
        ensnare(s, c, int(eff.get("rounds", 1)))


@verb
def do_free(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Section 11, "Premature Removal" of ensnare."""
    for c in _minions(affected(s, src, p, eff, target)):
        if s.minions[c].ensnare is not None:
            s.minions[c].ensnare = None
            invalidate(s)
            event(s, "freed", card=s.defs[c].name)


@verb
def do_veil(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    for c in _minions(affected(s, src, p, eff, target)):
        s.minions[c].invisible = True
        event(s, "invisible", card=s.defs[c].name)


@verb
def do_grant(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    kw = str(eff.get("keyword"))
    # not a conditional expression: its type would be int (bool joined with
    # int), and the compiled build would store True as 1
    value: Any = True
    if kw != "immune":
        value = int(eff.get("value", 1))
    for c in _minions(affected(s, src, p, eff, target)):
        s.minions[c].granted.append((kw, value))
        invalidate(s)
        event(s, "granted", card=s.defs[c].name, keyword=kw)


@verb
def do_control(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    for c in _minions(affected(s, src, p, eff, target)):
        take_control(s, c, p, str(eff.get("duration", "turn")))


@verb
def do_negate(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Section 13: the targeted entry of the response stack will do nothing."""
    if isinstance(target, str) and target[0] == "s":
        k = int(target[1:])
        if k < len(s.rstack) and not s.rstack[k].negated:
            negate(s, k)
            it = s.rstack[k]
            event(s, "negates", p=p, card=s.defs[src].name, what=it.kind,
                  of=s.defs[it.source].name)  # fmt: skip


# =============================================================================
# Cards and lifeforce
# =============================================================================
@verb
def do_draw(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    for q in players(s, p, eff.get("who", "you"), target):
        draw(s, q, int(eff.get("amount", 1)))


@verb
def do_discard(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """At random: nobody chooses, and the discarded card is shown."""
    for q in players(s, p, eff.get("who", "each_enemy"), target):
        hand = s.seats[q].hand
        for _ in range(int(eff.get("amount", 1))):
            if not hand:
                break
            c = hand[s.rng.below(len(hand))]
            hand.remove(c)
            to_graveyard(s, c)
            event(s, "discard", p=q, card=s.defs[c].name, why="random")


@verb
def do_lifeforce(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    for q in players(s, p, eff.get("who", "you"), target):
        got = gain_lifeforce(s, q, int(eff.get("amount")))
        event(s, "lifeforce", p=q, amount=got, why=s.defs[src].name)


# =============================================================================
# Cards from zones: summon, resurrect, search, bury
# =============================================================================
def card_ok(s: NecroState, src: int, cid: int, flt: Any) -> bool:
    d = s.defs[cid]
    f = dict(flt or ())
    want = f.get("type")
    if want == "magic":
        if not d.is_magic:
            return False
    elif want is not None and d.type != want:
        return False
    if f.get("minion_type") is not None and d.minion_type != f["minion_type"]:
        return False
    if f.get("cost_max") is not None and d.cost > f["cost_max"]:
        return False
    if f.get("cost_min") is not None and d.cost < f["cost_min"]:
        return False
    return not (f.get("cheaper") and d.cost >= s.defs[src].cost)


def _with_minion(flt: Any) -> tuple[tuple[str, Any], ...]:
    f = dict(flt or ())
    f["type"] = "minion"
    return tuple(sorted(f.items()))


@verb
def do_summon(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Summon a minion card from the named zones to a free space (you may
    decline); "when summoned" abilities happen."""
    if not free_spaces(s, p):
        return
    s.push("pick", "summon", p, 1, tuple(eff.get("from")), _with_minion(eff.get("filter")), src)


@verb
def do_resurrect(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Section 11, "Resurrection": from your graveyard, as a new minion."""
    if not free_spaces(s, p):
        return
    s.push("pick", "resurrect", p, 1, ("graveyard",), _with_minion(eff.get("filter")), src)


@verb
def do_search(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Reveal cards from your deck and take them into your hand, then shuffle."""
    s.push("shuffle", p)
    s.push("pick", "search", p, int(eff.get("amount", 1)), ("deck",), eff.get("filter"), src)


@verb
def do_bury(s: NecroState, src: int, p: int, eff: Effect, target: Any) -> None:
    """Put up to that many cards of your deck into your graveyard, then shuffle."""
    s.push("shuffle", p)
    s.push("pick", "bury", p, int(eff.get("amount", 1)), ("deck",), eff.get("filter"), src)


@RULES.step
def step_shuffle(s: NecroState, p: int) -> None:
    shuffle_deck(s, p)


ZONES = {"hand": "hand", "graveyard": "graveyard", "deck": "deck"}


@RULES.step
def step_pick(
    s: NecroState, what: str, p: int, n: int, zones: tuple[str, ...], flt: Any, src: int
) -> None:
    """Choose a card from your zones. Asked even with one option when a zone is
    hidden (hand, deck), so whether you are asked tells nobody anything."""
    if n <= 0 or not s.seats[p].alive:
        return
    if what in ("summon", "resurrect") and not free_spaces(s, p):
        return
    seat = s.seats[p]
    seen: dict[tuple[str, str], int] = {}
    for zone in zones:
        for c in getattr(seat, ZONES[zone]):
            if card_ok(s, src, c, flt):
                seen.setdefault((zone, s.defs[c].name), c)
    hidden = any(z in ("hand", "deck") for z in zones)
    if not seen and not hidden:
        return
    opts = tuple(f"card {c}" for c in seen.values())
    optional = what in ("summon", "bury") or (hidden and not seen)
    if optional:
        opts = (*opts, "none")
    kind = "pick" if hidden else "choose"
    s.ask(kind, p, opts, what, p, n, zones, flt, src)


def _picked(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    what, p, n, zones, flt, src = ctx
    if choice == "none":
        return
    c = int(choice.split()[1])
    seat = s.seats[p]
    zone = next(z for z in ("hand", "graveyard", "deck") if c in getattr(seat, z))
    getattr(seat, zone).remove(c)
    name = s.defs[c].name
    if what in ("summon", "resurrect"):
        s.limbo.append(c)
        s.known[c] = all_bits(s)
        event(s, "fetch", p=p, card=name, frm=zone, how=what)
        s.push("place", p, c, what)
        return
    if what == "search":
        to_hand(s, c)  # revealed to everyone
        event(s, "search", p=p, card=name)
    else:
        to_graveyard(s, c)
        event(s, "bury", p=p, card=name)
    s.push("pick", what, p, n - 1, zones, flt, src)


RULES.resume("pick")(_picked)
RULES.resume("choose")(_picked)
