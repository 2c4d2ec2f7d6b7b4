"""Robustness: random playouts over a few seeds and 2-6 seats, checking after
every action that no card is lost or duplicated, souls never go negative,
abominations hold 1-5 minions, clone equals the original, serialize round-trips,
no seat's view shows a hidden card, and the same seed and actions replay the
same game. ``make fuzz`` runs the same checks over 10,000 games."""

import pytest

from ossuary.engine import Rng
from ossuary.fuzz import random_game
from ossuary.hecatomb import GAME, HecatombState, new_game
from ossuary.hecatomb.invariants import check


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
# three games a seat count (and the conformance suite's): ``make fuzz`` runs these
# same checks over as many games of every seat count as it is given (docs/testing.md)
@pytest.mark.parametrize("seed", range(3))
def test_random_playout_keeps_every_invariant(seats: int, seed: int) -> None:
    state = random_game(GAME, seed, seats, deep_every=3)
    assert isinstance(state, HecatombState)
    assert state.is_terminal()
    assert state.winner is not None
    assert state.seats[state.winner].souls >= 20
    assert sorted(state.returns(), reverse=True)[0] == 1.0
    assert abs(sum(state.returns())) < 1e-9
    assert state.ply == len(state.history)


def test_check_catches_a_duplicated_card() -> None:
    state = new_game(seed=1)
    rng = Rng(1)
    for _ in range(60):
        state.apply_action(rng.choice(state.legal_action_ids()))
    state.seats[0].hand.append(state.seats[0].graveyard[0] if state.seats[0].graveyard else 0)
    with pytest.raises(AssertionError):
        check(state)


def test_every_decision_met_in_play_is_explained_in_words() -> None:
    kinds = set()
    for seed in range(8):
        s = new_game(seats=2 + seed % 3, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            pending = s.decision()
            assert pending is not None
            text = s.prompt()
            assert text[-1] in ".?" and text != pending.kind, (pending, text)
            kinds.add(pending.kind)
            s.apply_action(rng.choice(s.legal_action_ids()))
    assert {"main", "pay", "place", "window", "target"} <= kinds
