"""What makes a Hecatomb position legal: the one statement of it.

Two readers ask: the fuzzer, after every action of random playouts
(:meth:`HecatombGame.check_invariants`, through :func:`check`), and the loader
of saved states (:mod:`.saved`), which first checks the file's format (types,
bounds, names) and then asks :func:`check_position` whether the position it
built could be one of the engine's. A problem is said as ``where: what``, in
the words a saved file's reader is shown.

A legal position: every card in exactly one place, in its owner's zones;
relics and gods where their types say, minions only in abominations, only mana
cards tapped; abominations of one to five minions, each listed once by its
owner; an attack between two players with the aggressor's attackers and the
defender's blockers; a decision pending unless someone has won, and nothing
left to do once someone has; the main phase asked of the active player outside
an attack, a combat window of one of the attack's two players, attackers
declared by the aggressor, blockers by the defender.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import islice

from ..engine.contract import CardPlace, CardPlaces, InvariantError, private_event_leak
from .state import MAX_SIZE, HecatombState

ZONES = ("deck", "hand", "mana", "graveyard", "removed", "relics")


def check_position(s: HecatombState, most: int = 20) -> list[str]:
    """Every way ``s`` is not a legal position (at most ``most``; empty: legal)."""
    return list(islice(_problems(s), most))


def check(s: HecatombState, deep: bool = True) -> None:
    """Raise :class:`InvariantError` if ``s`` is not a legal position; ``deep``
    also checks that no private log event names its cards to another seat."""
    found = check_position(s)
    if found:
        raise InvariantError("; ".join(found))
    if deep:
        leak = private_event_leak(s, s.n)
        if leak is not None:
            raise InvariantError(leak)


def _problems(s: HecatombState) -> Iterator[str]:
    """The problems one by one, in the order a reader should fix them."""
    yield from _abominations(s)
    yield from _cards(s)
    yield from _combat(s)
    yield from _ending(s)
    yield from _asked(s)


def _cards(s: HecatombState) -> Iterator[str]:
    """Each card in one place, in its owner's zones, of the type its zone holds."""
    where_is: dict[int, str] = {}
    owners = s.owner

    def place(cid: int, owner: int, where: str) -> Iterator[str]:
        if cid in where_is:
            yield f"{where}: card {cid} is also in {where_is[cid]}: a card is in one place"
        elif owners[cid] != owner:
            yield f"{where}: card {cid} belongs to seat {owners[cid]}"
        where_is[cid] = where

    for p, seat in enumerate(s.seats):
        for zone in ZONES:
            where = f"seat {p} {zone}"
            for cid in getattr(seat, zone):
                # a card in its first place, its owner's: no generator for it
                if cid not in where_is and owners[cid] == p:
                    where_is[cid] = where
                else:
                    yield from place(cid, p, where)
        for cid in seat.relics:
            if s.defs[cid].type != "relic":
                yield f"seat {p} relics: {s.defs[cid].name!r} is not a relic"
        if seat.god >= 0:
            yield from place(seat.god, p, f"seat {p} god")
            if s.defs[seat.god].type != "god":
                yield f"seat {p} god: {s.defs[seat.god].name!r} is not a god"
    for aid, a in s.aboms.items():
        for cid in a.cards:
            yield from place(cid, a.owner, f"abomination {aid}")
            if not s.defs[cid].is_minion:
                yield f"abomination {aid}: {s.defs[cid].name!r} is not a minion"
    for cid in s.limbo:
        if cid in where_is:
            yield f"limbo: card {cid} is also in {where_is[cid]}: a card is in one place"
        where_is[cid] = "limbo"
    if len(where_is) != len(s.defs):
        lost = next(i for i in range(len(s.defs)) if i not in where_is)
        yield f"cards: card {lost} is nowhere: every card is in exactly one place"
    mana = {cid for seat in s.seats for cid in seat.mana}
    if not s.tapped <= mana:
        yield "tapped: only mana cards can be tapped"


