"""What a seat may see: the one redaction path for views, logs and samples.

A card's identity is visible to a seat when the card is in a public zone (the
field, the response stack, graveyards, banished cards, between zones) or when
the seat's bit is set in ``known`` (its own hand; cards shown to everyone).
Deck lists are open information (as in Hecatomb), so the view may say how many
cards a deck holds but never in what order.
"""

from __future__ import annotations

from typing import Any

from ..engine.core import copy_json, redact_private
from ..engine.rng import Rng
from .queries import cost_of, defense_of, stats
from .rules.window import only_passing_matters
from .state import EMPTY, NecroState

# a log event as a seat may see it: card names in another seat's private events dropped
redact_event = redact_private


def card_view(s: NecroState, cid: int, p: int | None = None) -> dict[str, Any]:
    """A visible card: its id and what is printed on it that matters for play."""
    d = s.defs[cid]
    out: dict[str, Any] = {"id": cid, "card": d.name, "type": d.type, "rarity": d.rarity}
    if d.type != "hero":
        out["cost"] = d.cost if p is None else cost_of(s, p, d)
    if d.is_minion:
        out["attack"] = d.attack
        out["defense"] = d.defense
        out["minion_type"] = d.minion_type
    elif d.type == "artifact":
        out["defense"] = d.defense
    elif d.type == "event":
        out["rounds"] = d.rounds
    if d.reaction:
        out["reaction"] = True
    out["text"] = d.text
    return out


def rounds_left(s: NecroState, cid: int) -> int | None:
    """An event's rounds to go (None: not an event with an end)."""
    end = s.expiry.get(cid)
    if end is None:
        return None
    q, turns = end
    return max(0, turns - s.seats[q].turns)


def minion_view(s: NecroState, cid: int, at: int) -> dict[str, Any]:
    m = s.minions[cid]
    d = s.defs[cid]
    atk, full, kws = stats(s, cid)
    ensnared = None
    if m.ensnare is not None:
        q, turns = m.ensnare
        ensnared = max(0, turns - s.seats[q].turns)
    return {
        "id": cid,
        "card": d.name,
        "position": at + 1,
        "minion_type": d.minion_type,
        "attack": atk,
        "defense": max(0, full - m.damage),
        "full_defense": full,
        "damage": m.damage,
        "owner": s.owner[cid],
        "invisible": m.invisible,
        "ensnared_rounds": ensnared,
        "attacks_made": m.attacks,
        "defended": m.defended,
        "borrowed_from": None if m.taken == EMPTY else m.taken,
        "dying": cid in s.dying,
        "keywords": dict(sorted(kws.items())),
        "relics": [{"id": r, "card": s.defs[r].name, "text": s.defs[r].text} for r in m.relics],
        "text": d.text,
    }


def magic_view(s: NecroState, cid: int, slot: int) -> dict[str, Any]:
    d = s.defs[cid]
    out: dict[str, Any] = {"id": cid, "card": d.name, "type": d.type, "slot": slot + 1}
    if d.type == "artifact":
        out["defense"] = defense_of(s, cid)
        out["full_defense"] = d.defense
    if d.type == "event":
        out["rounds_left"] = rounds_left(s, cid)
    out["text"] = d.text
    return out


def stack_view(s: NecroState) -> list[dict[str, Any]]:
    """The response stack, bottom (the original action) first."""
    out = []
    for k, it in enumerate(s.rstack):
        entry: dict[str, Any] = {"index": k, "kind": it.kind, "player": it.player}
        entry["card"] = s.defs[it.source].name
        entry["id"] = it.source
        entry["target"] = it.target
        if it.kind == "attack" and it.extra:
            entry["defenders"] = list(it.extra)
        entry["negated"] = it.negated
        out.append(entry)
    return out


