"""wbs.damage: the dice of an attack, its Reflex cost, the book's average, and the exact odds of damage dealt."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..chances import Chances
from ..errors import Problems
from ..present import number
from ..readings import reading_input
from ..results import Distribution, json_number
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output
from .combat_rules import (
    Die,
    combat,
    die,
    reading_number,
    step,
    weapon_choices,
    weapon_type,
    weapons,
)
from .damage_odds import Hit, critical_chance, dealt, tie_share

CHART_ROWS = 24



def _inputs() -> list[Input]:
    data = weapons()
    effects = combat()["critical_effects"]["effects"]
    return [
        Input("strike", "Strike", "choice", default="standard",
              choices=tuple(Choice(s["id"], s["name"]) for s in data["strikes"]), group="Attack"),
        Input("weapon", "Weapon type", "choice", default="fist", choices=weapon_choices(), group="Attack"),
        Input("damage_type", "Damage type", "choice", default="none",
              choices=(Choice("none", "None"), *(Choice(d["id"], d["name"]) for d in data["damage_types"])),
              group="Attack", help="For a ranged weapon, the ammunition's"),
        Input("extra_critical_dice", "Extra critical dice", "int", default=0, minimum=0,
              maximum=limits.EXTRA_CRITICAL_DICE,
              group="Attack", help="Bought with weapon encumbrance; needs a damage type"),
        Input("critical_effect", "Effect of every critical effect die", "choice", default="by-type",
              choices=(Choice("by-type", "The damage type's effect (Stagger when there is none)"),
                       *(Choice(e["id"], e["name"]) for e in effects)), group="Attack",
              help="The weapon's own dice and those from critical faces all take it here; the book lets the "
                   "attacker pick for each die from a critical face"),
        Input("strength", "Strength (or a ranged weapon's strength modifier)", "int", default=3, minimum=0,
              maximum=limits.DAMAGE_STRENGTH, group="Attacker"),
        Input("skill_ranks", "Skill ranks (both sub skills and their core skills)", "int", default=0,
              minimum=0, maximum=limits.DAMAGE_RANKS, group="Attacker"),
        Input("attack_critical", "The attack roll was critical", "bool", default=False, group="Attacker"),
        Input("tie", "The attack roll tied the TN", "bool", default=False, group="Attacker"),
        Input("target_dr", "Target's Damage Reduction", "int", default=2, minimum=0, maximum=limits.RANKS,
              group="Target"),
        Input("target_soak", "Target's Soak", "int", default=0, minimum=0, maximum=limits.RANKS, group="Target"),
        reading_input("wbs", "chain_reading", "critical-dice"),
        reading_input("wbs", "soak_reading", "soak-per-type"),
        reading_input("wbs", "fumble_reading", "damage-fumbles"),
        reading_input("wbs", "tie_reading", "tie-rounding"),
        reading_input("wbs", "face_die_reading", "critical-face-die"),
        reading_input("wbs", "unarmed_reading", "unarmed-damage-type"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("damage_die", "Damage die", "text"),
        Output("dice", "Damage dice", "int"),
        Output("effect_die", "Critical effect die", "text"),
        Output("critical_effect", "Critical effect", "text"),
        Output("effect_dice", "Critical dice the weapon adds", "int"),
        Output("reflex_cost", "Reflex cost", "int"),
        Output("resolves", "Resolves", "text"),
        Output("roll", "Damage roll", "text"),
        Output("average_damage", "Average damage after DR (the book's rule)", "int"),
        Output("expected_damage", "Expected damage dealt (exact, criticals included)", "number"),
        Output("chance_no_damage", "Chance of dealing no damage", "percent"),
        Output("chance_critical", "Chance of a critical damage die", "percent"),
        Output("knockback_speed", "Knockback Speed at the average roll", "int"),
        Output("distribution", "Damage dealt", "chart"),
    ]


def attack_dice(strike_id: str, weapon_id: str, damage_type: str) -> tuple[str, str]:
    """The damage die and the critical effect die of an attack, as ids of the size chart."""
    data = weapons()
    strike = by_id(data["strikes"], strike_id)
    base = step(strike["die"], weapon_type(weapon_id)["size"])
    if damage_type == "none":
        return base, base
    kind = by_id(data["damage_types"], damage_type)
    return step(base, kind["damage_size"]), step(base, kind["effect_size"])


def reflex_cost(strike_id: str, weapon_id: str) -> int:
    """Reflex cost of a strike: the base cost, plus the strike's and the weapon's modifiers."""
    data = weapons()
    return data["strike_reflex"] + by_id(data["strikes"], strike_id)["reflex"] + weapon_type(weapon_id)["reflex"]


def dice_for(skill_ranks: int) -> int:
    """Damage dice for the ranks of the skills used, core ranks included."""
    rules = combat()["damage"]
    return rules["dice"] + skill_ranks // rules["ranks_per_extra_die"]


def book_average(dice: int, top: int) -> int:
    """The book's average of `dice` dice whose highest value is `top`: half the top each, +1 per pair.

    In numbers (combat.yaml damage.average_die): each die counts (top + 1) ÷ 2, the sum rounded down.
    """
    rule = combat()["damage"]["average_die"]
    return dice * (top + rule["add_to_top"]) // rule["divide_by"]


def effect_of(values: Mapping[str, Any]) -> Mapping[str, Any]:
    """The critical effect the attack's effect dice take."""
    effects = combat()["critical_effects"]["effects"]
    if values["critical_effect"] != "by-type":
        return by_id(effects, values["critical_effect"])
    if values["damage_type"] == "none":
        return by_id(effects, "stagger")
    return by_id(effects, by_id(weapons()["damage_types"], values["damage_type"])["critical"])


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Dice, cost, the book's average and the exact distribution of damage dealt."""
    problems = Problems()
    weapon = weapon_type(values["weapon"])
    unarmed = by_id(weapons()["weapon_groups"], weapon["group"])["kind"] == "unarmed"
    if unarmed and values["damage_type"] != "none" and values["unarmed_reading"] == "weapons-only":
        problems.add("damage_type", f"An unarmed strike ({weapon['name']}) has no damage type in the book: choose "
                                    "None, or the house-rule reading that lets unarmed strikes take one")
    if values["damage_type"] == "none" and values["extra_critical_dice"]:
        problems.add("extra_critical_dice", "Extra critical dice come with a damage type; pick one first")
    problems.raise_if_any()
    damage_id, effect_id = attack_dice(values["strike"], values["weapon"], values["damage_type"])
    widen = weapon.get("critical_range", 0)
    damage_die, effect_die = die(damage_id, widen), die(effect_id, widen)
    dice = dice_for(values["skill_ranks"])
    weapon_dice = 0 if values["damage_type"] == "none" else 1 + values["extra_critical_dice"]
    effect = effect_of(values)
    chain_length = reading_number("critical-dice", values["chain_reading"], "explosion_depth",
                                  combat()["critical_effects"]["explosion_depth"])
    hit = Hit(
        damage_die=damage_die, dice=dice, strength=values["strength"], effect_die=effect_die,
        weapon_effect_dice=weapon_dice, attack_critical=values["attack_critical"], after_dr=effect["after_dr"],
        target_dr=values["target_dr"], target_soak=values["target_soak"],
        soak_each_die=values["soak_reading"] == "per-die", chain_length=chain_length,
        fumbles=values["fumble_reading"] == "fumble", tie=values["tie"], tie_round_up=values["tie_reading"] == "up",
        tie_divide_by=combat()["attack"]["tie_divide_by"],
        **_face_dice(values["face_die_reading"], damage_die, widen),
    )
    dist = dealt(hit)
    average = _average(hit)
    strike = by_id(weapons()["strikes"], values["strike"])
    return {
        "damage_die": damage_id,
        "dice": dice,
        "effect_die": effect_id,
        "critical_effect": effect["name"],
        "effect_dice": weapon_dice,
        "reflex_cost": reflex_cost(values["strike"], values["weapon"]),
        "resolves": "Quick" if strike.get("quick") else "When the attacker is next active",
        "roll": _roll_text(dice, damage_id, values["strength"], weapon_dice, effect_id, effect["name"]),
        "average_damage": average,
        "expected_damage": json_number(dist.mean()),
        "chance_no_damage": float(dist.get(0, Fraction(0))),
        "chance_critical": float(critical_chance(damage_die, dice)),
        "knockback_speed": _knockback_speed(hit, effect),
        "distribution": _chart(dist, average),
    }


