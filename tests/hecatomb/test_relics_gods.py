"""Rulebook "Playing relics" and "Playing gods" (with "Relics" and "Gods" under Card Types),
and the glossary's "continual effect", "relic", "god" and "Follower"."""

from ossuary.hecatomb import HecatombState

from .script import act, expect, keywords, minion, scenario, strength

CARDS = [
    minion("Grunt", 1, cost=0),
    minion("Imp", 1, cost=0, doom="corruption", subtype="demon"),
    minion("Devotee", 1, cost=0, follower={"reaper": 1}),
    {"name": "Banner", "type": "relic", "doom": "destruction", "cost": 1,
     "statics": [{"scope": {"kind": "abomination", "side": "yours"}, "strength": 1,
                  "keywords": {"rager": 1}}]},
    {"name": "Shatter", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "relic"},
                    "effects": [{"verb": "destroy"}]}]},
    {"name": "Beast Lord", "type": "god", "doom": "destruction", "cost": 1,
     "abilities": [{"trigger": "play", "effects": [{"verb": "draw", "amount": 2}]}],
     "statics": [{"scope": {"kind": "abomination", "side": "yours", "subtype": "beast"},
                  "strength": 2}]},
    {"name": "Demon Lord", "type": "god", "doom": "destruction", "cost": 1,
     "abilities": [{"trigger": "play", "effects": [{"verb": "souls", "amount": 1}]}],
     "statics": [{"scope": {"kind": "abomination", "side": "yours", "subtype": "demon"},
                  "strength": 3}]},
    {"name": "Wrath Lord", "type": "god", "doom": "destruction", "cost": 1,
     "abilities": [{"trigger": "play", "target": {"kind": "abomination", "side": "enemy"},
                    "effects": [{"verb": "damage", "amount": 5}]}]},
    {"name": "Deicide", "type": "fate", "doom": "destruction", "cost": 0, "subtype": "mishap",
     "abilities": [{"trigger": "play", "target": {"kind": "god"},
                    "effects": [{"verb": "destroy"}]}]},
]  # fmt: skip


def board(
    hand: str,
    mine: str = '["Grunt", "Grunt"], ["Grunt", "Imp"]',
    extra: str = "",
    theirs: str = 'abominations = [["Grunt", "Grunt"]]',
) -> str:
    return f"""
[game]
active = 0
[[seat]]
hand = [{hand}]
mana = ["Grunt", "Grunt", "Grunt"]
deck = ["Grunt", "Grunt", "Grunt", "Grunt"]
abominations = [{mine}]
{extra}
[[seat]]
deck = ["Grunt", "Grunt", "Grunt"]
{theirs}
"""


def names(s: HecatombState, cids: list[int]) -> list[str]:
    return [s.defs[c].name for c in cids]


# -- Relics --------------------------------------------------------------------------------------
def test_a_relic_stays_in_play_by_itself_with_its_continual_effect() -> None:
    # Playing relics / glossary "continual effect": it works while the relic is in play.
    s = scenario(board('"Banner"'), CARDS)
    act(s, "play Banner")
    assert names(s, s.seats[0].relics) == ["Banner"]
    assert [len(s.aboms[a].cards) for a in s.seats[0].aboms] == [2, 2]  # not on anything
    assert strength(s, 0, 0) == 3
    assert keywords(s, 0, 0).get("rager") == 1
    assert strength(s, 1) == 2  # only your abominations
    act(s, "end")
    expect(s, "main", 1)
    assert strength(s, 0, 0) == 3  # it lasts past the end of turn


def test_a_relic_also_helps_abominations_that_arrive_later() -> None:
    s = scenario(board('"Banner", "Grunt"', mine=""), CARDS)
    act(s, "play Banner", "play Grunt")
    assert strength(s, 0) == 2


def test_a_relics_effect_stops_when_it_is_destroyed() -> None:
    # Glossary "continual effect": it lasts until the relic is destroyed.
    s = scenario(board('"Shatter"', extra='relics = ["Banner"]'), CARDS)
    assert strength(s, 0, 0) == 3
    act(s, "play Shatter")
    assert s.seats[0].relics == []
    assert names(s, s.seats[0].graveyard) == ["Banner", "Shatter"]
    assert strength(s, 0, 0) == 2
    assert "rager" not in keywords(s, 0, 0)


