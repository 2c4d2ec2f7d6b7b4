"""How good a Hecatomb position is, for the heuristic and ISMCTS agents.

The evaluation has two parts.

1. :func:`settle` plays a copy of the state forward to a quiet point (a main
   phase with no attack in progress, or the end of the game) with a simple,
   sensible default for every choice on the way: attacks are fought out with
   plausible blocks, a card being played lands where it was asked to go and is
   paid with the mana the hand needs least. So a position in the middle of an
   attack or of paying for a card is judged by what it leads to.
2. :func:`score` adds up, in souls, what each player has: souls; abominations
   (their strength, and their size when they can reap); what the enemies can
   reap next turn past one's untapped blockers; cards in hand; mana cards (the
   first few count most) and mana of the dooms the hand needs; relics and
   gods; and, for the player whose main phase it is, the cards they can still
   afford and the abominations that may still attack.

:func:`evaluate` turns score differences into each seat's prospects in
[0, 1] with a logistic curve (a lead of ``SCALE`` souls is worth about 73%).
The weights are round numbers tuned by playing the arena (``docs/ai.md``).

Its :data:`KNOWLEDGE` is the game's ``knowledge`` (``knowledge_at`` on its
``Game``), which the agents load the first time they meet the game.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, Final

from ..engine.core import GameState
from ..engine.knowledge import Answer, DefaultPlay, GameKnowledge, leads
from ..engine.rng import Rng
from .cards import CardDef
from .queries import (
    abom_number,
    abom_strength,
    can_attack,
    can_pay,
    mana_available,
    minion_strengths,
)
from .rules.fight import damage_kills
from .rules.triggers import ability_of
from .state import Abomination, HecatombState

# -- weights, in souls ---------------------------------------------------------
STRENGTH = 0.35  # per point of strength on the board
MINION = 0.45  # per minion in play
REAP = 0.6  # per point of size of an abomination that can reap (size 2+)
EXPOSED = 0.35  # per soul the enemies could reap next turn past our blockers
HAND = 0.35  # per card in hand
MANA = (1.2, 1.1, 1.0, 0.8, 0.6, 0.4, 0.3, 0.2)  # the first mana cards, then 0.15 each
MANA_LATE = 0.15
DOOM_COVER = 0.25  # per card in hand whose doom we have mana of
AFFORD = 0.15  # active player, main phase: per card in hand it can pay for now
MAY_ATTACK = 0.35  # active player, main phase: per size of an abomination that may attack
PERMANENT: Final = 1.2  # a relic or a god, plus COST_BONUS per point of cost
COST_BONUS: Final = 0.25
NEAR_WIN = 0.15  # extra per soul beyond 12: the last souls are worth more
SCALE = 4.0  # souls of lead for 73% (the logistic's scale)
SETTLE_STEPS = 120  # at most this many default choices while settling

HARMFUL = frozenset(
    {"damage", "destroy", "exile", "sever", "remove", "tap", "discard", "sacrifice"}
)


# =============================================================================
# Default choices (used while settling and by ISMCTS playouts)
# =============================================================================
def _owner_of_target(s: HecatombState, t: str) -> int:
    kind, num = t[0], int(t[1:])
    if kind == "a":
        return s.aboms[num].owner if num in s.aboms else -1
    if kind == "p":
        return num
    return s.owner[num]


def _harmful(s: HecatombState, ctx: tuple[Any, ...]) -> bool:
    """Does the ability being targeted hurt what it targets?"""
    if ctx[0] == "play":
        ab = s.defs[ctx[2]].targeted_play
    else:
        _, cid, _p, key, idx, _x = ctx
        ab = ability_of(s.defs[cid], key, idx)
    if ab is None:
        return True
    for eff in ab.effects:
        amount = eff.get("amount")
        if eff.verb in HARMFUL or (isinstance(amount, int) and amount < 0):
            return True
        if eff.verb == "souls" and eff.get("mode", "gain") != "gain":
            return True
    return False


def _target_weight(s: HecatombState, t: str) -> int:
    """How much there is to hit (or help) at a target: bigger first."""
    kind, num = t[0], int(t[1:])
    if kind == "a" and num in s.aboms:
        a = s.aboms[num]
        return abom_strength(s, a) + 2 * a.size
    if kind == "m":
        return s.defs[num].strength + s.defs[num].cost
    if kind == "p":
        return s.seats[num].souls
    return s.defs[num].cost


def choose_target(s: HecatombState, p: int, options: tuple[str, ...]) -> str:
    """Hurt the biggest enemy thing, or help the biggest thing of one's own."""
    pending = s.pending
    assert pending is not None
    hostile = _harmful(s, pending.ctx)
    best, best_w = options[0], -(10**9)
    for t in options:
        mine = _owner_of_target(s, t) == p
        w = _target_weight(s, t) + (0 if mine != hostile else 1000)
        if w > best_w:
            best, best_w = t, w
    return best


