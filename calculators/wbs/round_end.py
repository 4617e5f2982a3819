"""The end of a round and the start of the next, fighter by fighter: what they pay, lose and regain.

The end of the round counts as a tick for waiting actions (an Energy Recover it completes pays
and refills); then upkeep (Kiai dice and the Kiai skill's, Efficiency counted, a lone Major Action
and Relax taken off, paid in GenKi, ReiKi or ShinKi, a monster's pool or its Stamina, a group's
members from their shared pool), channelled ReiKi let go above Concentration unless Stamina holds it
(Aura's never), SeiKi's Stamina and exhaustion (in the order source note seiki-exhaustion-order
reads), and the Core moved by Peak and Damper. Holding channelled ReiKi and Last Gasp end with the
round: each is chosen again as the next starts (`round_choices`). The next round starts with Last
Gasp paid by those who chose to fight on out of the fight. Every number is read from rules_data/wbs/.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import rules
from ..fields import Fixed
from ..recall import recalled
from . import fighters, spending, upkeep
from .combat_rules import combat
from .fighters import Readings
from .spirit_energy import monsters
from .upkeep import Payment


@dataclass(frozen=True, slots=True)
class Settled:
    """What one fighter's end of round came to."""

    resolved: str          # the action the end-of-round tick completed ("" for none)
    upkeep: int            # the upkeep before Efficiency
    paid: Payment
    reiki_lost: int        # channelled ReiKi let go (it stays in the pool)
    held: int              # Stamina paid to hold channelled ReiKi
    regained: int          # Stamina SeiKi gave back
    exhausted: int         # Stamina lost to exhaustion
    core: tuple[int, int]  # Core before and after
    ev: tuple[int, int]    # EV before and after (a lower Core may close an EV)
    recovered: str = ""    # an Energy Recover the end-of-round tick completed, in words
    from_group: int = 0    # upkeep the group's other members' energy paid


def _stamina() -> Mapping[str, Any]:
    return rules.table("wbs/stamina")


def one_major_action(row: Mapping[str, Any]) -> bool:
    """Whether the round's upkeep takes the lone Major Action off (none at all counts too; source note major-action)."""
    return row["majors"] <= 1


def upkeep_cost(row: Mapping[str, Any]) -> int:
    """The round's upkeep for the row: EV, Kiai dice (the skill's too), Relax and a lone Major Action, never below
    the floor."""
    return upkeep.upkeep_cost(row["ev"], row["kiai"], row["relaxing"], one_major_action(row),
                              row["kiai_extra"] * fighters.kiai_skill()["upkeep_per_die"])


def pay(row: Mapping[str, Any], cost: int, readings: Readings, pool: int | None = None) -> upkeep.Payment:
    """How the row pays `cost`: a character from GenKi and ReiKi (then ShinKi), a monster from its pool or Stamina.

    `pool` is the energy the row may spend when it shares a group's pool (its own energy otherwise).
    """
    energy = row["energy"] if pool is None else pool
    if row["monster"]:
        stamina_first = row["spark"] == _stamina_spark() and readings.yoki == "stamina-first"
        return upkeep.pay_monster(cost, row["efficiency"], energy, row["stamina"], row["tier"], stamina_first)
    return upkeep.pay_character(cost, row["efficiency"], energy, row["reiki"], readings.pool == "genki-first")


def _stamina_spark() -> str:
    # The Spark that recovers only as ReiKi does, and so leans on Stamina (YoKi).
    return next(s["id"] for s in monsters()["sparks"] if s["recovers_like"] == "reiki")


def _end_tick(row: dict[str, Any], name: str, readings: Readings) -> tuple[str, str]:
    """The end of the round passes a tick for the row's waiting action (source note end-of-round-resolve).

    What resolved ("" for nothing), and an Energy Recover's outcome in words.
    """
    if row["action"] == fighters.NO_ACTION or fighters.standing(row, readings) not in fighters.ACTING:
        return "", ""
    row["wait"] = max(0, row["wait"] - combat()["end_of_round"]["ticks"])
    if row["wait"]:
        row["carried"] = True
        return "", ""
    resolved = row["action"]
    said = spending.finish_recover(row, name, readings.recover, readings.last_point) if row["recover"] else ""
    row.update(action=fighters.NO_ACTION, carried=False)
    return resolved, said


def kept_free(row: Mapping[str, Any], reading: str) -> int:
    """Channelled ReiKi (on top of Aura's) that Concentration keeps through the round's end, with no Stamina paid.

    `reading` is source note aura-concentration's: Concentration's ranks on top of Aura, or counting it.
    """
    kept = row["concentration"] * rules.table("wbs/reiki")["losing"]["per_concentration_rank"]
    return max(0, kept - fighters.aura_now(row)) if reading == "inside" else kept


