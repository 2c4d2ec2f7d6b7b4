"""Why Even (guide THE ABILITIES: too strange to categorize; reference card
notes): Why Stick, Why Preach, Why See, Why Swap, Why Copy."""

from __future__ import annotations

from .script import (
    act,
    card,
    dead,
    events,
    expect,
    hand,
    illegal,
    play,
    power_of,
    scenario,
    where,
    zone,
)

STICK = """
    [game]
    deck = ["Jock Jensen", "Nerd Nguyen", "Prodigy Priya"]
    [[seat]]
    hand = ["Spiderloom", "Viper", "Vanessa"]
    [[seat]]
    hand = ["Blink", "Lodestar", "Thunderclap"]
    [[side]]
    vask_tower = ["VP Marsh", "Captain Adequate"]
    [[side]]
    vask_tower = ["Lil Sprocket", "Static Cling", "Aegis"]
    """


def test_why_stick_binds_two_plain_cards_of_equal_power() -> None:
    # Why Stick: one enemy card and one of yours here, no ability, equal power
    s = scenario(STICK)
    act(s, play(s, "Spiderloom", "vask"))
    expect(s, "stick", 0)
    # VP Marsh (3) matches Lil Sprocket (3); Captain Adequate (0) matches Static Cling (0)
    act(s, "stick VP Marsh")  # the one enemy card of power 3 is bound without a question
    assert s.sticks == [(card(s, "Spiderloom"), card(s, "VP Marsh"), card(s, "Lil Sprocket"))]


def test_why_stick_blocks_every_other_movement() -> None:
    # FAQ / THE ABILITIES: Why Stick blocks other movement abilities
    s = scenario(STICK)
    act(s, play(s, "Spiderloom", "vask"), "stick VP Marsh")
    act(s, play(s, "Blink", "vask"))  # Redeploy: the stuck card can't be picked
    opts = s.decision().options  # type: ignore[union-attr]
    assert f"move {card(s, 'Lil Sprocket')}" not in opts
    illegal(s, f"move {card(s, 'Lil Sprocket')}", "may pick")


def test_the_trio_moves_together_and_a_move_takes_a_turn() -> None:
    # Why Stick: the three move together; each move costs a (Usual) turn
    s = scenario(STICK)
    act(s, play(s, "Spiderloom", "vask"), "stick VP Marsh")
    act(s, play(s, "Lodestar", "gang"))
    act(s, "trio 2")
    assert zone(s, 0, "campus") == ["Spiderloom", "VP Marsh"]
    assert zone(s, 1, "campus") == ["Lil Sprocket"]
    assert events(s, "trio_move") and hand(s, 0)[-1] == "Prodigy Priya"  # the draw


def test_when_one_of_the_trio_dies_all_three_die() -> None:
    s = scenario(STICK)
    act(s, play(s, "Spiderloom", "vask"), "stick VP Marsh")
    act(s, play(s, "Lodestar", "gang"))
    act(s, play(s, "Vanessa", "vask", "a"), "kill Lil Sprocket", "done")
    assert {"Spiderloom", "VP Marsh", "Lil Sprocket"} <= set(dead(s))
    assert not s.sticks


def test_why_preach_pulls_useless_apexes_from_both_sides() -> None:
    # Why Preach: as many as the side with fewer has, and space allows; each
    # side picks which of its own come
    s = scenario(
        """
        [[seat]]
        hand = ["Pastor Pointless"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Captain Adequate", "Doorstop"]
        havenvale_campus = ["Paper Cut"]
        [[side]]
        vask_tower = ["Static Cling"]
        """
    )
    act(s, play(s, "Pastor Pointless", "gang"))
    expect(s, "preach", 0)  # three candidates, one may come
    act(s, "pull Doorstop")
    assert zone(s, 0, "gang") == ["Pastor Pointless", "Doorstop"]
    assert zone(s, 1, "gang") == ["Static Cling"]  # seat 1's only one came, unasked
    assert events(s, "preach")[0]["n"] == 1


def test_why_see_each_side_shows_a_card_after_the_enemy_turn() -> None:
    # Why See: after the enemy's next turn, each side shows the other a card
    s = scenario(
        """
        [[seat]]
        hand = ["Peeping Pam", "Viper", "Knuckles"]
        [[seat]]
        hand = ["Lodestar", "Aegis"]
        """
    )
    act(s, play(s, "Peeping Pam", "vask"))
    expect(s, "turn", 1)
    act(s, play(s, "Lodestar", "vask"))
    # the enemy's turn is over: both show a card, Pam's player first
    expect(s, "reveal", 0)
    act(s, "show Knuckles")
    expect(s, "reveal", 1)
    act(s, "show Aegis")
    assert s.known[card(s, "Aegis")] & 0b01 and s.known[card(s, "Knuckles")] & 0b10
    assert s.view(0)["players"][1]["hand"][0]["card"] == "Aegis"
    expect(s, "turn", 0)


def test_why_swap_trades_places_with_a_plain_enemy_card_that_arrives_at_power_0() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Switcheroo"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Big Tuna", "Blink"]
        """
    )
    act(s, play(s, "Switcheroo", "vask"))
    assert s.decision().options == (f"swap {card(s, 'Big Tuna')}", "done")  # type: ignore[union-attr]
    act(s, "swap Big Tuna")
    assert where(s, "Big Tuna") == (0, "Vask Tower", "r") and power_of(s, "Big Tuna") == 0
    assert where(s, "Switcheroo") == (1, "Vask Tower", "r")
    assert s.ctrl[card(s, "Switcheroo")] == 1


def test_why_copy_cards_cannot_die_until_all_four_are_on_the_mat() -> None:
    # Why Copy: nothing kills a copy, not Scorched Earth, not a Diabolical, until
    # all four are on the mat; then all four die
    s = scenario(
        """
        [[seat]]
        hand = ["Razor", "Ditto Quattro"]
        [[seat]]
        hand = ["Viper", "Lodestar"]
        [[side]]
        [[side]]
        vask_tower = ["Ditto Prime", "Knuckles"]
        """
    )
    act(s, play(s, "Razor", "vask", "s"), "Kill everything on the enemy side")
    assert where(s, "Ditto Prime") is not None and "Knuckles" in dead(s)
    s = scenario(
        """
        [[seat]]
        hand = ["Ditto Quattro"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Ditto Deux"]
        [[side]]
        vask_tower = ["Ditto Prime"]
        havenvale_campus = ["Ditto Tres"]
        """
    )
    act(s, play(s, "Ditto Quattro", "gang"))
    assert {"Ditto Prime", "Ditto Deux", "Ditto Tres", "Ditto Quattro"} <= set(dead(s))
    assert events(s, "copies_complete")
