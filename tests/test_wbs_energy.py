"""wbs.energy: GenKi, ReiKi, Core GenKi and the boosted EV."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.energy import boosted_ev
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

BASE = {"strength": 5, "constitution": 5, "dexterity": 5, "smarts": 2, "charisma": 4, "wits": 3}


@pytest.mark.parametrize(("core", "ev"), [(0, 1), (9, 1), (10, 1), (15, 2), (20, 2), (21, 3), (30, 3), (31, 4)])
def test_boosted_ev_matches_the_monk_example(core: int, ev: int) -> None:
    assert boosted_ev(core) == ev


@pytest.mark.parametrize(
    ("spark", "genki", "reiki"),
    [("unawakened", 15, 90), ("monk", 30, 135), ("warrior", 45, 90), ("mage", 15, 180)],
)
def test_spark_multipliers(spark: str, genki: int, reiki: int) -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": spark})
    assert (result["genki"], result["reiki"]) == (genki, reiki)


def test_energy_section_reading_uses_six() -> None:
    result = engine().run("wbs.energy", {**BASE, "reiki_reading": "energy-section"})
    assert result["reiki"] == 9 * 6
    assert result["reiki_multiplier"] == 6


def test_energy_section_reading_leaves_awakened_sparks_alone() -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": "mage", "reiki_reading": "energy-section"})
    assert result["reiki"] == 9 * 20


def test_monk_example() -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": "monk"})
    assert (result["genki"], result["core_genki"], result["boosted_ev"], result["ev_choices"]) == (30, 15, 2, [1, 2])


def test_skill_ranks_add_before_the_multiplier() -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": "monk", "efficiency": 1, "kiai": 2,
                                             "channel": 1, "aura": 2})
    assert result["genki"] == (15 + 3) * 2
    assert result["reiki"] == (9 + 3) * 15


def test_core_range_from_peak_and_damper() -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": "warrior", "peak": 1, "damper": 3})
    assert result["genki"] == (15 + 1 + 3) * 3  # Peak and Damper ranks grow the pool too
    assert result["core_genki"] == 28
    assert (result["core_genki_min"], result["core_genki_max"]) == (28 - 15, 28 + 5)


def test_core_falls_with_remaining_genki() -> None:
    result = engine().run("wbs.energy", {**BASE, "spark": "monk", "spent_genki": 12})
    assert result["core_genki"] == 15
    result = engine().run("wbs.energy", {**BASE, "spark": "monk", "spent_genki": 20})
    assert result["core_genki"] == 10 and result["boosted_ev"] == 1


@pytest.mark.parametrize(("rounding", "core"), [("down", 7), ("up", 8)])
def test_odd_totals_round_by_the_reading(rounding: str, core: int) -> None:
    inputs = {**BASE, "strength": 5, "constitution": 5, "dexterity": 5, "spark": "unawakened"}
    assert engine().run("wbs.energy", {**inputs, "core_rounding": rounding})["core_genki"] == core


@pytest.mark.parametrize(
    ("inputs", "field"),
    [({"spark": "dragon"}, "spark"), ({"peak": -1}, "peak"), ({"kiai": "two"}, "kiai"),
     ({"core_rounding": "sideways"}, "core_rounding"), ({"strength": 0}, "strength")],
)
def test_bad_inputs(inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.energy", {**BASE, **inputs})
    assert caught.value.field == field


ranks = st.integers(min_value=0, max_value=10)


sparks = st.sampled_from(["unawakened", "monk", "warrior", "mage"])


@given(st.integers(1, 30), st.integers(1, 30), st.integers(1, 30), sparks, ranks, ranks)
def test_core_range_is_ordered_and_ev_is_at_least_one(
    s: int, c: int, d: int, spark: str, peak: int, damper: int
) -> None:
    r = engine().run("wbs.energy", {"strength": s, "constitution": c, "dexterity": d, "spark": spark,
                                        "peak": peak, "damper": damper})
    assert 0 <= r["core_genki_min"] <= r["core_genki"] <= r["core_genki_max"] <= r["genki"]
    assert r["boosted_ev"] >= 1 and r["ev_choices"][0] == 1
