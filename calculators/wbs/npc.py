"""wbs.npc: the GM tips' 150-point quick build, as a stat block."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..errors import Problems
from ..present import count_word, listing, number
from ..readings import reading_input
from ..results import StatBlock
from ..spec import Calculator, Choice, Input, Output
from . import xp
from .attributes import derived_attributes, group_attributes, primary_attributes
from .character import build, spark_input
from .fighters import add_to_fight
from .skills import core_skills, sub_skills

# The sheet's readings the guide fixes at the site's (its recipe is priced by them), by the sheet's input:
# the form offers no choice of them, and links their notes.
FIXED_READINGS = {"derived_limit": "derived-limit", "reiki_reading": "reiki-unawakened",
                  "core_rounding": "core-genki-rounding"}


def _guide() -> Mapping[str, Any]:
    return rules.table("wbs/npcs")


def _band(band_id: str) -> Mapping[str, Any]:
    return rules.by_id(_guide()["skill_bands"], band_id)


def _names() -> dict[str, str]:
    return {a["id"]: a["name"] for a in primary_attributes()}


def _attribute_inputs() -> list[Input]:
    names = _names()
    out = []
    for group in ("physical", "mental"):
        ids = group_attributes(group)
        values = _guide()["attributes"][group]
        for place, value in enumerate(values[:-1]):
            out.append(Input(f"{group}_{place + 1}", f"{group.capitalize()} attribute at {value}", "choice",
                             default=ids[place], choices=tuple(Choice(i, names[i]) for i in ids),
                             group="Attributes"))
    return out


def _slots() -> list[tuple[str, str, str]]:
    """(input name, band id, what it picks): a sub skill for bands with a raised rank, else a core skill."""
    slots = []
    for band in _guide()["skill_bands"]:
        picks_sub = len(set(band["ranks"])) > 1
        for k in range(1, band["cores"] + 1):
            slots.append((f"{band['id']}_{k}", band["id"], "sub" if picks_sub else "core"))
    return slots


def _inputs() -> list[Input]:
    derived = derived_attributes()
    count = _guide()["derived"]["count"]
    derived_inputs = [
        Input(f"derived_{k}", f"Derived attribute {k}", "choice", default=derived[k - 1]["id"],
              choices=tuple(Choice(d["id"], d["name"]) for d in derived), group="Derived bonuses")
        for k in range(1, count + 1)
    ]
    subs = sub_skills()
    cores = core_skills()
    skill_inputs = []
    for taken, (name, band_id, picks) in enumerate(_slots()):
        band = _band(band_id)
        if picks == "sub":
            default = cores[taken]["sub_skills"][0]["id"]
            choices = tuple(Choice(s["id"], f"{s['core_name']}: {s['name']}") for s in subs)
            label = f"{band['name']}: sub skill at {band['ranks'][0]}"
        else:
            default = cores[taken]["id"]
            choices = tuple(Choice(c["id"], c["name"]) for c in cores)
            label = f"{band['name']}: core skill"
        skill_inputs.append(Input(name, label, "choice", default=default, choices=choices,
                                  group=f"{band['name']} core skills"))
    return [
        *_attribute_inputs(), *derived_inputs, *skill_inputs,
        xp.tier_input(), spark_input(), reading_input("wbs", "xp_prices", xp.PRICE_NOTE),
    ]


def _outputs() -> list[Output]:
    return [
        Output("xp_total", "Points spent"),
        Output("stat_block", "Stat block", "table"),
        Output("xp_attributes", "On primary attributes"),
        Output("xp_derived", "On derived bonuses"),
        Output("xp_skills", "On skills"),
        Output("flags", "Check these", "list"),
        Output("fighter", "Into a fight", "table"),
    ]


def _sheet_inputs(values: Mapping[str, Any], problems: Problems) -> tuple[dict[str, Any], dict[str, int]]:
    sheet: dict[str, Any] = {"tier": values["tier"], "spark": values["spark"], "xp_prices": values["xp_prices"],
                             **{name: rules.note("wbs", note)["reading"] for name, note in FIXED_READINGS.items()}}
    for group in ("physical", "mental"):
        ids = group_attributes(group)
        spread = _guide()["attributes"][group]
        picked = [values[f"{group}_{k}"] for k in range(1, len(spread))]
        for k, attr in enumerate(picked[1:], start=2):
            if attr in picked[: k - 1]:
                problems.add(f"{group}_{k}", f"{group.capitalize()} attribute at {spread[k - 1]} must differ from "
                                             f"the ones above (got {_names()[attr]} twice)")
        rest = [i for i in ids if i not in picked]
        for attr, value in zip(picked + rest, spread, strict=False):
            sheet[attr] = value
    chosen = [values[f"derived_{k}"] for k in range(1, _guide()["derived"]["count"] + 1)]
    for k, d in enumerate(chosen[1:], start=2):
        if d in chosen[: k - 1]:
            problems.add(f"derived_{k}", f"Derived attribute {k} must differ from the ones above "
                                         f"(got {d.capitalize()} twice)")
    for d in derived_attributes():
        sheet[f"{d['id']}_bonus"] = _guide()["derived"]["value"] if d["id"] in chosen else 0
    ranks: dict[str, int] = {}
    core_of = {s["id"]: s["core"] for s in sub_skills()}
    by_core = {c["id"]: c for c in core_skills()}
    used: list[str] = []
    for name, band_id, picks in _slots():
        band = _band(band_id)
        core_id = core_of[values[name]] if picks == "sub" else values[name]
        if core_id in used:
            problems.add(name, f"{band['name']} skill must use a core skill not already picked "
                               f"(got {by_core[core_id]['name']} again)")
            continue
        used.append(core_id)
        subs = [s["id"] for s in by_core[core_id]["sub_skills"]]
        first = values[name] if picks == "sub" else subs[0]
        order = [first] + [s for s in subs if s != first]
        for sub, rank in zip(order, band["ranks"], strict=True):
            ranks[sub] = rank
    return sheet, ranks


def stat_block(sheet: Mapping[str, Any], result: Mapping[str, Any], ranks: Mapping[str, int]) -> StatBlock:
    """The NPC's numbers, a labelled line each."""
    names = _names()
    rows = [("Physical", ", ".join(f"{names[a]} {sheet[a]}" for a in group_attributes("physical"))),
            ("Mental", ", ".join(f"{names[a]} {sheet[a]}" for a in group_attributes("mental")))]
    rows.append(("Derived", ", ".join(f"{d['name']} {_shown(result[d['id']])}" for d in derived_attributes())))
    rows.append(("Energy", f"GenKi {result['genki']} (Core {result['core_genki']}, EV up to {result['boosted_ev']}), "
                           f"ReiKi {result['reiki']}"))
    for core in core_skills():
        subs = [(s["name"], ranks.get(s["id"], 0)) for s in core["sub_skills"]]
        if any(r for _n, r in subs):
            rank = sum(r for _n, r in subs) // rules.table("wbs/skills")["core_skills"]["sub_ranks_per_core_rank"]
            rows.append((f"{core['name']} ({rank})", ", ".join(f"{n} {r}" for n, r in subs)))
    return StatBlock(f"NPC, {result['xp_total']} points", tuple(rows))


