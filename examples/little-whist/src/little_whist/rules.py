"""Little Whist's rules: one step (a seat's turn to play) and one decision kind.

A trick: the leader plays any card; each other seat in turn plays a card of the
suit led if it holds one, else any card. The highest card of the suit led takes
the trick, face up in front of its winner, who leads the next. After the last
trick (every hand empty) the seat with the most tricks wins; a tie for the most
is a draw.
"""

from __future__ import annotations

from typing import Any

from .state import CARDS, RULES, WhistState, rank, suit


def playable(s: WhistState, seat: int) -> list[int]:
    """The cards ``seat`` may play now: the suit led when it holds it."""
    hand = s.hands[seat]
    if s.table:
        led = suit(s.table[0][1])
        follow = [c for c in hand if suit(c) == led]
        if follow:
            return sorted(follow)
    return sorted(hand)


@RULES.step
def step_turn(s: WhistState) -> None:
    options = tuple(f"play {c}" for c in playable(s, s.turn))
    s.ask("play", s.turn, options)


@RULES.resume("play")
def resume_play(s: WhistState, ctx: tuple[Any, ...], choice: str) -> None:
    cid = int(choice.removeprefix("play "))
    s.hands[s.turn].remove(cid)
    s.table.append([s.turn, cid])
    s.log.append({"e": "play", "p": s.turn, "card": CARDS[cid]})
    if len(s.table) < s.seats:
        s.turn = (s.turn + 1) % s.seats
        s.push("turn")
        return
    s.push("trick")


@RULES.step
def step_trick(s: WhistState) -> None:
    """The trick is complete: its winner takes it and leads the next, or the
    hand ends."""
    led = suit(s.table[0][1])
    winner, _ = max(((p, c) for p, c in s.table if suit(c) == led), key=lambda pc: rank(pc[1]))
    cards = [c for _, c in s.table]
    s.taken[winner].extend(cards)
    s.tricks[winner] += 1
    s.table = []
    s.log.append({"e": "trick", "p": winner, "cards": [CARDS[c] for c in cards]})
    if any(s.hands):
        s.leader = s.turn = winner
        s.push("turn")
        return
    most = max(s.tricks)
    best = [p for p, n in enumerate(s.tricks) if n == most]
    if len(best) == 1:
        s.winner = best[0]
        s.log.append({"e": "win", "p": best[0], "tricks": most})
    else:
        s.log.append({"e": "draw", "seats": best, "tricks": most})
