"""Weapons of Body and Soul monsters: a page per bestiary file, its stat block, the sortable index, monster tables.

Each bestiary file becomes a page of its own (`@pages`), shown with `<!-- codex:creature wbs.ID -->`,
and `<!-- codex:bestiary wbs -->` is the sortable index of them all. Tables are `wbs.monster-*`.
"""

from __future__ import annotations

from markupsafe import Markup

from calculators import CreatureError, by_id, number

from ..load import BESTIARY, RulesData
from ..render import BlockError, GeneratedPage, PageInfo, Site, block, pages, split_id, table
from ..titles import heading, with_title
from .common import data_table, named_table, note_href
from .wbs_attacks import attack_names

# Which creatures are the book's and which the Codex built with the book's rules (`source`).
SOURCE_LABELS = {"book": "Book", "site-example": "Site example"}
FRONT_MATTER = "---\nhide:\n  - navigation\n  - toc\nsearch:\n  exclude: true\n---\n\n"


@pages
def bestiary_pages(data: RulesData) -> dict[str, GeneratedPage]:
    """One page per bestiary file: its name as the title, its stat block below."""
    made = {}
    for key in data.creatures():
        slug = key.removeprefix(BESTIARY)
        value = data[key]
        name = value.get("name", slug) if isinstance(value, dict) else slug
        body = f"{heading(str(name))}\n\n<!-- codex:creature wbs.{slug} -->\n"
        made[f"{key}.md"] = GeneratedPage(with_title(FRONT_MATTER, str(name)) + body, key, stamped=True)
    return made



