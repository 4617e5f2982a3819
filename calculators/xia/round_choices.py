"""Who is in which conflict as a Xia round starts (the round's prompt, as WBS's asks each fighter's choices).

Asked afresh each round, before its first turn: which conflicts run (a conflict ends when the GM
unticks it), and, per combatant with a Trait above 0 in a kind, whether they take part in that
kind. Under the reading that everyone with the Trait takes part, nobody is asked about taking part.
Catching breath is the tracker's own button ("Everyone catches their breath"), named in the note.
Whether enough combatants clash in each running conflict is the tracker's check, made on what the
prompt sets (`conflict._check_participants`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..change_line import COMBATANT
from ..fields import row_name
from ..results import Ask, FighterChoices, RoundChoices
from .common import conflicts
from .initiative import EVERYONE, joined

ROWS = "combatants"


def running(kind_id: str) -> str:
    """The tracker's input saying one kind of conflict runs (`social_on`)."""
    return f"{kind_id}_on"


def _kind_word(kind: Mapping[str, Any]) -> str:
    return str(kind["name"]).lower()


def _combatant(row: Mapping[str, Any], name: str, index: int, participants: str) -> FighterChoices:
    if participants == EVERYONE:
        return FighterChoices(name, index, (),
                              "Takes part in every running conflict they have a Trait for (the reading)")
    # Named by the kind alone ("Social", its Trait beside it; the prompt's note says what a box means), so the
    # boxes stand in one row on a phone.
    asks = tuple(Ask(joined(k["id"]), str(k["name"]), "toggle", (), bool(row[joined(k["id"])]),
                     f"in the {_kind_word(k)} conflict", f"Trait {row[k['id']]}")
                 for k in conflicts() if row[k["id"]] > 0)
    return FighterChoices(name, index, asks, "" if asks else "No Trait above 0: in no conflict")


def choices(values: Mapping[str, Any], start: bool, participants: str) -> RoundChoices:
    """The round's choices while no turn of it is taken (none once the first turn is)."""
    round_number = values["round"]
    if not start:
        return RoundChoices(round_number, ROWS, False)
    rows = values[ROWS]
    table = tuple(Ask(running(k["id"]), f"{k['name']} conflict running", "toggle", (), bool(values[running(k["id"])]),
                      f"{k['name']} conflict running",
                      "untick to end it" if values[running(k["id"])] else "tick to begin it")
                  for k in conflicts())
    fighters = tuple(_combatant(row, row_name(row, COMBATANT, n + 1), n, participants) for n, row in enumerate(rows))
    return RoundChoices(round_number, ROWS, True, fighters,
                        "Under each combatant, tick the conflicts they take part in. Everyone catches their breath "
                        "with the tracker's own button, between conflicts", table)
