"""wbs.energy: GenKi and ReiKi pools, Core GenKi and its range, and the boosted EV."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..readings import reading_input
from ..rules import by_id
from ..spec import Calculator, Choice, Input, Output
from .attributes import attribute_inputs, group_attributes


def _energy() -> Mapping[str, Any]:
    return rules.table("wbs/energy")


def _inputs() -> list[Input]:
    sparks = rules.table("wbs/sparks")["sparks"]
    spark = Input("spark", "Spark", "choice", default=sparks[0]["id"],
                  choices=tuple(Choice(s["id"], s["name"]) for s in sparks), group="Spark")
    skills = [
        Input(skill["id"], skill["name"], "int", default=0, minimum=0, maximum=limits.RANKS,
              group=f"{pool['name']} skills", help=f"Per rank: {skill['per_rank']}. {skill['summary']}")
        for pool in _energy()["pools"]
        for skill in _energy()["skills"][pool["skills"]]
    ]
    spent = Input("spent_genki", "GenKi already spent", "int", default=0, minimum=0, maximum=limits.ENERGY,
                  group="In play", help="Core GenKi falls to match the GenKi you have left")
    readings = [
        reading_input("wbs", "reiki_reading", rules.table("wbs/sparks")["sparks"][0]["reiki_multiplier_note"]),
        reading_input("wbs", "core_rounding", _energy()["core_genki"]["rounding_note"]),
    ]
    return [*attribute_inputs(), spark, *skills, spent, *readings]


def _outputs() -> list[Output]:
    return [
        Output("genki", "GenKi"),
        Output("reiki", "ReiKi"),
        Output("core_genki", "Core GenKi"),
        Output("core_genki_min", "Core GenKi can go down to"),
        Output("core_genki_max", "Core GenKi can go up to"),
        Output("core_after_round", "Core GenKi after the next End of Round", "text"),
        Output("boosted_ev", "Highest EV"),
        Output("ev_choices", "EV you may use", "list"),
        Output("genki_multiplier", "GenKi multiplier"),
        Output("reiki_multiplier", "ReiKi multiplier"),
    ]


def pool_total(pool_id: str, values: Mapping[str, Any], multiplier: int) -> int:
    """A pool: its attribute group plus its skill ranks, times the Spark's multiplier."""
    pool = by_id(_energy()["pools"], pool_id)
    ranks = sum(values[s["id"]] for s in _energy()["skills"][pool["skills"]])
    return (sum(values[a] for a in group_attributes(pool["attribute_group"])) + ranks) * multiplier


def core_genki(genki: int, rounding: str) -> int:
    """Core GenKi: a fixed share of total GenKi, odd totals rounded by the chosen reading."""
    half = Fraction(genki, _energy()["core_genki"]["divide_by"])
    return -(-half.numerator // half.denominator) if rounding == "up" else half.numerator // half.denominator


def boosted_ev(core: int) -> int:
    """The highest EV Core GenKi allows: one per full or part step of Core, never below the EV anyone has."""
    ev = _energy()["enhancement_value"]
    return max(ev["always_allowed"], -(-core // ev["core_genki_per_ev"]))


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Both pools, Core GenKi with its Peak and Damper range, and the EV it allows."""
    spark = by_id(rules.table("wbs/sparks")["sparks"], values["spark"])
    genki_multiplier = spark["genki_multiplier"]
    reiki_multiplier = spark["reiki_multiplier"]
    if spark.get("reiki_multiplier_note"):
        option = rules.reading_option("wbs", spark["reiki_multiplier_note"], values["reiki_reading"])
        reiki_multiplier = option.get("set", {}).get("reiki_multiplier", reiki_multiplier)
    genki = pool_total("genki", values, genki_multiplier)
    reiki = pool_total("reiki", values, reiki_multiplier)
    core_rules = _energy()["core_genki"]
    remaining = max(0, genki - values["spent_genki"])
    core = min(core_genki(genki, values["core_rounding"]), remaining)
    core_min = max(0, core - core_rules["damper_per_rank"] * values["damper"])
    core_max = min(remaining, core + core_rules["peak_per_rank"] * values["peak"])
    top = boosted_ev(core)
    shift = core_rules["end_of_round_shift"] if values["peak"] or values["damper"] else 0
    low, high = max(core_min, core - shift), min(core_max, core + shift)
    after_round = (f"{low} to {high}" if low < high else f"{core} (no Peak or Damper to move it)" if not shift
                   else f"{core} (no room to move inside the Peak and Damper range)")
    always = _energy()["enhancement_value"]["always_allowed"]
    choices = sorted({always, top})
    return {
        "genki": genki,
        "reiki": reiki,
        "core_genki": core,
        "core_genki_min": core_min,
        "core_genki_max": core_max,
        "core_after_round": after_round,
        "boosted_ev": top,
        "ev_choices": choices,
        "genki_multiplier": genki_multiplier,
        "reiki_multiplier": reiki_multiplier,
    }


CALCULATORS = (
    Calculator(
        id="wbs.energy",
        title="Energy pools",
        summary="GenKi and ReiKi from attributes, energy skills and Spark; "
                "Core GenKi, the range Peak and Damper allow, and the EV it opens.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
