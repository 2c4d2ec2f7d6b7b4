"""Robustness: random playouts over 2-4 seats checking, after every action, that
no card is lost or duplicated, health and lifeforce stay in bounds, the field
keeps its shape, no view or log shows a hidden card; and every few actions that
clone equals the original, serialize round-trips and a sample for the deciding
seat is independent and consistent with its view; at the end, that the replay
is exact (the generic runner, ``ossuary.fuzz``)."""

import pytest

from ossuary import games
from ossuary.fuzz import random_game
from ossuary.necromancer.invariants import check

GAME = games.get("necromancer")


@pytest.mark.parametrize("seats", [2, 3, 4])
# two games a seat count (and the conformance suite's): ``make fuzz`` runs these
# same checks over as many games of every seat count as it is given (docs/testing.md)
@pytest.mark.parametrize("seed", range(2))
def test_random_playout_keeps_every_invariant(seats: int, seed: int) -> None:
    state = random_game(GAME, seed, seats, deep_every=7)
    assert state.is_terminal()
    returns = state.returns()
    if state.winner is None:  # everyone left lost at once
        assert returns == [0.0] * seats
    else:
        assert returns[state.winner] == 1.0 and abs(sum(returns)) < 1e-9


def test_check_catches_a_duplicated_card() -> None:
    state = random_game(GAME, 1, 2)
    seat = state.seats[0]  # type: ignore[attr-defined]
    seat.hand.append(seat.graveyard[0] if seat.graveyard else seat.hero)
    with pytest.raises(AssertionError):
        check(state)  # type: ignore[arg-type]


def test_every_decision_met_in_play_is_explained_in_words() -> None:
    from ossuary.engine import Rng

    kinds = set()
    for seed in range(6):
        s = GAME.new_game(seats=2 + seed % 3, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            pending = s.decision()
            assert pending is not None
            text = s.prompt()
            assert text[-1] in ".?)" and text != pending.kind, (pending, text)
            for a in s.legal_actions():
                assert (a.label and a.label != a.id) or a.id in ("none",), a
            kinds.add(pending.kind)
            s.apply_action(rng.choice(s.legal_action_ids()))
    assert {"main", "window", "place", "mulligan", "target", "defend", "pick"} <= kinds
