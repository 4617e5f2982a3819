"""The one dice engine: exact totals of independent dice, counted in whole numbers.

A distribution is a list of counts: entry `v` is the number of equally likely ways to total `v`.
Sums of independent totals are convolutions; nothing is simulated, and fractions appear only
when a caller asks for probabilities (`chances`). WBS checks (`wbs.check_dice`) and damage
(`wbs.damage_odds`) both count with it.
"""

from __future__ import annotations

from fractions import Fraction

Counts = list[int]


def convolve(a: Counts, b: Counts) -> Counts:
    """Counts of the sum of two independent totals."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def power(a: Counts, times: int) -> Counts:
    """Counts of the sum of `times` independent copies of `a`."""
    out: Counts = [1]
    for _ in range(times):
        out = convolve(out, a)
    return out


def add_ways(counts: Counts, value: int, ways: int) -> None:
    """Count `ways` more ways to total `value` (the list grows as needed)."""
    if value >= len(counts):
        counts.extend([0] * (value + 1 - len(counts)))
    counts[value] += ways


def shifted(counts: Counts, by: int) -> Counts:
    """Every total moved up by `by` (at least 0)."""
    return [0] * by + counts


def chances(counts: Counts, offset: int = 0) -> dict[int, Fraction]:
    """Total (plus `offset`) → exact probability, for every total that can happen, in order."""
    whole = sum(counts)
    return {value + offset: Fraction(ways, whole) for value, ways in enumerate(counts) if ways}
