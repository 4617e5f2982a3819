"""Weapons of Body and Soul, part 2: combat, ReiKi techniques and monsters (tables, cards, bestiary).

Tables are named `wbs.combat-*`, `wbs.attack-*`, `wbs.reiki-*`, `wbs.monster-*` and
`wbs.special-attack-*`. Technique cards are `<!-- codex:technique wbs.ID -->` (one) or the
`wbs.reiki-special-techniques` / `wbs.reiki-passive-techniques` tables (all of a kind).
Each bestiary file becomes a page of its own (`@pages`), shown with `<!-- codex:creature wbs.ID -->`,
and `<!-- codex:bestiary wbs -->` is the sortable index of them all.
"""

from __future__ import annotations

from typing import Any

from calculators.present import number
from calculators.wbs import creature as creatures
from calculators.wbs.damage import attack_dice, reflex_cost
from calculators.wbs.ticks import phase_names, phase_ticks

from ..load import RulesData
from ..render import BlockError, GeneratedPage, PageInfo, Site, block, pages, split_id, table
from .common import note_href

BESTIARY = "wbs/bestiary/"
# A stat block page needs no sidebar (rendering it is most of a page's build time), and the
# search index finds creatures through the bestiary index, whose table names every one of them:
# thousands of stat blocks in the index would make every reader download them all.
FRONT_MATTER = "---\nhide:\n  - navigation\n  - toc\nsearch:\n  exclude: true\n---\n\n"


# ---- pages ----------------------------------------------------------------------------------


@pages
def bestiary_pages(data: RulesData) -> dict[str, GeneratedPage]:
    """One page per bestiary file: its name as the title, its stat block below."""
    made = {}
    for key in sorted(data.files):
        if not key.startswith(BESTIARY):
            continue
        slug = key.removeprefix(BESTIARY)
        value = data[key]
        name = value.get("name", slug) if isinstance(value, dict) else slug
        body = f"# {_md_text(name)}\n\n<!-- codex:creature wbs.{slug} -->\n"
        made[f"{key}.md"] = GeneratedPage(FRONT_MATTER + body, key)
    return made


def _md_text(text: str) -> str:
    return "".join(f"\\{ch}" if ch in "\\`*_{}[]<>()#+-.!|" else ch for ch in str(text))


# ---- blocks ---------------------------------------------------------------------------------


