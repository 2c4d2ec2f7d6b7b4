"""Setting up (section 3) and the turn (sections 7 and 8).

Setup, in the rulebook's order: heroes in their zones; start of game effects
(each player's in seat order); decks shuffled; six cards each; one mulligan
each (discard any number, draw as many); the first player (the seed decides,
or as given); 40 health and 10 lifeforce.

A turn: the start phase (rounds that end now end first: events and ensnares,
section 5; then "at the start of your turn" abilities); the resource phase (+5
lifeforce, at most 10); the draw phase (an empty deck loses, section 14); the
main phase (any actions, any order); the end phase ("at the end of your turn"
abilities, then the hand limit of 10 paid down with Sacrifice Card; then the
player's minions heal their damage, this turn's changes end and borrowed
minions go back).
"""

from __future__ import annotations

from typing import Any

from ..queries import invalidate, turn_order
from ..state import (
    HAND_LIMIT,
    RULES,
    START_HAND,
    START_HEALTH,
    START_LIFEFORCE,
    TURN_LIFEFORCE,
    NecroState,
)
from .actions import main_options, sacrifice_options, take_action
from .base import draw, event, gain_lifeforce, shuffle_deck, to_graveyard
from .heroes import sacrifice_card
from .leaving import eliminate, end_borrowing, remove_magic
from .triggers import fire, fire_all


# =============================================================================
# Setup (section 3, "Starting the Game")
# =============================================================================
@RULES.step
def step_setup(s: NecroState, first: int, given: bool = False) -> None:
    """Push the setup in order (the heroes are already in their zones).
    ``given``: the first player was chosen at set-up, not by the seed (a
    sample re-draws only the seed's choice: see ``view.resample``)."""
    s.push("first_player", first, given)
    for q in range(s.n - 1, -1, -1):
        s.push("mulligan", q, 0)
    s.push("deal")
    for q in range(s.n - 1, -1, -1):
        s.push("start_of_game", q)


@RULES.step
def step_start_of_game(s: NecroState, q: int) -> None:
    """Step 2: start of game effects, e.g. a hero who buries cheap minions."""
    fire(s, s.seats[q].hero, q, "start_of_game")


@RULES.step
def step_deal(s: NecroState) -> None:
    """Steps 3 and 4: shuffle, draw six."""
    for q in range(s.n):
        shuffle_deck(s, q)
    for q in range(s.n):
        draw(s, q, START_HAND)


@RULES.step
def step_mulligan(s: NecroState, q: int, count: int) -> None:
    """Step 5: discard any number of cards, one at a time, then draw as many."""
    seat = s.seats[q]
    seen: dict[str, int] = {}
    for c in seat.hand:
        seen.setdefault(s.defs[c].name, c)
    opts = tuple(f"mulligan {c}" for c in seen.values())
    s.ask("mulligan", q, (*opts, "keep"), q, count)


@RULES.resume("mulligan")
def resume_mulligan(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    q, count = ctx
    if choice == "keep":
        event(s, "mulligan", p=q, count=count)
        draw(s, q, count)
        return
    cid = int(choice.split()[1])
    s.seats[q].hand.remove(cid)
    to_graveyard(s, cid)
    event(s, "discard", p=q, card=s.defs[cid].name, why="mulligan")
    s.push("mulligan", q, count + 1)


@RULES.step
def step_first_player(s: NecroState, first: int, given: bool = False) -> None:
    """Steps 6 and 7: the first player; 40 health and 10 lifeforce each."""
    for seat in s.seats:
        seat.health = START_HEALTH
        seat.lifeforce = START_LIFEFORCE
    s.turn = first
    s.first = first
    event(s, "first", p=first)
    s.push("start_turn")


# =============================================================================
# The turn (section 7)
# =============================================================================
@RULES.step
def step_start_turn(s: NecroState) -> None:
    p = s.turn
    seat = s.seats[p]
    seat.turns += 1
    s.turn_number += 1
    seat.hero_used = False
    s.used.clear()
    for m in s.minions.values():  # once per turn: attacks and defending
        m.attacks = 0
        m.defended = False
    event(s, "turn", p=p, n=s.turn_number)
    expire_rounds(s, p)
    s.push("main")
    s.push("draw_phase")
    s.push("resource")
    s.push("check")
    fire_all(s, p, "turn_start")


def expire_rounds(s: NecroState, p: int) -> None:
    """Section 5: a round ends just before the player whose turn it began on
    begins their next one; events and ensnares counted from ``p`` end now."""
    now = s.seats[p].turns
    for cid, (q, end) in sorted(s.expiry.items()):
        if q == p and end <= now:
            remove_magic(s, cid)
            event(s, "expired", p=p, card=s.defs[cid].name)
    for m in s.minions.values():
        if m.ensnare is not None and m.ensnare[0] == p and m.ensnare[1] <= now:
            m.ensnare = None
            invalidate(s)
            event(s, "freed", card=s.defs[m.cid].name)


@RULES.step
def step_resource(s: NecroState) -> None:
    """Section 8: +5 lifeforce, never above 10."""
    got = gain_lifeforce(s, s.turn, TURN_LIFEFORCE)
    event(s, "lifeforce", p=s.turn, amount=got, why="resource")


@RULES.step
def step_draw_phase(s: NecroState) -> None:
    """Section 7, "Deck Exhaustion": no card to draw, the player loses."""
    p = s.turn
    if not s.seats[p].deck:
        eliminate(s, [p], "deck")
        return
    draw(s, p, 1)


@RULES.step
def step_main(s: NecroState) -> None:
    s.ask("main", s.turn, tuple(main_options(s, s.turn)))


@RULES.resume("main")
def resume_main(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    p = s.turn
    if choice == "end":
        s.push("end_phase")
        return
    s.push("main")
    take_action(s, p, choice, "main")


@RULES.step
def step_end_phase(s: NecroState) -> None:
    p = s.turn
    event(s, "end_phase", p=p)
    s.push("next_turn")
    s.push("cleanup")
    s.push("hand_limit")
    s.push("check")
    fire_all(s, p, "turn_end")


@RULES.step
def step_hand_limit(s: NecroState) -> None:
    """Section 15, "Hand Size Limit Recompense": above 10 cards, Sacrifice Card
    down to 10, 1 lifeforce each."""
    p = s.turn
    if len(s.seats[p].hand) > HAND_LIMIT:
        s.ask("hand_limit", p, tuple(sacrifice_options(s, p)))


@RULES.resume("hand_limit")
def resume_hand_limit(s: NecroState, ctx: tuple[Any, ...], choice: str) -> None:
    sacrifice_card(s, s.turn, int(choice.split()[1]), "hand limit")
    s.push("hand_limit")


@RULES.step
def step_cleanup(s: NecroState) -> None:
    """Section 9, "Defense": the player's minions regenerate; this turn's
    changes end; borrowed minions return (section 11)."""
    p = s.turn
    for m in s.minions.values():
        if m.controller == p:
            m.damage = 0
        m.atk_turn = 0
        m.dfn_turn = 0
    invalidate(s)
    end_borrowing(s)


@RULES.step
def step_next_turn(s: NecroState) -> None:
    order = turn_order(s, s.turn + 1)
    if not order:
        return
    s.turn = order[0]
    s.push("start_turn")
