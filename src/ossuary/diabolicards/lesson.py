"""What the lessons' steps say, checked against the engine (``learn.toml``).

Each check is named in a step's ``claims`` (the words after the name are its
arguments) and answers for one sentence of the step's text, given the game
when the step was shown (``b``), the learner's action and the game now
(``n``): True, the engine did so; False, it did otherwise; None, not settled
yet (asked again after the next action). ``tests/test_lesson_claims.py`` walks
the lessons (1v1 and 2v2) and runs them. The conditions (``when``) read the
learner's view.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from ..engine.game import LessonCondition
from ..engine.lesson import Claims
from ..engine.lesson import decider as _me
from ..engine.lesson import option_number as _num
from ..engine.lesson import since as _since
from .queries import SYNERGY_CAP, immune, power, scores, synergy, works_here
from .state import ACTIVATION, CONTRACT_MIN_DECK, CONTRACT_SLOTS, HAND, SCORCH, DiaboState, at

S = DiaboState
CLAIMS = Claims[S]()
claim = CLAIMS.claim


def _side(s: S) -> int:
    return _me(s) % 2


def _named(s: S, words: Sequence[str]) -> int:
    name = " ".join(words)
    return next(c for c, d in enumerate(s.defs) if d.name == name)


def _turn_over(b: S, n: S) -> bool:
    """The learner's turn is over (another seat's turn began, or the game ended)."""
    return n.is_terminal() or n.turn_number > b.turn_number


def _played(aid: str) -> tuple[int, int, int] | None:
    """(card, zone, kind) of a "play CID ZONE KIND" action."""
    parts = aid.split()
    if parts[0] != "play":
        return None
    return int(parts[1]), int(parts[2]), "ras".index(parts[3]) if len(parts) > 3 else 0


# -- the mat -----------------------------------------------------------------------------
@claim
def played_on_my_side(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The card played goes into the zone chosen, on the learner's side."""
    found = _played(aid)
    if found is None:
        return True
    c, zone, kind = found
    if n.place[c] < 0:  # killed or moved off the mat by now
        return any(e["e"] == "play" and e["card"] == b.defs[c].name for e in _since(b, n))
    side, z, k = at(n.place[c])
    return (side == _side(b) and (z, k) == (zone, kind)) or (z != zone and _moved(b, n, c))


def _moved(b: S, n: S, c: int) -> bool:
    kinds = ("runaway", "redeploy", "preach", "pulled", "swap", "trio_move")
    return any(e["e"] in kinds for e in _since(b, n))


