"""Spells: each test plays the card's text."""

import json

import pytest

from ossuary.necromancer.queries import keywords

from ..script import (
    act,
    at,
    attack,
    expect,
    grave_names,
    hand_names,
    health,
    m,
    pass_all,
    play,
    row,
    stats_at,
    table,
)

card = pytest.mark.card


@card("Grave Bolt", game="necromancer")
def test_grave_bolt_three_damage_excess_pierces() -> None:
    s = table(hand=["Grave Bolt"], theirs=["Spindle Runner"])
    play(s, 0, "Grave Bolt")
    pass_all(s)
    assert row(s, 1)[0] is None and health(s)[1] == 38


@card("Bone Shards", game="necromancer")
def test_bone_shards_hits_every_enemy_minion() -> None:
    s = table(hand=["Bone Shards"], mine=["Cave Lurker"], theirs=["Cave Lurker", "Spindle Runner"])
    play(s, 0, "Bone Shards")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].damage == 2 and row(s, 1)[1] is None
    assert s.minions[at(s, 0, 1)].damage == 0 and health(s)[1] == 39


@card("Chain of Agony", game="necromancer")
def test_chain_of_agony_hits_the_target_and_its_neighbours() -> None:
    s = table(hand=["Chain of Agony"], theirs=["Cave Lurker", "Barrow Sentinel", "Cave Lurker",
                                                 "Cave Lurker"])  # fmt: skip
    play(s, 0, "Chain of Agony")
    act(s, f"m{at(s, 1, 2)}")
    pass_all(s)
    assert [s.minions[at(s, 1, k)].damage for k in (1, 2, 3, 4)] == [1, 2, 1, 0]


@card("Cataclysm of Bones", game="necromancer")
def test_cataclysm_of_bones_hits_every_minion() -> None:
    s = table(hand=["Cataclysm of Bones"], mine=["Crypt Hulk"], theirs=["Cave Lurker"])
    play(s, 0, "Cataclysm of Bones")
    pass_all(s)
    assert s.minions[at(s, 0, 1)].damage == 4 and row(s, 1)[0] is None and health(s)[1] == 39


@card("Soul Siphon", game="necromancer")
def test_soul_siphon_hurts_and_heals() -> None:
    s = table(hand=["Soul Siphon"], health0=30)
    play(s, 0, "Soul Siphon")
    pass_all(s)
    assert health(s) == [32, 38]


@card("Forbidden Rite", game="necromancer")
def test_forbidden_rite_reaches_an_artifact() -> None:
    s = table(hand=["Forbidden Rite"], magic1=["Grave Bell"])
    play(s, 0, "Forbidden Rite")
    act(s, f"c{s.seats[1].magic[0]}")
    pass_all(s)
    assert grave_names(s, 1) == ["Grave Bell"] and health(s)[1] == 38


@card("Dark Pact", game="necromancer")
def test_dark_pact_trades_health_for_cards() -> None:
    s = table(hand=["Dark Pact"])
    play(s, 0, "Dark Pact")
    pass_all(s)
    assert health(s)[0] == 37 and len(s.seats[0].hand) == 2


@card("Harvest of Souls", game="necromancer")
def test_harvest_of_souls_draws_and_gives_lifeforce() -> None:
    s = table(hand=["Harvest of Souls"], lifeforce0=6)
    play(s, 0, "Harvest of Souls")
    pass_all(s)
    assert len(s.seats[0].hand) == 2 and s.seats[0].lifeforce == 4


@card("Call of the Crypt", game="necromancer")
def test_call_of_the_crypt_finds_a_cheap_minion() -> None:
    s = table(hand=["Call of the Crypt"], deck0=["Crypt Hulk", "Cave Lurker", "Grave Bolt"])
    play(s, 0, "Call of the Crypt")
    pass_all(s)
    expect(s, "pick", 0)  # asked even with one card to find: the deck is hidden
    act(s, "Cave Lurker")
    assert hand_names(s, 0) == ["Cave Lurker"] and len(s.seats[0].deck) == 2
    assert any(e["e"] == "search" and e["card"] == "Cave Lurker" for e in s.view(1)["log"])


@card("Raise the Fallen", game="necromancer")
def test_raise_the_fallen_resurrects_a_cheap_minion() -> None:
    s = table(hand=["Raise the Fallen"], grave0=["Crypt Hulk", "Cave Lurker"])
    play(s, 0, "Raise the Fallen")
    pass_all(s)
    act(s, "at 1")
    assert row(s, 0)[1] == "Cave Lurker"


@card("Mass Exhumation", game="necromancer")
def test_mass_exhumation_resurrects_two() -> None:
    s = table(hand=["Mass Exhumation"], grave0=["Crypt Hulk", "Cave Lurker"])
    play(s, 0, "Mass Exhumation")
    pass_all(s)
    act(s, "Crypt Hulk", "at 0", "at 1")
    assert row(s, 0)[:2] == ["Crypt Hulk", "Cave Lurker"]


