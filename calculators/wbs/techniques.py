"""wbs.technique_plan: the fewest Reflex to channel and shape what a ReiKi technique needs.

>>> best_plan(need_reiki=8, need_shape=10, per_channel=2, shaping=2, channel_shapes=1)
(4, 3)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..readings import reading_input
from ..spec import Calculator, Input, Output


def reiki_rules() -> Mapping[str, Any]:
    """rules_data/wbs/reiki.yaml."""
    return rules.table("wbs/reiki")


def _ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def best_plan(need_reiki: int, need_shape: int, per_channel: int, shaping: int, channel_shapes: int) -> tuple[int, int]:
    """Channel and Shaping actions, fewest in all (then fewest Channel actions), that gather and shape enough.

    Raises ValueError when shaping is needed and nothing can shape it.
    """
    least_channel = _ceil_div(max(0, need_reiki), per_channel)
    if need_shape <= 0:
        return least_channel, 0
    if shaping <= 0:
        raise ValueError("shaping")
    best: tuple[int, int] | None = None
    most_useful = least_channel + (_ceil_div(need_shape, channel_shapes) if channel_shapes else 0)
    for channel in range(least_channel, max(least_channel, most_useful) + 1):
        shape = _ceil_div(max(0, need_shape - channel * channel_shapes), shaping)
        if best is None or channel + shape < sum(best):
            best = (channel, shape)
    assert best is not None
    return best


def cost_after_reductions(cost: int, reduction: int) -> int:
    """ReiKi a technique spends: its cost less the reduction, never below the minimum (nothing costs nothing)."""
    if cost <= 0:
        return 0
    return max(reiki_rules()["using"]["minimum_cost"], cost - reduction)


def reduction(values: Mapping[str, Any], reading: str) -> int:
    """Ranks taken off a ReiKi cost under the chosen reading (Potency or Efficiency), plus the technique's own."""
    own = values.get("technique_efficiency", 0)
    return (values["potency"] if reading == "potency" else values["efficiency"]) + own


def _inputs() -> list[Input]:
    skill = "ReiKi skills"
    return [
        Input("cost", "ReiKi cost (to channel)", "int", default=10, minimum=0, maximum=limits.VALUES,
              group="Technique"),
        Input("shape_cost", "Shape cost", "int", default=10, minimum=0, maximum=limits.VALUES, group="Technique"),
        Input("activation_reflex", "Reflex to switch it on", "int", default=1, minimum=0,
              maximum=limits.ACTIVATION_REFLEX,
              group="Technique"),
        Input("technique_efficiency", "Efficiency ranks of this technique", "int", default=0, minimum=0,
              maximum=limits.RANKS, group="Technique"),
        Input("channel", "Channel", "int", default=1, minimum=0, maximum=limits.RANKS, group=skill),
        Input("shaping", "Shaping", "int", default=2, minimum=0, maximum=limits.RANKS, group=skill),
        Input("aura", "Aura", "int", default=2, minimum=0, maximum=limits.RANKS, group=skill),
        Input("potency", "Potency", "int", default=0, minimum=0, maximum=limits.RANKS, group=skill),
        Input("efficiency", "Efficiency (GenKi skill)", "int", default=0, minimum=0, maximum=limits.RANKS, group=skill),
        Input("channelled_before", "ReiKi already channelled (besides Aura)", "int", default=0, minimum=0,
              maximum=limits.VALUES, group="Already done"),
        Input("shaped_before", "ReiKi already shaped", "int", default=0, minimum=0, maximum=limits.VALUES,
              group="Already done"),
        reading_input("wbs", "cost_reading", reiki_rules()["using"]["cost_note"]),
    ]


def _outputs() -> list[Output]:
    return [
        Output("reflex", "Reflex from now until it takes effect"),
        Output("channel_actions", "Channel actions"),
        Output("shaping_actions", "Shaping actions"),
        Output("reiki_channelled", "ReiKi channelled when it goes off (Aura included)"),
        Output("reiki_shaped", "ReiKi shaped"),
        Output("reiki_spent", "ReiKi spent"),
        Output("reiki_left", "Channelled ReiKi left afterwards"),
        Output("steps", "Steps", "list"),
    ]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The cheapest way, in Reflex, to channel and shape the technique, and what it leaves."""
    using = reiki_rules()["using"]
    per_channel = using["channel_base"] + values["channel"]
    channel_shapes = values["shaping"] // using["channel_shapes_divide_by"]
    have = values["aura"] + values["channelled_before"]
    need_shape = values["shape_cost"] - values["shaped_before"]
    try:
        channel, shape = best_plan(values["cost"] - have, need_shape, per_channel, values["shaping"], channel_shapes)
    except ValueError:
        problems = Problems()
        problems.add("shaping", "This technique needs shaping: give at least 1 rank of Shaping")
        problems.raise_if_any()
        raise
    channelled = have + channel * per_channel
    shaped = values["shaped_before"] + channel * channel_shapes + shape * values["shaping"]
    spent = cost_after_reductions(values["cost"], reduction(values, values["cost_reading"]))
    steps = []
    if channel:
        steps.append(f"Channel × {channel}: +{channel * per_channel} ReiKi, +{channel * channel_shapes} shaped")
    if shape:
        steps.append(f"Shaping × {shape}: +{shape * values['shaping']} shaped")
    steps.append(f"Switch it on: {values['activation_reflex']} Reflex, {spent} ReiKi spent")
    return {
        "reflex": channel * using["channel_reflex"] + shape * using["shaping_reflex"] + values["activation_reflex"],
        "channel_actions": channel,
        "shaping_actions": shape,
        "reiki_channelled": channelled,
        "reiki_shaped": shaped,
        "reiki_spent": spent,
        "reiki_left": channelled - spent,
        "steps": steps,
    }


CALCULATORS = (
    Calculator(
        id="wbs.technique_plan",
        title="Channelling a technique",
        summary="The fewest Reflex to channel and shape a ReiKi technique's cost with your Channel, Shaping and Aura "
                "ranks, what it spends, and what stays channelled.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=("wbs.example-9-aura",),
    ),
)
