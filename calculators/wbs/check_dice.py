"""Exact totals of WBS check dice: d6s where a 1 fumbles (counts 0), with All In and criticals.

Everything is counted with whole numbers and fractions.Fraction; nothing is simulated.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from math import comb

from .. import rules

Dist = dict[int, Fraction]


def _checks() -> Mapping:
    return rules.table("wbs/checks")


def faces() -> int:
    """Faces of a check die."""
    return _checks()["check"]["die_faces"]


def face_value(face: int) -> int:
    """What a face adds to the total: a fumble adds its fumble value, any other face itself."""
    fumble = _checks()["fumble"]
    return fumble["counts_as"] if face == fumble["face"] else face


def die(extra_on_critical: bool) -> Dist:
    """One rolled die; with `extra_on_critical` the top face rolls one more die (no chain)."""
    n = faces()
    plain: Dist = {}
    for face in range(1, n + 1):
        plain[face_value(face)] = plain.get(face_value(face), Fraction(0)) + Fraction(1, n)
    if not extra_on_critical:
        return plain
    out: Dist = {}
    for face in range(1, n + 1):
        if face == n:
            for value, p in plain.items():
                out[n + value] = out.get(n + value, Fraction(0)) + p / n
        else:
            out[face_value(face)] = out.get(face_value(face), Fraction(0)) + Fraction(1, n)
    return out


def add(a: Dist, b: Dist) -> Dist:
    """The distribution of the sum of two independent totals."""
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def power(d: Dist, times: int) -> Dist:
    """The sum of `times` independent copies of `d`."""
    out: Dist = {0: Fraction(1)}
    for _ in range(times):
        out = add(out, d)
    return out


def shift(d: Dist, by: int) -> Dist:
    """Every total moved by `by`."""
    return {x + by: p for x, p in d.items()}


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


def check_total(dice: int, maximised: int, after_roll: bool, extra_on_critical: bool) -> Dist:
    """Distribution of the dice part of a check: `dice` d6, of which up to `maximised` count as 6."""
    n = faces()
    if not after_roll:
        kept = min(maximised, dice)
        return shift(power(die(extra_on_critical), dice - kept), kept * n)
    # After the roll: the lowest dice that are not already 6 are raised; natural sixes stay (and may explode).
    bonus = {0: Fraction(1)}
    out: Dist = {}
    extra = die(False)
    for sixes in range(dice + 1):
        p_sixes = Fraction(comb(dice, sixes)) * Fraction(1, n) ** sixes * Fraction(n - 1, n) ** (dice - sixes)
        rest = dice - sixes
        raised = min(maximised, rest)
        ways = _top_sum(rest, rest - raised, n - 1)
        part: Dist = {t: Fraction(w, (n - 1) ** rest) for t, w in ways.items()}
        part = shift(part, (sixes + raised) * n)
        if extra_on_critical:
            bonus = power(extra, sixes)
            part = add(part, bonus)
        for t, p in part.items():
            out[t] = out.get(t, Fraction(0)) + p * p_sixes
    return out


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
