"""wbs.ticks and wbs.round_tracker: how Reflex points become ticks, and who is active on each tick.

A round has four seconds. Reflex points are dealt to the seconds in the book's order (2, 4, 1, 3,
and round again); at higher tiers each second splits into lettered sub-phases, filled as the
chosen reading of the `phases-higher-tiers` note says.

>>> phase_ticks(3, 4, "by-second")
[1, 1, 0, 1]
>>> phase_ticks(5, 4, "by-second")
[1, 2, 1, 1]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import limits, readings, rules
from ..errors import Problems
from ..present import count_word
from ..results import TickChart
from ..spec import Calculator, Input, Output
from .tiers import tier_name

NOTE = "phases-higher-tiers"
SLOTS = 6  # fighters on the form (a form's size, not a rule)


def _combat() -> Mapping[str, Any]:
    return rules.table("wbs/combat")


def seconds() -> int:
    """Seconds in a round (4 at every tier)."""
    return _combat()["round"]["seconds"]


def phase_counts() -> list[int]:
    """The phase counts the tiers use (4, 8, 12), smallest first."""
    return sorted({t["phases"] for t in rules.table("wbs/tiers")["tiers"]})


def phase_names(phases: int) -> list[str]:
    """Names of the phases in resolution order: 1–4, or 1A, 1B, … when seconds split."""
    per_second = phases // seconds()
    if per_second == 1:
        return [str(s) for s in range(1, seconds() + 1)]
    letters = _combat()["phases"]["subphase_letters"][:per_second]
    return [f"{s}{letter}" for s in range(1, seconds() + 1) for letter in letters]


def deal_order(phases: int, reading: str) -> list[int]:
    """Phase indexes (0-based, in resolution order) in the order Reflex points are dealt to them."""
    order = [s - 1 for s in _combat()["phases"]["reflex_order"]]
    per_second = phases // seconds()
    if reading == "fill-second":
        return [second * per_second + sub for second in order for sub in range(per_second)]
    return [second * per_second + sub for sub in range(per_second) for second in order]


def phase_ticks(reflex: int, phases: int, reading: str) -> list[int]:
    """Ticks in each phase, in resolution order, for a fighter with `reflex` points."""
    counts = [0] * phases
    order = deal_order(phases, reading)
    for point in range(reflex):
        counts[order[point % len(order)]] += 1
    return counts


def active_steps(counts: Sequence[Sequence[int]]) -> list[list[list[bool]]]:
    """For each phase, its tick steps; for each step, which fighters are active.

    Inside a phase whoever has the most ticks left acts; everyone tied for most acts together.
    With counts c, the phase has max(c) steps and at step j (from 0) fighter i is active when
    c[i] >= max(c) - j.
    """
    fighters = len(counts)
    phases = len(counts[0]) if counts else 0
    steps = []
    for phase in range(phases):
        column = [counts[i][phase] for i in range(fighters)]
        top = max(column, default=0)
        steps.append([[column[i] >= top - j for i in range(fighters)] for j in range(top)])
    return steps


def _reading_input() -> Input:
    return readings.reading_input("wbs", "phase_reading", NOTE, group="Reading", label="Sub-phases at higher tiers",
                                  help=rules.note("wbs", NOTE)["title"])


def _phases_input() -> Input:
    counts = phase_counts()
    shown = "; ".join(f"{n} for {_tier_names(n)}" for n in counts)
    return Input("phases", "Phases per round", "int", default=counts[0], minimum=counts[0], maximum=counts[-1],
                 group="Round", help=shown)


def _checked_phases(values: Mapping[str, Any]) -> int:
    phases = values["phases"]
    counts = phase_counts()
    if phases not in counts:
        problems = Problems()
        allowed = ", ".join(str(n) for n in counts[:-1]) + f" or {counts[-1]}"
        problems.add("phases", f"Phases per round must be {allowed}, as the tiers have (got {phases})")
        problems.raise_if_any()
    return phases


def _tier_names(phases: int) -> str:
    names = []
    for tier in rules.table("wbs/tiers")["tiers"]:
        if tier["phases"] == phases:
            names.append(tier_name(tier))
    return ", ".join(names)


def _tick_inputs() -> list[Input]:
    return [Input("reflex", "Reflex", "int", default=3, minimum=0, maximum=limits.RANKS, group="Fighter"),
            _phases_input(), _reading_input()]


def _tick_outputs() -> list[Output]:
    return [
        Output("ticks", "Ticks in each phase, in phase order", "list"),
        Output("phase_names", "Phases", "list"),
        Output("active_phases", "Phases with a tick", "list"),
        Output("chart", "Tick chart", "table"),
    ]


def compute_ticks(values: Mapping[str, Any]) -> dict[str, Any]:
    """Ticks per phase for one fighter."""
    phases = _checked_phases(values)
    counts = phase_ticks(values["reflex"], phases, values["phase_reading"])
    names = phase_names(phases)
    return {
        "ticks": counts,
        "phase_names": names,
        "active_phases": [name for name, n in zip(names, counts, strict=True) if n],
        "chart": tick_chart(["Ticks"], [counts], names),
    }


def _tracker_inputs() -> list[Input]:
    defaults = {1: 3, 2: 5}
    slots = [Input(f"reflex_{k}", f"Fighter {_letter(k)}: Reflex", "int", default=defaults.get(k, 0),
                   minimum=0, maximum=limits.RANKS, group="Fighters (Reflex 0 leaves a slot empty)")
             for k in range(1, SLOTS + 1)]
    return [*slots, _phases_input(), _reading_input()]


def _letter(k: int) -> str:
    return chr(ord("A") + k - 1)


def _tracker_outputs() -> list[Output]:
    return [
        Output("chart", "Who is active on each tick", "table"),
        Output("order", "Turn order through the round", "text"),
        Output("ticks_total", "Ticks in the round, all fighters", "int"),
    ]


def compute_tracker(values: Mapping[str, Any]) -> dict[str, Any]:
    """The round's tick chart for up to six fighters."""
    phases = _checked_phases(values)
    fighters = [(f"Fighter {_letter(k)}", values[f"reflex_{k}"]) for k in range(1, SLOTS + 1)
                if values[f"reflex_{k}"] > 0]
    if not fighters:
        problems = Problems()
        problems.add("reflex_1", "Give at least one fighter a Reflex of 1 or more")
        problems.raise_if_any()
    names = phase_names(phases)
    counts = [phase_ticks(reflex, phases, values["phase_reading"]) for _, reflex in fighters]
    labels = [f"{name.removeprefix('Fighter ')} · Reflex {reflex}" for name, reflex in fighters]
    order = []
    for phase_name, steps in zip(names, active_steps(counts), strict=True):
        for j, active in enumerate(steps, start=1):
            who = " & ".join(fighters[i][0].removeprefix("Fighter ") for i, on in enumerate(active) if on)
            order.append(f"{phase_name}.{j} {who}")
    return {
        "chart": tick_chart(labels, counts, names),
        "order": " · ".join(order),
        "ticks_total": sum(sum(c) for c in counts),
    }


def tick_chart(labels: Sequence[str], counts: Sequence[Sequence[int]], names: Sequence[str]) -> TickChart:
    """Who is active on each tick step of each phase (the most ticks left in the phase goes first)."""
    steps = active_steps(counts) if counts else [[] for _ in names]  # no fighter: every phase without a tick
    return TickChart("Who acts on each tick (most ticks left in the phase goes first)", tuple(labels), tuple(names),
                     tuple(tuple(tuple(step) for step in phase) for phase in steps))


CALCULATORS = (
    Calculator(
        id="wbs.ticks",
        title="Ticks in a round",
        summary="Which phases a fighter's Reflex points fall in, for 4, 8 or 12 phases a round.",
        inputs=_tick_inputs,
        outputs=_tick_outputs,
        compute=compute_ticks,
    ),
    Calculator(
        id="wbs.round_tracker",
        title="Round tracker",
        summary=f"Up to {count_word(SLOTS)} fighters by Reflex: the round drawn tick by tick, "
                "showing who is active when.",
        inputs=_tracker_inputs,
        outputs=_tracker_outputs,
        compute=compute_tracker,
    ),
)
