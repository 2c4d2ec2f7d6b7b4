"""Card files are checked by a schema: every mistake is a CardFileError that
names the file, the card and the field."""

import pytest

from ossuary.engine import CardFileError
from ossuary.necromancer.cards import CardDef, load_card_file, load_traits

GOOD = """
[[card]]
name = "Test Bolt"
type = "spell"
cost = 2
abilities = [
  { trigger = "play", target = { kind = "minion" }, effects = [{ verb = "damage", amount = 3 }] },
]
text = "Deal 3 damage to a minion."
"""


def test_a_good_card_round_trips() -> None:
    (card,) = load_card_file("t.toml", GOOD)
    assert CardDef.from_dict(card.to_dict()) == card
    assert CardDef.from_dict(card.to_dict()).to_dict() == card.to_dict()


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (("amount = 3", "amont = 3"), "field 'abilities.0.effects.0.amont': unknown field"),
        (('verb = "damage"', 'verb = "zap"'), "unknown verb 'zap'"),
        (("cost = 2", "cost = -1"), "field 'cost'"),
        (('type = "spell"', 'type = "wizard"'), "field 'type'"),
        (('trigger = "play"', 'trigger = "summon"'), "a spell has only 'play' abilities"),
        (('kind = "minion"', 'kind = "dragon"'), "field 'abilities.0.target.kind'"),
        (("cost = 2", "cost = 2\nattack = 3"), "only minions have 'attack'"),
        (('type = "spell"', 'type = "minion"'), "a minion needs 'attack'"),
        (("cost = 2", "cost = 2\nkeywords = { glow = true }"), "unknown keyword 'glow'"),
        (("cost = 2", "cost = 2\nrounds = 2"), "only events have 'rounds'"),
    ],
)
def test_mistakes_name_file_card_and_field(change: tuple[str, str], words: str) -> None:
    old, new = change
    assert old in GOOD
    with pytest.raises(CardFileError) as info:
        load_card_file("mine.toml", GOOD.replace(old, new, 1))
    msg = str(info.value)
    assert msg.startswith("mine.toml: card 'Test Bolt'") and words in msg, msg


def test_file_level_mistakes() -> None:
    with pytest.raises(CardFileError, match="not valid TOML"):
        load_card_file("x.toml", "[[card]\n")
    with pytest.raises(CardFileError, match=r"expected \[\[card\]\]"):
        load_card_file("x.toml", "name = 1\n")
    with pytest.raises(CardFileError, match="two spell cards are named"):
        load_card_file("x.toml", GOOD + GOOD)
    with pytest.raises(CardFileError, match="can't read"):
        load_card_file("/nonexistent/cards.toml")


def test_heroes_and_negation_rules() -> None:
    hero = """
[[card]]
name = "Test Hero"
type = "hero"
abilities = [{ trigger = "activated", cost = 1, effects = [{ verb = "draw" }] }]
"""
    with pytest.raises(CardFileError, match="start of game effect or a passive"):
        load_card_file("h.toml", hero)
    negate = GOOD.replace('kind = "minion"', 'kind = "minion"').replace(
        '{ verb = "damage", amount = 3 }', '{ verb = "negate" }'
    )
    with pytest.raises(CardFileError, match="'negate' needs a target of kind 'action'"):
        load_card_file("n.toml", negate)


def test_minion_type_traits_are_checked() -> None:
    with pytest.raises(CardFileError, match="no trait for minion type"):
        load_traits('[[minion_type]]\nname = "skeleton"\ntrait = "x"\ntext = "y"\n')
    with pytest.raises(CardFileError, match="minion type 'skeleton'"):
        load_traits('[[minion_type]]\nname = "skeleton"\ntrait = "x"\n')


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("card = [1]", r"t\.toml: card 1: expected a \[\[card\]\] table, got 1"),
        (
            'x = 1\n[[card]]\nname = "a"',
            r"unknown table\(s\) x; a card file holds only \[\[card\]\]",
        ),
    ],
)
def test_a_card_file_of_other_shapes_is_refused_in_words(text: str, words: str) -> None:
    """The kernel's card-file reader: a card that is not a table was a TypeError."""
    with pytest.raises(CardFileError, match=words):
        load_card_file("t.toml", text)
