"""Refreshing Rain tables and blocks (rules data in rules_data/rain/)."""

from __future__ import annotations

import math
from typing import Any

from calculators import by_id

from ..render import Site, table
from .common import data_table, find, index_by


def _element_names(site: Site) -> dict[str, str]:
    return {e["id"]: e["name"] for e in site.data["rain/elements"]["elements"]}



def _lean(split: dict[str, Any]) -> str:
    return " or ".join(f"{d['yang']} Yang / {d['yin']} Yin" for d in split["divisions"])


@table("rain.elements")
def elements_table(site: Site) -> str:
    splits = index_by(site.data["rain/qi"]["splits"], "element")
    directions = {h["element"]: h for h in site.data["rain/tiles"]["honours"] if h.get("element")}
    rows = []
    for e in site.data["rain/elements"]["elements"]:
        d = directions[e["id"]]
        rows.append([f"{e['name']} {e['hanzi']}", f"{d['glyph']} {d['name']}", _lean(splits[e["id"]]), e["imagery"]])
    return data_table(site, "The five Elements", ["Element", "Direction tile", "Qi when it leads", "In play"], rows,
                  "rain/elements")


@table("rain.cycles")
def cycles_table(site: Site) -> str:
    names = _element_names(site)
    data = site.data["rain/elements"]
    destroying = index_by(data["destructive_cycle"]["links"], "from")
    rows = []
    for c_link in data["creative_cycle"]["links"]:
        d_link = destroying[c_link["from"]]  # the checker saw to it that both cycles are rings
        rows.append([names[c_link["from"]],
                     f"{c_link['how']} {names[c_link['to']]}",
                     f"{d_link['how']} {names[d_link['to']]}"])
    return data_table(site, "What each Element does to the others",
                  ["Element", data["creative_cycle"]["name"] + " (Creates)",
                   data["destructive_cycle"]["name"] + " (Destroys)"], rows, "rain/elements")


@table("rain.virtues")
def virtues_table(site: Site) -> str:
    virtues = site.data["rain/elements"]["virtues"]
    names = [e["name"] for e in site.data["rain/elements"]["elements"]]
    rows = [[v["name"], ", ".join(f"{n} {v['name']}" for n in names)] for v in virtues]
    return data_table(site, f"The {len(virtues)} Virtues and the {len(virtues) * len(names)} Aspects they make",
                  ["Virtue", "Aspects"], rows, "rain/elements")


@table("rain.alchemy-walk")
def alchemy_walk_table(site: Site) -> str:
    scale = site.data["rain/elements"]["alchemy"]
    steps = range(scale["minimum"] + 1, scale["maximum"] + 1)
    names = _element_names(site)
    rows = []
    for e in site.data["rain/elements"]["elements"]:
        walk = site.engine.ask("rain.cycle_walk", e["id"], scale["maximum"])
        made, broken = walk["created_by"], walk["destroys"]
        rows.append([e["name"], *(f"{names[made[k - 1]]} / {names[broken[k - 1]]}" for k in steps)])
    return data_table(site, "The Element each point of Alchemy adds: Created by / Destroys",
                  ["Aspect of", *(f"Alchemy {k}" for k in steps)], rows, "rain/elements", "codex-table--compact")


@table("rain.cycles-diagram")
def cycles_diagram(site: Site) -> str:
    data = site.data["rain/elements"]
    names = _element_names(site)
    hanzi = {e["id"]: e["hanzi"] for e in data["elements"]}
    ring = [link["from"] for link in data["creative_cycle"]["links"]]
    # Fire at the top, the Creative Cycle running clockwise round the pentagon.
    start = ring.index("fire") if "fire" in ring else 0
    ring = ring[start:] + ring[:start]
    size, radius, node = 420, 150, 38
    centre = size / 2
    where = {}
    for k, element in enumerate(ring):
        angle = -math.pi / 2 + 2 * math.pi * k / len(ring)
        where[element] = (centre + radius * math.cos(angle), centre + radius * math.sin(angle))

    def arrow(frm: str, to: str, how: str, gap: float) -> dict[str, Any]:
        (x1, y1), (x2, y2) = where[frm], where[to]
        length = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        return {"x1": f"{x1 + ux * gap:.1f}", "y1": f"{y1 + uy * gap:.1f}",
                "x2": f"{x2 - ux * gap:.1f}", "y2": f"{y2 - uy * gap:.1f}",
                "title": f"{names[frm]} {how} {names[to]}"}

    creative = [arrow(link["from"], link["to"], link["how"], node + 4) for link in data["creative_cycle"]["links"]]
    destructive = [arrow(link["from"], link["to"], link["how"], node + 4)
                   for link in data["destructive_cycle"]["links"]]
    nodes = [{"x": f"{x:.1f}", "y": f"{y:.1f}", "name": names[e], "hanzi": hanzi[e]} for e, (x, y) in where.items()]
    return site.render("rain-cycles.html.j2", size=size, r=node, creative=creative, destructive=destructive,
                       nodes=nodes, creative_name=data["creative_cycle"]["name"],
                       destructive_name=data["destructive_cycle"]["name"], source=site.source("rain/elements"))


