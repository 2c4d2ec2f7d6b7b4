"""What the lesson's steps say, checked against the engine (``learn.toml``).

Each check is named in a step's ``claims`` (with the words that follow the
name as its arguments) and answers for one sentence of the step's text, given
the game when the step was shown (``before``), the learner's action (``aid``)
and the game now: True, the engine did so; False, it did otherwise; None, not
settled yet (asked again after the next action). The lesson walk test
(``tests/test_lesson_claims.py``) runs them. The conditions (``when``) read
the learner's view and give the words a step's ``{when}`` stands for.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.game import LessonCondition
from ..engine.lesson import Claims
from ..engine.lesson import decider as _me
from ..engine.lesson import option_number as _card
from ..engine.lesson import since as _since
from ..engine.names import seat_name
from .queries import attack_of, defense_of, keywords
from .state import EMPTY, HAND_LIMIT, MAX_LIFEFORCE, START_HEALTH, TURN_LIFEFORCE, NecroState

CLAIMS = Claims[NecroState]()
claim = CLAIMS.claim

#: a hero this low on health makes the end near (a lesson says so)
LOW_HEALTH = 15


def _options(s: NecroState, word: str) -> list[str]:
    return [o for o in s.legal_action_ids() if o.split()[0] == word]


def _my_next_turn(before: NecroState, now: NecroState) -> bool:
    """Whether the learner's next turn has begun (its lifeforce gained)."""
    p = _me(before)
    return now.seats[p].turns > before.seats[p].turns and any(
        e["e"] == "lifeforce" and e["p"] == p and e.get("why") == "resource"
        for e in _since(before, now)
    )


