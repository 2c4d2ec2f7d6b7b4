"""Read-only questions about a position: power, synergy, who may be touched,
where a card may go. Nothing here changes the state."""

from __future__ import annotations

from typing import Final

from .cards import CardDef
from .state import (
    ACTIVATION,
    CONTRACT_MIN_DECK,
    REGULAR,
    SCORCH,
    SLOTS,
    DiaboState,
    at,
)

SYNERGY_CAP = 4  # THE SYNERGY: at most +4 per zone


# =============================================================================
# Where cards are
# =============================================================================
def side_of(seat: int) -> int:
    """Side ``k`` holds seat ``k`` (1v1) or seats ``k`` and ``k + 2`` (2v2)."""
    return seat % 2


def seats_of(s: DiaboState, side: int) -> list[int]:
    return [p for p in range(s.n) if p % 2 == side]


def zone_cards(s: DiaboState, side: int, zone: int) -> list[int]:
    """The regular and Diabolical cards on one side of a zone (not Scorched Earth)."""
    out = s.mat[side][zone][:]
    a = s.act[side][zone]
    if a >= 0:
        out.append(a)
    return out


def on_mat(s: DiaboState, side: int) -> list[int]:
    """Every card on one side of the mat, Scorched Earth included."""
    out: list[int] = []
    for z in range(3):
        out += s.mat[side][z]
        if s.act[side][z] >= 0:
            out.append(s.act[side][z])
        out += s.scorch[side][z]
    return out


def free_slots(s: DiaboState, side: int, zone: int) -> int:
    """Empty regular slots on one side of a zone (none in a sealed zone)."""
    return 0 if s.sealed[zone] else SLOTS - len(s.mat[side][zone])


def placements(s: DiaboState, side: int, d: CardDef) -> list[tuple[int, int]]:
    """(zone, kind) where a card may be played (THE SLOTS): Scorched Earth around
    any zone's name; a Diabolical in a regular slot or an empty activation slot;
    any other card in a regular slot. Nothing goes into a sealed zone."""
    out = []
    for z in range(3):
        if s.sealed[z]:
            continue
        if d.scorched:
            out.append((z, SCORCH))
            continue
        if len(s.mat[side][z]) < SLOTS:
            out.append((z, REGULAR))
        if d.diabolical and s.act[side][z] < 0:
            out.append((z, ACTIVATION))
    return out


# =============================================================================
# Abilities
# =============================================================================
def usable(s: DiaboState, cid: int) -> bool:
    """Does the card's ability work now? Not if lost, else see :func:`works_here`."""
    return cid not in s.lost and works_here(s, cid)


def works_here(s: DiaboState, cid: int) -> bool:
    """Would the card's ability work where it is? A linked group only in its
    zone (THE LINKED GROUPS); a Diabolical only from its activation slot (THE
    ACTIVATION); the others anywhere."""
    d = s.defs[cid]
    if d.ability is None:
        return False
    place = s.place[cid]
    if place < 0:
        return False
    _, zone, kind = at(place)
    if d.diabolical:
        return kind == ACTIVATION
    return d.link < 0 or d.link == zone


def plain(s: DiaboState, cid: int) -> bool:
    """A card without an ability: printed without one, or a Diabolical in a
    regular slot, which loses its ability there (THE REGULARITY)."""
    d = s.defs[cid]
    return d.ability is None or (d.diabolical and at(s.place[cid])[2] == REGULAR)


def immune(s: DiaboState, cid: int, by_scorched: bool = False) -> bool:
    """THE LAST TWO and THE IMMUNITY: Scorched Earth cards are touched by no
    ability (only by each other, in the two scenarios); an activated Diabolical
    only by Scorched Earth."""
    d = s.defs[cid]
    if d.scorched:
        return True
    return d.diabolical and not by_scorched and at(s.place[cid])[2] == ACTIVATION


_SPECIAL: Final[dict[int, dict[str, tuple[int, ...]]]] = {}


def special(s: DiaboState, verb: str) -> tuple[int, ...]:
    """The cards whose ability has ``verb`` (cached per deck: every game of a
    deck numbers its cards the same way)."""
    table = _SPECIAL.get(id(s.defs))
    if table is None:
        table = {}
        for c, d in enumerate(s.defs):
            for v in d.verbs:
                table[v] = (*table.get(v, ()), c)
        for c, d in enumerate(s.defs):
            if d.scorched:
                table["scorched"] = (*table.get("scorched", ()), c)
        _SPECIAL.clear()  # one deck in use at a time; keep the cache small
        _SPECIAL[id(s.defs)] = table
    return table.get(verb, ())


def copies_on_mat(s: DiaboState) -> list[int]:
    """The Why Copy cards on the mat."""
    return [c for c in special(s, "copy") if s.place[c] >= 0]


def undying(s: DiaboState, cid: int) -> bool:
    """Why Copy: a copy can't die until all the copies are on the mat."""
    d = s.defs[cid]
    if "copy" not in d.verbs or not usable(s, cid):
        return False
    assert d.ability is not None
    return len(copies_on_mat(s)) < int(d.ability.effects[0].get("copies", 4))


def stuck(s: DiaboState, cid: int) -> bool:
    """In a Why Stick trio: only the trio's own move moves it."""
    return any(cid in t for t in s.sticks)


