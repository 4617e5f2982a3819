"""wbs.xp_cost: the XP to raise an attribute or a skill, with tier surcharge and mentor discount."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..readings import reading_input
from ..results import json_number
from ..spec import Calculator, Choice, Input, Output
from .readings import reading_set
from .tiers import tier, tier_name, tiers

PRICE_NOTE = "player-a-xp"
MENTOR_NOTE = "mentor-rounding"
KINDS = ("primary", "derived", "sub_skill")
KIND_LABELS = {"primary": "Primary attribute", "derived": "Derived attribute bonus",
               "sub_skill": "Sub skill or energy skill rank"}


def _mentor_cut() -> str:
    """'halves the usual price', from progression.yaml mentor.price_divide_by."""
    by = rules.table("wbs/progression")["mentor"]["price_divide_by"]
    return "halves the usual price" if by == 2 else f"divides the usual price by {by}"


def _mentor_price() -> str:
    """'a mentor's half price', from progression.yaml mentor.price_divide_by."""
    by = rules.table("wbs/progression")["mentor"]["price_divide_by"]
    return "a mentor's half price" if by == 2 else f"a mentor's price (the XP divided by {by})"


def _starts_help() -> str:
    """'Primary attributes start at 1, derived bonuses and skills at 0', from the data's starting values."""
    primary, derived, skills = start("primary"), start("derived"), start("sub_skill")
    rest = (f"derived bonuses and skills at {derived}" if derived == skills
            else f"derived bonuses at {derived} and skills at {skills}")
    return f"Primary attributes start at {primary}, {rest}"


def start(kind: str) -> int:
    """The value every attribute or skill of this kind starts at."""
    if kind == "sub_skill":
        return rules.table("wbs/skills")["sub_skills"]["start"]
    return _attributes(kind)["start"]


def _over_new_value(kind: str) -> int:
    if kind == "sub_skill":
        return rules.table("wbs/skills")["sub_skills"]["xp_cost_over_new_value"]
    return _attributes(kind)["xp_cost_over_new_value"]


def _attributes(kind: str) -> Mapping[str, Any]:
    """The primary or the derived attributes' part of wbs/attributes (`kind` is an input's value)."""
    by_kind: Mapping[str, Any] = rules.table("wbs/attributes")
    return by_kind[kind]


def step_price(kind: str, new_value: int, prices: str) -> int:
    """The usual XP for one step up to `new_value`, under the chosen price reading."""
    changed = reading_set(PRICE_NOTE, prices)
    per = changed.get(f"{kind}_per_new_value", 1)
    over = changed.get(f"{kind}_over_new_value", _over_new_value(kind))
    return per * new_value + over


def tier_limit(kind: str, tier_id: str) -> int | None:
    """The tier's cap for this kind (attributes or skill ranks); None for no cap."""
    entry = tier(tier_id)
    return entry["rank_limit"] if kind == "sub_skill" else entry["attribute_limit"]


def surcharge() -> int:
    """Extra XP for each step past the tier's limit, with the GM's leave."""
    return rules.table("wbs/tiers")["above_tier"]["xp_surcharge"]


def purchase(kind: str, from_value: int, to_value: int, tier_id: str, prices: str) -> tuple[int, int, list[int]]:
    """(usual price, surcharge, each step's full price) for raising from one value to another."""
    limit = tier_limit(kind, tier_id)
    usual = extra = 0
    steps = []
    for value in range(from_value + 1, to_value + 1):
        price = step_price(kind, value, prices)
        over = surcharge() if limit is not None and value > limit else 0
        usual += price
        extra += over
        steps.append(price + over)
    return usual, extra, steps


def mentor_price(usual: int, rounding: str) -> Fraction:
    """The usual price with a mentor's discount, rounded by the chosen reading."""
    exact_half = Fraction(usual, rules.table("wbs/progression")["mentor"]["price_divide_by"])
    if rounding == "exact":
        return exact_half
    if rounding == "up":
        return Fraction(-(-exact_half.numerator // exact_half.denominator))
    return Fraction(exact_half.numerator // exact_half.denominator)


def _tier_choices() -> tuple[Choice, ...]:
    return tuple(Choice(t["id"], tier_name(t)) for t in tiers())


def tier_input(default: str = "experienced", group: str = "Play") -> Input:
    """Choice of play tier."""
    return Input("tier", "Play tier", "choice", default=default, choices=_tier_choices(), group=group)


def _inputs() -> list[Input]:
    return [
        Input("kind", "What you raise", "choice", default="sub_skill",
              choices=tuple(Choice(k, KIND_LABELS[k]) for k in KINDS), group="Purchase"),
        Input("from_value", "From", "int", default=0, minimum=0, maximum=limits.VALUES, group="Purchase",
              help=_starts_help()),
        Input("to_value", "To", "int", default=3, minimum=0, maximum=limits.VALUES, group="Purchase"),
        tier_input(group="Circumstances"),
        Input("above_tier", "The GM allows going past the tier's limit", "bool", default=False,
              group="Circumstances", help="Each step past the limit then costs the surcharge on top"),
        Input("mentor", "Training with a mentor", "bool", default=False, group="Circumstances",
              help=f"A capable mentor {_mentor_cut()}"),
        reading_input("wbs", "xp_prices", PRICE_NOTE),
        reading_input("wbs", "mentor_rounding", MENTOR_NOTE),
    ]


def _outputs() -> list[Output]:
    return [
        Output("xp", "XP to pay", "number"),
        Output("usual_xp", "Usual price"),
        Output("surcharge_xp", "Above-tier surcharge"),
        Output("steps", "Each step (before any mentor discount)", "list"),
        Output("tier_limit", "Tier limit", "text"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The XP for one purchase."""
    kind, low, high = values["kind"], values["from_value"], values["to_value"]
    problems = Problems()
    first = start(kind)
    if low < first:
        problems.add("from_value", f"From must be at least {first} for a {KIND_LABELS[kind].lower()} (got {low})")
    if high < low:
        problems.add("to_value", f"To must be at least From ({low}): XP only raises values (got {high})")
    limit = tier_limit(kind, values["tier"])
    if limit is not None and high > limit and not values["above_tier"]:
        problems.add("to_value", f"To can be at most {limit} at this tier unless the GM allows going past it "
                                 f"(got {high})")
    problems.raise_if_any()
    usual, extra, steps = purchase(kind, low, high, values["tier"], values["xp_prices"])
    paid = mentor_price(usual, values["mentor_rounding"]) if values["mentor"] else Fraction(usual)
    return {
        "xp": json_number(paid + extra),
        "usual_xp": usual,
        "surcharge_xp": extra,
        "steps": [f"{v - 1}→{v}: {s}" for v, s in zip(range(low + 1, high + 1), steps, strict=True)],
        "tier_limit": "none" if limit is None else str(limit),
    }


CALCULATORS = (
    Calculator(
        id="wbs.xp_cost",
        title="XP cost",
        summary=lambda: "The XP to raise a primary attribute, a derived bonus or a skill rank, "
                        f"with the above-tier surcharge and {_mentor_price()}.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