@block("creature")
def creature_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:creature wbs.goblin -->`: a creature's stat block with its point-buy audit."""
    game, slug = split_id(arg, "creature")
    key = f"{game}/bestiary/{slug}"
    if key not in site.data:
        raise BlockError(f"no creature '{slug}' in rules_data/{game}/bestiary/")
    value = site.data[key]
    if value["id"] != slug:
        raise BlockError(f"{site.data.source_of(key)} has id '{value['id']}': a creature's id must be its file name")
    try:
        stats = creatures.stat_block(value)
    except creatures.CreatureError as exc:
        raise BlockError(f"{site.data.source_of(key)}: {exc}") from None
    stats["tier_name"] = _tier_name(stats["tier"]) + " tier"
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
    names = {s["id"]: s["name"] for s in site.data["wbs/weapons"]["strikes"]}
    types = {t["id"]: t["name"] for g in site.data["wbs/weapons"]["weapon_groups"] for t in g["types"]}
    kinds = {d["id"]: d for d in site.data["wbs/weapons"]["damage_types"]}
    effects = {e["id"]: e["name"] for e in site.data["wbs/combat"]["critical_effects"]["effects"]}
    for attack, raw in zip(stats["attacks"], value.get("attacks", []), strict=True):
        kind = kinds.get(raw["damage_type"])
        attack["label"] = " ".join(x for x in (names[raw["strike"]], types[raw["weapon"]],
                                               kind["name"] if kind else "") if x)
        attack["effect"] = effects[kind["critical"]] if kind else ""
    choices = [g["choice"] for g in stats["skills"] if g["choice"]]
    return site.render("wbs-bestiary-creature.html.j2", c=value, s=stats, choices=choices,
                       prices=_prices(site), notes_href=note_href(page, "wbs.derived-xp-monsters"),
                       source=site.source(key))


def _prices(site: Site) -> str:
    attrs = site.data["wbs/attributes"]
    subs = site.data["wbs/skills"]["sub_skills"]
    return (f"By the rules, a primary attribute costs its new value + {attrs['primary']['xp_cost_over_new_value']} "
            f"for each step up from {attrs['primary']['start']}, a derived bonus its new value + "
            f"{attrs['derived']['xp_cost_over_new_value']} from {attrs['derived']['start']}, and a sub skill or "
            f"spirit skill rank its new rank + {subs['xp_cost_over_new_value']} from {subs['start']}.")


def _tier_name(tier: dict[str, Any]) -> str:
    return f"{tier['name']} ({tier['also_called']})" if tier.get("also_called") else tier["name"]


@block("bestiary")
def bestiary_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:bestiary wbs -->`: every creature in one sortable, filterable table."""
    if arg != "wbs":
        raise BlockError(f"only the wbs bestiary exists (got {arg!r})")
    tiers = {t["id"]: (i, _tier_name(t)) for i, t in enumerate(site.data["wbs/tiers"]["tiers"], start=1)}
    sparks = {s["id"]: s["name"] for s in site.data["wbs/monsters"]["sparks"]}
    rows = []
    for key in sorted(site.data.files):
        if not key.startswith(BESTIARY):
            continue
        value = site.data[key]
        slug = key.removeprefix(BESTIARY)
        if value["tier"] not in tiers or value["spark"] not in sparks:
            raise BlockError(f"{site.data.source_of(key)}: unknown tier or Spark")
        summary = creatures.summary_row(value)
        order, tier_name = tiers[value["tier"]]
        rows.append({"name": value["name"], "href": page.link(f"{BESTIARY}{slug}/"), "tier": tier_name,
                     "tier_order": order, "spark": value["spark"], "spark_name": sparks[value["spark"]],
                     "tags": value.get("tags", []), **summary,
                     "book": "" if summary["book_points"] is None else summary["book_points"]})
    rows.sort(key=lambda r: r["name"].casefold())
    columns = [
        {"key": "name", "type": "text", "label": "Creature", "filter": "search"},
        {"key": "tier", "type": "number", "label": "Tier", "filter": ""},
        {"key": "spark", "type": "text", "label": "Spark", "filter": "select"},
        {"key": "energy", "type": "number", "label": "Energy", "filter": ""},
        {"key": "core", "type": "number", "label": "Core", "filter": ""},
        {"key": "points", "type": "number", "label": "Points (rules)", "filter": ""},
        {"key": "book", "type": "number", "label": "Points (book)", "filter": ""},
        {"key": "tags", "type": "text", "label": "Tags", "filter": "select-words"},
    ]
    return site.render("wbs-bestiary-index.html.j2", rows=rows, columns=columns,
                       source={"path": "rules_data/wbs/bestiary/", "edit": ""})


@block("technique")
def technique_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:technique wbs.reiki-charge -->`: one technique as a card."""
    _, name = split_id(arg, "technique")
    techniques = site.data["wbs/reiki"]["techniques"]
    for technique in techniques:
        if technique["id"] == name:
            return _technique_card(site, technique)
    known = ", ".join(t["id"] for t in techniques)
    raise BlockError(f"no technique '{name}' in rules_data/wbs/reiki.yaml (there are: {known})")


def _technique_card(site: Site, technique: dict[str, Any]) -> str:
    data = site.data["wbs/reiki"]
    kinds = {k["id"]: k["name"] for k in data["kinds"]}
    if technique["kind"] not in kinds:
        raise BlockError(f"technique '{technique['id']}' has an unknown kind '{technique['kind']}'")
    names = {t["id"]: t["name"] for t in data["techniques"]}
    labels = [("reiki_cost", "ReiKi"), ("shape_cost", "Shape"), ("charge_cost", "Charge"), ("reflex_cost", "Reflex")]
    costs = [{"label": label, "value": technique[key]} for key, label in labels if key in technique]
    shown = dict(technique)
    if "requires" in technique:
        if technique["requires"] not in names:
            raise BlockError(f"technique '{technique['id']}' builds on unknown '{technique['requires']}'")
        shown["requires_name"] = names[technique["requires"]]
    return site.render("wbs-technique-card.html.j2", t=shown, costs=costs, kind_name=kinds[technique["kind"]])


