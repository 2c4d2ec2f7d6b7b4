"""Relics, artifacts, events and lands: each test plays the card's text."""

import pytest

from ..script import (
    act,
    at,
    attack,
    expect,
    grave_names,
    hand_names,
    health,
    kws_at,
    pass_all,
    play,
    row,
    stats_at,
    table,
)

card = pytest.mark.card


def attach(name: str, mine: list[str] | None = None, theirs: list[str] | None = None):  # type: ignore[no-untyped-def]
    s = table(hand=[name], mine=mine or ["Cave Lurker"], theirs=theirs or [])
    play(s, 0, name)
    pass_all(s)
    return s


# -- relics ------------------------------------------------------------------------
@card("Rusted Cleaver", game="necromancer")
def test_rusted_cleaver() -> None:
    assert stats_at(attach("Rusted Cleaver"), 0, 1) == (4, 3)


@card("Bone Buckler", game="necromancer")
def test_bone_buckler() -> None:
    assert stats_at(attach("Bone Buckler"), 0, 1) == (2, 6)


@card("Spiked Pauldron", game="necromancer")
def test_spiked_pauldron() -> None:
    s = attach("Spiked Pauldron")
    assert stats_at(s, 0, 1) == (3, 4) and kws_at(s, 0, 1).get("immune")


@card("Executioner's Axe", game="necromancer")
def test_executioners_axe() -> None:
    s = attach("Executioner's Axe")
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 40 - 5 - 1


@card("Cloak of Shadows", game="necromancer")
def test_cloak_of_shadows() -> None:
    s = attach("Cloak of Shadows")
    assert s.minions[at(s, 0, 1)].invisible and stats_at(s, 0, 1) == (3, 3)


@card("Twin Fangs", game="necromancer")
def test_twin_fangs() -> None:
    s = attach("Twin Fangs")
    attack(s, 0, 1, "h1")
    pass_all(s)
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 36


@card("Silkweave Gauntlet", game="necromancer")
def test_silkweave_gauntlet() -> None:
    s = attach("Silkweave Gauntlet", mine=["Pit Fiend"], theirs=["Crypt Hulk"])
    attack(s, 0, 1, "minion 1 1")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].ensnare is not None


@card("Shackles of Lethargy", game="necromancer")
def test_shackles_of_lethargy_go_on_an_enemy() -> None:
    s = attach("Shackles of Lethargy", mine=["Cave Lurker"], theirs=["Pit Fiend"])
    fiend = at(s, 1, 1)
    assert s.minions[fiend].ensnare is not None and stats_at(s, 1, 1) == (2, 4)
    assert s.defs[s.minions[fiend].relics[0]].name == "Shackles of Lethargy"


@card("Skullcap of Command", game="necromancer")
def test_skullcap_of_command() -> None:
    s = attach("Skullcap of Command")
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s)[1] == 36


@card("Soulcatcher Amulet", game="necromancer")
def test_soulcatcher_amulet() -> None:
    s = table(hand=["Soulcatcher Amulet"], mine=["Cave Lurker"], health0=30)
    play(s, 0, "Soulcatcher Amulet")
    pass_all(s)
    assert stats_at(s, 0, 1) == (3, 4) and health(s)[0] == 32


@card("Crown of the Forsaken", game="necromancer")
def test_crown_of_the_forsaken() -> None:
    s = table(hand=["Crown of the Forsaken"], mine=["Cave Lurker"], health0=30)
    play(s, 0, "Crown of the Forsaken")
    pass_all(s)
    assert stats_at(s, 0, 1) == (4, 5)
    attack(s, 0, 1, "h1")
    pass_all(s)
    assert health(s) == [32, 36]


@card("The Black Reliquary", game="necromancer")
def test_the_black_reliquary() -> None:
    s = attach("The Black Reliquary")
    assert stats_at(s, 0, 1) == (5, 6) and kws_at(s, 0, 1).get("immune")


# -- artifacts ---------------------------------------------------------------------
@card("Bonewall [artifact]", game="necromancer")
def test_bonewall_artifact_heals_at_the_end_of_the_turn() -> None:
    s = table(magic0=["Bonewall [artifact]"], health0=30)
    act(s, "end")
    assert health(s)[0] == 31


