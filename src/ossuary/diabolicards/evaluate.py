"""How good a Diabolicards position is, for the heuristic and ISMCTS agents.

The evaluation has two parts.

1. :func:`settle` plays a copy of the state forward to a quiet point (a seat's
   turn, or the end) with a sensible default for every choice on the way: kills
   take the strongest enemy cards (and the weakest of one's own when they must
   take one's own), escapes are used, boosts go to the weakest cards and
   hinders to the strongest, The Endgame wipes whichever side costs the enemy
   more. So a card being played is judged by what its ability leads to.
2. :func:`side_value` adds up, in points of power, what each side has: its
   score now (THE END: living power after the latest boost or hinder, plus
   synergy), less what Borrowed Time will lose when the deck runs out; and the
   cards in its seats' hands that it still has room to play, the strongest
   first, worth ``HAND`` of their power (each turn plays one, and a side's
   zones fill up: the cards left in hand at the end score nothing).

:func:`evaluate` turns the two sides' difference into each seat's prospects in
[0, 1] with a logistic curve whose width is the number of cards still to come
(deck and hands; at least ``SCALE_MIN``; in 2v2, 0.6 of it): a lead of that
many points is worth about 73%. Leads swing by dozens of points while the
deck is full and settle as it runs out; this width is what predicted the
winner best in heuristic games of each mode (``docs/ai.md``). Teammates get
the same value. The other weights are round numbers tuned by playing the
arena; fitted by how well they predict results
(``bench/calibrate_diabolicards.py --weights``), they would predict no better.

Its :data:`KNOWLEDGE` is the game's ``knowledge`` (``knowledge_at`` on its
``Game``), which the agents load the first time they meet the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Final

from ..engine.core import Decision, GameState
from ..engine.knowledge import Answer, DefaultPlay, GameKnowledge
from ..engine.rng import Rng
from . import late
from .queries import free_slots, power_map, scores, special, zone_cards
from .rules import PARSE
from .state import DiaboState, at

HAND = 0.6  # per point of power of a hand card there is room to play
SAFE = 0.2  # per point of power no regular ability can kill (an activated Diabolical)
OPEN_PICK = 1.5  # per boost pick still open for later arrivals (a hinder's counts against)
SCALE_MIN = 2.0  # points of lead for 73% (the logistic's scale) when the game is all but over
# ...and how it grows with the cards still to come (deck and hands), by seats:
# in 2v2 four hands hold more of what is to come, and a lead counts for more
SCALE_PER_CARD = {2: 1.0, 4: 0.6}
SETTLE_STEPS = 60  # at most this many default choices while settling
QUIET: Final = frozenset({"turn"})  # where settling stops


# =============================================================================
# Default choices (used while settling and by ISMCTS rollouts)
# =============================================================================
def _best(options: tuple[str, ...], key: Mapping[str, float]) -> str:
    return max(options, key=lambda o: key.get(o, -1e9))


def _card_of(option: str) -> int:
    return int(option.split()[1])


def choose_kill(s: DiaboState, seat: int, options: tuple[str, ...]) -> str:
    """Kill the strongest enemy card; of one's own, only what must die, the weakest."""
    pending = s.pending
    assert pending is not None
    side = pending.ctx[2]
    pm = power_map(s)
    mine = side == seat % 2
    if mine and "done" in options:
        return "done"
    values = {
        o: (-1 if mine else 1) * pm.get(_card_of(o), s.defs[_card_of(o)].power)
        for o in options
        if o != "done"
    }
    return _best(options, values)


def choose_pick(s: DiaboState, seat: int, options: tuple[str, ...]) -> str:
    """Boost the weakest, hinder the strongest enemy (or weakest ally)."""
    pending = s.pending
    assert pending is not None
    cid, i = pending.ctx[0], pending.ctx[1]
    ab = s.defs[cid].ability
    assert ab is not None
    boost = ab.effects[i].get("value") == 8
    pm = power_map(s)
    values = {}
    for o in options:
        c = _card_of(o)
        p = pm.get(c, s.defs[c].power)
        ours = at(s.place[c])[0] == seat % 2
        values[o] = -p if boost or ours else p
    return _best(options, values)