def _cards(site: Site, kind: str) -> str:
    cards = [_technique_card(site, t) for t in site.data["wbs/reiki"]["techniques"] if t["kind"] == kind]
    return ('<div class="codex-data wbs-techniques">' + "".join(cards)
            + site.render("source.html.j2", source=site.source("wbs/reiki")) + "</div>")


@table("wbs.reiki-special-techniques")
def special_techniques(site: Site) -> str:
    return _cards(site, "special")


@table("wbs.reiki-passive-techniques")
def passive_techniques(site: Site) -> str:
    return _cards(site, "passive")


# ---- tables -----------------------------------------------------------------------------------


def _plain(site: Site, caption: str, header: list[str], rows: list[list[str]], key: str, extra: str = "") -> str:
    return site.render("table.html.j2", caption=caption, extra_class=extra, header=header, rows=rows,
                       source=site.source(key))


def _named(site: Site, caption: str, entries: list[dict[str, Any]], key: str, first: str = "Name") -> str:
    return _plain(site, caption, [first, "What it means"], [[e["name"], e["summary"]] for e in entries], key)


@table("wbs.combat-phase-order")
def phase_order_table(site: Site) -> str:
    order = site.data["wbs/combat"]["phases"]["reflex_order"]
    seconds = site.data["wbs/combat"]["round"]["seconds"]
    rows = [[f"Phase {p}", str(order.index(p) + 1) if p in order else "–",
             str(order.index(p) + 1 + len(order)) if p in order else "–"] for p in range(1, seconds + 1)]
    return _plain(site, "Which Reflex point lands in which phase", ["Phase", "Reflex point", "And again at"], rows,
                  "wbs/combat", "codex-table--numeric")


@table("wbs.combat-ticks-by-reflex")
def ticks_by_reflex(site: Site) -> str:
    reading = next(n for key in site.data.family("wbs", "source_notes") for n in site.data[key]["notes"]
                   if n["id"] == "phases-higher-tiers")["reading"]
    names = phase_names(4)
    rows = [[str(r), *(str(n) if n else "·" for n in phase_ticks(r, 4, reading))] for r in range(1, 9)]
    return _plain(site, "Ticks in each phase of a four-phase round", ["Reflex", *(f"Phase {n}" for n in names)],
                  rows, "wbs/combat", "codex-table--numeric codex-table--compact")


@table("wbs.combat-round-start")
def round_start_table(site: Site) -> str:
    return _named(site, "Choices as the round begins", site.data["wbs/combat"]["round_start"], "wbs/combat", "Choice")


@table("wbs.combat-actions")
def actions_table(site: Site) -> str:
    return _named(site, "Actions, reactions and their timing", site.data["wbs/combat"]["actions"], "wbs/combat",
                  "Term")


@table("wbs.combat-resolution-order")
def resolution_table(site: Site) -> str:
    entries = site.data["wbs/combat"]["resolution_order"]
    rows = [[str(i), e["name"], e["summary"]] for i, e in enumerate(entries, start=1)]
    return _plain(site, "When several fighters are active on one tick", ["Order", "Action", "Which"], rows,
                  "wbs/combat")


@table("wbs.combat-movement")
def movement_table(site: Site) -> str:
    rows = []
    for move in site.data["wbs/combat"]["movement"]["actions"]:
        distance = "Speed" if move["speed_share"] == 1 else f"Speed ÷ {move['speed_share']}"
        if move["per_tick"]:
            distance += " on every tick"
        rows.append([move["name"], str(move["reflex"]) + (" (Quick)" if move["quick"] else ""), distance,
                     move["summary"]])
    return _plain(site, "Movement actions", ["Move", "Reflex", "Distance", "Notes"], rows, "wbs/combat")


