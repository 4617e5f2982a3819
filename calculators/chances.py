"""Chances: the engine's one distribution type, for dice and tiles alike.

An outcome's chance is an exact `Fraction`, never a float; a `Chances` is immutable (a read-only
mapping, in the order its outcomes were first given) and holds only outcomes that can happen. Dice
totals (`dice.chances`), WBS checks, damage and clocks, Xia's hits and Rain's contest outcomes are
all one: a chart (`results.Distribution.of`) reads any of them. How they are counted (whole-number
ways: `dice.Ways`; tiles by kind: `rain.piles.Pile`; deals by outcome: `rain.odds.Deals`) stays with
the counting, and ends here.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator, Mapping
from fractions import Fraction
from typing import Generic, TypeVar

K = TypeVar("K", bound=Hashable)
L = TypeVar("L", bound=Hashable)


class Chances(Mapping[K, Fraction], Generic[K]):
    """Each outcome that can happen and its exact chance."""

    __slots__ = ("_of",)

    def __init__(self, pairs: Mapping[K, Fraction | int] | Iterable[tuple[K, Fraction | int]] = ()) -> None:
        """Outcomes and chances; an outcome given twice adds up, one with no chance is left out."""
        of: dict[K, Fraction] = {}
        for outcome, chance in (pairs.items() if isinstance(pairs, Mapping) else pairs):
            if not isinstance(chance, Fraction | int) or isinstance(chance, bool):
                raise TypeError(f"a chance is exact (a Fraction), not {type(chance).__name__}: {chance!r}")
            if chance < 0:
                raise ValueError(f"a chance is never below 0: {outcome!r} has {chance}")
            of[outcome] = of.get(outcome, Fraction(0)) + Fraction(chance)
        self._of = {outcome: chance for outcome, chance in of.items() if chance}

    @classmethod
    def of_ways(cls, ways: Iterable[int], offset: int = 0) -> Chances[int]:
        """Entry `v` of `ways` is how many equally likely ways there are to total `v` (plus `offset`)."""
        counted = list(ways)
        whole = sum(counted)
        if whole <= 0:
            raise ValueError("no way to total anything: a distribution needs at least one way")
        return Chances((value + offset, Fraction(n, whole)) for value, n in enumerate(counted) if n)

    def __getitem__(self, outcome: K) -> Fraction:
        return self._of[outcome]

    def __iter__(self) -> Iterator[K]:
        return iter(self._of)

    def __len__(self) -> int:
        return len(self._of)

    def __repr__(self) -> str:
        return f"Chances({self._of!r})"

    def grouped(self, key: Callable[[K], L]) -> Chances[L]:
        """The same chances with outcomes merged by `key` (damage totals into ranges, totals into gains)."""
        return Chances((key(outcome), chance) for outcome, chance in self._of.items())

    def total(self) -> Fraction:
        """The chances added up: 1 for a whole distribution."""
        return sum(self._of.values(), Fraction(0))

    def at_least(self, threshold: float) -> Fraction:
        """The chance of an outcome of `threshold` or more (numeric outcomes)."""
        return sum((p for outcome, p in self._of.items() if outcome >= threshold), Fraction(0))  # type: ignore[operator]

    def mean(self) -> Fraction:
        """The outcomes' average, weighted by their chances (numeric outcomes)."""
        return sum((outcome * p for outcome, p in self._of.items()), Fraction(0))  # type: ignore[operator]
