"""Read-only questions about a Hecatomb position: strength, keywords, mana, legality.

Rule sources are the rulebook (``000``/``001`` in ``shared/seeds``); section
names are given as they appear there.
"""

from __future__ import annotations

from typing import Any

from .cards import MINION_KEYWORDS, NUMBER_KEYWORDS, CardDef, Selector, Static
from .state import MAX_SIZE, Abomination, HecatombState


def merge_keywords(out: dict[str, Any], kws: tuple[tuple[str, Any], ...], minion: bool) -> None:
    """Add keywords into ``out``: numbers add up (glossary "+"), dooms unite."""
    for key, value in kws:
        if (key in MINION_KEYWORDS) != minion:
            continue
        out[key] = _merged(out.get(key), value, key in NUMBER_KEYWORDS)


def _merged(cur: Any, value: Any, number: bool) -> Any:
    """One keyword's value ``cur`` (None: not had so far) with one more entry
    of it: numbers add up, dooms unite, any other keyword is had."""
    if number:
        return (0 if cur is None else cur) + value
    if isinstance(value, tuple):
        return tuple(sorted(set(() if cur is None else cur) | set(value)))
    return True


def auras(s: HecatombState) -> list[tuple[int, int]]:
    """(controller, cid) of every card in play with a continual scoped effect."""
    cached = s._auras
    if cached is not None:
        return cached
    found: list[tuple[int, int]] = []
    defs = s.defs
    for p, seat in enumerate(s.seats):
        for cid in seat.relics:
            if defs[cid].statics:
                found.append((p, cid))
        if seat.god >= 0 and defs[seat.god].statics:
            found.append((p, seat.god))
        for aid in seat.aboms:
            for cid in s.aboms[aid].cards:
                if defs[cid].statics:
                    found.append((p, cid))
    s._auras = found
    return found


def invalidate(s: HecatombState) -> None:
    """Call whenever a card enters or leaves play or a stack changes."""
    s._auras = None


def abom_dooms(s: HecatombState, a: Abomination) -> set[str]:
    """Rulebook "Dooms, Subtypes, and Abominations": the dooms of all its minions."""
    return {s.defs[c].doom for c in a.cards}


def abom_subtype(s: HecatombState, a: Abomination) -> str:
    """Rulebook "Dooms, Subtypes, and Abominations": the top minion's subtype."""
    return s.defs[a.top].subtype


def in_scope(s: HecatombState, sel: Selector, controller: int, a: Abomination) -> bool:
    if sel.side == "yours" and a.owner != controller:
        return False
    if sel.side == "enemy" and a.owner == controller:
        return False
    if sel.subtype and abom_subtype(s, a) != sel.subtype:
        return False
    if sel.doom and sel.doom not in abom_dooms(s, a):
        return False
    return not (sel.size_min and a.size < sel.size_min)


def _static_applies(
    s: HecatombState, st: Static, controller: int, src: int, a: Abomination
) -> bool:
    if st.other and src in a.cards:
        return False
    return in_scope(s, st.scope, controller, a)


def abom_keywords(s: HecatombState, a: Abomination) -> dict[str, Any]:
    """Every abomination-level keyword it has now (main abilities of all its
    minions, continual conditional abilities, Follower with a god, effects
    until end of turn, continual effects of cards in play)."""
    out: dict[str, Any] = {}
    defs = s.defs
    has_god = s.seats[a.owner].god >= 0
    for cid in a.cards:
        d = defs[cid]
        if d.keywords:
            merge_keywords(out, d.keywords, False)
        if has_god and d.follower:
            merge_keywords(out, d.follower, False)
        if d.cond_keywords and cid in s.cond_on:
            merge_keywords(out, d.cond_keywords, False)
    if a.grants:
        merge_keywords(out, tuple(a.grants), False)
    for controller, src in auras(s):
        for st in defs[src].statics:
            if st.keywords and _static_applies(s, st, controller, src, a):
                merge_keywords(out, st.keywords, False)
    return out


def _fold(cur: Any, kws: tuple[tuple[str, Any], ...], key: str, number: bool) -> Any:
    """``cur`` with ``key``'s entries in ``kws`` merged in, as :func:`merge_keywords`
    merges them (None: not had so far)."""
    for k, value in kws:
        if k == key:
            cur = _merged(cur, value, number)
    return cur


