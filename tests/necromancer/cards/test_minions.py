"""Minions with rules text: each test plays the card's text."""

import pytest

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
    summon,
    table,
)

card = pytest.mark.card


# -- skeletons ---------------------------------------------------------------------
@card("Marrow Archer", game="necromancer")
def test_marrow_archer_shoots_an_enemy_minion_when_summoned() -> None:
    s = table(hand=["Marrow Archer"], theirs=[m("Whisper Shade", 1, invisible=True), "Cave Lurker"])
    summon(s, 0, "Marrow Archer")
    # the shade is invisible: the lurker is the only target, chosen without asking
    assert s.minions[at(s, 1, 2)].damage == 1 and s.minions[at(s, 1, 1)].damage == 0


@card("Grave Drummer", game="necromancer")
def test_grave_drummer_beats_for_its_neighbours() -> None:
    s = table(mine=["Rattlebone Footman", "Grave Drummer", "Rattlebone Footman", "Cave Lurker"])
    assert [stats_at(s, 0, k)[0] for k in (1, 2, 3, 4)] == [2, 1, 2, 2]


@card("Marrow Lancer", game="necromancer")
def test_marrow_lancer_charges_harder() -> None:
    s = table(mine=["Marrow Lancer"])
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 40 - (2 + 2 + 1)  # +2 when it attacks, +1 against heroes


@card("Deathless Legionnaire", game="necromancer")
def test_deathless_legionnaire_raises_a_small_one_as_it_falls() -> None:
    s = table(hand=["Grave Bolt"], mine=["Deathless Legionnaire"], grave0=["Rattlebone Footman"])
    play(s, 0, "Grave Bolt")  # its only possible target: the legionnaire
    pass_all(s)
    expect(s, "place", 0)
    act(s, "at 2")
    assert row(s, 0) == [None, None, "Rattlebone Footman", None]


@card("The Hollow King", game="necromancer")
def test_the_hollow_king_rallies_the_other_skeletons() -> None:
    s = table(hand=["The Hollow King"], mine=["Rattlebone Footman", "Cave Lurker"])
    summon(s, 0, "The Hollow King", 3)
    assert [stats_at(s, 0, k)[0] for k in (1, 2, 3)] == [3, 2, 7]
    act(s, "end", "end")
    assert stats_at(s, 0, 1)[0] == 1


# -- arachnids -----------------------------------------------------------------------
@card("Silkspinner Hatchling", game="necromancer")
def test_silkspinner_hatchling_calls_a_cheaper_one_when_alone() -> None:
    s = table(hand=["Grave Bolt", "Spindle Runner"], mine=["Silkspinner Hatchling"])
    play(s, 0, "Grave Bolt")
    pass_all(s)
    expect(s, "pick", 0)  # alone on the field: the condition holds
    act(s, "Spindle Runner", "at 0")
    assert row(s, 0)[0] == "Spindle Runner"


@card("Venom Skitterer", game="necromancer")
def test_venom_skitterer_ensnares_on_arrival() -> None:
    s = table(hand=["Venom Skitterer"], theirs=["Cave Lurker"])
    summon(s, 0, "Venom Skitterer")
    assert s.minions[at(s, 1, 1)].ensnare is not None


@card("Silk Shepherd", game="necromancer")
def test_silk_shepherd_shields_its_neighbours_from_piercing() -> None:
    s = table(theirs=["Spindle Runner", "Silk Shepherd", "Whisper Shade"], mine=["Bone Colossus"])
    s.minions[at(s, 1, 3)].invisible = False
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert health(s)[1] == 40


@card("Web Matron", game="necromancer")
def test_web_matron_ensnares_across_at_the_start_of_the_turn() -> None:
    s = table(mine=[m("Web Matron", 2)], theirs=[m("Cave Lurker", 2), m("Cave Lurker", 3)],
              phase="start")  # fmt: skip
    assert s.minions[at(s, 1, 2)].ensnare is not None and s.minions[at(s, 1, 3)].ensnare is None


