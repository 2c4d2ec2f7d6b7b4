"""How good a Path of the Necromancer position is, for the heuristic and ISMCTS agents.

Two parts, as for Hecatomb:

1. :func:`settle` plays a copy of the state on to a quiet point (a main phase
   with the response stack empty, or the end of the game) with a plain default
   for every choice on the way: nobody responds, defenders are chosen when
   they survive the hit or the hero is in danger, targets are the biggest
   enemy to hurt or the biggest friend to help. So an attack is judged by the
   fight it starts, a spell by what it did.
2. :func:`score` adds up, in health points, what each player has: the hero's
   health (the last points count double); minions (attack and what is left of
   defense, and their keywords; ensnared ones less); magic cards in play;
   cards in hand; lifeforce; the cards left to draw (a short deck is a clock);
   and a threat term: how much the enemies' minions could hit the hero with,
   past the player's possible defenders.

:func:`evaluate` turns the difference to the best opponent into prospects in
[0, 1] with a logistic curve (a lead of ``SCALE`` points is worth about 73%).
The weights are round numbers tuned in the arena (``docs/ai.md``).
Its :data:`KNOWLEDGE` is the game's ``knowledge`` (``knowledge_at`` on its
``Game``), which the agents load the first time they meet the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from ..engine.core import Decision, GameState
from ..engine.knowledge import Answer, DefaultPlay, GameKnowledge, leads
from ..engine.rng import Rng
from .queries import attack_of, defense_of, keywords, stats, target_owner
from .state import EMPTY, NecroState

# -- weights, in hero health points --------------------------------------------
ATTACK = 1.0  # per point of attack of a minion on the field
DEFENSE = 0.6  # per point of defense left
MINION = 1.5  # per minion on the field
ENSNARED = 0.5  # an ensnared minion counts this much
KEYWORD = {"invisibility": 1.0, "immune": 0.5, "extra_attacks": 2.0, "drain": 1.0,
           "hero_bonus": 1.0, "ensnaring": 0.8}  # fmt: skip
MAGIC = 0.8  # per lifeforce of cost of a magic card in play (artifacts, events, lands, relics)
HAND = 2.0  # per card in hand
LIFEFORCE = 0.3  # per point of lifeforce
LOW_HEALTH: Final = 12  # below this, each point of health counts double
DECK_CLOCK = 3.0  # per turn fewer than 5 left to draw
THREAT = 0.5  # per point the enemies could hit the hero with next turn
SCALE = 10.0  # health points of lead for 73%
SETTLE_STEPS = 200

HARMFUL = frozenset({"damage", "destroy", "ensnare", "banish", "recall", "control", "negate"})


# =============================================================================
# Default choices (settling, and ISMCTS playouts)
# =============================================================================
def _aimed_ability(s: NecroState) -> Any:
    pending = s.pending
    assert pending is not None
    ctx = pending.ctx
    if ctx[0] == "play":
        d = s.defs[ctx[1]]
        return d.aim
    cid, idx = ctx[1], ctx[3]
    return s.defs[cid].abilities[idx]


def _harmful(s: NecroState) -> bool:
    ab = _aimed_ability(s)
    if ab is None:
        return s.defs[s.pending.ctx[1]].type != "relic"  # type: ignore[union-attr]
    for eff in ab.effects:
        if eff.verb in HARMFUL:
            return True
        if eff.verb == "modify" and (eff.get("attack", 0) < 0 or eff.get("defense", 0) < 0):
            return True
    return False


def _weight(s: NecroState, t: str) -> float:
    kind, num = t[0], int(t[1:])
    if kind == "m" and num in s.minions:
        return attack_of(s, num) * 2 + defense_of(s, num) + s.defs[num].cost
    if kind == "h":
        return 40 - s.seats[num].health + 5
    if kind == "s" and num < len(s.rstack):
        return 10 + num
    return s.defs[num].cost if kind in "cg" else 0


def _owner(s: NecroState, t: str) -> int:
    return target_owner(s, t)


def choose_target(s: NecroState, p: int, options: tuple[str, ...]) -> str:
    """Hurt the biggest enemy thing, or help the biggest thing of one's own."""
    hostile = _harmful(s)
    best, best_w = options[0], -math.inf
    for t in options:
        mine = _owner(s, t) == p
        w = _weight(s, t) + (0 if mine == hostile else 1000)
        if w > best_w:
            best, best_w = t, w
    return best


