"""xia.speed: the speed score. xia.unopposed: the score of an unopposed task, against the book's scale."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..spec import Calculator, Input, Output
from .common import GAME, conflict, trait_input, trigram, trigram_input


def _movement() -> Mapping[str, Any]:
    return rules.table("xia/conflicts")["movement"]


def _speed_inputs() -> list[Input]:
    trait = conflict(_movement()["speed_trait"])
    wind = trigram(_movement()["speed_trigram"])
    return [trait_input(trait["id"], f"{trait['trait']} Trait"),
            trigram_input(wind["id"], f"{wind['name']} trigram")]


def _speed_outputs() -> list[Output]:
    return [Output("speed", "Speed score")]


def compute_speed(values: Mapping[str, Any]) -> dict[str, Any]:
    """Physical Trait plus Wind trigram."""
    return {"speed": values[_movement()["speed_trait"]] + values[_movement()["speed_trigram"]]}


def _unopposed_inputs() -> list[Input]:
    return [trait_input("trait", "Trait", help="Physical, Social or Mental: whichever fits the task best"),
            trigram_input("trigram", "Trigram", help="The trigram that fits the task best")]


def _unopposed_outputs() -> list[Output]:
    return [Output("score", "Task score"), Output("scale", "Compared with the book's reference points", "text")]


def scale_text(score: int) -> str:
    """Where a score sits among the book's reference points (an average human, an average kung fu hero)."""
    points = rules.table("xia/tasks")["scale"]
    for point in points:
        if point["score_from"] <= score <= point["score_to"]:
            return f"typical of {point['who']}"
    if score < points[0]["score_from"]:
        return f"below {points[0]['who']}"
    if score > points[-1]["score_to"]:
        return f"beyond {points[-1]['who']}"
    below = max((p for p in points if p["score_to"] < score), key=lambda p: p["score_to"])
    above = min((p for p in points if p["score_from"] > score), key=lambda p: p["score_from"])
    return f"between {below['who']} and {above['who']}"


def compute_unopposed(values: Mapping[str, Any]) -> dict[str, Any]:
    """Trait plus Trigram, placed on the scale; the GM decides what the total achieves."""
    score = values["trait"] + values["trigram"]
    return {"score": score, "scale": scale_text(score)}


CALCULATORS = (
    Calculator(
        id="xia.speed",
        title="Speed score",
        summary="Physical plus the Wind trigram: a rough guide to how mobile a character is.",
        inputs=_speed_inputs,
        outputs=_speed_outputs,
        compute=compute_speed,
        follows=(f"{GAME}.value-ranges",),
    ),
    Calculator(
        id="xia.unopposed",
        title="Unopposed task",
        summary="Trait plus Trigram for a task nobody opposes, set against the book's reference points.",
        inputs=_unopposed_inputs,
        outputs=_unopposed_outputs,
        compute=compute_unopposed,
        follows=(f"{GAME}.value-ranges",),
    ),
)
