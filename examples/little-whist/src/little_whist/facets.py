"""Little Whist's facets: what the front ends ask beyond its rules (its card
list, its board in the terminal, where its cards lie, its glossary). The
``Game`` in ``entry.py`` names each class; Ossuary makes it when first asked."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ossuary.engine.contract import CardPlace
from ossuary.engine.core import GameState
from ossuary.engine.facets import CardRecord, Cards, Checks, Lessons, Terminal

from . import board
from .state import CARDS, HAND, RANKS, SUITS, WhistState, rank, suit


class WhistCards(Cards[int]):  # its cards are numbers (state.CARDS names them)
    def records(self, card_file: Path | None = None) -> list[CardRecord]:
        return [
            {"name": name, "type": SUITS[suit(cid)],
             "text": f"{RANKS[rank(cid)]}: rank {rank(cid) + 1} of {len(RANKS)} in its suit"}
            for cid, name in enumerate(CARDS)
        ]  # fmt: skip


class WhistLessons(Lessons):
    def glossary(self) -> list[tuple[str, str]]:
        return [
            ("Trick", "One card from each player in turn; the highest card of the suit led "
             "takes them all."),
            ("Follow suit", "Play a card of the suit led when you hold one; otherwise any card."),
            ("Winning", "After four tricks, whoever took the most wins; a tie for the most is "
             "a draw."),
        ]  # fmt: skip


class WhistTerminal(Terminal):
    # the board module's functions are the methods: same arguments, same answers
    format_event = staticmethod(board.format_event)
    result_lines = staticmethod(board.result_lines)
    visible_cards = staticmethod(board.visible_cards)

    def render_board(self, view: dict[str, Any], me: int | None = None,
                     me_label: str = "you") -> Any:  # fmt: skip
        return board.render_board(view, me, me_label)

    def summary_lines(self, view: dict[str, Any]) -> list[str]:
        return board.result_lines(view)[1:]


class WhistChecks(Checks):
    def card_places(self, state: GameState) -> list[CardPlace]:
        assert isinstance(state, WhistState)
        places = [CardPlace(name, "deck", -1, 0) for name in CARDS]  # the stock
        for p, hand in enumerate(state.hands):
            for c in hand:
                places[c] = CardPlace(CARDS[c], "hand", p, 0)
        for _, c in state.table:
            places[c] = CardPlace(CARDS[c], "table", -1, 0)
        for c in (c for taken in state.taken for c in taken):
            places[c] = CardPlace(CARDS[c], "taken", -1, 0)
        return places

    def invariants(self, state: GameState, deep: bool = True) -> None:
        assert isinstance(state, WhistState)
        cards = [*(c for h in state.hands for c in h), *state.stock,
                 *(c for _, c in state.table), *(c for t in state.taken for c in t)]  # fmt: skip
        assert sorted(cards) == list(range(len(CARDS))), "a card is lost or in two places"
        on_table = {p for p, _ in state.table}
        for p, hand in enumerate(state.hands):
            want = HAND - sum(state.tricks) - (p in on_table)
            assert len(hand) == want, f"seat {p} holds {len(hand)} cards, not {want}"
        assert sum(state.tricks) * state.seats == sum(len(t) for t in state.taken)