def choose_defenders(s: NecroState, p: int, options: tuple[str, ...]) -> str:
    """Defend with a minion that survives the hit; or, with the hero in danger,
    with anything."""
    pending = s.pending
    assert pending is not None
    attacker, target, _ = pending.ctx
    power = attack_of(s, attacker)
    if target[0] == "h":
        power += keywords(s, attacker).get("hero_bonus", 0)
    danger = target[0] == "h" and s.seats[p].health - power <= LOW_HEALTH
    best, best_v = "done", 0.0
    for opt in options:
        if opt == "done":
            continue
        c = int(opt.split()[1])
        left = defense_of(s, c)
        v = (3.0 if left > power else -1.0) + (5.0 if danger else 0.0) - 0.1 * s.defs[c].cost
        if v > best_v:
            best, best_v = opt, v
    return best


def choose_aim(s: NecroState, p: int, attacker: int, options: tuple[str, ...]) -> str:
    """Attack a minion the attacker destroys and survives (the most valuable),
    else an artifact it destroys, else the weakest hero."""
    power = attack_of(s, attacker)
    left = defense_of(s, attacker)
    best, best_v = "", -math.inf
    for t in options:
        kind, num = t[0], int(t[1:])
        if kind == "m":
            back = 0 if s.minions[num].ensnare is not None else attack_of(s, num)
            if power < defense_of(s, num) or back >= left:
                continue
            v = 100 + minion_value(s, num)
        elif kind == "c":
            if power < defense_of(s, num):
                continue
            v = 50.0 + s.defs[num].cost
        else:
            v = 60.0 - s.seats[num].health
        if v > best_v:
            best, best_v = t, v
    return best or next(t for t in options if t[0] == "h")


def _cheapest(s: NecroState, d: Decision) -> str:
    """Give up the cheapest card (the hand limit, a sacrifice)."""
    return min(d.options, key=lambda o: s.defs[int(o.split()[1])].cost)


def _weakest(s: NecroState, d: Decision) -> str:
    """Dismiss the weakest minion."""
    return min(d.options, key=lambda o: minion_value(s, int(o.split()[1])))


def _dearest(s: NecroState, d: Decision) -> str:
    """Take the costliest card offered (or the first option when only "none" is)."""
    cards = [o for o in d.options if o != "none"]
    if not cards:
        return d.options[0]
    return max(cards, key=lambda o: s.defs[int(o.split()[1])].cost)


# what the pending decision asks -> a sensible answer without looking ahead
ANSWERS: dict[str, Answer] = {
    "main": "end",
    "window": "pass",
    "mulligan": "keep",
    "defend": lambda s, d: choose_defenders(s, d.player, d.options),
    "target": lambda s, d: choose_target(s, d.player, d.options),
    "may": "yes",
    "hand_limit": _cheapest,
    "sacrifice": _cheapest,
    "aim": lambda s, d: choose_aim(s, d.player, d.ctx[0], d.options),
    "dismiss": _weakest,
    "pick": _dearest,
    "choose": _dearest,
}


def _quiet(s: NecroState) -> bool:
    pending = s.pending
    return pending is not None and pending.kind == "main" and not s.rstack


PLAY = DefaultPlay(ANSWERS, _quiet, SETTLE_STEPS)
#: a sensible option for the pending decision without looking ahead
default_choice: Callable[[NecroState], str] = PLAY.choice
#: a copy of the state played on with :func:`default_choice` to a quiet point
settle: Callable[[NecroState], NecroState] = PLAY.settle


