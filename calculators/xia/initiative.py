"""xia.initiative: the Initiative Rating. xia.initiative_order: who acts when, with the tie rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..errors import Problems
from ..results import Row, Table, text_cells
from ..spec import Calculator, Choice, Input, Output
from .common import GAME, character_value, conflicts, ranges, reading_input, trait_input, trigram, trigram_input

PRECEDENCE_NOTE = "conflict-precedence"


def _initiative() -> Mapping[str, Any]:
    return rules.table("xia/conflicts")["initiative"]


def rating(trait: int, trigram_value: int) -> int:
    """Initiative Rating: the active Trait plus the initiative trigram (Thunder)."""
    return trait + trigram_value


def _inputs() -> list[Input]:
    name = trigram(_initiative()["trigram"])["name"]
    return [
        trait_input("trait", "Active Trait", help="Physical, Social or Mental, by the kind of conflict",
                    default=character_value("moon-shadow", "traits", "physical")),
        trigram_input("thunder", f"{name} trigram", default=character_value("moon-shadow", "trigrams", "thunder")),
    ]


def _outputs() -> list[Output]:
    return [Output("initiative", "Initiative Rating")]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The Initiative Rating for one Trait and Thunder trigram."""
    return {"initiative": rating(values["trait"], values["thunder"])}


# --- initiative order -------------------------------------------------------------------------

SIDES = (Choice("absent", "Not in the fight"), Choice("pc", "Player character"),
         Choice("npc", "Non-player character"))


def _slots() -> range:
    return range(1, ranges()["combatants"] + 1)


def _order_inputs() -> list[Input]:
    kinds = conflicts()
    thunder = trigram(_initiative()["trigram"])["name"]
    out = [Input(f"{k['id']}_on", f"{k['name']} conflict running", "bool", default=(i == 0),
                 group="Conflicts running") for i, k in enumerate(kinds)]
    out.append(reading_input("precedence", _initiative()["precedence_note"]))
    for slot in _slots():
        group = f"Combatant {slot}"
        side = "pc" if slot == 1 else "npc" if slot == 2 else "absent"
        out.append(Input(f"c{slot}_side", "Side", "choice", default=side, choices=SIDES, group=group))
        for kind in kinds:
            out.append(trait_input(f"c{slot}_{kind['id']}", f"{kind['name']} Trait", default=ranges()["trait_min"],
                                   minimum=0, group=group,
                                   help="0 if this combatant takes no part in this kind of conflict"))
        out.append(trigram_input(f"c{slot}_thunder", f"{thunder} trigram", group=group))
    out.insert(len(kinds) + 1, Input(
        "turns_taken", "Turns taken so far", "int", default=0, minimum=0, maximum=9999, group="Round tracker",
        help="Add 1 after each turn to step through the fight; the page's address keeps your place"))
    return out


def _order_outputs() -> list[Output]:
    return [
        Output("round", "Round", "int"),
        Output("acting_now", "Acting now", "text"),
        Output("next_up", "Next", "text"),
        Output("first", "Acts first each round", "text"),
        Output("turns", "Turns each round", "int"),
        Output("order", "Order of turns (the same every round)", "table"),
    ]