def _face_dice(reading: str, damage_die: Die, widen: int) -> dict[str, Die]:
    """The dice critical faces roll as effect dice under the reading (source note critical-face-die)."""
    if reading != "same-die":
        return {}
    faces = rules.table("wbs/checks")["check"]["die_faces"]
    check_die = next(d["id"] for d in weapons()["dice"] if d["faces"] == faces and not d["modifier"])
    return {"face_die": damage_die, "attack_face_die": die(check_die, widen)}


def _rolled_average(hit: Hit) -> int:
    """The book's average damage roll before DR, halved on a tie: what both damage and knockback start from."""
    rolled = book_average(hit.dice, hit.damage_die.top) + hit.strength
    if hit.tie:
        rolled = tie_share(rolled, hit.tie_divide_by, hit.tie_round_up)
    return rolled


def _average(hit: Hit) -> int:
    rolled = _rolled_average(hit)
    dice, top = hit.weapon_effect_dice, hit.effect_die.top
    if hit.soak_each_die:
        effects = int(dice * max(Fraction(0), Fraction(top + 1, 2) - hit.target_soak))
    else:
        effects = max(0, book_average(dice, top) - hit.target_soak)
    if hit.after_dr:
        return max(0, rolled - hit.target_dr) + effects
    return max(0, rolled - max(0, hit.target_dr - effects))


def _knockback_speed(hit: Hit, effect: Mapping[str, Any]) -> int:
    """Speed of a fighter knocked back by the average roll: 1 for every so much damage rolled before DR."""
    if "damage_per_speed" not in effect:
        return 0
    return _rolled_average(hit) // effect["damage_per_speed"]


def _roll_text(dice: int, damage_id: str, strength: int, weapon_dice: int, effect_id: str, effect: str) -> str:
    text = f"{dice} × {damage_id} + {strength}"
    if weapon_dice:
        text += f", with {weapon_dice} × {effect_id} {effect}"
    return text


def _chart(dist: Chances[int], average: int) -> Distribution:
    low, high = min(dist), max(dist)
    width = max(1, -(-(high - low + 1) // CHART_ROWS))

    def band(value: int) -> str:
        start = low + (value - low) // width * width
        return str(start) if width == 1 else f"{start}–{start + width - 1}"

    grouped = dist.grouped(band)
    marked = {band(average)} if low <= average <= high else set()
    mean = dist.mean()
    caption = (f"Damage dealt after DR and Soak (mean {number(mean)}; the highlighted row holds the book's "
               f"average, {average})")
    return Distribution.of(grouped, caption=caption, outcome="Damage", highlight=marked)


CALCULATORS = (
    Calculator(
        id="wbs.damage",
        title="Attack damage",
        summary="Damage and effect dice, Reflex cost, the book's average and the exact odds of every amount of "
                "damage dealt, critical effects and Soak included.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.dice-chart-ends", "wbs.damage-dice-ranks", "wbs.average-damage-dice", "wbs.strike-skill-names"),
    ),
)
