"""What the lesson's steps say, checked against the engine (``learn.toml``).

Each check is named in a step's ``claims`` (the words after the name are its
arguments) and answers for one sentence of the step's text, given the game
when the step was shown (``b``), the learner's action and the game now
(``n``): True, the engine did so; False, it did otherwise; None, not settled
yet (asked again after the next action). ``tests/test_lesson_claims.py`` walks
the lesson and runs them. The conditions (``when``) read the learner's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.game import LessonCondition
from ..engine.lesson import Claims
from ..engine.lesson import decider as _me
from ..engine.lesson import option_number as _num
from ..engine.lesson import since as _since
from ..engine.names import seat_name
from .cards import DOOMS
from .queries import abom_strength
from .state import START_SOULS, WIN_SOULS, HecatombState

S = HecatombState
CLAIMS = Claims[S]()
claim = CLAIMS.claim
#: this many souls make the end near (a lesson says so)
NEAR_WIN = 14


def _next_main(b: S, n: S) -> bool:
    """The learner is asked its main-phase question again (this turn or later),
    or the game is over."""
    return n.is_terminal() or (
        n.pending is not None and n.pending.kind == "main" and _me(n) == _me(b)
    )


def _my_next_turn(b: S, n: S) -> bool:
    """The learner's next turn has begun (or the game is over)."""
    p = _me(b)
    return n.is_terminal() or (n.turn == p and n.turn_number > b.turn_number)


def _played_card(b: S) -> int:
    """The card being played at a place or pay question."""
    assert b.pending is not None
    return int(b.pending.ctx[1])


def _combats(b: S, n: S, p: int) -> list[list[dict[str, Any]]]:
    """The events of each attack that ended since ``b`` in which ``p`` attacked
    (from its "attack" event to the end of the combat)."""
    out: list[list[dict[str, Any]]] = []
    current: list[dict[str, Any]] | None = None
    for e in _since(b, n):
        if e["e"] == "attack" and e["p"] == p:
            current = [e]
            out.append(current)
        elif current is not None:
            current.append(e)
            if e["e"] == "turn":
                current = None
    return out