def turns(values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every turn of a round, in acting order, each with the ties it was settled by."""
    precedence = list(_initiative()["precedence"])
    sides = list(_initiative()["side_order"])  # on equal ratings (player characters first, by the book)
    reading = values["precedence"]
    found = []
    for slot in _slots():
        side = values[f"c{slot}_side"]
        if side == "absent":
            continue
        for kind in conflicts():
            trait = values[f"c{slot}_{kind['id']}"]
            if not values[f"{kind['id']}_on"] or trait == 0:
                continue
            found.append({"slot": slot, "side": side, "conflict": kind["id"], "conflict_name": kind["name"],
                          "rating": rating(trait, values[f"c{slot}_thunder"])})

    def key(turn: dict[str, Any]) -> tuple[int, ...]:
        kind_rank = precedence.index(turn["conflict"])
        side_rank = sides.index(turn["side"])
        if reading == "rating-first":
            return (-turn["rating"], kind_rank, side_rank, turn["slot"])
        return (kind_rank, -turn["rating"], side_rank, turn["slot"])

    found.sort(key=key)
    names = {k["id"]: k["name"] for k in conflicts()}
    kinds = " before ".join(names[c] for c in precedence)
    for turn in found:
        same = [t for t in found if t is not turn and t["conflict"] == turn["conflict"]
                and t["rating"] == turn["rating"]]
        other_kind = any(t is not turn and t["conflict"] != turn["conflict"] and t["rating"] == turn["rating"]
                         for t in found)
        notes = [f"kind of conflict ({kinds})"] if other_kind else []
        if any(t["side"] != turn["side"] for t in same):
            notes.append("player characters before non-player characters")
        if any(t["side"] == turn["side"] for t in same):
            notes.append("players agree the order (eldest player first if they cannot)"
                         if turn["side"] == "pc" else "the GM picks the order")
        turn["tie"] = "; ".join(notes)
    return found


def _label(turn: Mapping[str, Any]) -> str:
    side = "PC" if turn["side"] == "pc" else "NPC"
    return f"Combatant {turn['slot']} ({side})"


def _table(order: list[dict[str, Any]], now: int = -1) -> Table:
    rows = tuple(
        Row(str(n), text_cells(_label(t), t["conflict_name"], t["rating"], t["tie"] or "–"),
            "current" if n - 1 == now else "")
        for n, t in enumerate(order, start=1)
    )
    return Table("Turns in one round, first to last", ("Turn", "Combatant", "Conflict", "Rating",
                                                       "Equal rating settled by"), rows,
                 empty="Nobody acts: no combatant takes part in a running conflict.")


def compute_order(values: Mapping[str, Any]) -> dict[str, Any]:
    """The acting order of every combatant in every running conflict."""
    problems = Problems()
    kinds = conflicts()
    if not any(values[f"{k['id']}_on"] for k in kinds):
        problems.add(f"{kinds[0]['id']}_on", "At least one kind of conflict must be running")
    if all(values[f"c{slot}_side"] == "absent" for slot in _slots()):
        problems.add("c1_side", "At least one combatant must be in the fight (choose a side for Combatant 1)")
    problems.raise_if_any()
    order = turns(values)
    first = _describe(order[0]) if order else "nobody"
    taken = values["turns_taken"]
    if not order:
        return {"round": 1, "acting_now": "nobody", "next_up": "nobody", "first": first, "turns": 0,
                "order": _table(order)}
    now, later = order[taken % len(order)], order[(taken + 1) % len(order)]
    when = "Next round, turn 1" if (taken + 1) % len(order) == 0 else f"Turn {(taken + 1) % len(order) + 1}"
    return {
        "round": taken // len(order) + 1,
        "acting_now": f"Turn {taken % len(order) + 1}: {_describe(now)}",
        "next_up": f"{when}: {_describe(later)}",
        "first": first,
        "turns": len(order),
        "order": _table(order, taken % len(order)),
    }


def _describe(turn: Mapping[str, Any]) -> str:
    return f"{_label(turn)}, {turn['conflict_name'].lower()} conflict, rating {turn['rating']}"


CALCULATORS = (
    Calculator(
        id="xia.initiative",
        title="Initiative Rating",
        summary="The active Trait plus the Thunder trigram: the highest rating acts first.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        source_notes=(f"{GAME}.value-ranges",),
    ),
    Calculator(
        id="xia.initiative_order",
        title="Initiative order",
        summary="Up to six combatants in one or more running conflicts: every turn of a round in order, "
                "with the book's rules for equal ratings.",
        inputs=_order_inputs,
        outputs=_order_outputs,
        compute=compute_order,
        source_notes=(f"{GAME}.{PRECEDENCE_NOTE}", f"{GAME}.value-ranges"),
    ),
)
