"""The 80-card deck (guide, THE CARD and THE GROUPS; reference deck facts): every
group's size, abilities and total power exactly as the guide's table; released
cards keep their facts; every other card is marked as ours; every ability named
in the guide and the reference is in the deck."""

from __future__ import annotations

from collections import Counter

import pytest

from ossuary.diabolicards.cards import DECK_SIZE, GROUPS, LINKED_ZONE, ZONES, deck

# guide THE GROUPS (reference table): cards / with an ability / total power
TABLE = {
    "Useless Apexes": (8, 0, 0),
    "Harmless Humans": (8, 0, 0),
    "Retired Folk": (8, 0, 0),
    "Why Even": (8, 8, 0),
    "Vask Executives": (8, 4, 24),
    "The Gang": (8, 4, 40),
    "Havenvale Batch": (8, 5, 40),
    "The Vantheon": (8, 5, 40),
    "Doomed Squad": (8, 8, 64),
    "The Diabolicals": (6, 6, 28),
    "Scorched Earth": (2, 2, 20),
}

# reference "Released cards seen in the guide": name -> (type, gender, power, group, ability)
RELEASED = {
    "Dominique": ("Human", "male", 4, "The Gang", "Anti-Apex"),
    "Blazewell": ("Apex", "male", 0, "The Diabolicals", "Suicide Killer"),
    "Dale": ("Apex", "male", 4, "The Diabolicals", "Confused Morals"),
    "Empress": ("Apex", "female", 8, "The Diabolicals", "Apex Service"),
    "Nightreign": ("Apex", "male", 0, "The Diabolicals", "Apex Prison"),
    "Vanessa": ("Apex", "female", 8, "The Diabolicals", "Killer Look"),
    "Warpath": ("Apex", "male", 8, "The Diabolicals", "Ultimate Sacrifice"),
    "Deathrender": ("Apex", "male", 10, "Scorched Earth", "The Endgame"),
    "Razor": ("Apex", "male", 10, "Scorched Earth", "The Endgame"),
    "Spiderloom": (None, None, None, "Why Even", "Why Stick"),
    "Tick Tock": (None, None, None, None, "Rewind"),
}

# every ability the guide (THE ABILITIES) and the reference name
NAMED = {
    "Love", "Apex Service", "Misogyny", "Apex Prison", "Runaway", "Deathdodge", "Redeploy",
    "Influence", "Turntable", "Fate Purge", "Ultimate Sacrifice", "Anti-Apex",
    "Confused Morals", "Killer Look", "The Endgame", "Suicide Killer", "Why Stick",
    "Why Preach", "Why See", "Why Swap", "Why Copy", "Sol for Soul", "Rewind",
}  # fmt: skip


def test_the_deck_has_80_unique_cards_in_11_groups() -> None:
    cards = deck()
    assert len(cards) == DECK_SIZE == 80
    assert len({c.name for c in cards}) == 80
    assert set(GROUPS) == set(TABLE) and len(GROUPS) == 11


@pytest.mark.parametrize("group", list(TABLE))
def test_each_group_matches_the_guide_table(group: str) -> None:
    cards = [c for c in deck() if c.group == group]
    size, with_ability, power = TABLE[group]
    assert len(cards) == size
    assert sum(1 for c in cards if c.ability is not None) == with_ability
    assert sum(c.power for c in cards) == power


def test_released_cards_keep_their_facts() -> None:
    cards = {c.name: c for c in deck()}
    for name, (type_, gender, power, group, ability) in RELEASED.items():
        card = cards[name]
        assert card.origin == "released", name
        assert card.ability is not None and card.ability.name == ability, name
        for value, have in ((type_, card.type), (gender, card.gender), (power, card.power)):
            if value is not None:
                assert have == value, name
        if group is not None:
            assert card.group == group, name
    others = [c for c in deck() if c.name not in RELEASED]
    assert others and all(c.origin == "ours" for c in others)


def test_every_named_ability_is_in_the_deck() -> None:
    have = {c.ability.name for c in deck() if c.ability}
    assert have >= NAMED, NAMED - have


def test_linked_groups_and_zones() -> None:
    # guide THE LINKED GROUPS: Vask Executives, The Gang, Havenvale Batch, left to right
    assert ZONES == ("Vask Tower", "The Gang Hideout", "Havenvale Campus")
    assert LINKED_ZONE == {"Vask Executives": 0, "The Gang": 1, "Havenvale Batch": 2}


def test_every_card_has_type_gender_and_our_text_when_it_has_an_ability() -> None:
    for c in deck():
        assert c.type in ("Human", "Apex") and c.gender in ("male", "female")
        if c.ability:
            assert c.text.startswith(c.ability.name), c.name
        else:
            assert c.text == ""


def test_diabolicals_and_scorched_earth_are_the_ineligible_groups() -> None:
    # guide THE CONTRACTS: only these two can't be traded through contracts
    ineligible = Counter(c.group for c in deck() if not c.eligible)
    assert ineligible == {"The Diabolicals": 6, "Scorched Earth": 2}


def test_love_partners_exist_in_the_deck() -> None:
    names = {c.name for c in deck()}
    partners = [
        e.get("partner") for c in deck() if c.ability for e in c.ability.effects if e.verb == "love"
    ]
    assert partners and all(p in names for p in partners)


def test_the_catalogue_page_is_up_to_date() -> None:
    # docs/diabolicards-cards.md is generated: make docs
    from pathlib import Path

    from ossuary.diabolicards.catalog import render

    page = Path(__file__).resolve().parents[2] / "docs" / "diabolicards-cards.md"
    assert page.read_text("utf-8") == render()