# -- mana --------------------------------------------------------------------------------
@claim
def mana_goes_to_zone(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card put there is in the mana zone, for good (not in the hand)."""
    c = _num(aid)
    p = _me(b)
    return c in n.seats[p].mana and c not in n.seats[p].hand


@claim
def mana_once_a_turn(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """After a card went into the mana zone, no other may this turn."""
    if not aid.startswith("mana "):
        return True
    if n.turn_number != b.turn_number or n.is_terminal():
        return True
    if n.pending is not None and n.pending.kind == "main" and _me(n) == _me(b):
        return not any(o.startswith("mana ") for o in n.legal_action_ids())
    return None


@claim
def card_is(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card of the action is of doom ``a[0]`` and costs ``a[1]``."""
    d = b.defs[_num(aid)]
    return d.doom == a[0] and d.cost == int(a[1])


@claim
def card_costs(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    return b.defs[_num(aid)].cost == int(a[0])


@claim
def mana_cards(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The learner has ``a[0]`` mana cards."""
    return len(b.seats[_me(b)].mana) == int(a[0])


@claim
def cannot_pay_yet(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card costs more than the learner's mana (with this card added) pays."""
    return b.defs[_num(aid)].cost > len(b.seats[_me(b)].mana) + 1


@claim
def pays_by_tapping(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The card is paid for by tapping as many mana cards as it costs."""
    if not _next_main(b, n):
        return None
    p = _me(b)
    mana = n.seats[p].mana
    tapped = sum(1 for c in mana if c in n.tapped) - sum(1 for c in mana if c in b.tapped)
    paid = any(e["e"] == "play" and e["p"] == p for e in _since(b, n))
    return not paid or tapped == b.defs[_num(aid)].cost or bool(n.seats[p].pool)


@claim
def pay_includes_doom(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Every way to pay taps mana of the card's own doom."""
    d = b.defs[_played_card(b)]
    ways = [o for o in b.legal_action_ids() if o.startswith("pay ")]
    return all(int(o.split()[1].split(",")[d.doom_i]) >= 1 for o in ways) and (
        DOOMS[d.doom_i] == d.doom
    )


@claim
def mana_untaps_next_turn(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The mana cards stay, and are untapped when the learner's next turn starts."""
    p = _me(b)
    if n.is_terminal():
        return True
    if not _my_next_turn(b, n) or n.pending is None or _me(n) != p:
        return None
    mana = n.seats[p].mana
    return set(b.seats[p].mana) <= set(mana) and not any(c in n.tapped for c in mana)


# -- minions and abominations ------------------------------------------------------------
def _abom_of(s: S, c: int) -> int | None:
    return next((aid for aid, x in s.aboms.items() if c in x.cards), None)


@claim
def new_abomination_of(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The minion starts an abomination of its own (of ``a[0]`` minion)."""
    if aid != "new":
        return True
    if not _next_main(b, n):
        return None
    c = _played_card(b)
    where = _abom_of(n, c)
    return where is None or (n.aboms[where].size == int(a[0]) and where not in b.aboms)


@claim
def stacked_on(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The minion goes on top of the abomination chosen, one minion bigger."""
    if not aid.startswith("on "):
        return True
    if not _next_main(b, n):
        return None
    under, c = _num(aid), _played_card(b)
    if under not in n.aboms:
        return True  # destroyed meanwhile
    x = n.aboms[under]
    return x.cards[:-1] == b.aboms[under].cards and x.top == c


@claim
def conditional_fires(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A minion played on one whose triggers show its conditional box's doom
    uses its conditional ability (one with no target does nothing); played
    anywhere else, it doesn't."""
    if not aid.startswith("on ") and aid != "new":
        return True
    if not _next_main(b, n):
        return None
    d = b.defs[_played_card(b)]
    events = _since(b, n)
    landed = next((i for i, e in enumerate(events)
                   if e["e"] == "minion" and e["card"] == d.name), None)  # fmt: skip
    if not d.cond_abilities or d.cond_doom is None or landed is None:
        return True  # nothing conditional to fire, or the play was taken back
    under = b.aboms[_num(aid)].top if aid.startswith("on ") else None
    matches = under is not None and d.cond_doom in b.defs[under].triggers
    used = any(d.name in (e.get("card"), e.get("source")) for e in events[landed + 1 :])
    return used == matches


@claim
def small_ones_stay_out(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Until the learner's turn after next, no abomination of one minion is
    offered to attack or to block."""
    if n.pending is not None and n.pending.kind in ("attacker", "block"):
        for o in n.legal_action_ids():
            parts = o.split()
            if parts[0] in ("attacker", "block") and n.aboms[int(parts[1])].size < 2:
                return False
    return True if n.is_terminal() or n.turn_number >= b.turn_number + 4 else None


@claim
def placed_cannot_attack(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """An abomination that got a new minion can't attack this turn."""
    if not aid.startswith("on "):
        return True
    if n.is_terminal() or n.turn_number != b.turn_number:
        return True
    if n.pending is not None and n.pending.kind == "attacker":
        return f"attacker {_num(aid)}" not in n.legal_action_ids()
    return None


@claim
def minion_placed(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A minion played goes into play in an abomination of its player's."""
    if not aid.startswith("play ") or not b.defs[_num(aid)].is_minion:
        return True
    if not _next_main(b, n):
        return None
    c, p = _num(aid), _me(b)
    where = _abom_of(n, c)
    played = any(e["e"] == "play" and e["card"] == b.defs[c].name for e in _since(b, n))
    return (
        not played or (where is not None and n.aboms[where].owner == p) or c in n.seats[p].graveyard
    )


# -- attacks -----------------------------------------------------------------------------
def _ready(s: S, aid: int) -> bool:
    x = s.aboms[aid]
    return not x.tapped and x.size >= 2 and not x.played


@claim
def attacker_ready(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The learner has an untapped abomination of two or more minions that got
    no new minion this turn."""
    return any(_ready(b, x) for x in b.seats[_me(b)].aboms)


@claim
def attacker_options_ready(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Every abomination offered to attack is untapped, of two or more minions,
    and got no new minion this turn."""
    offered = [_num(o) for o in b.legal_action_ids() if o.startswith("attacker ")]
    return all(_ready(b, x) or (not b.aboms[x].played and b.aboms[x].size >= 2) for x in offered)


@claim
def attackers_tap(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The attackers tap when the attack is declared."""
    p = _me(b)
    for e in _since(b, n):
        if e["e"] == "attack" and e["p"] == p:
            return all(x not in n.aboms or n.aboms[x].tapped or n.turn != p
                       for x in e["attackers"])  # fmt: skip
    return True if n.turn_number != b.turn_number or n.is_terminal() else None


@claim
def unblocked_reaps_its_size(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Each attacker nobody blocked reaps as many souls as it has minions (as
    many as the defender has, at most); a blocked one reaps nothing."""
    p = _me(b) if b.turn == _me(b) else b.turn
    if not (n.turn_number != b.turn_number or n.is_terminal() or _next_main(b, n)):
        return None
    for fight in _combats(b, n, p):
        blocked = {e["attacker"] for e in fight if e["e"] == "block"}
        for e in fight:
            if e["e"] != "reap":
                continue
            if e["a"] in blocked:
                return False
            size = len(b.aboms[e["a"]].cards) if e["a"] in b.aboms else None
            if size is not None and e["souls"] != size:
                # fewer only when the defender ran out (or a card changed the size)
                if e["souls"] > size:
                    return False
    return True


@claim
def win_at(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Whoever has ``a[0]`` souls first wins at once: at the end of the game,
    the winner has that many and nobody else does (everyone started with 5)."""
    if not n.is_terminal():
        return None
    won = [e for e in n.log if e["e"] == "win"]
    souls = [seat.souls for seat in n.seats]
    return (
        START_SOULS == 5
        and int(a[0]) == WIN_SOULS
        and all(e["souls"] >= WIN_SOULS and sum(x >= WIN_SOULS for x in souls) == 1 for e in won)
    )


@claim
def blocked_reaps_nothing(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """An attacker blocked reaps nothing; the two fight, each dealing its
    strength to the other."""
    if not aid.startswith("block "):
        return True
    attacker = aid.split()[2]
    for e in _since(b, n):
        if e["e"] == "reap" and e["a"] == int(attacker):
            return False
        if e["e"] == "turn":
            return True
    return True if n.is_terminal() or n.turn_number != b.turn_number else None


@claim
def fight_both_ways(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A blocker and its attacker each deal their strength to the other."""
    if not aid.startswith("block "):
        return True
    blocker, attacker = (int(x) for x in aid.split()[1:])
    dealt = {(e["source"], e["a"]) for e in _since(b, n) if e["e"] == "damage" and "a" in e}
    fought = (attacker, blocker) in dealt
    if not fought:
        return True if n.is_terminal() or n.turn_number != b.turn_number else None
    return (blocker, attacker) in dealt or abom_strength(b, b.aboms[blocker]) == 0


@claim
def attacker_strength(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Every attacker has strength ``a[0]``."""
    assert b.combat is not None
    return all(abom_strength(b, b.aboms[x]) == int(a[0]) for x in b.combat.attackers)


@claim
def my_strength(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Every abomination of the learner that may block has strength ``a[0]``."""
    mine = {int(o.split()[1]) for o in b.legal_action_ids() if o.startswith("block ")}
    return bool(mine) and all(abom_strength(b, b.aboms[x]) == int(a[0]) for x in mine)


@claim
def blocker_options_ready(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Every abomination offered to block is the learner's, untapped, of two or
    more minions."""
    p = _me(b)
    for o in b.legal_action_ids():
        if o.startswith("block "):
            x = b.aboms[int(o.split()[1])]
            if x.owner != p or x.tapped or x.size < 2:
                return False
    return True


@claim
def can_block_next(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Attacked before the learner's next turn, its untapped abominations of two
    or more minions are offered as blockers."""
    p = _me(b)
    if n.pending is not None and n.pending.kind == "block" and _me(n) == p:
        ready = {x for x in n.seats[p].aboms if not n.aboms[x].tapped and n.aboms[x].size >= 2}
        offered = {int(o.split()[1]) for o in n.legal_action_ids() if o.startswith("block ")}
        return offered <= ready and (bool(offered) or not ready)
    return True if _my_next_turn(b, n) else None


@claim
def next_turn_is_the_computers(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Ending the turn hands it to the next player."""
    return n.is_terminal() or n.turn != b.turn


@claim
def can_attack_next_turn(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """On the learner's next turn it may attack."""
    if not _my_next_turn(b, n):
        return None
    if n.is_terminal():
        return True
    if n.pending is None or n.pending.kind != "main" or _me(n) != _me(b):
        return None
    return "attack" in n.legal_action_ids()


@claim
def attacked_this_turn(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The learner already attacked this turn (and may still play cards)."""
    p = _me(b)
    start = max(i for i, e in enumerate(b.log) if e["e"] == "turn")
    return any(e["e"] == "attack" and e["p"] == p for e in b.log[start:])


@claim
def enemy_abomination_grows(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Another player has an abomination of two or more minions."""
    return any(x.owner != _me(b) and x.size >= 2 for x in b.aboms.values())


@claim
def my_abominations(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The learner has ``a[0]`` abominations of two or more minions."""
    return sum(1 for x in b.seats[_me(b)].aboms if b.aboms[x].size >= 2) == int(a[0])


# -- windows and targets -----------------------------------------------------------------
@claim
def window_plays_combat_cards(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """A combat window offers combat cards and tap abilities, and passing."""
    for o in b.legal_action_ids():
        word = o.split()[0]
        if word == "play" and not b.defs[_num(o)].is_combat:
            return False
    return "pass" in b.legal_action_ids()


@claim
def window_attacker_first(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The attacker is asked first, then the defender; after the defender
    passes, that window is over."""
    assert b.pending is not None and b.combat is not None
    stage, p = b.pending.ctx
    if aid != "pass":
        return True
    if n.pending is not None and n.pending.kind == "window" and n.pending.ctx[0] == stage:
        return bool(p == b.combat.aggressor and n.pending.ctx[1] == b.combat.defender)
    return True


@claim
def target_is_taken(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """What the card does happens to the target chosen."""
    if not (_next_main(b, n) or n.turn_number != b.turn_number):
        return None
    if not aid.startswith("a"):
        return True
    x = int(aid[1:])
    return any(e.get("a") == x or e["e"] in ("no_target", "fizzle") for e in _since(b, n))


@claim
def chosen_goes_first(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The ability chosen happens before the others waiting with it."""
    assert b.pending is not None
    _, items = b.pending.ctx
    chosen = items[_num(aid)][1]
    names = {b.defs[it[1]].name for it in items}
    for e in _since(b, n):
        said = {e.get("card"), e.get("source")} & names
        if said:
            return b.defs[chosen].name in said
    if n.pending is not None and chosen in n.pending.ctx:
        return True  # its own question comes first
    return True if _next_main(b, n) or n.turn_number != b.turn_number else None


# -- conditions --------------------------------------------------------------------------
def souls_near(view: Mapping[str, Any]) -> str | None:
    """Someone has :data:`NEAR_WIN` souls or more: every player's souls."""
    players = view.get("players") or []
    if not any(p["souls"] >= NEAR_WIN for p in players):
        return None
    return "souls now: " + ", ".join(f"{seat_name(p['seat'])} {p['souls']}" for p in players)


# the conditions its steps name in ``when`` (the checks are ``CLAIMS``)
CONDITIONS: dict[str, LessonCondition] = {"souls_near": souls_near}
