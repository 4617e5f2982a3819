"""xia.initiative: the Initiative Rating. xia.initiative_order: who acts when, with the tie rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import limits, rules
from ..errors import Problems
from ..fields import row_name
from ..results import Apply, Row, Table, text_cells
from ..spec import Calculator, Choice, Input, Output
from .common import (
    GAME,
    RESILIENCE_DEFAULT,
    character_value,
    conflict_input,
    conflicts,
    ranges,
    reading_input,
    trait_input,
    trigram,
    trigram_input,
)

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


# --- initiative order: the conflict tracker -----------------------------------------------------

SIDES = (Choice("pc", "Player character"), Choice("npc", "Non-player character"))
SAME_SIDE = {"pc": "player-characters", "npc": "non-player-characters"}  # conflicts.yaml ties[].between
ITEM = "Combatant"


def _character(character_id: str) -> Mapping[str, Any]:
    return rules.by_id(rules.table("xia/characters")["characters"], character_id)


def _fields() -> tuple[Input, ...]:
    bounds = ranges()
    thunder = trigram(_initiative()["trigram"])["name"]
    out: list[Input] = [Input("name", "Name", "text", default="", maximum=limits.NAME_LENGTH),
                        Input("side", "Side", "choice", default="npc", choices=SIDES)]
    out += [trait_input(k["id"], f"{k['name']} Trait", default=bounds["trait_min"], minimum=0) for k in conflicts()]
    out.append(trigram_input("thunder", thunder))
    out += [Input(f"{k['id']}_resilience", f"{k['name']} resilience", "int", default=RESILIENCE_DEFAULT,
                  minimum=0, maximum=bounds["resilience_max"]) for k in conflicts()]
    out += [Input("yang", "Yang chi", "int", default=0, minimum=0, maximum=bounds["chi_max"]),
            Input("yin", "Yin chi", "int", default=0, minimum=0, maximum=bounds["chi_max"])]
    return tuple(out)


def _default_fight() -> tuple[dict[str, Any], ...]:
    fight = []
    for character_id, side in (("moon-shadow", "pc"), ("guardsman", "npc")):
        c = _character(character_id)
        fight.append({"name": c["name"], "side": side, **c["traits"],
                      "thunder": c["trigrams"].get("thunder", ranges()["trigram_min"])})
    return tuple(fight)


def _order_inputs() -> list[Input]:
    kinds = conflicts()
    bounds = ranges()
    out = [Input(f"{k['id']}_on", f"{k['name']} conflict running", "bool", default=(i == 0),
                 group="Conflicts running") for i, k in enumerate(kinds)]
    out.append(reading_input("precedence", _initiative()["precedence_note"]))
    out.append(Input("combatants", "Combatants", "rows", default=_default_fight(), minimum=1,
                     maximum=bounds["combatants"], item=ITEM, fields=_fields(), group="The fight",
                     help="A Trait of 0 keeps a combatant out of that kind of conflict; at 0 resilience they are "
                          "defeated in it and take no more turns there"))
    out.append(Input(
        "turns_taken", "Turns taken so far", "int", default=0, minimum=0, maximum=limits.POOLS, group="Round tracker",
        help="The turn button below adds 1; the page's address keeps your place"))
    out += [
        Input("target", "Attack hits (name)", "text", default="", maximum=limits.NAME_LENGTH, group="This turn",
              help="Worked out an attack with the attack calculator? Name its target and the damage it did"),
        conflict_input("hit_conflict", group="This turn"),
        Input("hit_damage", "Damage", "int", default=0, minimum=0, maximum=bounds["resilience_max"], group="This turn"),
        Input("spent_yang", "Yang chi the actor spends", "int", default=0, minimum=0, maximum=bounds["chi_max"],
              group="This turn"),
        Input("spent_yin", "Yin chi the actor spends", "int", default=0, minimum=0, maximum=bounds["chi_max"],
              group="This turn"),
    ]
    return out


def _order_outputs() -> list[Output]:
    return [
        Output("round", "Round", "int"),
        Output("acting_now", "Acting now", "text"),
        Output("next_up", "Next", "text"),
        Output("first", "Acts first each round", "text"),
        Output("turns", "Turns each round", "int"),
        Output("order", "Order of turns (the same every round)", "table"),
        Output("fighters", "Resilience and chi", "table"),
        Output("end_turn", "End the turn", "table"),
    ]


def turns(values: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every turn of a round, in acting order, each with the ties it was settled by."""
    precedence = list(_initiative()["precedence"])
    sides = list(_initiative()["side_order"])  # on equal ratings (player characters first, by the book)
    reading = values["precedence"]
    found = []
    for slot, fighter in enumerate(values["combatants"], start=1):
        for kind in conflicts():
            trait = fighter[kind["id"]]
            if not values[f"{kind['id']}_on"] or trait == 0 or fighter[f"{kind['id']}_resilience"] == 0:
                continue
            found.append({"slot": slot, "name": row_name(fighter, ITEM, slot), "side": fighter["side"],
                          "conflict": kind["id"], "conflict_name": kind["name"],
                          "rating": rating(trait, fighter["thunder"])})

    def key(turn: dict[str, Any]) -> tuple[int, ...]:
        kind_rank = precedence.index(turn["conflict"])
        side_rank = sides.index(turn["side"])
        if reading == "rating-first":
            return (-turn["rating"], kind_rank, side_rank, turn["slot"])
        return (kind_rank, -turn["rating"], side_rank, turn["slot"])

    found.sort(key=key)
    names = {k["id"]: k["name"] for k in conflicts()}
    kinds_note = _initiative()["kinds_tie"].replace("{order}", " before ".join(names[c] for c in precedence))
    settled_by = _tie_notes()
    for turn in found:
        same = [t for t in found if t is not turn and t["conflict"] == turn["conflict"]
                and t["rating"] == turn["rating"]]
        other_kind = any(t is not turn and t["conflict"] != turn["conflict"] and t["rating"] == turn["rating"]
                         for t in found)
        notes = [kinds_note] if other_kind else []
        if any(t["side"] != turn["side"] for t in same):
            notes += settled_by["sides"]
        if any(t["side"] == turn["side"] for t in same):
            notes += settled_by[SAME_SIDE[turn["side"]]]
        turn["tie"] = "; ".join(notes)
    return found



