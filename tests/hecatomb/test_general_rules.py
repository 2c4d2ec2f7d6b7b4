"""Rulebook "General Rules" (can't trumps can; do as much as you can) and "Simultaneous
Abilities", with the glossary's "doom" (an effect's doom) and "Nemesis"."""

from typing import Any

from ossuary.hecatomb import HecatombState

from .script import abom, act, expect, illegal, scenario, stack_names
from .script import minion as paid_minion


def minion(name: str, strength: int, **extra: Any) -> dict[str, Any]:
    return paid_minion(name, strength, cost=extra.pop("cost", 0), **extra)


def fate(name: str, doom: str, effects: list[dict[str, Any]], **ability: Any) -> dict[str, Any]:
    return {
        "name": name, "type": "fate", "doom": doom, "cost": 0, "subtype": "mishap",
        "abilities": [{"trigger": "play", "effects": effects, **ability}],
    }  # fmt: skip


ENEMY_PLAYER = {"kind": "player", "side": "enemy"}
CARDS = [
    minion("Grunt", 1),
    minion("Two", 2),
    minion("Sentinel", 1, keywords={"guardian": True}),
    minion("Zealot", 1, keywords={"fanatic": True}),
    minion("Mourner", 1, abilities=[{"trigger": "destroyed",
                                     "effects": [{"verb": "souls", "amount": 1}]}]),
    minion("Wailer", 1, abilities=[{"trigger": "destroyed",
                                    "effects": [{"verb": "draw", "amount": 1}]}]),
    minion("Veiled", 1, doom="deceit", keywords={"nemesis": ["deceit"]}),
    minion("GreedBase", 2, triggers=["greed"]),
    minion("DeceitBase", 2, triggers=["deceit"]),
    minion("Greedy Bomber", 1, doom="deceit",
           conditional={"doom": "greed", "target": {"kind": "abomination", "side": "enemy"},
                        "effects": [{"verb": "damage", "amount": 1}]}),
    minion("Sly Bomber", 1, doom="greed",
           conditional={"doom": "deceit", "target": {"kind": "abomination", "side": "enemy"},
                        "effects": [{"verb": "damage", "amount": 1}]}),
    fate("Mind Rot", "deceit", [{"verb": "discard", "who": "target", "amount": 2}],
         target=ENEMY_PLAYER),
    fate("Heist", "greed", [{"verb": "souls", "mode": "steal", "amount": 5}], target=ENEMY_PLAYER),
    fate("Quake", "destruction", [{"verb": "destroy", "scope": {"kind": "abomination"}}]),
    fate("Quake and Think", "destruction",
         [{"verb": "destroy", "scope": {"kind": "abomination"}}, {"verb": "draw", "amount": 1}]),
    fate("Trick", "deceit", [{"verb": "damage", "amount": 1}], target={"kind": "abomination"}),
    fate("Pick", "deceit", [{"verb": "destroy"}], target={"kind": "minion"}),
    fate("Smash", "destruction", [{"verb": "damage", "amount": 1}],
         target={"kind": "abomination"}),
    fate("Mist", "deceit", [{"verb": "damage", "amount": 1,
                             "scope": {"kind": "abomination", "side": "enemy"}}]),
]  # fmt: skip