@card("Carrion Widow", game="necromancer")
def test_carrion_widow_draws_when_it_kills() -> None:
    s = table(mine=["Carrion Widow"], theirs=["Spindle Runner"])
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert len(s.seats[0].hand) == 1


@card("Queen of the Hollow Web", game="necromancer")
def test_queen_of_the_hollow_web_ensnares_every_enemy() -> None:
    s = table(hand=["Queen of the Hollow Web"], theirs=["Cave Lurker", m("Whisper Shade", 3)])
    summon(s, 0, "Queen of the Hollow Web")
    assert all(s.minions[at(s, 1, k)].ensnare is not None for k in (1, 3))


# -- wraiths ----------------------------------------------------------------------
@card("Drifting Shroud", game="necromancer")
def test_drifting_shroud_hides_another_minion() -> None:
    s = table(hand=["Drifting Shroud"], mine=["Cave Lurker"])
    summon(s, 0, "Drifting Shroud", 2)
    assert s.minions[at(s, 0, 1)].invisible


@card("Lantern Ghost", game="necromancer")
def test_lantern_ghost_hides_a_minion_even_on_an_enemy_turn() -> None:
    s = table(mine=["Cave Lurker", m("Lantern Ghost", 2)], hand1=["Grave Bolt"], active=1)
    play(s, 1, "Grave Bolt")
    act(s, f"m{at(s, 0, 1)}")
    expect(s, "window", 0)
    act(s, f"use {at(s, 0, 2)} 0")
    act(s, f"m{at(s, 0, 1)}")
    pass_all(s)
    # the bolt's target became invisible to its caster: the bolt does nothing to it
    assert s.minions[at(s, 0, 1)].damage == 0


@card("Hollow Specter", game="necromancer")
def test_hollow_specter_gains_lifeforce_when_it_attacks() -> None:
    s = table(mine=["Hollow Specter"], lifeforce0=4)
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert s.seats[0].lifeforce == 5


@card("Grave Banshee", game="necromancer")
def test_grave_banshee_screams_at_every_enemy_minion() -> None:
    s = table(hand=["Grave Banshee"], theirs=["Whisper Shade", "Cave Lurker"])
    summon(s, 0, "Grave Banshee", 2)
    assert row(s, 1)[0] is None and s.minions[at(s, 1, 2)].damage == 1


@card("Soulbinder Wraith", game="necromancer")
def test_soulbinder_wraith_borrows_a_cheap_enemy_for_the_turn() -> None:
    s = table(hand=["Soulbinder Wraith"], theirs=["Cave Lurker", "Crypt Hulk"])
    summon(s, 0, "Soulbinder Wraith", 1)
    assert row(s, 0)[:2] == ["Soulbinder Wraith", "Cave Lurker"]  # the hulk costs too much
    act(s, "end")
    assert row(s, 1)[0] == "Cave Lurker"


@card("Echo Wraith", game="necromancer")
def test_echo_wraith_leaves_two_cards_behind() -> None:
    s = table(mine=["Echo Wraith"], hand=["Cataclysm of Bones"])
    play(s, 0, "Cataclysm of Bones")
    pass_all(s)
    assert len(s.seats[0].hand) == 2


@card("The Pale Procession", game="necromancer")
def test_the_pale_procession_leads_the_other_wraiths() -> None:
    s = table(mine=["The Pale Procession", "Mist Wraith", "Cave Lurker"])
    assert [stats_at(s, 0, k) for k in (1, 2, 3)] == [(6, 6), (3, 3), (2, 3)]


# -- ghouls --------------------------------------------------------------------------
@card("Corpse Eater", game="necromancer")
def test_corpse_eater_heals_when_it_kills() -> None:
    s = table(mine=[m("Corpse Eater", 1, damage=1)], theirs=[m("Whisper Shade", 1)])
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert s.minions[at(s, 0, 1)].damage == 0  # 1 + 2 taken, 3 healed