@table("wbs.combat-upkeep")
def upkeep_table(site: Site) -> str:
    upkeep = site.data["wbs/combat"]["upkeep"]
    checks = site.data["wbs/checks"]
    rows = [["Every fighter", f"{upkeep['base']}"],
            ["Each point of EV used", f"+{checks['enhancement_value']['energy_per_point']}"],
            ["Each Kiai die rolled", f"+{checks['kiai']['energy_per_die']}"],
            ["Relaxed this round", f"{upkeep['relaxed']}"],
            ["Only one major action this round", f"{upkeep['one_major_action']}"],
            ["Never below", f"{upkeep['minimum']}"]]
    return _plain(site, "Upkeep at the end of a round", ["For", "Energy"], rows, "wbs/combat", "codex-table--numeric")


@table("wbs.combat-health")
def health_table(site: Site) -> str:
    rows = [[t["name"], f"{t['multiple']} × Health", t["summary"]]
            for t in site.data["wbs/combat"]["health"]["thresholds"]]
    return _plain(site, "Health thresholds", ["State", "Damage taken", "What happens"], rows, "wbs/combat")


@table("wbs.combat-group")
def group_table(site: Site) -> str:
    return _named(site, "Running crowds of foes", site.data["wbs/combat"]["group_combat"], "wbs/combat", "Method")


@table("wbs.attack-dice-chart")
def dice_chart_table(site: Site) -> str:
    rows = []
    for d in site.data["wbs/weapons"]["dice"]:
        fumbles = d.get("fumble_faces", 1)
        crits = d.get("critical_faces", 1)
        rows.append([d["id"], f"{max(0, 1 + d['modifier'])}–{d['faces'] + d['modifier']}",
                     "1" if fumbles == 1 else f"1–{fumbles}",
                     str(d["faces"]) if crits == 1 else f"{d['faces'] - crits + 1}–{d['faces']}"])
    return _plain(site, "The dice size chart, smallest first", ["Die", "Counts", "Fumbles on", "Critical on"], rows,
                  "wbs/weapons", "codex-table--numeric")


@table("wbs.attack-strikes")
def strikes_table(site: Site) -> str:
    data = site.data["wbs/weapons"]
    rows = [[s["name"], s["die"], f"{data['strike_reflex'] + s['reflex']}" + (" (Quick)" if s.get("quick") else ""),
             s["summary"]] for s in data["strikes"]]
    return _plain(site, "Strike types", ["Strike", "Damage die", "Reflex", "In short"], rows, "wbs/weapons")


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
    return _plain(site, "Weapon types", ["Type", "Group", "Die size", "Reflex", "Also"], rows, "wbs/weapons")


@table("wbs.attack-damage-types")
def damage_types_table(site: Site) -> str:
    effects = {e["id"]: e["name"] for e in site.data["wbs/combat"]["critical_effects"]["effects"]}
    rows = [[d["name"], effects.get(d["critical"], d["critical"]), _signed(d["damage_size"]), _signed(d["effect_size"])]
            for d in site.data["wbs/weapons"]["damage_types"]]
    return _plain(site, "Damage types", ["Type", "Critical effect", "Damage die", "Effect die"], rows, "wbs/weapons")


@table("wbs.attack-examples")
def attack_examples_table(site: Site) -> str:
    """A few attacks worked out, so readers can check the chart steps by eye."""
    cases = [("fast", "fist", "none"), ("standard", "medium", "slash"), ("strong", "long", "pierce"),
             ("strong", "shin", "crush"), ("fast", "palm", "pierce")]
    strikes = {s["id"]: s["name"] for s in site.data["wbs/weapons"]["strikes"]}
    types = {t["id"]: t["name"] for g in site.data["wbs/weapons"]["weapon_groups"] for t in g["types"]}
    kinds = {d["id"]: d["name"] for d in site.data["wbs/weapons"]["damage_types"]}
    rows = []
    for strike, weapon, kind in cases:
        damage, effect = attack_dice(strike, weapon, kind)
        rows.append([f"{strikes[strike]} {types[weapon]}" + (f", {kinds[kind]}" if kind != "none" else ""),
                     damage, effect if kind != "none" else "–", str(reflex_cost(strike, weapon))])
    return _plain(site, "Some attacks worked out", ["Attack", "Damage die", "Effect die", "Reflex"], rows,
                  "wbs/weapons")


