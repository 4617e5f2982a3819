"""A seeded shuffle of our own: the same seed draws the same tiles in CPython and in Pyodide.

Python's `random` module is neither used nor needed: its algorithms are free to change between
versions, and the build's CPython and the browser's Pyodide need not be the same version. This
is SplitMix64 (Steele, Lea and Flood, 2014), written with whole numbers masked to 64 bits, so
every Python gives exactly the same sequence for the same seed; `below` turns it into an unbiased
whole number by rejection, and `draw` is the first steps of a Fisher–Yates shuffle.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
_MIX1 = 0xBF58476D1CE4E5B9
_MIX2 = 0x94D049BB133111EB


class SplitMix64:
    """A small, fast generator of 64-bit whole numbers from a seed; nothing global."""

    __slots__ = ("_state",)

    def __init__(self, seed: int) -> None:
        self._state = seed & _MASK

    def next(self) -> int:
        """The next whole number from 0 to 2**64 - 1."""
        self._state = (self._state + _GOLDEN) & _MASK
        z = self._state
        z = ((z ^ (z >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A whole number from 0 to n - 1, each equally likely (numbers past the last full cycle are redrawn)."""
        if n < 1:
            raise ValueError(f"below needs a positive bound (got {n})")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            x = self.next()
            if x < limit:
                return x % n


def draw(rng: SplitMix64, items: Sequence[T], count: int) -> list[T]:
    """`count` items taken at random from `items` without putting any back, in the order taken."""
    if not 0 <= count <= len(items):
        raise ValueError(f"cannot take {count} of {len(items)} items")
    pool = list(items)
    for i in range(count):
        j = i + rng.below(len(pool) - i)
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:count]
