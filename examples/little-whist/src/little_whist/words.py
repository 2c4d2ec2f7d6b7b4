"""Little Whist in people's words: options, the question asked, refusals."""

from __future__ import annotations

from ossuary.engine.names import seat_name

from .state import CARDS, SUITS, WhistState, suit

RULE = "Little Whist: follow suit"


def card_of(aid: str) -> int | None:
    number = aid.removeprefix("play ")
    if aid.startswith("play ") and number.isascii() and number.isdigit():
        cid = int(number)
        return cid if cid < len(CARDS) else None
    return None


def action_label(s: WhistState, aid: str) -> str:
    cid = card_of(aid)
    return f"Play {CARDS[cid]}" if cid is not None else aid


def prompt(s: WhistState) -> str:
    if not s.table:
        return f"Trick {sum(s.tricks) + 1}: lead any card."
    led = SUITS[suit(s.table[0][1])]
    return f"Trick {sum(s.tricks) + 1}: {led} were led; follow suit if you can."


def explain(s: WhistState, aid: str) -> tuple[str, str]:
    """Why ``aid`` is refused: said from the table alone, never from the hand
    (the words must be the same whatever the decider holds)."""
    cid = card_of(aid)
    pending = s.decision()
    if cid is not None and pending is not None and s.table and suit(cid) != suit(s.table[0][1]):
        led = SUITS[suit(s.table[0][1])]
        return (
            f"{CARDS[cid]} is not an option for {seat_name(pending.player)}: {led} were "
            f"led, and another suit may be played only from a hand without {led}",
            RULE,
        )
    return s.not_an_option(aid), ""
