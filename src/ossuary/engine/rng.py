"""A small deterministic random number generator whose whole state is one int.

The game's randomness lives in the game state, so a seed and the list of
actions rebuild a game exactly on any machine and any Python version (unlike
:mod:`random`, whose algorithms may change). The generator is SplitMix64.
"""

from __future__ import annotations

import random
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


class Rng:
    """SplitMix64: fast, tiny state, good enough for shuffling cards."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = (seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK

    @classmethod
    def from_state(cls, state: int) -> Rng:
        rng = cls.__new__(cls)
        rng.state = state
        return rng

    def copy(self) -> Rng:
        return Rng.from_state(self.state)

    def next64(self) -> int:
        self.state = z = (self.state + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (the modulo bias is below 2**-50)."""
        return self.next64() % n

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.next64() % len(seq)]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        # next64 inlined: a shuffle is a search's hottest use of the generator
        z = self.state
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
            j = (x ^ (x >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = z


def as_rng(rng: Rng | random.Random) -> Rng:
    """The engine's generator for ``rng``: an :class:`Rng` as it is, or a new one
    seeded from 64 bits of a :class:`random.Random` (so a search written with
    the standard library's generator can pass its own to ``resample``)."""
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return Rng(rng.getrandbits(64))
    raise TypeError(
        f"rng must be an ossuary.engine.Rng or a random.Random, not {type(rng).__name__}"
    )