def board(
    hand: str, mine: str = "", theirs: str = "", their_hand: str = "", their_souls: int = 5
) -> str:
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{mine}]
[[seat]]
souls = {their_souls}
hand = [{their_hand}]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{theirs}]
"""


def names(s: HecatombState, cids: list[int]) -> list[str]:
    return [s.defs[c].name for c in cids]


# -- "Can't" trumps "can" -----------------------------------------------------------------------
def test_guardian_and_fanatic_together_cannot_attack() -> None:
    # General Rules (2): Fanatic says it can attack, Guardian says it can't; can't wins.
    s = scenario(board("", '["Zealot", "Sentinel"]'), CARDS)
    assert "attack" not in s.decision().options
    illegal(s, "attack", "Declare attackers")


def test_guardian_wins_even_when_fanatic_would_matter() -> None:
    s = scenario(board('"Grunt"', '["Zealot", "Sentinel"], ["Zealot", "Grunt"]'), CARDS)
    act(s, "play Grunt", "on 0", "attack")  # abomination 1 (Fanatic alone) attacks
    assert abom(s, 0, 1).tapped
    assert not abom(s, 0, 0).tapped
    assert s.seats[0].souls == 7


def test_fanatic_alone_can_attack_after_getting_a_minion() -> None:
    # The control case for the test above: Fanatic does let it attack.
    s = scenario(board('"Grunt"', '["Grunt", "Zealot"]'), CARDS)
    act(s, "play Grunt", "on 0")
    assert "attack" in s.decision().options


# -- Do as much as you can ----------------------------------------------------------------------
def test_discard_two_with_one_card_discards_that_card() -> None:
    # General Rules (3): discard two with only one card in hand discards just that card.
    s = scenario(board('"Mind Rot"', their_hand='"Two"'), CARDS)
    act(s, "play Mind Rot")
    expect(s, "main", 0)
    assert s.seats[1].hand == []
    assert names(s, s.seats[1].graveyard) == ["Two"]


def test_the_discarding_player_chooses_what_to_discard() -> None:
    # Glossary "discard": you choose unless the effect says otherwise.
    s = scenario(board('"Mind Rot"', their_hand='"Two", "Grunt", "Sentinel"'), CARDS)
    act(s, "play Mind Rot")
    expect(s, "choose", 1)
    act(s, "Sentinel")
    expect(s, "choose", 1)
    act(s, "Grunt")
    assert names(s, s.seats[1].hand) == ["Two"]


def test_discard_from_an_empty_hand_does_nothing() -> None:
    s = scenario(board('"Mind Rot"'), CARDS)
    act(s, "play Mind Rot")
    expect(s, "main", 0)
    assert s.seats[1].graveyard == []


def test_stealing_more_souls_than_the_enemy_has_steals_what_they_have() -> None:
    # General Rules (3): steal 5 from a player with 2 takes the 2.
    s = scenario(board('"Heist"', their_souls=2), CARDS)
    assert s.seats[1].souls == 2
    act(s, "play Heist")
    assert s.seats[1].souls == 0
    assert s.seats[0].souls == 7


# -- Simultaneous Abilities ---------------------------------------------------------------------
THREE = """
[game]
seats = 3
active = {active}
[[seat]]
hand = [{hand0}]
deck = ["Grunt", "Grunt"]
abominations = [["Grunt", "Mourner"]]
[[seat]]
hand = [{hand1}]
deck = ["Grunt", "Grunt"]
abominations = [["Grunt", "Mourner"]]
[[seat]]
hand = [{hand2}]
deck = ["Grunt", "Grunt"]
abominations = [["Grunt", "Mourner"]]
"""


def soul_order(s: HecatombState) -> list[int]:
    return [e["p"] for e in s.log if e["e"] == "souls"]


def test_the_active_players_abilities_go_first_then_clockwise() -> None:
    # Simultaneous Abilities: the active player's, then the next player to the left, and so on.
    for active in (0, 1, 2):
        hands = {f"hand{p}": '"Quake"' if p == active else "" for p in range(3)}
        s = scenario(THREE.format(active=active, **hands), CARDS)
        act(s, "play Quake")
        expect(s, "main", active)
        assert soul_order(s) == [(active + k) % 3 for k in range(3)]
        assert all(seat.aboms == [] for seat in s.seats)
        assert [seat.souls for seat in s.seats] == [6, 6, 6]


def test_a_player_with_two_simultaneous_abilities_orders_them() -> None:
    # Simultaneous Abilities: the controller of two or more decides their order.
    def run(first: str) -> list[str]:
        s = scenario(board('"Quake"', '["Grunt", "Mourner"], ["Grunt", "Wailer"]'), CARDS)
        act(s, "play Quake")
        expect(s, "order", 0)
        assert len(s.decision().options) == 2
        act(s, first)
        expect(s, "main", 0)
        assert s.seats[0].souls == 6 and len(s.seats[0].hand) == 1
        return [e["e"] for e in s.log if e["e"] in ("souls", "draw")]

    assert run("Mourner") == ["souls", "draw"]
    assert run("Wailer") == ["draw", "souls"]


def test_the_enemys_abilities_wait_for_the_active_players_ordered_ones() -> None:
    s = scenario(
        board('"Quake"', '["Grunt", "Mourner"], ["Grunt", "Wailer"]', '["Grunt", "Mourner"]'),
        CARDS,
    )
    act(s, "play Quake")
    expect(s, "order", 0)
    assert soul_order(s) == []
    act(s, "Wailer")
    assert soul_order(s) == [0, 1]


def test_a_card_finishes_its_own_effects_before_the_abilities_it_triggers() -> None:
    # Simultaneous Abilities: if playing a card triggers an ability, the card's abilities are
    # completed first. Here the fate's draw comes before the Mourners' soul gains.
    s = scenario(board('"Quake and Think"', '["Grunt", "Mourner"]', '["Grunt", "Mourner"]'), CARDS)
    act(s, "play Quake and Think")
    expect(s, "main", 0)
    assert len(s.seats[0].hand) == 1 and s.seats[0].souls == 6 and s.seats[1].souls == 6
    events = [(e["e"], e["p"]) for e in s.log if e["e"] in ("souls", "draw")]
    assert events == [("draw", 0), ("souls", 0), ("souls", 1)]


def test_identical_simultaneous_abilities_are_not_asked_about() -> None:
    s = scenario(board('"Quake"', '["Grunt", "Mourner"], ["Grunt", "Mourner"]'), CARDS)
    act(s, "play Quake")
    expect(s, "main", 0)
    assert s.seats[0].souls == 7


# -- An effect's doom, and Nemesis ---------------------------------------------------------------
def test_nemesis_stops_targeted_abilities_of_that_doom() -> None:
    # Glossary "Nemesis" / "doom": a deceit fate's effect is deceit, so it can't target a
    # Deceit Nemesis abomination; with no other target the fate can't be played.
    s = scenario(board('"Trick"', theirs='["Grunt", "Veiled"]'), CARDS)
    trick = s.seats[0].hand[0]
    assert f"play {trick}" not in s.decision().options
    illegal(s, f"play {trick}", "Playing fates")


def test_nemesis_protects_the_abominations_minions_too() -> None:
    # Glossary "Nemesis": it and its minions can't be targeted.
    s = scenario(board('"Pick"', theirs='["Grunt", "Veiled"], ["Two", "Two"]'), CARDS)
    act(s, "play Pick")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 1, 1).cards}


def test_nemesis_leaves_other_dooms_targetable() -> None:
    s = scenario(board('"Smash"', theirs='["Grunt", "Veiled"]'), CARDS)
    act(s, "play Smash")  # the only target, chosen for us
    assert stack_names(s, 1) == ["Grunt"]


def test_untargeted_effects_of_the_nemesis_doom_still_hit() -> None:
    # Glossary "Nemesis": abilities that aren't targeted affect it normally.
    s = scenario(board('"Mist"', theirs='["Grunt", "Veiled"]'), CARDS)
    act(s, "play Mist")
    assert stack_names(s, 1) == ["Grunt"]


def test_a_conditional_effect_has_its_triggers_doom_not_its_cards() -> None:
    # Glossary "doom": a conditional effect has the doom of the trigger that set it off.
    # A deceit minion's greed-triggered effect may target a Deceit Nemesis abomination.
    s = scenario(board('"Greedy Bomber"', '["GreedBase"]', '["Grunt", "Veiled"]'), CARDS)
    act(s, "play Greedy Bomber", "on 0")
    expect(s, "may", 0)
    act(s, "yes")
    assert stack_names(s, 1) == ["Grunt"]


def test_a_conditional_effect_of_the_nemesis_doom_has_no_target() -> None:
    # The mirror case: a greed minion's deceit-triggered effect is deceit, so it can't.
    s = scenario(board('"Sly Bomber"', '["DeceitBase"]', '["Grunt", "Veiled"]'), CARDS)
    act(s, "play Sly Bomber", "on 0")
    expect(s, "main", 0)
    assert stack_names(s, 1) == ["Grunt", "Veiled"]
    assert stack_names(s, 0) == ["DeceitBase", "Sly Bomber"]