def _tie_notes() -> dict[str, list[str]]:
    """The tie column's words for each kind of tie (conflicts.yaml initiative.ties[].note), in the data's order."""
    notes: dict[str, list[str]] = {"sides": [], **{between: [] for between in SAME_SIDE.values()}}
    for tie in _initiative()["ties"]:
        if "note" in tie:
            notes[tie["between"]].append(tie["note"])
    return notes


def _label(turn: Mapping[str, Any]) -> str:
    side = "PC" if turn["side"] == "pc" else "NPC"
    return f"{turn['name']} ({side})"


def _table(order: list[dict[str, Any]], now: int = -1) -> Table:
    rows = tuple(
        Row(str(n), text_cells(_label(t), t["conflict_name"], t["rating"], t["tie"] or "–"),
            "current" if n - 1 == now else "")
        for n, t in enumerate(order, start=1)
    )
    return Table("Turns in one round, first to last", ("Turn", "Combatant", "Conflict", "Rating",
                                                       "Equal rating settled by"), rows,
                 empty="Nobody acts: no combatant takes part in a running conflict.")


def _fighters_table(values: Mapping[str, Any], actor: int) -> Table:
    kinds = conflicts()
    rows = []
    for slot, f in enumerate(values["combatants"], start=1):
        beaten = [k["name"].lower() for k in kinds if values[f"{k['id']}_on"] and f[f"{k['id']}_resilience"] == 0]
        rows.append(Row(row_name(f, ITEM, slot), text_cells(
            *(f[f"{k['id']}_resilience"] for k in kinds), f["yang"], f["yin"],
            f"defeated ({', '.join(beaten)})" if beaten else "in the fight"), "current" if slot == actor else ""))
    return Table("Each combatant's resilience left and chi", ("Combatant", *(k["name"] for k in kinds),
                                                              "Yang", "Yin", "Standing"), tuple(rows))