def hold_cost() -> int:
    """Stamina that holds channelled ReiKi above what Concentration keeps through a round's end."""
    return rules.table("wbs/reiki")["losing"]["keep_stamina"]


def can_hold(row: Mapping[str, Any]) -> bool:
    """Whether the row has the Stamina to hold channelled ReiKi (paying it never knocks them out)."""
    return row["stamina"] - hold_cost() > _stamina()["unconscious_at"]


def _let_go(row: dict[str, Any], reading: str) -> tuple[int, int]:
    """Channelled ReiKi above Concentration goes back to the pool, unless Stamina holds it: (lost, Stamina paid).

    Aura's ReiKi is never let go; Concentration keeps its ranks on top of it, or counts it among what it keeps
    (source note aura-concentration).
    """
    losing = rules.table("wbs/reiki")["losing"]
    kept = kept_free(row, reading)
    if row["channelled"] <= kept:
        return 0, 0
    if row["hold"] and can_hold(row):
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


def _exhaust(row: dict[str, Any], round_number: int) -> int:
    exhausted = min(upkeep.exhaustion(round_number), max(0, row["stamina"] - _stamina()["unconscious_at"]))
    row["stamina"] -= exhausted
    return exhausted


def settle(row: Mapping[str, Any], round_number: int, readings: Readings, name: str = "",
           pool: int | None = None) -> tuple[dict[str, Any], Settled]:
    """The row after its end of round `round_number`, and what happened to it.

    With `pool` (a group's shared energy) the upkeep may cost more than the row's own energy; what its own
    energy could not pay is `Settled.from_group`, for `settle_all` to take from the others.
    """
    after, settled = _settled(row, round_number, readings, name, pool)
    return dict(after), settled


@recalled  # a fight's every answer settles each row's round: a row that did not change, once
def _settled(row: Mapping[str, Any], round_number: int, readings: Readings, name: str,
             pool: int | None) -> tuple[Fixed, Settled]:
    new = dict(row)
    resolved, recovered = _end_tick(new, name, readings)
    cost = upkeep_cost(row)
    paid = pay(new, cost, readings, None if pool is None else pool - row["energy"] + new["energy"])
    own = min(paid.energy, new["energy"])
    new["energy"] -= own
    new["reiki"] -= paid.reiki
    new["shinki"] += paid.shinki
    new["stamina"] -= paid.stamina
    new["channelled"] = min(new["channelled"], fighters.channel_room(new))
    lost, held = _let_go(new, readings.aura)
    full = max(row["stamina_full"], row["stamina"])
    if readings.order == "exhaustion-first":
        exhausted = _exhaust(new, round_number)
        regained = _regain(new, full)
    else:
        regained = _regain(new, full)
        exhausted = _exhaust(new, round_number)
    core_before = fighters.core_now(row)
    _move_core(new)
    ev_before = new["ev"]
    if readings.carry == "clear":
        new.update(ev=0, relaxing=False)
    elif new["ev"] not in fighters.ev_allowed(new):
        new["ev"] = fighters.ev_kept(new)
    # A round's own choices are asked afresh at the next round's start, never carried unasked: Last Gasp
    # and holding channelled ReiKi cost Stamina each round they are chosen.
    new.update(kiai=0, kiai_extra=0, majors=0, gasp_paid=False, staggered=False, core_move=0, resolved_kinds="",
               declared_here=False, hold=False, last_gasp=False)
    return Fixed(new), Settled(resolved, cost, paid, lost, held, regained, exhausted, (core_before, new["core"]),
                               (ev_before, new["ev"]), recovered, paid.energy - own)


def settle_all(rows: Sequence[Mapping[str, Any]], names: Sequence[str], round_number: int,
               readings: Readings) -> list[tuple[dict[str, Any], Settled]]:
    """Every row's end of round, in the fight's order: a group's members pay from their shared pool."""
    now: list[Any] = list(rows)  # each row as given (a key to its end of round), until settled or its pool paid
    done: list[tuple[dict[str, Any], Settled]] = []
    for i, name in enumerate(names):
        shared = len(fighters.pool_members(now, i, readings)) > 1
        pool = fighters.pool_of(now, i, readings) if shared else None
        now[i], settled = settle(now[i], round_number, readings, name, pool)
        if settled.from_group:
            members = fighters.pool_members(now, i, readings)
            changing = [dict(r) if j in members else r for j, r in enumerate(now)]
            fighters.take_energy(changing, i, settled.from_group, readings)
            now = changing
        done.append((now[i], settled))
    for i, row in enumerate(now):  # a member the pool drained keeps an EV their Core still opens
        if row["ev"] not in fighters.ev_allowed(row):
            row["ev"] = fighters.ev_kept(row)
        row["channelled"] = min(row["channelled"], fighters.channel_room(row))
        done[i] = (row, done[i][1])
    return done


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
