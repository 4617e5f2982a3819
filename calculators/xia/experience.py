"""xia.xp: the XP to raise a trigram from one level to another, plus new kung fu secrets."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..readings import reading_input
from ..spec import Calculator, Input, Output
from .common import GAME, ranges


def _experience() -> Mapping[str, Any]:
    return rules.table("xia/experience")


def session_range() -> tuple[int, int]:
    """XP earned in one session: the awards every session gives (the least), and every award (the most)."""
    awards = _experience()["awards"]
    return sum(a["xp"] for a in awards if a["always"]), sum(a["xp"] for a in awards)


def _note() -> str:
    return _experience()["costs"]["trigram_minimum_note"]


def _inputs() -> list[Input]:
    bounds = ranges()
    low, high = bounds["trigram_min"], bounds["trigram_max"]
    return [
        Input("from_level", "Trigram now", "int", default=low, minimum=low, maximum=high, group="Trigram"),
        Input("to_level", "Trigram wanted", "int", default=low, minimum=low, maximum=high, group="Trigram"),
        Input("secrets", "New kung fu secrets", "int", default=0, minimum=0, maximum=limits.RANKS, group="Secrets"),
        reading_input(GAME, "trigram_minimum", _note(), group="Reading"),
    ]


def _outputs() -> list[Output]:
    return [
        Output("trigram_cost", "XP for the trigram"),
        Output("steps", "Cost of each step", "list"),
        Output("secrets_cost", "XP for the secrets"),
        Output("total", "Total XP"),
        Output("sessions_fewest", "Sessions to earn it, every award given"),
        Output("sessions_most", "Sessions to earn it, only the award everyone gets"),
    ]


def step_cost(level: int, minimum: int) -> int:
    """XP to raise a trigram one level from `level`: its current level, never under `minimum`."""
    return max(minimum, level * _experience()["costs"]["trigram_per_current_level"])


def _minimum(reading: str) -> int:
    option = rules.reading_option(GAME, _note(), reading)
    return option.get("set", {}).get("trigram_minimum", _experience()["costs"]["trigram_minimum"])


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Trigram cost step by step, secrets, the total, and how many sessions that takes to earn."""
    start, end = values["from_level"], values["to_level"]
    if end < start:
        problems = Problems()
        problems.add("to_level", f"Trigram wanted must be at least the trigram now ({start}): "
                                 f"XP only raises trigrams (got {end})")
        problems.raise_if_any()
    minimum = _minimum(values["trigram_minimum"])
    costs = [step_cost(level, minimum) for level in range(start, end)]
    secrets = values["secrets"] * _experience()["costs"]["secret"]
    total = sum(costs) + secrets
    awards = _experience()["awards"]
    most = sum(a["xp"] for a in awards)
    least = sum(a["xp"] for a in awards if a["always"])
    return {
        "trigram_cost": sum(costs),
        "steps": [f"{level}→{level + 1}: {cost} XP" for level, cost in zip(range(start, end), costs, strict=True)],
        "secrets_cost": secrets,
        "total": total,
        "sessions_fewest": -(-total // most),
        "sessions_most": -(-total // least),
    }


CALCULATORS = (
    Calculator(
        id="xia.xp",
        title="Experience cost",
        summary="XP to raise a trigram to a higher level (each step costs the current level), "
                "plus new kung fu secrets, and how many sessions it takes to earn.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=(f"{GAME}.value-ranges",),
    ),
)
