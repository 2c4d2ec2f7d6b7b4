"""Abilities (guide THE ABILITIES, THE DIABOLICALS, the card texts): how a card's
ability is used and the verbs of the card language.

A one-time ability is used once, when its card is placed (THE USUAL TURN step
2), and only where it works (a linked group in its zone, a Diabolical from its
activation slot); used or not, it is then lost, and only Sol for Soul restarts
it. A lasting ability (Love, Runaway, Deathdodge, Why Copy, Borrowed Time,
Dead Man's Switch) works whenever its card is where the ability works.

Every verb is ``fn(state, source, effect, index)``; ``VERBS`` maps the verb
names of :mod:`.schema` to them. Effects act on the source's own zone.
"""

from __future__ import annotations

from collections.abc import Callable

from .cards import Effect
from .deaths import announce, ask_kill, kill_targets
from .mat import add_mod, relocate, swap
from .queries import (
    free_slots,
    immune,
    matches,
    movable,
    on_mat,
    plain,
    power,
    power_map,
    scores,
    undying,
    usable,
    zone_cards,
)
from .rules import draw, show
from .state import REGULAR, RULES, DiaboState, at, event

Verb = Callable[[DiaboState, int, Effect, int], None]
VERBS: dict[str, Verb] = {}


def verb(name: str) -> Callable[[Verb], Verb]:
    def wrap(fn: Verb) -> Verb:
        VERBS[name] = fn
        return fn

    return wrap


def where(s: DiaboState, cid: int) -> tuple[int, int, int]:
    """(controller, side, zone) of a card on the mat."""
    side, zone, _ = at(s.place[cid])
    return s.ctrl[cid], side, zone


def target_side(e: Effect, side: int) -> int:
    return side if e.get("side") == "yours" else 1 - side


# =============================================================================
# Using an ability
# =============================================================================
@RULES.step
def step_ability(s: DiaboState, cid: int) -> None:
    """THE USUAL TURN step 2: the placed card's one-time ability is used now or
    never (THE ABILITIES: single, instant use)."""
    d = s.defs[cid]
    ab = d.ability
    if ab is None or not d.instant or s.place[cid] < 0:
        return
    if not usable(s, cid):
        if cid not in s.lost:
            s.lost.add(cid)
            why = "regular slot" if d.diabolical else "outside its zone"
            event(s, "ability_lost", card=d.name, ability=ab.name, why=why)
        return
    s.lost.add(cid)
    seat = s.ctrl[cid]
    event(s, "ability", card=d.name, ability=ab.name, p=seat)
    if ab.choose_one:
        side = at(s.place[cid])[0]
        used = s.endgames[side] if d.scorched else []
        opts = tuple(f"mode {i}" for i in range(len(ab.effects)) if i not in used)
        s.ask("mode", seat, opts, cid)
        return
    for i in reversed(range(len(ab.effects))):
        s.push("effect", cid, i)


