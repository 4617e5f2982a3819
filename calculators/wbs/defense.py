"""wbs.basic_defense: the TN an attack must meet, Damage Reduction, and what an Active Defense adds and costs."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits
from ..present import listing
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output
from .combat_rules import combat, weapon_choices, weapon_type, weapons
from .damage import dice_for


def basic_defense(attributes: Mapping[str, int], awareness: int) -> int:
    """Basic Defense: the two attributes halved (rounded down), plus the base, plus Awareness ranks."""
    basic = combat()["defense"]["basic"]
    return sum(attributes[a] for a in basic["attributes"]) // basic["divide_by"] + basic["base"] + awareness


def reflex_penalty(attacker_reflex: int, reflex: int, perception: int) -> int:
    """How far Basic Defense drops when the attacker's Reflex beats the defender's Reflex plus Perception."""
    return max(0, attacker_reflex - (reflex + perception))


def _inputs() -> list[Input]:
    options = combat()["defense"]["options"]
    block_weapons = [t for g in weapons()["weapon_groups"] for t in g["types"] if "block_die" in t]
    blockers = [t["name"] for t in block_weapons]
    fighter = "Defender"
    return [
        Input("dexterity", "Dexterity", "int", default=3, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("wits", "Wits", "int", default=3, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("strength", "Strength", "int", default=3, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("constitution", "Constitution", "int", default=3, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("reflex", "Reflex", "int", default=3, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("speed", "Speed (whole hexes)", "int", default=1, minimum=0, maximum=limits.VALUES, group=fighter),
        Input("awareness", "Awareness ranks (with Focus)", "int", default=0, minimum=0, maximum=limits.VALUES,
              group="Skills"),
        Input("perception", "Perception ranks", "int", default=0, minimum=0, maximum=limits.VALUES, group="Skills"),
        Input("armour_dr", "Armour DR", "int", default=0, minimum=0, maximum=limits.VALUES, group="Skills"),
        Input("attacker_reflex", "Attacker's Reflex", "int", default=3, minimum=0, maximum=limits.VALUES,
              group="Attacker"),
        Input("defense", "Active Defense", "choice", default="none",
              choices=(Choice("none", "None (Basic Defense)"), *(Choice(o["id"], o["name"]) for o in options)),
              group="Active Defense"),
        Input("weapon", "Weapon", "choice", default="fist", choices=weapon_choices(), group="Active Defense"),
        Input("weapon_ranks", "Weapon ranks (with core)", "int", default=0, minimum=0, maximum=limits.VALUES,
              group="Active Defense"),
        Input("defense_ranks", "Parry, Block or Dodge ranks (with core)", "int", default=0, minimum=0,
              maximum=limits.VALUES,
              group="Active Defense"),
        Input("attack_skill_ranks", f"Ranks the {listing(blockers, 'or')} attack would use", "int", default=0,
              minimum=0, maximum=limits.VALUES, group="Active Defense",
              help="; ".join(f"A {t['name']} block adds a {t['block_die']} per damage die of that attack"
                             for t in block_weapons)),
        Input("moving", "Moving while dodging", "bool", default=False, group="Active Defense"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("basic_defense", "Basic Defense"),
        Output("reflex_penalty", "Lowered by the attacker's Reflex"),
        Output("tn", "TN the attack must meet"),
        Output("damage_reduction", "Damage Reduction"),
        Output("block_dice", "Block dice", "text"),
        Output("reflex_cost", "Reflex the Active Defense costs"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Basic Defense, the TN with any Active Defense, DR, and the defence's Reflex cost."""
    basic = basic_defense(values, values["awareness"])
    penalty = reflex_penalty(values["attacker_reflex"], values["reflex"], values["perception"])
    tn = basic - penalty
    dr = values[combat()["damage_reduction"]["attribute"]] + values["armour_dr"]
    block_dice = "none"
    choice = values["defense"]
    option = by_id(combat()["defense"]["options"], choice) if choice != "none" else {}
    bonus = values[option["attribute"]] // option["attribute_divide_by"] if "attribute" in option else 0
    if choice == "parry":
        tn += values["defense_ranks"] + values["weapon_ranks"]
    elif choice == "dodge":
        tn += bonus + values["defense_ranks"] + (values["speed"] if values["moving"] else 0)
    elif choice == "block":
        dr += values["weapon_ranks"] + values["defense_ranks"] + bonus
        block_die = weapon_type(values["weapon"]).get("block_die")
        if block_die:
            block_dice = f"{dice_for(values['attack_skill_ranks'])} × {block_die}"
    cost = 0 if choice == "none" else combat()["defense"]["active_reflex"] + weapon_type(values["weapon"])["reflex"]
    return {
        "basic_defense": basic,
        "reflex_penalty": penalty,
        "tn": max(0, tn),
        "damage_reduction": dr,
        "block_dice": block_dice,
        "reflex_cost": cost,
    }


CALCULATORS = (
    Calculator(
        id="wbs.basic_defense",
        title="Defence",
        summary="Basic Defense, the reflex advantage, Parry, Block or Dodge: the TN an attack must meet, Damage "
                "Reduction and the Reflex a defence costs.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.halves-in-defence",),
    ),
)
