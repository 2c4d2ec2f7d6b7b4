"""Read-only questions about a position: stats, keywords, costs, targets, commands.

Nothing here changes the state. Continual effects (statics, cost changes) are
computed when asked, from a cached list of the cards in play that have any
(:func:`invalidate` clears it whenever play changes).
"""

from __future__ import annotations

from typing import Any

from .cards import NUMBER_KEYWORDS, CardDef, CostMod, Selector, Static
from .ids import GRAVE_ID, HERO_ID, MAGIC_ID, MINION_ID, STACK_ID
from .state import EMPTY, SPACES, Minion, NecroState

# =============================================================================
# Where things are
# =============================================================================


def alive_seats(s: NecroState) -> list[int]:
    return [q for q in range(s.n) if s.seats[q].alive]


def turn_order(s: NecroState, start: int) -> list[int]:
    """Living seats in turn order beginning with ``start`` (which may be dead)."""
    n = s.n
    seats = s.seats
    out = []
    for k in range(start, start + n):
        q = k % n
        if seats[q].alive:
            out.append(q)
    return out


def position(s: NecroState, cid: int) -> int:
    """A minion's space (0-3) in its controller's row; -1 when not on the field."""
    m = s.minions.get(cid)
    if m is None:
        return -1
    row = s.seats[m.controller].minions
    return row.index(cid) if cid in row else -1


def slot_of(s: NecroState, cid: int) -> tuple[int, int] | None:
    """(seat, slot) of a magic card in a magic slot."""
    for q, seat in enumerate(s.seats):
        if cid in seat.magic:
            return q, seat.magic.index(cid)
    return None


def host_of(s: NecroState, relic: int) -> int:
    """The minion a relic is attached to, or -1."""
    for m in s.minions.values():
        if relic in m.relics:
            return m.cid
    return EMPTY


def any_magic(s: NecroState) -> bool:
    """Whether any magic card is on the field (and not waiting to die)."""
    dying = s.dying
    for seat in s.seats:
        for c in seat.magic:
            if c != EMPTY and c not in dying:
                return True
    for m in s.minions.values():
        for r in m.relics:
            if r not in dying:
                return True
    return False


def magic_in_play(s: NecroState) -> list[int]:
    """Every magic card on the field: slots (artifacts, events, lands) and relics."""
    out = [c for seat in s.seats for c in seat.magic if c != EMPTY]
    out.extend(r for m in s.minions.values() for r in m.relics)
    return out


def controller_of(s: NecroState, cid: int) -> int:
    """Who controls a card on the field (a relic: the player who attached it)."""
    m = s.minions.get(cid)
    if m is not None:
        return m.controller
    for q, seat in enumerate(s.seats):
        if cid in seat.magic or seat.hero == cid:
            return q
    return s.owner[cid]


def minion_count(s: NecroState, p: int) -> int:
    return sum(1 for c in s.seats[p].minions if c != EMPTY)


def free_spaces(s: NecroState, p: int) -> list[int]:
    return [i for i, c in enumerate(s.seats[p].minions) if c == EMPTY]


def free_slot(s: NecroState, p: int) -> int:
    """The leftmost empty magic slot, or -1."""
    magic = s.seats[p].magic
    return magic.index(EMPTY) if EMPTY in magic else EMPTY


def land_slot(s: NecroState, p: int) -> int:
    """The slot of the player's land, or -1 (section 15: one land each)."""
    for i, c in enumerate(s.seats[p].magic):
        if c != EMPTY and s.defs[c].type == "land":
            return i
    return EMPTY


# =============================================================================
# Continual effects
# =============================================================================
def invalidate(s: NecroState) -> None:
    """Forget the cached continual effects and minion stats: call after anything
    that may change them (the field, changes to a minion, statuses)."""
    s._statics = None
    s._stats = None


def static_sources(s: NecroState) -> list[tuple[int, int]]:
    """(controller, cid) of every card on the field with statics or cost changes."""
    cached = s._statics
    if cached is not None:
        return cached
    out: list[tuple[int, int]] = []
    defs = s.defs
    for q, seat in enumerate(s.seats):
        if not seat.alive:
            continue
        # in this order: the hero, the minions, the magic slots, the relics
        c = seat.hero
        if c != EMPTY and _shapes(defs[c]):
            out.append((q, c))
        for c in seat.minions:
            if c != EMPTY and _shapes(defs[c]):
                out.append((q, c))
        for c in seat.magic:
            if c != EMPTY and _shapes(defs[c]):
                out.append((q, c))
        for m in seat.minions:
            if m != EMPTY:
                for c in s.minions[m].relics:
                    if c != EMPTY and _shapes(defs[c]):
                        out.append((q, c))
    s._statics = out
    return out


