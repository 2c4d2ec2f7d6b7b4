"""Doomed Squad (guide THE GROUPS: described nowhere; our designs in the spirit
of the name) and the restart abilities the guide names (THE ABILITIES: Sol for
Soul and Rewind restart what is lost). Rewind is also tested in test_contracts."""

from __future__ import annotations

from .script import act, card, dead, events, expect, play, power_of, scenario, where


def test_sol_for_soul_restarts_a_lost_ability_and_dies() -> None:
    # FAQ: a lost ability can't be restarted unless another ability says so
    s = scenario(
        """
        [[seat]]
        hand = ["Sol Sorrow"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        the_gang_hideout = ["Dominique"]
        [[side]]
        the_gang_hideout = ["Aegis"]
        """
    )
    assert card(s, "Dominique") in s.lost  # used when he was placed
    act(s, play(s, "Sol Sorrow", "gang"))  # the only lost ability: no question
    assert "Aegis" in dead(s) and "Sol Sorrow" in dead(s)  # Anti-Apex again; a soul paid
    assert card(s, "Dominique") in s.lost
    assert events(s, "restart")


def test_sol_for_soul_restores_a_spent_escape() -> None:
    s = scenario(
        """
        [game]
        lost = ["Afterimage"]
        [[seat]]
        hand = ["Sol Sorrow"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        havenvale_campus = ["Afterimage"]
        """
    )
    act(s, play(s, "Sol Sorrow", "gang"))
    assert card(s, "Afterimage") not in s.lost


def test_borrowed_time_dies_the_moment_the_deck_is_empty() -> None:
    s = scenario(
        """
        [game]
        rest = "dead"
        deck = ["Knuckles"]
        [[seat]]
        hand = ["Hourglass Hank", "Viper"]
        [[seat]]
        hand = ["Lodestar"]
        """
    )
    act(s, play(s, "Hourglass Hank", "vask"))  # then the draw empties the deck
    assert "Hourglass Hank" in dead(s) and events(s, "borrowed_time")


def test_borrowed_time_lives_while_the_deck_lasts() -> None:
    s = scenario(
        """
        [game]
        deck = ["Knuckles"]
        [[seat]]
        hand = ["Hourglass Hank"]
        [[seat]]
        hand = ["Lodestar"]
        """
    )
    act(s, play(s, "Hourglass Hank", "vask"))
    assert where(s, "Hourglass Hank") is not None and power_of(s, "Hourglass Hank") == 10


def test_dead_mans_switch_kills_an_enemy_when_fuse_dies() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Knuckles", "Big Tuna"]
        [[side]]
        vask_tower = ["Fuse"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Fuse")
    expect(s, "kill", 1)  # Fuse's controller picks the switch's victim
    act(s, "kill Big Tuna")
    assert {"Fuse", "Big Tuna"} <= set(dead(s)) and where(s, "Knuckles") is not None


def test_doom_pact_when_either_dies_the_other_dies_too() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Lady Doombound", "Viper"]
        [[seat]]
        hand = ["Vanessa"]
        [[side]]
        [[side]]
        vask_tower = ["Big Tuna", "Knuckles"]
        """
    )
    act(s, play(s, "Lady Doombound", "vask"), "bind Big Tuna")
    act(s, play(s, "Vanessa", "vask", "a"), "kill Lady Doombound")
    assert {"Lady Doombound", "Big Tuna"} <= set(dead(s))


def test_blood_price_kills_one_of_yours_or_its_own_card_pays() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Bram the Tithe"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Captain Adequate"]
        """
    )
    act(s, play(s, "Bram the Tithe", "vask"))  # the only card of his: no question
    assert "Captain Adequate" in dead(s) and power_of(s, "Bram the Tithe") == 9
    s = scenario('[[seat]]\nhand = ["Bram the Tithe"]\n[[seat]]\nhand = ["Viper"]')
    act(s, play(s, "Bram the Tithe", "vask"))
    assert "Bram the Tithe" in dead(s)


def test_go_out_loud_kills_an_enemy_and_then_itself() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Kamikaze Kit"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Big Tuna", "Knuckles"]
        """
    )
    act(s, play(s, "Kamikaze Kit", "vask"), "kill Big Tuna")
    assert {"Big Tuna", "Kamikaze Kit"} <= set(dead(s))


def test_death_wish_lives_only_when_its_side_was_behind() -> None:
    behind = """
        [[seat]]
        hand = ["Underdog Ursa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Viper"]
        [[side]]
        vask_tower = ["Big Tuna"]
        """.replace('hand = ["Viper"]', 'hand = ["Lodestar"]')
    s = scenario(behind)
    act(s, play(s, "Underdog Ursa", "vask"))
    assert where(s, "Underdog Ursa") is not None and events(s, "spared")
    s = scenario(behind.replace('["Big Tuna"]', '["Lil Sprocket"]'))
    act(s, play(s, "Underdog Ursa", "vask"))
    assert "Underdog Ursa" in dead(s)
