"""Weapons of Body and Soul combat: the round, phases and ticks, actions, movement, upkeep, health (`wbs.combat-*`)."""

from __future__ import annotations

from calculators import number_word

from ..render import Site, table
from .common import data_table, named_table


@table("wbs.combat-phase-order")
def phase_order_table(site: Site) -> str:
    order = site.data["wbs/combat"]["phases"]["reflex_order"]
    seconds = site.data["wbs/combat"]["round"]["seconds"]
    rows = [[f"Phase {p}", str(order.index(p) + 1) if p in order else "–",
             str(order.index(p) + 1 + len(order)) if p in order else "–"] for p in range(1, seconds + 1)]
    return data_table(site, "Which Reflex point lands in which phase", ["Phase", "Reflex point", "And again at"], rows,
                  "wbs/combat", "codex-table--numeric")


@table("wbs.combat-ticks-by-reflex")
def ticks_by_reflex(site: Site) -> str:
    phases = site.data["wbs/combat"]["round"]["seconds"]  # a phase a second (checked in references.py)
    names = site.engine.ask("wbs.phase_names", phases)
    rows = [[str(r), *(str(n) if n else "·" for n in site.engine.ask("wbs.phase_ticks", r, phases))]
            for r in range(1, 2 * phases + 1)]  # up to two ticks a phase
    return data_table(site, f"Ticks in each phase of a {number_word(phases)}-phase round",
                      ["Reflex", *(f"Phase {n}" for n in names)],
                  rows, "wbs/combat", "codex-table--numeric codex-table--compact")


@table("wbs.combat-round-start")
def round_start_table(site: Site) -> str:
    return named_table(site, "Choices as the round begins", site.data["wbs/combat"]["round_start"], "wbs/combat",
                       "Choice")


@table("wbs.combat-actions")
def actions_table(site: Site) -> str:
    return named_table(site, "Actions, reactions and their timing", site.data["wbs/combat"]["actions"], "wbs/combat",
                  "Term")


@table("wbs.combat-resolution-order")
def resolution_table(site: Site) -> str:
    entries = site.data["wbs/combat"]["resolution_order"]
    rows = [[str(i), e["name"], e["summary"]] for i, e in enumerate(entries, start=1)]
    return data_table(site, "When several fighters are active on one tick", ["Order", "Action", "Which"], rows,
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
    return data_table(site, "Movement actions", ["Move", "Reflex", "Distance", "Notes"], rows, "wbs/combat")


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
    return data_table(site, "Upkeep at the end of a round", ["For", "Energy"],
                      rows, "wbs/combat", "codex-table--numeric")


@table("wbs.combat-health")
def health_table(site: Site) -> str:
    rows = [[t["name"], f"{t['multiple']} × Health", t["summary"]]
            for t in site.data["wbs/combat"]["health"]["thresholds"]]
    return data_table(site, "Health thresholds", ["State", "Damage taken", "What happens"], rows, "wbs/combat")


@table("wbs.combat-group")
def group_table(site: Site) -> str:
    return named_table(site, "Running crowds of foes", site.data["wbs/combat"]["group_combat"], "wbs/combat", "Method")
