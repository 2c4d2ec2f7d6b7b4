"""The Diabolicards turn as steps of the engine's step machine.

Each ``@step`` function runs one piece of the rules and may push more steps or
stop for a decision with ``s.ask``; each ``@resume`` function continues after
the decision of its kind. Section names in docstrings are the guide's
(``shared/reference/diabolicards-guide.txt``); the FAQ is ``shared/seeds/004``.

This module holds setup, the turn (Usual Turn, Contract Turns, passing) and the
end. Abilities are in :mod:`.effects`, kills and deaths in :mod:`.deaths`,
Scorched Earth's scenarios in :mod:`.scorched`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from .cards import DECK_SIZE
from .mat import ALL_SEATS, put, relocate, seats_bits
from .queries import (
    contract_turn_allowed,
    frozen,
    scores,
    seats_of,
    trade_slots,
    trio_moves,
    trio_of,
)
from .state import (
    ACTIVATION,
    CONTRACT_MIN_DECK,
    CONTRACT_SLOTS,
    KIND_LETTER,
    REGULAR,
    RULES,
    SCORCH,
    SLOTS,
    DiaboState,
    at,
    event,
)

F = Callable[..., None]


# =============================================================================
# The deck and the contracts
# =============================================================================
def draw(s: DiaboState, seat: int, n: int = 1) -> None:
    """Draw from the top; an empty deck draws nothing."""
    for _ in range(n):
        if not s.deck:
            return
        cid = s.deck.pop()
        s.hands[seat].append(cid)
        s.known[cid] = 1 << seat
        event(s, "draw", p=seat, card=s.defs[cid].name, seen_by=[seat])


def burn(s: DiaboState, n: int) -> None:
    """Discard cards from the top of the main deck, face up (THE TURNS)."""
    for _ in range(min(n, len(s.deck))):
        cid = s.deck.pop()
        s.dead.append(cid)
        s.known[cid] = ALL_SEATS
        event(s, "burn", card=s.defs[cid].name)


def deal_contracts(s: DiaboState) -> None:
    """Fill the empty contract slots face up from the top of the deck."""
    for k in range(CONTRACT_SLOTS):
        if s.contracts[k] < 0 and s.deck:
            cid = s.deck.pop()
            s.contracts[k] = cid
            s.known[cid] = ALL_SEATS
    event(s, "contracts", cards=[s.defs[c].name if c >= 0 else None for c in s.contracts])


def contracts_to_deck(s: DiaboState) -> None:
    for k, cid in enumerate(s.contracts):
        if cid >= 0:
            s.deck.append(cid)
            s.known[cid] = 0
            s.contracts[k] = -1
    s.rng.shuffle(s.deck)


def purge(s: DiaboState, discard: int = 2) -> None:
    """THE CONTRACT PURGE: all contracts into the deck, shuffle, discard the top
    ``discard``, deal four new face up."""
    contracts_to_deck(s)
    burn(s, discard)
    deal_contracts(s)
    if frozen(s):
        # THE CONTRACTS: only a later purge can thaw a contract freeze
        event(s, "freeze")


def setup_contracts(s: DiaboState) -> None:
    """THE SETUP and THE CONTRACTS: the contract slots are dealt face up; while
    they hold only ineligible cards, purge them without discarding."""
    deal_contracts(s)
    while frozen(s):
        event(s, "setup_purge")
        contracts_to_deck(s)
        deal_contracts(s)


# =============================================================================
# The turn (THE TURNS)
# =============================================================================
# Option ids, built once: PLAY[k][c][mask] plays card c into slot kind k of
# each zone in the bit mask; PARSE reads an id back.
def _play_ids(c: int, k: int) -> list[tuple[str, ...]]:
    return [
        tuple(f"play {c} {z} {KIND_LETTER[k]}" for z in range(3) if mask >> z & 1)
        for mask in range(8)
    ]


TRADE = tuple(f"trade {k}" for k in range(CONTRACT_SLOTS))
PLAY: Final = [[_play_ids(c, k) for c in range(DECK_SIZE)] for k in range(3)]
PARSE: Final = {
    f"play {c} {z} {KIND_LETTER[k]}": (c, z, k)
    for c in range(DECK_SIZE)
    for z in range(3)
    for k in range(3)
}


def turn_options(s: DiaboState, seat: int) -> tuple[str, ...]:
    """A Usual Turn (play a card into a slot that allows it, or move one's Why
    Stick trio) or, when allowed and a Usual Turn is possible, a Contract Turn
    (trade or purge). Nothing for an empty hand: it passes for good (THE END)."""
    hand = s.hands[seat]
    if not hand:
        return ()
    side = seat % 2
    defs = s.defs
    # THE SLOTS: which zones of this side have an empty regular slot, an empty
    # activation slot, or (for Scorched Earth) are open at all
    mat, act, sealed = s.mat[side], s.act[side], s.sealed
    open_ = regular = activation = 0
    for z in range(3):
        if not sealed[z]:
            open_ |= 1 << z
            if len(mat[z]) < SLOTS:
                regular |= 1 << z
            if act[z] < 0:
                activation |= 1 << z
    play_r, play_a, play_s = PLAY[REGULAR], PLAY[ACTIVATION], PLAY[SCORCH]
    opts: list[str] = []
    for c in hand:
        d = defs[c]
        if d.scorched:
            opts += play_s[c][open_]
            continue
        opts += play_r[c][regular]
        if d.diabolical:
            opts += play_a[c][activation]
    opts += [f"trio {z}" for z in trio_moves(s, seat)]
    # FAQ: a seat with no legal play (no space in any of its zones) must pass
    # until one appears; a Contract Turn is not a legal play, it is taken
    # instead of one (docs/rules-notes.md)
    if opts and contract_turn_allowed(s, seat):
        opts += [TRADE[k] for k in trade_slots(s, seat)]
        opts.append("purge")
    return tuple(opts)


@RULES.step
def step_begin(s: DiaboState, seat: int) -> None:
    """A seat's turn comes up. THE END: with no legal play it passes (for good
    with an empty hand); when every seat has passed in a row, the game ends."""
    opts = turn_options(s, seat)
    if opts:
        s.passes = 0
        s.turn = seat
        s.turn_number += 1
        event(s, "turn", p=seat, n=s.turn_number)
        s.ask("turn", seat, opts)
        return
    event(s, "pass", p=seat, out=not s.hands[seat])
    s.passes += 1
    if s.passes >= s.n:
        s.push("game_end")
    else:
        s.push("begin", (seat + 1) % s.n)


@RULES.resume("turn")
def resume_turn(s: DiaboState, ctx: tuple[object, ...], aid: str) -> None:
    seat = s.turn
    parsed = PARSE.get(aid)
    if parsed is not None:
        play(s, seat, *parsed)
        return
    verb, _, rest = aid.partition(" ")
    if verb == "trade":
        trade(s, seat, int(rest))
    elif verb == "purge":
        event(s, "purge", p=seat)
        purge(s)
        s.push("end_turn", seat, 1)
    elif verb == "trio":
        move_trio(s, seat, int(rest))


def play(s: DiaboState, seat: int, cid: int, zone: int, kind: int) -> None:
    """THE USUAL TURN: 1 play one card; 2 its ability; 3 kill choices; 4 the
    other side's counters; 5 the dead are discarded; 6 draw one."""
    s.push("end_turn", seat, 0)
    s.push("draw", seat)
    if s.defs[cid].scorched:
        s.push("scorched", cid)
    s.push("settle")
    if s.defs[cid].instant:
        s.push("ability", cid)
    put(s, seat, cid, zone, kind)


