"""Guide THE LAYOUT, THE ZONES, THE SLOTS, THE LINKED GROUPS, THE ZONE LINK and
THE SYNERGY; the FAQ answers on the mat."""

from __future__ import annotations

from ossuary.diabolicards.cards import ZONES
from ossuary.diabolicards.queries import synergy

from .script import act, card, dead, events, expect, illegal, play, scenario, score, where, zone

EIGHT = '["Captain Adequate", "Lady Lukewarm", "The Mild Bulk", "Static Cling", "Doorstop", ' \
    '"Paper Cut", "Mister Moist", "Sidekick Sally"]'  # fmt: skip


def test_three_zones_left_to_right() -> None:
    # FAQ / THE ZONES: Vask Tower, The Gang Hideout, Havenvale Campus
    assert ZONES == ("Vask Tower", "The Gang Hideout", "Havenvale Campus")
    s = scenario("[[seat]]\nhand = ['Viper']")
    assert [z["name"] for z in s.view(0)["sides"][0]["zones"]] == list(ZONES)


def test_eight_regular_slots_then_the_activation_slot_and_scorched_space() -> None:
    # FAQ / THE SLOTS: 9 slots per zone: 8 regular or Diabolical, 1 bottom slot
    # only for activating a Diabolical; Scorched Earth takes no slot at all
    s = scenario(
        f"""
        [[seat]]
        hand = ["Viper", "Dale", "Razor"]
        [[side]]
        vask_tower = {EIGHT}
        """
    )
    opts = s.decision().options  # type: ignore[union-attr]
    assert play(s, "Viper", "vask") not in opts
    illegal(s, play(s, "Viper", "vask"), "no empty slot")
    assert play(s, "Dale", "vask", "a") in opts and play(s, "Dale", "vask") not in opts
    assert play(s, "Razor", "vask", "s") in opts  # around the zone's name, full or not
    assert play(s, "Dale", "gang") in opts and play(s, "Dale", "gang", "a") in opts


def test_only_diabolicals_go_in_an_activation_slot() -> None:
    # FAQ / THE SLOTS: the bottom slot is dedicated to Diabolical activation
    s = scenario('[[seat]]\nhand = ["Viper", "Razor"]')
    illegal(s, f"play {card(s, 'Viper')} 0 a", "only a diabolical")
    illegal(s, f"play {card(s, 'Razor')} 0 r", "take no slot")
    illegal(s, f"play {card(s, 'Viper')} 0 s", "only scorched earth")


def test_a_linked_card_scores_anywhere_but_uses_its_ability_only_in_its_zone() -> None:
    # FAQ / THE LINKED GROUPS and THE ZONE LINK: Dominique may go anywhere for
    # his power, but Anti-Apex works only in The Gang Hideout
    s = scenario(
        """
        [[seat]]
        hand = ["Dominique"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Aegis"]
        """
    )
    act(s, play(s, "Dominique", "vask"))
    assert events(s, "ability_lost")[-1]["why"] == "outside its zone"
    assert "Aegis" in zone(s, 1, "vask")
    assert card(s, "Dominique") in s.lost  # a one-time ability not used is gone
    assert score(s)[0] == 4  # his power counts; no synergy outside his zone


def test_groups_that_are_not_linked_use_abilities_anywhere() -> None:
    # FAQ / THE LINKED GROUPS: the other groups use abilities anywhere
    s = scenario(
        """
        [[seat]]
        hand = ["Gravitas"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        havenvale_campus = ["Thunderclap"]
        """
    )
    act(s, play(s, "Gravitas", "campus"), "take Thunderclap")
    assert where(s, "Thunderclap") == (0, "Havenvale Campus", "r")


def test_a_lasting_linked_ability_works_only_in_its_zone() -> None:
    # THE LINKED GROUPS: Slick's Runaway does not work outside The Gang Hideout
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Slick"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Slick")
    expect(s, "turn", 1)  # no counter asked
    assert "Slick" in dead(s)


def test_synergy_counts_living_linked_cards_in_their_zone_capped_at_four() -> None:
    # FAQ / THE SYNERGY: +1 per linked card alive in its zone at the end, max +4
    s = scenario(
        """
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["VP Marsh", "Big Tuna"]
        havenvale_campus = ["Jock Jensen", "Nerd Nguyen", "Prodigy Priya", "Romeo Park",
                            "Juliet Vance"]
        activation = { the_gang_hideout = "Dale" }
        """
    )
    assert synergy(s, 0, 0) == 1  # Big Tuna is not linked to Vask Tower
    assert synergy(s, 0, 1) == 0  # a Diabolical gives no synergy
    assert synergy(s, 0, 2) == 4  # five linked cards, capped at +4
    assert s.view(0)["sides"][0]["zones"][2]["synergy"] == 4