@card("Spirit Lantern", game="necromancer")
def test_spirit_lantern_gives_lifeforce_at_the_start_of_the_turn() -> None:
    s = table(magic0=["Spirit Lantern"], lifeforce0=2, phase="start")
    assert s.seats[0].lifeforce == 8  # 2 + 1, then + 5


@card("Soul Jar", game="necromancer")
def test_soul_jar_resurrects_a_small_minion() -> None:
    s = table(magic0=["Soul Jar"], grave0=["Spindle Runner"])
    act(s, f"use {s.seats[0].magic[0]} 0")
    pass_all(s)
    act(s, "at 3")
    assert row(s, 0)[3] == "Spindle Runner"


@card("Grave Bell", game="necromancer")
def test_grave_bell_adds_defense() -> None:
    s = table(magic0=["Grave Bell"], mine=["Cave Lurker"], theirs=["Cave Lurker"])
    assert stats_at(s, 0, 1) == (2, 4) and stats_at(s, 1, 1) == (2, 3)


@card("Blood Altar", game="necromancer")
def test_blood_altar_trades_health_for_a_card() -> None:
    s = table(magic0=["Blood Altar"])
    act(s, f"use {s.seats[0].magic[0]} 0")
    pass_all(s)
    assert health(s)[0] == 38 and len(s.seats[0].hand) == 1 and s.seats[0].lifeforce == 9


@card("Warding Totem", game="necromancer")
def test_warding_totem_answers_on_an_enemy_turn() -> None:
    s = table(active=1, hand1=["Grave Bolt"], mine=["Cave Lurker"], magic0=["Warding Totem"])
    play(s, 1, "Grave Bolt")
    expect(s, "window", 0)
    act(s, f"use {s.seats[0].magic[0]} 0")
    pass_all(s)
    assert row(s, 0)[0] == "Cave Lurker" and s.minions[at(s, 0, 1)].damage == 3


@card("Skull Catapult", game="necromancer")
def test_skull_catapult_throws_at_an_enemy_character() -> None:
    s = table(magic0=["Skull Catapult"])
    act(s, f"use {s.seats[0].magic[0]} 0")
    pass_all(s)
    assert health(s)[1] == 38


@card("Necrotic Obelisk", game="necromancer")
def test_necrotic_obelisk_hurts_enemy_minions_at_the_end_of_the_turn() -> None:
    s = table(magic0=["Necrotic Obelisk"], theirs=["Whisper Shade"])
    act(s, "end")
    assert row(s, 1)[0] is None and health(s)[1] == 40  # a 1-defense shade: no excess


@card("Infernal Portal", game="necromancer")
def test_infernal_portal_fetches_two_minions_and_discounts_minions() -> None:
    s = table(hand=["Infernal Portal"], deck0=["Pit Fiend", "Cave Lurker", "Grave Bolt"])
    play(s, 0, "Infernal Portal")
    pass_all(s)
    act(s, "Pit Fiend", "Cave Lurker")
    assert sorted(hand_names(s, 0)) == ["Cave Lurker", "Pit Fiend"]
    fiend = next(c for c in s.seats[0].hand if s.defs[c].name == "Pit Fiend")
    assert s.action_label(f"play {fiend}").endswith("2 lifeforce)")


@card("Mirror of Souls", game="necromancer")
def test_mirror_of_souls_negates_an_enemy_spell() -> None:
    s = table(hand=["Grave Bolt"], theirs=["Cave Lurker"], magic1=["Mirror of Souls"])
    play(s, 0, "Grave Bolt")
    act(s, f"use {s.seats[1].magic[0]} 0")
    pass_all(s)
    assert s.minions[at(s, 1, 1)].damage == 0 and s.seats[1].lifeforce == 7


# -- events ------------------------------------------------------------------------
@card("Silent Vigil", game="necromancer")
def test_silent_vigil() -> None:
    s = table(magic0=["Silent Vigil"], mine=["Cave Lurker"])
    assert stats_at(s, 0, 1) == (2, 5)