def abom_keyword(s: HecatombState, a: Abomination, key: str) -> Any:
    """One abomination-level keyword of ``a`` now: ``abom_keywords(s, a).get(key)``
    (None when it hasn't it), without building the others; the rules ask for
    one keyword at a time, and this is on their hot path."""
    if key in MINION_KEYWORDS:
        return None
    number = key in NUMBER_KEYWORDS
    cur: Any = None
    defs = s.defs
    has_god = s.seats[a.owner].god >= 0
    for cid in a.cards:
        d = defs[cid]
        if d.keywords:
            cur = _fold(cur, d.keywords, key, number)
        if has_god and d.follower:
            cur = _fold(cur, d.follower, key, number)
        if d.cond_keywords and cid in s.cond_on:
            cur = _fold(cur, d.cond_keywords, key, number)
    if a.grants:
        cur = _fold(cur, tuple(a.grants), key, number)
    for controller, src in auras(s):
        for st in defs[src].statics:
            if st.keywords and _static_applies(s, st, controller, src, a):
                cur = _fold(cur, st.keywords, key, number)
    return cur


def abom_number(s: HecatombState, a: Abomination, key: str) -> int:
    """A number keyword of ``a`` now (Reaper, Survivor, Rager...): 0 when it
    hasn't it (glossary "+": the numbers add up)."""
    got = abom_keyword(s, a, key)
    return 0 if got is None else int(got)


def aura_parts(s: HecatombState, a: Abomination) -> tuple[int, list[tuple[tuple[str, Any], ...]]]:
    """What the continual effects of cards in play do to ``a`` now, in one
    pass: the strength they add to its top minion (:func:`minion_strengths`)
    and the keywords they give it (:func:`abom_keywords`), for readers that
    want both (the RL encoder)."""
    strength = 0
    keywords: list[tuple[tuple[str, Any], ...]] = []
    defs = s.defs
    for controller, src in auras(s):
        for st in defs[src].statics:
            if (st.strength or st.keywords) and _static_applies(s, st, controller, src, a):
                strength += st.strength
                if st.keywords:
                    keywords.append(st.keywords)
    return strength, keywords


def minion_keywords(s: HecatombState, cid: int) -> dict[str, Any]:
    """Keywords that belong to the individual minion (Host, Martyr, Regenerator, Soulbound)."""
    d = s.defs[cid]
    out: dict[str, Any] = {}
    merge_keywords(out, d.keywords, True)
    if d.follower and s.seats[s.owner[cid]].god >= 0:
        merge_keywords(out, d.follower, True)
    if d.cond_keywords and cid in s.cond_on:
        merge_keywords(out, d.cond_keywords, True)
    return out


def is_attacking(s: HecatombState, a: Abomination) -> bool:
    c = s.combat
    return c is not None and a.aid in c.attackers


def minion_strengths(s: HecatombState, a: Abomination) -> list[int]:
    """Each minion's strength, bottom to top (glossary "strength", "strength +/-X").

    Changes to the abomination (effects, continual effects, Rager while
    attacking) apply to its top minion; below 0 counts as 0.
    """
    defs = s.defs
    mod = s.minion_mod
    out = [defs[c].strength + mod.get(c, 0) if mod else defs[c].strength for c in a.cards]
    top_bonus = a.str_mod
    for controller, src in auras(s):
        for st in defs[src].statics:
            if st.strength and _static_applies(s, st, controller, src, a):
                top_bonus += st.strength
    if s.combat is not None and a.aid in s.combat.attackers:
        top_bonus += abom_number(s, a, "rager")
    out[-1] += top_bonus
    return [v if v > 0 else 0 for v in out]


def abom_strength(s: HecatombState, a: Abomination) -> int:
    return sum(minion_strengths(s, a))


def minion_strength(s: HecatombState, cid: int) -> int:
    a = abom_of(s, cid)
    if a is None:
        return max(0, s.defs[cid].strength)
    return minion_strengths(s, a)[a.cards.index(cid)]


