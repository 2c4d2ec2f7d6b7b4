"""The base set as a whole (issue: the base set): its size and balance across the
dooms, the subtypes the rulebook gives each doom ("Dooms" and the glossary's
background entries), every keyword and verb on at least two cards, a test for
every card, and a catalogue (docs/cards.md) that matches the card files."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from ossuary.hecatomb.cards import DOOMS, KEYWORDS, VERBS, base_pool
from ossuary.hecatomb.catalog import REPORT, coverage, render
from ossuary.hecatomb.catalog import card_tests as find_card_tests

ROOT = Path(__file__).resolve().parents[2]
POOL = base_pool()
CARDS = list(POOL.cards.values())

# Rulebook "Dooms" / glossary: which minion subtypes each doom has. Demons align
# with all four dooms; cultists and outsiders are given no doom, so any may have them.
DOOM_SUBTYPES = {
    "corruption": {"mutant", "aztecal"},
    "deceit": {"shapeshifter", "mutant", "animate"},
    "destruction": {"beast", "aztecal"},
    "greed": {"undead", "animate", "beast"},
}
ANY_DOOM = {"demon", "cultist", "outsider"}


@pytest.fixture(scope="module")
def card_tests() -> dict[str, list[str]]:
    return find_card_tests(ROOT / "tests")


def test_144_cards_36_per_doom_numbered_in_blocks() -> None:
    assert len(CARDS) == 144
    assert Counter(c.doom for c in CARDS) == {d: 36 for d in DOOMS}
    assert sorted(c.number for c in CARDS) == list(range(1, 145))
    for c in CARDS:
        block = DOOMS.index(c.doom)
        assert block * 36 < c.number <= (block + 1) * 36, c.name


def test_every_doom_has_every_card_type_and_three_rarities() -> None:
    for doom in DOOMS:
        kinds = Counter(c.type for c in CARDS if c.doom == doom)
        for kind in ("minion", "combat minion", "fate", "combat fate", "relic", "god"):
            assert kinds[kind] >= 1, (doom, kind)
    assert {c.rarity for c in CARDS} == {"common", "uncommon", "rare"}


def test_minion_subtypes_follow_the_rulebooks_dooms() -> None:
    for c in CARDS:
        if c.is_minion:
            allowed = DOOM_SUBTYPES[c.doom] | ANY_DOOM
            assert c.subtype in allowed, f"{c.name}: a {c.doom} {c.subtype}"
    present = {c.subtype for c in CARDS if c.is_minion}
    assert present == set().union(*DOOM_SUBTYPES.values()) | ANY_DOOM


def test_every_fate_subtype_appears() -> None:
    fates = {c.subtype for c in CARDS if c.type in ("fate", "combat fate")}
    assert fates == {"invocation", "curse", "tactic", "mishap"}


@pytest.mark.parametrize("keyword", [*KEYWORDS, "follower"])
def test_every_keyword_is_on_at_least_two_cards(keyword: str) -> None:
    assert len(coverage(POOL)[0][keyword]) >= 2


@pytest.mark.parametrize("verb", [v for v in VERBS if v != "custom"])
def test_every_verb_is_on_at_least_two_cards(verb: str) -> None:
    assert len(coverage(POOL)[1][verb]) >= 2


def test_every_card_has_a_test_and_every_marker_names_a_card(
    card_tests: dict[str, list[str]],
) -> None:
    untested = sorted(c.name for c in CARDS if c.name not in card_tests)
    assert untested == []
    unknown = sorted(name for name in card_tests if name not in POOL)
    assert unknown == []


def test_the_catalogue_is_up_to_date(card_tests: dict[str, list[str]]) -> None:
    # relative test paths, as `make docs` (run from the repository root) writes them
    rel = {
        name: [str(Path(t).relative_to(ROOT).as_posix()) for t in ids]
        for name, ids in card_tests.items()
    }
    text = (ROOT / REPORT).read_text("utf-8")
    assert text == render(POOL, rel), "docs/cards.md is stale: run `make docs`"


def test_six_preconstructed_decks_one_per_doom_pair() -> None:
    # Issue: a legal deck (rulebook "Deck Rules and Strategy") for each pair of dooms.
    from itertools import combinations

    from ossuary.hecatomb import preconstructed, validate_deck

    pairs = []
    for name, cards in preconstructed().items():
        validate_deck(cards, POOL, name)
        pairs.append(frozenset(POOL[n].doom for n in cards))
    assert sorted(map(sorted, pairs)) == sorted(map(sorted, combinations(DOOMS, 2)))


def test_preconstructed_conditionals_can_fire() -> None:
    # A conditional ability fires only on a minion showing its doom (rulebook
    # "Conditional Abilities"): in each deck, every conditional's doom is one of the
    # deck's two dooms, and some minion of the deck shows it in a trigger corner.
    from ossuary.hecatomb import preconstructed

    for name, cards in preconstructed().items():
        defs = [POOL[n] for n in set(cards)]
        dooms = {d.doom for d in defs}
        shown = {t for d in defs if d.is_minion for t in d.triggers}
        for d in defs:
            if d.cond_doom:
                assert d.cond_doom in dooms & shown, f"{name}: {d.name} needs {d.cond_doom}"
