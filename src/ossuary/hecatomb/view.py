"""What a seat may see: the one redaction path for views, logs and samples.

A card's identity is visible to a seat when the card is in a public zone
(play, mana zone, graveyard, removed from game, being played) or when the
seat's bit is set in ``known`` (its own hand; cards shown to everyone). A
spectator (seat None) sees what is public: public zones and cards every
seat knows.

Nothing handed out shares a mutable object with the state: views and logs are
fresh data, and a sample (``resample``) is an independent state, so whoever
receives them can't reach or change the game.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import copy_json, redact_private
from ..engine.rng import Rng
from .queries import (
    abom_dooms,
    abom_keywords,
    abom_strength,
    minion_keywords,
    minion_strengths,
)
from .state import HecatombState

# a log event as a seat may see it: card names in another seat's private events dropped
redact_event = redact_private


def _abom_view(s: HecatombState, aid: int) -> dict[str, Any]:
    a = s.aboms[aid]
    strengths = minion_strengths(s, a)
    kw = abom_keywords(s, a)
    return {
        "id": aid,
        "tapped": a.tapped,
        "played_this_turn": a.played,
        "stitched_this_turn": a.stitched,
        "size": a.size,
        "strength": abom_strength(s, a),
        "subtype": s.defs[a.top].subtype,
        "dooms": sorted(abom_dooms(s, a)),
        "keywords": {k: list(v) if isinstance(v, tuple) else v for k, v in sorted(kw.items())},
        "minions": [
            {
                "id": c,
                "card": s.defs[c].name,
                "doom": s.defs[c].doom,
                "strength": st,
                "keywords": {
                    k: list(v) if isinstance(v, tuple) else v
                    for k, v in sorted(minion_keywords(s, c).items())
                },
                "text": s.defs[c].text,
                "triggers": list(s.defs[c].triggers),
            }
            for c, st in zip(a.cards, strengths, strict=True)
        ],
    }


def card_view(s: HecatombState, cid: int) -> dict[str, Any]:
    """A visible card: its id and what is printed on it that matters for play."""
    d = s.defs[cid]
    out: dict[str, Any] = {
        "id": cid,
        "card": d.name,
        "type": d.type,
        "doom": d.doom,
        "cost": (f"X+{d.cost}" if d.cost else "X") if d.x_cost else d.cost,
        "text": d.text,
    }
    if d.is_minion:
        out["strength"] = d.strength
        out["subtype"] = d.subtype
        out["triggers"] = list(d.triggers)  # the doom corner: what conditionals it sets off
        if d.cond_doom:
            out["conditional"] = d.cond_doom  # the doom its own conditional box needs
    return out


_CARD_VERBS = frozenset({"mana", "play", "card", "rip", "toll"})


def _option_view(s: HecatombState, aid: str, label: str) -> dict[str, Any]:
    """One option of the deciding seat, for people (``label``) and programs: an
    option that names one card also gives its ``card`` name and ``owner`` (the
    label already names it, so the seat learns nothing new; programs such as
    the RL encoders need not read labels)."""
    out: dict[str, Any] = {"id": aid, "label": label}
    option_card(s, aid, out)
    return out


def option_card(s: HecatombState, aid: str, out: dict[str, Any]) -> None:
    """The ``card`` and ``owner`` of an option that names one card, into ``out``
    (the RL encoder reads them from the state this way too)."""
    verb, _, rest = aid.partition(" ")
    cid = -1
    if verb in _CARD_VERBS:
        cid = int(rest)
    elif verb == "first" and s.pending is not None and s.pending.kind == "order":
        cid = s.pending.ctx[1][int(rest)][1]  # the trigger's source card
    if cid >= 0:
        out["card"] = s.defs[cid].name
        out["owner"] = s.owner[cid]


def decision_detail(s: HecatombState) -> str:
    """What a ``choose`` or ``target`` decision is for, as one word (the prompt
    says the same in words): stitch, discard, draw, exhume, exhume_up_to,
    retrieve, put_card (which card to put into play), put (where it goes),
    sacrifice; play or ability for targets."""
    pending = s.pending
    if pending is None or not pending.ctx:
        return ""
    if pending.kind == "choose":
        if pending.ctx[0] == "zone":  # which card to take; "put" then asks where
            return "put_card" if pending.ctx[1] == "put" else str(pending.ctx[1])
        return str(pending.ctx[0])
    if pending.kind == "target":
        return str(pending.ctx[0])
    return ""


def view(s: HecatombState, seat: object, log_from: object = 0) -> dict[str, Any]:
    """The game as ``seat`` sees it (None: a spectator), JSON-ready and fresh.
    Hidden cards are counts only.

    ``log_from`` skips the first events of the log (agents that keep their own
    copy ask only for what is new).
    """
    seat, skip = s.check_view_args(seat, log_from)
    everyone = (1 << s.n) - 1
    # a spectator knows a hidden card only when every seat does (shown to all)
    bit = everyone if seat is None else 1 << seat
    full = seat is None
    defs = s.defs
    players = []
    for p, st in enumerate(s.seats):
        hand: list[dict[str, Any] | None] = [
            card_view(s, c) if _sees(s.known[c], bit, full) else None for c in st.hand
        ]
        players.append(
            {
                "seat": p,
                "souls": st.souls,
                "hand_count": len(st.hand),
                "hand": hand,
                "deck_count": len(st.deck),
                # deck cards this seat has looked at or seen revealed, top first
                "deck_known": [
                    {"from_top": i, "card": defs[c].name}
                    for i, c in enumerate(reversed(st.deck))
                    if _sees(s.known[c], bit, full)
                ],
                "mana": [
                    {"id": c, "card": defs[c].name, "doom": defs[c].doom, "tapped": c in s.tapped}
                    for c in st.mana
                ],
                "pool": dict(
                    zip(("corruption", "deceit", "destruction", "greed"), st.pool, strict=True)
                ),
                "mana_added": st.mana_added,
                "graveyard": [defs[c].name for c in st.graveyard],
                "removed": [defs[c].name for c in st.removed],
                "abominations": [_abom_view(s, aid) for aid in st.aboms],
                "relics": [{"id": c, "card": defs[c].name} for c in st.relics],
                "god": {"id": st.god, "card": defs[st.god].name} if st.god >= 0 else None,
            }
        )
    decision = s.decision_view(seat, lambda aid, label: _option_view(s, aid, label))
    if decision is not None and "options" in decision:
        what = decision_detail(s)
        if what:
            decision["what"] = what
    c = s.combat
    return {
        **s.view_head(seat, s.turn, s.turn_number),
        "players": players,
        "in_play": [{"id": x, "card": defs[x].name} for x in s.limbo],
        "combat": None
        if c is None
        else {
            "aggressor": c.aggressor,
            "defender": c.defender,
            "attackers": list(c.attackers),
            "blocks": {str(k): v for k, v in c.blocks.items()},
            "blocked": list(c.blocked),
        },
        "decision": decision,
        "winner": s.winner,
        "log_from": skip,
        "log": [copy_json(redact_event(e, seat)) for e in s.log[skip:]],
    }


def _sees(known: int, bit: int, full: bool) -> bool:
    """Whether a viewer with ``bit`` knows a card known to the seats in ``known``
    (``full``: a spectator, who needs every seat to know it)."""
    return known & bit == bit if full else bool(known & bit)


def resample(s: HecatombState, seat: object, rng: Rng) -> HecatombState:
    """A determinization for ``seat`` at its own decision (for search agents).

    Decklists are taken as known (as with open decklists). Every card whose
    identity ``seat`` doesn't know (other players' unseen hand cards, deck
    cards it has not looked at) is dealt again at random among those places,
    owner by owner; cards ``seat`` knows stay where they are. The result
    depends only on ``seat``'s information set and ``rng``: the unknown cards
    are sorted before they are dealt, so two states that differ only in where
    the hidden cards lie give the same sample.

    The sample holds nothing from which the true deal can be recovered: no
    seed (its future randomness is drawn from ``rng``), no action history,
    only ``seat``'s redacted log; and it shares no mutable object with ``s``.
    Only the deciding seat may be sampled for: another seat's pending options
    name its cards as they were (:class:`~ossuary.engine.errors.SampleError`).
    """
    out, seat = s.start_sample(seat)
    bit = 1 << seat
    known = out.known
    for p, st in enumerate(out.seats):
        hand_slots = [i for i, c in enumerate(st.hand) if not known[c] & bit]
        deck_slots = [i for i, c in enumerate(st.deck) if not known[c] & bit]
        if not hand_slots and not deck_slots:
            continue
        pool = sorted([st.hand[i] for i in hand_slots] + [st.deck[i] for i in deck_slots])
        rng.shuffle(pool)
        for k, i in enumerate(hand_slots):
            st.hand[i] = pool[k]
            known[pool[k]] = 1 << p
        for k, i in enumerate(deck_slots, len(hand_slots)):
            st.deck[i] = pool[k]
            known[pool[k]] = 0
    out.rng = Rng(rng.next64())
    out.cancel_seats = 0  # "back" is for people at a client; a search never steps back
    return out
