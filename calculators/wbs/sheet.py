"""The printed character sheet: one page of the numbers the builder worked out, under the name.

Only presentation of what `wbs.character` computed: nothing is worked out here. The name is data
and is escaped like any other text (calculators.present).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules
from ..present import listing, number
from ..results import StatBlock
from .attributes import derived_attributes, primary_attributes
from .character import energy_skill_inputs
from .skills import sub_skills


def _name_of(entries: Sequence[Mapping[str, Any]], wanted: str) -> str:
    found = rules.by_id(entries, wanted, None)
    return found["name"] if found is not None else wanted


def character_sheet(values: Mapping[str, Any], result: Mapping[str, Any]) -> StatBlock:
    """The sheet: name, tier and Spark, attributes, derived numbers, energy, skills with ranks, XP."""
    lines: list[tuple[str, str]] = [
        ("Tier", _name_of(rules.table("wbs/tiers")["tiers"], values["tier"])),
        ("Spark", _name_of(rules.table("wbs/sparks")["sparks"], values["spark"])),
        ("Attributes", listing([f"{a['name']} {values[a['id']]}" for a in primary_attributes()])),
        *((d["name"], number(result[d["id"]])) for d in derived_attributes() if d["id"] in result),
        ("GenKi", f"{result['genki']} (core {result['core_genki']}, highest EV {result['boosted_ev']})"),
        ("ReiKi", str(result["reiki"])),
        ("Core skills", ", ".join(result["core_ranks"]) or "none"),
    ]
    skills = [f"{s['name']} {values[s['id']]}" for s in sub_skills() if values[s["id"]]]
    lines.append(("Skills", ", ".join(skills) or "none"))
    energy = [f"{i.label} {values[i.name]}" for i in energy_skill_inputs() if values[i.name]]
    lines.append(("Energy skills", ", ".join(energy) or "none"))
    lines.append(("XP", f"{result['xp_total']} spent of {values['budget']} ({result['xp_left']} left)"))
    if result["flags"]:
        lines.append(("Check", "; ".join(result["flags"])))
    return StatBlock(values["name"] or "Unnamed character", tuple(lines))
