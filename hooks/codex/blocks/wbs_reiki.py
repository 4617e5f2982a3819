"""Weapons of Body and Soul ReiKi: technique cards, the kinds of technique, special attacks.

Technique cards are `<!-- codex:technique wbs.ID -->` (one) or the `wbs.reiki-special-techniques` /
`wbs.reiki-passive-techniques` tables (all of a kind); special attack tables are `wbs.special-attack-*`.
"""

from __future__ import annotations

from typing import Any

from calculators import by_id

from ..render import PageInfo, Site, block, split_id, table
from .common import data_table, entry, named_table


@block("technique")
def technique_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:technique wbs.reiki-charge -->`: one technique as a card."""
    _, name = split_id(arg, "technique")
    return _technique_card(site, entry(site.data["wbs/reiki"]["techniques"], name, "wbs/reiki", "technique"))


def _technique_card(site: Site, technique: dict[str, Any]) -> str:
    data = site.data["wbs/reiki"]
    labels = [("reiki_cost", "ReiKi"), ("shape_cost", "Shape"), ("charge_cost", "Charge"), ("reflex_cost", "Reflex")]
    costs = [{"label": label, "value": technique[key]} for key, label in labels if key in technique]
    shown = dict(technique)
    if "requires" in technique:
        shown["requires_name"] = by_id(data["techniques"], technique["requires"])["name"]
    return site.render("wbs-technique-card.html.j2", t=shown, costs=costs,
                       kind_name=by_id(data["kinds"], technique["kind"])["name"])


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


@table("wbs.reiki-kinds")
def reiki_kinds_table(site: Site) -> str:
    return named_table(site, "Kinds of technique", site.data["wbs/reiki"]["kinds"], "wbs/reiki", "Kind")


@table("wbs.special-attack-dice")
def special_dice_table(site: Site) -> str:
    data = site.data["wbs/special_attacks"]
    rows = [[d["die"], "Damage", str(d["reiki"]), str(d["shape"])] for d in data["damage_dice"]]
    rows += [[d["die"], "Critical", str(d["reiki"]), str(d["shape"])] for d in data["critical_dice"]]
    return data_table(site, "Dice for a special attack", ["Die", "Kind", "ReiKi", "Shape"], rows,
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
    return data_table(site, "Special modifiers", ["Modifier", "Cost", "What it does"], rows, "wbs/special_attacks")