def choose_mode(s: DiaboState, seat: int, options: tuple[str, ...]) -> str:
    """The Endgame and Confused Morals: the choice that costs the enemy the
    most power for the least of one's own."""
    pending = s.pending
    assert pending is not None
    cid = pending.ctx[0]
    ab = s.defs[cid].ability
    assert ab is not None
    side, zone, _ = at(s.place[cid])
    pm = power_map(s)

    def zone_total(sd: int) -> int:
        return sum(pm.get(c, s.defs[c].power) for c in zone_cards(s, sd, zone))

    values = {}
    for o in options:
        e = ab.effects[int(o.split()[1])]
        which = e.get("side")
        gain = 0.0
        if e.verb in ("wipe", "kill"):
            if which in ("enemy", "both"):
                gain += zone_total(1 - side)
            if which in ("yours", "both"):
                gain -= zone_total(side) + 0.5
        values[o] = gain
    return _best(options, values)


def _linked_home(s: DiaboState, cid: int) -> int:
    link = s.defs[cid].link
    side, zone, _ = at(s.place[cid])
    if link >= 0 and link != zone and free_slots(s, side, link) > 0:
        return link
    return -1


def choose_by_power(s: DiaboState, options: tuple[str, ...], high: bool) -> str:
    pm = power_map(s)
    values = {
        o: (1 if high else -1) * pm.get(_card_of(o), s.defs[_card_of(o)].power)
        for o in options
        if o != "done" and o.split()[1].isdigit()
    }
    return _best(options, values) if values else options[0]


def _redeploy(s: DiaboState, d: Decision) -> str:
    """Move a linked card home if one can go; else stop."""
    for o in d.options:
        if o != "done" and _linked_home(s, _card_of(o)) >= 0:
            return o
    return _done(s, d)


def _destination(s: DiaboState, d: Decision) -> str:
    home = _linked_home(s, d.ctx[0])
    return f"to {home}" if f"to {home}" in d.options else d.options[0]


def _done(s: DiaboState, d: Decision) -> str:
    return "done" if "done" in d.options else d.options[0]


def _high(s: DiaboState, d: Decision) -> str:
    return choose_by_power(s, d.options, high=True)


def _low(s: DiaboState, d: Decision) -> str:
    return choose_by_power(s, d.options, high=False)


# what the pending decision asks -> a sensible answer without looking ahead
ANSWERS: dict[str, Answer] = {
    "kill": lambda s, d: choose_kill(s, d.player, d.options),
    "pick": lambda s, d: choose_pick(s, d.player, d.options),
    "mode": lambda s, d: choose_mode(s, d.player, d.options),
    "counter": "escape",
    "redeploy": _redeploy,
    "destination": _destination,
    "influence": _high,
    "swap": _high,
    "pact": _high,
    "give": _low,
    "reveal": _low,
    "stick": _done,
}


def _quiet(s: DiaboState) -> bool:
    pending = s.pending
    return pending is not None and pending.kind in QUIET


PLAY = DefaultPlay(ANSWERS, _quiet, SETTLE_STEPS)
#: a sensible option for the pending decision without looking ahead
default_choice: Callable[[DiaboState], str] = PLAY.choice
#: a copy of the state played on with :func:`default_choice` to a quiet point
settle: Callable[[DiaboState], DiaboState] = PLAY.settle


# =============================================================================
# The score
# =============================================================================
def doomed_by_the_deck(s: DiaboState, side: int) -> int:
    """Power that Borrowed Time will lose: its cards die when the deck runs out,
    which it will unless the mat fills up first."""
    room = sum(free_slots(s, sd, z) for sd in (0, 1) for z in range(3))
    if len(s.deck) > room:
        return 0
    lost = 0
    for c in special(s, "die"):
        if s.place[c] >= 0 and at(s.place[c])[0] == side and c not in s.lost:
            ab = s.defs[c].ability
            if ab is not None and ab.effects[0].get("when") == "deck_empty":
                lost += s.defs[c].power
    return lost