def _shown(value: int | float) -> str:
    return number(value)


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The NPC's numbers, points and stat block."""
    problems = Problems()
    sheet, ranks = _sheet_inputs(values, problems)
    problems.raise_if_any()
    built = build(sheet, ranks, {})
    result = dict(built.values)
    result["xp_total"] = sum(p.xp for p in built.purchases)
    return {
        "xp_total": result["xp_total"],
        "stat_block": stat_block(sheet, result, ranks),
        "xp_attributes": sum(p.xp for p in built.purchases if p.kind == "primary"),
        "xp_derived": sum(p.xp for p in built.purchases if p.kind == "derived"),
        "xp_skills": sum(p.xp for p in built.purchases if p.kind == "sub_skill"),
        "flags": built.flags,
        "fighter": add_to_fight({**built.fight, "name": "NPC"}),
    }


def _summary() -> str:
    guide = _guide()
    values = sorted({v for group in guide["attributes"].values() for v in group}, reverse=True)
    cores = sum(band["cores"] for band in guide["skill_bands"])
    return (f"The GM tips' recipe for a {guide['budget']}-point NPC: pick where the "
            f"{listing([f'{v}s' for v in values])} go, {count_word(guide['derived']['count'])} derived "
            f"bonuses and {count_word(cores)} core skills, and get a stat block.")


CALCULATORS = (
    Calculator(
        id="wbs.npc",
        title="NPC quick build",
        summary=_summary,
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=tuple(f"wbs.{note}" for note in FIXED_READINGS.values()),
    ),
)