def move_trio(s: DiaboState, seat: int, zone: int) -> None:
    """Why Stick: the trio moves together, each card to the same zone on its
    own side; the move is the whole Usual Turn (then the draw)."""
    trio = trio_of(s, seat)
    assert trio is not None
    for c in trio:
        relocate(s, c, at(s.place[c])[0], zone)
    event(s, "trio_move", p=seat, cards=[s.defs[c].name for c in trio], zone=zone)
    s.push("end_turn", seat, 0)
    s.push("draw", seat)
    s.push("settle")


@RULES.step
def step_draw(s: DiaboState, seat: int) -> None:
    """THE USUAL TURN, step 6: draw a card if the deck is not empty."""
    if s.deck:
        draw(s, seat)
        if not s.deck:
            s.push("settle")  # Borrowed Time: the deck just ran out


@RULES.step
def step_end_turn(s: DiaboState, seat: int, contract: int) -> None:
    """After any turn (THE CONTRACTS): a deck that drops below 10 bans contract
    turns; a Contract Turn must be followed by a Usual Turn. Then Why See
    reveals, then the next turn (or the extra one Turntable gave)."""
    s.contract_last[seat] = bool(contract)
    high = len(s.deck) >= CONTRACT_MIN_DECK
    if not high and s.deck_high and not s.banned:
        s.banned = True
        event(s, "ban", deck=len(s.deck))
    s.deck_high = high
    if s.extra > 0:
        s.extra -= 1
        event(s, "extra_turn", p=seat)
        s.push("begin", seat)
    else:
        s.push("begin", (seat + 1) % s.n)
    for watcher, enemy_side in list(s.seen):
        if seat % 2 == enemy_side:
            # Why See: the enemy's next turn is over; each shows the other side a card
            s.seen.remove((watcher, enemy_side))
            s.push("reveal", seat, watcher % 2)
            s.push("reveal", watcher, enemy_side)


