"""What a seat may see of Little Whist, and its samples: the one redaction path.

Hands are hidden from the other seats (a spectator sees none), the stock from
everyone; the trick on the table and the tricks taken are face up. Every log
event names only cards played face up, so every event is public.
"""

from __future__ import annotations

from typing import Any

from ossuary.engine.core import copy_json
from ossuary.engine.errors import OssuaryError
from ossuary.engine.rng import Rng

from .state import CARDS, HAND, WhistState


def card(cid: int) -> dict[str, Any]:
    return {"id": cid, "card": CARDS[cid]}


def view(s: WhistState, seat: object, log_from: object = 0) -> dict[str, Any]:
    me = s.check_seat(seat, spectator=True)
    if not isinstance(log_from, int) or isinstance(log_from, bool) or log_from < 0:
        raise OssuaryError(f"log_from must be a whole number from 0, not {log_from!r}")
    players = [
        {
            "seat": p,
            "hand": [card(c) for c in sorted(s.hands[p])] if p == me else [None] * len(s.hands[p]),
            "tricks": s.tricks[p],
            "taken": [card(c) for c in s.taken[p]],
        }
        for p in range(s.seats)
    ]
    # who decides is public; the question and the options only for the decider
    decision: dict[str, Any] | None = None
    if s.pending is not None:
        decision = {"kind": s.pending.kind, "player": s.pending.player}
        if me == s.pending.player:
            decision["prompt"] = s.prompt()
            decision["options"] = [{"id": a.id, "label": a.label} for a in s.legal_actions()]
    return {
        "ruleset": s.ruleset,
        "seat": me,
        "seats": s.seats,
        # the fields every front end reads (docs/adding-a-game.md, "The view"):
        # the turn in progress (here a trick, from 1) and the seat to play
        "turn_number": min(sum(s.tricks) + 1, HAND),
        "active": s.turn,
        "players": players,
        "table": [{"seat": p, **card(c)} for p, c in s.table],
        "not_dealt": len(s.stock),  # cards, face down
        "winner": s.winner,
        "over": s.is_terminal(),
        "log_from": log_from,
        "log": [copy_json(e) for e in s.log[log_from:]],
        "decision": decision,
    }


def redact_event(event: dict[str, Any], seat: int | None) -> dict[str, Any]:
    shown: dict[str, Any] = copy_json(event)  # every event names only cards played face up
    return shown


def resample(s: WhistState, seat: object, rng: Rng) -> WhistState:
    """The seat's own hand and everything face up kept; the cards it can't see
    (the other hands, the stock) dealt anew, as many to each place as before."""
    sample, me = s.start_sample(seat)  # checked, cloned, left the true game
    unseen = [c for p in range(s.seats) if p != me for c in s.hands[p]] + list(s.stock)
    rng.shuffle(unseen)
    for p in range(s.seats):
        if p != me:
            n = len(s.hands[p])
            sample.hands[p], unseen = unseen[:n], unseen[n:]
    sample.stock = unseen
    return sample
