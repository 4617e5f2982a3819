"""Weapons of Body and Soul attacks: the dice size chart, strikes, weapon and damage types, defence (`wbs.attack-*`)."""

from __future__ import annotations

from ..render import Site, table
from .common import data_table


def attack_names(site: Site) -> dict[str, dict[str, str]]:
    """Names by id of what an attack is made of: `strike`, `weapon` (type), `damage_type` and `effect` (critical)."""
    weapons = site.data["wbs/weapons"]
    return {"strike": {s["id"]: s["name"] for s in weapons["strikes"]},
            "weapon": {t["id"]: t["name"] for g in weapons["weapon_groups"] for t in g["types"]},
            "damage_type": {d["id"]: d["name"] for d in weapons["damage_types"]},
            "effect": {e["id"]: e["name"] for e in site.data["wbs/combat"]["critical_effects"]["effects"]}}


@table("wbs.attack-dice-chart")
def dice_chart_table(site: Site) -> str:
    def faces(low: int, high: int) -> str:
        return str(low) if low == high else f"{low}–{high}"

    rows = [[d["id"], f"{d['low']}–{d['high']}", faces(1, d["fumbles_to"]), faces(d["critical_from"], d["faces"])]
            for d in site.engine.ask("wbs.dice_chart")]
    return data_table(site, "The dice size chart, smallest first", ["Die", "Counts", "Fumbles on", "Critical on"], rows,
                  "wbs/weapons", "codex-table--numeric")


@table("wbs.attack-strikes")
def strikes_table(site: Site) -> str:
    data = site.data["wbs/weapons"]
    rows = [[s["name"], s["die"], f"{data['strike_reflex'] + s['reflex']}" + (" (Quick)" if s.get("quick") else ""),
             s["summary"]] for s in data["strikes"]]
    return data_table(site, "Strike types", ["Strike", "Damage die", "Reflex", "In short"], rows, "wbs/weapons")


@table("wbs.attack-weapon-types")
def weapon_types_table(site: Site) -> str:
    rows = []
    for group in site.data["wbs/weapons"]["weapon_groups"]:
        for t in group["types"]:
            extra = t.get("effect", "")
            if "range" in t:
                extra = f"Range {t['range']}" + (f"; {extra}" if extra else "")
            if "speed_multiplier" in t:
                extra = f"Speed × {t['speed_multiplier']}" + (f"; reload {t['reload_reflex']} Reflex"
                                                              if "reload_reflex" in t else "")
            rows.append([t["name"], group["name"], _signed(t["size"]), _signed(t["reflex"]), extra or "–"])
    return data_table(site, "Weapon types", ["Type", "Group", "Die size", "Reflex", "Also"], rows, "wbs/weapons")


@table("wbs.attack-damage-types")
def damage_types_table(site: Site) -> str:
    effects = attack_names(site)["effect"]
    rows = [[d["name"], effects.get(d["critical"], d["critical"]), _signed(d["damage_size"]), _signed(d["effect_size"])]
            for d in site.data["wbs/weapons"]["damage_types"]]
    return data_table(site, "Damage types", ["Type", "Critical effect", "Damage die", "Effect die"],
                      rows, "wbs/weapons")


@table("wbs.attack-examples")
def attack_examples_table(site: Site) -> str:
    """A few attacks worked out, so readers can check the chart steps by eye."""
    cases = [("fast", "fist", "none"), ("standard", "medium", "slash"), ("strong", "long", "pierce"),
             ("strong", "shin", "crush"), ("fast", "palm", "pierce")]
    names = attack_names(site)
    rows = []
    for strike, weapon, kind in cases:
        damage, effect = site.engine.ask("wbs.attack_dice", strike, weapon, kind)
        rows.append([f"{names['strike'][strike]} {names['weapon'][weapon]}"
                     + (f", {names['damage_type'][kind]}" if kind != "none" else ""),
                     damage, effect if kind != "none" else "–",
                     str(site.engine.ask("wbs.reflex_cost", strike, weapon))])
    return data_table(site, "Some attacks worked out", ["Attack", "Damage die", "Effect die", "Reflex"], rows,
                  "wbs/weapons")


_RAISES = {"defense": "Basic Defense", "damage_reduction": "Damage Reduction"}  # the schema's `adds_to` values


@table("wbs.attack-defense-options")
def defense_table(site: Site) -> str:
    rows = [[o["name"], _RAISES[o["adds_to"]], o["summary"]] for o in site.data["wbs/combat"]["defense"]["options"]]
    return data_table(site, "Active Defense options", ["Defence", "Raises", "With"], rows, "wbs/combat")


def _check_names(site: Site) -> dict[str, str]:
    """Names of what a check may add up: sub skills and primary attributes, by id."""
    names = {a["id"]: a["name"] for g in site.data["wbs/attributes"]["primary"]["groups"] for a in g["attributes"]}
    for category in site.data["wbs/skills"]["categories"]:
        for group in category["groups"]:
            names.update({s["id"]: s["name"] for core in group["core_skills"] for s in core["sub_skills"]})
    return names


@table("wbs.attack-critical-effects")
def critical_effects_table(site: Site) -> str:
    names = _check_names(site)
    rows = [[e["name"], "after DR" if e["after_dr"] else "lowers DR",
             " + ".join(names[c] for c in e["check"]) if "check" in e else "—", e["summary"]]
            for e in site.data["wbs/combat"]["critical_effects"]["effects"]]
    return data_table(site, "Critical effects", ["Effect", "Works", "Target checks", "What it does"], rows,
                      "wbs/combat")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")
