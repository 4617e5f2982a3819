"""The end of a round and the start of the next, fighter by fighter: what they pay, lose and regain.

The end of the round counts as a tick for waiting actions; then upkeep (Efficiency counted, a
lone Major Action and Relax taken off, paid in GenKi, ReiKi or ShinKi, a monster's pool or its
Stamina), channelled ReiKi let go above Concentration unless Stamina holds it, SeiKi's Stamina,
the Core moved by Peak and Damper, and exhaustion. The next round starts with Last Gasp paid by
those who fight on out of the fight. Every number is read from rules_data/wbs/.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .. import rules
from . import fighters, upkeep
from .combat_rules import combat
from .fighters import Readings
from .spirit_energy import monsters


@dataclass(frozen=True, slots=True)
class Settled:
    """What one fighter's end of round came to."""

    resolved: str          # the action the end-of-round tick completed ("" for none)
    upkeep: int            # the upkeep before Efficiency
    paid: upkeep.Payment
    reiki_lost: int        # channelled ReiKi let go (it stays in the pool)
    held: int              # Stamina paid to hold channelled ReiKi
    regained: int          # Stamina SeiKi gave back
    exhausted: int         # Stamina lost to exhaustion
    core: tuple[int, int]  # Core before and after
    ev: tuple[int, int]    # EV before and after (a lower Core may close an EV)


def _stamina() -> Mapping[str, Any]:
    return rules.table("wbs/stamina")


def one_major_action(row: Mapping[str, Any]) -> bool:
    """Whether the round's upkeep takes the lone Major Action off (none at all counts too; source note major-action)."""
    return row["majors"] <= 1


def upkeep_cost(row: Mapping[str, Any]) -> int:
    """The round's upkeep for the row: EV, Kiai dice, Relax and a lone Major Action, never below the floor."""
    return upkeep.upkeep_cost(row["ev"], row["kiai"], row["relaxing"], one_major_action(row))


def pay(row: Mapping[str, Any], cost: int, readings: Readings) -> upkeep.Payment:
    """How the row pays `cost`: a character from GenKi and ReiKi (then ShinKi), a monster from its pool or Stamina."""
    if row["monster"]:
        stamina_first = row["spark"] == _stamina_spark() and readings.yoki == "stamina-first"
        return upkeep.pay_monster(cost, row["efficiency"], row["energy"], row["stamina"], row["tier"], stamina_first)
    return upkeep.pay_character(cost, row["efficiency"], row["energy"], row["reiki"], readings.pool == "genki-first")


def _stamina_spark() -> str:
    # The Spark that recovers only as ReiKi does, and so leans on Stamina (YoKi).
    return next(s["id"] for s in monsters()["sparks"] if s["recovers_like"] == "reiki")


def _end_tick(row: dict[str, Any], readings: Readings) -> str:
    """The end of the round passes a tick for the row's waiting action (source note end-of-round-resolve)."""
    if row["action"] == fighters.NO_ACTION or fighters.standing(row, readings) not in fighters.ACTING:
        return ""
    row["wait"] = max(0, row["wait"] - combat()["end_of_round"]["ticks"])
    if row["wait"]:
        row["carried"] = True
        return ""
    resolved = row["action"]
    row.update(action=fighters.NO_ACTION, carried=False)
    return resolved


def _let_go(row: dict[str, Any]) -> tuple[int, int]:
    """Channelled ReiKi above Concentration goes back to the pool, unless Stamina holds it: (lost, Stamina paid)."""
    losing = rules.table("wbs/reiki")["losing"]
    kept = row["concentration"] * losing["per_concentration_rank"]
    if row["channelled"] <= kept:
        return 0, 0
    if row["hold"] and row["stamina"] - losing["keep_stamina"] > _stamina()["unconscious_at"]:
        row["stamina"] -= losing["keep_stamina"]
        return 0, losing["keep_stamina"]
    lost = row["channelled"] - kept
    row["channelled"] = kept
    return lost, 0


def _regain(row: dict[str, Any], full: int) -> int:
    """Stamina a SeiKi monster gets back with its upkeep, never above its full Stamina."""
    if not row["monster"]:
        return 0
    per = rules.by_id(monsters()["sparks"], row["spark"])["upkeep_stamina_per_tier"] * fighters.per_tier(row)
    gained = max(0, min(per, full - row["stamina"]))
    row["stamina"] += gained
    return gained


def _move_core(row: dict[str, Any]) -> None:
    """The declared End of Round move of the Core, inside the Peak and Damper range; never above the energy left."""
    if row["core_move"] and fighters.has_peak_or_damper(row):
        low, high = fighters.core_range(row)
        row["core"] = max(low, min(high, row["core"] + row["core_move"]))
    row["core"] = fighters.core_now(row)


def _closest_ev(row: Mapping[str, Any]) -> int:
    """The EV a fighter keeps when their Core no longer opens the one they had: the highest still open below it."""
    return max(ev for ev in fighters.ev_allowed(row) if ev <= row["ev"])


def settle(row: Mapping[str, Any], round_number: int, readings: Readings) -> tuple[dict[str, Any], Settled]:
    """The row after its end of round `round_number`, and what happened to it."""
    new = dict(row)
    resolved = _end_tick(new, readings)
    cost = upkeep_cost(row)
    paid = pay(new, cost, readings)
    new["energy"] -= paid.energy
    new["reiki"] -= paid.reiki
    new["shinki"] += paid.shinki
    new["stamina"] -= paid.stamina
    pool = new["energy"] if new["monster"] else new["reiki"]
    new["channelled"] = min(new["channelled"], pool)
    lost, held = _let_go(new)
    regained = _regain(new, max(row["stamina_full"], row["stamina"]))
    core_before = fighters.core_now(row)
    _move_core(new)
    exhausted = min(upkeep.exhaustion(round_number), max(0, new["stamina"] - _stamina()["unconscious_at"]))
    new["stamina"] -= exhausted
    ev_before = new["ev"]
    if readings.carry == "clear":
        new.update(ev=0, relaxing=False)
    elif new["ev"] not in fighters.ev_allowed(new):
        new["ev"] = _closest_ev(new)
    new.update(kiai=0, majors=0, gasp_paid=False, staggered=False, core_move=0)
    return new, Settled(resolved, cost, paid, lost, held, regained, exhausted, (core_before, new["core"]),
                        (ev_before, new["ev"]))


def gasp_cost() -> int:
    """Stamina a round of Last Gasp (or of staying awake past twice Health) costs."""
    return rules.by_id(_stamina()["spending"], "last-gasp")["stamina"]


def can_pay_gasp(row: Mapping[str, Any]) -> bool:
    """Whether paying for Last Gasp leaves the fighter any Stamina (paying the last point would knock them out)."""
    return row["stamina"] - gasp_cost() > _stamina()["unconscious_at"]


def start(row: Mapping[str, Any], readings: Readings) -> tuple[dict[str, Any], str]:
    """The row as its round's ticks begin: Last Gasp (or staying awake) paid if it means to; what it paid, in words."""
    state = fighters.standing(row, readings)
    if not row["last_gasp"] or row["gasp_paid"] or state not in (fighters.OUT, fighters.UNCONSCIOUS):
        return dict(row), ""
    if not can_pay_gasp(row):
        return dict(row), "has too little Stamina left for Last Gasp"
    why = "for Last Gasp, to act" if state == fighters.OUT else "to stay awake"
    return {**row, "stamina": row["stamina"] - gasp_cost(), "gasp_paid": True}, f"pays {gasp_cost()} Stamina {why}"