def _shapes(d: CardDef) -> bool:
    """Whether a card changes others while on the field (statics or costs)."""
    return bool(d.statics) or bool(d.cost_mods)


def _relates(s: NecroState, relation: str | None, src: int, cid: int) -> bool:
    """Rulebook section 11, "Adjacent Targets" and "Across Targets"."""
    if relation is None:
        return True
    if relation == "self":
        return cid == src
    if relation == "other":
        return cid != src
    if relation == "host":
        m = s.minions.get(cid)
        return m is not None and src in m.relics
    a, b = s.minions.get(src), s.minions.get(cid)
    if a is None or b is None:
        return False
    pa, pb = position(s, src), position(s, cid)
    if relation == "adjacent":
        return a.controller == b.controller and abs(pa - pb) == 1
    if relation == "across":  # the same column in an enemy's row (any enemy, 3-4 seats)
        return a.controller != b.controller and pa == pb
    return False


def minion_matches(
    s: NecroState, sel: Selector, p: int, src: int, cid: int, target: int = EMPTY
) -> bool:
    """Whether the minion ``cid`` is in ``sel`` as seen by ``p`` (the controller
    of the card ``src`` whose ability it is)."""
    m = s.minions[cid]
    side = sel.side
    if (side == "yours" and m.controller != p) or (side == "enemy" and m.controller == p):
        return False
    d = s.defs[cid]
    if sel.minion_type is not None and d.minion_type != sel.minion_type:
        return False
    if sel.cost_max is not None and d.cost > sel.cost_max:
        return False
    if sel.cost_min is not None and d.cost < sel.cost_min:
        return False
    if sel.ensnared is not None and (m.ensnare is not None) != sel.ensnared:
        return False
    if sel.relation == "target_adjacent":
        return target != EMPTY and _relates(s, "adjacent", target, cid)
    return _relates(s, sel.relation, src, cid)


def _apply_statics(s: NecroState, cid: int) -> tuple[int, int, dict[str, Any]]:
    """(attack change, defense change, keywords) from the statics covering ``cid``."""
    atk = dfn = 0
    kws: dict[str, Any] = {}
    defs = s.defs
    for q, src in static_sources(s):
        for st in defs[src].statics:
            if minion_matches(s, st.scope, q, src, cid):
                atk += st.attack
                dfn += st.defense
                if st.keywords:
                    _add_keywords(kws, st.keywords)
    return atk, dfn, kws


def _add_keywords(into: dict[str, Any], pairs: Any) -> None:
    for k, v in pairs:
        if k in NUMBER_KEYWORDS and k in into:
            into[k] += v
        else:
            into[k] = v


def stats(s: NecroState, cid: int) -> tuple[int, int, dict[str, Any]]:
    """A minion's (attack, full defense, keywords) with everything applied.

    Attack and defense never go below 0 (FAQ 15). The full defense is before
    damage; :func:`defense_of` is what is left of it. Cached until
    :func:`invalidate` (damage is not part of it).
    """
    cache = s._stats
    if cache is None:
        cache = s._stats = {}
    else:
        hit = cache.get(cid)
        if hit is not None:
            return hit
    m = s.minions[cid]
    d = s.defs[cid]
    atk = d.attack + m.atk + m.atk_turn
    dfn = d.defense + m.dfn + m.dfn_turn
    kws = d.kw
    if s._statics is None or s._statics:
        a, b, extra = _apply_statics(s, cid)
        atk += a
        dfn += b
        if extra:
            kws = dict(kws)
            _add_keywords(kws, extra.items())
    if m.granted:
        kws = dict(kws)
        _add_keywords(kws, m.granted)
    out = (max(0, atk), max(0, dfn), kws)
    cache[cid] = out
    return out


def attack_of(s: NecroState, cid: int) -> int:
    return stats(s, cid)[0]


def defense_of(s: NecroState, cid: int) -> int:
    """What is left of a minion's (or an artifact's) defense: full defense
    minus damage, never below 0 (FAQ 14-16)."""
    if cid in s.minions:
        return max(0, stats(s, cid)[1] - s.minions[cid].damage)
    return max(0, s.defs[cid].defense - s.art_damage.get(cid, 0))