@RULES.step
def step_reveal(s: DiaboState, seat: int, to_side: int) -> None:
    if s.hands[seat]:
        s.ask("reveal", seat, tuple(f"show {c}" for c in s.hands[seat]), seat, to_side)


@RULES.resume("reveal")
def resume_reveal(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    seat, to_side = ctx
    show(s, seat, int(aid.split()[1]), to_side)


def show(s: DiaboState, seat: int, cid: int, to_side: int) -> None:
    """``seat`` shows one of its hand cards to the seats of ``to_side`` (Why See,
    Fate Purge on a low deck). Only they learn it: the shower's teammate and
    spectators read that a card was shown, not which (guide THE SETUP:
    teammates never see each other's cards)."""
    s.known[cid] |= seats_bits(s, to_side)
    shown_to = [p for p in range(s.n) if p == seat or p % 2 == to_side]
    event(s, "reveal", p=seat, card=s.defs[cid].name, to=to_side, seen_by=shown_to)


# =============================================================================
# Contract Turns (THE CONTRACT TRADE, THE CONTRACT PURGE)
# =============================================================================
def trade(s: DiaboState, seat: int, slot: int) -> None:
    """1 take one contract card; 2 put one hand card face up in the empty slot;
    3 discard the top card of the main deck."""
    cid = s.contracts[slot]
    s.contracts[slot] = -1
    s.hands[seat].append(cid)
    s.known[cid] = ALL_SEATS  # everyone saw it leave the contracts
    event(s, "take", p=seat, card=s.defs[cid].name, slot=slot)
    give = tuple(f"give {c}" for c in s.hands[seat] if c != cid and s.defs[c].eligible)
    s.ask("give", seat, give, slot, cid)


@RULES.resume("give")
def resume_give(s: DiaboState, ctx: tuple[int, ...], aid: str) -> None:
    slot, _taken = ctx
    seat = s.turn
    cid = int(aid.split()[1])
    s.hands[seat].remove(cid)
    s.contracts[slot] = cid
    s.known[cid] = ALL_SEATS
    event(s, "give", p=seat, card=s.defs[cid].name, slot=slot)
    burn(s, 1)
    if frozen(s):
        # THE CONTRACTS: no eligible contract card after a trade: purge at once
        event(s, "auto_purge")
        purge(s)
    s.push("end_turn", seat, 1)


# =============================================================================
# The end (THE END)
# =============================================================================
@RULES.step
def step_game_end(s: DiaboState) -> None:
    """Total power per side (latest boosts and hinders, plus synergy); the
    higher side wins, a tie is a tie."""
    totals = scores(s)
    winner = 0 if totals[0] > totals[1] else 1 if totals[1] > totals[0] else None
    # the seats of each side, so the log names who won rather than a side number
    event(s, "end", scores=totals, winner=winner, sides=[seats_of(s, 0), seats_of(s, 1)])
    s.winner = winner
    s.stack.clear()


def start(s: DiaboState) -> None:
    """THE SETUP: contracts, then hands, then the first turn."""
    setup_contracts(s)
    hand = {2: 6, 4: 5}[s.n]
    for seat in range(s.n):
        draw(s, seat, hand)
    s.push("begin", s.first)
