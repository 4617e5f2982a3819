"""Xia tables, each built from its rules file in rules_data/xia/."""

from __future__ import annotations

from ..render import Site, table
from .common import data_table, entry


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def _one_lines(rows: list[list[str]]) -> list[list[str]]:
    return [[_one_line(c) for c in row] for row in rows]


@table("xia.conflicts")
def conflicts_table(site: Site) -> str:
    rows = [[c["name"], c["trait"], c["summary"], c["resilience"],
             f"{c['defeat'].capitalize()}. {_one_line(c['defeat_summary'])}", c["npc_defeat"]]
            for c in site.data["xia/conflicts"]["conflicts"]]
    return data_table(site, "The three kinds of conflict",
                      ["Conflict", "Active Trait", "What it covers", "Damage goes to", "A hero at 0 is",
                       "Non-player characters"], _one_lines(rows), "xia/conflicts")


@table("xia.initiative-ties")
def ties_table(site: Site) -> str:
    data = site.data["xia/conflicts"]
    rows = [[str(n), t["rule"]] for n, t in enumerate(data["initiative"]["ties"], start=1)]
    order = " before ".join(entry(data["conflicts"], c, "xia/conflicts", "conflict")["name"]
                            for c in data["initiative"]["precedence"])
    rows.append([str(len(rows) + 1), f"With several kinds of conflict running: {order}."])
    return data_table(site, "Settling who goes first", ["No.", "Rule"], _one_lines(rows), "xia/conflicts")


@table("xia.attack-numbers")
def attack_numbers_table(site: Site) -> str:
    attacks = site.data["xia/attacks"]
    adds = {t["adds_to"]: t for t in site.data["xia/trigrams"]["trigrams"] if t.get("adds_to")}
    rows = []
    for n in attacks["numbers"]:
        boost, guard = adds.get(n["id"]), adds.get(n["defence"])
        rows.append([
            n["name"], n["meaning"], "the attacker's active Trait",
            f"+ {boost['name']} trigram ({boost['channel']})" if boost else "–",
            f"{n['defence_name']}: the defender's active Trait"
            + (f", + {guard['name']} trigram ({guard['channel']})" if guard else ""),
            str(attacks["floor"]),
        ])
    return data_table(site, "Attack numbers and the defences against them",
                      ["Number", "What it means", "Starts at", "Chi can add", "Taken off it", "Never below"],
                      _one_lines(rows), "xia/attacks")


@table("xia.trigrams")
def trigrams_table(site: Site) -> str:
    data = site.data["xia/trigrams"]
    chi = {k["id"]: k["name"] for k in site.data["xia/chi"]["kinds"]}
    groups = []
    for use, title in (("attack", "Channelled in attack"), ("defence", "Channelled in defence")):
        cards = []
        for t in data["trigrams"]:
            if t["use"] != use:
                continue
            cards.append({
                "name": t["name"], "channel": t["channel"],
                "cost": f"{data['channel_cost']} {chi[t['chi']]}",
                "effect": _one_line(t["effect"]), "keywords": ", ".join(t["keywords"]),
                "also": _one_line(t.get("also", "")),
            })
        groups.append({"title": title, "cards": cards})
    return site.render("xia-trigrams.html.j2", groups=groups, source=site.source("xia/trigrams"))


@table("xia.chi-kinds")
def chi_kinds_table(site: Site) -> str:
    rows = [[k["name"], k["pays_for"], k["style_from"]] for k in site.data["xia/chi"]["kinds"]]
    return data_table(site, "Yang and Yin chi", ["Chi", "Pays for", "Style bonuses for"], _one_lines(rows), "xia/chi")


@table("xia.effect-rules")
def effect_rules_table(site: Site) -> str:
    rows = [[str(n), r["rule"]] for n, r in enumerate(site.data["xia/chi"]["effect_rules"], start=1)]
    return data_table(site, "Rules every effect follows", ["No.", "Rule"], _one_lines(rows), "xia/chi")


@table("xia.timing")
def timing_table(site: Site) -> str:
    rows = [[str(n), s["step"], s["rule"]] for n, s in enumerate(site.data["xia/chi"]["timing"], start=1)]
    return data_table(site, "Order of declaring effects", ["Step", "What", "How"], _one_lines(rows), "xia/chi")


