"""2v2 (guide THE SETUP; FAQ: teammates share a side but never see each other's
hands): shared side and score, hidden teammates' hands, per-side returns, who
decides for a card (rules notes)."""

from __future__ import annotations

from ossuary.diabolicards import new_game

from .script import act, card, expect, hand, play, scenario, score, where

TEAM = """
    [game]
    mode = "2v2"
    [[seat]]
    hand = ["Vanessa", "Viper"]
    [[seat]]
    hand = ["Lodestar"]
    [[seat]]
    hand = ["Knuckles"]
    [[seat]]
    hand = ["Aegis", "Pastor Pointless"]
    [[side]]
    [[side]]
    vask_tower = [{ card = "Afterimage", seat = 3 }, "Thunderclap"]
    """


def test_teammates_share_a_side_and_its_score() -> None:
    s = scenario(TEAM)
    act(s, play(s, "Viper", "gang"))
    act(s, play(s, "Lodestar", "campus"))
    act(s, play(s, "Knuckles", "gang"))
    assert score(s)[0] == 4 + 6 + 2  # both teammates' cards, one side (and synergy)
    assert where(s, "Knuckles") == (0, "The Gang Hideout", "r")


def test_a_seat_sees_its_own_hand_only_never_its_teammates() -> None:
    # FAQ / THE SETUP: teammates cannot look at each other's cards
    s = new_game(seats=4, seed=9)
    for seat in range(4):
        players = s.view(seat)["players"]
        for p, player in enumerate(players):
            if p == seat:
                assert all(c is not None for c in player["hand"])
            else:
                assert all(c is None for c in player["hand"])  # teammate included
                assert player["hand_count"] == len(s.hands[p])


def test_the_controller_of_a_card_answers_for_its_counter() -> None:
    # rules notes: in 2v2 the seat that played (controls) a card decides its counter
    s = scenario(TEAM)
    act(s, play(s, "Vanessa", "vask", "a"), "kill Afterimage", "kill Thunderclap")
    expect(s, "counter", 3)


def test_returns_are_per_side() -> None:
    s = scenario(
        """
        [game]
        mode = "2v2"
        rest = "dead"
        [[seat]]
        hand = ["Big Tuna"]
        [[seat]]
        hand = ["Viper"]
        """
    )
    act(s, play(s, "Big Tuna", "vask"), play(s, "Viper", "vask"))
    assert s.is_terminal() and s.winner == 0
    assert s.returns() == [1.0, -1.0, 1.0, -1.0]


def test_a_side_wide_choice_goes_to_that_sides_next_seat() -> None:
    # rules notes: Why Preach asks each side; for the other side, its seat whose
    # turn comes first
    s = scenario(
        """
        [game]
        mode = "2v2"
        turn = 3
        [[seat]]
        hand = ["Viper"]
        [[seat]]
        hand = ["Lodestar"]
        [[seat]]
        hand = ["Knuckles"]
        [[seat]]
        hand = ["Pastor Pointless"]
        [[side]]
        vask_tower = ["Captain Adequate", "Doorstop"]
        havenvale_campus = ["Mister Moist"]
        [[side]]
        vask_tower = ["Static Cling", "Paper Cut"]
        """
    )
    act(s, play(s, "Pastor Pointless", "gang"))  # seat 3's side brings both of its own
    expect(s, "preach", 0)  # side 0's next seat after seat 3 is seat 0
    act(s, "pull Doorstop", "pull Mister Moist")
    assert hand(s, 0) == ["Viper"]
    assert [s.defs[c].name for c in s.mat[0][1]] == ["Doorstop", "Mister Moist"]
    assert card(s, "Paper Cut") in s.mat[1][1] and card(s, "Static Cling") in s.mat[1][1]
