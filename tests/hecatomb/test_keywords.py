"""Rulebook glossary keywords, one group of tests each: Evader, Fanatic,
Follower, Guardian, Host, Hunter, Martyr, Nemesis, Parasite, Rager, Reaper,
Regenerator, Ripper, Soulbound, Survivor (and "+" for adding bonuses); also
"Main Abilities of Minions and Abominations" and "Abilities and Destroyed
Minions" where a keyword depends on them.
"""

from .script import (
    abom,
    act,
    expect,
    grave_names,
    illegal,
    in_hand,
    keywords,
    minion,
    scenario,
    souls,
    stack_names,
    strength,
)


def fate(
    name: str, doom: str, effects: list[dict], target: dict | None = None, **kw: object
) -> dict:
    ability: dict = {"trigger": "play", "effects": effects}
    if target is not None:
        ability["target"] = target
    card = {"name": name, "type": "fate", "doom": doom, "cost": 1, "subtype": "mishap",
            "abilities": [ability]}  # fmt: skip
    card.update(kw)
    return card


CARDS = [
    minion("One", 1),
    minion("Two", 2),
    minion("Three", 3),
    minion("Blue", 1, "deceit"),
    minion("Gold", 1, "greed"),
    minion("Slippery", 1, "deceit", keywords={"evader": ["greed"]}),
    minion("Zealot", 2, keywords={"fanatic": True}),
    minion("Acolyte", 1, follower={"reaper": 1}),
    {"name": "Idol", "type": "god", "doom": "greed", "cost": 1},
    minion("Warden", 2, keywords={"guardian": True}),
    minion("Loner", 1, keywords={"host": True}),
    minion("Stalker", 1, keywords={"hunter": True}),
    minion("Saint", 1, keywords={"martyr": True}),
    minion("Warded", 1, keywords={"nemesis": ["deceit"]}),
    minion("Leech", 1, keywords={"parasite": True}),
    minion("Berserker", 1, keywords={"rager": 2}),
    minion("Reaper1", 1, keywords={"reaper": 1}),
    minion("Reaper2", 1, keywords={"reaper": 2}),
    minion("Phoenix", 1, keywords={"regenerator": True}),
    minion("Shredder", 1, keywords={"ripper": True}),
    minion("Bound", 1, "greed", keywords={"soulbound": ["destruction"]}),
    minion("Tough", 3, keywords={"survivor": 1}),
    minion("Tougher", 3, keywords={"survivor": 2}),
    fate("Zap", "destruction", [{"verb": "destroy"}], {"kind": "minion"}),
    fate("Hex", "deceit", [{"verb": "destroy"}], {"kind": "minion"}),
    fate("Plague", "deceit", [{"verb": "damage", "amount": 1,
                               "scope": {"kind": "abomination", "side": "enemy"}}]),
    fate("Burn", "destruction", [{"verb": "damage", "amount": 3}], {"kind": "abomination"}),
]  # fmt: skip


