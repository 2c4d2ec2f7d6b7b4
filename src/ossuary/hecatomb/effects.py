"""The effect verbs of the card language (rulebook glossary), one function each.

Every verb is ``fn(state, source_cid, controller, key, effect, target, x)``;
``target`` is the option id chosen for the ability's target (``a<aid>``,
``m<cid>``, ``p<seat>``, ``c<cid>``) or None. "Do as much as you can"
(Abilities: General Rules): a verb whose target has gone does nothing, and a
verb asked to do more than is possible does what it can.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine.cardlang import Effect
from .cards import DOOM_INDEX, KEYWORDS
from .queries import abom_of, abom_strength, card_matches, in_scope, placements
from .rules.base import (
    VERBS,
    draw,
    event,
    gain_souls,
    lose_souls,
    reveal_all,
    sever,
    stitch_onto,
    take_minion,
    to_graveyard,
    to_hand,
)
from .rules.destruction import destroy_card, destroy_minions, take_permanent
from .rules.fight import damage_kills
from .rules.playing import place_minion
from .schema import CUSTOM_EFFECTS
from .state import RULES, Abomination, HecatombState

Verb = Callable[[HecatombState, int, int, str, Effect, Any, int], None]


def verb(fn: Verb) -> Verb:
    VERBS[fn.__name__.removeprefix("do_")] = fn
    return fn


def amount(eff: Effect, x: int, default: int = 1) -> int:
    value = eff.get("amount", default)
    return x if value == "X" else int(value)


def target_abom(s: HecatombState, target: Any) -> Abomination | None:
    if not isinstance(target, str):
        return None
    if target[0] == "a":
        return s.aboms.get(int(target[1:]))
    if target[0] == "m":
        return abom_of(s, int(target[1:]))
    return None


def target_minion(s: HecatombState, target: Any) -> int | None:
    """The minion an effect acts on: a targeted minion, or an abomination's top
    minion (rulebook "Effects and Abominations")."""
    if not isinstance(target, str):
        return None
    if target[0] == "m":
        cid = int(target[1:])
        return cid if abom_of(s, cid) is not None else None
    a = target_abom(s, target)
    return a.top if a is not None else None


def scoped_aboms(s: HecatombState, cid: int, p: int, eff: Effect, target: Any) -> list[Abomination]:
    """The abominations an effect touches: its target, or every one in its scope."""
    scope = eff.get("scope")
    if scope is None:
        a = target_abom(s, target)
        return [a] if a is not None else []
    if scope.kind == "this":  # the source minion's own abomination, while it is in one
        own = abom_of(s, cid)
        return [own] if own is not None else []
    out = [a for a in list(s.aboms.values()) if in_scope(s, scope, p, a)]
    if scope.strength_max is not None or scope.strength_min is not None:
        lo = -(10**9) if scope.strength_min is None else scope.strength_min
        hi = 10**9 if scope.strength_max is None else scope.strength_max
        out = [a for a in out if lo <= abom_strength(s, a) <= hi]  # glossary "2-", "4+"
    return out


def players(s: HecatombState, p: int, who: str, target: Any) -> list[int]:
    """``you``, ``target`` (a targeted player), ``each_enemy`` or ``each``,
    in turn order from the active player."""
    if who == "you":
        return [p]
    if who == "target":
        return [int(target[1:])] if isinstance(target, str) and target[0] == "p" else []
    order = [(s.turn + k) % s.n for k in range(s.n)]
    if who == "each_enemy":
        return [q for q in order if q != p]
    return order


# -- damage and removal ------------------------------------------------------------
@verb
def do_damage(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Rulebook "Damage to Abominations": ability damage works like combat damage."""
    n = amount(eff, x)
    kills: list[int] = []
    for a in scoped_aboms(s, cid, p, eff, target):
        kills.extend(damage_kills(s, a, n))
        event(s, "damage", source=s.defs[cid].name, a=a.aid, amount=n)
    destroy_minions(s, kills, "effect")


