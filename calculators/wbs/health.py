"""wbs.health_state: where damage taken leaves a fighter, with ShinKi lowering Health and Last Gasp."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..spec import Calculator, Input, Output
from .combat_rules import combat

BIG = 9999


def effective_health(health: int, shinki: int, durability: int) -> int:
    """Health as damage is compared with it: ShinKi taken lowers it, a spirit's Durability raises it."""
    shinki_rules = rules.table("wbs/reiki")["shinki"]
    per_rank = next(s for s in rules.table("wbs/monsters")["spirit_skills"] if s["id"] == "durability")["per_rank"]
    return max(0, health - shinki * shinki_rules["health_per_shinki"] + durability * per_rank)


def state(damage: int, health: int) -> Mapping[str, Any] | None:
    """The highest threshold the damage has reached, or None while the fighter is fine."""
    reached = None
    for threshold in combat()["health"]["thresholds"]:
        if damage >= health * threshold["multiple"]:
            reached = threshold
    return reached


def _inputs() -> list[Input]:
    return [
        Input("health", "Health", "int", default=6, minimum=0, maximum=BIG, group="Fighter"),
        Input("damage", "Damage taken so far", "int", default=0, minimum=0, maximum=BIG, group="Fighter"),
        Input("shinki", "ShinKi taken", "int", default=0, minimum=0, maximum=BIG, group="Fighter",
              help="Each point paid for ReiKi lowers Health by 1 until a long rest"),
        Input("durability", "Durability (spirits)", "int", default=0, minimum=0, maximum=BIG, group="Fighter"),
        Input("stamina", "Stamina left", "int", default=6, minimum=0, maximum=BIG, group="Fighter"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("effective_health", "Health against damage"),
        Output("state", "State", "text"),
        Output("thresholds", "Thresholds (damage)", "list"),
        Output("to_next", "Damage to the next threshold"),
        Output("last_gasp", "Stamina to keep acting this round", "text"),
        Output("rounds_of_last_gasp", "Rounds Stamina can pay for"),
        Output("reiki_covered", "ReiKi the ShinKi paid for"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Thresholds, the fighter's state, and what Last Gasp costs."""
    health = effective_health(values["health"], values["shinki"], values["durability"])
    thresholds = combat()["health"]["thresholds"]
    marks = [health * t["multiple"] for t in thresholds]
    reached = state(values["damage"], health)
    upcoming = [m for m in marks if m > values["damage"]]
    gasp = next(s for s in rules.table("wbs/stamina")["spending"] if s["id"] == "last-gasp")["stamina"]
    if reached is None:
        shown, last_gasp = "Fighting", "none needed"
    else:
        shown = f"{reached['name']}: {reached['summary']}"
        if reached["id"] == thresholds[-1]["id"]:
            last_gasp = "no amount will do"
        elif values["stamina"] >= gasp:
            last_gasp = f"{gasp} Stamina at the start of each round"
        else:
            last_gasp = "not enough Stamina left"
    return {
        "effective_health": health,
        "state": shown,
        "thresholds": [f"{t['name']} at {m}" for t, m in zip(thresholds, marks, strict=True)],
        "to_next": (upcoming[0] - values["damage"]) if upcoming else 0,
        "last_gasp": last_gasp,
        "rounds_of_last_gasp": 0 if reached is None or not gasp else values["stamina"] // gasp,
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
    ),
)