def keywords(s: NecroState, cid: int) -> dict[str, Any]:
    return stats(s, cid)[2]


def cost_of(s: NecroState, p: int, card: CardDef) -> int:
    """A card's lifeforce cost for ``p`` with the cost changes in play (never below 0)."""
    cost = card.cost
    sources = static_sources(s)
    if not sources:
        return cost
    defs = s.defs
    for q, src in sources:
        for cm in defs[src].cost_mods:
            if _cost_mod_applies(cm, q, p, card):
                cost -= cm.amount
    return max(0, cost)


def _cost_mod_applies(cm: CostMod, q: int, p: int, card: CardDef) -> bool:
    if (cm.side == "yours") != (q == p):
        return False
    return cm.applies(card)


def static_list(s: NecroState, cid: int) -> tuple[Static, ...]:
    return s.defs[cid].statics


# =============================================================================
# Targets (rulebook section 11: "Target", "Character", invisibility)
# =============================================================================
def targetable(s: NecroState, p: int, cid: int) -> bool:
    """An enemy's invisible minion can't be targeted (section 11, "Invisibility");
    a card whose death is pending can't be either (section 12)."""
    if cid in s.dying:
        return False
    m = s.minions.get(cid)
    return m is None or not m.invisible or m.controller == p


def _side_ok(side: str, p: int, q: int) -> bool:
    return side == "any" or (side == "yours") == (q == p)


def targets(s: NecroState, p: int, sel: Selector, src: int) -> list[str]:
    """Option ids of what ``sel`` lets ``p`` choose (``src``: the acting card).

    Ids: ``m<cid>`` a minion, ``h<seat>`` a hero, ``c<cid>`` a magic card in
    play (artifacts too), ``g<cid>`` a card in a graveyard, ``s<k>`` the k-th
    entry of the response stack.
    """
    return _targets(s, p, sel, src, False)


def any_target(s: NecroState, p: int, sel: Selector, src: int) -> bool:
    """Whether ``sel`` has anything for ``p`` to choose (stops at the first)."""
    return bool(_targets(s, p, sel, src, True))


# Each adds its ids to ``out`` in order, and with ``first`` stops at the first
# (plain loops, not generators: compiled, a generator is an object per call).
def _minion_targets(
    s: NecroState, p: int, sel: Selector, src: int, out: list[str], first: bool
) -> None:
    """Minions of living seats on the selector's side that may be targeted and match it."""
    for q, seat in enumerate(s.seats):
        if not seat.alive or not _side_ok(sel.side, p, q):
            continue
        for c in seat.minions:
            if c != EMPTY and targetable(s, p, c) and minion_matches(s, sel, p, src, c):
                out.append(MINION_ID.of(c))
                if first:
                    return


def _hero_targets(s: NecroState, p: int, sel: Selector, out: list[str], first: bool) -> None:
    """The heroes of living seats on the selector's side."""
    for q, seat in enumerate(s.seats):
        if seat.alive and _side_ok(sel.side, p, q):
            out.append(HERO_ID.of(q))
            if first:
                return


def _magic_targets(s: NecroState, p: int, sel: Selector, out: list[str], first: bool) -> None:
    """Cards in magic zones of living seats on the side that are not dying:
    artifacts only, unless the selector takes any magic; then also the relics
    on minions."""
    any_magic = sel.kind == "magic"
    for q, seat in enumerate(s.seats):
        if not seat.alive or not _side_ok(sel.side, p, q):
            continue
        for c in seat.magic:
            if c != EMPTY and c not in s.dying and (any_magic or s.defs[c].type == "artifact"):
                out.append(MAGIC_ID.of(c))
                if first:
                    return
    if any_magic:
        for m in s.minions.values():
            for r in m.relics:
                if _side_ok(sel.side, p, s.owner[r]) and r not in s.dying:
                    out.append(MAGIC_ID.of(r))
                    if first:
                        return


def _graveyard_targets(s: NecroState, p: int, sel: Selector, out: list[str], first: bool) -> None:
    """Cards in graveyards on the side, of the selector's minion type and cost at most."""
    for q, seat in enumerate(s.seats):
        if not _side_ok(sel.side, p, q):
            continue
        for c in seat.graveyard:
            d = s.defs[c]
            if sel.minion_type is not None and d.minion_type != sel.minion_type:
                continue
            if sel.cost_max is not None and d.cost > sel.cost_max:
                continue
            out.append(GRAVE_ID.of(c))
            if first:
                return


