"""Rulebook section 12, "Resolving Simultaneous Card Destruction and Effects":
cards destroyed together die one at a time, the active player's minions from
position 1 to 4, then their magic slots, then the other players' the same way;
each death and its effects resolve fully, and the game state is updated,
before the next; a card still waiting to die can't be targeted or touched."""

from .script import PLAIN, act, at, expect, grave_names, play, row, scenario


def four_hatchlings(extra_hand: str = '"Spindle Runner", "Grave Gnawer"') -> str:
    minions = ", ".join(f'{{ card = "Silkspinner Hatchling", space = {k} }}' for k in range(1, 5))
    return f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Cataclysm of Bones", {extra_hand}]
deck = ["Mist Wraith"]
minions = [{minions}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
"""


def test_the_four_spiderlings_example() -> None:
    # Section 12's example with our Silkspinner Hatchling ("on death, if you
    # control 1 or fewer minions, you may summon a cheaper minion from your
    # hand or graveyard"): all four die at once, left to right.
    s = scenario(four_hatchlings())
    play(s, 0, "Cataclysm of Bones")  # 4 damage to every minion
    # Position 1 dies: three hatchlings still stand, no summon; position 2: two
    # stand, no summon. Position 3: one stands (position 4), the condition holds.
    expect(s, "pick", 0)
    assert [e["card"] for e in s.log if e["e"] == "destroyed"] == ["Silkspinner Hatchling"] * 3
    unmet = [e for e in s.log if e["e"] == "condition_unmet"]
    assert len(unmet) == 2
    act(s, "Spindle Runner")
    act(s, "at 0")  # positions 1-3 are free again; the new minion takes position 1
    # Position 4 dies: its controller controls one minion (the one just summoned).
    expect(s, "pick", 0)
    act(s, "Grave Gnawer")
    act(s, "at 1")
    expect(s, "main", 0)
    assert row(s, 0) == ["Spindle Runner", "Grave Gnawer", None, None]
    assert grave_names(s, 0) == ["Silkspinner Hatchling"] * 4 + ["Cataclysm of Bones"]


def test_faq_12_the_active_players_minions_die_first_left_to_right() -> None:
    # FAQ 12: seat 1 is active; both seats lose minions to one spell.
    s = scenario(f"""
[game]
active = 1

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
minions = [{{ card = "Cave Lurker", space = 2 }}, {{ card = "Spindle Runner", space = 1 }}]

[[seat]]
hero = "{PLAIN}"
hand = ["Cataclysm of Bones"]
deck = ["Mist Wraith"]
minions = [{{ card = "Mist Wraith", space = 4 }}, {{ card = "Whisper Shade", space = 3 }}]
""")
    play(s, 1, "Cataclysm of Bones")
    died = [e["card"] for e in s.log if e["e"] == "destroyed"]
    assert died == ["Whisper Shade", "Mist Wraith", "Spindle Runner", "Cave Lurker"]


def test_faq_13_an_on_death_effect_may_reach_a_card_that_died_earlier_in_the_same_event() -> None:
    # The hatchling in position 1 resolves first and is in the graveyard when the
    # Deathless Legionnaire in position 2 dies and resurrects a cheap minion.
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Cataclysm of Bones"]
deck = ["Mist Wraith"]
minions = [{{ card = "Spindle Runner", space = 1 }},
           {{ card = "Deathless Legionnaire", space = 2 }},
           {{ card = "Cave Lurker", space = 3 }}]

[[seat]]
hero = "{PLAIN}"
deck = ["Mist Wraith"]
""")
    play(s, 0, "Cataclysm of Bones")
    # the legionnaire's death: Spindle Runner is in the graveyard already (the
    # only minion costing 2 or less there, so it is chosen without asking); the
    # Cave Lurker (position 3) has not died yet and still holds its space
    expect(s, "place", 0)
    assert [s.defs[c].name for c in s.limbo] == ["Cataclysm of Bones", "Spindle Runner"]
    assert s.legal_action_ids() == ("at 0", "at 1", "at 3")
    act(s, "at 0")
    expect(s, "main", 0)
    assert row(s, 0)[0] == "Spindle Runner"
    assert "Cave Lurker" in grave_names(s, 0)


def test_a_card_waiting_to_die_cannot_be_targeted() -> None:
    # Section 12, "Targeting Restrictions": with the hatchlings in positions 2
    # and 3 waiting to die, an effect can aim only at positions 1 and 4.
    from ossuary.necromancer.cards import Selector
    from ossuary.necromancer.queries import targets

    s = scenario(four_hatchlings('"Spindle Runner"'))
    s.dying.extend([at(s, 0, 2), at(s, 0, 3)])
    aims = targets(s, 0, Selector("minion"), -1)
    assert aims == [f"m{at(s, 0, 1)}", f"m{at(s, 0, 4)}"]
