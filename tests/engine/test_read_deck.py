"""``game.decks.read``: a deck still being built is read as far as it can be, for
every game with deck lists; its problems are the very lines ``parse_deck`` (and
so ``ossuary deck check``) gives, and what can't be read is refused the same way."""

from __future__ import annotations

import pytest

from ossuary import games
from ossuary.engine.errors import DeckError
from ossuary.engine.game import NotSupported


def _with_decks() -> list[str]:
    out = []
    for name in games.names():
        try:
            games.get(name).decks.format([])
        except NotSupported:
            continue
        out.append(name)
    return out


@pytest.mark.parametrize("name", _with_decks())
def test_a_legal_deck_reads_as_parse_deck_reads_it(name: str) -> None:
    game = games.get(name)
    for deck, cards in game.decks.preconstructed().items():
        text = game.decks.format(cards, title=deck)
        assert game.decks.read(text, deck) == (game.decks.parse(text, deck), [])


@pytest.mark.parametrize("name", _with_decks())
def test_a_draft_keeps_its_cards_and_says_every_rule_it_breaks(name: str) -> None:
    game = games.get(name)
    cards = next(iter(game.decks.preconstructed().values()))
    draft = cards[:10] + [cards[-1]] * 6  # too few cards, too many copies of one
    text = game.decks.format(draft)
    read, problems = game.decks.read(text, "draft")
    assert sorted(read) == sorted(draft)
    with pytest.raises(DeckError) as caught:
        game.decks.parse(text, "draft")
    assert problems == str(caught.value).splitlines()
    assert any(repr(cards[-1]) in p for p in problems), problems  # the card named, quoted


@pytest.mark.parametrize("name", _with_decks())
def test_unreadable_lines_are_refused_with_suggestions(name: str) -> None:
    game = games.get(name)
    card = next(iter(game.decks.preconstructed().values()))[-1]
    with pytest.raises(DeckError) as caught:
        game.decks.read(f"2 {card[:-1]}\n999999999999 {card}", "draft")
    said = str(caught.value)
    assert "line 1" in said and f"did you mean {card!r}" in said
    assert "line 2" in said  # the huge count, refused as such


def test_a_game_without_deck_lists_reads_none() -> None:
    with pytest.raises(NotSupported):
        games.get("diabolicards").decks.read("1 Razor")