@table("rain.qi-splits")
def qi_table(site: Site) -> str:
    names = _element_names(site)
    qi = site.data["rain/qi"]
    rows = [[names[s["element"]], _lean(s)] for s in qi["splits"]]
    return data_table(site, f"Splitting {qi['points_per_scene']} Qi by the Element of your highest Alchemy",
                  ["Highest Alchemy in", "Yang / Yin"], rows, "rain/qi")


def _tile_rows(site: Site) -> list[list[str]]:
    tiles = site.data["rain/tiles"]
    values = {c["id"]: c["sky_value"] for c in tiles["categories"]}
    roles = index_by(site.data["rain/combat"]["roles"])
    qigong = index_by(site.data["rain/combat"]["qigong"])
    names = _element_names(site)
    rows = []
    for suit in tiles["suits"]:
        numbers = [t["number"] for t in suit["tiles"]]
        rows.append([f"{suit['name']} {suit['hanzi']}", " ".join(t["glyph"] for t in suit["tiles"]),
                     f"{min(numbers)}–{max(numbers)}, {suit['copies']} of each = {suit['copies'] * len(numbers)}",
                     roles[suit["combat_role"]]["name"], str(values["suit"])])
    for h in tiles["honours"]:
        name = f"{h['name']} {h['hanzi']}" + (f" ({h['also_called']})" if h.get("also_called") else "")
        if h["kind"] == "direction":
            meaning = f"Direction: {names[h['element']]}"
        else:
            meaning = qigong[h["qigong"]]["name"]
        rows.append([name, h["glyph"], str(h["copies"]), meaning, str(values["honour"])])
    for kind, label in (("flower", "Flowers"), ("season", "Seasons")):
        group = [g for g in tiles["guardians"] if g["kind"] == kind]
        rows.append([f"{label}: " + ", ".join(g["name"] for g in group), " ".join(g["glyph"] for g in group),
                     str(sum(g["copies"] for g in group)), "Win a contest, end a fight", str(values["guardian"])])
    return rows


@table("rain.tiles")
def tiles_table(site: Site) -> str:
    return data_table(site, f"The {site.engine.ask('rain.set_size')} tiles",
                      ["Tiles", "Glyphs", "In the set", "In a fight", "Pays in the Sky"],
                  _tile_rows(site), "rain/tiles", "rain-tiles")


def _tile_glyphs(site: Site) -> dict[str, str]:
    tiles = site.data["rain/tiles"]
    glyphs = {t["id"]: t["glyph"] for s in tiles["suits"] for t in s["tiles"]}
    glyphs.update({h["id"]: h["glyph"] for h in tiles["honours"]})
    glyphs.update({g["id"]: g["glyph"] for g in tiles["guardians"]})
    return glyphs


@table("rain.rank-order")
def rank_order_table(site: Site) -> str:
    tiles = site.data["rain/tiles"]
    _, note = find(site, "rain", "source_notes", "notes", tiles["rank_orders_note"], "source note")
    order = by_id(tiles["rank_orders"], note["reading"])
    glyphs = _tile_glyphs(site)
    copies = {t["id"]: s["copies"] for s in tiles["suits"] for t in s["tiles"]}
    copies.update({h["id"]: h["copies"] for h in tiles["honours"]})
    copies.update({g["id"]: g["copies"] for g in tiles["guardians"]})
    rows = [[str(k), " ".join(glyphs[t] for t in rank), str(sum(copies[t] for t in rank))]
            for k, rank in enumerate(order["ranks"], start=1)]
    return data_table(site, "Rank order used on this site, lowest first", ["Rank", "Tiles", "Tiles of this rank"],
                  rows, "rain/tiles", "rain-tiles")


