"""The decks Path of the Necromancer's fuzz games play.

The generic runner (``python -m ossuary.fuzz --game necromancer``) plays the
games over 2-4 seats; what must hold in a position is said once, in
:mod:`.invariants`, which the loader of saved states asks too.
"""

from __future__ import annotations

from ..engine.rng import Rng
from .balance import random_deck
from .cards import base_pool


def fuzz_decks(seed: int, seats: int) -> list[list[str]] | None:
    """Even seeds use the preconstructed decks; odd seeds give every seat a
    random legal deck, so every card of the base set gets played."""
    if seed % 2 == 0:
        return None
    return [random_deck(base_pool(), Rng(seed * 31 + k)) for k in range(seats)]