@block("creature")
def creature_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:creature wbs.goblin -->`: a creature's stat block with its point-buy audit."""
    game, slug = split_id(arg, "creature")
    key = f"{game}/bestiary/{slug}"
    if key not in site.data:
        raise BlockError(f"no creature '{slug}' in rules_data/{game}/bestiary/")
    value = site.data[key]
    try:
        stats = site.engine.ask("wbs.stat_block", value)
    except CreatureError as exc:
        raise BlockError(f"{site.data.source_of(key)}: {exc}") from None
    stats["tier_name"] = site.engine.ask("wbs.tier_name", stats["tier"]["id"]) + " tier"
    for derived in stats["derived"]:
        derived["value"] = number(derived["value"])
    labels = {"health": "Health", "stamina": "Stamina", "reflex": "Reflex", "speed": "Speed", "energy": "Energy",
              "core_min": "Lowest Core", "core_max": "Highest Core", "soak": "Soak",
              "damage_reduction": "Damage Reduction"}
    for line in stats["listed"]:
        line["label"] = labels[line["what"]]
        line["agrees"] = line["book"] == line["computed"]
        if line["what"] == "damage_reduction":
            line["agrees"] = line["book"] in {stats["damage_reduction"], stats["damage_reduction_at_ev"]}
            at_ev = stats["damage_reduction_at_ev"]
            line["computed"] = f"{stats['damage_reduction']} ({at_ev} at EV {stats['ev_now']})"
        else:
            line["computed"] = number(line["computed"])
    names = attack_names(site)
    for attack, raw in zip(stats["attacks"], value.get("attacks", []), strict=True):
        kind = by_id(site.data["wbs/weapons"]["damage_types"], raw["damage_type"], None)
        attack["label"] = " ".join(x for x in (names["strike"][raw["strike"]], names["weapon"][raw["weapon"]],
                                               kind["name"] if kind else "") if x)
        attack["effect"] = names["effect"][kind["critical"]] if kind else ""
    choices = [g["choice"] for g in stats["skills"] if g["choice"]]
    fight = Markup(site.engine.ask("wbs.add_to_fight", value))  # escaped by the engine's one presentation module
    return site.render("wbs-bestiary-creature.html.j2", c=value, s=stats, choices=choices, fight=fight,
                       prices=_prices(site), notes_href=note_href(page, "wbs.derived-xp-monsters"),
                       source=site.source(key))


def _prices(site: Site) -> str:
    attrs = site.data["wbs/attributes"]
    subs = site.data["wbs/skills"]["sub_skills"]
    return (f"By the rules, a primary attribute costs its new value + {attrs['primary']['xp_cost_over_new_value']} "
            f"for each step up from {attrs['primary']['start']}, a derived bonus its new value + "
            f"{attrs['derived']['xp_cost_over_new_value']} from {attrs['derived']['start']}, and a sub skill or "
            f"spirit skill rank its new rank + {subs['xp_cost_over_new_value']} from {subs['start']}.")


@block("bestiary")
def bestiary_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:bestiary wbs -->`: every creature in one sortable, filterable table."""
    if arg != "wbs":
        raise BlockError(f"only the wbs bestiary exists (got {arg!r})")
    tiers = {t["id"]: (i, site.engine.ask("wbs.tier_name", t["id"]))
             for i, t in enumerate(site.data["wbs/tiers"]["tiers"], start=1)}
    sparks = {s["id"]: s["name"] for s in site.data["wbs/monsters"]["sparks"]}
    rows = []
    for key in site.data.creatures():
        value = site.data[key]
        slug = key.removeprefix(BESTIARY)
        summary = site.engine.ask("wbs.creature_summary", value)
        order, tier_name = tiers[value["tier"]]
        rows.append({"name": value["name"], "href": page.link(f"{BESTIARY}{slug}/"), "tier": tier_name,
                     "tier_order": order, "spark": value["spark"], "spark_name": sparks[value["spark"]],
                     "tags": value.get("tags", []), **summary,
                     "book": "" if summary["book_points"] is None else summary["book_points"],
                     "source": value["source"], "source_label": SOURCE_LABELS[value["source"]]})
    rows.sort(key=lambda r: r["name"].casefold())
    columns = [
        {"key": "name", "type": "text", "label": "Creature", "filter": "search"},
        {"key": "source", "type": "text", "label": "Source", "filter": "select"},
        {"key": "tier", "type": "number", "label": "Tier", "filter": "select"},
        {"key": "spark", "type": "text", "label": "Spark", "filter": "select"},
        {"key": "energy", "type": "number", "label": "Energy", "filter": ""},
        {"key": "core", "type": "number", "label": "Core", "filter": ""},
        {"key": "points", "type": "number", "label": "Points (rules)", "filter": ""},
        {"key": "book", "type": "number", "label": "Points (book)", "filter": ""},
        {"key": "tags", "type": "text", "label": "Tags", "filter": "select-words"},
    ]
    return site.render("wbs-bestiary-index.html.j2", rows=rows, columns=columns,
                       source={"path": "rules_data/wbs/bestiary/", "edit": ""})


@table("wbs.monster-sparks")
def monster_sparks_table(site: Site) -> str:
    rows = [[s["name"], s["kind"], f"× {s['multiplier']}", "GenKi" if s["recovers_like"] == "genki" else "ReiKi",
             s["summary"]] for s in site.data["wbs/monsters"]["sparks"]]
    return data_table(site, "Monster Sparks", ["Spark", "Energy", "Multiplier", "Recovers like", "Who"], rows,
                  "wbs/monsters")


@table("wbs.monster-spirit-skills")
def spirit_skills_table(site: Site) -> str:
    rows = [[s["name"], "own" if "same_as" not in s else "as for characters", s["summary"]]
            for s in site.data["wbs/monsters"]["spirit_skills"]]
    return data_table(site, "Spirit skills", ["Skill", "Rule", "Each rank"], rows, "wbs/monsters")


@table("wbs.monster-transformations")
def transformations_table(site: Site) -> str:
    return named_table(site, "Transformations", site.data["wbs/monsters"]["transformations"]["kinds"], "wbs/monsters",
                  "Kind")