@card("Tomb Scavenger", game="necromancer")
def test_tomb_scavenger_banishes_from_an_enemy_graveyard() -> None:
    s = table(hand=["Tomb Scavenger"], grave1=["Cave Lurker"], lifeforce0=5)
    summon(s, 0, "Tomb Scavenger")
    assert grave_names(s, 1) == [] and s.seats[0].lifeforce == 4


@card("Bloated Ghoul", game="necromancer")
def test_bloated_ghoul_bursts_over_the_enemy() -> None:
    s = table(hand=["Grave Bolt"], mine=[m("Bloated Ghoul", 1, damage=2)], theirs=["Whisper Shade"])
    play(s, 0, "Grave Bolt")
    act(s, f"m{at(s, 0, 1)}")
    pass_all(s)
    assert row(s, 1)[0] is None


@card("Ghoul Packleader", game="necromancer")
def test_ghoul_packleader_leads_the_other_ghouls() -> None:
    s = table(mine=["Ghoul Packleader", "Grave Gnawer", "Cave Lurker"])
    assert [stats_at(s, 0, k)[0] for k in (1, 2, 3)] == [3, 2, 2]


@card("Ravenous Horde", game="necromancer")
def test_ravenous_horde_calls_a_small_ghoul_from_hand() -> None:
    s = table(hand=["Ravenous Horde", "Grave Gnawer", "Cave Lurker"])
    summon(s, 0, "Ravenous Horde")
    expect(s, "pick", 0)
    assert len(s.legal_action_ids()) == 2  # the gnawer, or none (the lurker is no ghoul)
    act(s, "Grave Gnawer")
    act(s, "at 1")
    assert row(s, 0)[:2] == ["Ravenous Horde", "Grave Gnawer"]


@card("Old Gullet, the Undying", game="necromancer")
def test_old_gullet_brings_a_ghoul_back_as_it_dies() -> None:
    s = table(
        hand=["Cataclysm of Bones"],
        mine=[m("Old Gullet, the Undying", 1, damage=2)],
        grave0=["Charnel Brute"],
    )
    play(s, 0, "Cataclysm of Bones")
    pass_all(s)
    act(s, "at 0")
    assert row(s, 0)[0] == "Charnel Brute"


# -- demons ----------------------------------------------------------------------
@card("Tithe Imp", game="necromancer")
def test_tithe_imp_pays_a_card_when_it_dies() -> None:
    s = table(hand=["Grave Bolt"], mine=["Tithe Imp"])
    play(s, 0, "Grave Bolt")
    pass_all(s)
    assert len(s.seats[0].hand) == 1


@card("Soul Broker", game="necromancer")
def test_soul_broker_gives_back_lifeforce() -> None:
    s = table(hand=["Soul Broker"], lifeforce0=5)
    summon(s, 0, "Soul Broker")
    assert s.seats[0].lifeforce == 5 - 3 + 2 and health(s)[0] == 39


@card("Ironhide Ravager", game="necromancer")
def test_ironhide_ravager_hits_harder_when_it_attacks() -> None:
    s = table(mine=["Ironhide Ravager"])
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 34


@card("Chain Devil", game="necromancer")
def test_chain_devil_ensnares_across_when_it_attacks() -> None:
    s = table(mine=[m("Chain Devil", 3)], theirs=[m("Cave Lurker", 3), m("Cave Lurker", 4)])
    attack(s, 0, 3, "h1")
    pass_all(s)
    if s.decision().kind == "defend":  # type: ignore[union-attr]
        act(s, "done")
    assert s.minions[at(s, 1, 3)].ensnare is not None and s.minions[at(s, 1, 4)].ensnare is None


