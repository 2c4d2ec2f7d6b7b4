"""Rulebook section 3, "Deck Building Rules": exactly 40 cards plus one hero;
copies limited by rarity (common 4, rare 3, epic 2, legendary 1); the same
type and name is the same card, the same name with another type is not."""

import pytest

from ossuary.engine import DeckError
from ossuary.necromancer import base_pool, new_game, parse_deck_text, validate_deck
from ossuary.necromancer.decks import deck_problems, format_deck

POOL = base_pool()
HERO = "Lord Osric of the Marrow"


def deck(*entries: tuple[int, str]) -> list[str]:
    out = [HERO]
    for n, name in entries:
        out += [name] * n
    return out


COMMONS = [n for n in ("Rattlebone Footman", "Marrow Archer", "Skullpike Sergeant",
                       "Ossuary Sentinel", "Marrow Lancer", "Imp of Embers", "Hellhound Whelp",
                       "Pit Fiend", "Tithe Imp", "Ironhide Ravager")]  # fmt: skip


def legal() -> list[str]:
    return deck(*((4, n) for n in COMMONS))


def test_a_hero_and_forty_cards_is_legal() -> None:
    validate_deck(legal(), POOL)


def test_thirty_nine_or_forty_one_cards_is_refused() -> None:
    short = legal()[:-1]
    long = [*legal(), "Grave Bolt"]
    for cards in (short, long):
        with pytest.raises(DeckError, match="exactly 40"):
            validate_deck(cards, POOL)


def test_exactly_one_hero() -> None:
    with pytest.raises(DeckError, match="exactly one"):
        validate_deck(legal()[1:], POOL)
    with pytest.raises(DeckError, match="2 hero cards"):
        validate_deck(["Sister Nyx, Veilkeeper", *legal()], POOL)


@pytest.mark.parametrize(
    ("name", "rarity", "limit"),
    [
        ("Rattlebone Footman", "common", 4),
        ("Grave Drummer", "rare", 3),
        ("Soulbinder Wraith", "epic", 2),
        ("The Hollow King", "legendary", 1),
    ],
)
def test_rarity_limits(name: str, rarity: str, limit: int) -> None:
    assert POOL[name].rarity == rarity
    filler = [c for c in COMMONS if c != name]
    ok = deck((limit, name), *((4, n) for n in filler))
    ok = ok[: 1 + 40]
    ok += ["Grave Bolt"] * (41 - len(ok))
    validate_deck(ok, POOL)
    over = [*ok[:-1], name]
    with pytest.raises(DeckError, match=f"{limit + 1} copies of '{name}'.*at most {limit}"):
        validate_deck(over, POOL)


def test_same_name_another_type_is_another_card() -> None:
    # "Bonewall" is a common minion and a common artifact: four of each is legal.
    assert {c.type for c in POOL.by_name["Bonewall"]} == {"minion", "artifact"}
    cards = deck(
        (4, "Bonewall [minion]"), (4, "Bonewall [artifact]"), *((4, n) for n in COMMONS[:8])
    )
    validate_deck(cards, POOL)
    with pytest.raises(DeckError, match="5 copies of 'Bonewall \\[artifact\\]'"):
        validate_deck([*cards[:-1], "Bonewall [artifact]"], POOL)


def test_a_shared_name_must_say_its_type() -> None:
    with pytest.raises(DeckError, match="names 2 cards of different types"):
        parse_deck_text("Hero: Lord Osric of the Marrow\n4 Bonewall\n", POOL)


def test_every_problem_is_reported_at_once() -> None:
    cards = [*legal()[:30], "Nonesuch", "The Hollow King", "The Hollow King"]
    problems = deck_problems(cards, POOL)
    assert len(problems) == 3  # the unknown card, the count, the legendary
    with pytest.raises(DeckError) as info:
        validate_deck(cards, POOL)
    assert "Nonesuch" in str(info.value) and "exactly 40" in str(info.value)


def test_the_text_format_round_trips() -> None:
    text = format_deck(legal(), POOL, title="test")
    assert sorted(parse_deck_text(text, POOL)) == sorted(legal())
    assert text.splitlines()[1] == f"Hero: {HERO}"


def test_new_game_refuses_an_illegal_deck_saying_why() -> None:
    with pytest.raises(DeckError, match="Player 2's deck"):
        new_game(decks=[legal(), legal()[:-2]])


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("9" * 5000 + " Marrow Archer", "must be 1 to 99, got 999999999999... (5,000 digits)"),
        ("²3 Marrow Archer", "write counts with the digits 0-9, not '²3'"),
        ("0 Marrow Archer", "a count must be 1 to 99, got 0"),
        ("x" * 300_000, "too large (300,000 characters; at most 200,000)"),
        ("Marrow Archr\n" * 5000, "... and 981 more problems"),
        ("Marrow Archer\n" * 1001, "more than 1000 card lines"),
    ],
)
def test_huge_texts_counts_and_lists_of_problems_are_refused_early(text: str, words: str) -> None:
    """Deck text is untrusted (a pasted list, a saved deck): a huge count is
    refused before it is turned into a number, and a long list of problems is
    cut to its first twenty, so a bad text costs little and says why."""
    with pytest.raises(DeckError) as caught:
        parse_deck_text(text, POOL, source="mine.txt")
    assert words in str(caught.value)
    assert len(str(caught.value)) < 5000


def test_read_deck_keeps_a_draft_and_says_what_breaks_the_rules() -> None:
    """A deck still being built: its cards as read and the rules it breaks, worded
    as parse_deck words them; lines that can't be read are refused."""
    from ossuary import games

    game = games.get("necromancer")
    text = f"Hero: {HERO}\n5 Marrow Archer\n"
    cards, problems = game.decks.read(text, "draft")
    assert cards == [HERO] + ["Marrow Archer"] * 5
    with pytest.raises(DeckError) as caught:
        game.decks.parse(text, "draft")
    assert problems == str(caught.value).splitlines()
    assert any("5 copies of 'Marrow Archer'" in p for p in problems)
    with pytest.raises(DeckError, match="unknown card 'Marrow Archr'; did you mean"):
        game.decks.read("3 Marrow Archr", "draft")
