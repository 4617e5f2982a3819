"""What each fighter may choose as a round starts, and what their row holds of it now (the round's prompt).

Nothing is carried unasked: the page asks every fighter afresh as each round starts, showing what
their row holds, and offers only what the rules allow now (the EVs their Core opens, Last Gasp to
one out of the fight who can pay it, holding channelled ReiKi to one who channels more than
Concentration keeps). Every number is read from rules_data/wbs/ through the modules named.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import rules
from ..recall import recalled
from ..results import Ask, FighterChoices, RoundChoices
from . import fighters, round_end, spending
from .combat_rules import combat
from .fighters import Readings

ROWS = "combatants"


def _stamina() -> Mapping[str, Any]:
    return rules.table("wbs/stamina")


def _toggle(field: str, label: str, value: bool, said: str, note: str) -> Ask:
    return Ask(field, label, "toggle", (), value, said, note)


def _ev(row: Mapping[str, Any]) -> Ask:
    options = tuple((ev, str(ev) if ev else "0 (none)") for ev in fighters.ev_allowed(row))
    return Ask("ev", "EV", "select", options, row["ev"], note=f"what a Core of {fighters.core_now(row)} allows")


def _relax(row: Mapping[str, Any]) -> Ask:
    name = rules.by_id(combat()["round_start"], "relax")["name"]
    return _toggle("relaxing", name, row["relaxing"], "Relaxes", "lower physical attributes and upkeep")


def _kiai(row: Mapping[str, Any], readings: Readings) -> Ask:
    dice = sum(fighters.kiai_dice(row))
    return Ask("kiai_next", "Kiai dice", "select", ((False, "0"), (True, str(dice))), row["kiai_next"],
               note=f"+{fighters.kiai_reflex(row, readings.kiai)} Reflex to the next action or Active Defense")


def _strain(row: Mapping[str, Any], readings: Readings) -> Ask | None:
    strain = spending.spend("strain")
    if not (row["strain"] or spending.can_pay(row, strain["stamina"], readings.last_point)):
        return None
    return _toggle("strain", strain["name"], row["strain"], strain["name"],
                   f"{strain['stamina']} Stamina: {strain['reflex_reduction']} Reflex off the next action")


def _hold(row: Mapping[str, Any], readings: Readings) -> Ask | None:
    above = row["channelled"] - round_end.kept_free(row, readings.aura)
    if above <= 0 or not (row["hold"] or round_end.can_hold(row)):
        return None
    return _toggle("hold", "Hold channelled ReiKi", row["hold"], "holds channelled ReiKi",
                   f"{round_end.hold_cost()} Stamina at the round's end keeps {above} more channelled ReiKi")


def _gasp(row: Mapping[str, Any], state: str) -> Ask | None:
    if not (row["last_gasp"] or round_end.can_pay_gasp(row)):
        return None
    name = rules.by_id(_stamina()["spending"], "last-gasp")["name"]
    why = "to act" if state == fighters.OUT else "to stay awake, with no ticks"
    return _toggle("last_gasp", name, row["last_gasp"], name,
                   f"{round_end.gasp_cost()} Stamina as the ticks begin, {why}")


def _acting(row: Mapping[str, Any], readings: Readings) -> list[Ask | None]:
    return [_ev(row), _relax(row), _kiai(row, readings), _strain(row, readings), _hold(row, readings)]


@recalled  # asked at every answer of a round's start, for every row: a row that did not change, once
def fighter(row: Mapping[str, Any], name: str, index: int, readings: Readings) -> FighterChoices:
    """One fighter's choices now, and why they have none (or only Last Gasp)."""
    state = fighters.standing(row, readings)
    asks: list[Ask | None] = []
    why = ""
    if state in fighters.ACTING:
        asks = _acting(row, readings)
    elif state == fighters.OUT:
        gasp = _gasp(row, state)
        asks = [gasp, *_acting(row, readings)] if gasp else []
        why = ("Out of the fight: they act this round only if they pay Last Gasp" if gasp
               else "Out of the fight, with too little Stamina for Last Gasp")
    elif state == fighters.UNCONSCIOUS:
        gasp = _gasp(row, state)
        asks = [gasp]
        why = "Unconscious: paying Last Gasp keeps them awake, with no ticks" if gasp else \
            "Unconscious, with too little Stamina to stay awake"
    else:
        why = {fighters.SAVED: "Kept awake by Saving Grace, with no ticks this round",
               fighters.AWAKE: "Awake at twice Health, with no ticks this round",
               fighters.SPENT: "Unconscious: no Stamina left",
               fighters.DYING: "Dying"}[state]
    return FighterChoices(name, index, tuple(a for a in asks if a is not None), why)


def choices(rows: Sequence[Mapping[str, Any]], names: Sequence[str], round_number: int, start: bool,
            readings: Readings) -> RoundChoices:
    """Every fighter's choices as round `round_number` starts (none once its ticks have begun)."""
    if not start:
        return RoundChoices(round_number, ROWS, False)
    all_in, recover = spending.spend("all-in")["name"], spending.spend("energy-recover")["name"]
    note = f"{all_in} is chosen as a roll resolves, and {recover} declared as an action, in the bar's change"
    return RoundChoices(round_number, ROWS, True,
                        tuple(fighter(row, name, i, readings) for i, (row, name) in enumerate(zip(rows, names,
                                                                                                   strict=True))),
                        note)
