"""ReiKi: channelling plans (Examples 8–10), cost reductions, and special attacks."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.techniques import best_plan
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

PLAYER_A = {"channel": 1, "shaping": 2, "aura": 2}


@pytest.mark.parametrize(
    ("inputs", "expect"),
    [({"cost": 10, "shape_cost": 10}, {"reflex": 8, "channel_actions": 4, "shaping_actions": 3}),
     ({"cost": 2, "shape_cost": 2}, {"reflex": 2, "channel_actions": 0, "shaping_actions": 1}),
     ({"cost": 4, "shape_cost": 4, "channelled_before": 8, "shaped_before": 4},
      {"reflex": 1, "reiki_spent": 4, "reiki_left": 6}),
     ({"cost": 10, "shape_cost": 0, "activation_reflex": 2, "channelled_before": 8},
      {"reflex": 2, "reiki_spent": 10, "reiki_left": 0}),
     ({"cost": 3, "shape_cost": 0, "potency": 2, "channelled_before": 8}, {"reiki_spent": 1, "reflex": 1})],
    ids=["example-8-ten", "example-8-two", "example-9", "example-10", "example-10-one-reiki"],
)
def test_the_books_examples(inputs: dict[str, int], expect: dict[str, int]) -> None:
    result = engine().run("wbs.technique_plan", {**PLAYER_A, **inputs})
    assert {k: result[k] for k in expect} == expect


def test_cost_reduction_readings() -> None:
    base = {**PLAYER_A, "cost": 6, "shape_cost": 0, "potency": 2, "efficiency": 3, "technique_efficiency": 1}
    assert engine().run("wbs.technique_plan", base)["reiki_spent"] == 6 - 3
    assert engine().run("wbs.technique_plan", {**base, "cost_reading": "efficiency"})["reiki_spent"] == 6 - 4
    assert engine().run("wbs.technique_plan", {**base, "potency": 20})["reiki_spent"] == 1


def _brute(need_reiki: int, need_shape: int, per: int, shaping: int, half: int) -> int:
    return min(c + s for c in range(0, 40) for s in range(0, 40)
               if c * per >= need_reiki and c * half + s * shaping >= need_shape)


@given(st.integers(-3, 20), st.integers(0, 20), st.integers(1, 4), st.integers(1, 4))
def test_plan_is_the_fewest_actions(need_reiki: int, need_shape: int, per: int, shaping: int) -> None:
    half = shaping // 2
    channel, shape = best_plan(need_reiki, need_shape, per, shaping, half)
    assert channel * per >= need_reiki and channel * half + shape * shaping >= need_shape
    assert channel + shape == _brute(need_reiki, need_shape, per, shaping, half)


@given(st.integers(1, 30), st.integers(0, 5), st.integers(0, 5), st.integers(0, 5))
def test_more_ranks_never_cost_more_reflex(cost: int, channel: int, shaping: int, aura: int) -> None:
    base = {"cost": cost, "shape_cost": cost, "channel": channel, "shaping": shaping + 1, "aura": aura}
    reflex = engine().run("wbs.technique_plan", base)["reflex"]
    for skill in ("channel", "shaping", "aura"):
        assert engine().run("wbs.technique_plan", {**base, skill: base[skill] + 1})["reflex"] <= reflex


@pytest.mark.parametrize(("inputs", "field"), [({"shaping": 0}, "shaping"), ({"cost": -1}, "cost"),
                                               ({"cost_reading": "both"}, "cost_reading")])
def test_technique_plan_errors(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.technique_plan", {**PLAYER_A, **inputs})
    assert caught.value.field == field


# ---- special attacks ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "expect"),
    [({"damage_d6": 1}, {"reiki_cost": 4, "shape_cost": 2, "xp_cost": 4}),
     ({"damage_d6": 0, "damage_d8": 2, "critical_d12": 1}, {"reiki_cost": 16, "shape_cost": 10, "xp_cost": 16}),
     ({"damage_d6": 1, "speed": 5, "channel_force": 3}, {"reiki_cost": 12, "shape_cost": 3}),
     ({"damage_d6": 1, "area": 3}, {"reiki_cost": 7}),
     ({"damage_d6": 1, "area": 3, "surround": True}, {"reiki_cost": 9}),
     ({"damage_d6": 0, "damage_d10": 2, "life_drain": 1, "life_drain_xp": "before-drain"},
      {"reiki_cost": 12, "reiki_to_channel": 7, "shinki_cost": 1, "xp_cost": 12}),
     ({"damage_d6": 0, "damage_d10": 2, "life_drain": 1, "life_drain_reading": "one"}, {"reiki_to_channel": 11}),
     ({"damage_d6": 1, "inner_power": 2, "genki": 30}, {"xp_cost": 4 + 8, "trait_points": 12}),
     ({"damage_d6": 1, "attack_efficiency": 3}, {"xp_cost": 4 + 6, "reiki_spent": 1}),
     ({"damage_d8": 2, "damage_d6": 0, "potency": 3}, {"reiki_spent": 7, "reiki_to_channel": 10})],
)
def test_special_attack_costs(inputs: dict[str, object], expect: dict[str, object]) -> None:
    result = engine().run("wbs.special_attack", inputs)
    assert {k: result[k] for k in expect} == expect


@pytest.mark.parametrize(
    ("rounding", "mentor", "copied", "xp"),
    [("up", False, 0, 9), ("up", True, 0, 5), ("down", True, 0, 4), ("exact", True, 0, 4.5),
     ("up", False, 5, 3 + 4), ("up", True, 5, 2 + 2), ("exact", True, 5, 1.25 + 2)],
)
def test_iterative_and_mentor_discounts(rounding: str, mentor: bool, copied: int, xp: float) -> None:
    inputs = {"damage_d6": 0, "damage_d8": 1, "critical_d8": 1, "mentor": mentor, "copied_reiki": copied,
              "mentor_rounding": rounding}
    assert engine().run("wbs.special_attack", inputs)["xp_cost"] == xp


@given(st.integers(0, 4), st.integers(0, 4), st.integers(0, 10), st.booleans())
def test_discounts_never_raise_the_price(d6: int, d10: int, copied: int, mentor: bool) -> None:
    base = {"damage_d6": d6 + 1, "damage_d10": d10}
    full = engine().run("wbs.special_attack", base)["xp_cost"]
    cheaper = engine().run("wbs.special_attack", {**base, "copied_reiki": min(copied, 4), "mentor": mentor})
    assert cheaper["xp_cost"] <= full


@pytest.mark.parametrize(
    ("inputs", "field"),
    [({"damage_d6": 0}, "damage_d6"), ({"surround": True}, "surround"), ({"copied_reiki": 5}, "copied_reiki"),
     ({"life_drain": 1}, "life_drain"), ({"shaping": 0}, "shaping"), ({"inner_power": 6}, "inner_power")],
)
def test_special_attack_errors(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.special_attack", inputs)
    assert caught.value.field == field
