"""Helpers the combat, ReiKi and monster calculators share: their rules files, readings, dice.

Every number comes from rules_data/wbs/ (combat, weapons, reiki, monsters, special_attacks);
nothing here is a rule of its own.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .. import rules
from ..rules import by_id
from ..spec import Choice


def combat() -> Mapping[str, Any]:
    """rules_data/wbs/combat.yaml."""
    return rules.table("wbs/combat")


def weapons() -> Mapping[str, Any]:
    """rules_data/wbs/weapons.yaml (shared with the items rules)."""
    return rules.table("wbs/weapons")


def default_reading(note_id: str) -> str:
    """The site's reading of a WBS source note, remembered for the rules in use."""
    return rules.default_reading("wbs", note_id)


def reading_number(note_id: str, option_id: str, key: str, usual: int) -> int:
    """A number as a reading sets it, or `usual` when the reading leaves it alone."""
    return rules.reading_option("wbs", note_id, option_id).get("set", {}).get(key, usual)


def halve(value: int | Fraction, rounding: str, divide_by: int = 2) -> int | Fraction:
    """`value` divided, rounded as a reading says (`up`, `down`, or `exact`)."""
    share = Fraction(value) / divide_by
    if rounding == "exact":
        return share
    if rounding == "up":
        return -(-share.numerator // share.denominator)
    return share.numerator // share.denominator


@dataclass(frozen=True, slots=True)
class Die:
    """One die of the dice size chart, as rolled in an attack."""

    id: str
    faces: int
    modifier: int
    fumble_faces: int
    critical_faces: int

    @property
    def top(self) -> int:
        """The highest value the die can show."""
        return self.faces + self.modifier

    def value(self, face: int, fumbles: bool = True) -> int:
        """What a face adds: nothing when it fumbles, else the face plus the die's modifier."""
        if fumbles and face <= self.fumble_faces:
            return 0
        return max(0, face + self.modifier)

    def critical(self, face: int) -> bool:
        """Whether a face is critical (the top face, more with a wider critical range)."""
        return face > self.faces - self.critical_faces


def dice_chart() -> list[str]:
    """Ids of the dice size chart, smallest first."""
    return [d["id"] for d in weapons()["dice"]]


def chart_rows() -> list[dict[str, Any]]:
    """The dice size chart as a page shows it: each die's id, what it counts (`low`–`high`), the
    faces that fumble (1 to `fumbles_to`) and those that are critical (`critical_from` to its faces)."""
    rows = []
    for die_id in dice_chart():
        d = die(die_id)
        rows.append({"id": d.id, "low": d.value(1, fumbles=False), "high": d.top, "faces": d.faces,
                     "fumbles_to": d.fumble_faces, "critical_from": d.faces - d.critical_faces + 1})
    return rows


def step(die_id: str, steps: int) -> str:
    """The die `steps` sizes along the chart, stopping at either end (source note dice-chart-ends)."""
    chart = dice_chart()
    return chart[min(len(chart) - 1, max(0, chart.index(die_id) + steps))]


def die(die_id: str, extra_critical_range: int = 0) -> Die:
    """A die of the chart, with its critical range widened by `extra_critical_range`."""
    entry = by_id(weapons()["dice"], die_id)
    return Die(entry["id"], entry["faces"], entry["modifier"], entry.get("fumble_faces", 1),
               entry.get("critical_faces", 1) + extra_critical_range)


def weapon_type(type_id: str) -> Mapping[str, Any]:
    """A weapon type (fist … unassisted) with its group's id and name added."""
    for group in weapons()["weapon_groups"]:
        entry = by_id(group["types"], type_id, None)
        if entry is not None:
            return {**entry, "group": group["id"], "group_name": group["name"]}
    raise LookupError(f"no weapon type {type_id!r}")


def weapon_choices() -> tuple[Choice, ...]:
    """Every weapon type as a choice, labelled with its group."""
    return tuple(Choice(t["id"], f"{g['name']}: {t['name']}")
                 for g in weapons()["weapon_groups"] for t in g["types"])
