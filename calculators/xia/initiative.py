"""xia.initiative: the Initiative Rating; and the order of a round's turns, with the book's tie rules.

The conflict tracker (`xia.initiative_order`, in `conflict.py`) plays the order turn by turn;
this module only says who comes before whom.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..change_line import COMBATANT
from ..fields import row_name
from ..spec import Calculator, Input, Output
from . import defeat
from .common import GAME, character_value, conflict, conflicts, trait_input, trigram, trigram_input

SAME_SIDE = {"pc": "player-characters", "npc": "non-player-characters"}  # conflicts.yaml ties[].between
PRECEDENCE = "precedence"  # the tracker's reading inputs, by the note each follows
EQUAL_RATINGS = "equal_ratings"
NPC_DEFEAT = "npc_defeat"
PARTICIPANTS = "participants"
EVERYONE = "everyone-with-the-trait"  # the conflict-participants reading under which nobody is picked


def joined(kind_id: str) -> str:
    """A combatant's field saying they take part in one kind of conflict (`social_in`)."""
    return f"{kind_id}_in"


def participants_note() -> str:
    """The source note on who takes part in which conflict."""
    return rules.table("xia/conflicts")["participants_note"]


def takes_part(fighter: Mapping[str, Any], kind_id: str, reading: str) -> bool:
    """Whether a combatant is in one kind of conflict: a Trait above 0, and picked unless the reading takes everyone."""
    return fighter[kind_id] > 0 and (reading == EVERYONE or bool(fighter[joined(kind_id)]))


def initiative() -> Mapping[str, Any]:
    """The initiative rules of conflicts.yaml."""
    return rules.table("xia/conflicts")["initiative"]


def rating(trait: int, trigram_value: int) -> int:
    """Initiative Rating: the active Trait plus the initiative trigram (Thunder)."""
    return trait + trigram_value


def _inputs() -> list[Input]:
    name = trigram(initiative()["trigram"])["name"]
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


# --- the order of a round ------------------------------------------------------------------------

def readings(values: Mapping[str, Any]) -> dict[str, str]:
    """Source note id → the reading the tracker's inputs pick."""
    out = {initiative()["precedence_note"]: values[PRECEDENCE],
           initiative()["equal_ratings_note"]: values[EQUAL_RATINGS]}
    out.update({note: values[NPC_DEFEAT] for note in defeat.npc_notes().values()})
    return out


def turns(values: Mapping[str, Any], *, every: bool = False, ties: bool = True) -> list[dict[str, Any]]:
    """The turns of a round in acting order, each with the ties it was settled by.

    Only turns that can be taken, unless `every`: then also those a defeat keeps from acting (their
    `out` names the conflict lost), which keep their place so that a defeat never moves the round on.
    Without `ties`, the order alone (no `tie` words), for finding a place in it.
    """
    init = initiative()
    precedence = list(init["precedence"])
    sides = list(init["side_order"])  # on equal ratings (player characters first, by the book)
    chosen = readings(values)
    rating_first = values[PRECEDENCE] == "rating-first"
    side_decides = rating_first and values[EQUAL_RATINGS] == "side-decides"
    found = []
    kinds = [k for k in conflicts() if values[f"{k['id']}_on"]]
    for slot, fighter in enumerate(values["combatants"], start=1):
        out = defeat.kept_out(fighter, chosen)
        for kind in kinds:
            trait = fighter[kind["id"]]
            if not takes_part(fighter, kind["id"], values[PARTICIPANTS]):
                continue
            lost = out.get(kind["id"])
            if lost is not None and not every:
                continue
            found.append({"slot": slot, "name": row_name(fighter, COMBATANT, slot), "side": fighter["side"],
                          "conflict": kind["id"], "conflict_name": kind["name"],
                          "rating": rating(trait, fighter["thunder"]), "out": lost,
                          "done": fighter[f"{kind['id']}_done"]})

    def key(turn: dict[str, Any]) -> tuple[int, ...]:
        kind_rank = precedence.index(turn["conflict"])
        side_rank = sides.index(turn["side"])
        if not rating_first:
            return (kind_rank, -turn["rating"], side_rank, turn["slot"])
        if side_decides:
            return (-turn["rating"], side_rank, kind_rank, turn["slot"])
        return (-turn["rating"], kind_rank, side_rank, turn["slot"])

    found.sort(key=key)
    if ties:
        _settle_ties([t for t in found if t["out"] is None], side_decides)  # a turn nobody takes settles no tie
        for turn in found:
            turn.setdefault("tie", "")
    return found


def _settle_ties(order: list[dict[str, Any]], side_decides: bool) -> None:
    """Each turn's `tie`: the rules that put it where it is among turns on the same rating."""
    init = initiative()
    kinds_note = init["kinds_tie"].replace("{order}", " before ".join(conflict(c)["name"] for c in init["precedence"]))
    settled_by = _tie_notes()
    by_rating: dict[int, list[dict[str, Any]]] = {}
    for turn in order:
        by_rating.setdefault(turn["rating"], []).append(turn)
    for turn in order:
        tied = [t for t in by_rating[turn["rating"]] if t is not turn]
        same = [t for t in tied if t["conflict"] == turn["conflict"]]
        notes: list[str] = []
        if side_decides:
            if any(t["side"] != turn["side"] for t in tied):
                notes += settled_by["sides"]
            if any(t["conflict"] != turn["conflict"] and t["side"] == turn["side"] for t in tied):
                notes.append(kinds_note)
        else:
            if len(same) < len(tied):
                notes.append(kinds_note)
            if any(t["side"] != turn["side"] for t in same):
                notes += settled_by["sides"]
        if any(t["side"] == turn["side"] for t in same):
            notes += settled_by[SAME_SIDE[turn["side"]]]
        turn["tie"] = "; ".join(notes)


def _tie_notes() -> dict[str, list[str]]:
    """The tie column's words for each kind of tie (conflicts.yaml initiative.ties[].note), in the data's order."""
    notes: dict[str, list[str]] = {"sides": [], **{between: [] for between in SAME_SIDE.values()}}
    for tie in initiative()["ties"]:
        if "note" in tie:
            notes[tie["between"]].append(tie["note"])
    return notes


CALCULATORS = (
    Calculator(
        id="xia.initiative",
        title="Initiative Rating",
        summary="The active Trait plus the Thunder trigram: the highest rating acts first.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=(f"{GAME}.value-ranges",),
    ),
)
