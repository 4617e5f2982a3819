"""Defeat in a conflict: who takes no more turns, where, and the rule that says so.

A character at 0 resilience of one kind is defeated in that kind of conflict. A hero's defeat
in some kinds ends every turn (incapacitated, `defeat_ends: every-conflict` in conflicts.yaml);
for a non-player character the book leaves that to the GM, so a source note's reading decides.
The words of each condition are the glossary's, never this module's.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .. import rules
from ..results import Condition
from .common import GAME, conflicts

NPC_WHOLE = "out-of-every-conflict"  # the npc-physical-defeat reading under which an NPC is out of everything


def condition_term(role: str) -> Mapping[str, Any]:
    """The glossary term of one of the tracker's conditions (`npc_defeat`, `stop`, `extra_attack`, `breath`)."""
    terms: Mapping[str, Any] = rules.table("xia/tracker")["condition_terms"]
    return term(terms[role])


def term(term_id: str) -> Mapping[str, Any]:
    """A Xia glossary term by id (its `term` names a condition, its `definition` is the rule's text)."""
    return rules.by_id(rules.entries(GAME, "glossary", "terms"), term_id, what="glossary term of xia")


def rule_text(entry: Mapping[str, Any]) -> str:
    """A glossary term's definition on one line."""
    return " ".join(entry["definition"].split())


def npc_notes() -> dict[str, str]:
    """Conflict id → the source note on what a non-player character's defeat in it ends."""
    return {k["id"]: k["npc_defeat_note"] for k in conflicts() if "npc_defeat_note" in k}


def ends_everything(row: Mapping[str, Any], kind: Mapping[str, Any], readings: Mapping[str, str]) -> bool:
    """Whether this combatant's defeat in `kind` ends their turns in every conflict."""
    if kind["defeat_ends"] != "every-conflict":
        return False
    if row["side"] == "pc":
        return True
    note = kind.get("npc_defeat_note")
    return note is None or readings.get(note, rules.note(GAME, note)["reading"]) == NPC_WHOLE


def beaten(row: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """The kinds of conflict this combatant has no resilience left in."""
    return [k for k in conflicts() if row[f"{k['id']}_resilience"] == 0]


def kept_out(row: Mapping[str, Any], readings: Mapping[str, str]) -> dict[str, Mapping[str, Any]]:
    """Conflict id → the kind of conflict whose defeat keeps this combatant from a turn in it (none: not there)."""
    lost = beaten(row)
    if not lost:
        return {}
    whole = next((k for k in lost if ends_everything(row, k, readings)), None)
    out = {k["id"]: whole for k in conflicts()} if whole is not None else {}
    out.update({k["id"]: k for k in lost})
    return out


def out_of(row: Mapping[str, Any], kind_id: str, readings: Mapping[str, str]) -> Mapping[str, Any] | None:
    """The kind of conflict whose defeat keeps this combatant from a turn in `kind_id`, or None."""
    return kept_out(row, readings).get(kind_id)


def can_act(row: Mapping[str, Any], readings: Mapping[str, str]) -> bool:
    """Whether this combatant can act at all (an incapacitated hero cannot, not even to defend)."""
    return not any(ends_everything(row, k, readings) for k in beaten(row))


def conditions(row: Mapping[str, Any], running: set[str], readings: Mapping[str, str]) -> list[Condition]:
    """The defeats this combatant is in now, each with its rule's words from the glossary and notes."""
    found = []
    for kind in beaten(row):
        whole = ends_everything(row, kind, readings)
        if kind["id"] not in running and not whole:
            continue
        if row["side"] == "pc":
            found.append(Condition(term(kind["defeat"])["term"], rule_text(term(kind["defeat"]))))
            continue
        named = condition_term("npc_defeat")
        rule = rule_text(named)
        note = kind.get("npc_defeat_note")
        if note:
            chosen = readings.get(note, rules.note(GAME, note)["reading"])
            label = rules.reading_option(GAME, note, chosen)["label"]
            rule += f" {rules.note(GAME, note)['title']}: {' '.join(label.split())}."
        found.append(Condition(f"{named['term']} ({kind['name'].lower()})", rule))
    return found
