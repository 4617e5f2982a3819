"""wbs.stamina: Energy Recover, exhaustion in a fight, and the rest it takes to get Stamina back."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..readings import reading_input
from ..spec import Calculator, Input, Output


def _stamina() -> Mapping[str, Any]:
    return rules.table("wbs/stamina")


def _entry(group: str, entry_id: str) -> Mapping[str, Any]:
    return rules.by_id(_stamina()[group], entry_id)


def energy_recover(genki: int, rounding: str) -> int:
    """GenKi back from one Energy Recover: a share of the total, never below the minimum."""
    rule = _entry("spending", "energy-recover")
    share = Fraction(genki * rule["genki_percent"], 100)
    whole = -(-share.numerator // share.denominator) if rounding == "up" else share.numerator // share.denominator
    return max(rule["genki_minimum"], whole)


def _inputs() -> list[Input]:
    return [
        Input("stamina", "Stamina (full)", "int", default=6, minimum=1, maximum=limits.VALUES, group="Character"),
        Input("genki", "Total GenKi", "int", default=15, minimum=0, maximum=limits.ENERGY, group="Character"),
        Input("stamina_spent", "Stamina spent or lost so far (besides exhaustion)", "int", default=0, minimum=0,
              maximum=limits.VALUES, group="So far"),
        Input("rounds", "Rounds of combat fought", "int", default=0, minimum=0, maximum=limits.POOLS, group="So far"),
        reading_input("wbs", "recover_rounding", _entry("spending", "energy-recover")["rounding_note"]),
    ]


def _outputs() -> list[Output]:
    return [
        Output("energy_recover", "GenKi back from one Energy Recover"),
        Output("exhaustion_lost", "Stamina lost to exhaustion"),
        Output("stamina_left", "Stamina left"),
        Output("rounds_until_unconscious", "More rounds before exhaustion alone knocks you out"),
        Output("state", "Awake or out cold", "text"),
        Output("unconscious_since", "Out cold since the end of round (0: not by exhaustion)"),
        Output("rest_minutes", "Minutes of rest to be full again"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Stamina after a fight so far, and what it takes to get it back; past exhaustion, when it ran out."""
    exhaustion = _entry("losing", "exhaustion")
    every, per = exhaustion["every_rounds"], exhaustion["stamina"]
    floor = _stamina()["unconscious_at"]
    if values["stamina_spent"] > values["stamina"] - floor:
        problems = Problems()
        problems.add("stamina_spent", f"Stamina spent or lost can be at most {values['stamina'] - floor}, "
                                      f"the full Stamina (got {values['stamina_spent']})")
        problems.raise_if_any()
    before = values["stamina"] - values["stamina_spent"]  # what exhaustion found to take
    losses = values["rounds"] // every
    needed = -(-(before - floor) // per)  # exhaustion losses that empty it
    lost = min(losses * per, before - floor)
    left = before - lost
    if left > floor:
        next_rounds, state, since = needed * every - values["rounds"], "Conscious", 0
    elif needed and needed <= losses:  # exhaustion took the last point: out cold since that round ended
        since = needed * every
        ago = values["rounds"] - since
        when = "just now" if not ago else f"{ago} round{'s' if ago != 1 else ''} ago"
        next_rounds = 0
        state = f"Unconscious since the end of round {since} ({when}): {_stamina()['unconscious_summary']}"
    else:  # spent or lost before exhaustion could take it
        next_rounds, since = 0, 0
        state = f"Unconscious: {_stamina()['unconscious_summary']}"
    rest = _stamina()["recovering"]
    missing = values["stamina"] - left
    return {
        "energy_recover": energy_recover(values["genki"], values["recover_rounding"]),
        "exhaustion_lost": lost,
        "stamina_left": left,
        "rounds_until_unconscious": next_rounds,
        "state": state,
        "unconscious_since": since,
        "rest_minutes": -(-missing // rest["stamina"]) * rest["rest_minutes"],
    }


CALCULATORS = (
    Calculator(
        id="wbs.stamina",
        title="Stamina",
        summary="GenKi an Energy Recover gives back, Stamina lost to exhaustion, how many more rounds you "
                "can fight, and the rest needed to recover.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.fatigue-amount",),
    ),
)
