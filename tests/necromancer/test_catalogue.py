"""The base set as the issue asks for it, and its generated catalogue
(docs/necromancer-cards.md) in step with the card files and the tests."""

from pathlib import Path

import pytest

from ossuary.necromancer import base_pool, preconstructed, validate_deck
from ossuary.necromancer.cards import MINION_TYPES, RARITIES, TYPES, traits
from ossuary.necromancer.catalog import MECHANICS, REPORT, card_tests, coverage, render

ROOT = Path(__file__).resolve().parents[2]
POOL = base_pool()
CARDS = list(POOL.cards.values())


@pytest.fixture(scope="module")
def tests_by_card() -> dict[str, list[str]]:
    return card_tests(ROOT / "tests")


def test_at_least_120_cards_besides_four_heroes() -> None:
    assert sum(1 for c in CARDS if c.type != "hero") >= 120
    assert sum(1 for c in CARDS if c.type == "hero") >= 4


def test_every_type_and_rarity_is_there() -> None:
    assert {c.type for c in CARDS} == set(TYPES)
    assert {c.rarity for c in CARDS} == set(RARITIES)


def test_five_or_more_minion_types_each_with_a_shared_trait() -> None:
    assert len(MINION_TYPES) >= 5
    for name in MINION_TYPES:
        members = [c for c in CARDS if c.minion_type == name]
        trait = dict(traits()[name].keywords)
        assert len(members) >= 5 and trait
        assert all(set(trait) <= set(c.kw) for c in members)


def test_traits_are_upgraded_by_cost() -> None:
    upgraded = [t for t in traits().values() if t.upgrade_cost is not None]
    assert len(upgraded) >= 2
    skel = [c for c in CARDS if c.minion_type == "skeleton"]
    assert {c.kw["hero_bonus"] for c in skel if "hero_bonus" not in dict(c.keywords)} == {1, 2}


def test_every_hero_has_its_own_start_or_passive_and_an_ability() -> None:
    for hero in POOL.heroes():
        triggers = [a.trigger for a in hero.abilities]
        assert triggers.count("activated") == 1
        assert "start_of_game" in triggers or hero.statics or len(triggers) > 1


@pytest.mark.parametrize(
    "keyword",
    [
        "invisibility",
        "immune",
        "reaction",
        "hero_bonus",
        "extra_attacks",
        "ensnaring",
        "bloodprice",
        "drain",
    ],
)
def test_every_keyword_is_on_at_least_two_cards(keyword: str) -> None:
    assert len(coverage(POOL)[0][keyword]) >= 2


@pytest.mark.parametrize("mechanic", list(MECHANICS))
def test_every_mechanic_is_on_at_least_two_cards(mechanic: str) -> None:
    assert len(coverage(POOL)[2][mechanic]) >= 2


@pytest.mark.parametrize(
    "verb",
    [
        "damage",
        "heal",
        "destroy",
        "modify",
        "ensnare",
        "free",
        "veil",
        "grant",
        "draw",
        "discard",
        "lifeforce",
        "summon",
        "resurrect",
        "banish",
        "control",
        "negate",
        "recall",
        "search",
        "bury",
    ],
)
def test_every_verb_is_used(verb: str) -> None:
    assert coverage(POOL)[1][verb]


def test_a_name_shared_by_two_types() -> None:
    assert any(len(cards) > 1 for cards in POOL.by_name.values())


def test_every_card_has_a_test_and_every_marker_names_a_card(
    tests_by_card: dict[str, list[str]],
) -> None:
    untested = sorted(POOL.key(c) for c in CARDS if POOL.key(c) not in tests_by_card)
    assert untested == []
    unknown = sorted(k for k in tests_by_card if k not in POOL)
    assert unknown == []


def test_the_catalogue_is_up_to_date(tests_by_card: dict[str, list[str]]) -> None:
    rel = {
        key: [str(Path(t).relative_to(ROOT).as_posix()) for t in ids]
        for key, ids in tests_by_card.items()
    }
    text = (ROOT / REPORT).read_text("utf-8")
    assert text == render(POOL, rel), "run `python -m ossuary.necromancer.catalog`"


def test_four_preconstructed_decks_each_legal_with_a_different_hero() -> None:
    decks = preconstructed()
    assert len(decks) >= 4
    heroes = set()
    for name, cards in decks.items():
        validate_deck(cards, POOL, name)
        heroes.add(cards[0])
    assert len(heroes) == len(decks)
