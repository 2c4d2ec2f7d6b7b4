"""Rulebook "Playing minions", "Dooms, Subtypes, and Abominations" and "Effects and
Abominations"; glossary "conditional ability", "summon effect", "put into play", "Host",
"Parasite", "tap" and "strength +/-X"."""

from typing import Any

from ossuary.hecatomb import HecatombState
from ossuary.hecatomb.queries import abom_dooms, abom_subtype, minion_strengths

from .script import abom, act, expect, illegal, keywords, scenario, stack_names, strength
from .script import minion as paid_minion


def minion(name: str, strength: int, **extra: Any) -> dict[str, Any]:
    """Free test minions: these tests are about placement, not mana."""
    return paid_minion(name, strength, cost=extra.pop("cost", 0), **extra)


CARDS = [
    minion("Grunt", 1),
    minion("Two", 2),
    minion("Zombie", 1, subtype="undead"),
    minion("Miser", 1, doom="greed"),
    minion("GreedBase", 2, triggers=["greed"]),
    minion("DeceitBase", 2, triggers=["deceit"]),
    minion("Sage", 1, doom="deceit",
           conditional={"doom": "greed", "effects": [{"verb": "draw", "amount": 1}]}),
    minion("Zealot", 1, doom="deceit",
           conditional={"doom": "greed", "keywords": {"fanatic": True, "reaper": 2}}),
    minion("Bomber", 1, doom="deceit",
           conditional={"doom": "greed", "target": {"kind": "abomination", "side": "enemy"},
                        "effects": [{"verb": "damage", "amount": 1}]}),
    minion("Hostling", 1, keywords={"host": True}),
    minion("Leech", 1, keywords={"parasite": True}),
    {"name": "Summoning", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "put_into_play"}]}]},
    {"name": "Pump", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "yours"},
                    "effects": [{"verb": "strength", "amount": 3}]}]},
    {"name": "Wither", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "yours"},
                    "effects": [{"verb": "strength", "amount": -2}]}]},
    {"name": "Snipe", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "minion", "top": True},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Bounce", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "enemy"},
                    "effects": [{"verb": "exile"}]}]},
    {"name": "Undead Bane", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "subtype": "undead"},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Greed Bane", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "doom": "greed"},
                    "effects": [{"verb": "destroy"}]}]},
]  # fmt: skip