def _abominations(s: HecatombState) -> Iterator[str]:
    """Abominations of one to five minions, each listed once, by its owner."""
    for p, seat in enumerate(s.seats):
        if seat.souls < 0:
            yield f"seat {p} souls: a player can't have fewer than no souls"
        if len(set(seat.aboms)) != len(seat.aboms):
            yield f"seat {p} aboms: an abomination is listed twice"
        for aid in seat.aboms:
            a = s.aboms.get(aid)
            if a is None or a.owner != p:
                yield f"seat {p} aboms: abomination {aid} is not one of seat {p}'s"
    if sum(len(seat.aboms) for seat in s.seats) != len(s.aboms):
        yield "aboms: the abominations in play don't match the seats' lists"
    for aid, a in s.aboms.items():
        if not 1 <= a.size <= MAX_SIZE:
            yield f"abomination {aid}: an abomination has one to five minions, not {a.size}"


def _combat(s: HecatombState) -> Iterator[str]:
    """An attack between two players: the aggressor's attackers, the defender's blockers."""
    combat = s.combat
    if combat is None:
        return
    if combat.aggressor == combat.defender:
        yield "combat: a player can't attack themself"
    for aid in combat.attackers:
        if aid not in s.aboms or s.aboms[aid].owner != combat.aggressor:
            yield f"combat attackers: abomination {aid} is not the aggressor's"
    if len(set(combat.attackers)) != len(combat.attackers):
        yield "combat attackers: an attacker is listed twice"
    for att, blk in combat.blocks.items():
        if att not in s.aboms or blk not in s.aboms or s.aboms[blk].owner != combat.defender:
            yield f"combat blocks: abomination {blk} blocking {att} is not the defender's"


def _ending(s: HecatombState) -> Iterator[str]:
    """A game ends only when someone wins, and then nothing is left to do."""
    if s.winner is None and s.pending is None:
        yield "pending: the game is not over but no decision is pending"
    if s.winner is not None and (s.pending is not None or s.stack):
        yield "winner: the game is over but a decision or steps remain"


def _asked(s: HecatombState) -> Iterator[str]:
    """The pending question is asked of the seat whose turn, or part of the attack, it is."""
    pending, combat = s.pending, s.combat
    if pending is None:
        return
    where = f"pending {pending.kind!r} decision"
    p = pending.player
    if pending.kind == "main" and (p != s.turn or combat is not None):
        yield f"{where}: the main phase is the active player's, outside an attack"
    if pending.kind == "window" and (
        combat is None or p not in (combat.aggressor, combat.defender)
    ):
        yield f"{where}: a combat window is the aggressor's or the defender's, in an attack"
    if pending.kind == "attacker" and (combat is None or combat.aggressor != p):
        yield f"{where}: attackers are declared by the aggressor of an attack"
    if pending.kind == "block" and (combat is None or combat.defender != p):
        yield f"{where}: blockers are assigned by the defender of an attack"


# -- where the cards are (the hidden-information checks' truth) ------------------------------
def card_places(s: HecatombState) -> list[CardPlace]:
    """Where every card truly lies (``game.checks.card_places``): each seat's deck and
    hand are hidden; play, mana, graveyard, removed cards and cards being played
    are public."""
    places = CardPlaces([d.name for d in s.defs], s.known)
    for p, seat in enumerate(s.seats):
        places.put(seat.deck, "deck", p)
        places.put(seat.hand, "hand", p)
        for zone in ("mana", "graveyard", "removed", "relics"):
            places.put(getattr(seat, zone), zone, -1)
        places.put([seat.god], "god", -1)  # -1: no god, passed over
    for a in s.aboms.values():
        places.put(a.cards, "play", -1)
    places.put(s.limbo, "being played", -1)
    return places.places()


def hidden_from(s: HecatombState, seat: int) -> set[int]:
    """Cards whose identity ``seat`` may not see: every deck, others' unknown hand cards."""
    bit = 1 << seat
    out = set()
    for p, st in enumerate(s.seats):
        out.update(st.deck)
        if p != seat:
            out.update(c for c in st.hand if not s.known[c] & bit)
    return out
