"""Weapons of Body and Soul tables, each built from its rules file."""

from __future__ import annotations

from typing import Any

from calculators import by_id

from ..render import Site, table
from .common import data_table, entry, find


def _limit(value: int | None) -> str:
    return "no limit" if value is None else str(value)


@table("wbs.tiers")
def tiers_table(site: Site) -> str:
    tiers = site.data["wbs/tiers"]["tiers"]
    rows = [[site.engine.ask("wbs.tier_name", t["id"]), t["number"], _limit(t["attribute_limit"]),
             _limit(t["rank_limit"]), str(t["phases"]), t["summary"]] for t in tiers]
    return data_table(site, "Play tiers", ["Tier", "No.", "Attribute limit", "Rank limit", "Phases per round", "Who"],
                      rows, "wbs/tiers")


@table("wbs.target-numbers")
def target_numbers_table(site: Site) -> str:
    data = site.data["wbs/target_numbers"]
    header = ["Difficulty", *(site.engine.ask("wbs.tier_name", t) for t in data["tiers"])]
    rows = [[d["name"], *(str(d["tn"][t]) for t in data["tiers"])] for d in data["difficulties"]]
    return data_table(site, "Target Numbers by the challenge's tier", header, rows, "wbs/target_numbers",
                      extra_class="codex-table--numeric")


@table("wbs.primary-attributes")
def primary_table(site: Site) -> str:
    rows = []
    for group in site.data["wbs/attributes"]["primary"]["groups"]:
        for attr in group["attributes"]:
            rows.append([f"{attr['name']} ({attr['abbreviation']})", group["name"],
                         ", ".join(attr["feeds"]), attr["checks"]])
    return data_table(site, "Primary attributes", ["Attribute", "Group", "Sets", "Adds to checks for"],
                      rows, "wbs/attributes")


@table("wbs.derived-attributes")
def derived_table(site: Site) -> str:
    names = {a["id"]: a["name"] for g in site.data["wbs/attributes"]["primary"]["groups"]
             for a in g["attributes"]}
    rows = []
    for d in site.data["wbs/attributes"]["derived"]["attributes"]:
        parts = " + ".join(names[a] for a in d["from"])
        if d["divide_by"] != 1:
            parts = f"({parts}) ÷ {d['divide_by']}" if len(d["from"]) > 1 else f"{parts} ÷ {d['divide_by']}"
            parts += ", halves kept" if d.get("keep_halves") else ", rounded down"
        rows.append([d["name"], parts, d["summary"]])
    return data_table(site, "Derived attributes", ["Attribute", "Base value", "What it does"], rows, "wbs/attributes")


@table("wbs.sparks")
def sparks_table(site: Site) -> str:
    rows = [[s["name"], f"× {s['genki_multiplier']}", f"× {s['reiki_multiplier']}", s["summary"]]
            for s in site.data["wbs/sparks"]["sparks"]]
    return data_table(site, "Sparks and energy multipliers", ["Spark", "GenKi", "ReiKi", "Who"], rows, "wbs/sparks")


@table("wbs.energy-skills")
def energy_skills_table(site: Site) -> str:
    energy = site.data["wbs/energy"]
    rows = [[skill["name"], pool["name"], f"Per rank: {skill['per_rank']}. {skill['summary']}"]
            for pool in energy["pools"] for skill in energy["skills"][pool["skills"]]]
    return data_table(site, "Energy skills", ["Skill", "Pool", "What it does"], rows, "wbs/energy")


# ---- part 1: skills, items, checks, stamina, progression, NPCs ------------------------------


def _skill_table(site: Site, category_id: str) -> str:
    skills = site.data["wbs/skills"]
    category = entry(skills["categories"], category_id, "wbs/skills", "skill category")
    rows = [[core["name"], group["name"], ", ".join(s["name"] for s in core["sub_skills"])]
            for group in category["groups"] for core in group["core_skills"]]
    groups = "; ".join(f"{g['name']}: {g['summary'][0].lower()}{g['summary'][1:].rstrip('.')}"
                       for g in category["groups"])
    return data_table(site, f"{category['name']} ({groups})", ["Core skill", "Group", "Sub skills"], rows,
                   "wbs/skills")


@table("wbs.skills-non-combat")
def skills_non_combat_table(site: Site) -> str:
    return _skill_table(site, "non-combat")


@table("wbs.skills-combat")
def skills_combat_table(site: Site) -> str:
    return _skill_table(site, "combat")


def _price(per: int, over: int) -> str:
    if per == 0:
        return f"{over} XP a point"
    return f"new value + {over} XP" if over else "the new value in XP"


