"""wbs.xp_cost: prices per step, the above-tier surcharge, the mentor's half price, both price readings."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from tests.support.engine import engine


def run(**inputs: object) -> dict:
    return engine().run("wbs.xp_cost", inputs)


@pytest.mark.parametrize(
    ("inputs", "xp"),
    [
        ({"kind": "primary", "from_value": 1, "to_value": 2}, 5),
        ({"kind": "primary", "from_value": 1, "to_value": 4}, 5 + 6 + 7),
        ({"kind": "primary", "from_value": 3, "to_value": 4}, 7),
        ({"kind": "derived", "from_value": 0, "to_value": 1}, 3),
        ({"kind": "derived", "from_value": 0, "to_value": 3}, 3 + 4 + 5),
        ({"kind": "sub_skill", "from_value": 0, "to_value": 3}, 2 + 3 + 4),
        ({"kind": "sub_skill", "from_value": 2, "to_value": 2}, 0),
        # Player A's example prices: a rank costs its new value, an attribute 2 a point.
        ({"kind": "sub_skill", "from_value": 0, "to_value": 3, "xp_prices": "player-a-example"}, 6),
        ({"kind": "primary", "from_value": 1, "to_value": 4, "xp_prices": "player-a-example"}, 6),
        # Past the tier: +2 for each step above the limit, with the GM's leave.
        ({"kind": "sub_skill", "from_value": 3, "to_value": 5, "above_tier": True}, 5 + 6 + 2 * 2),
        ({"kind": "primary", "from_value": 5, "to_value": 6, "above_tier": True}, 9 + 2),
        ({"kind": "primary", "from_value": 5, "to_value": 6, "tier": "adept"}, 9),
        ({"kind": "sub_skill", "from_value": 10, "to_value": 12, "tier": "mythic"}, 12 + 13),
        # A mentor halves the usual price (rounded by the reading); the surcharge is paid in full.
        ({"kind": "sub_skill", "from_value": 0, "to_value": 3, "mentor": True}, 5),
        ({"kind": "sub_skill", "from_value": 0, "to_value": 3, "mentor": True, "mentor_rounding": "down"}, 4),
        ({"kind": "sub_skill", "from_value": 0, "to_value": 3, "mentor": True, "mentor_rounding": "exact"}, 4.5),
        ({"kind": "sub_skill", "from_value": 3, "to_value": 4, "mentor": True, "above_tier": True}, 3 + 2),
    ],
)
def test_prices(inputs: dict, xp: int | float) -> None:
    assert run(**inputs)["xp"] == xp


def test_steps_and_limit_are_shown() -> None:
    result = run(kind="sub_skill", from_value=0, to_value=3)
    assert result["steps"] == ["0→1: 2", "1→2: 3", "2→3: 4"]
    assert result["tier_limit"] == "3"
    assert run(kind="primary", from_value=1, to_value=2, tier="mythic")["tier_limit"] == "none"
    assert engine().show("wbs.xp_cost", {"kind": "sub_skill", "from_value": 0, "to_value": 3,
                                            "mentor": True, "mentor_rounding": "exact"})["xp"] == "4½"


@pytest.mark.parametrize(
    ("inputs", "field", "words"),
    [
        ({"from_value": 3, "to_value": 2}, "to_value", "at least From (3)"),
        ({"kind": "sub_skill", "to_value": 4}, "to_value", "at most 3 at this tier"),
        ({"kind": "primary", "from_value": 0, "to_value": 2}, "from_value", "at least 1"),
        ({"kind": "attribute"}, "kind", "must be one of"),
        ({"tier": "legendary"}, "tier", "must be one of"),
        ({"from_value": -1}, "from_value", "from 0"),
        ({"to_value": "three"}, "to_value", "whole number"),
        ({"mentor": "maybe"}, "mentor", "on or off"),
        ({"xp_prices": "cheap"}, "xp_prices", "must be one of"),
    ],
)
def test_bad_inputs(inputs: dict, field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        run(**inputs)
    assert caught.value.field == field and words in caught.value.message


kinds = st.sampled_from(["primary", "derived", "sub_skill"])


@given(kinds, st.integers(1, 30), st.integers(0, 30), st.integers(0, 30))
def test_a_raise_costs_the_sum_of_its_parts(kind: str, low: int, middle: int, high: int) -> None:
    a, b, c = sorted((low, low + middle, low + middle + high))
    common = {"kind": kind, "tier": "mythic"}
    whole = run(**common, from_value=a, to_value=c)["xp"]
    assert whole == run(**common, from_value=a, to_value=b)["xp"] + run(**common, from_value=b, to_value=c)["xp"]


@given(kinds, st.integers(1, 20), st.integers(0, 20), st.sampled_from(["experienced", "adept", "epic", "mythic"]))
def test_mentor_never_costs_more_and_surcharge_is_two_per_step_over(kind: str, low: int, more: int, tier: str) -> None:
    common = {"kind": kind, "from_value": low, "to_value": low + more, "tier": tier, "above_tier": True}
    plain, mentored = run(**common), run(**common, mentor=True)
    assert mentored["xp"] <= plain["xp"]
    limit = {"experienced": (5, 3), "adept": (10, 6), "epic": (20, 10)}.get(tier)
    if limit is None:
        assert plain["surcharge_xp"] == 0
    else:
        cap = limit[1] if kind == "sub_skill" else limit[0]
        assert plain["surcharge_xp"] == 2 * len([v for v in range(low + 1, low + more + 1) if v > cap])