@card("Brimstone Tormentor", game="necromancer")
def test_brimstone_tormentor_burns_an_enemy_character() -> None:
    s = table(hand=["Brimstone Tormentor"], theirs=["Cave Lurker"])
    summon(s, 0, "Brimstone Tormentor")
    expect(s, "target", 0)
    act(s, "h1")
    assert health(s) == [38, 38]


@card("Hellgate Warden", game="necromancer")
def test_hellgate_warden_makes_demons_cheaper() -> None:
    s = table(hand=["Pit Fiend", "Cave Lurker"], mine=["Hellgate Warden"])
    fiend = next(c for c in s.seats[0].hand if s.defs[c].name == "Pit Fiend")
    lurker = next(c for c in s.seats[0].hand if s.defs[c].name == "Cave Lurker")
    assert s.action_label(f"play {fiend}").endswith("2 lifeforce)")
    assert s.action_label(f"play {lurker}").endswith("2 lifeforce)")  # not a demon


# -- vampires -------------------------------------------------------------------
@card("Red Chapel Acolyte", game="necromancer")
def test_red_chapel_acolyte_heals_the_hero() -> None:
    s = table(hand=["Red Chapel Acolyte"], health0=30)
    summon(s, 0, "Red Chapel Acolyte")
    assert health(s)[0] == 33


@card("Hemomancer", game="necromancer")
def test_hemomancer_bleeds_an_enemy_minion_once_a_turn() -> None:
    s = table(mine=["Hemomancer"], theirs=["Cave Lurker"])
    act(s, f"use {at(s, 0, 1)} 0")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].damage == 1 and s.seats[0].lifeforce == 8
    assert not any(o.startswith("use") for o in s.legal_action_ids())


@card("Velvet Seducer", game="necromancer")
def test_velvet_seducer_keeps_a_cheap_enemy_for_good() -> None:
    s = table(hand=["Velvet Seducer"], theirs=["Cave Lurker"])
    summon(s, 0, "Velvet Seducer")
    act(s, "end", "end")
    assert row(s, 0)[:2] == ["Velvet Seducer", "Cave Lurker"]


@card("Elder Nosferatu", game="necromancer")
def test_elder_nosferatu_drinks_when_it_kills() -> None:
    s = table(mine=["Elder Nosferatu"], theirs=["Cave Lurker"], health0=20)
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert health(s)[0] == 23


@card("The Blood Countess", game="necromancer")
def test_the_blood_countess_bleeds_every_enemy_at_the_end_of_the_turn() -> None:
    s = table(mine=["The Blood Countess"], health0=30)
    act(s, "end")
    assert health(s) == [32, 38]
    assert hand_names(s, 1)


@card("Pit Warden", game="necromancer")
def test_pit_warden_destroys_a_cheap_enemy() -> None:
    s = table(hand=["Pit Warden"], theirs=["Cave Lurker", "Pit Fiend"])
    summon(s, 0, "Pit Warden")
    assert row(s, 1)[:2] == [None, "Pit Fiend"] and health(s)[0] == 38


@card("Gravedigger Ghoul", game="necromancer")
def test_gravedigger_ghoul_fills_the_graveyard() -> None:
    s = table(hand=["Gravedigger Ghoul"], deck0=["Crypt Hulk", "Grave Bolt", "Cave Lurker"])
    summon(s, 0, "Gravedigger Ghoul")
    expect(s, "pick", 0)
    act(s, "Crypt Hulk")
    expect(s, "pick", 0)
    act(s, "none")
    assert grave_names(s, 0) == ["Crypt Hulk"] and len(s.seats[0].deck) == 2


@card("Night Terror Shade", game="necromancer")
def test_night_terror_shade_makes_each_enemy_discard() -> None:
    s = table(hand=["Night Terror Shade"], hand1=["Grave Bolt"])
    summon(s, 0, "Night Terror Shade")
    assert grave_names(s, 1) == ["Grave Bolt"]
