"""rain.qi: how a character may split the scene's Qi between the Yang and Yin containers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..spec import Calculator, Input, Output
from . import elements as el


def data() -> Mapping[str, Any]:
    """rules_data/rain/qi.yaml."""
    return rules.table("rain/qi")


def divisions(element: str) -> list[tuple[int, int]]:
    """The (yang, yin) divisions an element asks for when it holds the highest Alchemy."""
    for entry in data()["splits"]:
        if entry["element"] == element:
            return [(d["yang"], d["yin"]) for d in entry["divisions"]]
    raise LookupError(f"rules_data/rain/qi.yaml has no split for {element!r}")


def _unevenness(element: str) -> int:
    return min(abs(yang - yin) for yang, yin in divisions(element))


def allowed_splits(alchemy: Mapping[str, int]) -> tuple[list[tuple[int, int]], list[str], str]:
    """The allowed (yang, yin) divisions for these Alchemies, the tied-highest elements, and why."""
    top = max(alchemy.values())
    tied = [e for e in el.element_ids() if alchemy[e] == top]
    if len(tied) == 1:
        only = tied[0]
        return divisions(only), tied, f"{el.element_name(only)} holds the highest Alchemy."
    best = min(_unevenness(e) for e in tied)
    evenest = [e for e in tied if _unevenness(e) == best]
    found: list[tuple[int, int]] = []
    for e in evenest:
        found += [d for d in divisions(e) if d not in found]
    leans = {(yang > yin) - (yang < yin) for yang, yin in found}
    named = _and([el.element_name(e) for e in tied])
    if len(evenest) > 1 and {1, -1} <= leans:
        fallback = data()["tie_rule"]["opposite_lean_uses"]
        return (divisions(fallback), tied,
                f"{named} tie; the most even of their splits lean opposite ways, "
                f"so the split is {el.element_name(fallback)}'s.")
    chosen = _and([el.element_name(e) for e in evenest])
    return found, tied, f"{named} tie; the most even split is {chosen}'s."


def _and(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _inputs() -> list[Input]:
    defaults = {"water": 1, "wood": 2, "fire": 3, "earth": 2, "metal": 1}
    return [el.alchemy_input(e, f"{el.element_name(e)} Alchemy", defaults.get(e, 0), group="Alchemy of each Aspect")
            for e in el.element_ids()]


def _outputs() -> list[Output]:
    return [
        Output("highest", "Highest Alchemy held by", "list"),
        Output("splits", "Allowed splits, as [Yang, Yin]", "list"),
        Output("in_words", "In words", "text"),
        Output("rule", "Why", "text"),
    ]


def show_split(yang: int, yin: int) -> str:
    """A division as the reader sees it."""
    return f"{yang} Yang and {yin} Yin"


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The allowed divisions of the scene's Qi."""
    pairs, tied, why = allowed_splits({e: values[e] for e in el.element_ids()})
    return {
        "highest": [el.element_name(e) for e in tied],
        "splits": [[yang, yin] for yang, yin in pairs],
        "in_words": ", or ".join(show_split(yang, yin) for yang, yin in pairs),
        "rule": why,
    }


CALCULATORS = (
    Calculator(
        id="rain.qi",
        title="Qi at the start of a scene",
        summary="How the scene's Qi may be split between Yang and Yin, from the Alchemy of your Aspects.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
    ),
)