@table("rain.contest")
def contest_table(site: Site) -> str:
    c = site.data["rain/contest"]
    qi = site.data["rain/qi"]["spending"]
    d, cmp = c["draw"], c["compare"]
    rows = [
        ["Tiles drawn", f"{d['base_tiles']}",
         f"{d['base_tiles'] + d['created_extra']} if the opponent's Element Creates your Aspect"],
        ["Tile compared (1 = highest)", f"number {cmp['usual_place']}",
         f"number {cmp['destroyed_place']} if the opponent's Aspect Destroys your Element"],
        ["Each point of Yang Qi", f"+{d['per_yang']} tile", qi["yang"]],
        ["Each point of Yin Qi", f"{cmp['places_up_per_yin']} place up", qi["yin"]],
        ["After the contest", f"{c['exchange']['tiles_each_way']} tile each way",
         "The winner hands the loser a tile and takes one of theirs; the rest go back"],
    ]
    return data_table(site, "Drawing and comparing", ["Step", "Usually", "Exceptions and detail"], rows, "rain/contest")


@table("rain.combat-roles")
def combat_table(site: Site) -> str:
    roles = index_by(site.data["rain/combat"]["roles"])
    suits = {s["combat_role"]: s for s in site.data["rain/tiles"]["suits"]}
    rows = []
    for role in site.data["rain/combat"]["roles"]:
        suit = suits[role["id"]]
        rows.append([suit["name"], role["name"], role["summary"], roles[role["breaks"]]["name"]])
    return data_table(site, "Suits in a fight", ["Suit", "Stands for", "What it covers", "Makes the opponent discard"],
                  rows, "rain/combat")


@table("rain.trigrams")
def trigrams_table(site: Site) -> str:
    data = site.data["rain/trigrams"]
    ring = {t: k for k, t in enumerate(data["ring_clockwise"], start=1)}
    names = index_by(data["trigrams"])
    rows = []
    for t in sorted(data["trigrams"], key=lambda t: ring[t["id"]]):
        yang = site.engine.ask("rain.trigram_after", t["id"], "yang")
        yin = site.engine.ask("rain.trigram_after", t["id"], "yin")
        rows.append([f"{t['glyph']} {t['name']}", f"{t['pinyin']} {t['hanzi']}", str(ring[t["id"]]),
                     f"{yang['glyph']} {names[yang['id']]['name']}", f"{yin['glyph']} {names[yin['id']]['name']}",
                     t["weather"]])
    return data_table(site, "The eight trigrams, clockwise from the top of the ring",
                  ["Trigram", "Chinese", "Ring place", "After Yang", "After Yin", "Weather (site's reading)"],
                  rows, "rain/trigrams")


@table("rain.sky-costs")
def sky_costs_table(site: Site) -> str:
    sky = site.data["rain/sky"]
    rows = []
    for m in sky["moves"]:
        parts = []
        if m["base_per_point"]:
            parts.append(f"{m['base_per_point']} per point of length" if m["base_per_point"] != 1 else "its length")
        if m["base_fixed"]:
            parts.append(str(m["base_fixed"]))
        rows.append([m["name"], " + ".join(parts)])
    rows.append(["The n-th move of a turn", "n × its base cost"])
    rows.append(["During an Interruption", f"× {sky['interruption_multiplier']}"])
    rows += [[c["name"], f"pays {c['sky_value']} each"] for c in site.data["rain/tiles"]["categories"]]
    return data_table(site, "Moving a Planet", ["Move or tile", "Cost or value"], rows, "rain/sky")


@table("rain.sky-outcomes")
def sky_outcomes_table(site: Site) -> str:
    rows = [[o["name"], o["summary"]] for o in site.data["rain/sky"]["outcomes"]]
    return data_table(site, "What a Planet's move can lead to", ["Outcome", "What happens"], rows, "rain/sky")
