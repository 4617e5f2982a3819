"""wbs.skill_check: exact odds of a skill check with Wild Action, Kiai, EV and All In."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..chances import Chances
from ..errors import Problems
from ..present import count_word
from ..readings import reading_input
from ..results import Cell, Distribution, Row, Table
from ..spec import Calculator, Choice, Input, Output
from . import check_dice as dice
from .tiers import tier, tier_name

WILD_NOTE = "wild-action-steps"
ALL_IN_NOTE = "all-in-timing"
CRIT_NOTE = "critical-extra-die"


def all_in_rule() -> Mapping[str, Any]:
    """All In from stamina.yaml."""
    return rules.by_id(rules.table("wbs/stamina")["spending"], "all-in")


def kiai_most() -> int:
    """The most Kiai dice a shout can have: its own dice, and one more per rank at the highest rank limit."""
    checks = rules.table("wbs/checks")
    skill = rules.by_id(rules.table("wbs/energy")["skills"]["genki"], "kiai")
    top_rank = max(t["rank_limit"] for t in rules.table("wbs/tiers")["tiers"] if t["rank_limit"] is not None)
    return checks["kiai"]["dice"] + skill["per_rank"] * top_rank


def _wild_help() -> str:
    trades = sorted(rules.table("wbs/checks")["wild_action"]["trades"], key=lambda t: t["dice"])
    prices = ", ".join(f"{t['modifier_cost']} for {count_word(t['dice'])}" for t in trades)
    return f"More d{dice.faces()} bought with modifier: {prices}"


def _kiai_help() -> str:
    kiai = rules.table("wbs/checks")["kiai"]
    skill = rules.by_id(rules.table("wbs/energy")["skills"]["genki"], "kiai")
    more = "one more" if skill["per_rank"] == 1 else f"{skill['per_rank']} more"
    return (f"{kiai['dice']} for a Kiai; each rank of the Kiai skill allows {more}; "
            f"{kiai['energy_per_die']} Energy each")


def dice_inputs(group: str = "Options") -> list[Input]:
    """Wild Action, Kiai and EV: the options any check may add."""
    return [
        Input("wild_actions", "Wild Action dice", "int", default=0, minimum=0, maximum=limits.WILD_ACTIONS, group=group,
              help=_wild_help()),
        Input("kiai", "Kiai dice", "int", default=0, minimum=0, maximum=kiai_most(), group=group,
              help=_kiai_help()),
        Input("ev", "Enhancement Value", "int", default=0, minimum=0, maximum=limits.RANKS, group=group,
              help="Only on checks with a physical attribute; costs as much Energy"),
    ]


def _inputs() -> list[Input]:
    return [
        Input("modifier", "Skill modifier", "int", default=10, minimum=limits.MODIFIER_MIN, maximum=limits.VALUES,
              group="Check",
              help="Two sub skills + their core ranks + an attribute"),
        Input("tn", "Target Number", "int", default=15, minimum=0, maximum=limits.VALUES, group="Check"),
        *dice_inputs(),
        Input("challenge_tier", "Tier of the challenge (for the TN ladder)", "choice", default=_tn_tiers()[0].value,
              choices=_tn_tiers(), group="Check"),
        Input("all_in", "All In (Stamina spent)", "int", default=0, minimum=0, maximum=limits.ALL_IN, group="Options",
              help=f"Each Stamina spent makes up to {count_word(all_in_rule()['dice'])} dice count as {dice.faces()}"),
        reading_input("wbs", "wild_steps", WILD_NOTE),
        reading_input("wbs", "all_in_timing", ALL_IN_NOTE),
        reading_input("wbs", "criticals", CRIT_NOTE),
    ]


def _outputs() -> list[Output]:
    return [
        Output("success_chance", "Chance to meet the TN", "percent"),
        Output("passive_success", "Passive success (skip the roll)", "text"),
        Output("expected_total", "Average total", "number"),
        Output("dice", "Roll", "text"),
        Output("lowest_total", "Lowest total"),
        Output("highest_total", "Highest total"),
        Output("energy_cost", "Energy spent"),
        Output("stamina_cost", "Stamina spent"),
        Output("critical_chance", "Chance of at least one critical", "percent"),
        Output("chart", "Totals", "chart"),
        Output("tn_ladder", "Chance against each TN of the challenge's tier", "table"),
    ]


def _tn_tiers() -> tuple[Choice, ...]:
    return tuple(Choice(tier_id, tier_name(tier(tier_id))) for tier_id in rules.table("wbs/target_numbers")["tiers"])


def tn_ladder(totals: Chances[int], tier_id: str) -> Table:
    """Chance to reach each difficulty's TN at one tier: what a success threshold needs."""
    rows = []
    for difficulty in rules.table("wbs/target_numbers")["difficulties"]:
        tn = difficulty["tn"][tier_id]
        chance = totals.at_least(tn)
        rows.append(Row(difficulty["name"], (Cell(tn, "number"), Cell(float(chance), "percent"))))
    return Table("Reaching each Target Number", ("Difficulty", "TN", "Chance"), tuple(rows), style="tn-ladder")


