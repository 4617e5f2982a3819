"""The one dice engine: exact totals of independent dice, counted in whole numbers.

A distribution is a list of counts: entry `v` is the number of equally likely ways to total `v`.
Sums of independent totals are convolutions; nothing is simulated, and fractions appear only
when a caller asks for probabilities (`chances`). WBS checks (`wbs.check_dice`) and damage
(`wbs.damage_odds`) both count with it.
"""

from __future__ import annotations

from .chances import Chances

Ways = list[int]


def convolve(a: Ways, b: Ways) -> Ways:
    """Ways of the sum of two independent totals."""
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                if y:
                    out[i + j] += x * y
    return out


def power(a: Ways, times: int) -> Ways:
    """Ways of the sum of `times` independent copies of `a`."""
    out: Ways = [1]
    for _ in range(times):
        out = convolve(out, a)
    return out


def add_ways(counts: Ways, value: int, ways: int) -> None:
    """Count `ways` more ways to total `value` (the list grows as needed)."""
    if value >= len(counts):
        counts.extend([0] * (value + 1 - len(counts)))
    counts[value] += ways


def shifted(counts: Ways, by: int) -> Ways:
    """Every total moved up by `by` (at least 0)."""
    return [0] * by + counts


def chances(counts: Ways, offset: int = 0) -> Chances[int]:
    """Total (plus `offset`) → exact probability, for every total that can happen, in order."""
    return Chances.of_ways(counts, offset)
