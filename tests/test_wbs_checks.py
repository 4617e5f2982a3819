"""wbs.skill_check and wbs.skill_clock: exact odds, checked against brute-force enumeration."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calculators
from calculators import InputError, registry
from calculators.wbs import check_dice, skill_clock
from tests.support.engine import engine
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals


def run(**inputs: object) -> dict:
    return engine().run("wbs.skill_check", inputs)


def _value(face: int) -> int:
    return 0 if face == 1 else face


def brute(dice: int, maximised: int, after_roll: bool, extra: bool) -> dict[int, Fraction]:
    """Every way the dice can fall, one by one."""
    out: dict[int, Fraction] = {}
    rolled = dice if after_roll else dice - min(maximised, dice)
    extras = 6 ** rolled if extra else 1
    for faces in itertools.product(range(1, 7), repeat=rolled):
        for bonus in itertools.product(range(1, 7), repeat=rolled if extra else 0):
            if after_roll:
                order = sorted(range(rolled), key=lambda i: faces[i])
                raised = {i for i in order if faces[i] != 6}
                raised = set(sorted(raised, key=lambda i: faces[i])[:maximised])
                total = sum(6 if i in raised else _value(faces[i]) for i in range(rolled))
                sixes = [i for i in range(rolled) if faces[i] == 6]
            else:
                total = 6 * min(maximised, dice) + sum(_value(f) for f in faces)
                sixes = [i for i in range(rolled) if faces[i] == 6]
            if extra:
                total += sum(_value(bonus[i]) for i in sixes)
            out[total] = out.get(total, Fraction(0)) + Fraction(1, 6 ** rolled * extras)
    return out


@pytest.mark.parametrize("dice", [1, 2, 3])
@pytest.mark.parametrize("maximised", [0, 1, 2])
@pytest.mark.parametrize("after_roll", [False, True])
@pytest.mark.parametrize("extra", [False, True])
def test_dice_match_brute_force(dice: int, maximised: int, after_roll: bool, extra: bool) -> None:
    got = {t: p for t, p in check_dice.check_total(dice, maximised, after_roll, extra).items() if p}
    assert got == brute(dice, maximised, after_roll, extra)


def test_one_die_with_fumble() -> None:
    assert check_dice.check_total(1, 0, False, False) == {0: Fraction(1, 6), 2: Fraction(1, 6), 3: Fraction(1, 6),
                                                           4: Fraction(1, 6), 5: Fraction(1, 6), 6: Fraction(1, 6)}


@pytest.mark.parametrize(
    ("inputs", "chance"),
    [
        ({"modifier": 10, "tn": 15}, Fraction(1, 3)),
        ({"modifier": 10, "tn": 10}, Fraction(1)),  # a fumble adds 0 but the modifier already meets it
        ({"modifier": 10, "tn": 11}, Fraction(5, 6)),
        ({"modifier": 10, "tn": 12}, Fraction(5, 6)),  # a 1 fumbles, so 11 can only come from nothing
        ({"modifier": 6, "tn": 20, "ev": 2, "kiai": 1}, Fraction(1, 36)),
        ({"modifier": 6, "tn": 20, "ev": 2, "kiai": 1, "all_in": 1}, Fraction(1)),
        ({"modifier": 6, "tn": 13}, Fraction(0)),
        ({"modifier": 4, "tn": 12, "wild_actions": 1}, Fraction(1, 36)),  # 2 dice at +0: 12 needs 6+6
    ],
)
def test_success_chance(inputs: dict, chance: Fraction) -> None:
    assert run(**inputs)["success_chance"] == float(chance)


def test_shrine_tree() -> None:
    result = run(modifier=6, tn=20, ev=2, kiai=1, all_in=1)
    assert (result["dice"], result["energy_cost"], result["stamina_cost"], result["highest_total"]) == (
        "2D6 + 8", 3, 1, 20)
    assert result["passive_success"] == "no"


def test_passive_success_counts_ev() -> None:
    assert run(modifier=13, tn=15, ev=2)["passive_success"] == "yes"
    assert run(modifier=13, tn=15)["passive_success"] == "no"


@pytest.mark.parametrize(
    ("modifier", "dice", "reading", "allowed"),
    [(1, 1, "repeat-trades", True), (0, 1, "repeat-trades", False), (1, 2, "repeat-trades", True),
     (4, 3, "repeat-trades", False), (5, 3, "repeat-trades", True), (4, 3, "three-more", False),
     (8, 3, "three-more", True), (8, 4, "three-more", False), (11, 4, "three-more", True),
     (7, 4, "repeat-trades", False), (8, 4, "repeat-trades", True)],
)
def test_wild_action_needs_modifier_left(modifier: int, dice: int, reading: str, allowed: bool) -> None:
    assert check_dice.wild_allowed(modifier, dice, reading) is allowed


@pytest.mark.parametrize(("dice", "reading", "cost"), [(1, "repeat-trades", 4), (2, "repeat-trades", 7),
                                                       (3, "repeat-trades", 11), (4, "repeat-trades", 14),
                                                       (3, "three-more", 10), (4, "three-more", 13)])
def test_wild_action_cost(dice: int, reading: str, cost: int) -> None:
    assert sum(check_dice.wild_cost(dice, reading)) == cost


@pytest.mark.parametrize(
    ("inputs", "field", "words"),
    [({"wild_actions": 3, "modifier": 3}, "wild_actions", "at most 2"),
     ({"wild_actions": 11}, "wild_actions", "from 0 to 10"),
     ({"kiai": -1}, "kiai", "from 0"),
     ({"tn": "x"}, "tn", "whole number"),
     ({"all_in": 1.5}, "all_in", "whole number"),
     ({"criticals": "boom"}, "criticals", "one of")],
)
def test_bad_inputs(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        run(**inputs)
    assert caught.value.field == field and words in caught.value.message


check_inputs = st.fixed_dictionaries({
    "modifier": st.integers(0, 30), "tn": st.integers(0, 50), "kiai": st.integers(0, 2),
    "ev": st.integers(0, 3), "all_in": st.integers(0, 2),
    "all_in_timing": st.sampled_from(["before-roll", "after-roll"]),
    "criticals": st.sampled_from(["perk-only", "extra-die"]),
})


@settings(max_examples=examples(40), deadline=None)
@given(check_inputs)
def test_distribution_sums_to_one_and_chance_is_a_probability(inputs: dict) -> None:
    values = calculators.spec.parse_inputs(registry.find("wbs.skill_check").inputs(), inputs)
    totals, _rolled, _left = __import__("calculators.wbs.skill_check", fromlist=["roll"]).roll(
        values, values["modifier"] + values["ev"], values["all_in"])
    assert sum(totals.values()) == 1
    result = engine().run("wbs.skill_check", inputs)
    assert 0 <= result["success_chance"] <= 1 and 0 <= result["critical_chance"] <= 1


@settings(max_examples=examples(40), deadline=None)
@given(check_inputs)
def test_more_modifier_never_hurts(inputs: dict) -> None:
    low = engine().run("wbs.skill_check", inputs)["success_chance"]
    high = engine().run("wbs.skill_check", {**inputs, "modifier": inputs["modifier"] + 1})["success_chance"]
    assert high >= low


# ---- skill clocks --------------------------------------------------------------------


def test_sword_smithing() -> None:
    result = engine().run("wbs.skill_clock", {"segments": 6, "hours_per_check": 2})
    assert (result["fewest_checks"], result["fewest_hours"]) == (3, 6)


def test_expected_checks_solves_the_chain() -> None:
    step = {2: Fraction(1, 6), 1: Fraction(2, 3), 0: Fraction(1, 6)}
    assert skill_clock.expected_checks(6, step) == Fraction(96354, 15625)
    assert skill_clock.expected_checks(2, {1: Fraction(1)}) == 2
    # Half the time +1, half the time -1 from empty (held at 0): E0 = 2 + E1, E1 = 2 + E0/2.
    assert skill_clock.expected_checks(2, {1: Fraction(1, 2), -1: Fraction(1, 2)}) == 6


def test_finish_times_sum_to_one() -> None:
    rows = skill_clock.finish_times(6, {2: Fraction(1, 6), 1: Fraction(2, 3), 0: Fraction(1, 6)})
    assert sum(rows.values()) == 1 and "1" not in rows and "3" in rows


@pytest.mark.parametrize(
    ("inputs", "field"),
    [({"modifier": -20}, "modifier"), ({"rung_2": 15}, "rung_2"), ({"segments": 0}, "segments"),
     ({"modifier": 0, "wild_actions": 1}, "wild_actions")],
)
def test_clock_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.skill_clock", inputs)
    assert caught.value.field == field


def test_tn_ladder_shows_every_difficulty_of_the_tier() -> None:
    ladder = engine().show("wbs.skill_check", {"modifier": 6, "tn": 20, "ev": 2, "kiai": 1,
                                               "challenge_tier": "experienced"})["tn_ladder"]
    for difficulty, tn, chance in (("Trivial", 5, "100%"), ("Puzzling", 20, "2.8%"), ("Complex", 25, "0%")):
        assert f"<th scope=\"row\">{difficulty}</th><td>{tn}</td><td>{chance}</td>" in ladder
    assert "<td>38</td>" in engine().show("wbs.skill_check", {"challenge_tier": "adept"})["tn_ladder"]