def check_problems(values: Mapping[str, Any], problems: Problems) -> int:
    """Record a Wild Action the modifier cannot pay for; return the modifier once EV is added."""
    boosted = values["modifier"] + values["ev"]
    wild = values["wild_actions"]
    if wild and not dice.wild_allowed(boosted, wild, values["wild_steps"]):
        most = dice.wild_most(boosted, values["wild_steps"], limits.WILD_ACTIONS)
        problems.add("wild_actions", f"Wild Action dice can be at most {most} with a modifier of {boosted}: "
                                     f"some modifier must be left before each trade (got {wild})")
    return boosted


def dice_count(values: Mapping[str, Any]) -> int:
    """Dice a check rolls: the check's own, Wild Action dice and Kiai dice."""
    return rules.table("wbs/checks")["check"]["base_dice"] + values["wild_actions"] + values["kiai"]


def roll(values: Mapping[str, Any], boosted: int, all_in: int = 0) -> tuple[Chances[int], int, int]:
    """(distribution of totals, dice rolled, modifier after Wild Action) for a checked set of inputs."""
    count = dice_count(values)
    left = boosted - sum(dice.wild_cost(values["wild_actions"], values["wild_steps"]))
    maximised = all_in * all_in_rule()["dice"]
    after = values.get("all_in_timing", "before-roll") == "after-roll"
    extra = values.get("criticals", "perk-only") == "extra-die"
    totals = dice.check_total(count, maximised, after, extra, left)
    rolled = count if after else count - min(maximised, count)
    return Chances(sorted(totals.items())), rolled, left


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Chance of success, the spread of totals, and what the check costs."""
    problems = Problems()
    boosted = check_problems(values, problems)
    problems.raise_if_any()
    totals, rolled, left = roll(values, boosted, values["all_in"])
    count = dice_count(values)
    tn = values["tn"]
    success = sum((p for t, p in totals.items() if t >= tn), Fraction(0))
    mean = sum((t * p for t, p in totals.items()), Fraction(0))
    energy = (values["kiai"] * rules.table("wbs/checks")["kiai"]["energy_per_die"]
              + values["ev"] * rules.table("wbs/checks")["enhancement_value"]["energy_per_point"])
    sign = "+" if left >= 0 else "−"
    return {
        "success_chance": float(success),
        "passive_success": "yes" if boosted >= tn else "no",
        "expected_total": float(mean),
        "dice": f"{count}D6 {sign} {abs(left)}",
        "lowest_total": min(totals),
        "highest_total": max(totals),
        "energy_cost": energy,
        "stamina_cost": values["all_in"] * all_in_rule()["stamina"],
        "critical_chance": float(dice.critical_chance(rolled)),
        "chart": Distribution.of(totals, caption=f"Chance of each total (highlighted: {tn} or more)",
                              outcome="Total", highlight={t for t in totals if t >= tn}),
        "tn_ladder": tn_ladder(totals, values["challenge_tier"]),
    }


CALCULATORS = (
    Calculator(
        id="wbs.skill_check",
        title="Skill check odds",
        summary=lambda: (f"The exact chance that {rules.table('wbs/checks')['check']['base_dice']}d{dice.faces()} "
                         "plus your modifier meets a TN, with Wild Action, Kiai, EV and All In. "
                         f"A {rules.table('wbs/checks')['fumble']['face']} fumbles and adds nothing."),
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