# =============================================================================
# The score
# =============================================================================
def minion_value(s: NecroState, cid: int) -> float:
    atk, full, kws = stats(s, cid)
    m = s.minions[cid]
    value = MINION + ATTACK * atk + DEFENSE * max(0, full - m.damage)
    for k, v in kws.items():
        w = KEYWORD.get(k)
        if w:
            value += w * (v if isinstance(v, int) and not isinstance(v, bool) else 1)
    if m.ensnare is not None:
        value *= ENSNARED
    return value


def score(s: NecroState, p: int) -> float:
    """What seat ``p`` has, in hero health points (see the module docstring)."""
    seat = s.seats[p]
    if not seat.alive:
        return -1000.0
    health = seat.health
    value = float(health) + max(0, LOW_HEALTH - health)
    for c in seat.minions:
        if c != EMPTY:
            value += minion_value(s, c)
    defs = s.defs
    for c in seat.magic:
        if c != EMPTY:
            value += MAGIC * max(1, defs[c].cost)
    value += HAND * len(seat.hand) + LIFEFORCE * seat.lifeforce
    value -= DECK_CLOCK * max(0, 5 - len(seat.deck))
    # what the enemies could hit the hero with next turn, past our defenders
    guard = sum(1 for c in seat.minions if c != EMPTY and s.minions[c].ensnare is None)
    for q, other in enumerate(s.seats):
        if q == p or not other.alive:
            continue
        hits = sorted(
            (attack_of(s, c) for c in other.minions if c != EMPTY and s.minions[c].ensnare is None),
            reverse=True,
        )
        value -= THREAT * sum(hits[guard:]) / max(1, len(s.seats) - 1)
    return value


def _squash(lead: float) -> float:
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def values(s: NecroState) -> list[float]:
    """Each seat's prospects in [0, 1] for a position as it stands (not settled)."""
    if s.is_terminal():
        if s.winner is None:
            return [0.5] * s.n
        return [1.0 if q == s.winner else 0.0 for q in range(s.n)]
    scores = [score(s, q) for q in range(s.n)]
    return [_squash(lead) for lead in leads(scores)]


def evaluate(state: GameState) -> list[float]:
    """Each seat's prospects in [0, 1] after settling (what the agents call)."""
    assert isinstance(state, NecroState)
    return values(settle(state))


def action_key(state: GameState, aid: str) -> str:
    """Hand and deck cards by name (hidden instances differ between samples)."""
    verb, _, rest = aid.partition(" ")
    if verb in ("play", "sacrifice", "mulligan", "card") and isinstance(state, NecroState):
        if rest.isdigit():
            return f"{verb} {state.defs[int(rest)].name}"
    return aid


def rollout_policy(state: GameState, rng: Rng) -> str:
    """A cheap, plausible player for ISMCTS playouts: in a main phase it plays a
    card it can, then attacks (a good target: see :func:`choose_aim`), then
    ends the turn; it never sacrifices, dismisses or draws; windows pass; every
    other choice is the default one."""
    assert isinstance(state, NecroState)
    opts = state.legal_action_ids()
    pending = state.pending
    if pending is None or len(opts) == 1:
        return opts[0]
    kind = pending.kind
    if kind == "main":
        plays = [o for o in opts if o.startswith(("play", "hero", "use"))]
        if plays and rng.below(4):
            return rng.choice(plays)
        attacks = [o for o in opts if o.startswith("attack")]
        if attacks and rng.below(6):
            return rng.choice(attacks)
        return "end"
    if kind == "window":
        return "pass"
    return default_choice(state)


KNOWLEDGE = GameKnowledge(
    evaluate=evaluate,
    action_key=action_key,
    stay_actions=frozenset({"end", "pass"}),
    rollout_policy=rollout_policy,
)

# the agents reach this module only through KNOWLEDGE (the game's knowledge_at);
# the functions above are its parts, not an interface of their own
__all__ = ["KNOWLEDGE"]
