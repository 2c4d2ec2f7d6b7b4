"""Robustness: random playouts in both modes, checking after every action that
all 80 cards are accounted for across deck, hands, contracts, mat and dead pile,
that clone equals the original, serialize round-trips, samples are independent
and no view shows a hidden card, and that the same seed and actions replay the
same game. ``python -m ossuary.fuzz --game diabolicards --games 10000`` runs the
same checks over many more games."""

from __future__ import annotations

import pytest

from ossuary.diabolicards import GAME, DiaboState, new_game
from ossuary.diabolicards.fuzz import check
from ossuary.engine import Rng
from ossuary.fuzz import random_game


@pytest.mark.parametrize("seats", [2, 4])
@pytest.mark.parametrize("seed", range(7))  # and the conformance suite's
def test_random_playout_keeps_every_invariant(seats: int, seed: int) -> None:
    state = random_game(GAME, seed, seats, deep_every=4)
    assert isinstance(state, DiaboState)
    assert state.is_terminal() and state.pending is None
    r = state.returns()
    assert sorted(set(r)) in ([0.0], [-1.0, 1.0]) and abs(sum(r)) < 1e-9
    assert state.ply == len(state.history)


def test_check_catches_a_lost_or_duplicated_card() -> None:
    state = new_game(seed=1)
    rng = Rng(1)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_action_ids()))
    state.hands[0].append(state.deck[0])
    with pytest.raises(AssertionError, match="in two places"):
        check(state)
    state.hands[0].pop()
    state.deck.pop()
    with pytest.raises(AssertionError, match="lost"):
        check(state)


def test_every_decision_met_in_play_is_explained_in_words() -> None:
    kinds = set()
    for seed in range(12):
        s = new_game(seats=2 + 2 * (seed % 2), seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            pending = s.decision()
            assert pending is not None
            text = s.prompt()
            assert text[-1] in ".?" and text != pending.kind, (pending, text)
            for action in s.legal_actions():
                assert action.label != action.id, action
            kinds.add(pending.kind)
            s.apply_action(rng.choice(s.legal_action_ids()))
    assert {"turn", "kill", "counter", "give"} <= kinds