def side_value(
    s: DiaboState, side: int, totals: list[int], pm: dict[int, int] | None = None
) -> float:
    """What a side has, in points of power (see the module docstring); ``pm``
    is :func:`power_map`'s answer when the caller has it already."""
    room = sum(free_slots(s, side, z) for z in range(3))
    value = float(totals[side] - doomed_by_the_deck(s, side))
    if pm is None:
        pm = power_map(s)
    for z in range(3):
        a = s.act[side][z]
        if a >= 0:
            value += SAFE * pm.get(a, s.defs[a].power)  # THE IMMUNITY
    for source, idx, left in s.opens:
        if s.place[source] >= 0 and at(s.place[source])[0] == side:
            ab = s.defs[source].ability
            assert ab is not None
            e = ab.effects[idx]
            helps = (e.get("value") == 8) == (e.get("side") == "yours")
            value += (OPEN_PICK if helps else -OPEN_PICK / 2) * left
    defs = s.defs
    powers = sorted(
        (defs[c].power for seat in range(side, s.n, 2) for c in s.hands[seat]), reverse=True
    )
    return value + HAND * sum(powers[:room])


def scale_for(left: int, seats: int = 2) -> float:
    """How many points of lead make 73% for a side with ``left`` cards still
    to come in a game of ``seats`` seats: a lead means less while many are
    still to be played (calibrated for each mode by
    ``bench/calibrate_diabolicards.py``, docs/ai.md)."""
    return max(SCALE_MIN, SCALE_PER_CARD[seats] * left)


def cards_to_come(s: DiaboState) -> int:
    """Cards in the deck and in every hand."""
    return len(s.deck) + sum(len(h) for h in s.hands)


def scale(s: DiaboState) -> float:
    """:func:`scale_for` the cards still to come in ``s``."""
    return scale_for(cards_to_come(s), s.n)


def _squash(lead: float) -> float:
    return 1.0 / (1.0 + math.exp(-lead))


def values(s: DiaboState) -> list[float]:
    """Each seat's prospects in [0, 1] for a position as it stands (not settled)."""
    if s.is_terminal():
        if s.winner is None:
            return [0.5] * s.n
        return [1.0 if seat % 2 == s.winner else 0.0 for seat in range(s.n)]
    pm = power_map(s)
    totals = scores(s, pm)
    v = [side_value(s, side, totals, pm) for side in (0, 1)]
    k = scale(s)
    lead = [_squash((v[0] - v[1]) / k), _squash((v[1] - v[0]) / k)]
    return [lead[seat % 2] for seat in range(s.n)]


def evaluate(state: GameState) -> list[float]:
    """Each seat's prospects in [0, 1] after settling (what the agents call)."""
    assert isinstance(state, DiaboState)
    pending = state.pending
    if pending is None or pending.kind in QUIET:
        return values(state)  # settled already: no copy needed (values reads only)
    return values(settle(state))


def late_values(s: DiaboState) -> list[float]:
    """:func:`values`, except in 1v1 with the cards to come in the late-game
    model's range (:mod:`.late`): there, that model's odds."""
    left = cards_to_come(s)
    if s.n != 2 or s.is_terminal():
        return values(s)
    model = late.default(tuple(d.name for d in s.defs))
    if not model.covers(s, left):
        return values(s)
    pm = power_map(s)
    totals = scores(s, pm)
    lead = side_value(s, 0, totals, pm) - side_value(s, 1, totals, pm)
    p = _squash(max(-50.0, min(50.0, model.logit(s, lead, scale_for(left, 2), left))))
    return [p, 1.0 - p]