def abom_of(s: HecatombState, cid: int) -> Abomination | None:
    """The abomination a minion is in, if it is in play."""
    for aid in s.seats[s.owner[cid]].aboms:
        a = s.aboms[aid]
        if cid in a.cards:
            return a
    return None


# -- mana ---------------------------------------------------------------------
def mana_available(s: HecatombState, p: int) -> list[int]:
    """Untapped mana cards plus pool mana of player ``p``, by doom."""
    seat = s.seats[p]
    out = seat.pool[:]
    tapped = s.tapped
    defs = s.defs
    for cid in seat.mana:
        if cid not in tapped:
            out[defs[cid].doom_i] += 1
    return out


def can_pay(avail: list[int], doom_i: int, cost: int) -> bool:
    """Rulebook "Tapping mana cards" and glossary "cost"."""
    if cost <= 0:
        return True
    return avail[doom_i] >= 1 and avail[0] + avail[1] + avail[2] + avail[3] >= cost


def payments(avail: list[int], doom_i: int, cost: int) -> list[tuple[int, int, int, int]]:
    """Every distinct way to pay: how many mana of each doom, at least one matching."""
    if cost <= 0:
        return [(0, 0, 0, 0)]
    out: list[tuple[int, int, int, int]] = []
    for a in range(min(avail[0], cost) + 1):
        for b in range(min(avail[1], cost - a) + 1):
            for c in range(min(avail[2], cost - a - b) + 1):
                d = cost - a - b - c
                if d <= avail[3]:
                    vec = (a, b, c, d)
                    if vec[doom_i] >= 1:
                        out.append(vec)
    return out


# -- legality -------------------------------------------------------------------
def can_attack(s: HecatombState, a: Abomination, kw: dict[str, Any] | None = None) -> bool:
    """Glossary "attack", "Fanatic", "Guardian"; rulebook "Declare attackers"."""
    if a.tapped or a.size < 2 or a.stitched:
        return False
    if _has(s, a, kw, "guardian"):
        return False  # "can't" trumps "can" (Abilities: General Rules)
    return not (a.played and not _has(s, a, kw, "fanatic"))


def _has(s: HecatombState, a: Abomination, kw: dict[str, Any] | None, key: str) -> bool:
    """Whether ``a`` has the keyword ``key``: from ``kw`` when the caller has
    its keywords already, else asked of the abomination alone."""
    return bool(kw.get(key) if kw is not None else abom_keyword(s, a, key))


def attack_toll(s: HecatombState, defender: int) -> tuple[int, int]:
    """(souls, mana cards) that each abomination attacking ``defender`` costs, from
    the defender's relics and god in play (card field ``attack_cost``)."""
    seat = s.seats[defender]
    souls = mana = 0
    for c in (*seat.relics, *((seat.god,) if seat.god >= 0 else ())):
        for kind, n in s.defs[c].attack_cost:
            if kind == "souls":
                souls += n
            else:
                mana += n
    return souls, mana


def can_block(s: HecatombState, blocker: Abomination, attacker: Abomination) -> bool:
    """Rulebook "Assign blockers"; glossary "block", "Evader"."""
    if blocker.tapped or blocker.size < 2:
        return False
    evader = abom_keyword(s, attacker, "evader")
    return not (evader and abom_dooms(s, blocker) & set(evader))


def placements(s: HecatombState, p: int, d: CardDef) -> list[str]:
    """Where a minion may go: a new abomination, or on one of yours
    (rulebook "Playing minions"; glossary "Host", "Parasite")."""
    out = ["new"]
    if d.kw.get("host"):
        return out
    for aid in s.seats[p].aboms:
        a = s.aboms[aid]
        if a.size < MAX_SIZE and not abom_keyword(s, a, "parasite"):
            out.append(f"on {aid}")
    return out


def effect_doom(d: CardDef, key: str) -> str:
    """Glossary "doom": an effect has its card's doom; a conditional effect the
    doom of the trigger that set it off (which matches the conditional box)."""
    return d.cond_doom or d.doom if key == "c" else d.doom


def _on_side(sel: Selector, p: int, controller: int) -> bool:
    """Whether seat ``p`` is on the selector's side: "enemy", "yours" or anyone's."""
    if sel.side == "enemy":
        return p != controller
    if sel.side == "yours":
        return p == controller
    return True


