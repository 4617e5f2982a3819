"""Weapons as items: wbs.weapon (dice, reflex, range, weight) and wbs.projectile (speed, strength)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..readings import reading_input
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output

SPEED_NOTE = "projectile-speed-floor"


def _weapons() -> Mapping[str, Any]:
    return rules.table("wbs/weapons")


def weapon_types(kind: str = "weapon") -> list[Mapping[str, Any]]:
    """Melee and ranged weapon types (kind `weapon`), each with its group id added."""
    return [{**t, "group": g["id"], "group_name": g["name"]}
            for g in _weapons()["weapon_groups"] if g["kind"] == kind for t in g["types"]]


def die_name(die_id: str) -> str:
    """A die as players write it: d8 → D8, d12+1 → D12+1."""
    return die_id.upper()


def step_die(die_id: str, steps: int) -> str:
    """The die `steps` sizes along the dice chart, held at the chart's ends."""
    order = [d["id"] for d in _weapons()["dice"]]
    where = min(len(order) - 1, max(0, order.index(die_id) + steps))
    return order[where]


def _weapon_inputs() -> list[Input]:
    types = weapon_types()
    dice = _weapons()["dice"]
    return [
        Input("weapon_type", "Weapon type", "choice", default="medium",
              choices=tuple(Choice(t["id"], f"{t['group_name']}: {t['name']}") for t in types), group="Weapon"),
        Input("damage_type", "Damage type", "choice", default="slash",
              choices=tuple(Choice(d["id"], d["name"]) for d in _weapons()["damage_types"]), group="Weapon",
              help="For a ranged weapon this is the ammunition's"),
        Input("base_die", "Damage die before the weapon", "choice", default="d6",
              choices=tuple(Choice(d["id"], die_name(d["id"])) for d in dice), group="Attack",
              help="Set by the strike: " + ", ".join(f"{s['name']} {die_name(s['die'])}"
                                                     for s in _weapons()["strikes"])),
        Input("extra_critical_dice", "Extra critical dice", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="Weapon", help=f"Every extra die adds {_weapons()['encumbrance']['per_extra_critical_die']} to "
                                   "the weapon's encumbrance"),
        Input("carried", "Carried, not in hand", "bool", default=False, group="Weapon"),
    ]


def _weapon_outputs() -> list[Output]:
    return [
        Output("damage_die", "Damage die", "text"),
        Output("effect_die", "Critical effect die", "text"),
        Output("critical_effect", "Critical effect", "text"),
        Output("critical_dice", "Critical effect dice"),
        Output("reflex_modifier", "Reflex cost added"),
        Output("range", "Range (hexes)", "text"),
        Output("encumbrance", "Encumbrance"),
        Output("current_encumbrance", "Encumbrance as it is carried now"),
    ]


def weapon(values: Mapping[str, Any]) -> dict[str, Any]:
    """A weapon's dice, cost, range and weight."""
    kind = by_id(weapon_types(), values["weapon_type"])
    damage = by_id(_weapons()["damage_types"], values["damage_type"])
    sized = step_die(values["base_die"], kind["size"])
    enc_rules = _weapons()["encumbrance"]
    encumbrance = enc_rules["weapon"] + values["extra_critical_dice"] * enc_rules["per_extra_critical_die"]
    current = encumbrance - enc_rules["carried_reduction"] if values["carried"] else encumbrance
    effect_name = damage["critical"].capitalize()
    return {
        "damage_die": die_name(step_die(sized, damage["damage_size"])),
        "effect_die": die_name(step_die(sized, damage["effect_size"])),
        "critical_effect": effect_name,
        "critical_dice": 1 + values["extra_critical_dice"],
        "reflex_modifier": kind["reflex"],
        "range": kind.get("range", "along its flight (see speed)"),
        "encumbrance": encumbrance,
        "current_encumbrance": max(0, current),
    }


def _projectile_inputs() -> list[Input]:
    types = weapon_types()
    ranged = [t for t in types if "speed_multiplier" in t]
    return [
        Input("ranged_type", "Ranged type", "choice", default="assisted",
              choices=tuple(Choice(t["id"], t["name"]) for t in ranged), group="Weapon"),
        Input("weapon_encumbrance", "Weapon encumbrance", "int", default=3, minimum=0, maximum=limits.RANKS,
              group="Weapon"),
        Input("ammo_encumbrance", "Ammunition encumbrance", "int", default=1, minimum=0, maximum=limits.RANKS,
              group="Weapon", help="A stack of ammunition weighs like one weapon"),
        Input("quiver", "Ammunition in a quiver", "bool", default=False, group="Weapon"),
        reading_input("wbs", "speed_floor", SPEED_NOTE),
        reading_input("wbs", "quiver_reading", _weapons()["encumbrance"]["quiver_note"]),
    ]


def _projectile_outputs() -> list[Output]:
    return [
        Output("speed", "Speed (hexes a phase)"),
        Output("strength_modifier", "Strength modifier for damage"),
        Output("speed_multiplier", "Speed multiplier"),
        Output("reflex_modifier", "Reflex cost added"),
        Output("ammo_current_encumbrance", "Ammunition encumbrance as carried"),
        Output("ammo_total_encumbrance", "Ammunition encumbrance in total encumbrance"),
    ]


def projectile(values: Mapping[str, Any]) -> dict[str, Any]:
    """Speed and strength modifier of a shot."""
    kind = by_id(weapon_types(), values["ranged_type"])
    base = _weapons()["projectile"]["base_speed"]
    speed = base + (values["weapon_encumbrance"] - values["ammo_encumbrance"]) * kind["speed_multiplier"]
    if values["speed_floor"] == "at-least-one":
        speed = max(1, speed)
    ammo = values["ammo_encumbrance"]
    quivered = min(ammo, _weapons()["encumbrance"]["quivered_ammunition"]) if values["quiver"] else ammo
    return {
        "ammo_current_encumbrance": quivered,
        "ammo_total_encumbrance": quivered if values["quiver_reading"] == "total-too" else ammo,
        "speed": speed,
        "strength_modifier": values["weapon_encumbrance"] + values["ammo_encumbrance"],
        "speed_multiplier": kind["speed_multiplier"],
        "reflex_modifier": kind["reflex"],
    }


CALCULATORS = (
    Calculator(
        id="wbs.weapon",
        title="Weapon",
        summary="A weapon's damage and critical effect dice, Reflex cost, range and encumbrance "
                "from its type, its damage type and any extra critical dice.",
        inputs=_weapon_inputs,
        outputs=_weapon_outputs,
        compute=weapon,
    ),
    Calculator(
        id="wbs.projectile",
        title="Projectile",
        summary="How fast a shot or a thrown weapon flies, and the strength it hits with.",
        inputs=_projectile_inputs,
        outputs=_projectile_outputs,
        compute=projectile,
    ),
)
