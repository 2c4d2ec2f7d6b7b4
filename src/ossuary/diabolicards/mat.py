"""Cards onto, around and off the mat (guide THE LAYOUT, THE SLOTS): the
bookkeeping every rule shares. Nothing here asks a question.

- :func:`put` places a card from a hand; :func:`relocate` moves one by an
  ability; :func:`take_off` lifts one off (to the dead pile or the deck).
- :func:`arrive` runs what happens when a card lands in a zone: open picks of
  lasting boosts and hinders take it (guide THE ABILITIES, Apex Service and
  Apex Prison), and the last Why Copy card dooms all the copies.
- :func:`add_mod` starts a boost or hinder; the latest one wins.
"""

from __future__ import annotations

from typing import Final

from .queries import copies_on_mat, immune, matches, usable
from .state import REGULAR, SCORCH, DiaboState, at, code, event

ALL_SEATS: Final = 0b1111


def seats_bits(s: DiaboState, side: int) -> int:
    """The ``known`` bits of every seat on one side."""
    return sum(1 << p for p in range(s.n) if p % 2 == side)


# =============================================================================
# Boosts and hinders
# =============================================================================
def add_mod(s: DiaboState, source: int, target: int, value: int, lasts: str) -> None:
    """A boost (8) or hinder (0) on ``target``, newer than every other."""
    s.seq += 1
    s.mods.append((s.seq, source, target, value, lasts))
    event(
        s,
        "boost" if value else "hinder",
        card=s.defs[target].name,
        source=s.defs[source].name,
        power=value,
    )


def _moved(s: DiaboState, cid: int) -> None:
    """A card moved by an ability leaves its zone: boosts and hinders picked
    there end for good, and so do those it gave while both stayed. "For good"
    (reference, Apex Service and Apex Prison): a picked card keeps its pick
    as spent (``"X"``, worth nothing), so the same ability never picks it
    again, even when it comes back to the zone while picks are still open."""
    mods = []
    for m in s.mods:
        if m[2] == cid and m[4] in "LB":
            if m[1] != cid:
                mods.append((m[0], m[1], m[2], m[3], "X"))
        elif not (m[1] == cid and m[4] == "B"):
            mods.append(m)
    s.mods = mods


# =============================================================================
# Placing and moving
# =============================================================================
def set_down(s: DiaboState, seat: int, side: int, cid: int, zone: int, kind: int) -> None:
    """Card ``cid`` is on ``side`` of the mat in ``zone``'s slot of ``kind``,
    controlled by ``seat`` and seen by all (a play, or a scenario's position)."""
    if kind == REGULAR:
        s.mat[side][zone].append(cid)
    elif kind == SCORCH:
        s.scorch[side][zone].append(cid)
    else:
        s.act[side][zone] = cid
    s.place[cid] = code(side, zone, kind)
    s.ctrl[cid] = seat
    s.known[cid] = ALL_SEATS


def put(s: DiaboState, seat: int, cid: int, zone: int, kind: int) -> None:
    """Play a card from ``seat``'s hand onto its side of the mat."""
    s.hands[seat].remove(cid)
    set_down(s, seat, seat % 2, cid, zone, kind)
    if "love" in s.defs[cid].verbs:
        # Love's boost dates from when the card was placed (the latest wins)
        s.seq += 1
        s.mods.append((s.seq, cid, cid, 8, "V"))
    event(s, "play", p=seat, card=s.defs[cid].name, zone=zone, slot="ras"[kind])
    arrive(s, cid)


def relocate(s: DiaboState, cid: int, side: int, zone: int, seat: int | None = None) -> None:
    """Move a card in a regular slot to a regular slot of (side, zone), by an
    ability; ``seat`` takes control of it (Influence, Why Swap)."""
    old_side, old_zone, kind = at(s.place[cid])
    assert kind == REGULAR
    s.mat[old_side][old_zone].remove(cid)
    s.mat[side][zone].append(cid)
    s.place[cid] = code(side, zone, REGULAR)
    if seat is not None:
        s.ctrl[cid] = seat
    _moved(s, cid)
    arrive(s, cid)


def swap(s: DiaboState, a: int, b: int) -> None:
    """Two cards in regular slots trade places and sides (Why Swap)."""
    sa, za, _ = at(s.place[a])
    sb, zb, _ = at(s.place[b])
    ia, ib = s.mat[sa][za].index(a), s.mat[sb][zb].index(b)
    s.mat[sa][za][ia], s.mat[sb][zb][ib] = b, a
    s.place[a], s.place[b] = s.place[b], s.place[a]
    s.ctrl[a], s.ctrl[b] = s.ctrl[b], s.ctrl[a]
    _moved(s, a)
    _moved(s, b)
    arrive(s, a)
    arrive(s, b)


def take_off(s: DiaboState, cid: int) -> tuple[int, int, int]:
    """Lift a card off the mat; returns where it was (side, zone, kind). What
    it gave while alive ends; what it received ends."""
    side, zone, kind = at(s.place[cid])
    if kind == REGULAR:
        s.mat[side][zone].remove(cid)
    elif kind == SCORCH:
        s.scorch[side][zone].remove(cid)
    else:
        s.act[side][zone] = -1
    s.place[cid] = -1
    s.ctrl[cid] = -1
    s.mods = [m for m in s.mods if m[2] != cid and not (m[1] == cid and m[4] in "LBX")]
    s.opens = [o for o in s.opens if o[0] != cid]
    return side, zone, kind


# =============================================================================
# Arrivals
# =============================================================================
def arrive(s: DiaboState, cid: int) -> None:
    """A card landed in a zone: fill open picks there; complete Why Copy."""
    if s.opens:
        _fill_open_picks(s, cid)
    if "copy" in s.defs[cid].verbs and usable(s, cid):
        copies = copies_on_mat(s)
        ability = s.defs[cid].ability
        assert ability is not None
        if len(copies) >= ability.effects[0].get("copies", 4):
            # Why Copy: all the copies are on the mat at last; they all die
            event(s, "copies_complete", cards=[s.defs[c].name for c in copies])
            s.final.extend(c for c in copies if c not in s.final)


def _fill_open_picks(s: DiaboState, cid: int) -> None:
    side, zone, _ = at(s.place[cid])
    for k, (source, idx, left) in enumerate(s.opens):
        # the source's ability was used when it was placed; what it started
        # lasts while the source lives
        if left <= 0 or source == cid or s.place[source] < 0:
            continue
        src_side, src_zone, _ = at(s.place[source])
        if src_zone != zone or immune(s, cid):
            continue
        ability = s.defs[source].ability
        assert ability is not None
        e = ability.effects[idx]
        want = src_side if e.get("side") == "yours" else 1 - src_side
        if want != side or not matches(s, cid, e.get("type"), e.get("gender"), e.get("plain")):
            continue
        if any(m[1] == source and m[2] == cid for m in s.mods):
            continue  # picked before and moved away: lost for good
        s.opens[k] = (source, idx, left - 1)
        add_mod(s, source, cid, e.get("value"), "B" if e.get("lasts") == "both_stay" else "L")
    s.opens = [o for o in s.opens if o[2] > 0]