def _strength_fits(sel: Selector, st: int) -> bool:
    """The selector's "strength N or less" / "strength N or more" bounds."""
    if sel.strength_max is not None and st > sel.strength_max:
        return False
    return sel.strength_min is None or st >= sel.strength_min


def _player_targets(s: HecatombState, controller: int, sel: Selector) -> list[str]:
    """Players on the selector's side."""
    return [f"p{p}" for p in range(s.n) if _on_side(sel, p, controller)]


def _card_targets(s: HecatombState, controller: int, sel: Selector) -> list[str]:
    """Relics or gods in play on the selector's side, of its doom if it names one."""
    out: list[str] = []
    relic = sel.kind == "relic"
    for p, seat in enumerate(s.seats):
        if not _on_side(sel, p, controller):
            continue
        cards = seat.relics if relic else ([seat.god] if seat.god >= 0 else [])
        out.extend(f"c{c}" for c in cards if not sel.doom or s.defs[c].doom == sel.doom)
    return out


def _abom_fits(s: HecatombState, sel: Selector, a: Abomination) -> bool:
    """An abomination against the selector: subtype (its top minion's), doom
    (any of its minions'), size and strength."""
    if sel.subtype and abom_subtype(s, a) != sel.subtype:
        return False
    if sel.doom and sel.doom not in abom_dooms(s, a):
        return False
    if sel.size_min and a.size < sel.size_min:
        return False
    if sel.strength_max is None and sel.strength_min is None:
        return True  # the strength is not worked out when no bound asks for it
    return _strength_fits(sel, abom_strength(s, a))


def _minion_targets(s: HecatombState, sel: Selector, a: Abomination, out: list[str]) -> None:
    """The minions of ``a`` the selector takes (only the top one for "top")."""
    if sel.size_min and a.size < sel.size_min:
        return  # "a minion in an abomination of size N or more"
    strengths = minion_strengths(s, a)
    cards = a.cards[-1:] if sel.top else a.cards
    for cid in cards:
        d = s.defs[cid]
        if sel.subtype and d.subtype != sel.subtype:
            continue
        if sel.doom and d.doom != sel.doom:
            continue
        if _strength_fits(sel, strengths[a.cards.index(cid)]):
            out.append(f"m{cid}")


def targets(
    s: HecatombState, controller: int, sel: Selector, doom: str, first: bool = False
) -> list[str]:
    """Legal targets as option ids: ``a<aid>``, ``m<cid>``, ``p<seat>``, ``c<cid>``.

    By what the selector names: players, relics and gods, abominations, or
    minions. Glossary "Nemesis": an abomination with Nemesis of the effect's
    doom, and its minions, can't be targeted. With ``first``, it stops at the
    first abomination that gives any (for "is there a target?", asked of every
    targeted fate in hand at every step of a main phase).
    """
    kind = sel.kind
    if kind == "player":
        return _player_targets(s, controller, sel)
    if kind in ("relic", "god"):
        return _card_targets(s, controller, sel)
    out: list[str] = []
    for p, seat in enumerate(s.seats):
        if not _on_side(sel, p, controller):
            continue
        for aid in seat.aboms:
            a = s.aboms[aid]
            if doom in (abom_keyword(s, a, "nemesis") or ()):
                continue
            if kind != "abomination":
                _minion_targets(s, sel, a, out)
            elif _abom_fits(s, sel, a):
                out.append(f"a{aid}")
            if first and out:
                return out
    return out


def card_matches(d: CardDef, flt: tuple[tuple[str, Any], ...] | None) -> bool:
    """A card filter for exhume, retrieve and put into play: type, doom, subtype, cost."""
    if not flt:
        return True
    for key, value in flt:
        if key == "type":
            if value == "minion":
                if not d.is_minion:
                    return False
            elif value == "fate":
                if d.type not in ("fate", "combat fate"):
                    return False
            elif d.type != value:
                return False
        elif key == "doom":
            if d.doom != value:
                return False
        elif key == "subtype":
            if d.subtype != value:
                return False
        elif key == "cost_max" and d.cost > value:
            return False
    return True
