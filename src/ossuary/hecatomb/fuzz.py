"""The decks Hecatomb's fuzz games play.

The generic runner (``python -m ossuary.fuzz --game hecatomb``, ``make fuzz``)
plays the games and adds the kernel's checks (clone, serialization, samples,
exact replay, and every view judged from where the cards truly lie); what must
hold in a Hecatomb position is said once, in :mod:`.invariants`, which the
loader of saved states asks too.
"""

from __future__ import annotations

from ..engine.rng import Rng
from .cards import base_pool
from .decks import random_deck


def fuzz_decks(seed: int, seats: int) -> list[list[str] | str] | None:
    """Even seeds use the preconstructed decks; odd seeds give every seat a random
    legal two-doom deck, so every card of the base set gets played."""
    if seed % 2 == 0:
        return None
    return [random_deck(base_pool(), Rng(seed * 31 + k)) for k in range(seats)]
