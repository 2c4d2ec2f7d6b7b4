"""Random legal decks, for fuzzing and balance runs."""

from __future__ import annotations

from ..engine.rng import Rng
from .cards import RARITY_LIMITS, CardPool
from .state import DECK_SIZE


def random_deck(pool: CardPool, rng: Rng, minions: int = 26) -> list[str]:
    """A legal random deck: a random hero, about ``minions`` minions and other
    cards to 40, 1 to its rarity limit (at most 3) copies of each card picked."""
    cards = sorted(pool.cards.values(), key=lambda c: (c.type, c.name))
    heroes = [c for c in cards if c.type == "hero"]
    hero = heroes[rng.below(len(heroes))]
    deck = [pool.key(hero)]
    groups = (
        [c for c in cards if c.is_minion],
        [c for c in cards if c.type not in ("hero", "minion")],
    )
    for group, want in zip(groups, (minions, DECK_SIZE - minions), strict=True):
        picked = rng.copies(group, want, lambda card: min(3, RARITY_LIMITS[card.rarity]))
        deck += [pool.key(card) for card in picked]
    return deck
