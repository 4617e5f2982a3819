"""A bestiary creature's stat block, worked out from what it bought, with the point-buy audit.

The creature files (rules_data/wbs/bestiary/*.yaml) hold only what is bought: attributes,
derived bonuses, skill ranks, spirit skills. Everything else is computed here with the same
functions the calculators use, so a stat block can never disagree with the rules.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rules
from ..errors import CreatureError
from ..results import json_number
from ..rules import by_id
from .attributes import derived_attributes, derived_base, primary_attributes
from .combat_rules import combat, default_reading
from .damage import attack_dice, book_average, dice_for, reflex_cost
from .energy import boosted_ev
from .health import marks
from .spirit_energy import spirit_pool
from .ticks import phase_names, phase_ticks
from .tiers import tiers


@dataclass(frozen=True, slots=True)
class AuditLine:
    """One line of the point-buy audit: the book's figure against the rules' count."""

    part: str
    book: int | None
    computed: int

    @property
    def agrees(self) -> bool | None:
        """Whether the book's figure is the rules' count (None when the book gives none)."""
        return None if self.book is None else self.book == self.computed


def _step_sum(start: int, value: int, over: int) -> int:
    """XP to raise something from `start` to `value` when each step costs its new value + `over`."""
    return sum(v + over for v in range(start + 1, value + 1))


def _reading(note_id: str) -> str:
    return default_reading(note_id)


def skill_index() -> dict[str, dict[str, Any]]:
    """Core skill id → its sub skill ids, from skills.yaml."""
    index = {}
    for category in rules.table("wbs/skills")["categories"]:
        for group in category["groups"]:
            for core in group["core_skills"]:
                index[core["id"]] = {"name": core["name"], "subs": {s["id"]: s["name"] for s in core["sub_skills"]}}
    return index


def _skill_groups(creature: Mapping[str, Any]) -> list[dict[str, Any]]:
    index = skill_index()
    per_core = rules.table("wbs/skills")["core_skills"]["sub_ranks_per_core_rank"]
    groups = []
    for entry in creature.get("skills", []):
        options = [entry, *([entry["alternative"]] if "alternative" in entry else [])]
        shown = []
        for option in options:
            core = index.get(option["core"])
            if core is None:
                raise CreatureError(f"no core skill '{option['core']}' in rules_data/wbs/skills.yaml")
            for sub in option["ranks"]:
                if sub not in core["subs"]:
                    raise CreatureError(f"'{sub}' is not a sub skill of {core['name']}")
            shown.append({
                "core": option["core"],
                "name": core["name"],
                "rank": sum(option["ranks"].values()) // per_core,
                "subs": [{"id": s, "name": core["subs"][s], "rank": r} for s, r in option["ranks"].items()],
            })
        groups.append({"options": shown, "choice": entry.get("choice", "")})
    return groups


def _sub_rank(groups: list[dict[str, Any]], sub_id: str) -> int:
    """A sub skill's rank plus its core skill's rank (the first option where the book offers two)."""
    for group in groups:
        option = group["options"][0]
        sub = by_id(option["subs"], sub_id, None)
        if sub is not None:
            return sub["rank"] + option["rank"]
    return 0


def audit(creature: Mapping[str, Any]) -> list[AuditLine]:
    """The book's (or the design's) point totals against the totals the XP rules give for what was bought."""
    attrs = rules.table("wbs/attributes")
    primary = sum(_step_sum(attrs["primary"]["start"], creature["attributes"][a["id"]],
                            attrs["primary"]["xp_cost_over_new_value"]) for a in primary_attributes())
    derived = sum(_step_sum(attrs["derived"]["start"], creature["derived_bought"][d["id"]],
                            attrs["derived"]["xp_cost_over_new_value"]) for d in derived_attributes())
    subs = rules.table("wbs/skills")["sub_skills"]
    ranks = [r for entry in creature.get("skills", []) for r in entry["ranks"].values()]
    ranks += list(creature.get("spirit_skills", {}).values())
    skills = sum(_step_sum(subs["start"], r, subs["xp_cost_over_new_value"]) for r in ranks)
    # The book's own creatures are audited against its printed totals; a site example against the
    # totals it was designed to (`design_points`).
    book = creature.get("book_points") or creature.get("design_points", {})
    return [
        AuditLine("Primary attributes", book.get("primary"), primary),
        AuditLine("Derived attributes", book.get("derived"), derived),
        AuditLine("Skills and spirit skills", book.get("skills"), skills),
        AuditLine("Total", book.get("total"), primary + derived + skills),
    ]


def stat_block(creature: Mapping[str, Any]) -> dict[str, Any]:
    """Everything a stat block shows, computed from the creature's file."""
    tier = by_id(tiers(), creature["tier"], None)
    if tier is None:
        raise CreatureError(f"no tier '{creature['tier']}' in rules_data/wbs/tiers.yaml")
    spark = by_id(rules.table("wbs/monsters")["sparks"], creature["spark"], None)
    if spark is None:
        raise CreatureError(f"no monster Spark '{creature['spark']}' in rules_data/wbs/monsters.yaml")
    spirit = creature.get("spirit_skills", {})
    known = {s["id"] for s in rules.table("wbs/monsters")["spirit_skills"]}
    for skill in spirit:
        if skill not in known:
            raise CreatureError(f"no spirit skill '{skill}' in rules_data/wbs/monsters.yaml")
    attributes = creature["attributes"]
    pool = spirit_pool(attributes, spirit, creature["spark"], creature["tier"],
                       _reading(rules.table("wbs/energy")["core_genki"]["rounding_note"]))
    derived = {}
    for spec in derived_attributes():
        derived[spec["id"]] = derived_base(spec, attributes) + creature["derived_bought"][spec["id"]]
    health = derived["health"] + pool.extra_health
    groups = _skill_groups(creature)
    basic = combat()["defense"]["basic"]
    defence = (sum(attributes[a] for a in basic["attributes"]) // basic["divide_by"] + basic["base"]
               + _sub_rank(groups, "awareness"))
    dr = attributes[combat()["damage_reduction"]["attribute"]]
    ev_now = boosted_ev(pool.core)
    reflex = int(derived["reflex"])
    ticks = phase_ticks(reflex, tier["phases"], _reading("phases-higher-tiers"))
    thresholds = [{"name": t["name"], "at": at} for t, at in zip(combat()["health"]["thresholds"], marks(health),
                                                                    strict=True)]
    attacks = [_attack(a, groups, attributes) for a in creature.get("attacks", [])]
    lines = audit(creature)
    listed = creature.get("book_lists", {})
    computed_values = {"health": health, "stamina": derived["stamina"], "reflex": derived["reflex"],
                       "speed": derived["speed"], "energy": pool.energy, "core_min": pool.core_min,
                       "core_max": pool.core_max, "soak": pool.soak, "damage_reduction": dr}
    return {
        "tier": tier,
        "spark": spark,
        "attributes": [{"name": a["name"], "abbreviation": a["abbreviation"], "value": attributes[a["id"]]}
                       for a in primary_attributes()],
        "derived": [{"name": d["name"], "value": json_number(health if d["id"] == "health" else derived[d["id"]])}
                    for d in derived_attributes()],
        "pool": pool,
        "ev_now": ev_now,
        "ev_range": pool.ev_range,
        "damage_reduction": dr,
        "damage_reduction_at_ev": dr + ev_now,
        "basic_defense": defence,
        "ticks": list(zip(phase_names(tier["phases"]), ticks, strict=True)),
        "thresholds": thresholds,
        "skills": groups,
        "spirit_skills": [{"name": by_id(rules.table("wbs/monsters")["spirit_skills"], s)["name"], "rank": r}
                          for s, r in spirit.items()],
        "attacks": attacks,
        "audit": lines,
        "points": lines[-1].computed,
        "listed": [{"what": k, "book": v, "computed": json_number(computed_values[k])} for k, v in listed.items()],
    }


