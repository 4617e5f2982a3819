"""wbs.skill_clock: how long an extended check (a skill clock) takes, exactly."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from .. import limits, rules
from ..chances import Chances
from ..errors import Problems
from ..present import percent
from ..readings import reading_input
from ..results import Distribution
from ..spec import Calculator, Input, Output
from . import skill_check

CHART_CHECKS = 40
TAIL = Fraction(1, 1000)


def clock() -> Mapping[str, Any]:
    """The skill clock rules and the book's sword-smithing example."""
    return rules.table("wbs/checks")["skill_clock"]


def _rung_name(segments: int) -> str:
    if segments < 0:
        return f"loses {-segments}"
    return f"fills {segments}"


def _inputs() -> list[Input]:
    example = clock()["example"]
    parts = sum(p["segments"] for p in example["parts"])
    rungs = [
        Input(f"rung_{k}", f"Lowest total that {_rung_name(b['segments'])}", "int", default=b["min_total"],
              minimum=limits.MODIFIER_MIN, maximum=limits.VALUES, group="Ladder")
        for k, b in enumerate(example["bands"], start=1)
    ]
    return [
        Input("segments", "Segments", "int", default=parts, minimum=1, maximum=limits.CLOCK_SEGMENTS, group="Clock"),
        Input("hours_per_check", "Hours per check", "int", default=example["hours_per_check"], minimum=1,
              maximum=limits.VALUES, group="Clock"),
        *rungs,
        Input("modifier", "Skill modifier", "int", default=9, minimum=limits.MODIFIER_MIN, maximum=limits.VALUES,
              group="Each check"),
        *skill_check.dice_inputs("Each check"),
        reading_input("wbs", "wild_steps", skill_check.WILD_NOTE),
    ]


def _outputs() -> list[Output]:
    return [
        Output("fewest_checks", "Fewest checks"),
        Output("fewest_hours", "Fewest hours"),
        Output("expected_checks", "Average checks", "number"),
        Output("expected_hours", "Average hours", "number"),
        Output("per_check", "Each check", "list"),
        Output("chart", "Checks needed", "chart"),
    ]


def gains(totals: Chances[int], rungs: list[int], values_at: list[int], otherwise: int) -> Chances[int]:
    """Chance of each change to the clock from one check, given the ladder."""
    return totals.grouped(lambda total: next((g for low, g in zip(rungs, values_at, strict=True) if total >= low),
                                             otherwise))


def expected_checks(segments: int, step: Chances[int]) -> Fraction:
    """Average checks to fill the clock from empty (progress never drops below empty)."""
    # E[s] = 1 + sum_g p_g E[next(s, g)], E[>= segments] = 0: a small linear system, solved exactly.
    size = segments
    matrix = [[Fraction(0)] * (size + 1) for _ in range(size)]
    for s in range(size):
        matrix[s][s] += 1
        matrix[s][size] = Fraction(1)
        for g, p in step.items():
            nxt = max(0, s + g)
            if nxt < size:
                matrix[s][nxt] -= p
    for col in range(size):
        pivot = next(r for r in range(col, size) if matrix[r][col] != 0)
        matrix[col], matrix[pivot] = matrix[pivot], matrix[col]
        lead = matrix[col][col]
        matrix[col] = [x / lead for x in matrix[col]]
        for r in range(size):
            if r != col and matrix[r][col] != 0:
                factor = matrix[r][col]
                matrix[r] = [a - factor * b for a, b in zip(matrix[r], matrix[col], strict=True)]
    return matrix[0][size]


def finish_times(segments: int, step: Chances[int]) -> Chances[str]:
    """Chance the clock fills on each check, then the chance it takes longer than the rows shown."""
    state = {0: Fraction(1)}
    rows: dict[str, Fraction] = {}
    left = Fraction(1)
    for n in range(1, CHART_CHECKS + 1):
        nxt: dict[int, Fraction] = {}
        done = Fraction(0)
        for s, p in state.items():
            for g, q in step.items():
                t = max(0, s + g)
                if t >= segments:
                    done += p * q
                else:
                    nxt[t] = nxt.get(t, Fraction(0)) + p * q
        state = nxt
        left -= done
        if done or rows:
            rows[str(n)] = done
        if left <= TAIL:
            break
    if left > 0:
        rows[f"more than {n}"] = left
    return Chances(rows)


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Fewest and average checks and hours to fill the clock, and the spread of checks needed."""
    example = clock()["example"]
    problems = Problems()
    rungs = [values[f"rung_{k}"] for k in range(1, len(example["bands"]) + 1)]
    for k in range(1, len(rungs)):
        if rungs[k] >= rungs[k - 1]:
            problems.add(f"rung_{k + 1}", f"Each rung of the ladder must be lower than the one above "
                                          f"({rungs[k - 1]}) (got {rungs[k]})")
    boosted = skill_check.check_problems({**values, "wild_steps": values["wild_steps"]}, problems)
    problems.raise_if_any()
    totals, _rolled, _left = skill_check.roll(values, boosted)
    filled = [b["segments"] for b in example["bands"]]
    step = gains(totals, rungs, filled, example["otherwise_segments"])
    if not any(p for g, p in step.items() if g > 0):
        problems.add("modifier", f"Skill modifier is too low to ever fill a segment: the lowest rung needs a total "
                                 f"of {min(r for r, f in zip(rungs, filled, strict=True) if f > 0)}")
        problems.raise_if_any()
    most = max(g for g, p in step.items() if p)
    fewest = -(-values["segments"] // most)
    average = expected_checks(values["segments"], step)
    per_check = [f"{_rung_name(g)}: {percent(p)}" for g, p in sorted(step.items(), reverse=True) if p]
    return {
        "fewest_checks": fewest,
        "fewest_hours": fewest * values["hours_per_check"],
        "expected_checks": float(average),
        "expected_hours": float(average * values["hours_per_check"]),
        "per_check": per_check,
        "chart": Distribution.of(finish_times(values["segments"], step), caption="Chance the clock fills on each check",
                              outcome="Check"),
    }


CALCULATORS = (
    Calculator(
        id="wbs.skill_clock",
        title="Skill clock",
        summary="How many checks and hours an extended task takes: the fewest possible, the average, "
                "and the chance of finishing on each check.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.clock-below-zero", "wbs.clock-hours"),
    ),
)