def search_evaluate(state: GameState) -> list[float]:
    """What ISMCTS scores a cut playout with: :func:`late_values` after
    settling. The heuristic agent keeps :func:`evaluate`. At 1 s in 1v1 the
    late-game model won 191.5 of 288 games against the heuristic where this
    evaluation won 188.5 on the same deals: no gain shown, no loss either
    (docs/ai.md, "What was tried for Diabolicards", 2026-11-24, ``5f33b8b``)."""
    assert isinstance(state, DiaboState)
    pending = state.pending
    if pending is None or pending.kind in QUIET:
        return late_values(state)
    return late_values(settle(state))


def where_to_play(s: DiaboState, seat: int, cid: int, options: list[str]) -> str:
    """A plausible place for a card: a linked card in its zone, a Diabolical in
    an activation slot, and a killer or Scorched Earth where the enemy is
    strongest; otherwise any."""
    d = s.defs[cid]
    best, best_v = options[0], -1e9
    enemy = 1 - seat % 2
    for o in options:
        _, zone, kind = PARSE[o]
        v = 0.0
        if d.link >= 0:
            v += 5.0 if zone == d.link else 0.0
        if d.diabolical or d.scorched:
            v += 5.0 if kind != 0 else 0.0
            v += 0.1 * sum(s.defs[c].power for c in zone_cards(s, enemy, zone))
        if v > best_v:
            best, best_v = o, v
    return best


def tree_default(state: GameState) -> str | None:
    """In the search tree, only turns branch; the choices inside a turn (kill
    targets, boosts, escapes...) take :func:`default_choice`."""
    assert isinstance(state, DiaboState)
    pending = state.pending
    if pending is None or pending.kind == "turn":
        return None
    return default_choice(state)


def rollout_policy(state: GameState, rng: Rng) -> str:
    """The sensible default for every choice inside a turn; on a turn, one of
    the strongest cards in hand, in a plausible place. No random moves: the
    samples already vary the hidden cards, and random moves in a playout only
    added noise to the search's averages (docs/ai.md)."""
    assert isinstance(state, DiaboState)
    inside = tree_default(state)
    if inside is not None:
        return inside
    pending = state.pending
    assert pending is not None
    opts = pending.options
    defs = state.defs
    best = -1
    strong: list[str] = []
    for o in opts:
        parsed = PARSE.get(o)
        if parsed is None:
            continue
        p = defs[parsed[0]].power
        if p > best:
            best, strong = p, [o]
        elif p == best:
            strong.append(o)
    if not strong:
        return rng.choice(opts)
    cid = PARSE[strong[0]][0]
    mine = [o for o in strong if PARSE[o][0] == cid]
    return where_to_play(state, pending.player, cid, mine)


# a move is mostly a whole turn: two turns each, then the evaluation (in 1v1,
# 2, 6 and 8 moves played worse than 4 at 1 s, 2026-11-24, cd1a559; in 2v2,
# one turn each won 43/72 where two won 49/72, not significant, 2026-11-24,
# 7b805e8: docs/ai.md, "What was tried for Diabolicards")
TURNS_EACH = 2


def rollout_depth(state: GameState) -> int:
    """How many moves a playout makes: :data:`TURNS_EACH` turns for every seat
    (4 in 1v1, 8 in 2v2)."""
    assert isinstance(state, DiaboState)
    return TURNS_EACH * state.n


# The deal moves a position's value far more than the choice between two good
# moves: ISMCTS compares its root options on a common pool of this many deals
COMMON_SAMPLES = 64
KNOWLEDGE = GameKnowledge(
    evaluate=evaluate,
    search_evaluate=search_evaluate,
    rollout_policy=rollout_policy,
    rollout_depth=rollout_depth,
    tree_default=tree_default,
    relative_values=True,
    common_samples=COMMON_SAMPLES,
)

__all__ = [
    "KNOWLEDGE",
    "default_choice",
    "evaluate",
    "late_values",
    "search_evaluate",
    "settle",
    "side_value",
    "values",
]