def _attack(attack: Mapping[str, Any], groups: list[dict[str, Any]], attributes: Mapping[str, int]) -> dict[str, Any]:
    try:
        damage_id, effect_id = attack_dice(attack["strike"], attack["weapon"], attack["damage_type"])
        cost = reflex_cost(attack["strike"], attack["weapon"])
    except (LookupError, ValueError) as exc:
        raise CreatureError(f"attack '{attack['name']}': {exc}") from None
    ranks = sum(_sub_rank(groups, s) for s in attack["skills"])
    dice = dice_for(ranks)
    top = rules.by_id(rules.table("wbs/weapons")["dice"], damage_id)
    average = book_average(dice, top["faces"] + top["modifier"]) + attributes["strength"]
    return {"name": attack["name"], "dice": dice, "die": damage_id, "strength": attributes["strength"],
            "effect_die": effect_id if attack["damage_type"] != "none" else "", "reflex": cost,
            "ranks": ranks, "average": average}


def fighter_row(creature: Mapping[str, Any]) -> dict[str, Any]:
    """The creature as one combatant of the combat tracker: exactly the numbers its stat block shows.

    Health is the creature's own, Durability apart (the tracker adds it back when damage is compared,
    so the Health it compares is the stat block's); Core and its range, Efficiency and Concentration
    are the spirit skills' and the pool's.
    """
    attributes = creature["attributes"]
    spirit = creature.get("spirit_skills", {})
    pool = spirit_pool(attributes, spirit, creature["spark"], creature["tier"],
                       _reading(rules.table("wbs/energy")["core_genki"]["rounding_note"]))
    derived = {spec["id"]: derived_base(spec, attributes) + creature["derived_bought"][spec["id"]]
               for spec in derived_attributes()}
    reflex = by_id(derived_attributes(), "reflex")
    return {
        "name": creature["name"], "reflex": int(derived["reflex"]),
        "reflex_half": sum(attributes[a] for a in reflex["from"]) % reflex["divide_by"] != 0,
        "health": int(derived["health"]), "durability": spirit.get("durability", 0),
        "stamina": int(derived["stamina"]), "stamina_full": int(derived["stamina"]),
        "energy": pool.energy, "monster": True, "spark": creature["spark"], "tier": creature["tier"],
        "efficiency": spirit.get("efficiency", 0), "core": pool.core, "core_low": pool.core_min,
        "core_high": pool.core_max, "concentration": spirit.get("concentration", 0),
        "aura": spirit.get("aura", 0), "energy_full": pool.energy,
    }


def summary_row(creature: Mapping[str, Any]) -> dict[str, Any]:
    """The few numbers the bestiary index shows for a creature (cheap: no stat block)."""
    pool = spirit_pool(creature["attributes"], creature.get("spirit_skills", {}), creature["spark"],
                       creature["tier"], _reading(rules.table("wbs/energy")["core_genki"]["rounding_note"]))
    return {"energy": pool.energy, "core": pool.core, "points": audit(creature)[-1].computed,
            "book_points": creature.get("book_points", {}).get("total")}