@claim
def linked_home(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card belongs to a linked group whose own zone is the one it goes to."""
    found = _played(aid)
    assert found is not None
    c, zone, _ = found
    return b.defs[c].link == zone


@claim
def adds_synergy(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """A living card of a linked group in its own zone adds 1 to its side's
    synergy there (at most 4 a zone)."""
    c = _num(aid)
    if n.place[c] < 0:
        return True
    side, zone, _ = at(n.place[c])
    if b.defs[c].link != zone:
        return True
    before = synergy(b, side, zone) if b.place[c] < 0 or at(b.place[c])[0] != side else None
    now = synergy(n, side, zone)
    return before is None or now == min(SYNERGY_CAP, before + 1)


@claim
def synergy_is(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """After the play, the learner's side has synergy ``a[0]`` in the card's zone
    (and never more than 4 a zone)."""
    c = _num(aid)
    side, zone, _ = at(n.place[c])
    return synergy(n, side, zone) == int(a[0]) <= SYNERGY_CAP == 4


@claim
def power_counts(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """While the card lives on the learner's side, its power is in the side's
    score."""
    found = _played(aid)
    if found is None:
        return True
    c = found[0]
    if n.place[c] < 0 or at(n.place[c])[0] != _side(b):
        return True
    side = _side(b)
    without = n.clone()
    _, zone, kind = at(n.place[c])
    if kind == ACTIVATION:
        without.act[side][zone] = -1
    else:  # a regular slot, or around the zone's name (Scorched Earth)
        rows = without.scorch if kind == SCORCH else without.mat
        rows[side] = [[x for x in z if x != c] for z in rows[side]]
    link = b.defs[c].link == zone and synergy(n, side, zone) > synergy(without, side, zone)
    return scores(n)[side] - scores(without)[side] == power(n, c) + int(link)


@claim
def linked_ability_home_only(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A card of a linked group has its ability only in its own zone."""
    found = _played(aid)
    if found is None:
        return True
    c, zone, _ = found
    d = b.defs[c]
    if d.link < 0 or d.ability is None or n.place[c] < 0 or at(n.place[c])[1] != zone:
        return True
    return works_here(n, c) == (d.link == zone) or c in n.lost


@claim
def diabolical_in_activation(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card is a Diabolical, played into a zone's activation slot (the
    ninth), where only Scorched Earth may touch it."""
    found = _played(aid)
    assert found is not None
    c, zone, kind = found
    side = _side(b)
    return (b.defs[c].diabolical and kind == ACTIVATION and n.act[side][zone] == c
            and immune(n, c) and not immune(n, c, by_scorched=True))  # fmt: skip


@claim
def enemy_has_here(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card named is on the other side, in the zone the learner plays into."""
    found = _played(aid)
    assert found is not None
    c = _named(b, a)
    return b.place[c] >= 0 and at(b.place[c])[:2] == (1 - _side(b), found[1])


@claim
def both_rivals_here(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Cards of both enemy seats are on the other side of the zone played into."""
    found = _played(aid)
    assert found is not None
    other, zone = 1 - _side(b), found[1]
    owners = {b.ctrl[c] for c in b.mat[other][zone]}
    return len(owners) == 2


# -- contracts ---------------------------------------------------------------------------
@claim
def four_contracts(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Four contract cards lie face up, and a contract turn needs 10 deck cards."""
    return (sum(1 for c in b.contracts if c >= 0) == CONTRACT_SLOTS == 4
            and len(b.deck) >= CONTRACT_MIN_DECK == 10)  # fmt: skip


@claim
def takes_power(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The contract card taken has power ``a[0]`` and goes into the hand."""
    c = b.contracts[_num(aid)]
    return b.defs[c].power == int(a[0]) and c in n.hands[_me(b)]


@claim
def takes_group(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The contract card taken belongs to the group ``a``."""
    return b.defs[b.contracts[_num(aid)]].group == " ".join(a)


@claim
def top_card_discarded(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A trade discards the deck's top card (once the hand card is given)."""
    if not aid.startswith("trade"):
        return True
    if n.pending is not None and n.pending.kind == "give" and _me(n) == _me(b):
        return None
    top = b.deck[-1]
    return top in n.dead and len(n.deck) == len(b.deck) - 1


@claim
def given_to_slot(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The hand card given lies face up in the emptied contract slot."""
    assert b.pending is not None
    slot = b.pending.ctx[0]
    c = _num(aid)
    return n.contracts[slot] == c and c not in n.hands[_me(b)]


@claim
def gives_weakest(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card given has the least power of those that may be given: ``a[0]``."""
    offered = [_num(o) for o in b.legal_action_ids()]
    least = min(b.defs[c].power for c in offered)
    return b.defs[_num(aid)].power == least == int(a[0])


@claim
def purge_deals_four(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """A purge deals four new contract cards."""
    if aid != "purge":
        return True
    return all(c >= 0 for c in n.contracts) and set(n.contracts).isdisjoint(b.contracts)


# -- abilities ---------------------------------------------------------------------------
@claim
def ability_named(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card played has the ability named ``a``, and it works in this zone."""
    found = _played(aid)
    assert found is not None
    c, zone, _ = found
    d = b.defs[c]
    return d.ability is not None and d.ability.name == " ".join(a) and d.link in (-1, zone)


@claim
def taken_counts_for_me(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The enemy card taken stands on the learner's side now, with its power."""
    if aid == "done":
        return True
    c = _num(aid)
    side = _side(b)
    was = scores(b)[side]
    return at(n.place[c])[0] == side and scores(n)[side] >= was + power(n, c)


@claim
def card_power(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card of the action has power ``a[0]``."""
    return power(b, _num(aid)) == int(a[0])


@claim
def kills_up_to(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The killing ability may kill up to ``a[0]`` cards (and stop early)."""
    src = _kill_source(b)
    if src is None:
        return True
    d = b.defs[src]
    assert d.ability is not None
    ups = [e.get("up_to") for e in d.ability.effects if e.verb == "kill"]
    return int(a[0]) in ups and "done" in b.legal_action_ids()


def _kill_source(s: S) -> int | None:
    """The card whose ability asks whom to kill."""
    assert s.pending is not None
    return int(s.pending.ctx[0]) if s.pending.kind == "kill" else None


@claim
def killed_to_dead(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The card killed goes to the dead pile, and its power leaves its side's
    score (unless its own ability saves it)."""
    if not aid.startswith("kill "):
        return True
    if not _turn_over(b, n):
        return None
    c = _num(aid)
    saved = any(e["e"] in ("runaway", "dodge", "dodge_stays", "spared") and e.get("card") ==
                b.defs[c].name for e in _since(b, n))  # fmt: skip
    return saved or c in n.dead or (n.place[c] < 0 and c not in n.dead and c in n.deck)


@claim
def escaped_loses_ability(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """A card that ran away from the kill has used its Runaway up, and left the
    zone."""
    if not aid.startswith("kill "):
        return True
    if not _turn_over(b, n):
        return None
    c = _num(aid)
    ran = [e for e in _since(b, n) if e["e"] == "runaway" and e["card"] == b.defs[c].name]
    if not ran:
        return True
    return c in n.lost and at(n.place[c])[1] != at(b.place[c])[1]


@claim
def kills_both_rivals(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The kills reach cards of both enemy seats."""
    if not _turn_over(b, n):
        return None
    began = max(i for i, e in enumerate(b.log) if e["e"] == "turn")
    names = {e["card"] for e in n.log[began:] if e["e"] == "kill"}
    owners = {b.ctrl[c] for c, d in enumerate(b.defs) if d.name in names and b.ctrl[c] >= 0}
    return len(owners - {_me(b), (_me(b) + 2) % b.n}) == 2


@claim
def pact_binds_chosen(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Doom Pact binds the card played to the enemy card chosen."""
    assert b.pending is not None
    return (b.pending.ctx[0], _num(aid)) in n.pacts


@claim
def swap_trades_sides(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Why Swap: the card goes to the other side and the enemy card to this one."""
    if aid == "done":
        return True
    assert b.pending is not None
    mine, theirs = b.pending.ctx[0], _num(aid)
    return (at(n.place[mine])[0], at(n.place[theirs])[0]) == (
        at(b.place[theirs])[0], at(b.place[mine])[0])  # fmt: skip


@claim
def stick_binds(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Why Stick: the card chosen is the one bound."""
    if aid == "done":
        return True
    if n.pending is not None and n.pending.kind == "stick_to":
        return None
    assert b.pending is not None
    return any(x[:2] == (b.pending.ctx[0], _num(aid)) for x in n.sticks)


@claim
def stuck_to_equal(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Why Stick binds to the enemy card chosen, of the same power now."""
    assert b.pending is not None
    cid, mine = b.pending.ctx
    theirs = _num(aid)
    return (cid, mine, theirs) in n.sticks and power(b, mine) == power(b, theirs)


@claim
def pulled_here(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Why Preach: the card chosen comes to this zone, on its side."""
    assert b.pending is not None
    _seat, side, zone = b.pending.ctx[:3]
    return at(n.place[_num(aid)])[:2] == (side, zone)


@claim
def ability_restarts(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Sol for Soul: the card chosen has its ability again (used at once)."""
    c = _num(aid)
    return any(e["e"] == "restart" and e["card"] == b.defs[c].name for e in _since(b, n))


@claim
def offers_a_choice(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    return len(b.legal_action_ids()) >= 2


@claim
def boost_or_hinder_value(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """Boost makes the card's power 8, hinder 0."""
    c = _num(aid)
    return power(n, c) in (0, 8)


@claim
def escape_saves(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The card's ability saves it from the kill: it is not in the dead pile."""
    if aid != "escape":
        return True
    if not _turn_over(b, n) and not (n.pending is not None and n.pending.kind == "turn"):
        return None
    assert b.pending is not None
    c = b.pending.ctx[0]
    return isinstance(c, int) and c not in n.dead


@claim
def goes_to_zone(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card moves to the zone chosen (``to Z`` / ``flee Z``), on its side."""
    assert b.pending is not None
    c, zone = b.pending.ctx[0], _num(aid)
    return n.place[c] >= 0 and at(n.place[c])[:2] == (at(b.place[c])[0], zone)


@claim
def moves_chosen(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """The card chosen is the one that moves."""
    if aid == "done":
        return True
    c = _num(aid)
    if n.pending is not None and n.pending.kind == "destination":
        return None
    return n.place[c] != b.place[c]


@claim
def shown_to_other_side(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card is shown to the other side only, and stays in the hand."""
    c = _num(aid)
    shown = [e for e in _since(b, n) if e["e"] == "reveal" and e["card"] == b.defs[c].name]
    me = _me(b)
    return (
        bool(shown)
        and c in n.hands[me]
        and all(p == me or p % 2 != me % 2 for e in shown for p in e["seen_by"])
    )


# -- 2v2 ---------------------------------------------------------------------------------
@claim
def hand_holds(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The opening hand held ``a[0]`` cards (the turn's draw comes after)."""
    return HAND[b.n] == int(a[0]) and len(b.hands[_me(b)]) == int(a[0])


@claim
def turns_go_round(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """Turns go round the table, one seat after another (an extra turn aside),
    so the sides alternate."""
    if n.is_terminal():
        return True
    turns = [e["p"] for e in _since(b, n) if e["e"] in ("turn", "pass")]
    extra = sum(1 for e in _since(b, n) if e["e"] == "extra_turn")
    if len(turns) < b.n:
        return None
    steps = [(y - x) % b.n for x, y in zip([_me(b), *turns], turns, strict=False)]
    return steps.count(1) >= len(steps) - extra


@claim
def teammate_hand_hidden(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The learner's view shows no card of the teammate's hand."""
    mate = (_me(b) + 2) % b.n
    view = b.view(_me(b))
    hand = view["players"][mate]["hand"]
    return bool(hand) and all(c is None for c in hand)


@claim
def teammate_counts(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card named was played by the teammate, stands on the learner's side,
    and its power is in the side's score."""
    c = _named(b, a)
    mate = (_me(b) + 2) % b.n
    side = _side(b)
    return (b.ctrl[c] == mate and at(b.place[c])[0] == side
            and scores(b)[side] >= power(b, c))  # fmt: skip


@claim
def taken_from_rival(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """The card taken belonged to an enemy seat and is the learner's now."""
    c = _num(aid)
    return b.ctrl[c] % 2 != _side(b) and n.ctrl[c] == _me(b)


# -- the end -----------------------------------------------------------------------------
@claim
def more_power_wins(b: S, aid: str, n: S, a: Sequence[str]) -> bool | None:
    """When nobody can play the game ends; the side with more power wins."""
    if not n.is_terminal():
        return None
    end = [e for e in n.log if e["e"] == "end"]
    totals = scores(n)
    if not end or end[-1]["scores"] != totals:
        return False
    if totals[0] == totals[1]:
        return n.winner is None
    return n.winner == (0 if totals[0] > totals[1] else 1)


@claim
def contracts_over(b: S, aid: str, n: S, a: Sequence[str]) -> bool:
    """With fewer than 10 cards in the deck, no contract turn is offered."""
    return len(b.deck) >= CONTRACT_MIN_DECK or not any(
        o.startswith(("trade", "purge")) for o in b.legal_action_ids()
    )


def end_near(view: Mapping[str, Any]) -> str | None:
    """The deck is below 10 cards (contract turns are over): each side's power."""
    if view.get("deck_count", 99) >= CONTRACT_MIN_DECK:
        return None
    mine = view.get("side", 0)
    points = view.get("scores") or [0, 0]
    return f"your side {points[mine]} power, the other side {points[1 - mine]}"


# the conditions its steps name in ``when`` (the checks are ``CLAIMS``)
CONDITIONS: dict[str, LessonCondition] = {"end_near": end_near}
