"""wbs.health_state: where damage taken leaves a fighter, with ShinKi lowering Health and Last Gasp."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..readings import reading_input
from ..spec import Calculator, Input, Output
from .combat_rules import combat, reading_number


def effective_health(health: int, shinki: int, durability: int) -> int:
    """Health as damage is compared with it: ShinKi taken lowers it, a spirit's Durability raises it."""
    shinki_rules = rules.table("wbs/reiki")["shinki"]
    per_rank = rules.by_id(rules.table("wbs/monsters")["spirit_skills"], "durability")["per_rank"]
    return max(0, health - shinki * shinki_rules["health_per_shinki"] + durability * per_rank)


def state(damage: int, health: int, out_extra: int | None = None,
          no_damage_reach: int | None = None) -> Mapping[str, Any] | None:
    """The highest threshold the damage has reached, or None while the fighter is fine.

    `out_extra` is the damage past Health the first threshold needs (source note out-at-health);
    `no_damage_reach` how many thresholds a fighter with no damage taken can reach, when ShinKi
    has brought Health to 0 (source note shinki-zero-health). Both default to the data's numbers.
    """
    reached = None
    for threshold, mark in zip(combat()["health"]["thresholds"], marks(health, out_extra, no_damage_reach),
                               strict=True):
        if damage >= mark:
            reached = threshold
    return reached


def marks(health: int, out_extra: int | None = None, no_damage_reach: int | None = None) -> list[int]:
    """The damage at which each threshold is reached; beyond `no_damage_reach` thresholds it takes some damage."""
    rules_ = combat()["health"]
    out_extra = rules_["out_extra_damage"] if out_extra is None else out_extra
    no_damage_reach = rules_["no_damage_thresholds"] if no_damage_reach is None else no_damage_reach
    at = [health * t["multiple"] + (out_extra if i == 0 else 0) for i, t in enumerate(rules_["thresholds"])]
    return [mark if i < no_damage_reach else max(1, mark) for i, mark in enumerate(at)]


def _inputs() -> list[Input]:
    return [
        Input("health", "Health", "int", default=6, minimum=0, maximum=limits.POOLS, group="Fighter"),
        Input("damage", "Damage taken so far", "int", default=0, minimum=0, maximum=limits.POOLS, group="Fighter"),
        Input("shinki", "ShinKi taken", "int", default=0, minimum=0, maximum=limits.POOLS, group="Fighter",
              help=_shinki_help()),
        Input("durability", "Durability (spirits)", "int", default=0, minimum=0, maximum=limits.POOLS, group="Fighter"),
        Input("stamina", "Stamina left", "int", default=6, minimum=0, maximum=limits.POOLS, group="Fighter"),
        reading_input("wbs", "out_reading", _health_rules()["out_note"]),
        reading_input("wbs", "no_damage_reading", _health_rules()["no_damage_note"]),
    ]


def _shinki_help() -> str:
    shinki = rules.table("wbs/reiki")["shinki"]
    return (f"Each point pays for {shinki['reiki_per_shinki']} ReiKi and lowers Health by "
            f"{shinki['health_per_shinki']} until a long rest")


def _outputs() -> list[Output]:
    return [
        Output("effective_health", "Health against damage"),
        Output("state", "State", "text"),
        Output("thresholds", "Thresholds (damage)", "list"),
        Output("to_next", "Damage to the next threshold"),
        Output("last_gasp", "What Stamina buys now", "text"),
        Output("rounds_of_last_gasp", "Rounds Stamina can pay for"),
        Output("reiki_covered", "ReiKi the ShinKi paid for"),
    ]


def _health_rules() -> Mapping[str, Any]:
    return combat()["health"]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Thresholds, the fighter's state, and what Last Gasp costs."""
    rules_ = _health_rules()
    health = effective_health(values["health"], values["shinki"], values["durability"])
    thresholds = rules_["thresholds"]
    out_extra = reading_number(rules_["out_note"], values["out_reading"], "out_extra_damage",
                               rules_["out_extra_damage"])
    no_damage = reading_number(rules_["no_damage_note"], values["no_damage_reading"], "no_damage_thresholds",
                               rules_["no_damage_thresholds"])
    at = marks(health, out_extra, no_damage)
    reached = state(values["damage"], health, out_extra, no_damage)
    upcoming = [m for m in at if m > values["damage"]]
    stamina_rules = rules.table("wbs/stamina")
    gasp = rules.by_id(stamina_rules["spending"], "last-gasp")["stamina"]
    no_stamina = values["stamina"] <= stamina_rules["unconscious_at"]
    rounds = values["stamina"] // gasp
    dying = reached is not None and reached["id"] == thresholds[-1]["id"]
    told = "" if reached is None else f"{reached['name']}: {reached['summary']}"  # the threshold reached
    awake_threshold = reached is not None and reached["id"] == thresholds[0]["id"]
    if reached is None and not no_stamina:
        shown, last_gasp, rounds = "Fighting", "none needed", 0
    elif dying:
        shown, last_gasp, rounds = told, "no amount will do", 0
    elif no_stamina:
        where = ("" if reached is None else f" (and {reached['name'].lower()})" if awake_threshold
                 else " (from the damage too)")
        shown = f"Unconscious{where}: {stamina_rules['unconscious_summary']}"
        last_gasp, rounds = "not enough Stamina left", 0
    elif awake_threshold:
        shown = told
        last_gasp = f"{gasp} Stamina at the start of each round to act (Last Gasp)"
    else:
        shown = told
        last_gasp = (f"{gasp} Stamina each round to stay conscious, not to act "
                     "(Last Gasp is only for a fighter not yet unconscious)")
    return {
        "effective_health": health,
        "state": shown,
        "thresholds": [f"{t['name']} at {m}" for t, m in zip(thresholds, at, strict=True)],
        "to_next": (upcoming[0] - values["damage"]) if upcoming else 0,
        "last_gasp": last_gasp,
        "rounds_of_last_gasp": rounds,
        "reiki_covered": values["shinki"] * rules.table("wbs/reiki")["shinki"]["reiki_per_shinki"],
    }


CALCULATORS = (
    Calculator(
        id="wbs.health_state",
        title="Health thresholds",
        summary="Out of the fight, unconscious or dying: where the damage taken leaves a fighter, with ShinKi and "
                "Durability moving Health, and what Last Gasp costs.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.stay-conscious-cost",),
    ),
)
