"""Rulebook "Playing fates" (with "Fates" under Card Types) and the glossary's "target" and
"one-time effect": a fate happens and goes to the graveyard; a targeted fate needs a legal
target; changes to numbers and abilities end at end of turn, moved cards and souls stay."""

from ossuary.hecatomb import HecatombState

from .script import abom, act, expect, illegal, keywords, minion, scenario, stack_names, strength

CARDS = [
    minion("Grunt", 1, cost=0),
    minion("Two", 2, cost=0),
    {"name": "Tithe", "type": "fate", "doom": "greed", "cost": 1, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "souls", "amount": 2}]}]},
    {"name": "Cull", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "minion", "side": "enemy"},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Pump", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "abomination"},
                    "effects": [{"verb": "strength", "amount": 3},
                                {"verb": "grant", "keyword": "rager", "value": 2}]}]},
    {"name": "Brace", "type": "combat fate", "doom": "destruction", "cost": 0, "subtype": "tactic",
     "abilities": [{"trigger": "play", "target": {"kind": "minion"},
                    "effects": [{"verb": "strength", "amount": 2}]}]},
    {"name": "Banish", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "minion", "side": "enemy"},
                    "effects": [{"verb": "exile"}]}]},
    {"name": "Vanish", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "curse",
     "abilities": [{"trigger": "play", "target": {"kind": "minion", "side": "enemy"},
                    "effects": [{"verb": "remove", "until": "end_of_turn"}]}]},
    {"name": "Ponder", "type": "fate", "doom": "deceit", "cost": 0, "subtype": "invocation",
     "abilities": [{"trigger": "play", "effects": [{"verb": "discard", "amount": 1}]}]},
]  # fmt: skip


def board(hand: str, mine: str = "", theirs: str = "", extra: str = "") -> str:
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
mana = ["Tithe"]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{mine}]
{extra}
[[seat]]
deck = ["Grunt", "Grunt", "Grunt"]
abominations = [{theirs}]
"""


def graveyard(s: HecatombState, seat: int = 0) -> list[str]:
    return [s.defs[c].name for c in s.seats[seat].graveyard]


def test_a_fate_happens_then_goes_to_the_graveyard() -> None:
    # Playing fates / Fates: its effect happens, then it goes to your graveyard.
    s = scenario(board('"Tithe"'), CARDS)
    act(s, "play Tithe")
    assert s.seats[0].souls == 7
    assert graveyard(s) == ["Tithe"]
    assert s.seats[0].hand == []
    assert s.limbo == []


def test_a_fate_is_in_neither_hand_nor_graveyard_while_it_happens() -> None:
    # Playing fates: the fate goes to the graveyard after its effect, so a "discard a card"
    # fate can't discard itself and is not yet in the graveyard while you choose.
    s = scenario(board('"Ponder", "Grunt", "Two"'), CARDS)
    ponder = s.seats[0].hand[0]
    act(s, "play Ponder")
    expect(s, "choose", 0)
    assert f"card {ponder}" not in s.decision().options
    assert ponder in s.limbo
    assert graveyard(s) == []
    act(s, "Two")
    assert graveyard(s) == ["Two", "Ponder"]


def test_a_targeted_fate_with_no_legal_target_cannot_be_played() -> None:
    # Playing fates / glossary "target": you must have a legal target to play it.
    s = scenario(board('"Cull"', mine='["Grunt", "Grunt"]'), CARDS)
    cull = s.seats[0].hand[0]
    assert f"play {cull}" not in s.decision().options
    err = illegal(s, f"play {cull}", "Playing fates")
    assert "legal target" in str(err)


def test_a_targeted_fate_is_offered_once_there_is_a_target() -> None:
    s = scenario(board('"Cull"', theirs='["Grunt", "Two"]'), CARDS)
    act(s, "play Cull")
    expect(s, "target", 0)
    assert set(s.decision().options) == {f"m{c}" for c in abom(s, 1).cards}
    act(s, "Two in")
    assert stack_names(s, 1) == ["Grunt"]
    assert graveyard(s, 1) == ["Two"]
    assert graveyard(s, 0) == ["Cull"]


def test_strength_and_keyword_changes_end_at_end_of_turn() -> None:
    # Playing fates / glossary "one-time effect": changed numbers and abilities last until
    # end of turn.
    s = scenario(board('"Pump"', mine='["Grunt", "Two"]'), CARDS)
    act(s, "play Pump")
    assert strength(s, 0) == 6
    assert keywords(s, 0).get("rager") == 2
    act(s, "end")
    expect(s, "main", 1)
    assert strength(s, 0) == 3
    assert "rager" not in keywords(s, 0)


def test_a_strength_change_on_a_minion_ends_at_end_of_turn() -> None:
    s = scenario(board('"Brace"', mine='["Grunt", "Two"]'), CARDS)
    act(s, "play Brace", "Grunt in")
    assert strength(s, 0) == 5
    act(s, "end")
    assert strength(s, 0) == 3


def test_a_combat_fate_can_be_played_outside_combat() -> None:
    # Playing fates: combat fates may be played whenever normal fates can.
    s = scenario(board('"Brace"', mine='["Grunt", "Two"]'), CARDS)
    assert "play 0" in s.decision().options
    act(s, "play Brace", "Two in")
    assert strength(s, 0) == 5
    assert graveyard(s) == ["Brace"]


def test_a_moved_card_stays_where_it_went() -> None:
    # Playing fates: a minion put into its owner's hand doesn't come back at end of turn.
    s = scenario(board('"Banish"', theirs='["Grunt", "Two"]'), CARDS)
    act(s, "play Banish", "Two in")
    assert stack_names(s, 1) == ["Grunt"]
    assert [s.defs[c].name for c in s.seats[1].hand] == ["Two"]
    act(s, "end")
    expect(s, "main", 1)
    assert stack_names(s, 1) == ["Grunt"]
    assert "Two" in [s.defs[c].name for c in s.seats[1].hand]
    act(s, "play Two", "new")  # and its owner may play it again as usual
    assert stack_names(s, 1, 1) == ["Two"]


def test_gained_souls_stay() -> None:
    # Playing fates: effects on soul counters last indefinitely.
    s = scenario(board('"Tithe"'), CARDS)
    act(s, "play Tithe", "end")
    assert s.seats[0].souls == 7
    act(s, "end")
    assert s.seats[0].souls == 8  # plus the ready phase's soul


def test_removed_until_end_of_turn_comes_back() -> None:
    # "Removed from Game" zone: temporarily removed cards come back when the effect ends.
    s = scenario(board('"Vanish"', theirs='["Grunt", "Two"]'), CARDS)
    two = abom(s, 1).top
    act(s, "play Vanish", "Two in")
    assert s.seats[1].removed == [two]
    act(s, "end")
    assert s.seats[1].removed == []
    assert [stack_names(s, 1, k) for k in range(2)] == [["Grunt"], ["Two"]]
