"""Rulebook sections 4, 6 and 15: the hero zone, four minion spaces, three
magic slots (artifacts, events, lands); relics attach and take no slot; spells
go to the graveyard at once; one land each; events last their rounds."""

from .script import (
    PLAIN,
    act,
    at,
    expect,
    grave_names,
    illegal,
    m,
    pass_all,
    play,
    row,
    scenario,
    slot,
    stats_at,
)


def seat0(hand: str, magic: str = "", minions: str = "", turns: int = 3) -> str:
    return f"""
[[seat]]
hero = "{PLAIN}"
turns = {turns}
hand = [{hand}]
deck = ["Mist Wraith", "Mist Wraith", "Mist Wraith", "Mist Wraith"]
magic = [{magic}]
minions = [{minions}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith", "Mist Wraith", "Mist Wraith"]
"""


def test_the_player_chooses_a_free_minion_space() -> None:
    s = scenario(seat0('"Cave Lurker"', minions=m("Spindle Runner", 2)))
    play(s, 0, "Cave Lurker")
    expect(s, "place", 0)
    assert s.legal_action_ids() == ("at 0", "at 2", "at 3")
    act(s, "at 3")
    assert row(s, 0) == [None, "Spindle Runner", None, "Cave Lurker"]


def test_a_relic_attaches_takes_no_slot_and_leaves_with_its_minion() -> None:
    s = scenario(seat0('"Rusted Cleaver", "Grave Bolt"', minions=m("Cave Lurker", 1)))
    play(s, 0, "Rusted Cleaver")
    assert stats_at(s, 0, 1) == (4, 3)
    assert s.seats[0].magic == [-1, -1, -1]
    lurker = at(s, 0, 1)
    assert s.defs[s.minions[lurker].relics[0]].name == "Rusted Cleaver"
    pass_all(s)  # a magic card is in play: anyone with 4 lifeforce may Destroy Magic
    play(s, 0, "Grave Bolt")  # kills the lurker: the relic goes with it
    pass_all(s)
    assert sorted(grave_names(s, 0)) == ["Cave Lurker", "Grave Bolt", "Rusted Cleaver"]


def test_a_spell_goes_to_the_graveyard_after_resolving() -> None:
    s = scenario(seat0('"Harvest of Souls"'))
    play(s, 0, "Harvest of Souls")
    assert grave_names(s, 0) == ["Harvest of Souls"] and len(s.seats[0].hand) == 2


def test_three_magic_slots_for_artifacts_events_and_lands() -> None:
    s = scenario(seat0('"Spirit Lantern", "Silent Vigil", "Bone Fields", "Grave Bell"'))
    for name in ("Spirit Lantern", "Silent Vigil", "Bone Fields"):
        play(s, 0, name)
        pass_all(s)
    assert [s.defs[c].type for c in s.seats[0].magic] == ["artifact", "event", "land"]
    grave_bell = s.seats[0].hand[0]
    illegal(s, f"play {grave_bell}", "section 15")


def test_faq_11_a_new_land_destroys_the_old_one_even_with_every_slot_taken() -> None:
    s = scenario(
        seat0(
            '"Crimson Manor"',
            magic='{ card = "Spirit Lantern", slot = 1 }, { card = "Bone Fields", slot = 2 }, '
            '{ card = "Grave Bell", slot = 3 }',
        )
    )
    play(s, 0, "Crimson Manor")
    pass_all(s)
    assert s.defs[slot(s, 0, 2)].name == "Crimson Manor"
    assert grave_names(s, 0) == ["Bone Fields"]
    assert any(e["e"] == "destroyed" and e["card"] == "Bone Fields" for e in s.log)


def test_an_event_lasts_its_rounds() -> None:
    # Silent Vigil (2 rounds) played on player 0's turn: it is there for the
    # rest of that turn, player 1's turn, player 0's next turn and player 1's
    # next; it leaves just before player 0's turn after that.
    s = scenario(seat0('"Silent Vigil"', minions=m("Cave Lurker", 1)))
    play(s, 0, "Silent Vigil")
    pass_all(s)
    vigil = slot(s, 0, 1)
    for turn in range(4):
        assert vigil in s.seats[0].magic, turn
        assert stats_at(s, 0, 1) == (2, 5)
        act(s, "end")
    assert vigil not in s.seats[0].magic and grave_names(s, 0) == ["Silent Vigil"]
    assert stats_at(s, 0, 1) == (2, 3)
    assert any(e["e"] == "expired" for e in s.log)


def test_adjacent_means_beside_in_the_same_row() -> None:
    # Grave Drummer in space 2 gives +1 attack to spaces 1 and 3, not to 4 or
    # to the enemy row.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
minions = [{{ card = "Spindle Runner", space = 1 }}, {{ card = "Grave Drummer", space = 2 }},
           {{ card = "Cave Lurker", space = 3 }}, {{ card = "Cave Lurker", space = 4 }}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 2 }}]
""")
    assert [stats_at(s, 0, k)[0] for k in (1, 2, 3, 4)] == [3, 1, 3, 2]
    assert stats_at(s, 1, 2)[0] == 2


def test_across_means_the_same_column_of_the_enemy_row() -> None:
    # Web Matron in space 3 ensnares the enemy minion in space 3 at the start of
    # its controller's turn.
    s = scenario(f"""
[game]
phase = "start"

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith"]
minions = [{{ card = "Web Matron", space = 3 }}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 2 }}, {{ card = "Barrow Sentinel", space = 3 }}]
""")
    expect(s, "main", 0)
    assert s.minions[at(s, 1, 3)].ensnare is not None
    assert s.minions[at(s, 1, 2)].ensnare is None


def test_the_land_limit_is_one_land_per_player_section_15() -> None:
    # Section 4 and FAQ 11 say one land "on the field"; section 15 says one per
    # player, and "your existing Land card". We follow section 15: player 0's
    # new land replaces its own land only, never player 1's.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
turns = 3
hand = ["Crimson Manor"]
deck = ["Mist Wraith", "Mist Wraith"]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith", "Mist Wraith"]
magic = [{{ card = "Bone Fields", slot = 1 }}]
""")
    play(s, 0, "Crimson Manor")
    pass_all(s)
    assert s.defs[slot(s, 0, 1)].name == "Crimson Manor"
    assert s.defs[slot(s, 1, 1)].name == "Bone Fields" and grave_names(s, 1) == []