def choose_payment(s: HecatombState, p: int, options: tuple[str, ...]) -> str:
    """Pay so that as many cards left in hand as possible stay affordable."""
    if len(options) == 1:
        return options[0]
    avail = mana_available(s, p)
    hand = [s.defs[c] for c in s.seats[p].hand]
    best, best_n = options[0], -1
    for opt in options:
        spend = [int(v) for v in opt.split()[1].split(",")]
        left = [a - b for a, b in zip(avail, spend, strict=True)]
        n = sum(1 for d in hand if can_pay(left, d.doom_i, d.cost)) * 4 + min(left)
        if n > best_n:
            best, best_n = opt, n
    return best


def _fight_loss(s: HecatombState, dealer: Abomination, receiver: Abomination) -> int:
    """How many minions ``receiver`` would lose to ``dealer``'s strength."""
    survivor = abom_number(s, receiver, "survivor")
    return len(damage_kills(s, receiver, abom_strength(s, dealer), survivor))


def choose_block(s: HecatombState, p: int, options: tuple[str, ...]) -> str:
    """Block an attacker when the blocker wins the fight or trades evenly, or
    when the defender can't afford the souls; otherwise let it through."""
    c = s.combat
    if c is None:
        return options[-1]
    souls = s.seats[p].souls
    threat = sum(s.aboms[a].size for a in c.attackers if a not in c.blocked)
    best, best_v = "done", 0.0
    for opt in options:
        if opt == "done":
            continue
        _, blk_s, att_s = opt.split()
        blk, att = s.aboms[int(blk_s)], s.aboms[int(att_s)]
        lost = _fight_loss(s, att, blk)
        killed = _fight_loss(s, blk, att)
        v = killed - lost + 0.5 * att.size
        if lost >= blk.size:
            v -= 1.0  # the whole blocker dies
        if threat >= souls:
            v += 5.0  # the souls are needed more than the minions
        if v > best_v:
            best, best_v = opt, v
    return best


# what the pending decision asks -> a sensible answer without looking ahead
ANSWERS: dict[str, Answer] = {
    "main": "end",
    "window": "pass",
    "attacker": lambda s, d: "done" if "done" in d.options else d.options[0],
    "block": lambda s, d: choose_block(s, d.player, d.options),
    "pay": lambda s, d: choose_payment(s, d.player, d.options),
    "target": lambda s, d: choose_target(s, d.player, d.options),
    "x": lambda s, d: d.options[-1],
    "hunt": "no",
    "may": "yes",
}


def _quiet(s: HecatombState) -> bool:
    pending = s.pending
    return pending is not None and pending.kind == "main" and s.combat is None


PLAY = DefaultPlay(ANSWERS, _quiet, SETTLE_STEPS)
#: a sensible option for the pending decision without looking ahead
default_choice: Callable[[HecatombState], str] = PLAY.choice
#: a copy of the state played on with :func:`default_choice` to a quiet point
settle: Callable[[HecatombState], HecatombState] = PLAY.settle


# =============================================================================
# The score
# =============================================================================
def _mana_value(n: int) -> float:
    return sum(MANA[:n]) + MANA_LATE * max(0, n - len(MANA))


def _reach(s: HecatombState, attackers: list[Abomination], blockers: int) -> int:
    """Souls the attackers reap if the defender blocks the biggest ones."""
    sizes = sorted((a.size for a in attackers), reverse=True)
    return sum(sizes[blockers:])


