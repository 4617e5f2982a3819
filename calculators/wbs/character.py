"""wbs.character: a whole character sheet, every number worked out and every XP accounted for."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import limits, rules
from ..present import count_word
from ..readings import reading_input
from ..results import Cell, Row, Table, json_number
from ..spec import Calculator, Choice, Input, Output
from . import energy, xp
from .attributes import attribute_inputs, derived_attributes, derived_base, derived_limit, primary_attributes
from .fighters import add_to_fight
from .skills import core_rank, core_skills, sub_skills


@dataclass(frozen=True, slots=True)
class Purchase:
    """One thing bought with XP: what, from and to which value, and its price."""

    what: str
    kind: str
    start: int
    end: int
    xp: int
    surcharge: int


@dataclass(slots=True)
class Sheet:
    """The worked-out character: totals, purchases and anything to flag."""

    values: dict[str, Any] = field(default_factory=dict)
    purchases: list[Purchase] = field(default_factory=list)
    flags: list[str] = field(default_factory=list)
    pool: dict[str, Any] = field(default_factory=dict)  # the energy calculator's answer (Core and its range)
    fight: dict[str, Any] = field(default_factory=dict)  # the sheet as a combatant of the combat tracker


def energy_skill_inputs() -> list[Input]:
    """One input per GenKi and ReiKi skill, named `<pool>_<skill>`."""
    pools = rules.table("wbs/energy")
    return [
        Input(f"{pool['id']}_{skill['id']}", skill["name"], "int", default=0, minimum=0, maximum=limits.RANKS,
              group=f"{pool['name']} skills", help=f"Per rank: {skill['per_rank']}. {skill['summary']}")
        for pool in pools["pools"] for skill in pools["skills"][pool["skills"]]
    ]


def spark_input() -> Input:
    """Choice of Spark."""
    sparks = rules.table("wbs/sparks")["sparks"]
    return Input("spark", "Spark", "choice", default=sparks[0]["id"],
                 choices=tuple(Choice(s["id"], s["name"]) for s in sparks), group="Play")


def _inputs() -> list[Input]:
    derived = [
        Input(f"{d['id']}_bonus", f"{d['name']} bonus", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="Derived bonuses")
        for d in derived_attributes()
    ]
    skills = [
        Input(s["id"], s["name"], "int", default=0, minimum=0, maximum=limits.RANKS, group=f"{s['core_name']} skills")
        for s in sub_skills()
    ]
    start = rules.table("wbs/progression")["starting_xp"]
    return [
        Input("name", "Character's name", "text", default="", maximum=limits.NAME_LENGTH, group="Play",
              help="Shown on the printed sheet and in saves"),
        xp.tier_input(),
        spark_input(),
        Input("budget", "XP budget", "int", default=start, minimum=0, maximum=limits.ENERGY, group="Play"),
        *attribute_inputs(),
        *derived,
        *skills,
        *energy_skill_inputs(),
        reading_input("wbs", "xp_prices", xp.PRICE_NOTE),
        reading_input("wbs", "derived_limit", "derived-limit"),
        reading_input("wbs", "reiki_reading", "reiki-unawakened"),
        reading_input("wbs", "core_rounding", "core-genki-rounding"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("xp_total", "XP spent"),
        Output("xp_left", "XP left of the budget"),
        Output("flags", "Check these", "list"),
        Output("health", "Health"),
        Output("speed", "Speed", "number"),
        Output("reflex", "Reflex"),
        Output("stamina", "Stamina"),
        Output("genki", "GenKi"),
        Output("core_genki", "Core GenKi"),
        Output("boosted_ev", "Highest EV"),
        Output("reiki", "ReiKi"),
        Output("core_ranks", "Core skill ranks", "list"),
        Output("xp_attributes", "XP on primary attributes"),
        Output("xp_derived", "XP on derived bonuses"),
        Output("xp_skills", "XP on skills"),
        Output("xp_energy_skills", "XP on energy skills"),
        Output("purchases", "Every purchase", "table"),
        Output("sheet", "Character sheet", "table"),
        Output("fighter", "Into a fight", "table"),
    ]


def _buy(sheet: Sheet, what: str, kind: str, start: int, end: int, tier_id: str, prices: str) -> None:
    if end <= start:
        return
    priced_as = "sub_skill" if kind == "energy" else kind  # energy skills are bought like skill ranks
    usual, extra, _steps = xp.purchase(priced_as, start, end, tier_id, prices)
    sheet.purchases.append(Purchase(what, kind, start, end, usual + extra, extra))
    limit = xp.tier_limit(priced_as, tier_id)
    if limit is not None and end > limit:
        sheet.flags.append(f"{what} {end} is above the tier's limit of {limit} "
                           f"(GM's leave needed; +{extra} XP surcharge)")


def build(values: Mapping[str, Any], sub_ranks: Mapping[str, int], energy_ranks: Mapping[str, int]) -> Sheet:
    """Work out a character from attributes, derived bonuses, sub skill and energy skill ranks."""
    sheet = Sheet()
    tier_id, prices = values["tier"], values["xp_prices"]
    start_primary = rules.table("wbs/attributes")["primary"]["start"]
    above_attributes = 0
    for attr in primary_attributes():
        _buy(sheet, attr["name"], "primary", start_primary, values[attr["id"]], tier_id, prices)
        limit = xp.tier_limit("primary", tier_id)
        above_attributes += int(limit is not None and values[attr["id"]] > limit)
    for spec in derived_attributes():
        bonus = values[f"{spec['id']}_bonus"]
        limit = derived_limit(spec, values, values["derived_limit"])
        if bonus > limit:
            sheet.flags.append(f"{spec['name']} bonus {bonus} is above the {limit} these attributes allow")
        _buy(sheet, f"{spec['name']} bonus", "derived", 0, bonus, tier_id, prices)
        sheet.values[spec["id"]] = json_number(derived_base(spec, values) + bonus)
    above_cores: set[str] = set()
    ranks = []
    for core in core_skills():
        subs = [sub_ranks.get(s["id"], 0) for s in core["sub_skills"]]
        for sub, rank in zip(core["sub_skills"], subs, strict=True):
            before = len(sheet.flags)
            _buy(sheet, sub["name"], "sub_skill", 0, rank, tier_id, prices)
            if len(sheet.flags) > before:
                above_cores.add(core["name"])
        if core_rank(subs):
            ranks.append(f"{core['name']} {core_rank(subs)}")
    pools = rules.table("wbs/energy")
    energy_values = {a["id"]: values[a["id"]] for a in primary_attributes()}
    for pool in pools["pools"]:
        for skill in pools["skills"][pool["skills"]]:
            rank = energy_ranks.get(f"{pool['id']}_{skill['id']}", 0)
            _buy(sheet, f"{skill['name']} ({pool['name']})", "energy", 0, rank, tier_id, prices)
            energy_values[skill["id"]] = rank
    allows = rules.table("wbs/tiers")["above_tier"]
    if above_attributes > allows["attributes"]:
        sheet.flags.append(f"{above_attributes} attributes are above the tier: "
                           f"the GM's option allows {count_word(allows['attributes'])}")
    if len(above_cores) > allows["core_skills"]:
        sheet.flags.append(f"{len(above_cores)} core skills have ranks above the tier: "
                           f"the GM's option allows {count_word(allows['core_skills'])}")
    energy_pool = energy.compute({**energy_values, "spark": values["spark"], "spent_genki": 0,
                                  "reiki_reading": values["reiki_reading"], "core_rounding": values["core_rounding"]})
    sheet.values.update({k: energy_pool[k] for k in ("genki", "reiki", "core_genki", "boosted_ev")})
    sheet.values["core_ranks"] = ranks
    sheet.fight = _fighter(values, sheet.values, energy_pool, energy_values)
    return sheet


def _fighter(values: Mapping[str, Any], worked: Mapping[str, Any], pool: Mapping[str, Any],
             ranks: Mapping[str, int]) -> dict[str, Any]:
    """The character as one combatant of the combat tracker: the numbers the sheet shows."""
    reflex = rules.by_id(derived_attributes(), "reflex")
    return {
        "name": values.get("name") or "Character", "reflex": int(worked["reflex"]),
        "reflex_half": sum(values[a] for a in reflex["from"]) % reflex["divide_by"] != 0,
        "health": int(worked["health"]), "stamina": int(worked["stamina"]), "stamina_full": int(worked["stamina"]),
        "energy": pool["genki"], "reiki": pool["reiki"], "efficiency": ranks.get("efficiency", 0),
        "core": pool["core_genki"], "core_low": pool["core_genki_min"], "core_high": pool["core_genki_max"],
        "concentration": ranks.get("concentration", 0), "aura": ranks.get("aura", 0),
        "kiai_ranks": ranks.get("kiai", 0), "energy_full": pool["genki"],
    }


def purchases_table(purchases: Sequence[Purchase], caption: str) -> Table:
    """The purchases, one row each, with the total."""
    rows = []
    for p in purchases:
        extra = f" (incl. +{p.surcharge} above tier)" if p.surcharge else ""
        rows.append(Row(p.what, (Cell(f"{p.start}→{p.end}"), Cell(f"{p.xp}{extra}"))))
    total = sum(p.xp for p in purchases)
    return Table(caption, ("Bought", "Value", "XP"), tuple(rows), foot=Row("Total", (Cell(""), Cell(total, "number"))),
                 empty=f"{caption}: nothing bought yet.", style="purchases")


def xp_by_kind(purchases: Sequence[Purchase], kind: str) -> int:
    """XP spent on one kind of purchase."""
    return sum(p.xp for p in purchases if p.kind == kind)


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The whole sheet."""
    subs = {s["id"]: values[s["id"]] for s in sub_skills()}
    energy_ranks = {i.name: values[i.name] for i in energy_skill_inputs()}
    sheet = build(values, subs, energy_ranks)
    total = sum(p.xp for p in sheet.purchases)
    if total > values["budget"]:
        sheet.flags.append(f"{total - values['budget']} XP over the budget of {values['budget']}")
    from .sheet import character_sheet

    result = {
        **sheet.values,
        "xp_total": total,
        "xp_left": values["budget"] - total,
        "flags": sheet.flags,
        "xp_attributes": xp_by_kind(sheet.purchases, "primary"),
        "xp_derived": xp_by_kind(sheet.purchases, "derived"),
        "xp_skills": xp_by_kind(sheet.purchases, "sub_skill"),
        "xp_energy_skills": xp_by_kind(sheet.purchases, "energy"),
        "purchases": purchases_table(sheet.purchases, "XP for each purchase"),
    }
    return {**result, "sheet": character_sheet(values, result), "fighter": add_to_fight(sheet.fight)}


CALCULATORS = (
    Calculator(
        id="wbs.character",
        title="Character builder",
        summary="Attributes, derived bonuses, every skill, energy skills, Spark and tier: "
                "every number worked out, each purchase priced, and the total against your XP budget.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