@table("wbs.attack-defense-options")
def defense_table(site: Site) -> str:
    return _named(site, "Active Defense options", site.data["wbs/combat"]["defense"]["options"], "wbs/combat",
                  "Defence")


@table("wbs.attack-critical-effects")
def critical_effects_table(site: Site) -> str:
    rows = [[e["name"], "after DR" if e["after_dr"] else "lowers DR", e["summary"]]
            for e in site.data["wbs/combat"]["critical_effects"]["effects"]]
    return _plain(site, "Critical effects", ["Effect", "Works", "What it does"], rows, "wbs/combat")


@table("wbs.reiki-kinds")
def reiki_kinds_table(site: Site) -> str:
    return _named(site, "Kinds of technique", site.data["wbs/reiki"]["kinds"], "wbs/reiki", "Kind")


@table("wbs.monster-sparks")
def monster_sparks_table(site: Site) -> str:
    rows = [[s["name"], s["kind"], f"× {s['multiplier']}", "GenKi" if s["recovers_like"] == "genki" else "ReiKi",
             s["summary"]] for s in site.data["wbs/monsters"]["sparks"]]
    return _plain(site, "Monster Sparks", ["Spark", "Energy", "Multiplier", "Recovers like", "Who"], rows,
                  "wbs/monsters")


@table("wbs.monster-spirit-skills")
def spirit_skills_table(site: Site) -> str:
    rows = [[s["name"], "own" if "same_as" not in s else "as for characters", s["summary"]]
            for s in site.data["wbs/monsters"]["spirit_skills"]]
    return _plain(site, "Spirit skills", ["Skill", "Rule", "Each rank"], rows, "wbs/monsters")


@table("wbs.monster-transformations")
def transformations_table(site: Site) -> str:
    return _named(site, "Transformations", site.data["wbs/monsters"]["transformations"]["kinds"], "wbs/monsters",
                  "Kind")


@table("wbs.special-attack-dice")
def special_dice_table(site: Site) -> str:
    data = site.data["wbs/special_attacks"]
    rows = [[d["die"], "Damage", str(d["reiki"]), str(d["shape"])] for d in data["damage_dice"]]
    rows += [[d["die"], "Critical", str(d["reiki"]), str(d["shape"])] for d in data["critical_dice"]]
    return _plain(site, "Dice for a special attack", ["Die", "Kind", "ReiKi", "Shape"], rows,
                  "wbs/special_attacks", "codex-table--numeric")


@table("wbs.special-attack-modifiers")
def special_modifiers_table(site: Site) -> str:
    mods = site.data["wbs/special_attacks"]["modifiers"]
    speed = site.data["wbs/special_attacks"]["speed_reiki"]
    inner, force, area, drain = mods["inner_power"], mods["channel_force"], mods["area"], mods["life_drain"]
    rows = [
        ["Speed", f"{speed} ReiKi a point", "Lets the attack fly beyond range 0, like a missile."],
        [inner["name"], f"+{inner['xp']} XP a time (at most {inner['most_times']})", inner["summary"]],
        [force["name"], f"{force['reiki']} ReiKi a point, +1 Shape every {force['shape_every']}", force["summary"]],
        [area["name"], f"{area['reiki']} ReiKi a metre", area["summary"]],
        [drain["name"], f"{drain['reiki_saved']} ReiKi less, {drain['shinki']} ShinKi more, a time", drain["summary"]],
        [mods["efficiency"]["name"], "see the source note", mods["efficiency"]["summary"]],
    ]
    return _plain(site, "Special modifiers", ["Modifier", "Cost", "What it does"], rows, "wbs/special_attacks")


def _signed(value: int) -> str:
    return f"+{value}" if value > 0 else ("±0" if value == 0 else f"−{-value}")