@card("Curse of Frailty", game="necromancer")
def test_curse_of_frailty_weakens_for_good() -> None:
    s = table(hand=["Curse of Frailty"], theirs=["Pit Fiend"])
    play(s, 0, "Curse of Frailty")
    pass_all(s)
    act(s, "end", "end")
    assert stats_at(s, 1, 1) == (2, 4)


@card("Crumble", game="necromancer")
def test_crumble_lowers_defense_without_destroying() -> None:
    s = table(hand=["Crumble"], theirs=["Cave Lurker"])
    play(s, 0, "Crumble")
    pass_all(s)
    assert stats_at(s, 1, 1) == (2, 0) and row(s, 1)[0] == "Cave Lurker"


@card("Chilling Grasp", game="necromancer")
def test_chilling_grasp_ensnares_for_two_rounds() -> None:
    s = table(hand=["Chilling Grasp"], theirs=["Cave Lurker"])
    play(s, 0, "Chilling Grasp")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].ensnare == (0, s.seats[0].turns + 2)


@card("Return to Dust", game="necromancer")
def test_return_to_dust_sends_a_minion_home() -> None:
    s = table(hand=["Return to Dust"], theirs=["Crypt Hulk"])
    play(s, 0, "Return to Dust")
    pass_all(s)
    assert hand_names(s, 1) == ["Crypt Hulk"] and row(s, 1)[0] is None
    assert s.view(0)["players"][1]["hand"][0]["card"] == "Crypt Hulk"  # everyone saw it


@card("Banishment", game="necromancer")
def test_banishment_takes_a_minion_out_of_the_game() -> None:
    s = table(hand=["Banishment"], theirs=[m("Cave Lurker", 1, relics=["Rusted Cleaver"])])
    play(s, 0, "Banishment")
    pass_all(s)
    assert [s.defs[c].name for c in s.seats[1].banished] == ["Cave Lurker"]
    assert grave_names(s, 1) == ["Rusted Cleaver"]


@card("Salt the Graves", game="necromancer")
def test_salt_the_graves_banishes_enemy_graveyards() -> None:
    s = table(hand=["Salt the Graves"], grave0=["Cave Lurker"], grave1=["Cave Lurker", "Pit Fiend"])
    play(s, 0, "Salt the Graves")
    pass_all(s)
    assert grave_names(s, 1) == [] and len(s.seats[1].banished) == 2
    assert grave_names(s, 0) == ["Cave Lurker", "Salt the Graves"] and len(s.seats[0].hand) == 1


@card("Borrowed Will", game="necromancer")
def test_borrowed_will_frees_and_borrows() -> None:
    s = table(hand=["Borrowed Will"], theirs=[m("Pit Fiend", 1, ensnared=1)])
    play(s, 0, "Borrowed Will")
    pass_all(s)
    fiend = at(s, 0, 1)
    assert s.minions[fiend].ensnare is None
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 36
    act(s, "end")
    assert at(s, 1, 1) == fiend


@card("Dominion of the Dead", game="necromancer")
def test_dominion_of_the_dead_takes_a_minion_for_good() -> None:
    s = table(hand=["Dominion of the Dead"], theirs=["Crypt Hulk"])
    s.seats[0].lifeforce = 10
    play(s, 0, "Dominion of the Dead")
    pass_all(s)
    act(s, "end", "end")
    assert row(s, 0)[0] == "Crypt Hulk"


@card("Frost Snare", game="necromancer")
def test_frost_snare_in_answer_to_an_attack() -> None:
    s = table(mine=["Pit Fiend"], hand1=["Frost Snare"])
    attack(s, 0, 1, "h1")
    play(s, 1, "Frost Snare")
    pass_all(s)
    assert health(s)[1] == 40 and s.minions[at(s, 0, 1)].damage == 1


@card("Unravel", game="necromancer")
def test_unravel_negates_a_spell() -> None:
    s = table(hand=["Grave Bolt"], theirs=["Cave Lurker"], hand1=["Unravel"])
    play(s, 0, "Grave Bolt")
    play(s, 1, "Unravel")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].damage == 0


@card("Stand Down", game="necromancer")
def test_stand_down_negates_an_enemy_attack() -> None:
    s = table(mine=["Pit Fiend"], hand1=["Stand Down"])
    attack(s, 0, 1, "h1")
    play(s, 1, "Stand Down")
    pass_all(s)
    assert health(s)[1] == 40 and s.minions[at(s, 0, 1)].attacks == 1


