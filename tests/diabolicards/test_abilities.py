"""Guide THE ABILITIES: boost, hinder, movement, turn affect and cheat death,
each named ability tested through the cards that carry it; FAQ answers on
abilities (own zone, single use, latest boost or hinder wins, escapes)."""

from __future__ import annotations

from .script import (
    act,
    card,
    dead,
    events,
    expect,
    hand,
    play,
    power_of,
    scenario,
    score,
    where,
    zone,
)


# -- Boost: Love ---------------------------------------------------------------------
def test_love_boosts_to_8_while_the_partner_shares_the_zone_on_either_side() -> None:
    # THE ABILITIES (boost), Love: power 8 while the named partner is alive in
    # the same zone, on either side of the mat
    s = scenario(
        """
        [[seat]]
        hand = ["Romeo Park", "Viper"]
        [[seat]]
        hand = ["Juliet Vance"]
        """
    )
    act(s, play(s, "Romeo Park", "campus"))
    assert power_of(s, "Romeo Park") == 5
    act(s, play(s, "Juliet Vance", "campus"))
    assert power_of(s, "Romeo Park") == 8 and power_of(s, "Juliet Vance") == 8


def test_love_needs_the_linked_zone_and_a_living_partner() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        havenvale_campus = ["Romeo Park"]
        vask_tower = ["Knuckles"]
        [[side]]
        havenvale_campus = ["Juliet Vance"]
        """
    )
    assert power_of(s, "Romeo Park") == 8
    act(s, play(s, "Vanessa", "campus", "a"), "kill Juliet Vance")
    assert power_of(s, "Romeo Park") == 5
    # Valor (The Vantheon) loves Empress and is not linked: anywhere works
    s = scenario(
        """
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Valor"]
        [[side]]
        activation = { vask_tower = "Empress" }
        """
    )
    assert power_of(s, "Valor") == 8


# -- Boost: Apex Service, and the latest boost or hinder wins -------------------------
def test_apex_service_boosts_up_to_four_allied_humans_and_fills_open_picks_later() -> None:
    # The Diabolicals, Empress: up to four Humans of her side in the zone have
    # power 8 while she lives; open picks go to Humans who arrive later
    s = scenario(
        """
        [[seat]]
        hand = ["Empress", "Viper"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        vask_tower = ["VP Marsh", "Aegis", "Auditor Kell"]
        [[side]]
        vask_tower = ["Knuckles"]
        """
    )
    act(s, play(s, "Empress", "vask", "a"))
    assert power_of(s, "VP Marsh") == 8 and power_of(s, "Auditor Kell") == 8
    assert power_of(s, "Aegis") == 5  # an Apex
    assert power_of(s, "Knuckles") == 6  # an enemy
    act(s, play(s, "Lodestar", "gang"), play(s, "Viper", "vask"))
    assert power_of(s, "Viper") == 8  # a later arrival fills an open pick


def test_apex_service_asks_which_four_when_more_humans_are_there() -> None:
    s = scenario(
        """
        [[seat]]
        hand = ["Empress"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        vask_tower = ["VP Marsh", "Auditor Kell", "Board Member Sato", "Assistant Dunn",
                      "Barista Bo"]
        """
    )
    act(s, play(s, "Empress", "vask", "a"))
    expect(s, "pick", 0)
    act(s, "pick Barista Bo", "pick VP Marsh", "pick Auditor Kell", "pick Assistant Dunn")
    assert power_of(s, "Board Member Sato") == 2
    assert power_of(s, "Barista Bo") == 8
    expect(s, "turn", 1)


def test_the_latest_boost_or_hinder_takes_over() -> None:
    # FAQ / THE ABILITIES: with several boosts and hinders on a card, the latest
    # wins. Valor is boosted by Love (when placed), then hindered by Apex Prison
    s = scenario(
        """
        [[seat]]
        hand = ["Nightreign"]
        [[seat]]
        hand = ["Lodestar"]
        [[side]]
        [[side]]
        vask_tower = ["Valor"]
        activation = { vask_tower = "Empress" }
        """
    )
    assert power_of(s, "Valor") == 8
    act(s, play(s, "Nightreign", "vask", "a"))
    assert power_of(s, "Valor") == 0


def test_a_later_boost_takes_over_from_a_hinder() -> None:
    # FAQ / THE ABILITIES: Misogyny hinders Juliet; Empress's boost comes later
    s = scenario(
        """
        [[seat]]
        hand = ["Mr. Pembrooke"]
        [[seat]]
        hand = ["Empress", "Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Juliet Vance"]
        """
    )
    act(s, play(s, "Mr. Pembrooke", "vask"))
    assert power_of(s, "Juliet Vance") == 0
    act(s, play(s, "Empress", "vask", "a"))
    assert power_of(s, "Juliet Vance") == 8


# -- Hinder: Misogyny and Apex Prison -------------------------------------------------
def test_misogyny_hinders_enemy_women_while_both_stay_in_the_zone() -> None:
    # Misogyny (Vask Tower only): up to four enemy women here have power 0 while
    # both stay; men and his own side are untouched (FAQ: gender matters)
    s = scenario(
        """
        [[seat]]
        hand = ["Mr. Pembrooke"]
        [[seat]]
        hand = ["Blink"]
        [[side]]
        vask_tower = ["Auditor Kell"]
        [[side]]
        vask_tower = ["Viper", "Knuckles", "Lodestar"]
        """
    )
    act(s, play(s, "Mr. Pembrooke", "vask"))
    assert power_of(s, "Viper") == 0 and power_of(s, "Lodestar") == 0
    assert power_of(s, "Knuckles") == 6 and power_of(s, "Auditor Kell") == 2
    # Blink redeploys Lodestar out of the zone: the hinder ends for good
    act(s, play(s, "Blink", "vask"), "move Lodestar", "To Havenvale Campus")
    assert power_of(s, "Lodestar") == 4


def test_apex_prison_hinders_allied_and_enemy_apexes() -> None:
    # Nightreign: up to four Apexes of his side and four enemy Apexes in the zone
    # have power 0 while he lives; Humans are untouched
    s = scenario(
        """
        [[seat]]
        hand = ["Nightreign"]
        [[seat]]
        hand = ["Thunderclap"]
        [[side]]
        vask_tower = ["Aegis", "VP Marsh"]
        [[side]]
        vask_tower = ["Blink", "Knuckles"]
        """
    )
    act(s, play(s, "Nightreign", "vask", "a"))
    assert power_of(s, "Aegis") == 0 and power_of(s, "Blink") == 0
    assert power_of(s, "VP Marsh") == 3 and power_of(s, "Knuckles") == 6
    act(s, play(s, "Thunderclap", "vask"))
    assert power_of(s, "Thunderclap") == 0  # a later arrival fills an open pick


# -- Movement -----------------------------------------------------------------------
def test_redeploy_moves_one_of_your_cards_to_another_zone() -> None:
    # THE ABILITIES (movement), Redeploy
    s = scenario(
        """
        [[seat]]
        hand = ["Director Halloran"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Big Tuna"]
        """
    )
    act(s, play(s, "Director Halloran", "vask"), "move Big Tuna", "To The Gang Hideout")
    assert zone(s, 0, "gang") == ["Big Tuna"] and zone(s, 0, "vask") == ["Director Halloran"]
    # Big Tuna now gives The Gang Hideout synergy; Halloran gives Vask Tower's
    assert score(s)[0] == 4 + 7 + 1 + 1


def test_influence_takes_an_enemy_card_to_your_side() -> None:
    # THE ABILITIES (movement), Influence: control changes
    s = scenario(
        """
        [[seat]]
        hand = ["Chairman Voss"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Big Tuna", "Empress"]
        """.replace('"Big Tuna", "Empress"', '"Big Tuna"')
    )
    act(s, play(s, "Chairman Voss", "vask"), "take Big Tuna")
    assert where(s, "Big Tuna") == (0, "Vask Tower", "r")
    assert s.ctrl[card(s, "Big Tuna")] == 0


def test_runaway_flees_the_first_kill_and_the_second_is_final() -> None:
    # THE ABILITIES (cheat death, movement), Runaway: the only escapes from a kill
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa", "Warpath"]
        [[seat]]
        hand = ["Viper", "Lodestar"]
        [[side]]
        [[side]]
        vask_tower = ["Afterimage"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Afterimage")
    expect(s, "counter", 1)
    act(s, "escape", "To Havenvale Campus")
    assert where(s, "Afterimage") == (1, "Havenvale Campus", "r")
    act(s, play(s, "Viper", "vask"), play(s, "Warpath", "campus", "a"), "kill Afterimage")
    expect(s, "turn", 1)  # no second escape
    assert "Afterimage" in dead(s)


def test_deathdodge_goes_back_into_the_deck_once() -> None:
    # THE ABILITIES (cheat death), Deathdodge: back into the deck on the first death
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Ember Anew"]
        """
    )
    deck = len(s.deck)
    act(s, play(s, "Vanessa", "vask", "a"), "kill Ember Anew", "escape")
    assert card(s, "Ember Anew") in s.deck and len(s.deck) == deck  # in, one drawn
    assert card(s, "Ember Anew") in s.lost  # the second death will be final
    assert events(s, "dodge")


def test_deathdodge_with_an_empty_deck_stays() -> None:
    s = scenario(
        """
        [game]
        rest = "dead"
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Ember Anew"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Ember Anew", "escape")
    assert where(s, "Ember Anew") == (1, "Vask Tower", "r")


def test_declining_a_counter_means_death_for_good() -> None:
    # THE USUAL TURN step 5: a savable card discarded is dead for good
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Ember Anew"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Ember Anew", "die")
    assert "Ember Anew" in dead(s)


# -- Turn affect ---------------------------------------------------------------------
def test_turntable_gives_another_turn() -> None:
    # THE ABILITIES (turn affect), Turntable: the Usual Turn is extended
    s = scenario(
        """
        [[seat]]
        hand = ["CFO Lin", "Viper"]
        [[seat]]
        hand = ["Lodestar"]
        """
    )
    act(s, play(s, "CFO Lin", "vask"))
    expect(s, "turn", 0)
    assert events(s, "extra_turn")
    act(s, play(s, "Viper", "vask"))
    expect(s, "turn", 1)


def test_fate_purge_shuffles_the_hand_in_and_draws_back_to_four() -> None:
    # Fate Purge (Havenvale Campus only)
    s = scenario(
        """
        [[seat]]
        hand = ["Quinn Cramwell", "Viper", "Knuckles", "Aegis", "Blink", "Lodestar"]
        [[seat]]
        hand = ["Thunderclap"]
        """
    )
    act(s, play(s, "Quinn Cramwell", "campus"))
    assert len(hand(s, 0)) == 4 + 1  # back to four, then the turn's draw
    assert events(s, "fate_purge")[0]["cards"] == 5


def test_fate_purge_with_a_low_deck_shows_a_card_and_draws_one() -> None:
    s = scenario(
        """
        [game]
        rest = "dead"
        deck = ["Jock Jensen", "Nerd Nguyen", "Prodigy Priya"]
        [[seat]]
        hand = ["Quinn Cramwell", "Viper", "Knuckles"]
        [[seat]]
        hand = ["Thunderclap"]
        """
    )
    act(s, play(s, "Quinn Cramwell", "campus"))
    shown = events(s, "reveal")[0]
    assert shown["card"] in ("Viper", "Knuckles") and shown["to"] == 1
    assert s.known[card(s, shown["card"])] & 0b10  # seat 1 now knows it  # type: ignore[arg-type]
    assert hand(s, 0) == ["Viper", "Knuckles", "Jock Jensen", "Nerd Nguyen"]


def test_an_ability_acts_only_in_its_own_zone() -> None:
    # FAQ: usually a card's ability affects only the zone it's in
    s = scenario(
        """
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        [[side]]
        vask_tower = ["Knuckles"]
        the_gang_hideout = ["Big Tuna"]
        """
    )
    act(s, play(s, "Vanessa", "gang", "a"))
    assert s.decision().options == (f"kill {card(s, 'Big Tuna')}", "done")  # type: ignore[union-attr]


def test_a_card_that_dodges_into_the_deck_leaves_its_doom_pact_and_its_partner_lives() -> None:
    # THE ABILITIES (cheat death) with Doom Pact: the pact ties the partners'
    # deaths; a Deathdodge is no death, so the pact ends and Lady Doombound stays
    # (rules-notes, Cheat death; found by the fuzz runner, seed 1836)
    s = scenario(
        """
        [game]
        doom_pacts = [["Lady Doombound", "Ember Anew"]]
        [[seat]]
        hand = ["Vanessa"]
        [[seat]]
        hand = ["Viper"]
        [[side]]
        vask_tower = ["Lady Doombound"]
        [[side]]
        vask_tower = ["Ember Anew"]
        """
    )
    act(s, play(s, "Vanessa", "vask", "a"), "kill Ember Anew", "escape")
    assert card(s, "Ember Anew") in s.deck
    assert s.pacts == [] and where(s, "Lady Doombound") == (0, "Vask Tower", "r")
    assert "Lady Doombound" not in dead(s)


def test_an_apex_moved_out_of_apex_prison_loses_the_hinder_for_good() -> None:
    # Reference, Apex Prison: moving out of the zone by an ability lifts the
    # hinder for good. Valor (4) is hindered to 0; Blink moves it to the Gang
    # Hideout (4); Mags moves it back while picks are still open: it stays 4.
    s = scenario(
        """
        [[seat]]
        hand = ["Nightreign", "Lil Sprocket", "Barista Bo"]
        [[seat]]
        hand = ["Blink", "Mags"]
        [[side]]
        [[side]]
        vask_tower = ["Valor"]
        """
    )
    act(s, play(s, "Nightreign", "vask", "a"))
    assert power_of(s, "Valor") == 0
    act(s, play(s, "Blink", "vask"), "move Valor", "To The Gang Hideout")
    assert where(s, "Valor")[:2] == (1, "The Gang Hideout") and power_of(s, "Valor") == 4
    act(s, play(s, "Lil Sprocket", "campus"))
    act(s, play(s, "Mags", "gang"), "move Valor", "To Vask Tower")
    assert where(s, "Valor")[:2] == (1, "Vask Tower")
    assert power_of(s, "Valor") == 4  # not hindered again
    assert power_of(s, "Blink") == 0  # an arrival never picked before fills an open pick


def test_a_human_moved_out_of_apex_service_loses_the_boost_for_good() -> None:
    # Reference, Apex Service: an ally moved out of the zone by an ability
    # loses the boost for good: Rook 6 -> 8 -> 6, and back in the zone still 6.
    s = scenario(
        """
        [[seat]]
        hand = ["Empress", "Blink", "Mags"]
        [[seat]]
        hand = ["Lil Sprocket", "Barista Bo"]
        [[side]]
        vask_tower = ["Rook"]
        """
    )
    act(s, play(s, "Empress", "vask", "a"))
    assert power_of(s, "Rook") == 8
    act(s, play(s, "Lil Sprocket", "campus"))
    act(s, play(s, "Blink", "vask"), "move Rook", "To The Gang Hideout")
    assert power_of(s, "Rook") == 6
    act(s, play(s, "Barista Bo", "campus"))
    act(s, play(s, "Mags", "gang"), "move Rook", "To Vask Tower")
    assert where(s, "Rook")[:2] == (0, "Vask Tower") and power_of(s, "Rook") == 6