@table("xia.style-bonuses")
def style_table(site: Site) -> str:
    chi = site.data["xia/chi"]
    low, high = chi["style_too_generous_after"]
    rows = [[f"+{b['bonus']} chi", b["when"]] for b in chi["style_bonuses"]]
    rows.append(["Too many?", f"More than {low} or {high} awards to one player in a conflict "
                              "is probably too generous."])
    return data_table(site, "Style bonuses", ["Bonus", "When the GM gives it"], _one_lines(rows), "xia/chi")


@table("xia.task-scale")
def task_scale_table(site: Site) -> str:
    rows = []
    for p in site.data["xia/tasks"]["scale"]:
        score = str(p["score_from"]) if p["score_from"] == p["score_to"] else f"{p['score_from']}–{p['score_to']}"
        rows.append([score, p["who"]])
    return data_table(site, "Reference points for task scores", ["Score", "Typical of"],
                      _one_lines(rows), "xia/tasks", "codex-table--numeric")


@table("xia.xp-awards")
def xp_awards_table(site: Site) -> str:
    awards = site.data["xia/experience"]["awards"]
    rows = [[a["name"], f"{a['xp']} XP", a["who"]] for a in awards]
    least, most = site.engine.ask("xia.session_xp")
    rows.append(["Per session", f"{least}–{most} XP",
                 "Plus any bonus the GM gives at the end of a story arc or for beating a great foe."])
    return data_table(site, "Earning XP", ["Award", "XP", "Who and when"], _one_lines(rows), "xia/experience")


@table("xia.xp-costs")
def xp_costs_table(site: Site) -> str:
    costs = site.data["xia/experience"]["costs"]
    per = costs["trigram_per_current_level"]
    trigram = "its current level" if per == 1 else f"{per} × its current level"
    rows = [["A new kung fu secret", f"{costs['secret']} XP"],
            ["One level of a trigram", trigram],
            ["A Trait", "can be raised with XP" if costs["traits_can_rise"] else "cannot be bought with XP"]]
    return data_table(site, "Spending XP", ["Buying", "Costs"], _one_lines(rows), "xia/experience")


@table("xia.rationales")
def rationales_table(site: Site) -> str:
    rows = [[r["name"], r["summary"]] for r in site.data["xia/experience"]["rationales"]]
    return data_table(site, "Reasons to learn a secret (examples, not a full list)", ["Rationale", "How it works"],
                      _one_lines(rows), "xia/experience")


@table("xia.characters")
def characters_table(site: Site) -> str:
    conflicts = site.data["xia/conflicts"]
    trigram_names = {t["id"]: t["name"] for t in site.data["xia/trigrams"]["trigrams"]}
    thunder = conflicts["initiative"]["trigram"]
    rows = []
    for ch in site.data["xia/characters"]["characters"]:
        traits = ", ".join(f"{entry(conflicts['conflicts'], k, 'xia/conflicts', 'conflict')['trait']} {v}"
                           for k, v in ch["traits"].items())
        trigrams = ", ".join(f"{trigram_names[k]} {v}" for k, v in ch["trigrams"].items()) or "not given"
        physical = ch["traits"].get("physical")
        defences = str(physical) if physical is not None else "not given"
        if physical is not None and thunder in ch["trigrams"]:
            result = site.engine.run("xia.initiative", {"trait": physical, "thunder": ch["trigrams"][thunder]})
            initiative = str(result["initiative"])
        else:
            initiative = "not given"
        # The engine draws the button (escaped data in its attributes), so the template takes it as it is.
        rows.append({"cells": _one_lines([[ch["name"], ch["who"], traits, trigrams, defences, initiative]])[0],
                     "add": site.engine.ask("xia.add_to_fight", ch["id"])})
    return site.render("xia-characters.html.j2", caption="Characters of the worked examples",
                       header=["Character", "Who", "Traits given", "Trigrams given",
                               "Physical Evasion, Interference and Absorption", "Physical Initiative Rating"],
                       rows=rows, source=site.source("xia/characters"))


@table("xia.tracker-rules")
def tracker_rules_table(site: Site) -> str:
    data = site.data["xia/tracker"]
    applies = data_table(site, "Rules the conflict tracker applies", ["No.", "Rule"],
                         _one_lines([[str(n), r["rule"]] for n, r in enumerate(data["applies"], start=1)]),
                         "xia/tracker")
    leaves = data_table(site, "What it leaves to the table", ["Left to the table", "Why"],
                        _one_lines([[r["what"], r["why"]] for r in data["leaves"]]), "xia/tracker")
    return applies + leaves