@card("Silence the Rite", game="necromancer")
def test_silence_the_rite_negates_destroy_magic() -> None:
    s = table(magic1=["Grave Bell"], hand1=["Silence the Rite"])
    act(s, f"destroy {s.seats[1].magic[0]}")
    play(s, 1, "Silence the Rite")
    pass_all(s)
    assert grave_names(s, 1) == ["Silence the Rite"] and s.seats[0].lifeforce == 6


@card("Null Word", game="necromancer")
def test_null_word_negates_anything_even_a_minion_being_played() -> None:
    s = table(hand=["Crypt Hulk"], hand1=["Null Word", "Mist Wraith"])
    play(s, 0, "Crypt Hulk")
    play(s, 1, "Null Word")
    pass_all(s)
    assert row(s, 0) == [None] * 4 and grave_names(s, 0) == ["Crypt Hulk"]


@card("Shadow Step", game="necromancer")
def test_shadow_step_saves_a_minion_from_a_spell() -> None:
    s = table(hand=["Grave Bolt"], hand1=["Shadow Step"], theirs=["Cave Lurker"])
    play(s, 0, "Grave Bolt")
    play(s, 1, "Shadow Step")
    pass_all(s)
    lurker = s.minions[at(s, 1, 1)]
    assert lurker.invisible and lurker.damage == 0  # the bolt lost its target


@card("Blood Frenzy", game="necromancer")
def test_blood_frenzy_adds_attack_for_the_turn() -> None:
    s = table(mine=["Cave Lurker"], hand=["Blood Frenzy"])
    attack(s, 0, 1, "h1")
    play(s, 0, "Blood Frenzy")
    pass_all(s)
    assert health(s)[1] == 35


@card("Bone Ward", game="necromancer")
def test_bone_ward_adds_defense_for_the_turn() -> None:
    s = table(theirs=["Cave Lurker"], hand1=["Bone Ward"], hand=["Grave Bolt"])
    play(s, 0, "Grave Bolt")
    play(s, 1, "Bone Ward")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].damage == 3 and row(s, 1)[0] == "Cave Lurker"


@card("Cut the Threads", game="necromancer")
def test_cut_the_threads_frees_an_ensnared_minion() -> None:
    s = table(mine=[m("Cave Lurker", 1, ensnared=2)], hand=["Cut the Threads"])
    play(s, 0, "Cut the Threads")
    pass_all(s)
    assert s.minions[at(s, 0, 1)].ensnare is None and len(s.seats[0].hand) == 1


@card("Doom's Reckoning", game="necromancer")
def test_dooms_reckoning_destroys_a_minion() -> None:
    s = table(hand=["Doom's Reckoning"], theirs=[m("Crypt Hulk", 1, relics=["Bone Buckler"])])
    play(s, 0, "Doom's Reckoning")
    pass_all(s)
    assert row(s, 1)[0] is None and sorted(grave_names(s, 1)) == ["Bone Buckler", "Crypt Hulk"]


@card("Whispering Madness", game="necromancer")
def test_whispering_madness_makes_the_enemy_discard_at_random() -> None:
    s = table(hand=["Whispering Madness"], hand1=["Crypt Hulk", "Grave Bolt"])
    play(s, 0, "Whispering Madness")
    pass_all(s)
    assert len(s.seats[1].hand) == 1 and len(grave_names(s, 1)) == 1
    assert len(s.seats[0].hand) == 1
    assert any(e["e"] == "discard" and e["why"] == "random" for e in s.view(0)["log"])


@card("Unholy Vigor", game="necromancer")
def test_unholy_vigor_grants_immunity_for_good() -> None:
    s = table(hand=["Unholy Vigor"], mine=["Pit Fiend"])
    play(s, 0, "Unholy Vigor")
    pass_all(s)
    act(s, "end", "end")
    assert stats_at(s, 0, 1) == (5, 4) and s.minions[at(s, 0, 1)].granted == [("immune", True)]
    # saved as the flag it is, on both builds (1 == True hid a compiled build's 1)
    saved = json.loads(s.serialize())
    (minion,) = [m for m in saved["minions"] if m["granted"]]
    # (is True: a 1 compares equal to True, which hid the compiled build's 1)
    assert minion["granted"] == [["immune", True]] and minion["granted"][0][1] is True
    assert keywords(s, at(s, 0, 1))["immune"] is True


@card("Undertow of Souls", game="necromancer")
def test_undertow_of_souls_returns_cheap_enemy_minions() -> None:
    s = table(hand=["Undertow of Souls"], theirs=["Cave Lurker", "Crypt Hulk", "Spindle Runner"])
    play(s, 0, "Undertow of Souls")
    pass_all(s)
    assert row(s, 1) == [None, "Crypt Hulk", None, None]
    assert sorted(hand_names(s, 1)) == ["Cave Lurker", "Spindle Runner"]