# -- the set-up --------------------------------------------------------------------------
@claim
def bury_offers_cheap_minions(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """Every card the hero's start offers is a minion of the deck costing 1 or less."""
    p = _me(b)
    cards = [_card(o) for o in _options(b, "card")]
    deck = b.seats[p].deck
    return bool(cards) and all(c in deck and b.defs[c].is_minion and b.defs[c].cost <= 1
                               for c in cards)  # fmt: skip


@claim
def bury_goes_to_graveyard(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The card taken goes from the deck into the graveyard."""
    if not aid.startswith("card "):
        return True
    return _card(aid) in n.seats[_me(b)].graveyard


@claim
def hero_start_buries(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The hero's start of the game buries up to ``a[0]`` cards."""
    hero = b.defs[b.seats[_me(b)].hero]
    return any(ab.trigger == "start_of_game" and e.verb == "bury" and e.get("amount") == int(a[0])
               for ab in hero.abilities for e in ab.effects)  # fmt: skip


@claim
def hero_raises_the_dead(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The hero's ability brings a minion back from the graveyard."""
    hero = b.defs[b.seats[_me(b)].hero]
    return any(ab.trigger == "activated" and e.verb == "resurrect"
               for ab in hero.abilities for e in ab.effects)  # fmt: skip


@claim
def hand_holds(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The hand holds ``a[0]`` cards."""
    return len(b.seats[_me(b)].hand) == int(a[0])


@claim
def cheap_minions_in_hand(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """At least ``a[0]`` minions costing ``a[1]`` or less are in the hand."""
    hand = b.seats[_me(b)].hand
    return sum(1 for c in hand if b.defs[c].is_minion and b.defs[c].cost <= int(a[1])) >= int(a[0])


@claim
def mulligan_draws_as_many(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """Throwing cards away draws as many new ones (tried on a copy of the game)."""
    p = _me(b)
    probe = b.clone()
    thrown = _options(probe, "mulligan")[:2]
    for o in thrown:
        probe.apply_action(o)
    while probe.pending is not None and probe.pending.kind == "mulligan" and _me(probe) == p:
        probe.apply_action("keep")
    return bool(thrown) and len(probe.seats[p].hand) == len(b.seats[p].hand)


@claim
def mulligan_once(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """Once kept, the hand is never offered another mulligan."""
    if n.pending is not None and n.pending.kind == "mulligan" and _me(n) == _me(b):
        return False
    return True if n.turn_number >= 1 or n.is_terminal() else None


# -- lifeforce and turns -----------------------------------------------------------------
@claim
def lifeforce_at_most_ten(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    return all(seat.lifeforce <= MAX_LIFEFORCE == 10 for seat in (*b.seats, *n.seats))


@claim
def gains_five_a_turn(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """At the start of the learner's next turn, 5 lifeforce more (never above 10)."""
    if n.is_terminal():
        return True
    if not _my_next_turn(b, n):
        return None
    p = _me(b)
    gain = next(e for e in _since(b, n) if e["e"] == "lifeforce" and e.get("why") == "resource"
                and e["p"] == p)  # fmt: skip
    have = n.seats[p].lifeforce  # as the turn began: the learner has done nothing yet
    return TURN_LIFEFORCE == 5 and gain["amount"] == min(5, MAX_LIFEFORCE - (have - gain["amount"]))


def _my_main(b: NecroState, n: NecroState) -> bool:
    """Whether the learner is asked its main-phase question again, this turn."""
    return (n.pending is not None and n.pending.kind == "main" and _me(n) == _me(b)
            and n.turn_number == b.turn_number)  # fmt: skip


@claim
def lifeforce_left(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """After this action (and its window), ``a[0]`` lifeforce is left."""
    return n.seats[_me(b)].lifeforce == int(a[0]) if _my_main(b, n) else None


@claim
def no_attack_on_first_turn(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """On the player's first turn none of its minions may attack."""
    return b.seats[_me(b)].turns > 1 or not _options(b, "attack")


@claim
def plays_a_minion_costing(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The card played is a minion costing ``a[0]``."""
    d = b.defs[_card(aid)]
    return d.is_minion and d.cost == int(a[0])


@claim
def minion_takes_a_space(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """A minion played takes a space of its player's front row (unless an
    answer destroyed it first: then it is in the graveyard)."""
    if not aid.startswith("play ") or not b.defs[_card(aid)].is_minion:
        return True
    if not _my_main(b, n):
        return True if n.turn_number != b.turn_number or n.is_terminal() else None
    p, c = _me(b), _card(aid)
    return c in n.seats[p].minions or c in n.seats[p].graveyard


@claim
def ensnares(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The card played ensnares what it hits, for ``a[0]`` round(s)."""
    return b.defs[_card(aid)].kw.get("ensnaring") == int(a[0])


@claim
def next_player_is_the_computer(
    b: NecroState, aid: str, n: NecroState, a: Sequence[str]
) -> bool | None:
    """Ending the turn: another player's turn begins, and the learner is asked
    in response windows during it."""
    p = _me(b)
    if n.is_terminal():
        return True
    if n.turn == p:
        return None if n.turn_number == b.turn_number else False
    if n.pending is not None and n.pending.kind == "window" and _me(n) == p:
        return True
    return None


# -- the response window -----------------------------------------------------------------
@claim
def window_answers(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """A window offers only answers: reaction cards, abilities that work on any
    turn (Destroy Magic is every hero's), Sacrifice Card, and passing."""
    for o in b.legal_action_ids():
        word = o.split()[0]
        if word == "play" and not b.defs[_card(o)].reaction:
            return False
        if word not in ("play", "pass", "sacrifice", "destroy", "ability"):
            return False
    return "pass" in b.legal_action_ids()


@claim
def window_asks_another(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The window comes after someone's action: the learner answers another
    player's action, or an answer to its own."""
    return b.turn != _me(b) or bool(b.rstack)


# -- combat ------------------------------------------------------------------------------
def _fight(b: NecroState, n: NecroState, attacker: int) -> list[dict[str, Any]] | None:
    """The events of ``attacker``'s fight since ``b`` (None: not fought yet;
    empty: it fizzled)."""
    name = b.defs[attacker].name
    out = []
    fought = False
    for e in _since(b, n):
        if e["e"] == "fizzle" and e.get("card") == name:
            return []
        if e["e"] in ("damage", "hero_damage", "pierce_stopped"):
            fought = fought or e.get("source") == name
            out.append(e)
    return out if fought else None


@claim
def attacks_once_a_turn(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """Attacks are never on the player's first turn, and a minion that attacked
    is not offered another attack that turn."""
    if _options(b, "attack") and b.seats[_me(b)].turns <= 1:
        return False
    if not aid.startswith("attack "):
        return True
    c = _card(aid)
    if not _my_main(b, n):
        return True if n.turn_number != b.turn_number or n.is_terminal() else None
    return aid not in n.legal_action_ids() or bool(keywords(n, c).get("extra_attacks"))


@claim
def attacked_minion_hits_back(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """A minion attacked (not ensnared) hits back at once: tried on a copy of
    the game, the first of the learner's minions attacks an enemy minion, and
    with nobody defending, the attacker takes that minion's attack."""
    p = _me(b)
    probe = b.clone()
    assert probe.pending is not None
    if probe.pending.kind == "aim":  # the attacker is chosen: aim it at a minion
        attacker = int(probe.pending.ctx[0])
    else:
        attack = _options(probe, "attack")
        if not attack:
            return True
        attacker = _card(attack[0])
        probe.apply_action(attack[0])
    aims = [o for o in probe.legal_action_ids() if o.startswith("m")]
    if probe.pending is None or probe.pending.kind != "aim" or not aims:
        return True  # nothing to fight here
    other = int(aims[0][1:])
    back = attack_of(probe, other) if probe.minions[other].ensnare is None else 0
    probe.apply_action(aims[0])
    while probe.pending is not None and probe.turn_number == b.turn_number:
        ids = probe.legal_action_ids()
        if _me(probe) != p and probe.pending.kind == "defend":
            probe.apply_action("done")
        elif "pass" in ids:
            probe.apply_action("pass")
        else:
            break
        fight = _fight(b, probe, attacker)
        if fight is not None:
            took = [e for e in fight if e["e"] == "damage" and e["card"] == b.defs[attacker].name
                    and e["source"] == b.defs[other].name]  # fmt: skip
            return back == 0 or bool(took)
    return True


@claim
def hero_does_not_hit_back(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """An attack on a hero: the attacker takes no damage from it."""
    if not aid.startswith("h"):
        return True
    assert b.pending is not None
    attacker = b.pending.ctx[0] if b.pending.ctx else None
    if not isinstance(attacker, int):
        return True
    return _unhurt(b, n, attacker)


def _unhurt(b: NecroState, n: NecroState, attacker: int) -> bool | None:
    """``attacker``'s fight is over and it took no damage in it (None: the
    fight is not over yet)."""
    fight = _fight(b, n, attacker)
    if fight is None:
        return True if n.is_terminal() else None
    name = b.defs[attacker].name
    return not any(e["e"] == "damage" and e["card"] == name for e in fight)


@claim
def defenders_deal_nothing_back(
    b: NecroState, aid: str, n: NecroState, a: Sequence[str]
) -> bool | None:
    """Defenders take the hit and deal no damage to the attacker."""
    assert b.pending is not None
    attacker, _target, _chosen = b.pending.ctx
    return _unhurt(b, n, attacker)


@claim
def defenders_in_order(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """The hit goes down the defenders in the order chosen; what is left after
    the last reaches the defending player's hero."""
    assert b.pending is not None
    attacker, _target, chosen = b.pending.ctx
    if aid != "done":
        chosen = (*chosen, _card(aid))
        if n.pending is not None and n.pending.kind == "defend" and n.pending.ctx[0] == attacker:
            return True  # more to choose: said when the choosing is done
    if not chosen:
        return True
    fight = _fight(b, n, attacker)
    if fight is None:
        return True if n.is_terminal() else None
    name = b.defs[attacker].name
    hits = [e for e in fight if e["e"] == "damage" and e["source"] == name]
    if [e["card"] for e in hits] != [b.defs[c].name for c in chosen][: len(hits)]:
        return False
    p = _me(b)
    reached = sum(
        int(e["amount"])
        for e in fight
        if e["e"] == "hero_damage" and e["p"] == p and e["source"] == name
    )
    if not hits:
        return True  # no defender left to take it: the attack went on as aimed
    last = hits[-1]
    if not last.get("lethal"):
        return reached == 0
    left = int(last["amount"]) - defense_of(b, chosen[len(hits) - 1])
    return reached == max(0, left) or any(e["e"] == "pierce_stopped" for e in fight)


@claim
def spaces_one_to_four(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The spaces on offer are the free ones, called 1 to 4 from the left."""
    p = _me(b)
    free = [i for i, c in enumerate(b.seats[p].minions) if c == EMPTY]
    offered = [(x.id, x.label) for x in b.legal_actions()]
    return [int(i.split()[1]) for i, _ in offered] == free and all(
        label.startswith(f"Space {int(i.split()[1]) + 1}") for i, label in offered
    )


@claim
def placed_where_chosen(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """The minion goes into the space chosen."""
    return n.seats[_me(b)].minions[int(aid.split()[1])] != EMPTY


def _where(s: NecroState, c: int) -> str:
    for q, seat in enumerate(s.seats):
        for zone in ("hand", "deck", "graveyard", "banished", "minions", "magic"):
            if c in getattr(seat, zone):
                return f"{q} {zone}"
    return "limbo" if c in s.limbo else "nowhere"


def _settled(b: NecroState, n: NecroState) -> bool:
    """The learner's next main-phase question this turn, or the turn is over."""
    return _my_main(b, n) or n.turn_number != b.turn_number or n.is_terminal()


@claim
def target_is_taken(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """What the card does happens to the target chosen (or, if it can no longer
    be aimed at, the card does nothing)."""
    if not _settled(b, n):
        return None
    kind, num = aid[0], int(aid[1:])
    name = b.defs[b.seats[num].hero if kind == "h" else num].name
    return any(name in (e.get("card"), e.get("target_card")) or e["e"] in ("fizzle", "no_target")
               or (kind == "h" and e.get("p") == num) for e in _since(b, n))  # fmt: skip


@claim
def picked_card_moves(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """The card picked is the one the effect moves."""
    if not aid.startswith("card "):
        return True
    if not _settled(b, n) and n.pending is not None and n.pending.kind in ("pick", "choose"):
        return None
    c = _card(aid)
    return _where(b, c) != _where(n, c)


@claim
def dismissed_into_deck(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool | None:
    """Dismiss sends the minion into its owner's deck."""
    if not _settled(b, n):
        return None
    c = _card(aid) if len(aid.split()) > 1 else -1
    return c < 0 or c in n.seats[n.owner[c]].deck or c in n.minions


@claim
def may_is_yes_or_no(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    return set(b.legal_action_ids()) == {"yes", "no"}


# -- the hand ----------------------------------------------------------------------------
@claim
def sacrifice_pays_one(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    """Sacrifice Card discards a card for 1 lifeforce, never above 10."""
    p = _me(b)
    if not aid.startswith("card ") and not aid.startswith("sacrifice "):
        return True
    return n.seats[p].lifeforce == min(MAX_LIFEFORCE, b.seats[p].lifeforce + 1)


@claim
def hand_limit(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    return int(a[0]) == HAND_LIMIT


@claim
def heroes_start_with(b: NecroState, aid: str, n: NecroState, a: Sequence[str]) -> bool:
    return int(a[0]) == START_HEALTH


# -- conditions --------------------------------------------------------------------------
def hero_low(view: Mapping[str, Any]) -> str | None:
    """Some hero is down to :data:`LOW_HEALTH` or less: every hero's health."""
    players = view.get("players") or []
    if not any(p["alive"] and p["health"] <= LOW_HEALTH for p in players):
        return None
    return "health now: " + ", ".join(f"{seat_name(p['seat'])} {p['health']}" for p in players)


# the conditions its steps name in ``when`` (the checks are ``CLAIMS``)
CONDITIONS: dict[str, LessonCondition] = {"hero_low": hero_low}
