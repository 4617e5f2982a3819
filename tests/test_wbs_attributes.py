"""wbs.derived: the four derived attributes and their purchase limits."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from tests.support.engine import engine

PLAYER_A = {"strength": 3, "constitution": 2, "dexterity": 4, "smarts": 2, "charisma": 4, "wits": 3}
attribute = st.integers(min_value=1, max_value=40)
six = st.fixed_dictionaries({name: attribute for name in PLAYER_A})


def test_player_a_worked_example() -> None:
    result = engine().run("wbs.derived", PLAYER_A)
    assert (result["health"], result["speed"], result["reflex"], result["stamina"]) == (6, 2, 3, 6)
    assert (result["health_limit"], result["speed_limit"], result["reflex_limit"],
            result["stamina_limit"]) == (3, 2, 1, 3)


def test_lower_attribute_reading_caps_at_the_lower_value() -> None:
    result = engine().run("wbs.derived", {**PLAYER_A, "derived_limit": "lower"})
    assert (result["health_limit"], result["speed_limit"], result["reflex_limit"],
            result["stamina_limit"]) == (3, 2, 1, 2)


@pytest.mark.parametrize(("dexterity", "speed", "shown"), [(1, 0.5, "½"), (4, 2, "2"), (5, 2.5, "2½"), (9, 4.5, "4½")])
def test_speed_keeps_halves(dexterity: int, speed: float, shown: str) -> None:
    inputs = {**PLAYER_A, "dexterity": dexterity}
    assert engine().run("wbs.derived", inputs)["speed"] == speed
    assert engine().show("wbs.derived", inputs)["speed"] == shown


def test_bonuses_add_to_totals() -> None:
    result = engine().run("wbs.derived", {**PLAYER_A, "health_bonus": 3, "speed_bonus": 2,
                                              "reflex_bonus": 1, "stamina_bonus": 3})
    assert (result["health"], result["speed"], result["reflex"], result["stamina"]) == (9, 4, 4, 9)


@pytest.mark.parametrize(
    ("inputs", "field", "words"),
    [
        ({"strength": 0}, "strength", "whole number from 1"),
        ({"strength": "2.5"}, "strength", "(got '2.5')"),
        ({"wits": ""}, "wits", "(got nothing)"),
        ({"wits": True}, "wits", "whole number"),
        ({"health_bonus": 4}, "health_bonus", "at most 3"),
        ({"reflex_bonus": 2}, "reflex_bonus", "at most 1"),
        ({"speed_bonus": -1}, "speed_bonus", "from 0"),
        ({"derived_limit": "highest"}, "derived_limit", "must be one of"),
        ({"agility": 3}, "agility", "not an input"),
    ],
)
def test_bad_inputs_name_the_field(inputs: dict[str, object], field: str, words: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.derived", {**PLAYER_A, **inputs})
    assert caught.value.field == field
    assert words in caught.value.message


def test_every_bad_field_is_reported_at_once() -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.derived", {**PLAYER_A, "strength": "x", "wits": 0, "stamina_bonus": 99})
    assert {p.field for p in caught.value.problems} == {"strength", "wits"}


@given(six)
def test_totals_follow_the_formulas(values: dict[str, int]) -> None:
    r = engine().run("wbs.derived", values)
    assert r["health"] == values["strength"] + values["wits"]
    assert r["speed"] * 2 == values["dexterity"]
    assert r["reflex"] == (values["dexterity"] + values["smarts"]) // 2
    assert r["stamina"] == values["constitution"] + values["charisma"]


@given(six)
def test_limits_are_reachable_and_never_above_an_attribute(values: dict[str, int]) -> None:
    for reading in ("average", "lower"):
        r = engine().run("wbs.derived", {**values, "derived_limit": reading})
        assert 0 <= r["health_limit"] <= max(values["strength"], values["wits"])
        assert r["reflex_limit"] <= max(values["dexterity"], values["smarts"]) // 2
        bought = {f"{n}_bonus": r[f"{n}_limit"] for n in ("health", "speed", "reflex", "stamina")}
        engine().run("wbs.derived", {**values, **bought, "derived_limit": reading})


@given(six)
def test_lower_reading_never_allows_more_than_average(values: dict[str, int]) -> None:
    average = engine().run("wbs.derived", values)
    lower = engine().run("wbs.derived", {**values, "derived_limit": "lower"})
    for name in ("health", "speed", "reflex", "stamina"):
        assert lower[f"{name}_limit"] <= average[f"{name}_limit"]