@table("wbs.xp-prices")
def xp_prices_table(site: Site) -> str:
    attrs = site.data["wbs/attributes"]
    subs = site.data["wbs/skills"]["sub_skills"]
    _, note = find(site, "wbs", "source_notes", "notes", subs["xp_note"], "source note")
    option = next(o for o in note["options"] if o["id"] != note["reading"])
    changed = option.get("set", {})
    kinds = [("Primary attribute", "primary", attrs["primary"]["start"],
              attrs["primary"]["xp_cost_over_new_value"]),
             ("Derived attribute bonus", "derived", attrs["derived"]["start"],
              attrs["derived"]["xp_cost_over_new_value"]),
             ("Sub skill or energy skill rank", "sub_skill", subs["start"], subs["xp_cost_over_new_value"])]
    rows = []
    for label, kind, start, over in kinds:
        as_printed = _price(changed.get(f"{kind}_per_new_value", 1), changed.get(f"{kind}_over_new_value", over))
        rows.append([label, str(start), _price(1, over), as_printed])
    surcharge = site.data["wbs/tiers"]["above_tier"]["xp_surcharge"]
    divide = site.data["wbs/progression"]["mentor"]["price_divide_by"]
    rows.append(["Each step past the tier's limit", "–", f"+{surcharge} XP", "–"])
    rows.append(["With a mentor", "–", f"the usual price ÷ {divide}", "–"])
    return data_table(site, "What a step up costs", ["Raising", "Starts at", "Price per step",
                                                  "Player A's example implies"], rows, "wbs/attributes")


@table("wbs.items-armour")
def armour_table(site: Site) -> str:
    armour = site.data["wbs/items"]["armour"]
    rows = [[s["name"], s["summary"]] for s in armour["stats"]]
    rows.append(["Weight", f"1 per {armour['dr_per_encumbrance']} DR + 1 per {armour['soak_per_encumbrance']} Soak; "
                           f"÷ {armour['worn_divide_by']} when worn"])
    return data_table(site, "Armour", ["Statistic", "What it does"], rows, "wbs/items")


def _size(steps: int) -> str:
    return "same die" if steps == 0 else f"{steps:+d} size" + ("s" if abs(steps) > 1 else "")


@table("wbs.items-melee")
def melee_table(site: Site) -> str:
    group = by_id(site.data["wbs/weapons"]["weapon_groups"], "melee")
    rows = [[t["name"], _size(t["size"]), f"+{t['reflex']}", t.get("range", "–")] for t in group["types"]]
    return data_table(site, "Melee weapons", ["Type", "Damage die", "Reflex cost", "Range (hexes)"], rows,
                   "wbs/weapons", "codex-table--numeric")


@table("wbs.items-ranged")
def ranged_table(site: Site) -> str:
    weapons = site.data["wbs/weapons"]
    group = by_id(weapons["weapon_groups"], "ranged")
    rows = []
    for t in group["types"]:
        extra = f"reload costs {t['reload_reflex']} Reflex" if t.get("reload_reflex") else "–"
        rows.append([t["name"], _size(t["size"]), f"+{t['reflex']}", f"× {t['speed_multiplier']}", extra])
    return data_table(site, f"Ranged weapons (speed = {weapons['projectile']['base_speed']} + "
                         "(weapon encumbrance − ammunition encumbrance) × multiplier)",
                   ["Type", "Damage die", "Reflex cost", "Speed multiplier", "Also"], rows, "wbs/weapons")


@table("wbs.items-damage-types")
def damage_types_table(site: Site) -> str:
    rows = [[d["name"], d["critical"].capitalize(), _size(d["damage_size"]), _size(d["effect_size"])]
            for d in site.data["wbs/weapons"]["damage_types"]]
    return data_table(site, "Damage types", ["Type", "Critical effect", "Damage die", "Effect die"],
                      rows, "wbs/weapons")


@table("wbs.items-weapon-encumbrance")
def weapon_encumbrance_table(site: Site) -> str:
    enc = site.data["wbs/weapons"]["encumbrance"]
    rows = [["A weapon", str(enc["weapon"])],
            ["Each extra critical effect die", f"+{enc['per_extra_critical_die']}"],
            ["Carried rather than in hand", f"−{enc['carried_reduction']}"],
            [f"A stack of {enc['ammunition_stack']} ammunition", "counts as one weapon"]]
    return data_table(site, "Weapon encumbrance", ["What", "Encumbrance"], rows, "wbs/weapons")


@table("wbs.items-breakage")
def breakage_table(site: Site) -> str:
    rows = [[s["name"], s["summary"]] for s in site.data["wbs/items"]["weapon_breakage"]["stages"]]
    return data_table(site, "Weapon damage, stage by stage", ["Stage", "Effect"], rows, "wbs/items")