@verb
def do_destroy(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "destroy": to the graveyard. An abomination: all its minions."""
    if isinstance(target, str) and target[0] == "c":
        destroy_card(s, int(target[1:]), "effect")
        return
    if isinstance(target, str) and target[0] == "m":
        m = target_minion(s, target)
        destroy_minions(s, [m] if m is not None else [], "effect")
        return
    kills = [c for a in scoped_aboms(s, cid, p, eff, target) for c in a.cards]
    destroy_minions(s, kills, "effect")


def _lift(s: HecatombState, target: Any) -> int:
    """Take the targeted relic, god (``c<id>``) or minion out of play, for the
    caller to put elsewhere: its card id, or -1 when it is no longer there."""
    if isinstance(target, str) and target[0] == "c":
        card = int(target[1:])
        return card if take_permanent(s, card) else -1
    m = target_minion(s, target)
    if m is None:
        return -1
    take_minion(s, m)
    return m


@verb
def do_exile(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "exile": back to its owner's hand."""
    card = _lift(s, target)
    if card < 0:
        return
    to_hand(s, card)
    event(s, "exile", card=s.defs[card].name)


@verb
def do_sever(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    m = target_minion(s, target)
    if m is not None:
        sever(s, m)


@verb
def do_remove(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Remove from the game: for good, or ``until = "end_of_turn"``."""
    card = _lift(s, target) if isinstance(target, str) else -1
    if card < 0:
        return
    s.seats[s.owner[card]].removed.append(card)
    reveal_all(s, card)
    if eff.get("until") == "end_of_turn":
        s.eot.append(("return", card))
    event(s, "removed", card=s.defs[card].name)


# -- numbers and keywords (end at end of turn) ----------------------------------
@verb
def do_strength(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "strength +/-X": on an abomination it follows the top minion."""
    n = amount(eff, x, 0)
    source = s.defs[cid].name
    if isinstance(target, str) and target[0] == "m":
        m = target_minion(s, target)
        if m is not None:
            s.minion_mod[m] = s.minion_mod.get(m, 0) + n
            event(s, "strength", source=source, minion=s.defs[m].name, n=n)
        return
    for a in scoped_aboms(s, cid, p, eff, target):
        a.str_mod += n
        event(s, "strength", source=source, a=a.aid, n=n)


@verb
def do_grant(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    kw = eff.get("keyword")
    assert kw in KEYWORDS
    value = eff.get("value", True)
    if isinstance(value, str) and value in DOOM_INDEX:
        value = (value,)
    elif isinstance(value, list | tuple):
        value = tuple(value)
    for a in scoped_aboms(s, cid, p, eff, target):
        a.grants.append((kw, value))
        shown = list(value) if isinstance(value, tuple) else value
        event(s, "grant", source=s.defs[cid].name, a=a.aid, keyword=kw, value=shown)


@verb
def do_untap(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    for a in scoped_aboms(s, cid, p, eff, target):
        a.tapped = False
        event(s, "untap", source=s.defs[cid].name, a=a.aid)


@verb
def do_tap(s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int) -> None:
    for a in scoped_aboms(s, cid, p, eff, target):
        a.tapped = True
        event(s, "tap", source=s.defs[cid].name, a=a.aid)


# -- moving minions ----------------------------------------------------------------
@verb
def do_stitch(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Stitch the targeted minion (yours) onto another of your abominations, or
    on its own as a new one (glossary "stitch")."""
    m = target_minion(s, target)
    if m is None or s.owner[m] != p:
        return
    home = abom_of(s, m)
    opts = [f"onto {aid}" for aid in s.seats[p].aboms if home is None or aid != home.aid]
    opts.append("onto new")
    s.ask("choose", p, tuple(opts), "stitch", m, p)


def _cont_stitch(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    m, p = ctx
    where = choice.split()[1]
    stitch_onto(s, m, None if where == "new" else s.aboms[int(where)], p)


# -- cards and souls --------------------------------------------------------------
@verb
def do_draw(s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int) -> None:
    """Glossary "draw"; with ``up_to`` each drawing player picks how many, 0 to N."""
    if eff.get("up_to"):
        n = amount(eff, x)
        for q in reversed(players(s, p, eff.get("who", "you"), target)):
            s.push("draw_up_to", q, n)
        return
    for q in players(s, p, eff.get("who", "you"), target):
        draw(s, q, amount(eff, x))


@verb
def do_discard(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "discard": the discarding player chooses unless the card says
    otherwise (``chooser = "you"`` or ``"random"``)."""
    chooser = eff.get("chooser", "owner")
    n = amount(eff, x)
    for q in reversed(players(s, p, eff.get("who", "you"), target)):
        s.push("discard", q, n, chooser, p)


@RULES.step
def step_draw_up_to(s: HecatombState, q: int, n: int) -> None:
    n = min(n, len(s.seats[q].deck))
    if n > 0:
        s.ask("choose", q, tuple(f"draw {k}" for k in range(n + 1)), "draw", q)


def _cont_draw(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    draw(s, ctx[0], int(choice.split()[1]))


@RULES.step
def step_discard(s: HecatombState, q: int, n: int, chooser: str, p: int) -> None:
    hand = s.seats[q].hand
    if n <= 0 or not hand:
        return
    if chooser == "random":
        _discard(s, q, hand[s.rng.below(len(hand))])
        s.push("discard", q, n - 1, chooser, p)
        return
    picker = q if chooser == "owner" else p
    bit = 1 << picker
    for c in hand:
        s.known[c] |= bit  # the chooser sees the hand it chooses from
    seen: dict[str, int] = {}
    for c in hand:
        seen.setdefault(s.defs[c].name, c)
    # asked even when every card in hand is the same: skipping the question
    # would tell the table that the hidden hand holds copies of one card
    opts = tuple(f"card {c}" for c in seen.values())
    s.ask("choose", picker, opts, "discard", q, n, chooser, p, secret=len(hand) > 1)


def _discard(s: HecatombState, q: int, c: int) -> None:
    s.seats[q].hand.remove(c)
    to_graveyard(s, c)
    event(s, "discard", p=q, card=s.defs[c].name)


def _cont_discard(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    q, n, chooser, p = ctx
    _discard(s, q, int(choice.split()[1]))
    s.push("discard", q, n - 1, chooser, p)


@verb
def do_souls(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Gain, lose or steal souls (``mode``); souls never go below zero."""
    mode = eff.get("mode", "gain")
    n = amount(eff, x)
    who = players(s, p, eff.get("who", "you" if mode == "gain" else "target"), target)
    for q in who:
        if mode == "gain":
            event(s, "souls", p=q, mode=mode, n=n)
            gain_souls(s, q, n)
        elif mode == "lose":
            event(s, "souls", p=q, mode=mode, n=lose_souls(s, q, n))
        else:  # steal
            got = lose_souls(s, q, n)
            event(s, "souls", p=q, mode=mode, n=got, to=p)
            gain_souls(s, p, got)
        if s.winner is not None:
            return


@verb
def do_mana(s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int) -> None:
    """Glossary "mana": mana from effects goes to the pool."""
    doom = eff.get("doom", s.defs[cid].doom)
    n = amount(eff, x)
    s.seats[p].pool[DOOM_INDEX[doom]] += n
    event(s, "pool", p=p, source=s.defs[cid].name, doom=doom, n=n)


@verb
def do_exhume(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "exhume": from a graveyard (yours unless ``side = "any"``) to its
    owner's hand. With ``up_to`` the controller may stop early (glossary "up to")."""
    what = "exhume_up_to" if eff.get("up_to") else "exhume"
    s.push("pick_zone", what, p, amount(eff, x), eff.get("side", "yours"), eff.get("filter"))


@verb
def do_retrieve(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "retrieve": search your deck, show the card, take it, shuffle."""
    s.push("shuffle", p)
    s.push("pick_zone", "retrieve", p, 1, "yours", eff.get("filter"))


@verb
def do_put_into_play(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "put into play": placed as if played, but no summon effects."""
    s.push("pick_zone", "put", p, 1, eff.get("from", "hand"), eff.get("filter"))


@RULES.step
def step_shuffle(s: HecatombState, p: int) -> None:
    s.rng.shuffle(s.seats[p].deck)
    for c in s.seats[p].deck:
        s.known[c] = 0


@RULES.step
def step_pick_zone(s: HecatombState, what: str, p: int, n: int, side: str, flt: Any) -> None:
    if n <= 0:
        return
    if what.startswith("exhume"):
        zone = [
            c for q, seat in enumerate(s.seats) if side == "any" or q == p for c in seat.graveyard
        ]
    elif what == "retrieve":
        zone = s.seats[p].deck
    elif side == "graveyard":  # put into play from the graveyard
        zone = s.seats[p].graveyard
    else:
        zone = s.seats[p].hand
    seen: dict[tuple[str, int], int] = {}
    for c in zone:
        d = s.defs[c]
        if (what != "put" or d.is_minion) and card_matches(d, flt):
            seen.setdefault((d.name, s.owner[c]), c)
    # a hand or a deck is hidden: the search is asked whatever it finds (even
    # nothing), so whether a question comes tells the others nothing
    hidden = what == "retrieve" or (what == "put" and side != "graveyard")
    if not seen and not hidden:
        return
    opts = tuple(f"card {c}" for c in seen.values())
    if what in ("put", "exhume_up_to") or not seen:
        opts = (*opts, "none")
    s.ask("choose", p, opts, "zone", what, p, n, side, flt, secret=hidden)


def _cont_zone(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    what, p, n, side, flt = ctx
    if choice == "none":
        return
    c = int(choice.split()[1])
    owner = s.seats[s.owner[c]]
    name = s.defs[c].name
    if what.startswith("exhume"):
        owner.graveyard.remove(c)
        to_hand(s, c)
        event(s, "exhume", card=name)
        s.push("pick_zone", what, p, n - 1, side, flt)
    elif what == "retrieve":
        owner.deck.remove(c)
        to_hand(s, c)  # shown to all players
        event(s, "retrieve", p=p, card=name)
    else:
        (owner.graveyard if side == "graveyard" else owner.hand).remove(c)
        s.limbo.append(c)
        s.ask("choose", p, tuple(placements(s, p, s.defs[c])), "put", p, c)


def _cont_put(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    p, c = ctx
    s.limbo.remove(c)
    reveal_all(s, c)
    place_minion(s, p, c, choice, summon=False)


@verb
def do_sacrifice(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Glossary "sacrifice": destroy one of your own cards; nothing prevents it."""
    what = eff.get("what", "minion")
    seat = s.seats[p]
    opts: list[str] = []
    if what in ("minion", "any"):
        opts.extend(f"m{c}" for aid in seat.aboms for c in s.aboms[aid].cards)
    if what in ("relic", "any"):
        opts.extend(f"c{c}" for c in seat.relics)
    if what in ("god", "any") and seat.god >= 0:
        opts.append(f"c{seat.god}")
    if opts:
        s.ask("choose", p, tuple(opts), "sacrifice", p)


def _cont_sacrifice(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    c = int(choice[1:])
    event(s, "sacrifice", card=s.defs[c].name)
    if choice[0] == "m":
        destroy_minions(s, [c], "sacrifice")
    else:
        destroy_card(s, c, "sacrifice")


# -- hidden information: looking and revealing --------------------------------------
def _shown_cards(s: HecatombState, q: int, eff: Effect, x: int) -> list[int]:
    """A player's hand, or the top ``amount`` cards of their deck (top first)."""
    if eff.get("zone", "hand") == "hand":
        return list(s.seats[q].hand)
    deck = s.seats[q].deck
    n = min(amount(eff, x), len(deck))
    return deck[::-1][:n]


@verb
def do_look(s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int) -> None:
    """The controller looks at a hand or the top cards of a deck; only they learn the
    cards (the view shows them to that seat alone)."""
    for q in players(s, p, eff.get("who", "target"), target):
        cards = _shown_cards(s, q, eff, x)
        for c in cards:
            s.known[c] |= 1 << p
        zone = eff.get("zone", "hand")
        event(s, "look", p=p, whose=q, zone=zone, n=len(cards),
              cards=[s.defs[c].name for c in cards], private=p)  # fmt: skip


@verb
def do_reveal(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    """Every player sees a hand or the top cards of a deck; the cards stay where they are."""
    for q in players(s, p, eff.get("who", "target"), target):
        cards = _shown_cards(s, q, eff, x)
        for c in cards:
            reveal_all(s, c)
        event(s, "reveal", whose=q, zone=eff.get("zone", "hand"),
              cards=[s.defs[c].name for c in cards])  # fmt: skip


CUSTOM: dict[str, Verb] = {}


def register_effect(name: str) -> Callable[[Verb], Verb]:
    """Register a Python effect for ``{ verb = "custom", name = ... }``: for the few
    cards the vocabulary cannot say. docs/cards.md lists the cards that use one."""

    def deco(fn: Verb) -> Verb:
        CUSTOM[name] = fn
        CUSTOM_EFFECTS.add(name)  # what the card schema accepts
        return fn

    return deco


@verb
def do_custom(
    s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int
) -> None:
    CUSTOM[eff.get("name")](s, cid, p, key, eff, target, x)


@register_effect("tithe")
def tithe(s: HecatombState, cid: int, p: int, key: str, eff: Effect, target: Any, x: int) -> None:
    """Each enemy with more souls than the controller gives them ``amount`` souls."""
    for q in players(s, p, "each_enemy", target):
        if s.seats[q].souls > s.seats[p].souls:
            got = lose_souls(s, q, amount(eff, x))
            event(s, "souls", p=q, mode="steal", n=got, to=p)
            gain_souls(s, p, got)
            if s.winner is not None:
                return


_CONTINUATIONS: dict[str, Callable[[HecatombState, tuple[Any, ...], str], None]] = {
    "stitch": _cont_stitch,
    "discard": _cont_discard,
    "draw": _cont_draw,
    "zone": _cont_zone,
    "put": _cont_put,
    "sacrifice": _cont_sacrifice,
}


@RULES.resume("choose")
def resume_choose(s: HecatombState, ctx: tuple[Any, ...], choice: str) -> None:
    _CONTINUATIONS[ctx[0]](s, ctx[1:], choice)
