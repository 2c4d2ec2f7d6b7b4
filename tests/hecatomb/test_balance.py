"""Hecatomb's statistics hooks for the simulator (docs/simulation.md, "For a game's
author"): random legal decks for card balance, cards played and drawn, and the
resources followed turn by turn."""

from __future__ import annotations

from ossuary.agents import make_agent, play_game
from ossuary.engine.rng import Rng
from ossuary.hecatomb import GAME, base_pool, new_game, validate_deck
from ossuary.hecatomb.decks import random_deck
from ossuary.hecatomb.state import START_HAND, START_SOULS

POOL = base_pool()


def test_random_decks_are_legal_two_doom_decks_and_seeded() -> None:
    """Rulebook "Deck Rules and Strategy": forty or more cards, three copies at most."""
    for seed in range(20):
        deck = random_deck(POOL, Rng(seed))
        validate_deck(deck, POOL)
        assert len({POOL[n].doom for n in deck}) == 2
        assert deck == random_deck(POOL, Rng(seed))
        assert deck == GAME.decks.random(Rng(seed))


def test_card_families_are_the_dooms() -> None:
    groups = GAME.cards.groups()
    assert set(groups) == set(POOL.names())
    assert {groups[c.name] == c.doom for c in POOL.cards.values()} == {True}


def test_cards_played_and_drawn_come_from_the_log() -> None:
    state = new_game(seed=4)
    play_game(state, [make_agent("random", 1), make_agent("random", 2)])
    stats = GAME.statistics.card_counts(state)
    for seat in range(2):
        played = sum(1 for e in state.log if e["e"] == "play" and e["p"] == seat)
        drawn = sum(1 for e in state.log if e["e"] == "draw" and e["p"] == seat)
        assert sum(stats["played"][seat].values()) == played
        assert sum(stats["drawn"][seat].values()) == drawn >= START_HAND  # the opening hand
        assert set(stats["played"][seat]) <= set(state.deck_lists()[seat])


def test_resources_are_souls_mana_cards_and_minions_per_seat() -> None:
    state = new_game(seed=2)
    assert GAME.statistics.turn(state) == 1
    souls, mana, minions = GAME.statistics.resource_values(state)
    # the first player has gained the ready phase's soul (rulebook "Turn Sequence")
    assert sorted(souls) == [START_SOULS, START_SOULS + 1]
    assert mana == [0.0, 0.0] and minions == [0.0, 0.0]
    play_game(state, [make_agent("heuristic", 1), make_agent("heuristic", 2)])
    souls, mana, minions = GAME.statistics.resource_values(state)
    assert max(souls) >= 20  # glossary "souls": twenty wins
    assert GAME.statistics.turn(state) == state.turn_number
