"""Rulebook "Setup and Start", "Deck Rules and Strategy" and "Deck" (001): souls and hands at
the start, who goes first, the deck-building limits and the number of players."""

import pytest

from ossuary.engine import DeckError
from ossuary.hecatomb import base_pool, new_game, preconstructed, validate_deck

STARTER = base_pool().names()


def deck(size: int = 40, copies: int = 3) -> list[str]:
    """A deck of ``size`` cards made of starter cards, ``copies`` of each (the last name
    may have fewer)."""
    out: list[str] = []
    for name in STARTER:
        out.extend([name] * copies)
    assert len(out) >= size
    return out[:size]


def test_each_player_starts_with_five_souls_and_four_cards() -> None:
    # Setup and Start: 5 souls and a four-card hand each. The game then runs into the first
    # player's ready phase (+1 soul, draw one), so only that player has moved on.
    s = new_game(seed=3, first=0)
    assert s.seats[1].souls == 5
    assert len(s.seats[1].hand) == 4
    assert s.seats[0].souls == 6
    assert len(s.seats[0].hand) == 5


def test_decks_are_shuffled_and_hold_the_rest_of_the_cards() -> None:
    # Setup and Start: decks are shuffled and the hands are drawn from them.
    s = new_game(seed=3, first=0)
    for p in range(2):
        seat = s.seats[p]
        assert len(seat.hand) + len(seat.deck) == len(s.decks[p])
        assert sorted(s.defs[c].name for c in seat.hand + seat.deck) == sorted(s.decks[p])
    listed = [s.defs[c].name for c in reversed(s.seats[1].deck + s.seats[1].hand)]
    assert listed != s.decks[1], "the deck was not shuffled"


def test_the_seed_chooses_the_first_player_when_none_is_given() -> None:
    # Setup and Start: "decide who takes the first turn"; here the seed decides.
    firsts = {new_game(seed=seed).first for seed in range(20)}
    assert firsts == {0, 1}
    for seed in range(5):
        s = new_game(seed=seed)
        assert s.decision().player == s.first == s.turn


@pytest.mark.parametrize("first", [0, 1])
def test_a_given_first_player_takes_the_first_turn(first: int) -> None:
    # Setup and Start: the players may decide who goes first.
    s = new_game(seed=7, first=first)
    assert s.first == first
    pending = s.decision()
    assert pending.kind == "main" and pending.player == first


def test_a_first_player_out_of_range_is_rejected() -> None:
    with pytest.raises(ValueError, match="first player"):
        new_game(seed=1, first=2)


def test_a_legal_deck_of_exactly_forty_with_three_copies_is_accepted() -> None:
    # Deck Rules and Strategy: forty cards, three copies of a card, is fine.
    cards = deck(40, 3)
    validate_deck(cards, base_pool())
    s = new_game([cards, cards], seed=2)
    assert len(s.decks[0]) == 40


def test_a_deck_under_forty_cards_is_rejected_saying_why() -> None:
    # Deck Rules and Strategy / Deck: at least forty cards.
    short = deck(39, 3)
    with pytest.raises(DeckError, match="39 cards") as info:
        new_game([short, deck()], seed=1)
    assert "at least 40" in str(info.value)
    assert "Player 1's deck" in str(info.value)


def test_a_deck_with_four_copies_of_a_card_is_rejected_saying_why() -> None:
    # Deck Rules and Strategy / Deck: no more than three copies of any card.
    cards = deck(40, 3)
    cards[-1] = cards[0]  # a fourth copy of the first card
    with pytest.raises(DeckError, match="4 copies") as info:
        new_game([deck(), cards], seed=1)
    assert repr(cards[0]) in str(info.value)
    assert "at most 3" in str(info.value)
    assert "Player 2's deck" in str(info.value)


def test_unknown_card_names_are_rejected() -> None:
    # Deck: a deck must be made of real cards.
    cards = deck(40, 3)
    cards[5] = "No Such Card"
    with pytest.raises(DeckError, match="unknown card 'No Such Card'"):
        new_game([cards, deck()], seed=1)


def test_an_unknown_preconstructed_deck_is_rejected() -> None:
    with pytest.raises(DeckError, match="no preconstructed deck"):
        new_game(["Not A Deck", deck()], seed=1)


def test_the_number_of_decks_must_match_the_seats() -> None:
    with pytest.raises(DeckError, match="3 seats need 3 decks"):
        new_game([deck(), deck()], seats=3, seed=1)


def test_the_preconstructed_decks_are_legal() -> None:
    # Deck Rules and Strategy: the shipped decks obey the deck rules themselves.
    for name, cards in preconstructed().items():
        validate_deck(cards, base_pool(), name)


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_two_to_six_players_can_play(seats: int) -> None:
    # Setup and Start for every seat: 5 souls and four cards (the first player has begun).
    s = new_game(seats=seats, seed=11, first=0)
    assert s.num_seats() == seats
    assert [seat.souls for seat in s.seats] == [6] + [5] * (seats - 1)
    assert [len(seat.hand) for seat in s.seats] == [5] + [4] * (seats - 1)
    assert s.decision().player == 0


@pytest.mark.parametrize("seats", [1, 7])
def test_one_or_seven_players_are_rejected(seats: int) -> None:
    with pytest.raises(ValueError, match="2 to 6"):
        new_game(seats=seats, seed=1)


def test_the_same_seed_gives_the_same_game() -> None:
    # A seeded setup is reproducible: same shuffle, same first player, same play.
    a, b = new_game(seed=42), new_game(seed=42)
    assert a.serialize() == b.serialize()
    for _ in range(6):
        choice = a.legal_action_ids()[0]
        a.apply_action(choice)
        b.apply_action(choice)
    assert a.serialize() == b.serialize()


def test_different_seeds_give_different_shuffles() -> None:
    hands = {tuple(new_game(seed=seed, first=0).seats[1].hand) for seed in range(5)}
    assert len(hands) > 1


def test_choosing_the_first_player_keeps_the_same_shuffle() -> None:
    # The seed alone decides the shuffle; naming the first player changes only who starts.
    a, b = new_game(seed=9, first=0), new_game(seed=9, first=1)
    assert a.seats[0].deck == b.seats[0].deck[:-1]
    assert b.seats[1].deck == a.seats[1].deck[:-1]