# -- Gods ----------------------------------------------------------------------------------------
def test_a_god_has_a_one_time_effect_and_a_continual_effect() -> None:
    # Playing gods: the one-time effect when played, plus a continual effect.
    s = scenario(board('"Beast Lord"'), CARDS)
    act(s, "play Beast Lord")
    assert names(s, [s.seats[0].god]) == ["Beast Lord"]
    assert len(s.seats[0].hand) == 2  # drew two
    assert strength(s, 0, 0) == 4  # beast-topped: +2
    assert strength(s, 0, 1) == 2  # demon-topped: no bonus
    act(s, "end", "end")
    assert strength(s, 0, 0) == 4  # the continual effect lasts; the draw was once


def test_a_second_god_sacrifices_the_first() -> None:
    # Playing gods: with a god already in play, sacrifice it for the new one.
    s = scenario(board('"Demon Lord"', extra='god = "Beast Lord"'), CARDS)
    assert strength(s, 0, 0) == 4
    act(s, "play Demon Lord")
    assert names(s, [s.seats[0].god]) == ["Demon Lord"]
    assert names(s, s.seats[0].graveyard) == ["Beast Lord"]
    assert strength(s, 0, 0) == 2  # the old god's effect is gone
    assert strength(s, 0, 1) == 5  # the new one's applies
    assert s.seats[0].souls == 6  # and its one-time effect happened


def test_a_god_whose_one_time_effect_has_no_target_can_still_be_played() -> None:
    # Glossary "target": only fates need a legal target to be played; a god's targeted
    # one-time effect without a target just doesn't happen.
    s = scenario(board('"Wrath Lord"', theirs=""), CARDS)
    assert "play 0" in s.decision().options
    act(s, "play Wrath Lord")
    assert names(s, [s.seats[0].god]) == ["Wrath Lord"]


def test_a_gods_targeted_one_time_effect_hits_its_target() -> None:
    s = scenario(board('"Wrath Lord"'), CARDS)
    act(s, "play Wrath Lord")  # the only enemy abomination is the target
    assert s.seats[1].aboms == []


def test_a_god_can_be_destroyed_like_any_card_in_play() -> None:
    s = scenario(board('"Deicide"', extra='god = "Beast Lord"'), CARDS)
    act(s, "play Deicide")
    assert s.seats[0].god == -1
    assert names(s, s.seats[0].graveyard) == ["Beast Lord", "Deicide"]
    assert strength(s, 0, 0) == 2


# -- Follower ------------------------------------------------------------------------------------
def test_follower_abilities_work_only_while_you_control_a_god() -> None:
    # Glossary "Follower": the ability after it is active only while you control a god.
    s = scenario(board('"Beast Lord", "Deicide"', mine='["Grunt", "Devotee"]'), CARDS)
    assert "reaper" not in keywords(s, 0)
    act(s, "play Beast Lord")
    assert keywords(s, 0).get("reaper") == 1
    act(s, "play Deicide")
    assert "reaper" not in keywords(s, 0)


def test_an_enemys_god_does_not_wake_your_followers() -> None:
    # Glossary "Follower": while *you* control a god.
    s = scenario(
        board(
            "",
            mine='["Grunt", "Devotee"]',
            theirs='god = "Beast Lord"\nabominations = [["Grunt", "Grunt"]]',
        ),
        CARDS,
    )
    assert s.seats[1].god >= 0
    assert "reaper" not in keywords(s, 0)


def test_a_follower_reaps_more_with_a_god() -> None:
    # Follower (Reaper +1) seen in play: a size-2 attacker reaps 3 with a god in play.
    s = scenario(board("", '["Grunt", "Devotee"]', 'god = "Demon Lord"', theirs=""), CARDS)
    act(s, "attack")
    assert s.seats[0].souls == 8
    assert s.seats[1].souls == 2
