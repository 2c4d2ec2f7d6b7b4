"""What the simulator records of a Diabolicards game (``ossuary simulate``):
the side's power (guide SCORING) for both teammates, hands, mat cards, and the
cards each seat played and drew, read from the log."""

from __future__ import annotations

import random

import pytest

from ossuary.diabolicards import GAME, new_game
from ossuary.diabolicards.queries import scores


@pytest.mark.parametrize("seats", [2, 4])
def test_resources_and_card_counts_follow_the_game(seats: int) -> None:
    s = new_game(seats=seats, seed=9)
    rng = random.Random(9)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_action_ids()))
    power, hand, mat = GAME.statistics.resource_values(s)
    assert GAME.statistics.resources == ("power", "hand", "mat")
    totals = scores(s)
    assert power == [float(totals[p % 2]) for p in range(seats)]  # teammates share it
    assert hand == [float(len(h)) for h in s.hands]
    assert mat[0] == mat[2 % seats] and all(m >= 0 for m in mat)
    assert GAME.statistics.turn(s) == s.turn_number > 0
    cards = GAME.statistics.card_counts(s)
    plays = [e for e in s.log if e["e"] == "play"]
    assert sum(sum(d.values()) for d in cards["played"]) == len(plays)
    for e in plays:
        assert cards["played"][e["p"]][e["card"]] >= 1
    # held: the cards in each hand when the game ended
    assert cards["held"] == [{s.defs[c].name: 1 for c in hand} for hand in s.hands]
    # every seat drew its opening hand: 6 in 1v1, 5 in 2v2 (guide THE SETUP)
    assert all(sum(d.values()) >= (6 if seats == 2 else 5) for d in cards["drawn"])
    groups = GAME.cards.groups()
    assert len(groups) == len({c.name for c in s.defs}) and "Doomed Squad" in groups.values()