# -- Evader ---------------------------------------------------------------------------
def test_evader_cannot_be_blocked_by_an_abomination_with_that_doom() -> None:
    # Glossary "Evader": a Greed Evader can't be blocked by abominations with greed minions.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Slippery"]]
        [[seat]]
        abominations = [["Gold", "Three"], ["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "block", 1)
    assert s.decision().options == ("block 2 0", "done")
    illegal(s, "block 1 0", "Evader")


# -- Fanatic --------------------------------------------------------------------------
def test_fanatic_attacks_after_getting_a_minion_this_turn() -> None:
    # Glossary "Fanatic": it can attack even if a minion was played on it this turn.
    s = scenario(
        """
        [[seat]]
        hand = ["One"]
        mana = ["One"]
        abominations = [["Two", "Zealot"]]
        """,
        CARDS,
    )
    act(s, "Play One", "on 0")
    assert "attack" in s.decision().options
    act(s, "attack")
    assert souls(s) == [8, 2]


def test_fanatic_still_cannot_attack_while_tapped() -> None:
    # Glossary "Fanatic": (it still can't attack if tapped).
    s = scenario(
        """
        [[seat]]
        abominations = [{ minions = ["Two", "Zealot"], tapped = true, played = true }]
        """,
        CARDS,
    )
    assert s.decision().options == ("end",)
    illegal(s, "attack", "can attack")


def test_fanatic_does_not_override_stitching() -> None:
    # Glossary "Fanatic" covers played minions; glossary "stitch" still stops the
    # attack (General Rules: "can't" trumps "can").
    s = scenario(
        """
        [[seat]]
        abominations = [{ minions = ["Two", "Zealot"], stitched = true }]
        """,
        CARDS,
    )
    assert s.decision().options == ("end",)


# -- Follower -------------------------------------------------------------------------
FOLLOWER = """
[[seat]]
{god}
abominations = [["Acolyte", "Two"]]
[[seat]]
souls = 9
"""


def test_follower_ability_works_only_while_you_control_a_god() -> None:
    # Glossary "Follower": the ability after it is active only while you control a god.
    with_god = scenario(FOLLOWER.format(god='god = "Idol"'), CARDS)
    assert keywords(with_god, 0) == {"reaper": 1}
    act(with_god, "attack")
    assert souls(with_god) == [8, 6]
    without = scenario(FOLLOWER.format(god=""), CARDS)
    assert keywords(without, 0) == {}
    act(without, "attack")
    assert souls(without) == [7, 7]


# -- Guardian -------------------------------------------------------------------------
def test_guardian_cannot_attack() -> None:
    # Glossary "Guardian": it can't attack.
    s = scenario(
        """
        [[seat]]
        abominations = [["Warden", "Two"]]
        """,
        CARDS,
    )
    assert s.decision().options == ("end",)
    illegal(s, "attack", "Guardian")


def test_guardian_can_block() -> None:
    # Glossary "Guardian" forbids attacking only; blocking is allowed.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["Warden", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack")
    expect(s, "block", 1)
    assert s.decision().options == ("block 1 0", "done")


# -- Host -----------------------------------------------------------------------------
def test_host_can_only_be_played_as_a_new_abomination() -> None:
    # Glossary "Host": it can't be played on an existing abomination.
    s = scenario(
        """
        [[seat]]
        hand = ["Loner", "One"]
        mana = ["One", "One"]
        abominations = [["Two", "Two"]]
        """,
        CARDS,
    )
    act(s, "Play One")
    expect(s, "place", 0)  # a normal minion may go on the abomination
    assert s.decision().options == ("new", "on 0")
    act(s, "new", "Play Loner")  # Host: "new" is its only placement, so it's not asked
    expect(s, "main", 0)
    assert [stack_names(s, 0, k) for k in range(3)] == [["Two", "Two"], ["One"], ["Loner"]]


# -- Hunter ---------------------------------------------------------------------------
HUNT = """
[[seat]]
abominations = [["{bottom}", "Stalker"]]
[[seat]]
abominations = [{{ minions = ["{prey}", "Three"], tapped = true }}, ["Three", "One"]]
"""


def test_hunter_untaps_its_prey_and_forces_it_to_block() -> None:
    # Glossary "Hunter": choose an enemy abomination, untap it, it must block the Hunter.
    s = scenario(HUNT.format(bottom="Two", prey="Three"), CARDS)
    act(s, "attack")
    expect(s, "hunt", 0)
    assert s.decision().options == ("hunt 1", "hunt 2", "no")
    act(s, "hunt 1")  # no block question follows: the Hunter is already blocked
    expect(s, "main", 0)
    assert not abom(s, 1, 0).tapped
    # The prey (strength 6) fought the 3-strength Hunter: lost its top Three only.
    assert stack_names(s, 1, 0) == ["Three"]
    assert s.seats[0].aboms == []
    assert souls(s) == [5, 5]


def test_hunter_may_decline_to_hunt() -> None:
    # Glossary "Hunter": "may": saying no leaves blocks to the defender.
    s = scenario(HUNT.format(bottom="Two", prey="Three"), CARDS)
    act(s, "attack", "no")
    expect(s, "block", 1)
    assert s.decision().options == ("block 2 0", "done")
    assert abom(s, 1, 0).tapped
    act(s, "done")
    assert souls(s) == [7, 3]


def test_hunter_forced_block_only_if_able_evader() -> None:
    # Glossary "Hunter" ("if able") with "Evader": the prey has a greed minion and
    # the Hunter is a Greed Evader, so the prey is untapped but can't block it.
    s = scenario(HUNT.format(bottom="Slippery", prey="Gold"), CARDS)
    assert keywords(s, 0) == {"evader": ("greed",), "hunter": True}
    act(s, "attack", "hunt 1")
    expect(s, "block", 1)
    assert not abom(s, 1, 0).tapped
    assert s.decision().options == ("block 2 0", "done")
    act(s, "done")
    assert souls(s) == [7, 3]


def test_hunter_prey_with_one_minion_cannot_block() -> None:
    # Glossary "Hunter" ("if able"); "one-minion abomination": it can't block.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Stalker"]]
        [[seat]]
        abominations = [{ minions = ["Three"], tapped = true }]
        """,
        CARDS,
    )
    act(s, "attack", "hunt 1")
    expect(s, "main", 0)
    assert not abom(s, 1).tapped
    assert souls(s) == [7, 3]


# -- Martyr ---------------------------------------------------------------------------
def test_martyr_becomes_an_untapped_mana_card_when_destroyed() -> None:
    # Glossary "Martyr": destroyed, it goes to the mana zone (untapped; glossary
    # "mana zone") instead of the graveyard.
    s = scenario(
        """
        [[seat]]
        hand = ["Zap"]
        mana = ["One"]
        [[seat]]
        abominations = [["Two", "Saint"]]
        """,
        CARDS,
    )
    saint = abom(s, 1).top
    act(s, "Play Zap", f"m{saint}")
    assert saint in s.seats[1].mana
    assert saint not in s.tapped
    assert s.seats[1].graveyard == []
    assert stack_names(s, 1) == ["Two"]


# -- Nemesis --------------------------------------------------------------------------
def test_nemesis_cannot_be_targeted_by_that_doom() -> None:
    # Glossary "Nemesis": neither it nor its minions can be targeted by abilities
    # of that doom; other dooms may target it.
    s = scenario(
        """
        [[seat]]
        hand = ["Hex", "Zap"]
        mana = ["Blue", "One"]
        [[seat]]
        abominations = [["Two", "Warded"], ["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "Play Hex")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 1, 1).cards}
    act(s, f"m{abom(s, 1, 1).top}")
    act(s, "Play Zap")
    expect(s, "target", 0)
    assert {f"m{c}" for c in abom(s, 1, 0).cards} <= set(s.decision().options)


def test_nemesis_makes_a_targeted_fate_unplayable_without_another_target() -> None:
    # Glossary "Nemesis" with "target": a targeted fate needs a legal target.
    s = scenario(
        """
        [[seat]]
        hand = ["Hex"]
        mana = ["Blue"]
        [[seat]]
        abominations = [["Two", "Warded"]]
        """,
        CARDS,
    )
    hex_ = in_hand(s, 0, "Hex")
    assert f"play {hex_}" not in s.decision().options
    illegal(s, f"play {hex_}", "legal target")


def test_nemesis_does_not_stop_untargeted_effects() -> None:
    # Glossary "Nemesis": abilities that aren't targeted affect it normally.
    s = scenario(
        """
        [[seat]]
        hand = ["Plague"]
        mana = ["Blue"]
        [[seat]]
        abominations = [["Two", "Warded"]]
        """,
        CARDS,
    )
    act(s, "Play Plague")
    assert stack_names(s, 1) == ["Two"]


# -- Parasite -------------------------------------------------------------------------
def test_parasite_cannot_have_minions_played_on_it() -> None:
    # Glossary "Parasite": you can't play other minions on top of it.
    s = scenario(
        """
        [[seat]]
        hand = ["One"]
        mana = ["One"]
        abominations = [["Two", "Leech"], ["Two", "Two"]]
        """,
        CARDS,
    )
    act(s, "Play One")
    expect(s, "place", 0)
    assert s.decision().options == ("new", "on 1")
    illegal(s, "on 0", "Parasite")


# -- Rager ----------------------------------------------------------------------------
def test_rager_adds_strength_to_the_top_minion_only_while_attacking() -> None:
    # Glossary "Rager": +X strength while attacking; "strength +/-X": on the top minion.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Berserker"], ["Two", "Berserker"]]
        [[seat]]
        abominations = [["Two", "Three"]]
        """,
        CARDS,
    )
    assert strength(s, 0, 0) == 3
    act(s, "attack", "attacker 0", "done")
    expect(s, "block", 1)
    assert strength(s, 0, 0) == 5
    assert [m["strength"] for m in s.view(0)["players"][0]["abominations"][0]["minions"]] == [2, 3]
    assert strength(s, 0, 1) == 3  # not attacking: no bonus
    act(s, "block 2 0")
    # 5 damage destroys the 5-strength blocker (3 without Rager would leave its Two).
    assert s.seats[1].aboms == []


def test_rager_gives_nothing_to_a_blocker() -> None:
    # Glossary "Rager": only while attacking, so a blocking Rager deals its base strength.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Three"]]
        [[seat]]
        abominations = [["Three", "Berserker"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    # The blocker deals 4 (not 6): the attacker's top Three dies, its Two survives.
    assert stack_names(s, 0) == ["Two"]


# -- Reaper ---------------------------------------------------------------------------
def test_reaper_bonuses_add_up() -> None:
    # Glossary "Reaper" and "+": Reaper +1 and Reaper +2 reap 3 extra souls.
    s = scenario(
        """
        [[seat]]
        abominations = [["Reaper1", "Reaper2"]]
        [[seat]]
        souls = 10
        """,
        CARDS,
    )
    assert keywords(s, 0) == {"reaper": 3}
    act(s, "attack")
    assert souls(s) == [10, 5]


def test_reaper_bonus_is_still_capped_by_the_defenders_souls() -> None:
    # Reap souls: never more than the enemy has, Reaper included.
    s = scenario(
        """
        [[seat]]
        abominations = [["Reaper1", "Reaper2"]]
        [[seat]]
        souls = 4
        """,
        CARDS,
    )
    act(s, "attack")
    assert souls(s) == [9, 0]


# -- Regenerator ----------------------------------------------------------------------
def test_regenerator_returns_to_its_owners_hand_instead_of_being_destroyed() -> None:
    # Glossary "Regenerator": it goes to its owner's hand when it would be destroyed.
    s = scenario(
        """
        [[seat]]
        hand = ["Zap"]
        mana = ["One"]
        [[seat]]
        abominations = [["Two", "Phoenix"]]
        """,
        CARDS,
    )
    phoenix = abom(s, 1).top
    act(s, "Play Zap", f"m{phoenix}")
    assert s.seats[1].hand == [phoenix]
    assert s.seats[1].graveyard == []


def test_regenerator_applies_to_its_own_minion_only_in_combat() -> None:
    # Main Abilities of Minions and Abominations: Regenerator saves only itself.
    s = scenario(
        """
        [[seat]]
        abominations = [["Three", "Three"]]
        [[seat]]
        abominations = [["Phoenix", "One"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    assert [s.defs[c].name for c in s.seats[1].hand] == ["Phoenix"]
    assert [s.defs[c].name for c in s.seats[1].graveyard] == ["One"]


# -- Ripper ---------------------------------------------------------------------------
def test_ripper_chooses_which_blocker_minions_to_destroy() -> None:
    # Glossary "Ripper": its damage may be spread among the blocker's minions as it
    # likes, not from the top down; here it destroys a middle minion.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Two"]]
        [[seat]]
        abominations = [["Three", "One", "Two"]]
        """,
        CARDS,
    )
    bottom, middle, top = abom(s, 1).cards
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    assert set(s.decision().options) == {f"rip {bottom}", f"rip {middle}", f"rip {top}", "done"}
    act(s, f"rip {middle}")
    expect(s, "rip", 0)  # 2 damage left: only the top Two can still be destroyed
    assert s.decision().options == (f"rip {top}", "done")
    act(s, "done")
    assert stack_names(s, 1) == ["Three", "Two"]
    assert s.seats[0].aboms == []  # the blocker's 6 damage still hit normally


def test_ripper_can_destroy_the_bottom_minion_alone() -> None:
    # Glossary "Ripper": 3 damage all on the bottom Three; the rest is left alone.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Two"]]
        [[seat]]
        abominations = [["Three", "One", "Two"]]
        """,
        CARDS,
    )
    bottom = abom(s, 1).cards[0]
    act(s, "attack", "block 1 0", f"rip {bottom}")  # nothing else fits: no more asking
    assert stack_names(s, 1) == ["One", "Two"]


def test_ripper_must_destroy_what_its_damage_can_destroy() -> None:
    # Glossary "Ripper" with rulebook "Have abominations fight": the abomination deals
    # damage equal to its strength; Ripper only chooses how it is split among the
    # blocker's minions. 7 damage can't be spread over two 3-strength minions (at most
    # 2 each) without destroying one, so "done" is not offered; after the first, the 4
    # left still can't fit on the other (2), so it falls too.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Three", "Three"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    lower, upper = abom(s, 1).cards
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    assert set(s.decision().options) == {f"rip {lower}", f"rip {upper}"}  # no "done"
    illegal(s, "done", "Ripper")
    act(s, f"rip {lower}")  # the upper one is then the only option, so it is not asked
    assert s.seats[1].aboms == []
    assert sorted(grave_names(s, 1)) == ["Three", "Three"]


def test_ripper_may_stop_once_the_damage_left_fits_on_the_rest() -> None:
    # Glossary "Ripper": 7 damage on three 3-strength minions must destroy one (7 > 2 + 2
    # + 2); the 4 left fit on the other two (2 each), so then it may stop.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Three", "Three"]]
        [[seat]]
        abominations = [["Three", "Three", "Three"]]
        """,
        CARDS,
    )
    bottom, middle, top = abom(s, 1).cards
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    assert "done" not in s.decision().options
    act(s, f"rip {middle}")
    expect(s, "rip", 0)
    assert s.decision().options == (f"rip {bottom}", f"rip {top}", "done")
    act(s, "done")
    assert stack_names(s, 1) == ["Three", "Three"]


def test_ripper_may_spare_every_minion_when_the_damage_fits() -> None:
    # Glossary "Ripper": 4 damage split 2 and 2 destroys neither 3-strength minion.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Three"]]
        [[seat]]
        abominations = [["Three", "Three"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    assert "done" in s.decision().options
    act(s, "done")
    assert stack_names(s, 1) == ["Three", "Three"]


def test_ripper_counts_survivor_on_the_top_minion() -> None:
    # Glossary "Ripper" and "Survivor": the top Tough (3, Survivor +1) holds up to 3
    # damage, the bottom Three up to 2: 5 damage fits, 6 would not.
    s = scenario(
        """
        [[seat]]
        abominations = [["Shredder", "Two", "Two"]]
        [[seat]]
        abominations = [["Three", "Tough"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    expect(s, "rip", 0)
    assert "done" in s.decision().options
    act(s, "done")
    assert stack_names(s, 1) == ["Three", "Tough"]


# -- Soulbound ------------------------------------------------------------------------
SOULBOUND = """
[[seat]]
hand = ["Zap"]
mana = ["One"]
abominations = [["Two", "Bound"], ["One", "Two"], ["Two", "Gold"]]
[[seat]]
abominations = [["Three", "Three"]]
"""


def test_soulbound_may_stitch_itself_when_destroyed_by_combat_damage() -> None:
    # Glossary "Soulbound": destroyed by combat damage, it may instead be stitched
    # onto another of your abominations whose top minion has the given doom; glossary
    # "stitch": that abomination then can't attack this turn.
    s = scenario(SOULBOUND, CARDS)
    act(s, "attack", "attacker 0", "done", "pass", "block 3 0")
    act(s, "pass")  # the aggressor's second window (Zap is not a combat fate)
    expect(s, "soulbound", 0)
    assert s.decision().options == ("stitch 1", "no")  # abomination 2 has a greed top
    act(s, "stitch 1")
    assert stack_names(s, 0, 0) == ["One", "Two", "Bound"]
    assert [s.defs[c].name for c in s.seats[0].graveyard] == ["Two"]
    act(s, "attack")  # only abomination 2 can still attack: 1 was stitched onto
    act(s, "pass", "pass")
    expect(s, "main", 0)
    assert souls(s) == [7, 3]
    assert abom(s, 0, 1).tapped and not abom(s, 0, 0).tapped


def test_soulbound_may_decline() -> None:
    # Glossary "Soulbound": "may".
    s = scenario(SOULBOUND, CARDS)
    act(s, "attack", "attacker 0", "done", "pass", "block 3 0", "pass", "no")
    assert sorted(s.defs[c].name for c in s.seats[0].graveyard) == ["Bound", "Two"]


def test_soulbound_does_not_save_it_from_a_fate() -> None:
    # Glossary "Soulbound": only destruction by combat damage.
    s = scenario(SOULBOUND, CARDS)
    bound = abom(s, 0).top
    act(s, "Play Zap", f"m{bound}")
    expect(s, "main", 0)  # no Soulbound question
    assert bound in s.seats[0].graveyard
    assert stack_names(s, 0, 1) == ["One", "Two"]


# -- Survivor -------------------------------------------------------------------------
def test_survivor_ignores_the_first_damage_to_its_top_minion_in_combat() -> None:
    # Glossary "Survivor": when it blocks or is blocked, the first X damage to its
    # top minion is ignored.
    s = scenario(
        """
        [[seat]]
        abominations = [["Two", "Two"]]
        [[seat]]
        abominations = [["One", "Tougher"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    # 4 damage - 2 ignored = 2, less than Tougher's 3: nothing dies (4 would kill both).
    assert stack_names(s, 1) == ["One", "Tougher"]


def test_survivor_does_not_carry_over_once_the_top_minion_dies() -> None:
    # Abilities and Destroyed Minions: Survivor protects the top minion; after it
    # dies, the spill hits the next minion in full.
    s = scenario(
        """
        [[seat]]
        abominations = [["Three", "Three"]]
        [[seat]]
        abominations = [["Two", "Tough"]]
        """,
        CARDS,
    )
    act(s, "attack", "block 1 0")
    # 6 - 1 ignored = 5: Tough (3) dies and 2 spills onto Two, which dies too.
    assert s.seats[1].aboms == []


def test_survivor_does_not_apply_to_damage_from_a_fate() -> None:
    # Glossary "Survivor": only when it blocks or is blocked.
    s = scenario(
        """
        [[seat]]
        hand = ["Burn"]
        mana = ["One"]
        [[seat]]
        abominations = [["One", "Tough"]]
        """,
        CARDS,
    )
    act(s, "Play Burn")
    assert stack_names(s, 1) == ["One"]


def test_one_keyword_at_a_time_agrees_with_the_whole_set_in_random_games() -> None:
    """The rules ask ``abom_keyword`` (one keyword, on their hot path); the
    board and the encoder read ``abom_keywords`` (all of them). Over random
    games on random decks, with every keyword the cards give, both say the
    same of every abomination."""
    from ossuary import games
    from ossuary.agents.arena import random_decks
    from ossuary.engine import Rng
    from ossuary.hecatomb.cards import KEYWORDS
    from ossuary.hecatomb.queries import abom_keyword, abom_keywords

    game = games.get("hecatomb")
    asked = 0
    for seed in range(40):
        seats = 2 + seed % 5
        s = game.new_game(decks=random_decks(game, seed, seats), seats=seats, seed=seed)
        rng = Rng(seed)
        while not s.is_terminal():
            for a in s.aboms.values():
                whole = abom_keywords(s, a)
                for key in KEYWORDS:
                    assert abom_keyword(s, a, key) == whole.get(key), (seed, key)
                    asked += whole.get(key) is not None
            s.apply_action(rng.choice(s.legal_action_ids()))
    assert asked > 100  # the games gave abominations keywords to ask about
