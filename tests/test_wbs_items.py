"""wbs.encumbrance, wbs.weapon and wbs.projectile."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from tests.support.engine import engine


def enc(**inputs: object) -> dict:
    return engine().run("wbs.encumbrance", inputs)


def test_iron_plate() -> None:
    r = enc(armour_dr=8, armour_soak=8, armour_worn=True, strength=4)
    assert (r["total_encumbrance"], r["current_encumbrance"], r["strength_penalty"], r["dexterity_penalty"],
            r["constitution_penalty"], r["attribute_penalty"]) == (12, 6, 4, 1, 1, 6)
    assert r["movement"] == "as usual"
    assert enc(armour_dr=8, armour_soak=8, strength=3)["movement"].startswith("no faster than a crawl")


@pytest.mark.parametrize(
    ("inputs", "total", "current", "strength", "others"),
    [
        ({"armour_dr": 8, "armour_soak": 8, "armour_worn": False, "strength": 4}, 12, 12, 4, 4),
        ({"armour_dr": 0, "armour_soak": 0, "other_encumbrance": 3, "strength": 2}, 3, 3, 1, 0),
        ({"armour_dr": 0, "armour_soak": 0, "other_encumbrance": 6, "strength": 2}, 6, 6, 2, 2),
        ({"armour_dr": 3, "armour_soak": 3, "strength": 5}, 4, 2, 1, 0),
        ({"armour_dr": 3, "armour_soak": 3, "strength": 5, "armour_rounding": "up"}, 5, 3, 1, 0),
        ({"armour_dr": 4, "armour_soak": 0, "other_encumbrance": 3, "strength": 3}, 7, 5, 2, 1),
    ],
)
def test_encumbrance_cases(inputs: dict, total: int, current: int, strength: int, others: int) -> None:
    r = enc(**inputs)
    assert (r["total_encumbrance"], r["current_encumbrance"], r["strength_penalty"]) == (total, current, strength)
    assert r["dexterity_penalty"] == r["constitution_penalty"] == others


@given(st.integers(0, 40), st.integers(0, 40), st.booleans(), st.integers(0, 20), st.integers(1, 20))
def test_penalties_grow_with_load(dr: int, soak: int, worn: bool, other: int, strength: int) -> None:
    r = enc(armour_dr=dr, armour_soak=soak, armour_worn=worn, other_encumbrance=other, strength=strength)
    heavier = enc(armour_dr=dr + 1, armour_soak=soak, armour_worn=worn, other_encumbrance=other, strength=strength)
    assert r["current_encumbrance"] <= r["total_encumbrance"]
    assert r["strength_penalty"] == r["total_encumbrance"] // 3
    for name in ("strength_penalty", "dexterity_penalty", "constitution_penalty"):
        assert heavier[name] >= r[name] >= 0


@pytest.mark.parametrize(("inputs", "field"), [({"strength": 0}, "strength"), ({"armour_dr": -1}, "armour_dr"),
                                               ({"armour_worn": "sometimes"}, "armour_worn")])
def test_encumbrance_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        enc(**inputs)
    assert caught.value.field == field


@pytest.mark.parametrize(
    ("inputs", "damage", "effect", "critical"),
    [
        ({"weapon_type": "medium", "damage_type": "slash"}, "D8", "D8", "Penetrate"),
        ({"weapon_type": "short", "damage_type": "crush", "base_die": "d8"}, "D6", "D10", "Stagger"),
        ({"weapon_type": "assisted", "damage_type": "pierce"}, "D6", "D10", "Penetrate"),
        ({"weapon_type": "long", "damage_type": "bash", "base_die": "d12+1"}, "D12+1", "D12+1", "Stagger"),
        ({"weapon_type": "short", "damage_type": "pierce", "base_die": "d4-1"}, "D4-1", "D4", "Penetrate"),
    ],
)
def test_weapon_dice(inputs: dict, damage: str, effect: str, critical: str) -> None:
    r = engine().run("wbs.weapon", inputs)
    assert (r["damage_die"], r["effect_die"], r["critical_effect"]) == (damage, effect, critical)


def test_very_sharp_sword() -> None:
    r = engine().run("wbs.weapon", {"weapon_type": "medium", "extra_critical_dice": 3, "carried": True})
    assert (r["critical_dice"], r["encumbrance"], r["current_encumbrance"], r["reflex_modifier"], r["range"]) == (
        4, 4, 3, 1, "0-1")


@pytest.mark.parametrize(
    ("inputs", "speed", "strength"),
    [
        ({"ranged_type": "assisted", "weapon_encumbrance": 3, "ammo_encumbrance": 1}, 25, 4),
        ({"ranged_type": "thrown", "weapon_encumbrance": 1, "ammo_encumbrance": 1}, 15, 2),
        ({"ranged_type": "thrown", "weapon_encumbrance": 3, "ammo_encumbrance": 1}, 19, 4),
        ({"ranged_type": "unassisted", "weapon_encumbrance": 2, "ammo_encumbrance": 1}, 25, 3),
        ({"ranged_type": "unassisted", "weapon_encumbrance": 1, "ammo_encumbrance": 3}, 1, 4),
        ({"ranged_type": "unassisted", "weapon_encumbrance": 1, "ammo_encumbrance": 3, "speed_floor": "as-computed"},
         -5, 4),
    ],
)
def test_projectile(inputs: dict, speed: int, strength: int) -> None:
    r = engine().run("wbs.projectile", inputs)
    assert (r["speed"], r["strength_modifier"]) == (speed, strength)


@pytest.mark.parametrize(("inputs", "field"), [({"ranged_type": "long"}, "ranged_type"),
                                               ({"weapon_encumbrance": -1}, "weapon_encumbrance"),
                                               ({"ammo_encumbrance": "x"}, "ammo_encumbrance")])
def test_projectile_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.projectile", inputs)
    assert caught.value.field == field