def board(hand: str, mine: str = "", theirs: str = "", extra: str = "") -> str:
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{mine}]
{extra}
[[seat]]
hand = ["Grunt"]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{theirs}]
"""


def hand_names(s: HecatombState) -> list[str]:
    return [s.defs[c].name for c in s.seats[0].hand]


# -- Playing minions: where they go ------------------------------------------------------------
def test_a_minion_goes_as_a_new_abomination_or_on_one_of_yours() -> None:
    # Playing minions: on its own, or on top of one of your abominations; never an enemy's.
    s = scenario(board('"Two", "Two"', '["Grunt", "Grunt"]', '["Grunt", "Grunt"]'), CARDS)
    act(s, "play Two")
    expect(s, "place", 0)
    assert s.decision().options == ("new", "on 0")
    illegal(s, "on 1", "only on your own abominations")
    act(s, "on 0")
    assert stack_names(s, 0) == ["Grunt", "Grunt", "Two"]
    act(s, "play Two", "new")
    assert stack_names(s, 0, 1) == ["Two"]
    assert len(s.seats[0].aboms) == 2


def test_an_abomination_holds_at_most_five_minions() -> None:
    # Playing minions: no sixth minion on a size 5 abomination.
    full = '["Grunt", "Grunt", "Grunt", "Grunt", "Grunt"], ["Grunt", "Grunt"]'
    s = scenario(board('"Two"', full), CARDS)
    act(s, "play Two")
    assert s.decision().options == ("new", "on 1")
    illegal(s, "on 0", "at most five minions")


def test_a_minion_with_only_a_full_abomination_becomes_a_new_one() -> None:
    s = scenario(board('"Two"', '["Grunt", "Grunt", "Grunt", "Grunt", "Grunt"]'), CARDS)
    act(s, "play Two")  # "new" is the only place, so it is not asked
    assert abom(s, 0).size == 5
    assert stack_names(s, 0, 1) == ["Two"]


def test_the_fifth_minion_is_allowed() -> None:
    s = scenario(board('"Two"', '["Grunt", "Grunt", "Grunt", "Grunt"]'), CARDS)
    act(s, "play Two", "on 0")
    assert abom(s, 0).size == 5


def test_host_can_only_be_a_new_abomination() -> None:
    # Glossary "Host": never played on an existing abomination.
    s = scenario(board('"Hostling"', '["Grunt", "Grunt"]'), CARDS)
    act(s, "play Hostling")
    assert stack_names(s, 0, 1) == ["Hostling"]
    assert stack_names(s, 0, 0) == ["Grunt", "Grunt"]


def test_nothing_can_be_played_on_a_parasite() -> None:
    # Glossary "Parasite": no other minion on top of it.
    s = scenario(board('"Two"', '["Grunt", "Leech"], ["Grunt", "Grunt"]'), CARDS)
    act(s, "play Two")
    assert s.decision().options == ("new", "on 1")
    illegal(s, "on 0", "Parasite")


def test_playing_a_minion_on_a_tapped_abomination_leaves_it_tapped() -> None:
    # Glossary "tap": playing a minion on an abomination doesn't change whether it is tapped.
    s = scenario(
        board('"Two"', '{ minions = ["Grunt", "Grunt"], tapped = true }, ["Grunt", "Grunt"]'),
        CARDS,
    )
    act(s, "play Two", "on 0")
    assert abom(s, 0).tapped
    assert not abom(s, 0, 1).tapped


# -- Playing minions: who can attack -------------------------------------------------------------
def test_a_one_minion_abomination_cannot_attack() -> None:
    # Playing minions / glossary "abomination": one minion can't attack.
    s = scenario(board("", '["Two"]'), CARDS)
    assert "attack" not in s.decision().options
    illegal(s, "attack", "Declare attackers")


def test_an_abomination_that_got_a_minion_this_turn_cannot_attack() -> None:
    # Playing minions: an abomination that gets a new minion can't attack that turn.
    s = scenario(board('"Two"', '["Grunt", "Grunt"], ["Grunt", "Grunt"], ["Two", "Two"]'), CARDS)
    act(s, "play Two", "on 0", "attack")
    expect(s, "attacker", 0)
    assert s.decision().options == ("attacker 1", "attacker 2")
    illegal(s, "attacker 0", "got a minion")


def test_only_abomination_that_got_a_minion_removes_the_attack_option() -> None:
    s = scenario(board('"Two"', '["Grunt", "Grunt"]'), CARDS)
    act(s, "play Two", "on 0")
    assert "attack" not in s.decision().options


def test_it_can_attack_again_next_turn_and_block_meanwhile() -> None:
    # Playing minions: it can still block on enemies' turns, and attack on your next turn.
    s = scenario(board('"Two"', '["Grunt", "Grunt"]', '["Grunt", "Two"]'), CARDS)
    act(s, "play Two", "on 0", "end")
    expect(s, "main", 1)
    act(s, "attack")
    # seat 1's window (Grunt in hand), then seat 0's empty hand skips; then blocks
    act(s, "pass")
    expect(s, "block", 0)
    assert "block 0 1" in s.decision().options
    act(s, "done", "pass", "end")
    expect(s, "main", 0)
    assert "attack" in s.decision().options


# -- Conditional abilities -------------------------------------------------------------------
def test_a_summon_effect_fires_when_its_doom_matches_the_minion_directly_under() -> None:
    # Glossary "conditional ability": the box's doom matches a trigger of the minion under it.
    s = scenario(board('"Sage"', '["DeceitBase", "GreedBase"]'), CARDS)
    act(s, "play Sage", "on 0")
    expect(s, "may", 0)
    act(s, "yes")
    assert hand_names(s) == ["Grunt"]


def test_a_summon_effect_does_not_fire_on_a_non_matching_minion() -> None:
    # The trigger of a minion lower down does not count; only the one directly under.
    s = scenario(board('"Sage"', '["GreedBase", "DeceitBase"]'), CARDS)
    act(s, "play Sage", "on 0")
    expect(s, "main", 0)
    assert hand_names(s) == []


def test_a_summon_effect_does_not_fire_as_a_new_abomination() -> None:
    s = scenario(board('"Sage"', '["DeceitBase", "GreedBase"]'), CARDS)
    act(s, "play Sage", "new")
    expect(s, "main", 0)
    assert hand_names(s) == []


def test_a_summon_effect_is_optional() -> None:
    # Glossary "conditional ability": one-time conditional effects are optional.
    s = scenario(board('"Sage"', '["GreedBase"]'), CARDS)
    act(s, "play Sage", "on 0", "no")
    expect(s, "main", 0)
    assert hand_names(s) == []
    assert len(s.seats[0].deck) == 3


def test_put_into_play_does_not_fire_summon_effects() -> None:
    # Glossary "put into play" / "conditional ability": one-time ones only from your hand.
    s = scenario(board('"Summoning", "Sage"', '["GreedBase"]'), CARDS)
    act(s, "play Summoning", "Sage", "on 0")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["GreedBase", "Sage"]
    assert hand_names(s) == []  # no card drawn


def test_put_into_play_offers_the_same_places_and_may_put_nothing() -> None:
    s = scenario(board('"Summoning", "Sage"', '["GreedBase"]'), CARDS)
    act(s, "play Summoning")
    expect(s, "choose", 0)
    act(s, "none")
    assert hand_names(s) == ["Sage"]


def test_a_continual_conditional_applies_when_played_on_a_match() -> None:
    # Glossary "conditional ability": a continual conditional effect.
    s = scenario(board('"Zealot"', '["Grunt", "GreedBase"]'), CARDS)
    assert "fanatic" not in keywords(s, 0)
    act(s, "play Zealot", "on 0")
    assert keywords(s, 0)["fanatic"] is True
    assert keywords(s, 0)["reaper"] == 2
    # Fanatic: it may attack although it got a minion this turn
    assert "attack" in s.decision().options


def test_a_continual_conditional_does_not_apply_without_a_match() -> None:
    s = scenario(board('"Zealot"', '["Grunt", "DeceitBase"]'), CARDS)
    act(s, "play Zealot", "on 0")
    assert "fanatic" not in keywords(s, 0)
    assert "attack" not in s.decision().options


def test_a_continual_conditional_applies_also_when_put_into_play() -> None:
    # Glossary "conditional ability": continual ones apply wherever the minion came from.
    s = scenario(board('"Summoning", "Zealot"', '["Grunt", "GreedBase"]'), CARDS)
    act(s, "play Summoning", "Zealot", "on 0")
    assert stack_names(s, 0) == ["Grunt", "GreedBase", "Zealot"]
    assert keywords(s, 0).get("reaper") == 2


def test_a_minion_whose_conditional_has_no_target_is_still_playable() -> None:
    # Glossary "target": a minion can be played although its conditional has no legal target.
    s = scenario(board('"Bomber"', '["GreedBase"]'), CARDS)
    assert "play " + str(s.seats[0].hand[0]) in s.decision().options
    act(s, "play Bomber", "on 0")
    expect(s, "main", 0)
    assert stack_names(s, 0) == ["GreedBase", "Bomber"]


def test_a_targeted_summon_effect_asks_may_then_hits_its_target() -> None:
    s = scenario(board('"Bomber"', '["GreedBase"]', '["Two", "Grunt"]'), CARDS)
    act(s, "play Bomber", "on 0", "yes")  # the only target is not asked
    assert stack_names(s, 1) == ["Two"]


# -- Dooms, subtypes, effects and abominations --------------------------------------------------
def test_an_abominations_subtype_is_its_top_minions() -> None:
    # Dooms, Subtypes, and Abominations: the subtype is the top minion's.
    s = scenario(board('"Undead Bane"', theirs='["Zombie", "Grunt"], ["Grunt", "Zombie"]'), CARDS)
    assert abom_subtype(s, abom(s, 1, 0)) == "beast"
    assert abom_subtype(s, abom(s, 1, 1)) == "undead"
    act(s, "play Undead Bane")  # only the Zombie-topped one is a target
    assert [stack_names(s, 1, k) for k in range(len(s.seats[1].aboms))] == [["Zombie", "Grunt"]]


def test_an_abominations_dooms_are_all_its_minions() -> None:
    # Dooms, Subtypes, and Abominations: every minion's doom counts, not only the top's.
    s = scenario(board('"Greed Bane"', theirs='["Miser", "Grunt"], ["Grunt", "Grunt"]'), CARDS)
    assert abom_dooms(s, abom(s, 1, 0)) == {"greed", "destruction"}
    act(s, "play Greed Bane")
    assert [stack_names(s, 1, k) for k in range(len(s.seats[1].aboms))] == [["Grunt", "Grunt"]]


def test_a_strength_change_to_an_abomination_goes_to_its_top_minion() -> None:
    # Effects and Abominations / glossary "strength +/-X": the top minion gets the change.
    s = scenario(board('"Pump"', '["Two", "Grunt"]'), CARDS)
    act(s, "play Pump")
    assert minion_strengths(s, abom(s, 0)) == [2, 4]
    assert strength(s, 0) == 6


def test_a_strength_change_moves_to_the_new_top_when_the_top_leaves() -> None:
    # Glossary "strength +/-X": if another minion becomes the top, the change applies to it.
    s = scenario(board('"Pump", "Snipe"', '["Two", "Grunt"]'), CARDS)
    act(s, "play Pump", "play Snipe")
    assert stack_names(s, 0) == ["Two"]
    assert minion_strengths(s, abom(s, 0)) == [5]


def test_a_strength_penalty_hits_only_the_top_and_stops_at_zero() -> None:
    # Effects and Abominations / 0-Strength Minions: -2 on a 1-strength top makes it 0,
    # and the minion below keeps its strength.
    s = scenario(board('"Wither"', '["Two", "Grunt"]'), CARDS)
    act(s, "play Wither")
    assert minion_strengths(s, abom(s, 0)) == [2, 0]
    assert strength(s, 0) == 2


def test_an_effect_on_an_abomination_acts_on_its_top_minion() -> None:
    # Effects and Abominations: exiling an abomination returns only its top minion.
    s = scenario(board('"Bounce"', theirs='["Grunt", "Two", "Zombie"]'), CARDS)
    act(s, "play Bounce")
    assert stack_names(s, 1) == ["Grunt", "Two"]
    assert [s.defs[c].name for c in s.seats[1].hand] == ["Grunt", "Zombie"]