@card("Feast of Crows", game="necromancer")
def test_feast_of_crows() -> None:
    s = table(magic0=["Feast of Crows"], health0=30)
    act(s, "end")
    assert health(s)[0] == 33


@card("Harvest Moon", game="necromancer")
def test_harvest_moon() -> None:
    s = table(magic0=["Harvest Moon"], lifeforce0=1, phase="start")
    assert s.seats[0].lifeforce == 8


@card("Blood Moon", game="necromancer")
def test_blood_moon() -> None:
    s = table(magic0=["Blood Moon"], mine=["Cave Lurker"], theirs=["Cave Lurker"])
    assert stats_at(s, 0, 1) == (3, 3) and stats_at(s, 1, 1) == (2, 3)


@card("Fog of the Dead", game="necromancer")
def test_fog_of_the_dead() -> None:
    s = table(hand=["Fog of the Dead"], mine=["Cave Lurker", "Pit Fiend"])
    play(s, 0, "Fog of the Dead")
    pass_all(s)
    assert all(s.minions[at(s, 0, k)].invisible for k in (1, 2))


@card("Night of Terror", game="necromancer")
def test_night_of_terror() -> None:
    s = table(hand=["Night of Terror"], theirs=["Cave Lurker", "Whisper Shade"])
    play(s, 0, "Night of Terror")
    pass_all(s)
    assert row(s, 1)[1] is None and stats_at(s, 1, 1) == (1, 2)


@card("Plague Winds", game="necromancer")
def test_plague_winds() -> None:
    s = table(
        magic0=["Plague Winds"], mine=["Cave Lurker"], theirs=["Whisper Shade"], phase="start"
    )
    assert row(s, 1)[0] is None and s.minions[at(s, 0, 1)].damage == 1


@card("The Long Night", game="necromancer")
def test_the_long_night() -> None:
    s = table(magic0=["The Long Night"], hand1=["Grave Bolt"], active=1)
    bolt = s.seats[1].hand[0]
    assert s.action_label(f"play {bolt}").endswith("4 lifeforce)")


# -- lands -------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("land", "minion", "stats"),
    [
        pytest.param("Bone Fields", "Skullpike Sergeant", (4, 3),
                     marks=card("Bone Fields", game="necromancer")),
        pytest.param("Silkwood Hollow", "Cave Lurker", (2, 5),
                     marks=card("Silkwood Hollow", game="necromancer")),
        pytest.param("Misty Barrows", "Mist Wraith", (3, 2),
                     marks=card("Misty Barrows", game="necromancer")),
        pytest.param("Charnel Pits", "Grave Gnawer", (2, 2),
                     marks=card("Charnel Pits", game="necromancer")),
        pytest.param("Crimson Manor", "Night Courtier", (3, 4),
                     marks=card("Crimson Manor", game="necromancer")),
    ],
)  # fmt: skip
def test_lands_that_strengthen_a_type(land: str, minion: str, stats: tuple[int, int]) -> None:
    s = table(magic0=[land], mine=[minion, "Pit Fiend"])
    assert stats_at(s, 0, 1) == stats and stats_at(s, 0, 2) == (4, 4)


@card("Brimstone Wastes", game="necromancer")
def test_brimstone_wastes() -> None:
    s = table(magic0=["Brimstone Wastes"], hand=["Pit Fiend"])
    assert s.action_label(f"play {s.seats[0].hand[0]}").endswith("2 lifeforce)")


@card("Forsaken Chapel", game="necromancer")
def test_forsaken_chapel() -> None:
    s = table(magic0=["Forsaken Chapel"], health0=30)
    act(s, "end")
    assert health(s)[0] == 32


@card("The Shattered Necropolis", game="necromancer")
def test_the_shattered_necropolis() -> None:
    s = table(
        magic0=["The Shattered Necropolis"], mine=["Cave Lurker"], lifeforce0=0, phase="start"
    )
    assert s.seats[0].lifeforce == 6 and stats_at(s, 0, 1) == (2, 4)
    assert grave_names(s, 0) == []
