"""Guide THE SETUP and THE CONTRACTS (setup rules); FAQ answers on modes, hands,
contract slots and who starts."""

from __future__ import annotations

import pytest

from ossuary.diabolicards import new_game
from ossuary.diabolicards.game import _blank
from ossuary.diabolicards.rules import setup_contracts
from ossuary.engine.errors import DeckError, SetupError
from ossuary.engine.rng import Rng

from .script import card, events


@pytest.mark.parametrize(("seats", "hand"), [(2, 6), (4, 5)])
def test_hands_and_four_face_up_contracts(seats: int, hand: int) -> None:
    # FAQ / THE SETUP: 1v1 draws 6 and puts 2 each into the contracts; 2v2 draws 5
    # and puts 1 each: four face-up contract cards either way
    s = new_game(seats=seats, seed=3)
    assert [len(h) for h in s.hands] == [hand] * seats
    assert all(c >= 0 for c in s.contracts)
    assert len(s.deck) == 80 - 4 - hand * seats
    v = s.view(0)
    assert all(c is not None for c in v["contracts"])  # face up: everyone sees them


def test_only_1v1_and_2v2() -> None:
    # FAQ: you can play 1v1 or 2v2
    for bad in (1, 3, 5):
        with pytest.raises(SetupError, match="for 2 or 4 players"):
            new_game(seats=bad)


def test_one_shared_deck_takes_no_deck_lists() -> None:
    with pytest.raises(DeckError, match="one shared 80-card deck"):
        new_game(decks=[["Razor"], []])
    assert new_game(decks=[], seed=1).n == 2  # a replay's empty deck list is fine


def test_anyone_may_start() -> None:
    # FAQ / THE TURNS: anyone from any side can start; here the seed chooses
    # unless told, and a chosen first player keeps the same shuffle
    firsts = {new_game(seats=4, seed=k).first for k in range(20)}
    assert firsts == {0, 1, 2, 3}
    a, b = new_game(seed=5, first=0), new_game(seed=5, first=1)
    assert a.deck == b.deck and a.first == 0 and b.first == 1
    assert a.current_player() == 0 and b.current_player() == 1
    with pytest.raises(SetupError):
        new_game(first=2)


def test_2v2_turns_alternate_between_the_sides() -> None:
    # rules notes (2v2 turn order): seats 0,1,2,3 in turn; sides are seat % 2
    s = new_game(seats=4, seed=2, first=0)
    order = []
    rng = Rng(1)
    while len(order) < 8:
        seat = s.current_player()
        if s.decision().kind == "turn" and (not order or order[-1] != seat):  # type: ignore[union-attr]
            order.append(seat)
        s.apply_action(rng.choice(s.legal_action_ids()))
    assert order == [0, 1, 2, 3, 0, 1, 2, 3]


def test_ineligible_cards_may_be_initial_contracts() -> None:
    # FAQ / THE CONTRACTS: Scorched Earth and Diabolicals can be contract cards,
    # but only as the initial ones dealt at setup
    found = False
    for seed in range(60):
        s = new_game(seed=seed)
        if any(not s.defs[c].eligible for c in s.contracts):
            found = True
            assert any(s.defs[c].eligible for c in s.contracts)
            break
    assert found


def test_setup_purges_without_discarding_until_an_eligible_card_shows() -> None:
    # THE CONTRACTS: at setup, contracts of ineligible cards only are purged
    # without discarding, again and again, until an eligible card shows
    s = _blank(2)
    s.rng = Rng(0)
    ineligible = [card(s, n) for n in ("Razor", "Dale", "Empress", "Vanessa")]
    others = [c for c in range(80) if c not in ineligible]
    s.deck = others + ineligible  # the four ineligible cards on top
    setup_contracts(s)
    assert events(s, "setup_purge")
    assert any(s.defs[c].eligible for c in s.contracts)
    assert len(s.deck) == 76 and not s.dead  # nothing was discarded
