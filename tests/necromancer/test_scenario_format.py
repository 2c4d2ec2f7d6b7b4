"""The scenario format (docs/necromancer-scenarios.md) is strict: unknown keys,
wrong types, unknown cards and impossible positions are a ScenarioError that
says where; a good scenario sets up exactly the position it describes."""

import pytest

from ossuary.engine import ScenarioError
from ossuary.necromancer.scenario import load_scenario

from .script import PLAIN, at, expect, m, scenario

GOOD = f"""
[game]
active = 1
turn_number = 7

[[seat]]
hero = "{PLAIN}"
health = 31
lifeforce = 4
turns = 3
hand = ["Grave Bolt"]
deck = ["Mist Wraith", "Cave Lurker"]
graveyard = ["Spindle Runner"]
banished = ["Whisper Shade"]
minions = [{m("Cave Lurker", 2, damage=1, relics=["Rusted Cleaver"], ensnared=1)}]
magic = [{{ card = "Silent Vigil", slot = 3, rounds = 1 }},
         {{ card = "Spirit Lantern", slot = 1, damage = 2 }}]

[[seat]]
hero = "{PLAIN}"
turns = 4
deck = ["Mist Wraith"]
minions = [{m("Mist Wraith", 4, invisible=True, attacks=1)}]
"""


def test_a_scenario_sets_up_its_position() -> None:
    s = scenario(GOOD)
    expect(s, "main", 1)
    seat = s.seats[0]
    assert (seat.health, seat.lifeforce, seat.turns) == (31, 4, 3)
    assert s.defs[seat.deck[-1]].name == "Mist Wraith"  # listed top first
    lurker = s.minions[at(s, 0, 2)]
    assert lurker.damage == 1 and lurker.ensnare is not None
    assert s.defs[lurker.relics[0]].name == "Rusted Cleaver"
    assert s.art_damage[seat.magic[0]] == 2
    assert s.minions[at(s, 1, 4)].invisible and s.minions[at(s, 1, 4)].attacks == 1
    assert s.turn_number == 7
    v = s.view(1)
    assert v["players"][0]["magic"][2]["rounds_left"] == 1


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("[game]", "[game]\nphaze = 1"), "phaze: unknown key"),
        (("health = 31", 'health = "lots"'), "health: Input should be a valid integer"),
        (("health = 31", "health = 0"), "greater than or equal to 1"),
        (("lifeforce = 4", "lifeforce = 11"), "lifeforce"),
        (('"Grave Bolt"]', '"Grave Boltt"]'), "unknown card 'Grave Boltt'"),
        (('hand = ["Grave Bolt"]', 'hand = ["Bonewall"]'), "several types"),
        (('hand = ["Grave Bolt"]', f'hand = ["{PLAIN}"]'), "is a hero"),
        (('card = "Cave Lurker"', 'card = "Grave Bolt"'), "is a spell, not a minion"),
        (("space = 2", "space = 5"), "less than or equal to 4"),
        (("slot = 3, rounds = 1", "slot = 1, rounds = 1"), "slot 1 is already taken"),
        (
            (
                'card = "Spirit Lantern", slot = 1, damage = 2',
                'card = "Bone Fields", slot = 1, rounds = 2',
            ),
            "only events have rounds",
        ),
        (("active = 1", "active = 2"), "active must be a seat"),
        (('relics = ["Rusted Cleaver"]', 'relics = ["Grave Bolt"]'), "not a relic"),
    ],
)
def test_mistakes_are_scenario_errors_that_say_where(change: tuple[str, str], words: str) -> None:
    old, new = change
    assert old in GOOD, f"{old!r} is not in the scenario"
    text = GOOD.replace(old, new, 1)
    with pytest.raises(ScenarioError) as info:
        scenario(text)
    assert words in str(info.value)


def test_the_response_stack_and_window() -> None:
    s = scenario(f"""
[[seat]]
hero = "{PLAIN}"
hand = ["Unravel"]
deck = ["Mist Wraith"]
minions = [{m("Ironhide Ravager", 1)}]

[[seat]]
hero = "{PLAIN}"
hand = ["Bone Ward"]
deck = ["Mist Wraith"]
minions = [{m("Cave Lurker", 1)}]

[[stack]]
kind = "attack"
player = 0
source = "minion 0 1"
target = "hero 1"

[[stack]]
kind = "card"
player = 1
card = "Frost Snare"
target = "minion 0 1"

[window]
next = 0
""")
    expect(s, "window", 0)
    assert [it.kind for it in s.rstack] == ["attack", "card"]
    v = s.view(0)["response_stack"]
    assert v[1]["card"] == "Frost Snare" and v[1]["target"] == f"m{at(s, 0, 1)}"


def test_stack_mistakes() -> None:
    head = f'[[seat]]\nhero = "{PLAIN}"\n[[seat]]\nhero = "{PLAIN}"\n'
    for entry, words in [
        ('kind = "card"\nplayer = 0', "needs 'card'"),
        ('kind = "attack"\nplayer = 0\nsource = "minion 0 1"\ntarget = "hero 1"', "nothing at"),
        ('kind = "card"\nplayer = 0\ncard = "Grave Bolt"\ntarget = "nowhere 1"', "bad reference"),
        ('kind = "destroy"\nplayer = 5\ntarget = "hero 1"', "player"),
    ]:
        with pytest.raises(ScenarioError, match=words):
            scenario(head + "[[stack]]\n" + entry + "\n")


def test_bad_toml_and_files() -> None:
    from pathlib import Path

    with pytest.raises(ScenarioError, match="not valid TOML"):
        load_scenario("[[seat]\n")
    with pytest.raises(ScenarioError, match="can't read"):
        load_scenario(Path("/nonexistent/scenario.toml"))
    with pytest.raises(ScenarioError, match="seat"):
        load_scenario("[game]\nseats = 3\n")
