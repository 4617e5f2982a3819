"""wbs.damage: dice, costs, the book's average, and the exact distribution against brute force."""

from __future__ import annotations

import copy
import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import Engine, InputError
from calculators.wbs.combat_rules import Die, die
from calculators.wbs.damage import attack_dice, book_average, dice_for, reflex_cost
from calculators.wbs.damage_odds import Hit, dealt
from tests.support.engine import engine, rules_data
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals


@pytest.mark.parametrize(
    ("strike", "weapon", "damage_type", "damage", "effect"),
    [("standard", "fist", "none", "d8", "d8"), ("fast", "palm", "none", "d4", "d4"),
     ("standard", "medium", "slash", "d10", "d10"), ("standard", "medium", "pierce", "d8", "d12"),
     ("strong", "shin", "crush", "d12", "d12+1"), ("strong", "shin", "none", "d12+1", "d12+1"),
     ("fast", "palm", "pierce", "d4-1", "d6"), ("fast", "claw", "crush", "d4-1", "d6"),
     ("standard", "assisted", "pierce", "d8", "d12")],
)
def test_dice_follow_the_size_chart(strike: str, weapon: str, damage_type: str, damage: str, effect: str) -> None:
    assert attack_dice(strike, weapon, damage_type) == (damage, effect)
    result = engine().run("wbs.damage", {"strike": strike, "weapon": weapon, "damage_type": damage_type,
                                         "unarmed_reading": "unarmed-too"})
    assert (result["damage_die"], result["effect_die"]) == (damage, effect)


def test_yumi_bow_example() -> None:
    # Pierce turns a d6 into a d4 with a d8 Penetrate die; the bow steps both back up to d6 and d10.
    assert attack_dice("fast", "assisted", "pierce") == ("d6", "d10")


@pytest.mark.parametrize(
    ("strike", "weapon", "cost"),
    [("fast", "fist", 1), ("standard", "fist", 1), ("strong", "fist", 2), ("standard", "shin", 2),
     ("strong", "long", 4), ("standard", "medium", 2), ("fast", "assisted", 3)],
)
def test_reflex_cost(strike: str, weapon: str, cost: int) -> None:
    assert reflex_cost(strike, weapon) == cost


@pytest.mark.parametrize(("ranks", "dice"), [(0, 1), (3, 1), (4, 2), (7, 2), (8, 3), (12, 4)])
def test_one_more_die_every_four_ranks(ranks: int, dice: int) -> None:
    assert dice_for(ranks) == dice


@pytest.mark.parametrize(
    ("dice", "top", "average"),
    [(1, 8, 4), (2, 8, 9), (3, 8, 13), (1, 6, 3), (2, 13, 14), (1, 3, 2), (4, 10, 22)],
)
def test_book_average(dice: int, top: int, average: int) -> None:
    assert book_average(dice, top) == average


def test_average_damage_after_dr() -> None:
    result = engine().run("wbs.damage", {"strike": "standard", "weapon": "medium", "damage_type": "bash",
                                            "strength": 4, "skill_ranks": 8, "target_dr": 5})
    # 3 d10: 16 (5 + 5 + 5 + 1), + 4 Strength = 20, less DR 5 = 15, + the Stagger d10's average 5.
    assert result["average_damage"] == 20 - 5 + 5
    tied = engine().run("wbs.damage", {"strike": "standard", "weapon": "medium", "damage_type": "bash",
                                          "strength": 4, "skill_ranks": 8, "target_dr": 5, "tie": True})
    assert tied["average_damage"] == 10 - 5 + 5


# ---- brute force ------------------------------------------------------------------------------


def _chain(d: Die, rerolls: int, fumbles: bool, soak: int) -> list[tuple[int, Fraction]]:
    out = []
    for face in range(1, d.faces + 1):
        p = Fraction(1, d.faces)
        value = max(0, d.value(face, fumbles) - soak)
        if rerolls and d.critical(face):
            out += [(value + v, p * q) for v, q in _chain(d, rerolls - 1, fumbles, soak)]
        else:
            out.append((value, p))
    return out


