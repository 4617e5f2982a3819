"""wbs.special_attack: the ReiKi, Shape, ShinKi and XP cost of a special attack, and the Reflex to use it."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..readings import reading_input
from ..results import json_number
from ..spec import Calculator, Input, Output
from .combat_rules import halve, reading_number
from .techniques import best_plan, cost_after_reductions, reduction, reiki_rules


def attack_rules() -> Mapping[str, Any]:
    """rules_data/wbs/special_attacks.yaml."""
    return rules.table("wbs/special_attacks")


def _mentor_note() -> str:
    return rules.table("wbs/progression")["mentor"]["rounding_note"]


def _inputs() -> list[Input]:
    data = attack_rules()
    mods = data["modifiers"]
    dice = [Input(f"damage_{d['die']}", f"Damage {d['die']}", "int", default=1 if d["die"] == "d6" else 0,
                  minimum=0, maximum=limits.RANKS, group="Damage dice",
                      help=f"{d['reiki']} ReiKi, {d['shape']} Shape each")
            for d in data["damage_dice"]]
    crits = [Input(f"critical_{d['die']}", f"Critical {d['die']}", "int", default=0, minimum=0, maximum=limits.RANKS,
                   group="Critical dice", help=f"{d['reiki']} ReiKi, {d['shape']} Shape each")
             for d in data["critical_dice"]]
    inner = mods["inner_power"]
    return [
        *dice, *crits,
        Input("speed", "Speed", "int", default=0, minimum=0, maximum=limits.RANKS, group="Modifiers"),
        Input("channel_force", mods["channel_force"]["name"], "int", default=0, minimum=0, maximum=limits.RANKS,
              group="Modifiers", help="Points of extra damage"),
        Input("area", "Area (metres)", "int", default=0, minimum=0, maximum=limits.RANKS, group="Modifiers"),
        Input("surround", "Surround", "bool", default=False, group="Modifiers"),
        Input("life_drain", mods["life_drain"]["name"], "int", default=0, minimum=0, maximum=limits.RANKS,
              group="Modifiers", help="Times taken"),
        Input("inner_power", inner["name"], "int", default=0, minimum=0, maximum=inner["most_times"],
              group="Modifiers", help="Times taken"),
        Input("attack_efficiency", "Efficiency ranks of the attack", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="Modifiers"),
        Input("copied_reiki", "ReiKi cost copied from a known attack", "int", default=0, minimum=0,
              maximum=limits.VALUES, group="Learning", help="For an iterative attack: the part of its cost it shares"),
        Input("mentor", "Taught by a mentor", "bool", default=False, group="Learning"),
        Input("potency", "Potency", "int", default=0, minimum=0, maximum=limits.RANKS, group="User"),
        Input("efficiency", "Efficiency (GenKi skill)", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="User"),
        Input("channel", "Channel", "int", default=0, minimum=0, maximum=limits.RANKS, group="User"),
        Input("shaping", "Shaping", "int", default=1, minimum=0, maximum=limits.RANKS, group="User"),
        Input("aura", "Aura", "int", default=0, minimum=0, maximum=limits.RANKS, group="User"),
        Input("genki", "Total GenKi", "int", default=0, minimum=0, maximum=limits.ENERGY, group="User",
              help="For Inner Power's Trait Points"),
        reading_input("wbs", "cost_reading", reiki_rules()["using"]["cost_note"]),
        reading_input("wbs", "life_drain_reading", attack_rules()["modifiers"]["life_drain"]["amount_note"]),
        reading_input("wbs", "life_drain_xp", attack_rules()["modifiers"]["life_drain"]["xp_note"]),
        reading_input("wbs", "mentor_rounding", _mentor_note()),
    ]


def _outputs() -> list[Output]:
    return [
        Output("reiki_cost", "ReiKi cost before reductions"),
        Output("reiki_to_channel", "ReiKi to channel"),
        Output("reiki_spent", "ReiKi spent each use"),
        Output("shape_cost", "Shape cost"),
        Output("shinki_cost", "ShinKi each use"),
        Output("xp_cost", "XP to learn it", "number"),
        Output("xp_full_price", "XP without discounts"),
        Output("reflex", "Reflex from nothing channelled to the hit"),
        Output("trait_points", "Most Trait Points from Inner Power"),
        Output("description", "The attack", "text"),
    ]


def area_cost(metres: int, surround: bool) -> int:
    """ReiKi for an area: 1 a metre, and 2 a metre after the first for a Surround (source note surround-cost)."""
    area = attack_rules()["modifiers"]["area"]
    if not metres:
        return 0
    if surround:
        return area["reiki"] + (metres - 1) * area["surround_reiki_after_first"]
    return metres * area["reiki"]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Costs in ReiKi, Shape, ShinKi, XP and Reflex of one special attack."""
    data = attack_rules()
    mods = data["modifiers"]
    problems = Problems()
    reiki = shape = 0
    parts = []
    for kind, label in (("damage", "damage"), ("critical", "critical")):
        for d in data[f"{kind}_dice"]:
            count = values[f"{kind}_{d['die']}"]
            reiki += count * d["reiki"]
            shape += count * d["shape"]
            if count:
                parts.append(f"{count} × {d['die']} {label}")
    reiki += values["speed"] * data["speed_reiki"]
    force = values["channel_force"]
    reiki += force * mods["channel_force"]["reiki"]
    shape += force // mods["channel_force"]["shape_every"]
    reiki += area_cost(values["area"], values["surround"])
    if values["surround"] and not values["area"]:
        problems.add("surround", "A Surround needs at least 1 metre of Area")
    if values["surround"] and values["speed"]:
        problems.add("surround", f"Surround (like Spread) is only for an attack without Speed; this one has "
                                 f"Speed {values['speed']}: set Speed to 0 or untick Surround")
    if not reiki:
        problems.add("damage_d6", "A special attack needs at least one die, Speed, Area or Channel Force")
    saved_each = reading_number(mods["life_drain"]["amount_note"], values["life_drain_reading"], "life_drain_reiki",
                                mods["life_drain"]["reiki_saved"])
    to_channel = reiki - saved_each * values["life_drain"]
    if reiki and to_channel < reiki_rules()["using"]["minimum_cost"]:
        problems.add("life_drain", f"Life Drain taken {values['life_drain']} times leaves nothing to channel")
    if values["life_drain_xp"] == "as-written":  # Life Drain lowers the cost itself (source note life-drain-xp)
        reiki = to_channel
    if values["copied_reiki"] > max(0, reiki):
        problems.add("copied_reiki", f"Only {max(0, reiki)} ReiKi of cost can be copied from the base attack")
    problems.raise_if_any()
    spent = cost_after_reductions(to_channel, reduction({**values, "technique_efficiency": values["attack_efficiency"]},
                                                        values["cost_reading"]))
    ranks = values["attack_efficiency"]
    modifier_xp = values["inner_power"] * mods["inner_power"]["xp"] + ranks * (ranks + 1) // 2
    full = reiki + modifier_xp
    rounding = values["mentor_rounding"]
    copied = values["copied_reiki"]
    share = rules.table("wbs/special_attacks")["iterative"]["copied_share_divide_by"]
    xp: int | Fraction = (halve(copied, rounding, share) if copied else 0) + (full - copied)
    if values["mentor"]:
        divide = rules.table("wbs/progression")["mentor"]["price_divide_by"]
        xp = (halve(halve(copied, rounding, share), rounding, divide) if copied else 0) + halve(
            full - copied, rounding, divide)
    using = reiki_rules()["using"]
    try:
        channel_actions, shaping_actions = best_plan(to_channel - values["aura"], shape,
                                                     using["channel_base"] + values["channel"], values["shaping"],
                                                     values["shaping"] // using["channel_shapes_divide_by"])
    except ValueError:
        problems.add("shaping", "This attack needs shaping: give at least 1 rank of Shaping")
        problems.raise_if_any()
        raise
    reflex = (channel_actions * using["channel_reflex"] + shaping_actions * using["shaping_reflex"]
              + data["activation_reflex"])
    inner = mods["inner_power"]
    trait = values["genki"] * inner["genki_percent_per_time"] * values["inner_power"] // 100
    if force:
        parts.append(f"+{force} damage from {mods['channel_force']['name']}")
    if values["speed"]:
        parts.append(f"Speed {values['speed']}")
    if values["area"]:
        parts.append(f"{'Surround' if values['surround'] else 'area'} {values['area']} m")
    return {
        "reiki_cost": reiki,
        "reiki_to_channel": to_channel,
        "reiki_spent": spent,
        "shape_cost": shape,
        "shinki_cost": values["life_drain"] * mods["life_drain"]["shinki"],
        "xp_cost": json_number(xp),
        "xp_full_price": full,
        "reflex": reflex,
        "trait_points": trait,
        "description": ", ".join(parts),
    }


CALCULATORS = (
    Calculator(
        id="wbs.special_attack",
        title="Special attack builder",
        summary="A special attack's ReiKi, Shape, ShinKi and XP cost from its dice and modifiers, with iterative and "
                "mentor discounts, and the Reflex to channel, shape and use it.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.special-efficiency-xp", "wbs.surround-cost"),
    ),
)
