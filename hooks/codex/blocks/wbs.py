"""Weapons of Body and Soul tables, each built from its rules file."""

from __future__ import annotations

from typing import Any

from ..render import BlockError, Site, table


def tier_name(tier: dict[str, Any]) -> str:
    """A tier's name as the site shows it: both names where the book uses two."""
    return f"{tier['name']} ({tier['also_called']})" if tier.get("also_called") else tier["name"]


def _limit(value: int | None) -> str:
    return "no limit" if value is None else str(value)


@table("wbs.tiers")
def tiers_table(site: Site) -> str:
    tiers = site.data["wbs/tiers"]["tiers"]
    rows = [[tier_name(t), t["number"], _limit(t["attribute_limit"]), _limit(t["rank_limit"]),
             str(t["phases"]), t["summary"]] for t in tiers]
    return site.render("table.html.j2", caption="Play tiers", extra_class="",
                       header=["Tier", "No.", "Attribute limit", "Rank limit", "Phases per round", "Who"],
                       rows=rows, source=site.source("wbs/tiers"))


@table("wbs.target-numbers")
def target_numbers_table(site: Site) -> str:
    data = site.data["wbs/target_numbers"]
    tiers = {t["id"]: t for t in site.data["wbs/tiers"]["tiers"]}
    for tier_id in data["tiers"]:
        if tier_id not in tiers:
            raise BlockError(f"rules_data/wbs/target_numbers.yaml names tier '{tier_id}', "
                             "which is not in wbs/tiers.yaml")
    header = ["Difficulty", *(tier_name(tiers[t]) for t in data["tiers"])]
    rows = [[d["name"], *(str(d["tn"][t]) for t in data["tiers"])] for d in data["difficulties"]]
    return site.render("table.html.j2", caption="Target Numbers by the challenge's tier",
                       extra_class="codex-table--numeric", header=header, rows=rows,
                       source=site.source("wbs/target_numbers"))


@table("wbs.primary-attributes")
def primary_table(site: Site) -> str:
    rows = []
    for group in site.data["wbs/attributes"]["primary"]["groups"]:
        for attr in group["attributes"]:
            rows.append([f"{attr['name']} ({attr['abbreviation']})", group["name"],
                         ", ".join(attr["feeds"]), attr["checks"]])
    return site.render("table.html.j2", caption="Primary attributes", extra_class="",
                       header=["Attribute", "Group", "Sets", "Adds to checks for"], rows=rows,
                       source=site.source("wbs/attributes"))


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
    return site.render("table.html.j2", caption="Derived attributes", extra_class="",
                       header=["Attribute", "Base value", "What it does"], rows=rows,
                       source=site.source("wbs/attributes"))


@table("wbs.sparks")
def sparks_table(site: Site) -> str:
    rows = [[s["name"], f"× {s['genki_multiplier']}", f"× {s['reiki_multiplier']}", s["summary"]]
            for s in site.data["wbs/sparks"]["sparks"]]
    return site.render("table.html.j2", caption="Sparks and energy multipliers",
                       extra_class="", header=["Spark", "GenKi", "ReiKi", "Who"], rows=rows,
                       source=site.source("wbs/sparks"))


@table("wbs.energy-skills")
def energy_skills_table(site: Site) -> str:
    energy = site.data["wbs/energy"]
    rows = [[skill["name"], pool["name"], skill["summary"]]
            for pool in energy["pools"] for skill in energy["skills"][pool["skills"]]]
    return site.render("table.html.j2", caption="Energy skills", extra_class="",
                       header=["Skill", "Pool", "Each rank"], rows=rows, source=site.source("wbs/energy"))
