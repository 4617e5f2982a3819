"""wbs.combat_tracker: a named fight, round by round — who is active on each tick, how hurt each
fighter is, and what the end of the round costs them.

Nothing here is a rule of its own: the ticks and the Active Character rule are `ticks`, the
health thresholds `health`, the upkeep `upkeep`, the exhaustion `upkeep.exhaustion`; this module
only puts them side by side for named combatants and works out the next round.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import limits, rules
from ..fields import row_name
from ..results import Apply, Cell, Row, Table, text_cells
from ..spec import Calculator, Choice, Input, Output
from . import health, ticks, upkeep
from .combat_rules import by_id

ITEM = "Combatant"


def _tiers() -> Sequence[Mapping[str, Any]]:
    return rules.table("wbs/tiers")["tiers"]


def _fields() -> tuple[Input, ...]:
    return (
        Input("name", "Name", "text", default="", maximum=limits.NAME_LENGTH),
        Input("reflex", "Reflex", "int", default=3, minimum=0, maximum=limits.RANKS),
        Input("health", "Health", "int", default=6, minimum=1, maximum=limits.POOLS),
        Input("damage", "Damage taken", "int", default=0, minimum=0, maximum=limits.POOLS),
        Input("stamina", "Stamina", "int", default=6, minimum=0, maximum=limits.POOLS),
        Input("energy", "Energy", "int", default=15, minimum=0, maximum=limits.ENERGY),
        Input("ev", "EV", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("kiai", "Kiai dice", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("relaxing", "Relaxing", "bool", default=False),
        Input("monster", "Monster", "bool", default=False),
    )


DEFAULT_FIGHT = (
    {"name": "Hero", "reflex": 5, "health": 7, "stamina": 7, "energy": 18},
    {"name": "Bandit", "reflex": 3},
)


def _inputs() -> list[Input]:
    tiers = _tiers()
    return [
        Input("combatants", "Combatants", "rows", default=DEFAULT_FIGHT, minimum=1, maximum=limits.COMBATANTS,
              item=ITEM,
              fields=_fields(), group="The fight",
              help="Energy is GenKi for people, monster energy for monsters; Kiai dice are those rolled this round"),
        Input("round", "Round", "int", default=1, minimum=1, maximum=limits.VALUES, group="The fight"),
        Input("tier", "Tier", "choice", default=tiers[0]["id"],
              choices=tuple(Choice(t["id"], t["name"]) for t in tiers), group="The fight",
              help="The tier sets the phases in a round"),
        ticks._reading_input(),
    ]


def _outputs() -> list[Output]:
    return [
        Output("active", "Who is active, tick by tick", "table"),
        Output("chart", "Tick chart", "table"),
        Output("states", "Health", "table"),
        Output("end_of_round", "End of the round", "table"),
        Output("next_table", "Next round starts with", "table"),
        Output("next_round", "Next round", "table"),
    ]


def _active_table(names: Sequence[str], counts: Sequence[Sequence[int]], phases: Sequence[str]) -> Table:
    rows = []
    for phase, steps in zip(phases, ticks.active_steps(counts), strict=True):
        for j, active in enumerate(steps, start=1):
            rows.append(Row(f"Phase {phase}, tick {j}", text_cells(" & ".join(n for n, on in zip(names, active,
                                                                                                 strict=True) if on))))
    return Table("Active on each tick (most ticks left in the phase acts; ties act together)",
                 ("Tick", "Active"), tuple(rows), empty="Nobody has any Reflex: no ticks this round.")


def _state_row(name: str, row: Mapping[str, Any]) -> Row:
    reached = health.state(row["damage"], row["health"])
    thresholds = rules.table("wbs/combat")["health"]["thresholds"]
    upcoming = [row["health"] * t["multiple"] for t in thresholds if row["health"] * t["multiple"] > row["damage"]]
    shown = "Fighting" if reached is None else reached["name"]
    return Row(name, text_cells(shown, f"{row['damage']} of {row['health']}",
                                upcoming[0] - row["damage"] if upcoming else "–"),
               "highlight" if reached is not None else "")


def _costs(row: Mapping[str, Any], round_number: int) -> dict[str, int]:
    cost = upkeep.upkeep_cost(row["ev"], row["kiai"], row["relaxing"], False)
    paid = min(cost, row["energy"])
    lost = upkeep.exhaustion(round_number)
    return {"upkeep": cost, "paid": paid, "short": cost - paid, "exhaustion": min(lost, row["stamina"])}


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The round for named combatants, and the state the next round starts from."""
    fighters = values["combatants"]
    names = [row_name(row, ITEM, n) for n, row in enumerate(fighters, start=1)]
    phases_n = by_id(_tiers(), values["tier"])["phases"]
    phases = ticks.phase_names(phases_n)
    counts = [ticks.phase_ticks(row["reflex"], phases_n, values["phase_reading"]) for row in fighters]
    labels = [f"{name} · Reflex {row['reflex']}" for name, row in zip(names, fighters, strict=True)]
    round_number = values["round"]
    costs = [_costs(row, round_number) for row in fighters]
    end_rows = []
    after = []
    for name, row, cost in zip(names, fighters, costs, strict=True):
        pool = "monster energy" if row["monster"] else "GenKi"
        short = f", {cost['short']} short" if cost["short"] else ""
        end_rows.append(Row(name, (Cell(cost["upkeep"], "number"), Cell(f"{cost['paid']} {pool}{short}"),
                                   Cell(cost["exhaustion"], "number")), "highlight" if cost["short"] else ""))
        after.append({**row, "energy": row["energy"] - cost["paid"], "stamina": row["stamina"] - cost["exhaustion"],
                      "kiai": 0})
    every = upkeep.exhaustion_every()
    next_rows = tuple(Row(name, text_cells(f"{row['energy']} → {new['energy']}",
                                           f"{row['stamina']} → {new['stamina']}"))
                      for name, row, new in zip(names, fighters, after, strict=True))
    return {
        "active": _active_table(names, counts, phases),
        "chart": ticks.tick_chart(labels, counts, phases),
        "states": Table("Where the damage taken leaves each combatant", ("Combatant", "State", "Damage", "To next"),
                        tuple(_state_row(n, r) for n, r in zip(names, fighters, strict=True))),
        "end_of_round": Table(f"Round {round_number} ends: upkeep, and exhaustion every {every} rounds",
                              ("Combatant", "Upkeep", "Paid", "Stamina lost"), tuple(end_rows)),
        "next_round": Apply(f"Start round {round_number + 1}",
                            (("round", round_number + 1), ("combatants", [dict(a) for a in after])),
                            summary=f"Pays the upkeep and exhaustion of round {round_number}, and clears Kiai dice.")
        if round_number < limits.VALUES else Table("", (), (), empty="The last round the tracker counts."),
        "next_table": Table(f"Round {round_number + 1} starts with", ("Combatant", "Energy", "Stamina"), next_rows),
    }


CALCULATORS = (
    Calculator(
        id="wbs.combat_tracker",
        title="Combat tracker",
        summary="A fight with named combatants: who is active on each tick, each one's health, the end-of-round "
                "upkeep and exhaustion, and the next round with one press.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        source_notes=(f"wbs.{ticks.NOTE}", "wbs.upkeep-floor"),
    ),
)
