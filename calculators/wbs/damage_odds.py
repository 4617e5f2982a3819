"""The exact distribution of damage dealt by one WBS hit, critical effect dice included.

Outcomes are counted, not sampled: every list here maps a value (its index) to the number of
equally likely ways to get it, so sums and products stay whole numbers until the very end.

The damage dice and the critical effect dice are linked (a critical face on a damage die adds
an effect die), but given how many damage dice were critical, the damage roll and the effect
total are independent. So the work splits by that number: for each c, the damage total of
n dice of which c are critical, and the effect total of the weapon's own dice plus c chains.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import comb

from ..chances import Chances
from ..dice import Ways, add_ways, chances, convolve, power
from .combat_rules import Die


@dataclass(frozen=True, slots=True)
class Hit:
    """Everything that decides the damage of one successful hit."""

    damage_die: Die
    dice: int
    strength: int
    effect_die: Die
    weapon_effect_dice: int
    attack_critical: bool
    after_dr: bool  # Stagger and Knockback add after DR; Penetrate lowers DR
    target_dr: int
    target_soak: int
    soak_each_die: bool
    chain_length: int  # most effect dice one critical can start (the last one never rerolls)
    fumbles: bool
    tie: bool
    tie_round_up: bool
    tie_divide_by: int  # a tie divides the roll before DR by this (combat.yaml attack.tie_divide_by)
    face_die: Die | None = None  # die an effect from a critical damage face rolls (None: effect_die)
    attack_face_die: Die | None = None  # die an effect from a critical attack roll rolls (None: effect_die)


def face_counts(d: Die, critical: bool, fumbles: bool, soak: int = 0) -> Ways:
    """Ways of what one die adds, over its critical faces only (or its other faces only)."""
    out: Ways = [0]
    for face in range(1, d.faces + 1):
        if d.critical(face) == critical:
            add_ways(out, max(0, d.value(face, fumbles) - soak), 1)
    return out


def chain(d: Die, rerolls: int, fumbles: bool, soak: int = 0) -> Ways:
    """Ways of one effect die's total, rerolling critical faces up to `rerolls` more times.

    The counts add up to faces ** (rerolls + 1): a face that does not reroll stands for
    faces ** rerolls equally likely continuations.
    """
    out: Ways = [0]
    for face in range(1, d.faces + 1):
        value = max(0, d.value(face, fumbles) - soak)
        if rerolls and d.critical(face):
            for extra, weight in enumerate(chain(d, rerolls - 1, fumbles, soak)):
                if weight:
                    add_ways(out, value + extra, weight)
        else:
            add_ways(out, value, d.faces ** rerolls)
    return out


def dealt(hit: Hit) -> Chances[int]:
    """Damage dealt → exact probability, for one hit."""
    per_die_soak = hit.target_soak if hit.soak_each_die else 0
    rerolls = hit.chain_length - 1
    effect = chain(hit.effect_die, rerolls, hit.fumbles, per_die_soak)
    face_die = hit.face_die or hit.effect_die
    face = chain(face_die, rerolls, hit.fumbles, per_die_soak) if hit.face_die else effect
    face_weight = face_die.faces ** hit.chain_length
    plain = face_counts(hit.damage_die, False, hit.fumbles)
    crits = face_counts(hit.damage_die, True, hit.fumbles)
    base = power(effect, hit.weapon_effect_dice)
    if hit.attack_critical:
        attack_die = hit.attack_face_die or hit.effect_die
        base = convolve(base, chain(attack_die, rerolls, hit.fumbles, per_die_soak))
    totals: dict[int, int] = {}
    effects = base
    for c in range(hit.dice + 1):
        if c:
            effects = convolve(effects, face)
        rolls = convolve(power(plain, hit.dice - c), power(crits, c))
        scale = comb(hit.dice, c) * face_weight ** (hit.dice - c)
        _combine(hit, rolls, effects, scale, totals)
    counts: Ways = []
    for value, ways in totals.items():
        add_ways(counts, value, ways)
    return chances(counts)


def tie_share(total: int, divide_by: int, round_up: bool) -> int:
    """What a roll deals when the attack tied the TN: divided, rounded as the reading says."""
    return -(-total // divide_by) if round_up else total // divide_by


def _rolled(hit: Hit, total: int) -> int:
    return tie_share(total, hit.tie_divide_by, hit.tie_round_up) if hit.tie else total


def _combine(hit: Hit, rolls: Ways, effects: Ways, scale: int, totals: dict[int, int]) -> None:
    soak = 0 if hit.soak_each_die else hit.target_soak
    if hit.after_dr:
        left: dict[int, int] = {}
        for r, x in enumerate(rolls):
            if x:
                key = max(0, _rolled(hit, r + hit.strength) - hit.target_dr)
                left[key] = left.get(key, 0) + x
        added: dict[int, int] = {}
        for t, y in enumerate(effects):
            if y:
                key = max(0, t - soak)
                added[key] = added.get(key, 0) + y
        for a, x in left.items():
            for b, y in added.items():
                totals[a + b] = totals.get(a + b, 0) + x * y * scale
        return
    reduction: dict[int, int] = {}
    for t, y in enumerate(effects):
        if y:
            key = max(0, hit.target_dr - max(0, t - soak))
            reduction[key] = reduction.get(key, 0) + y
    for r, x in enumerate(rolls):
        if x:
            rolled = _rolled(hit, r + hit.strength)
            for dr, y in reduction.items():
                key = max(0, rolled - dr)
                totals[key] = totals.get(key, 0) + x * y * scale


def critical_chance(d: Die, dice: int) -> Fraction:
    """Chance that at least one of `dice` damage dice shows a critical face."""
    crit_faces = sum(1 for face in range(1, d.faces + 1) if d.critical(face))
    return 1 - Fraction(d.faces - crit_faces, d.faces) ** dice