def movable(s: DiaboState, cid: int) -> bool:
    """May an ability move this card? Only from a regular slot (a Diabolical
    never changes kind of slot, THE DIABOLICALS), not immune, not stuck."""
    return at(s.place[cid])[2] == REGULAR and not immune(s, cid) and not stuck(s, cid)


def matches(
    s: DiaboState, cid: int, type_: str | None, gender: str | None, only_plain: bool
) -> bool:
    d = s.defs[cid]
    if type_ is not None and d.type != type_:
        return False
    if gender is not None and d.gender != gender:
        return False
    return not only_plain or plain(s, cid)


def love_on(s: DiaboState, cid: int) -> bool:
    """Love: the partner is alive in the same zone, on either side."""
    if not usable(s, cid):
        return False
    d = s.defs[cid]
    assert d.ability is not None
    partner = d.ability.effects[0].get("partner")
    zone = at(s.place[cid])[1]
    for side in (0, 1):
        for other in zone_cards(s, side, zone):
            if s.defs[other].name == partner:
                return True
    return False


# =============================================================================
# Power and score (THE END: living cards after the latest boost or hinder,
# plus synergy)
# =============================================================================
def power_map(s: DiaboState) -> dict[int, int]:
    """Each boosted or hindered card's power now: the latest effect wins."""
    best: dict[int, tuple[int, int]] = {}
    for seq, _source, target, value, lasts in s.mods:
        if lasts == "X" or (lasts == "V" and not love_on(s, target)):
            continue
        old = best.get(target)
        if old is None or seq > old[0]:
            best[target] = (seq, value)
    return {t: v for t, (_, v) in best.items()}


def power(s: DiaboState, cid: int, pm: dict[int, int] | None = None) -> int:
    if pm is None:
        pm = power_map(s)
    return pm.get(cid, s.defs[cid].power)


def synergy(s: DiaboState, side: int, zone: int) -> int:
    """THE SYNERGY: +1 per living linked card in its linked zone, at most +4."""
    n = sum(1 for c in s.mat[side][zone] if s.defs[c].link == zone)
    return min(SYNERGY_CAP, n)


def zone_power(s: DiaboState, side: int, zone: int, pm: dict[int, int] | None = None) -> int:
    """The power of one side of a zone, Scorched Earth included, synergy not."""
    if pm is None:
        pm = power_map(s)
    defs = s.defs
    total = sum(pm.get(c, defs[c].power) for c in s.mat[side][zone])
    a = s.act[side][zone]
    if a >= 0:
        total += pm.get(a, defs[a].power)
    return total + sum(pm.get(c, defs[c].power) for c in s.scorch[side][zone])


def scores(s: DiaboState, pm: dict[int, int] | None = None) -> list[int]:
    """Each side's total power: cards plus synergy (``pm``: :func:`power_map`'s
    answer, when the caller has it already)."""
    if pm is None:
        pm = power_map(s)
    return [
        sum(zone_power(s, side, z, pm) + synergy(s, side, z) for z in range(3)) for side in (0, 1)
    ]


# =============================================================================
# Turns
# =============================================================================
def eligible(s: DiaboState, cid: int) -> bool:
    """THE CONTRACTS: Scorched Earth and Diabolicals can't be traded."""
    return s.defs[cid].eligible


def contract_turn_allowed(s: DiaboState, seat: int) -> bool:
    """THE TURNS, Contract Turns: 10+ cards in the deck, not banned, and this
    seat's previous turn was not a contract turn."""
    return len(s.deck) >= CONTRACT_MIN_DECK and not s.banned and not s.contract_last[seat]


def trade_slots(s: DiaboState, seat: int) -> list[int]:
    """Contract slots a Contract Trade may take from: an eligible card there,
    and an eligible card in hand to put back."""
    if not any(s.defs[c].eligible for c in s.hands[seat]):
        return []
    return [k for k, c in enumerate(s.contracts) if c >= 0 and s.defs[c].eligible]


def frozen(s: DiaboState) -> bool:
    """THE CONTRACTS: a contract freeze, no eligible card in any slot."""
    return not any(c >= 0 and s.defs[c].eligible for c in s.contracts)


def trio_of(s: DiaboState, seat: int) -> tuple[int, int, int] | None:
    """The Why Stick trio whose Spiderloom this seat controls, if any."""
    for t in s.sticks:
        if s.ctrl[t[0]] == seat:
            return t
    return None


def trio_moves(s: DiaboState, seat: int) -> list[int]:
    """Zones a Why Stick trio may move to as this seat's turn: each card to the
    same zone on its own side, with room for it there. A move is a Usual Turn
    and draws, so it needs a card in the deck (this keeps every game finite)."""
    trio = trio_of(s, seat)
    if trio is None or not s.deck:
        return []
    here = at(s.place[trio[0]])[1]
    need = [0, 0]
    for c in trio:
        need[at(s.place[c])[0]] += 1
    return [
        z
        for z in range(3)
        if z != here and all(free_slots(s, side, z) >= need[side] for side in (0, 1))
    ]


def has_turn(s: DiaboState, seat: int) -> bool:
    """THE END: can this seat do anything on its turn, or must it pass?"""
    hand = s.hands[seat]
    if not hand:
        return False  # an empty hand passes for good
    side = seat % 2
    if any(placements(s, side, s.defs[c]) for c in hand):
        return True
    # FAQ: no legal play, no turn: a Contract Turn alone does not keep a seat
    # in the game (it is taken instead of a Usual Turn, never for want of one)
    return bool(trio_moves(s, seat))