def _end_turn(values: Mapping[str, Any], actor: int, problems: Problems) -> Apply:
    fighters = [dict(f) for f in values["combatants"]]
    names = [row_name(f, ITEM, n) for n, f in enumerate(fighters, start=1)]
    me = fighters[actor - 1] if actor else None
    said = []
    for pool in ("yang", "yin"):
        spent = values[f"spent_{pool}"]
        if spent and me is None:
            problems.add(f"spent_{pool}", "Nobody is acting, so nobody can spend chi")
        elif spent and spent > me[pool]:
            problems.add(f"spent_{pool}", f"{names[actor - 1]} has only {me[pool]} {pool.title()} chi (got {spent})")
        elif spent:
            me[pool] -= spent
            said.append(f"{names[actor - 1]} spends {spent} {pool.title()} chi")
    target = values["target"]
    if target:
        hit = [n for n, name in enumerate(names) if name.casefold() == target.casefold()]
        if not hit:
            problems.add("target", f"No combatant is called {target!r} (there are: {', '.join(names)})")
        else:
            kind = values["hit_conflict"]
            victim = fighters[hit[0]]
            victim[f"{kind}_resilience"] = max(0, victim[f"{kind}_resilience"] - values["hit_damage"])
            said.append(f"{names[hit[0]]} takes {values['hit_damage']} damage "
                        f"({victim[f'{kind}_resilience']} {kind} resilience left)")
    problems.raise_if_any()
    label = "End the turn" + (f" and hit {names[hit[0]]}" if target else "")
    return Apply(label, (("turns_taken", values["turns_taken"] + 1), ("combatants", fighters), ("target", ""),
                         ("hit_damage", 0), ("spent_yang", 0), ("spent_yin", 0)),
                 summary=("; ".join(said) + "; then the next turn." if said else "On to the next turn."))


def compute_order(values: Mapping[str, Any]) -> dict[str, Any]:
    """The acting order of every combatant in every running conflict, and the turn's end."""
    problems = Problems()
    kinds = conflicts()
    if not any(values[f"{k['id']}_on"] for k in kinds):
        problems.add(f"{kinds[0]['id']}_on", "At least one kind of conflict must be running")
    problems.raise_if_any()
    order = turns(values)
    first = _describe(order[0]) if order else "nobody"
    taken = values["turns_taken"]
    if not order:
        return {"round": 1, "acting_now": "nobody", "next_up": "nobody", "first": first, "turns": 0,
                "order": _table(order), "fighters": _fighters_table(values, 0),
                "end_turn": _end_turn(values, 0, problems)}
    now, later = order[taken % len(order)], order[(taken + 1) % len(order)]
    when = "Next round, turn 1" if (taken + 1) % len(order) == 0 else f"Turn {(taken + 1) % len(order) + 1}"
    return {
        "round": taken // len(order) + 1,
        "acting_now": f"Turn {taken % len(order) + 1}: {_describe(now)}",
        "next_up": f"{when}: {_describe(later)}",
        "first": first,
        "turns": len(order),
        "order": _table(order, taken % len(order)),
        "fighters": _fighters_table(values, now["slot"]),
        "end_turn": _end_turn(values, now["slot"], problems),
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
        summary="Named combatants in one or more running conflicts: every turn of a round in order, with the "
                "book's rules for equal ratings, each one's resilience and chi, and an attack applied to its target.",
        inputs=_order_inputs,
        outputs=_order_outputs,
        compute=compute_order,
        source_notes=(f"{GAME}.{PRECEDENCE_NOTE}", f"{GAME}.value-ranges"),
    ),
)