@table("wbs.checks-options")
def check_options_table(site: Site) -> str:
    checks = site.data["wbs/checks"]
    all_in = by_id(site.data["wbs/stamina"]["spending"], "all-in")
    trades = "; ".join(f"−{t['modifier_cost']} modifier for +{t['dice']}d6" for t in checks["wild_action"]["trades"])
    kiai = checks["kiai"]
    ev = checks["enhancement_value"]
    rows = [["Wild Action", trades, "Before the roll, while any modifier is left"],
            ["Kiai", f"{kiai['energy_per_die']} Energy per die", f"+{kiai['dice']}d6, once per check"],
            ["Enhancement Value", f"{ev['energy_per_point']} Energy per point",
             "+EV to every physical attribute (checks with one)"],
            ["All In", f"{all_in['stamina']} Stamina", f"up to {all_in['dice']} dice count as their top face"]]
    return data_table(site, "Ways to push a check", ["Option", "Costs", "Gives"], rows, "wbs/checks")


@table("wbs.checks-clock-example")
def clock_table(site: Site) -> str:
    example = site.data["wbs/checks"]["skill_clock"]["example"]
    rows = []
    previous = None
    for band in example["bands"]:
        span = f"{band['min_total']}+" if previous is None else f"{band['min_total']}–{previous - 1}"
        rows.append([span, str(band["segments"])])
        previous = band["min_total"]
    rows.append([f"below {previous}", str(example["otherwise_segments"])])
    parts = ", ".join(f"{p['name']} {p['segments']}" for p in example["parts"])
    task = by_id(site.data["wbs/target_numbers"]["difficulties"], example["difficulty"])
    tier_name = site.engine.ask("wbs.tier_name", example["tier"])
    level = f"{task['name']} at {tier_name}, TN {task['tn'][example['tier']]}"
    caption = f"{example['name']} ({level}): {parts} segments, {example['hours_per_check']} hours a check"
    return data_table(site, caption, ["Check total", "Segments filled"], rows, "wbs/checks", "codex-table--numeric")


@table("wbs.stamina-spending")
def stamina_spending_table(site: Site) -> str:
    rows = [[s["name"], str(s["stamina"]), _reflex(s), s["summary"], s["paid"]]
            for s in site.data["wbs/stamina"]["spending"]]
    return data_table(site, "Spending Stamina", ["Use", "Stamina", "Reflex", "Gives", "Paid"], rows, "wbs/stamina")


def _reflex(use: dict[str, Any]) -> str:
    """What a use of Stamina does to Reflex: an action made cheaper, or the action it takes."""
    if "reflex_reduction" in use:
        return f"−{use['reflex_reduction']} on one action"
    if "reflex_cost" in use:
        return f"{use['reflex_cost']} (its own action)"
    return "—"


@table("wbs.stamina-losing")
def stamina_losing_table(site: Site) -> str:
    rows = []
    for s in site.data["wbs/stamina"]["losing"]:
        amount = str(s["stamina"]) if "stamina" in s else "the GM decides"
        if s.get("every_rounds"):
            amount += f" every {s['every_rounds']} rounds"
        rows.append([s["name"], amount, s["summary"]])
    return data_table(site, "Losing Stamina", ["Cause", "Stamina lost", "When"], rows, "wbs/stamina")


@table("wbs.progression-options")
def progression_options_table(site: Site) -> str:
    rows = [[a["name"], a["summary"]] for a in site.data["wbs/progression"]["alternatives"]]
    return data_table(site, "Options from the GM tips", ["Option", "What changes"], rows, "wbs/progression")


@table("wbs.npc-guide")
def npc_guide_table(site: Site) -> str:
    guide = site.data["wbs/npcs"]
    rows = [["Physical attributes", " / ".join(map(str, guide["attributes"]["physical"])), "in any order"],
            ["Mental attributes", " / ".join(map(str, guide["attributes"]["mental"])), "in any order"],
            ["Derived attributes", f"{guide['derived']['value']} in {guide['derived']['count']}", "your pick"]]
    for band in guide["skill_bands"]:
        ranks = band["ranks"]
        spread = (f"all three sub skills at {ranks[0]}" if len(set(ranks)) == 1
                  else f"one sub skill at {ranks[0]}, the others at {ranks[1]}")
        rows.append([f"{band['name']} core skills", str(band["cores"]), spread])
    return data_table(site, f"A {guide['budget']}-point NPC", ["Part", "Value", "How"], rows, "wbs/npcs")
