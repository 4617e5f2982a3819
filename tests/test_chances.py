"""Chances, the engine's one distribution type: exact, immutable, only what can happen."""

from __future__ import annotations

from fractions import Fraction

import pytest

from calculators.chances import Chances
from calculators.dice import chances as dice_chances
from calculators.rain import contest
from calculators.rain import tiles as tl
from calculators.wbs import check_dice, damage_odds
from calculators.wbs.combat_rules import die
from calculators.xia import attack


def test_a_die_s_ways_become_exact_chances_in_order() -> None:
    d6 = Chances.of_ways([0, 1, 1, 1, 1, 1, 1])
    assert list(d6) == [1, 2, 3, 4, 5, 6] and set(d6.values()) == {Fraction(1, 6)}
    assert d6.total() == 1 and d6.mean() == Fraction(7, 2) and d6.at_least(5) == Fraction(1, 3)
    assert Chances.of_ways([1, 0, 1], offset=3) == {3: Fraction(1, 2), 5: Fraction(1, 2)}


def test_outcomes_given_twice_add_up_and_impossible_ones_are_left_out() -> None:
    merged = Chances([("a", Fraction(1, 4)), ("b", Fraction(0)), ("a", Fraction(1, 4)), ("c", Fraction(1, 2))])
    assert dict(merged) == {"a": Fraction(1, 2), "c": Fraction(1, 2)} and "b" not in merged
    assert merged.grouped(lambda o: "any") == {"any": 1}


def test_a_chance_is_exact_and_never_below_zero() -> None:
    with pytest.raises(TypeError, match="exact"):
        Chances({1: 0.5})  # type: ignore[dict-item]
    with pytest.raises(ValueError, match="below 0"):
        Chances({1: Fraction(-1, 2)})
    with pytest.raises(ValueError, match="at least one way"):
        Chances.of_ways([0, 0])


def test_a_distribution_cannot_be_changed_once_made() -> None:
    d = Chances({1: Fraction(1)})
    with pytest.raises(TypeError):
        d[2] = Fraction(0)  # type: ignore[index]
    with pytest.raises(AttributeError):
        d.other = 1  # type: ignore[attr-defined]


@pytest.mark.usefixtures("rules_in_use")  # calculator internals read the rules
def test_every_game_s_distributions_are_one_type_and_whole() -> None:
    made = [
        dice_chances([0, 1, 1, 1]),
        check_dice.check_total(3, 1, False, True),
        damage_odds.dealt(damage_odds.Hit(
            damage_die=die("d8"), dice=2, strength=3, effect_die=die("d8"), weapon_effect_dice=1,
            attack_critical=True, after_dr=True, target_dr=2, target_soak=1, soak_each_die=False,
            chain_length=2, fumbles=True, tie=False, tie_round_up=False, tie_divide_by=2)),
        attack.damage_distribution(4, 3, 2),
        contest.odds(tl.wall("by-number"), 3, 2, 3, 2, 2, 2).chances(),
    ]
    for d in made:
        assert isinstance(d, Chances) and d.total() == 1, d
        assert all(isinstance(p, Fraction) and p > 0 for p in d.values()), d