def view(s: NecroState, seat: object, log_from: object = 0) -> dict[str, Any]:
    """The game as ``seat`` sees it (None: a spectator), JSON-ready and fresh.
    Hidden cards are counts only; the decision's options are shown to its
    chooser. A spectator sees a hidden card only when every seat knows it."""
    seat, skip = s.check_view_args(seat, log_from)
    everyone = (1 << s.n) - 1
    bit = everyone if seat is None else 1 << seat
    defs = s.defs
    players = []
    for p, st in enumerate(s.seats):
        hero = defs[st.hero]
        players.append(
            {
                "seat": p,
                "alive": st.alive,
                "hero": {
                    "id": st.hero,
                    "card": hero.name,
                    "text": hero.text,
                    "ability_used": st.hero_used,
                },
                "health": st.health,
                "lifeforce": st.lifeforce,
                "turns_taken": st.turns,
                "hand_count": len(st.hand),
                "hand": [card_view(s, c, p) if s.known[c] & bit == bit else None for c in st.hand],
                "deck_count": len(st.deck),
                "graveyard": [{"id": c, "card": defs[c].name} for c in st.graveyard],
                "banished": [{"id": c, "card": defs[c].name} for c in st.banished],
                "minions": [
                    None if c == EMPTY else minion_view(s, c, k) for k, c in enumerate(st.minions)
                ],
                "magic": [
                    None if c == EMPTY else magic_view(s, c, k) for k, c in enumerate(st.magic)
                ],
            }
        )
    decision = s.decision_view(seat)
    if (
        seat is not None
        and decision is not None
        and "options" in decision
        and decision["kind"] == "window"
    ):
        # for the seat's own client: pass for it when nothing else matters
        # (auto-pass); what it could do shows only here, in its own view
        decision["auto"] = "pass" if only_passing_matters(s, seat) else None
    over = s.is_terminal()
    log = s.log[skip:]
    return {
        **s.view_head(seat, s.turn, s.turn_number),
        "first": s.first if s.first_to_come() is None else None,  # decided after the mulligans
        "players": players,
        "response_stack": stack_view(s),
        "between_zones": [{"id": c, "card": defs[c].name} for c in s.limbo],
        "decision": decision,
        "over": over,
        "winner": s.winner,
        "draw": over and s.winner is None,
        "log_from": skip,
        "log": [copy_json(redact_event(e, seat)) for e in log],
    }


def resample(s: NecroState, seat: object, rng: Rng) -> NecroState:
    """A determinization for ``seat`` at its own decision (for search agents).

    Deck lists are open. Every card whose identity ``seat`` doesn't know
    (other players' unseen hand cards, every deck's order) is dealt again at
    random among those places, owner by owner; known cards stay where they are.
    The result depends only on ``seat``'s information and ``rng``: the unknown
    cards are sorted before they are dealt. The sample has no seed, no action
    history, only ``seat``'s redacted log, and shares no mutable object with
    ``s``; only the deciding seat may be sampled for
    (:class:`~ossuary.engine.errors.SampleError`).
    """
    out, seat = s.start_sample(seat)
    bit = 1 << seat
    known = out.known
    for p, st in enumerate(out.seats):
        hand_slots = [i for i, c in enumerate(st.hand) if not known[c] & bit]
        if not hand_slots and not st.deck:
            continue
        pool = sorted([st.hand[i] for i in hand_slots] + st.deck)
        rng.shuffle(pool)
        for k, i in enumerate(hand_slots):
            st.hand[i] = pool[k]
            known[pool[k]] = 1 << p
        for k in range(len(st.deck)):
            st.deck[k] = pool[len(hand_slots) + k]
            known[pool[len(hand_slots) + k]] = 0
    # Who goes first is decided after the mulligans (section 3, step 6); the
    # true game drew it at the deal, so a sample draws it again unless it was
    # chosen openly at set-up: a search must not know a coin flip to come.
    for i, step in enumerate(out.stack):
        if step[0] in ("setup", "first_player") and not (len(step) > 2 and step[2]):
            out.stack[i] = (step[0], rng.below(out.n), False)
    out.rng = Rng(rng.next64())
    return out
