"""wbs.encumbrance: armour weight and what it and other gear cost your attributes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..readings import reading_input
from ..spec import Calculator, Input, Output
from .readings import divide


def _items() -> Mapping[str, Any]:
    return rules.table("wbs/items")


def armour_encumbrance(dr: int, soak: int, rounding: str) -> int:
    """Total encumbrance of a suit of armour: one per DR step and one per Soak step."""
    armour = _items()["armour"]
    return divide(dr, armour["dr_per_encumbrance"], rounding) + divide(soak, armour["soak_per_encumbrance"], rounding)


def worn(total: int, rounding: str) -> int:
    """Encumbrance of armour while it is worn."""
    return divide(total, _items()["armour"]["worn_divide_by"], rounding)


def penalties(total: int, current: int, strength: int) -> dict[str, int]:
    """Points lost from each attribute: Strength for the total, the others for the current load over capacity."""
    rule = _items()["encumbrance"]
    lost = {"strength": total // rule["strength_penalty_per"]}
    over = max(0, current - strength)
    for attr in rule["over_capacity_attributes"]:
        lost[attr] = lost.get(attr, 0) + over // rule["over_capacity_per"]
    return lost


def _inputs() -> list[Input]:
    return [
        Input("armour_dr", "Armour DR", "int", default=8, minimum=0, maximum=limits.VALUES, group="Armour"),
        Input("armour_soak", "Armour Soak", "int", default=8, minimum=0, maximum=limits.VALUES, group="Armour"),
        Input("armour_worn", "Armour is worn (not carried)", "bool", default=True, group="Armour"),
        Input("other_encumbrance", "Other gear's encumbrance", "int", default=0, minimum=0, maximum=limits.VALUES,
              group="Other gear", help="Weapons and bulky things, as they are carried now; counts toward both totals"),
        Input("strength", "Base Strength", "int", default=4, minimum=1, maximum=limits.VALUES, group="Character",
              help="Before any loss to encumbrance: this is your safe capacity"),
        reading_input("wbs", "armour_rounding", _items()["armour"]["rounding_note"]),
    ]


def _outputs() -> list[Output]:
    return [
        Output("armour_encumbrance", "Armour's total encumbrance"),
        Output("total_encumbrance", "Total encumbrance"),
        Output("current_encumbrance", "Current encumbrance"),
        Output("strength_penalty", "Strength lost"),
        Output("dexterity_penalty", "Dexterity lost"),
        Output("constitution_penalty", "Constitution lost"),
        Output("attribute_penalty", "Attribute points lost in all (GenKi falls by as much, times the Spark)"),
        Output("strength_left", "Strength after the loss"),
        Output("movement", "Moving", "text"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Encumbrance totals and attribute losses."""
    rounding = values["armour_rounding"]
    armour = armour_encumbrance(values["armour_dr"], values["armour_soak"], rounding)
    carried_armour = worn(armour, rounding) if values["armour_worn"] else armour
    total = armour + values["other_encumbrance"]
    current = carried_armour + values["other_encumbrance"]
    lost = penalties(total, current, values["strength"])
    left = values["strength"] - lost["strength"]
    movement = ("no faster than a crawl without a boost such as EV" if left < 0 else "as usual")
    return {
        "armour_encumbrance": armour,
        "total_encumbrance": total,
        "current_encumbrance": current,
        "strength_penalty": lost["strength"],
        "dexterity_penalty": lost.get("dexterity", 0),
        "constitution_penalty": lost.get("constitution", 0),
        "attribute_penalty": sum(lost.values()),
        "strength_left": left,
        "movement": movement,
    }


CALCULATORS = (
    Calculator(
        id="wbs.encumbrance",
        title="Encumbrance",
        summary="What armour weighs, carried or worn, and the attribute points your load costs you.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.encumbrance-agility",),
    ),
)
