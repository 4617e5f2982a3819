"""wbs.spirit_energy: a monster's single energy pool (JaKi, SeiKi or YoKi), its Core range and spirit skills.

>>> goblin = {"strength": 2, "constitution": 3, "dexterity": 4, "smarts": 2, "charisma": 4, "wits": 3}
>>> pool = spirit_pool(goblin, {"efficiency": 1, "barrier": 3, "damper": 3}, "jaki", "experienced", "down")
>>> pool.energy, pool.core, pool.core_min, pool.core_max
(50, 25, 10, 25)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import limits, rules
from ..present import count_word
from ..readings import reading_input
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output
from . import tiers
from .attributes import attribute_inputs, group_attributes, primary_attributes
from .energy import boosted_ev, core_genki


def monsters() -> Mapping[str, Any]:
    """rules_data/wbs/monsters.yaml."""
    return rules.table("wbs/monsters")


def tier_number(tier_id: str) -> int:
    """A tier's number as tiers.yaml gives it, for rules that count per tier (Mythic's "4+" counts 4)."""
    return int(tiers.tier(tier_id)["number"].rstrip("+"))


def _energy_skill(skill_id: str) -> Mapping[str, Any]:
    skills = rules.table("wbs/energy")["skills"]
    return by_id([s for pool in skills.values() for s in pool], skill_id)


def per_rank(skill_id: str) -> int:
    """What one rank of a spirit skill is worth (its own value, or the energy skill it copies)."""
    skill = by_id(monsters()["spirit_skills"], skill_id)
    if "same_as" in skill:
        return _energy_skill(skill["same_as"])["per_rank"]
    return skill["per_rank"]


@dataclass(frozen=True, slots=True)
class SpiritPool:
    """A monster's energy and what its spirit skills give it."""

    energy: int
    core: int
    core_min: int
    core_max: int
    multiplier: int
    soak: int
    extra_health: int
    energy_per_stamina: int
    stamina_per_upkeep: int

    @property
    def ev_range(self) -> tuple[int, int]:
        """The highest EV at the bottom and at the top of the Core range."""
        return boosted_ev(self.core_min), boosted_ev(self.core_max)


def spirit_pool(attributes: Mapping[str, int], skills: Mapping[str, int], spark_id: str, tier_id: str,
                rounding: str) -> SpiritPool:
    """The pool of a monster with these attributes, spirit skill ranks, Spark and tier."""
    data = monsters()
    spark = by_id(data["sparks"], spark_id)
    groups = [a for g in data["energy"]["attribute_groups"] for a in group_attributes(g)]
    energy = (sum(attributes[a] for a in groups) + sum(skills.values())) * spark["multiplier"]
    core = core_genki(energy, rounding)
    tier = tier_number(tier_id)
    return SpiritPool(
        energy=energy,
        core=core,
        core_min=max(0, core - per_rank("damper") * skills.get("damper", 0)),
        core_max=min(energy, core + per_rank("peak") * skills.get("peak", 0)),
        multiplier=spark["multiplier"],
        soak=per_rank("barrier") * skills.get("barrier", 0),
        extra_health=per_rank("durability") * skills.get("durability", 0),
        energy_per_stamina=data["energy"]["stamina_pays_per_tier"] * tier,
        stamina_per_upkeep=spark["upkeep_stamina_per_tier"] * tier,
    )


def _inputs() -> list[Input]:
    data = monsters()
    spark = Input("spark", "Spark", "choice", default=data["sparks"][0]["id"],
                  choices=tuple(Choice(s["id"], f"{s['name']} (× {s['multiplier']})") for s in data["sparks"]),
                  group="Spark")
    tier = Input("tier", "Tier", "choice", default=tiers.choices()[0].value, choices=tiers.choices(), group="Spark")
    skills = [Input(s["id"], s["name"], "int", default=0, minimum=0, maximum=limits.RANKS, group="Spirit skills",
                    help=s["summary"]) for s in data["spirit_skills"]]
    note = rules.table("wbs/energy")["core_genki"]["rounding_note"]
    return [*attribute_inputs(), spark, tier, *skills, reading_input("wbs", "core_rounding", note)]


def _outputs() -> list[Output]:
    return [
        Output("energy", "Energy"),
        Output("core_energy", "Core energy"),
        Output("core_min", "Core can sink to"),
        Output("core_max", "Core can rise to"),
        Output("ev_low", "Highest EV at the lowest Core"),
        Output("ev_high", "Highest EV at the highest Core"),
        Output("soak", "Soak from Barrier"),
        Output("extra_health", "Extra Health from Durability"),
        Output("energy_per_stamina", "Energy one Stamina pays for"),
        Output("stamina_per_upkeep", "Stamina regained each upkeep"),
        Output("multiplier", "Multiplier"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Energy, Core and its range, and the spirit skills' Soak and Health."""
    attributes = {a: values[a] for a in ("strength", "constitution", "dexterity", "smarts", "charisma", "wits")}
    skills = {s["id"]: values[s["id"]] for s in monsters()["spirit_skills"]}
    pool = spirit_pool(attributes, skills, values["spark"], values["tier"], values["core_rounding"])
    low, high = pool.ev_range
    return {
        "energy": pool.energy,
        "core_energy": pool.core,
        "core_min": pool.core_min,
        "core_max": pool.core_max,
        "ev_low": low,
        "ev_high": high,
        "soak": pool.soak,
        "extra_health": pool.extra_health,
        "energy_per_stamina": pool.energy_per_stamina,
        "stamina_per_upkeep": pool.stamina_per_upkeep,
        "multiplier": pool.multiplier,
    }


CALCULATORS = (
    Calculator(
        id="wbs.spirit_energy",
        title="Monster energy",
        summary=lambda: f"A monster's JaKi, SeiKi or YoKi pool from its {count_word(len(primary_attributes()))} "
                        "attributes and spirit skills: Core range, EV, Soak from Barrier and Health from Durability.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