def _action_targets(s: NecroState, p: int, sel: Selector, out: list[str], first: bool) -> None:
    """Actions on the reaction stack, not negated, by a seat on the side, of
    the selector's kind of action (any by default)."""
    want = sel.action or "any"
    for k, it in enumerate(s.rstack):
        if it.negated or not _side_ok(sel.side, p, it.player):
            continue
        if want == "any" or _action_kind(s, it.kind, it.source) == want:
            out.append(STACK_ID.of(k))
            if first:
                return


def _targets(s: NecroState, p: int, sel: Selector, src: int, first: bool) -> list[str]:
    """By what the selector names: a "character" is a minion or a hero; a
    "target" is any of those or an artifact; "magic" takes relics too."""
    kind = sel.kind
    out: list[str] = []
    if kind in ("minion", "character", "target"):
        _minion_targets(s, p, sel, src, out, first)
        if first and out:
            return out
    if kind in ("hero", "character", "target"):
        _hero_targets(s, p, sel, out, first)
        if first and out:
            return out
    if kind in ("artifact", "target", "magic"):
        _magic_targets(s, p, sel, out, first)
    if kind == "card":
        _graveyard_targets(s, p, sel, out, first)
    if kind == "action":
        _action_targets(s, p, sel, out, first)
    return out


def _action_kind(s: NecroState, kind: str, source: int) -> str:
    if kind == "card":
        return "spell" if s.defs[source].type == "spell" else "card"
    if kind in ("ability", "draw", "destroy"):
        return "ability"
    return kind


# =============================================================================
# Minion commands (rulebook section 9)
# =============================================================================
def ensnared(m: Minion) -> bool:
    return m.ensnare is not None


def can_attack(s: NecroState, cid: int) -> bool:
    """Section 9, "Limitations": your minion, not ensnared, attacks left this turn,
    and not on your first turn."""
    m = s.minions[cid]
    p = m.controller
    if p != s.turn or m.ensnare is not None or s.seats[p].turns <= 1 or cid in s.dying:
        return False
    return m.attacks < 1 + int(keywords(s, cid).get("extra_attacks", 0))


def attack_targets(s: NecroState, p: int) -> list[str]:
    """What ``p``'s minions may attack: each enemy's visible minions, artifacts
    and hero (FAQ 1: the hero even behind minions)."""
    out: list[str] = []
    for q, seat in enumerate(s.seats):
        if q == p or not seat.alive:
            continue
        for c in seat.minions:
            if c != EMPTY and targetable(s, p, c):
                out.append(MINION_ID.of(c))
        for c in seat.magic:
            if c != EMPTY and s.defs[c].type == "artifact" and c not in s.dying:
                out.append(MAGIC_ID.of(c))
        out.append(HERO_ID.of(q))
    return out


def target_owner(s: NecroState, t: str) -> int:
    """The seat whose card (or hero) a target id names, i.e. its controller."""
    kind, num = t[0], int(t[1:])
    if kind == "h":
        return num
    if kind == "g":
        return s.owner[num]
    if kind == "s":
        return s.rstack[num].player if num < len(s.rstack) else -1
    return controller_of(s, num)


def can_defend(s: NecroState, cid: int, protected: int) -> bool:
    """Section 9, "Defend": once per turn, not ensnared, not the attacked minion."""
    m = s.minions[cid]
    return m.ensnare is None and not m.defended and cid != protected and cid not in s.dying


def eligible_defenders(s: NecroState, q: int, target: str, chosen: tuple[int, ...]) -> list[int]:
    protected = int(target[1:]) if target[0] == "m" else EMPTY
    return [
        c
        for c in s.seats[q].minions
        if c != EMPTY and c not in chosen and can_defend(s, c, protected)
    ]


def can_dismiss(s: NecroState, cid: int, p: int) -> bool:
    """Section 9, "Dismiss": a minion you control that is not ensnared (FAQ 10)."""
    m = s.minions.get(cid)
    return m is not None and m.controller == p and m.ensnare is None and cid not in s.dying


def hero_of(s: NecroState, p: int) -> CardDef:
    return s.defs[s.seats[p].hero]


def row_count(s: NecroState) -> int:
    return SPACES