def score(s: HecatombState, p: int, open_options: bool = True) -> float:
    """What seat ``p`` has, in souls (see the module's docstring).

    ``open_options``: credit the active player, in its main phase, for the
    cards it can still pay for and the abominations that may still attack
    (off when judging the end of its turn, which gives them up).
    """
    defs = s.defs
    seat = s.seats[p]
    value = float(seat.souls) + NEAR_WIN * max(0, seat.souls - 12) ** 2 / 2
    pending = s.pending
    active_main = open_options and s.turn == p and s.combat is None
    active_main = active_main and pending is not None and pending.kind == "main"
    for aid in seat.aboms:
        a = s.aboms[aid]
        value += STRENGTH * sum(minion_strengths(s, a)) + MINION * a.size
        if a.size >= 2:
            value += REAP * (a.size + abom_number(s, a, "reaper"))
            if active_main and can_attack(s, a):
                value += MAY_ATTACK * a.size
    # what the enemies threaten on their next turn, past our untapped blockers
    blockers = sum(1 for aid in seat.aboms if s.aboms[aid].size >= 2 and not s.aboms[aid].tapped)
    for q, other in enumerate(s.seats):
        if q == p:
            continue
        attackers = [s.aboms[aid] for aid in other.aboms if s.aboms[aid].size >= 2]
        value -= EXPOSED * min(_reach(s, attackers, blockers), seat.souls) / (s.n - 1)
    hand: list[CardDef] = [defs[c] for c in seat.hand]
    value += HAND * len(hand)
    value += _mana_value(len(seat.mana))
    have = [0, 0, 0, 0]
    for c in seat.mana:
        have[defs[c].doom_i] += 1
    value += DOOM_COVER * sum(1 for d in hand if have[d.doom_i])
    if active_main:
        avail = mana_available(s, p)
        value += AFFORD * sum(1 for d in hand if can_pay(avail, d.doom_i, d.cost))
    for c in seat.relics:
        value += PERMANENT + COST_BONUS * defs[c].cost
    if seat.god >= 0:
        value += PERMANENT + COST_BONUS * defs[seat.god].cost
    return value


def _squash(lead: float) -> float:
    return 1.0 / (1.0 + math.exp(-lead / SCALE))


def values(s: HecatombState, open_options: bool = True) -> list[float]:
    """Each seat's prospects in [0, 1] for a position as it stands (not settled)."""
    if s.winner is not None:
        return [1.0 if q == s.winner else 0.0 for q in range(s.n)]
    scores = [score(s, q, open_options) for q in range(s.n)]
    return [_squash(lead) for lead in leads(scores)]


def evaluate(state: GameState) -> list[float]:
    """Each seat's prospects in [0, 1] after settling (what the agents call)."""
    assert isinstance(state, HecatombState)
    return values(settle(state))


def evaluate_stay(state: GameState) -> list[float]:
    """The prospects if the player whose main phase it is ends the turn now."""
    assert isinstance(state, HecatombState)
    return values(settle(state), open_options=False)


def action_key(state: GameState, aid: str) -> str:
    """Hand cards are named by card name, since hidden instances differ between
    determinizations (and identical cards in hand are one option anyway)."""
    verb, _, rest = aid.partition(" ")
    if verb in ("play", "mana") and isinstance(state, HecatombState):
        return f"{verb} {state.defs[int(rest)].name}"
    return aid


def rollout_policy(state: GameState, rng: Rng) -> str:
    """Random, but a main phase adds mana and plays cards more often than it ends."""
    opts = state.legal_action_ids()
    pending = state.pending
    if pending is not None and pending.kind == "main" and len(opts) > 1:
        mana = [o for o in opts if o.startswith("mana")]
        if mana and rng.below(4):
            return rng.choice(mana)
        busy = [o for o in opts if o != "end"]
        if rng.below(5):
            return rng.choice(busy)
        return "end"
    return rng.choice(opts)


KNOWLEDGE = GameKnowledge(
    evaluate=evaluate,
    action_key=action_key,
    stay_actions=frozenset({"end"}),
    evaluate_stay=evaluate_stay,
    rollout_policy=rollout_policy,
)

# the agents reach this module only through KNOWLEDGE (the game's knowledge_at);
# the functions above are its parts, not an interface of their own
__all__ = ["KNOWLEDGE"]
