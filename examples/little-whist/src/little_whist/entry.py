"""Little Whist's entry in Ossuary's registry: the one object the command
line, the agents, the arena, the server and the RL environments talk to. The
package's ``pyproject.toml`` names it (``whist = "little_whist.entry:GAME"``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ossuary.engine.contract import CardPlace
from ossuary.engine.core import GameState
from ossuary.engine.game import CardRecord, DeckSpec, Game

from . import board
from .game import deserialize, new_game  # also binds the rules
from .state import CARDS, HAND, RANKS, RULES, SEATS, SUITS, WhistState, rank, suit


class LittleWhist(Game):
    name = "whist"
    title = "Little Whist"
    summary = "Sixteen cards, four tricks: follow suit, take the most tricks."
    seat_counts = SEATS
    rules = RULES
    encoder_at = ".encode:WhistEncoder"

    def new_game(
        self,
        decks: Sequence[DeckSpec] | None = None,
        seats: int = 2,
        seed: int = 0,
        first: int | None = None,
    ) -> GameState:
        return new_game(seats, seed, first)  # one shared deck: there are no decks to choose

    def deserialize(self, text: str) -> GameState:
        return deserialize(text)

    # -- cards and rules in words ------------------------------------------------
    def cards(self, card_file: Any = None) -> list[CardRecord]:
        return [
            {"name": name, "type": SUITS[suit(cid)],
             "text": f"{RANKS[rank(cid)]}: rank {rank(cid) + 1} of {len(RANKS)} in its suit"}
            for cid, name in enumerate(CARDS)
        ]  # fmt: skip

    def glossary(self) -> list[tuple[str, str]]:
        return [
            ("Trick", "One card from each player in turn; the highest card of the suit led "
             "takes them all."),
            ("Follow suit", "Play a card of the suit led when you hold one; otherwise any card."),
            ("Winning", "After four tricks, whoever took the most wins; a tie for the most is "
             "a draw."),
        ]  # fmt: skip

    # -- the terminal -----------------------------------------------------------------
    def render_board(self, view: dict[str, Any], me: int | None = None,
                     me_label: str = "you") -> Any:  # fmt: skip
        return board.render_board(view, me, me_label)

    def format_event(self, event: dict[str, Any]) -> str:
        return board.format_event(event)

    def result_lines(self, view: dict[str, Any]) -> list[str]:
        return board.result_lines(view)

    def summary_lines(self, view: dict[str, Any]) -> list[str]:
        return board.result_lines(view)[1:]

    def visible_cards(self, view: dict[str, Any]) -> list[tuple[str, list[str]]]:
        return board.visible_cards(view)

    # -- checks -------------------------------------------------------------------------
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

    def check_invariants(self, state: GameState, deep: bool = True) -> None:
        assert isinstance(state, WhistState)
        cards = [*(c for h in state.hands for c in h), *state.stock,
                 *(c for _, c in state.table), *(c for t in state.taken for c in t)]  # fmt: skip
        assert sorted(cards) == list(range(len(CARDS))), "a card is lost or in two places"
        on_table = {p for p, _ in state.table}
        for p, hand in enumerate(state.hands):
            want = HAND - sum(state.tricks) - (p in on_table)
            assert len(hand) == want, f"seat {p} holds {len(hand)} cards, not {want}"
        assert sum(state.tricks) * state.seats == sum(len(t) for t in state.taken)


GAME = LittleWhist()
