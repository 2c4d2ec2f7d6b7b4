"""A small deterministic random number generator whose whole state is one int.

The game's randomness lives in the game state, so a seed and the list of
actions rebuild a game exactly on any machine and any Python version (unlike
:mod:`random`, whose algorithms may change). The generator is SplitMix64.

Two ways to the same numbers. Interpreted, Python's integers do the 64-bit
arithmetic and masks keep it to 64 bits. Compiled (docs/compiled.md), the same
steps run on native 64-bit integers (``i64``), whose products wrap around at
2**64 as the generator's do, at a few nanoseconds a step instead of a heap
allocation for every big integer (a search shuffles thousands of cards a
second). The state is held as a signed 64-bit integer in both; what leaves the
generator (:attr:`Rng.state`, the numbers drawn) is unsigned, as it always was.
"""

from __future__ import annotations

import random
import types
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

if TYPE_CHECKING:  # a type for mypyc; plain int when interpreted
    from mypy_extensions import i64

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_TWO64: Final = 1 << 64
_TWO63: Final = 1 << 63
_MAX63: Final[i64] = (1 << 63) - 1
_GOLDEN: Final = 0x9E3779B97F4A7C15
_MIX1: Final = 0xBF58476D1CE4E5B9
_MIX2: Final = 0x94D049BB133111EB
# the same constants as signed 64-bit integers (their bits, two's complement)
_GOLDEN_S: Final[i64] = _GOLDEN - (1 << 64)
_MIX1_S: Final[i64] = _MIX1 - (1 << 64)
_MIX2_S: Final[i64] = _MIX2 - (1 << 64)
# a right shift by k of the unsigned value, on its signed bits: shift, then
# clear the k copies of the sign bit that came in from the left
_LOW34: Final[i64] = (1 << 34) - 1
_LOW37: Final[i64] = (1 << 37) - 1
_LOW33: Final[i64] = (1 << 33) - 1


def _signed(u: int) -> i64:
    """The unsigned 64-bit ``u`` as the signed integer with the same bits."""
    return u - _TWO64 if u >= _TWO63 else u


def _umod(z: i64, n: i64) -> i64:
    """``u % n`` for the unsigned value ``u`` whose bits are the signed ``z``
    (``u = z + 2**64`` when ``z`` is negative), without leaving 64 bits."""
    if z >= 0:
        return z % n
    return ((z & _MAX63) % n + (_MAX63 % n + 1) % n) % n


def _probe() -> None:
    """A function of this module: compiled, it is no Python function."""


NATIVE: Final = not isinstance(_probe, types.FunctionType)
_SEED0: Final[i64] = _signed(0x632BE59BD9B4E019)


class Rng:
    """SplitMix64: fast, tiny state, good enough for shuffling cards."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        self._s: i64 = _SEED0
        if seed == 0:
            return
        if NATIVE:
            # (seed * golden + seed0) mod 2**64 on the seed's low 64 bits, in
            # i64 arithmetic that wraps. Never a big-integer product here:
            # CPython checks for Ctrl-C inside one, and compiled code reads the
            # KeyboardInterrupt that a product then returns as "out of memory"
            # and aborts the process (tests/test_ctrl_c_compiled.py).
            low: i64 = _signed(seed & _MASK)
            self._s = low * _GOLDEN_S + _SEED0
        else:
            self._s = _signed((seed * _GOLDEN + 0x632BE59BD9B4E019) & _MASK)

    @property
    def state(self) -> int:
        """The whole state, ``0 <= state < 2**64``: what a saved game holds."""
        return int(self._s) & _MASK  # (int first: 2**64 - 1 is no i64)

    @staticmethod
    def from_state(state: int) -> Rng:
        rng = Rng()
        rng._s = _signed(state)
        return rng

    def copy(self) -> Rng:
        rng = Rng()
        rng._s = self._s
        return rng

    def _native(self) -> i64:
        """The next draw's bits (compiled: i64 arithmetic wraps at 2**64)."""
        z: i64 = self._s + _GOLDEN_S
        self._s = z
        z = (z ^ ((z >> 30) & _LOW34)) * _MIX1_S
        z = (z ^ ((z >> 27) & _LOW37)) * _MIX2_S
        return z ^ ((z >> 31) & _LOW33)

    def _python(self) -> int:
        """The next draw, unsigned (interpreted: Python integers and masks;
        never run compiled, where ``_MASK`` is no i64)."""
        z = (self._s + _GOLDEN) & _MASK
        self._s = z - _TWO64 if z >= _TWO63 else z
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def next64(self) -> int:
        """A uniform integer in ``range(2**64)``."""
        if NATIVE:
            return int(self._native()) & _MASK
        return self._python()

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, ``0 < n < 2**63`` (the modulo bias is
        below 2**-50)."""
        if NATIVE:
            return _umod(self._native(), n)
        return self._python() % n

    def choice(self, seq: list[T] | tuple[T, ...]) -> T:
        return seq[self.below(len(seq))]

    def shuffle(self, items: list[T]) -> None:
        """Fisher-Yates shuffle in place."""
        if NATIVE:
            for i in range(len(items) - 1, 0, -1):
                j = _umod(self._native(), i + 1)
                items[i], items[j] = items[j], items[i]
            return
        # next64 inlined: a shuffle is a search's hottest use of the generator
        z = self._s & _MASK
        for i in range(len(items) - 1, 0, -1):
            z = (z + _GOLDEN) & _MASK
            x = ((z ^ (z >> 30)) * _MIX1) & _MASK
            x = ((x ^ (x >> 27)) * _MIX2) & _MASK
            j = (x ^ (x >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self._s = z - _TWO64 if z >= _TWO63 else z

    def copies(self, items: Sequence[T], want: int, most: Callable[[T], int]) -> list[T]:
        """``want`` items (fewer when ``items`` run out) for a random deck: the
        items in a shuffled order, each taken 1 to ``most(item)`` times, so that
        every card turns up in every company (the games' ``random_deck``)."""
        order = list(items)
        self.shuffle(order)
        out: list[T] = []
        for item in order:
            if len(out) >= want:
                break
            out.extend([item] * min(1 + self.below(most(item)), want - len(out)))
        return out


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
