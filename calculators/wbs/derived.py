"""wbs.derived: Health, Speed, Reflex and Stamina, and how far each may be raised."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..present import count_word, listing
from ..readings import reading_input
from ..results import json_number
from ..spec import Calculator, Input, Output
from .attributes import (
    attribute_inputs,
    derived_attributes,
    derived_base,
    derived_limit,
    primary_attributes,
)

NOTE = "derived-limit"


def _inputs() -> list[Input]:
    bonuses = [
        Input(f"{d['id']}_bonus", f"{d['name']} bonus", "int", default=0, minimum=0,
              maximum=limits.VALUES, group="Bought bonuses",
              help=f"{d['name']} bought with XP, on top of the attributes")
        for d in derived_attributes()
    ]
    reading = reading_input("wbs", "derived_limit", NOTE, group="Reading", label="Purchase limit reading",
                            help=rules.note("wbs", NOTE)["title"])
    return [*attribute_inputs(), *bonuses, reading]


def _outputs() -> list[Output]:
    totals = [Output(d["id"], d["name"], "number" if d.get("keep_halves") else "int")
              for d in derived_attributes()]
    limits = [Output(f"{d['id']}_limit", f"Most {d['name']} you may buy", "int")
              for d in derived_attributes()]
    return [*totals, *limits]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Totals and purchase limits of the four derived attributes."""
    problems = Problems()
    result: dict[str, Any] = {}
    for spec in derived_attributes():
        limit = derived_limit(spec, values, values["derived_limit"])
        bonus = values[f"{spec['id']}_bonus"]
        if bonus > limit:
            problems.add(f"{spec['id']}_bonus",
                         f"{spec['name']} bonus can be at most {limit} with these attributes (got {bonus})")
        result[spec["id"]] = json_number(derived_base(spec, values) + bonus)
        result[f"{spec['id']}_limit"] = limit
    problems.raise_if_any()
    return result


CALCULATORS = (
    Calculator(
        id="wbs.derived",
        title="Derived attributes",
        summary=lambda: f"{listing([d['name'] for d in derived_attributes()])} from the "
                        f"{count_word(len(primary_attributes()))} primary attributes, "
                        "with the most of each that XP may buy.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
