"""What a seat may see: the one redaction path for views, logs and samples.

Public: the mat, the contracts (always face up), the dead pile, how many cards
each hand and the deck hold. Private: the deck's cards, and every hand but
one's own. Teammates never see each other's hands (guide THE SETUP); a card
shown by Why See or Fate Purge sets the ``known`` bits of the seats it was
shown to. A log event with ``seen_by`` names its cards only to those seats. A
spectator (seat None) sees only what is public.

Nothing handed out shares a mutable object with the state: views and logs are
fresh data, and a sample (``resample``) is an independent state.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import copy_json
from ..engine.rng import Rng
from .cards import ZONES
from .queries import (
    contract_turn_allowed,
    frozen,
    immune,
    power_map,
    scores,
    synergy,
    usable,
    zone_power,
)
from .state import DiaboState


def redact_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    """A log event as ``seat`` may see it (None: a spectator)."""
    seen_by = event.get("seen_by")
    if seen_by is None or (seat is not None and seat in seen_by):
        return event
    return {k: v for k, v in event.items() if k not in ("card", "cards")}


def card_view(s: DiaboState, cid: int, pm: dict[int, int] | None = None) -> dict[str, Any]:
    """A visible card: what is printed on it that matters for play; on the mat
    also its power now, its controller and whether its ability works."""
    d = s.defs[cid]
    out: dict[str, Any] = {
        "id": cid,
        "card": d.name,
        "group": d.group,
        "type": d.type,
        "gender": d.gender,
        "power": d.power,
        "ability": d.ability.name if d.ability else None,
        "text": d.text,
    }
    if s.place[cid] >= 0:
        out["base_power"] = d.power
        out["power"] = (pm or {}).get(cid, d.power)
        out["seat"] = s.ctrl[cid]
        out["ability_works"] = usable(s, cid)
        out["ability_lost"] = cid in s.lost
        out["immune"] = immune(s, cid)
    elif d.ability is not None:
        out["ability_lost"] = cid in s.lost
    return out


def _zone_view(s: DiaboState, side: int, zone: int, pm: dict[int, int]) -> dict[str, Any]:
    act = s.act[side][zone]
    return {
        "zone": zone,
        "name": ZONES[zone],
        "sealed": s.sealed[zone],
        "slots": [card_view(s, c, pm) for c in s.mat[side][zone]],
        "activation": card_view(s, act, pm) if act >= 0 else None,
        "scorched": [card_view(s, c, pm) for c in s.scorch[side][zone]],
        "power": zone_power(s, side, zone, pm),
        "synergy": synergy(s, side, zone),
    }


def _sides_view(s: DiaboState, totals: list[int], pm: dict[int, int]) -> list[dict[str, Any]]:
    """Each side: its seats, its score and its half of the three zones."""
    return [
        {
            "side": side,
            "seats": [p for p in range(s.n) if p % 2 == side],
            "score": totals[side],
            "zones": [_zone_view(s, side, z, pm) for z in range(3)],
        }
        for side in (0, 1)
    ]


def _players_view(s: DiaboState, bit: int) -> list[dict[str, Any]]:
    """Each seat: its hand (a card the reader doesn't know is None) and its
    contract turns."""
    return [
        {
            "seat": p,
            "side": p % 2,
            "hand_count": len(hand),
            "hand": [card_view(s, c) if s.known[c] & bit else None for c in hand],
            "out": not hand,
            "contract_last": s.contract_last[p],
            "contract_turn": contract_turn_allowed(s, p),
        }
        for p, hand in enumerate(s.hands)
    ]


def view(s: DiaboState, seat: object, log_from: object = 0) -> dict[str, Any]:
    """The game as ``seat`` sees it, JSON-ready and fresh (None: a spectator).
    Hidden cards are ``None`` in hands; the deck is only a count. ``log_from``
    skips the first events of the log."""
    seat, skip = s.check_view_args(seat, log_from)
    bit = 0 if seat is None else 1 << seat
    pm = power_map(s)
    totals = scores(s)
    sides = _sides_view(s, totals, pm)
    players = _players_view(s, bit)
    decision = s.decision_view(seat)
    names = s.defs
    return {
        **s.view_head(seat, s.turn, s.turn_number),
        "mode": "1v1" if s.n == 2 else "2v2",
        "side": None if seat is None else seat % 2,
        "first": s.first,
        "zone_names": list(ZONES),
        "sides": sides,
        "players": players,
        "contracts": [card_view(s, c) if c >= 0 else None for c in s.contracts],
        "contract_freeze": frozen(s),
        "contracts_banned": s.banned,
        "deck_count": len(s.deck),
        "dead": [names[c].name for c in s.dead],
        "why_stick": [[names[c].name for c in t] for t in s.sticks],
        "doom_pacts": [[names[c].name for c in p] for p in s.pacts],
        "scores": totals,
        "decision": decision,
        "winner": s.winner,
        "over": s.is_terminal(),
        "log_from": skip,
        "log": [copy_json(redact_event(e, seat)) for e in s.log[skip:]],
    }


def hidden_from(s: DiaboState, seat: int | None) -> set[int]:
    """The cards whose identity ``seat`` can't know: the deck, and other hands'
    cards it was not shown."""
    bit = 0 if seat is None else 1 << seat
    out = set(s.deck)
    for p, hand in enumerate(s.hands):
        if p != seat:
            out.update(c for c in hand if not s.known[c] & bit)
    return out


def resample(s: DiaboState, seat: object, rng: Rng) -> DiaboState:
    """A determinization for ``seat`` at its own decision (for search agents).

    Every card ``seat`` can't see (other hands' unseen cards, the whole deck)
    is dealt again at random among those places; what it knows stays. The
    unknown cards are sorted before they are dealt, so two states that differ
    only in where the hidden cards lie give the same sample for the same
    ``rng``. The sample holds no seed and no history, its log is the seat's
    redacted log, its future randomness comes from ``rng``, and it shares no
    mutable object with ``s``. Only the deciding seat may be sampled for
    (:class:`~ossuary.engine.errors.SampleError`): another seat's pending
    options name its hidden cards.
    """
    out, seat = s.start_sample(seat)  # its clone shares nothing a sample deals
    bit = 1 << seat
    known = out.known
    # the other hands' unseen places (owner, index), then the whole deck: what
    # other seats were shown is not the seat's to know, so a dealt hand card
    # is known to its holder only
    slots: list[tuple[int, int]] = []
    pool: list[int] = []
    for p, hand in enumerate(out.hands):
        if p == seat:
            continue
        for i, c in enumerate(hand):
            if not known[c] & bit:
                slots.append((p, i))
                pool.append(c)
    pool += out.deck
    pool.sort()
    rng.shuffle(pool)
    hands = out.hands
    for (p, i), c in zip(slots, pool, strict=False):  # the rest of the pool is the deck
        hands[p][i] = c
        known[c] = 1 << p
    deck = pool[len(slots) :]
    for c in deck:
        known[c] = 0
    out.deck = deck
    out.rng = Rng(rng.next64())
    return out