@RULES.resume("mode")
def resume_mode(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    i = int(aid.split()[1])
    d = s.defs[cid]
    if d.scorched:
        # THE HOW DARE YOU SCENARIO: one side's two cards never make the same choice
        s.endgames[at(s.place[cid])[0]].append(i)
    assert d.ability is not None
    event(s, "choice", card=d.name, choice=i, verb=d.ability.effects[i].verb,
          side=d.ability.effects[i].get("side"))  # fmt: skip
    s.push("effect", cid, i)


@RULES.step
def step_effect(s: DiaboState, cid: int, i: int) -> None:
    ab = s.defs[cid].ability
    if ab is None or s.place[cid] < 0:
        return  # the source left the mat before this part resolved
    e = ab.effects[i]
    VERBS[e.verb](s, cid, e, i)


# =============================================================================
# Kill capable
# =============================================================================
@verb("kill")
def _kill(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Kill up to N (or exactly N) matching cards of one side in this zone."""
    seat, side, zone = where(s, cid)
    tside = target_side(e, side)
    type_, gender, only_plain = e.get("type"), e.get("gender"), bool(e.get("plain"))
    if not kill_targets(s, cid, tside, zone, type_, gender, only_plain):
        event(s, "no_target", card=s.defs[cid].name)
        if e.get("else_die"):
            s.final.append(cid)  # Blood Price: with nothing to pay, the card pays
        return
    ask_kill(s, cid, seat, tside, zone, e.get("up_to"), bool(e.get("exactly")), type_, gender,
             only_plain)  # fmt: skip


@verb("wipe")
def _wipe(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """The Endgame: kill a whole side of this zone, Diabolicals included."""
    _seat, side, zone = where(s, cid)
    sides = {"enemy": (1 - side,), "yours": (side,), "both": (side, 1 - side)}[e.get("side")]
    for sd in sides:
        for c in zone_cards(s, sd, zone):
            if not undying(s, c) and c not in s.doomed and c not in s.final:
                announce(s, c, cid)


@verb("nothing")
def _nothing(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    event(s, "nothing", card=s.defs[cid].name)


@verb("die")
def _die(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """The card dies; Death Wish spares it when its side was behind."""
    if e.get("when") == "deck_empty":
        return  # Borrowed Time is checked whenever deaths settle
    if e.get("unless") == "behind":
        side = at(s.place[cid])[0]
        totals = scores(s)
        if totals[side] - power(s, cid) < totals[1 - side]:
            event(s, "spared", card=s.defs[cid].name)
            return
    if cid not in s.final:
        s.final.append(cid)


# =============================================================================
# Boost and hinder
# =============================================================================
def _pick_candidates(s: DiaboState, cid: int, e: Effect) -> list[int]:
    _seat, side, zone = where(s, cid)
    tside = target_side(e, side)
    taken = {m[2] for m in s.mods if m[1] == cid}
    return [
        c
        for c in zone_cards(s, tside, zone)
        if c != cid
        and c not in taken
        and not immune(s, c)
        and matches(s, c, e.get("type"), e.get("gender"), bool(e.get("plain")))
    ]


def _lasts(e: Effect) -> str:
    return "B" if e.get("lasts") == "both_stay" else "L"


@verb("set_power")
def _set_power(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Up to N cards of one side here get power 8 (boost) or 0 (hinder); with
    more candidates than picks the controller chooses; open picks wait for
    later arrivals when the card says so."""
    up_to = e.get("up_to")
    cands = _pick_candidates(s, cid, e)
    if len(cands) <= up_to:
        for c in cands:
            add_mod(s, cid, c, e.get("value"), _lasts(e))
        left = up_to - len(cands)
        if left and e.get("fill_later"):
            s.opens.append((cid, i, left))
        return
    s.ask("pick", s.ctrl[cid], tuple(f"pick {c}" for c in cands), cid, i, up_to)


@RULES.resume("pick")
def resume_pick(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    cid, i, left = ctx
    ab = s.defs[cid].ability
    assert ab is not None
    e = ab.effects[i]
    add_mod(s, cid, int(aid.split()[1]), e.get("value"), _lasts(e))
    if left > 1:
        cands = _pick_candidates(s, cid, e)
        s.ask("pick", s.ctrl[cid], tuple(f"pick {c}" for c in cands), cid, i, left - 1)


@verb("love")
def _love(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Love is lasting: see :func:`.queries.love_on`."""


# =============================================================================
# Movement
# =============================================================================
def _other_zones(s: DiaboState, side: int, zone: int) -> list[int]:
    return [z for z in range(3) if z != zone and free_slots(s, side, z) > 0]


@verb("redeploy")
def _redeploy(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Move one of your cards from this zone to an empty slot in another zone."""
    seat, side, zone = where(s, cid)
    if not _other_zones(s, side, zone):
        event(s, "no_target", card=s.defs[cid].name)
        return
    cands = [c for c in s.mat[side][zone] if movable(s, c)]
    if not cands:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("redeploy", seat, (*(f"move {c}" for c in cands), "done"), cid)


@RULES.resume("redeploy")
def resume_redeploy(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    if aid == "done":
        return
    moved = int(aid.split()[1])
    side, zone, _ = at(s.place[moved])
    opts = tuple(f"to {z}" for z in _other_zones(s, side, zone))
    s.ask("destination", s.ctrl[cid], opts, moved)


@RULES.resume("destination")
def resume_destination(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (moved,) = ctx
    zone = int(aid.split()[1])
    relocate(s, moved, at(s.place[moved])[0], zone)
    event(s, "redeploy", card=s.defs[moved].name, zone=zone)


@verb("influence")
def _influence(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Take an enemy card in this zone into an empty slot on your side."""
    seat, side, zone = where(s, cid)
    cands = [c for c in s.mat[1 - side][zone] if movable(s, c)]
    if not cands or free_slots(s, side, zone) == 0:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("influence", seat, (*(f"take {c}" for c in cands), "done"), cid)


@RULES.resume("influence")
def resume_influence(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    if aid == "done":
        return
    taken = int(aid.split()[1])
    seat, side, zone = where(s, cid)
    relocate(s, taken, side, zone, seat)
    event(s, "influence", p=seat, card=s.defs[taken].name, zone=zone)


# =============================================================================
# Turn affect
# =============================================================================
@verb("extra_turn")
def _extra_turn(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Turntable: another turn after this one."""
    s.extra += 1
    event(s, "turntable", p=s.ctrl[cid])


@verb("fate_purge")
def _fate_purge(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Shuffle the hand into the deck and draw back to 4; with a low deck,
    show the enemy side one random hand card and draw one instead."""
    seat, side, _zone = where(s, cid)
    hand = s.hands[seat]
    if len(s.deck) < e.get("low_deck"):
        if hand:
            show(s, seat, hand[s.rng.below(len(hand))], 1 - side)
        draw(s, seat, 1)
        return
    for c in hand:
        s.deck.append(c)
        s.known[c] = 0
    event(s, "fate_purge", p=seat, cards=len(hand))
    hand.clear()
    s.rng.shuffle(s.deck)
    draw(s, seat, e.get("draw_to"))


# =============================================================================
# Why Even
# =============================================================================
def _stick_pairs(s: DiaboState, cid: int) -> dict[int, list[int]]:
    """Why Stick: my card -> the enemy cards it may be bound to (same zone, no
    ability, equal power, free to move)."""
    _seat, side, zone = where(s, cid)
    pm = power_map(s)

    def ok(c: int) -> bool:
        return c != cid and plain(s, c) and movable(s, c) and not undying(s, c)

    mine = [c for c in s.mat[side][zone] if ok(c)]
    theirs = [c for c in s.mat[1 - side][zone] if ok(c)]
    out = {}
    for m in mine:
        same = [t for t in theirs if power(s, t, pm) == power(s, m, pm)]
        if same:
            out[m] = same
    return out


@verb("stick")
def _stick(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    pairs = _stick_pairs(s, cid)
    if not pairs:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("stick", s.ctrl[cid], (*(f"stick {c}" for c in pairs), "done"), cid)


@RULES.resume("stick")
def resume_stick(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    if aid == "done":
        return
    mine = int(aid.split()[1])
    opts = tuple(f"with {t}" for t in _stick_pairs(s, cid)[mine])
    s.ask("stick_to", s.ctrl[cid], opts, cid, mine)


@RULES.resume("stick_to")
def resume_stick_to(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    cid, mine = ctx
    theirs = int(aid.split()[1])
    s.sticks.append((cid, mine, theirs))
    event(s, "stick", card=s.defs[cid].name, cards=[s.defs[mine].name, s.defs[theirs].name])


def _preach_candidates(s: DiaboState, side: int, zone: int, group: str) -> list[int]:
    return [
        c
        for z in range(3)
        if z != zone
        for c in s.mat[side][z]
        if s.defs[c].group == group and movable(s, c)
    ]


def chooser(s: DiaboState, side: int) -> int:
    """Who chooses for a whole side: in 2v2, the seat of that side whose turn
    comes first from now (rules notes)."""
    for k in range(1, s.n + 1):
        seat = (s.turn + k) % s.n
        if seat % 2 == side:
            return seat
    raise AssertionError("no seat on that side")  # pragma: no cover


@verb("preach")
def _preach(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Why Preach: both sides pull their cards of the group into this zone, as
    many as the side with fewer has and room allows; each side picks."""
    seat, side, zone = where(s, cid)
    group = e.get("group")
    counts = [len(_preach_candidates(s, sd, zone, group)) for sd in (0, 1)]
    k = min(*counts, free_slots(s, 0, zone), free_slots(s, 1, zone))
    event(s, "preach", card=s.defs[cid].name, n=k)
    if k <= 0:
        return
    s.push("pull", chooser(s, 1 - side), 1 - side, zone, k, group)
    s.push("pull", seat, side, zone, k, group)


@RULES.step
def step_pull(s: DiaboState, seat: int, side: int, zone: int, k: int, group: str) -> None:
    cands = _preach_candidates(s, side, zone, group)
    if len(cands) <= k:
        for c in cands:
            relocate(s, c, side, zone)
            event(s, "pulled", card=s.defs[c].name, zone=zone)
        return
    s.ask("preach", seat, tuple(f"pull {c}" for c in cands), seat, side, zone, k, group)


@RULES.resume("preach")
def resume_preach(s: DiaboState, ctx: tuple[object, ...], aid: str) -> None:
    seat, side, zone, k, group = ctx
    c = int(aid.split()[1])
    assert isinstance(side, int) and isinstance(zone, int) and isinstance(k, int)
    relocate(s, c, side, zone)
    event(s, "pulled", card=s.defs[c].name, zone=zone)
    if k > 1:
        s.push("pull", seat, side, zone, k - 1, group)


@verb("see")
def _see(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Why See: after the enemy's next turn, each side shows the other a card."""
    seat, side, _zone = where(s, cid)
    s.seen.append((seat, 1 - side))
    event(s, "see", p=seat)


@verb("swap")
def _swap(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Why Swap: trade places with an enemy card without an ability here."""
    seat, side, zone = where(s, cid)
    if at(s.place[cid])[2] != REGULAR:
        return
    cands = [c for c in s.mat[1 - side][zone] if plain(s, c) and movable(s, c)]
    if not cands:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("swap", seat, (*(f"swap {c}" for c in cands), "done"), cid)


@RULES.resume("swap")
def resume_swap(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    if aid == "done":
        return
    other = int(aid.split()[1])
    swap(s, cid, other)
    event(s, "swap", card=s.defs[cid].name, other=s.defs[other].name)
    add_mod(s, cid, other, 0, "P")  # it arrives on your side with power 0


@verb("copy")
def _copy(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Why Copy is lasting: see :func:`.mat.arrive` and :func:`.queries.undying`."""


# =============================================================================
# Doomed Squad
# =============================================================================
@verb("restart")
def _restart(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Sol for Soul: restart a lost ability of one of your cards; then die."""
    seat, side, _zone = where(s, cid)
    cands = [
        c
        for c in on_mat(s, side)
        if c in s.lost and c != cid and not immune(s, c) and "restart" not in s.defs[c].verbs
    ]
    if not cands:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("restart", seat, tuple(f"restart {c}" for c in cands), cid)


@RULES.resume("restart")
def resume_restart(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    other = int(aid.split()[1])
    s.lost.discard(other)
    event(s, "restart", card=s.defs[other].name, source=s.defs[cid].name)
    s.final.append(cid)  # a soul for a soul
    s.push("ability", other)  # a one-time ability is used again at once


@verb("lift_ban")
def _lift_ban(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Rewind: contract turns are no longer banned."""
    if s.banned:
        s.banned = False
        event(s, "rewind", card=s.defs[cid].name)
    else:
        event(s, "no_target", card=s.defs[cid].name)


@verb("pact")
def _pact(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Doom Pact: bind this card to an enemy card here."""
    seat, side, zone = where(s, cid)
    cands = [c for c in zone_cards(s, 1 - side, zone) if not immune(s, c) and not undying(s, c)]
    if not cands:
        event(s, "no_target", card=s.defs[cid].name)
        return
    s.ask("pact", seat, (*(f"bind {c}" for c in cands), "done"), cid)


@RULES.resume("pact")
def resume_pact(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    (cid,) = ctx
    if aid == "done":
        return
    other = int(aid.split()[1])
    s.pacts.append((cid, other))
    event(s, "pact", card=s.defs[cid].name, other=s.defs[other].name)


@verb("escape")
def _escape(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Runaway and Deathdodge are lasting: see :mod:`.deaths`."""


@verb("on_death_kill")
def _on_death(s: DiaboState, cid: int, e: Effect, i: int) -> None:
    """Dead Man's Switch is lasting: see :func:`.deaths.discard`."""
