"""Exact totals of WBS check dice: d6s where a 1 fumbles (counts 0), with All In and criticals.

Everything is counted with whole numbers and fractions.Fraction; nothing is simulated.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from .. import rules
from ..chances import Chances
from ..dice import Ways, add_ways, chances, convolve, power, shifted


def _checks() -> Mapping:
    return rules.table("wbs/checks")


def faces() -> int:
    """Faces of a check die."""
    return _checks()["check"]["die_faces"]


def face_value(face: int) -> int:
    """What a face adds to the total: a fumble adds its fumble value, any other face itself."""
    fumble = _checks()["fumble"]
    return fumble["counts_as"] if face == fumble["face"] else face


def die(extra_on_critical: bool) -> Ways:
    """One rolled die, counted; with `extra_on_critical` the top face rolls one more die (no chain).

    Without the extra die the counts add up to the faces; with it, to the faces squared (a face
    that rolls nothing more stands for as many equally likely second rolls).
    """
    n = faces()
    plain: Ways = []
    for face in range(1, n + 1):
        add_ways(plain, face_value(face), 1)
    if not extra_on_critical:
        return plain
    out: Ways = []
    for face in range(1, n + 1):
        if face == n:
            for value, ways in enumerate(plain):
                add_ways(out, n + value, ways)
        else:
            add_ways(out, face_value(face), n)
    return out


def _top_sum(n: int, keep: int, low_faces: int) -> dict[int, int]:
    """Ways for n dice showing faces 1..low_faces to give each sum of their `keep` highest values."""
    states: dict[tuple[int, int], int] = {(0, 0): 1}
    for face in range(low_faces, 0, -1):
        value = face_value(face)
        nxt: dict[tuple[int, int], int] = {}
        for (taken, total), ways in states.items():
            left = n - taken
            counts = [left] if face == 1 else range(left + 1)
            for c in counts:
                kept = min(c, max(0, keep - taken))
                key = (taken + c, total + kept * value)
                nxt[key] = nxt.get(key, 0) + ways * comb(left, c)
        states = nxt
    return {total: ways for (taken, total), ways in states.items() if taken == n}


def check_total(dice: int, maximised: int, after_roll: bool, extra_on_critical: bool, offset: int = 0) -> Chances[int]:
    """Distribution of the dice part of a check (plus `offset`): `dice` d6, up to `maximised` counted as 6."""
    n = faces()
    if not after_roll:
        kept = min(maximised, dice)
        return chances(shifted(power(die(extra_on_critical), dice - kept), kept * n), offset)
    # After the roll: the lowest dice that are not already 6 are raised; natural sixes stay (and may explode).
    # Every branch is counted out of n ** dice rolls (times n ** dice extra dice, when sixes roll one more).
    out: Ways = []
    extra = die(False)
    for sixes in range(dice + 1):
        rest = dice - sixes
        raised = min(maximised, rest)
        part: Ways = []
        for total, ways in _top_sum(rest, rest - raised, n - 1).items():
            add_ways(part, total, ways * comb(dice, sixes))
        part = shifted(part, (sixes + raised) * n)
        if extra_on_critical:
            part = [ways * n ** rest for ways in convolve(part, power(extra, sixes))]
        for total, ways in enumerate(part):
            if ways:
                add_ways(out, total, ways)
    return chances(out, offset)


def critical_chance(rolled: int) -> Fraction:
    """Chance that at least one of `rolled` dice shows its top face."""
    n = faces()
    return 1 - Fraction(n - 1, n) ** rolled


def wild_cost(dice: int, reading: str) -> list[int]:
    """The modifier each Wild Action trade gives up, in the order they can be made (largest last)."""
    trades = sorted((t["dice"], t["modifier_cost"]) for t in _checks()["wild_action"]["trades"])
    if dice <= 0:
        return []
    (one, first), (most, top) = trades[0], trades[-1]
    if reading == "three-more":  # each die after the first costs what the largest trade adds per die
        step = (top - first) // (most - one)
        return [first] + [step] * (dice - 1)
    # repeat the trades: the largest as often as it fits, the smallest for the dice left over
    return [first] * ((dice % most) // one) + [top] * (dice // most)


def wild_allowed(modifier: int, dice: int, reading: str) -> bool:
    """Whether `dice` Wild Action dice can be bought: some modifier must remain before each trade."""
    steps = wild_cost(dice, reading)
    left = modifier
    for step in steps:
        if left <= 0:
            return False
        left -= step
    return True


def wild_most(modifier: int, reading: str, cap: int) -> int:
    """The most Wild Action dice a modifier allows (up to `cap`)."""
    best = 0
    for dice in range(1, cap + 1):
        if wild_allowed(modifier, dice, reading):
            best = dice
    return best