def brute(hit: Hit) -> dict[int, Fraction]:
    """Every combination of every die, walked one by one."""
    soak_each = hit.target_soak if hit.soak_each_die else 0
    chain = _chain(hit.effect_die, hit.chain_length - 1, hit.fumbles, soak_each)
    out: dict[int, Fraction] = {}
    for faces in itertools.product(range(1, hit.damage_die.faces + 1), repeat=hit.dice):
        p_roll = Fraction(1, hit.damage_die.faces ** hit.dice)
        rolled = sum(hit.damage_die.value(f, hit.fumbles) for f in faces) + hit.strength
        if hit.tie:
            rolled = -(-rolled // hit.tie_divide_by) if hit.tie_round_up else rolled // hit.tie_divide_by
        crits = sum(hit.damage_die.critical(f) for f in faces)
        chains = hit.weapon_effect_dice + int(hit.attack_critical) + crits
        for combo in itertools.product(chain, repeat=chains):
            p = p_roll
            total = 0
            for value, q in combo:
                total += value
                p *= q
            effect = total if hit.soak_each_die else max(0, total - hit.target_soak)
            if hit.after_dr:
                damage = max(0, rolled - hit.target_dr) + effect
            else:
                damage = max(0, rolled - max(0, hit.target_dr - effect))
            out[damage] = out.get(damage, Fraction(0)) + p
    return {k: v for k, v in sorted(out.items()) if v}


small_hits = st.builds(
    Hit,
    damage_die=st.sampled_from(["d4-1", "d4", "d6", "d12+1"]).map(die),
    dice=st.integers(1, 2),
    strength=st.integers(0, 4),
    effect_die=st.sampled_from(["d4-1", "d4", "d6"]).map(lambda d: die(d)),
    weapon_effect_dice=st.integers(0, 1),
    attack_critical=st.booleans(),
    after_dr=st.booleans(),
    target_dr=st.integers(0, 8),
    target_soak=st.integers(0, 3),
    soak_each_die=st.booleans(),
    chain_length=st.integers(1, 2),
    fumbles=st.booleans(),
    tie=st.booleans(),
    tie_round_up=st.booleans(),
    tie_divide_by=st.integers(1, 3),
)


@settings(max_examples=examples(60), deadline=None)
@given(small_hits)
def test_distribution_equals_brute_force(hit: Hit) -> None:
    assert dealt(hit) == brute(hit)


@settings(max_examples=examples(60), deadline=None)
@given(small_hits)
def test_distribution_sums_to_exactly_one(hit: Hit) -> None:
    dist = dealt(hit)
    assert sum(dist.values()) == 1
    assert all(0 < p <= 1 for p in dist.values())
    assert all(v >= 0 for v in dist)


def test_claw_widens_the_critical_range() -> None:
    plain = engine().run("wbs.damage", {"weapon": "fist"})
    claw = engine().run("wbs.damage", {"weapon": "claw"})
    assert plain["chance_critical"] == pytest.approx(1 / 8)  # a d8
    assert claw["chance_critical"] == pytest.approx(2 / 6)  # a d6 that crits on 5 and 6


base_inputs = st.fixed_dictionaries({
    "strike": st.sampled_from(["fast", "standard", "strong"]),
    "weapon": st.sampled_from(["fist", "palm", "claw", "knee", "short", "long", "thrown"]),
    "damage_type": st.sampled_from(["none", "slash", "pierce", "bash", "crush"]),
    "skill_ranks": st.integers(0, 8),
    "strength": st.integers(0, 6),
    "target_dr": st.integers(0, 10),
    "target_soak": st.integers(0, 4),
    "unarmed_reading": st.just("unarmed-too"),
})


def _mean(inputs: dict[str, object]) -> Fraction:
    result = engine().run("wbs.damage", inputs)
    return Fraction(result["expected_damage"]).limit_denominator(10**12)


@settings(max_examples=examples(40), deadline=None)
@given(base_inputs)
def test_more_strength_never_lowers_the_mean(inputs: dict[str, object]) -> None:
    assert _mean({**inputs, "strength": inputs["strength"] + 1}) >= _mean(inputs)


@settings(max_examples=examples(40), deadline=None)
@given(base_inputs)
def test_more_dr_or_soak_never_raises_the_mean(inputs: dict[str, object]) -> None:
    assert _mean({**inputs, "target_dr": inputs["target_dr"] + 1}) <= _mean(inputs)
    assert _mean({**inputs, "target_soak": inputs["target_soak"] + 1}) <= _mean(inputs)


@settings(max_examples=examples(30), deadline=None)
@given(base_inputs)
def test_results_are_in_bounds(inputs: dict[str, object]) -> None:
    result = engine().run("wbs.damage", inputs)
    assert 0 <= result["chance_no_damage"] <= 1
    assert 0 <= result["chance_critical"] <= 1
    assert result["expected_damage"] >= 0
    chart = result["distribution"]
    assert chart["type"] == "distribution" and abs(sum(p for _, p in chart["bars"]) - 1) < 1e-9


def test_expected_value_of_a_plain_hit() -> None:
    # One d8 + 3 against DR 2, with fumbles off; an 8 adds a Stagger d8 that does not chain.
    hit = Hit(damage_die=die("d8"), dice=1, strength=3, effect_die=die("d8"), weapon_effect_dice=0,
              attack_critical=False, after_dr=True, target_dr=2, target_soak=0, soak_each_die=False,
              chain_length=1, fumbles=False, tie=False, tie_round_up=False, tie_divide_by=2)
    # faces 1..8 give 2..9 after DR; the 8 adds a d8 (mean 4.5) with chance 1/8.
    assert dealt(hit).mean() == Fraction(2 + 9, 2) + Fraction(9, 2) / 8


def test_readings_change_the_numbers() -> None:
    base = {"strike": "strong", "weapon": "long", "damage_type": "bash", "skill_ranks": 4, "target_dr": 6,
            "target_soak": 2, "extra_critical_dice": 2}
    chained = engine().run("wbs.damage", base)["expected_damage"]
    single = engine().run("wbs.damage", {**base, "chain_reading": "no-chain"})["expected_damage"]
    assert chained > single
    per_die = engine().run("wbs.damage", {**base, "soak_reading": "per-die"})["expected_damage"]
    assert per_die < chained
    counted = engine().run("wbs.damage", {**base, "fumble_reading": "count"})["expected_damage"]
    assert counted > chained


@pytest.mark.parametrize(
    ("inputs", "field"),
    [({"extra_critical_dice": 1}, "extra_critical_dice"), ({"strike": "wild"}, "strike"),
     ({"weapon": "sword"}, "weapon"), ({"damage_type": "fire"}, "damage_type"), ({"strength": -1}, "strength"),
     ({"skill_ranks": 61}, "skill_ranks"), ({"tie": "maybe"}, "tie"), ({"critical_effect": "burn"}, "critical_effect"),
     ({"chain_reading": "forever"}, "chain_reading")],
)
def test_bad_inputs_name_their_field(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.damage", inputs)
    assert caught.value.field == field


def test_knockback_speed_from_the_average_roll() -> None:
    result = engine().run("wbs.damage", {"strike": "strong", "weapon": "long", "skill_ranks": 8, "strength": 6,
                                            "critical_effect": "knockback"})
    assert result["critical_effect"] == "Knockback"
    assert result["knockback_speed"] == (3 * 13 // 2 + 6) // 10  # 3 d12: 19, + 6 = 25 → Speed 2
    assert engine().run("wbs.damage", {})["knockback_speed"] == 0


def test_changing_tie_divide_by_in_the_data_changes_the_damage_calculators_answers() -> None:
    attack = {"strike": "standard", "weapon": "medium", "damage_type": "bash", "strength": 4, "skill_ranks": 8,
              "target_dr": 5, "tie": True}
    changed = copy.deepcopy(rules_data())
    changed["wbs/combat"]["attack"]["tie_divide_by"] = 3
    halved, thirded = engine().run("wbs.damage", attack), Engine(changed).run("wbs.damage", attack)
    assert halved["average_damage"] == 10 - 5 + 5  # 20 rolled ÷ 2, less DR 5, + the Stagger d10's 5
    assert thirded["average_damage"] < halved["average_damage"]
    assert thirded["expected_damage"] < halved["expected_damage"]
    assert thirded["distribution"] != halved["distribution"]
    untied = {**attack, "tie": False}
    assert Engine(changed).run("wbs.damage", untied) == engine().run("wbs.damage", untied)
