"""A change to one fighter in the game master's terms: "Goblin 2", "+4", damage taken.

The target is a combatant's name and the change a whole number with an optional sign, both read
by the table tools' one grammar (`calculators.change_line`): a bare number or `+4` adds, `−2`
takes away, `=4` sets. What it changes is one of the things the rules track: damage, healing,
Stamina, energy, ReiKi, channelled ReiKi, ShinKi, the Core, a failed Stagger check, an action
declared with its Reflex cost (with the Kiai or Strain the row holds for it), an Energy Recover, an Active Defense,
All In, Major Actions. Every problem is named at its field; nothing is applied to a guess.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, cast

from .. import limits, rules
from ..change_line import MINUS, SETS, Amount
from ..errors import Problems
from ..spec import Choice, Input
from . import fighters, round_end, shared_tick, spending
from .combat_rules import combat
from .fighters import Readings
from .tick_pointer import Step, has_tick, ticks_after

DECLARE = "declare-"


def _pools() -> Mapping[str, str]:
    return {p["id"]: p["name"] for p in rules.table("wbs/energy")["pools"]}


def choices() -> tuple[Choice, ...]:
    """What a change may be to: the things the rules track, then each kind of action to declare."""
    pools = _pools()
    stagger = rules.by_id(rules.table("wbs/stamina")["losing"], "stagger")
    return (
        Choice("damage", "Damage taken"),
        Choice("healing", "Healing"),
        Choice("stamina", "Stamina"),
        Choice("energy", f"Energy ({pools['genki']}, or a monster's pool)"),
        Choice("reiki", f"{pools['reiki']} (characters)"),
        Choice("channelled", f"Channelled {pools['reiki']}"),
        Choice("shinki", "ShinKi taken"),
        Choice("core", "Core (a Control action)"),
        Choice("core_move", "Core move as the round ends"),
        Choice("stagger", f"{stagger['name']}: a failed check (no number needed)"),
        Choice("last_gasp", "Last Gasp this round: pays Stamina to fight on when out (no number needed)"),
        Choice("hold", f"Holds channelled {pools['reiki']} as this round ends, for Stamina (no number needed)"),
        *(Choice(f"{DECLARE}{c['id']}", f"Declare: {c['name']} (the number is its Reflex cost)")
          for c in fighters.categories()),
        Choice("recover", "Declare: Energy Recover (the number is its Reflex cost)"),
        Choice("pass", "Declares nothing on this tick (type 0)"),
        Choice("defense", "Active Defense, a reaction (its Reflex cost)"),
        Choice("all_in", "All In as a roll resolves (the number is how many times: 1 for once)"),
        Choice("majors", "Major Actions this round"),
    )


NO_NUMBER = ("stagger", "last_gasp", "hold")
"""Changes that need no number typed (the others wait for one, so a fighter left picked applies nothing)."""


def inputs(group: str) -> list[Input]:
    """The three fields of a change: who, by how much, and what."""
    return [
        Input("target", "Fighter", "text", default="", maximum=limits.NAME_LENGTH, group=group,
              help="A combatant's name; tap a name in the fighters' table to fill it in"),
        Input("change", "Change", "text", default="", maximum=limits.CHANGE_TEXT, group=group,
              help="+4 or 4 adds, −2 takes away, =5 sets; for an action, its Reflex cost"),
        Input("what", "Changes", "choice", default="damage", choices=choices(), group=group),
    ]


@dataclass(frozen=True, slots=True)
class Fight:
    """What a change needs to know of the fight: its rows, their names, where the round stands."""

    rows: Sequence[Mapping[str, Any]]
    names: Sequence[str]
    step: Step | None
    counts: Sequence[Sequence[int]]
    readings: Readings


@dataclass(frozen=True, slots=True)
class Applied:
    """A change worked out: the fight's rows after it, what it does in a few words, and what follows from it."""

    rows: list[dict[str, Any]]
    label: str
    summary: str


def apply(fight: Fight, index: int, what: str, amount: Amount | None, problems: Problems) -> Applied | None:
    """The change applied to the row at `index`, or None with its problems added (`change` or `target`)."""
    rows = [dict(r) for r in fight.rows]
    fight = Fight(rows, fight.names, fight.step, fight.counts, fight.readings)  # a change may touch a group's pool
    row = rows[index]
    name = fight.names[index]
    if what.startswith(DECLARE):
        done = _declare(fight, index, row, what.removeprefix(DECLARE), amount, problems)
    else:
        done = _CHANGES[what](fight, index, row, amount, problems)
    if done is None:
        return None
    label, summary = done
    return Applied(rows, f"{name} {label}", summary)


Done = tuple[str, str] | None
ChangeOf = Callable[["Fight", int, dict[str, Any], "Amount | None", Problems], Done]


def _needs(amount: Amount | None, problems: Problems, what: str) -> Amount | None:
    if amount is None:
        problems.add("change", f"Type how much {what} changes: +4, −2, 4 or =5")
    return amount


def _within(value: int, low: int, high: int, said: str, problems: Problems) -> bool:
    if low <= value <= high:
        return True
    problems.add("change", f"{said} would be {value}, " + (f"below {low}" if value < low else f"above {high}"))
    return False


def _state_words(row: Mapping[str, Any], readings: Readings) -> str:
    reached = fighters.threshold(row, readings)
    where = "fighting on" if reached is None else reached["name"].lower()
    return f"{row['damage']} damage of {fighters.effective_health(row)} Health: {where}"


def _damage(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if _needs(amount, problems, "the damage taken") is None:
        return None
    assert amount is not None
    before = fighters.standing(row, fight.readings)
    after = amount.applied_to(row["damage"])
    if not _within(after, 0, limits.POOLS, "The damage taken", problems):
        return None
    dealt = after - row["damage"]
    row["damage"] = after
    said = [_state_words(row, fight.readings)]
    if dealt > 0 and row["channelled"]:
        kept = row["concentration"] * rules.table("wbs/reiki")["losing"]["per_concentration_rank"]
        loose = min(row["channelled"], max(0, dealt - kept))
        if loose:
            row["channelled"] -= loose
            said.append(f"{loose} channelled ReiKi knocked loose (it stays in the pool)")
    said += _saving_grace(row, fight.readings)
    said += _gasp_at_once(row, before, fight.readings)
    label = f"takes {dealt} damage" if dealt >= 0 else f"has {-dealt} damage taken off"
    return label, "; ".join(said) + "."


def _saving_grace(row: dict[str, Any], readings: Readings) -> list[str]:
    """A fighter who means to use Saving Grace gives up the limbs that keep them awake past twice Health."""
    level = fighters.level_of(row, readings) - 1  # thresholds past Health
    if not row["saving_grace"] or level < 1 or row["stamina"] <= rules.table("wbs/stamina")["unconscious_at"]:
        return []
    needed = fighters.limbs_needed(level, readings.grace)
    if needed is None:
        return ["no limb given up holds off this fall (Saving Grace)"]
    if row["limbs"] >= needed:
        return []
    more, row["limbs"] = needed - row["limbs"], needed
    return [f"gives up {more} limb{'s' if more != 1 else ''} to stay awake, out of the fight (Saving Grace)"]


def _gasp_at_once(row: dict[str, Any], before: str, readings: Readings) -> list[str]:
    """With the at-once reading of last-gasp-timing, a fighter who drops mid-round may pay Last Gasp there and then."""
    now = fighters.standing(row, readings)
    if (readings.gasp != "at-once" or now == before or now not in (fighters.OUT, fighters.UNCONSCIOUS)
            or not row["last_gasp"] or row["gasp_paid"] or not round_end.can_pay_gasp(row)):
        return []
    row["stamina"] -= round_end.gasp_cost()
    row["gasp_paid"] = True
    return [f"pays {round_end.gasp_cost()} Stamina at once to fight on"]


def _healing(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if _needs(amount, problems, "healing") is None:
        return None
    assert amount is not None
    if amount.sign in (MINUS, SETS):
        problems.add("change", "Healing is how much damage comes off: type it as 4 or +4")
        return None
    healed = min(amount.size, row["damage"])
    row["damage"] -= healed
    return f"is healed of {healed} damage", _state_words(row, fight.readings) + "."


def _moved(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems, key: str,
           word: str, high: int) -> int | None:
    """One counted thing of the row changed, from 0 to `high`: how much it moved, or None with the problem added."""
    if _needs(amount, problems, word) is None:
        return None
    assert amount is not None
    after = amount.applied_to(row[key])
    if not _within(after, 0, high, f"{fight.names[index]}'s {word}", problems):
        return None
    moved, row[key] = after - row[key], after
    return moved


def _pool_change(key: str, word: str, high: int) -> ChangeOf:
    """The change of one pool (energy or ReiKi): the Core and channelled ReiKi follow it down."""

    def change(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
        if key == "reiki" and row["monster"]:
            problems.add("change", f"A monster has one pool: change its energy ({fighters.pool_name(row)})")
            return None
        shown = fighters.pool_name(row) if key == "energy" else word
        members = fighters.pool_members(fight.rows, index, fight.readings)
        if key == "energy" and len(members) > 1 and amount is not None and amount.sign == MINUS:
            return _group_spend(fight, index, amount.size, shown, problems)
        moved = _moved(fight, index, row, amount, problems, key, shown, high)
        if moved is None:
            return None
        row["channelled"] = min(row["channelled"], fighters.channel_room(row))
        row["core"] = min(row["core"], row["energy"])
        ev = row["ev"]
        row["ev"] = fighters.ev_kept(row)  # an EV the Core left no longer opens falls to one it does
        verb = "gains" if moved >= 0 else "spends"
        fell = f" Their EV falls to {row['ev']}: the Core left opens no more." if row["ev"] != ev else ""
        return f"{verb} {abs(moved)} {shown}", f"{row[key]} {shown} now.{fell}"
    return change


def _group_spend(fight: Fight, index: int, spent: int, shown: str, problems: Problems) -> Done:
    """Energy a group's member spends comes from the group's pool: their own first, then the others'."""
    pool = fighters.pool_of(fight.rows, index, fight.readings)
    if not _within(pool - spent, 0, limits.ENERGY, f"The {fight.rows[index]['group'].strip()} pool", problems):
        return None
    rows = cast("list[dict[str, Any]]", fight.rows)  # apply() hands every change the fight's own copies
    fighters.take_energy(rows, index, spent, fight.readings)
    for i in fighters.pool_members(rows, index, fight.readings):
        rows[i]["channelled"] = min(rows[i]["channelled"], fighters.channel_room(rows[i]))
        rows[i]["ev"] = fighters.ev_kept(rows[i])
    return f"spends {spent} {shown} from the group's pool", f"{pool - spent} left in the pool."


def _stamina(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    moved = _moved(fight, index, row, amount, problems, "stamina", "Stamina", limits.POOLS)
    if moved is None:
        return None
    verb = "gets back" if moved >= 0 else "loses"
    tail = "; unconscious until some comes back" if fighters.standing(row, fight.readings) == fighters.SPENT else ""
    return f"{verb} {abs(moved)} Stamina", f"{row['stamina']} Stamina left{tail}."


def _channelled(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    room = fighters.channel_room(row)
    aura = fighters.aura_now(row)
    said = f"channelled ReiKi (at most the pool{' less Aura' if aura else ''}, {room})"
    moved = _moved(fight, index, row, amount, problems, "channelled", said, room)
    if moved is None:
        return None
    verb = "channels" if moved >= 0 else "lets go of"
    tail = f" on top of {aura} from Aura" if aura else ""
    return f"{verb} {abs(moved)} ReiKi", f"{row['channelled']} channelled now{tail}."


def _shinki(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    moved = _moved(fight, index, row, amount, problems, "shinki", "ShinKi", limits.POOLS)
    if moved is None:
        return None
    verb = "takes" if moved >= 0 else "is rid of"
    return f"{verb} {abs(moved)} ShinKi", _state_words(row, fight.readings) + "."


def _core(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if _needs(amount, problems, "the Core") is None:
        return None
    assert amount is not None
    low, high = fighters.core_range(row)
    after = amount.applied_to(fighters.core_now(row))
    if not fighters.has_peak_or_damper(row):
        problems.add("change", f"{fight.names[index]} has no Peak or Damper range, so their Core cannot move "
                               "(give the row its lowest and highest Core)")
        return None
    if not _within(after, low, high, f"{fight.names[index]}'s Core", problems):
        return None
    row["core"] = after
    return f"moves their Core to {after}", f"The highest EV it opens: {max(fighters.ev_allowed(row))}."


def _core_move(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if _needs(amount, problems, "the Core") is None:
        return None
    assert amount is not None
    shift = rules.table("wbs/energy")["core_genki"]["end_of_round_shift"]
    if not fighters.has_peak_or_damper(row):
        problems.add("change", f"Only a fighter with Peak or Damper moves their Core as the round ends "
                               f"({fight.names[index]}'s row gives no range)")
        return None
    move = amount.signed
    if not _within(move, -shift, shift, "The move", problems):
        return None
    row["core_move"] = move
    return f"will move their Core by {move:+d} as the round ends", "Inside their Peak and Damper range."


def _stagger(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    loss = rules.by_id(rules.table("wbs/stamina")["losing"], "stagger")["stamina"]
    times = 1 if amount is None else amount.size
    if amount is not None and (amount.sign in (MINUS, SETS) or times < 1):
        problems.add("change", "Leave it empty for one failed Stagger check, or type how many (2)")
        return None
    lost = min(loss * times, row["stamina"])
    row["stamina"] -= lost
    row["staggered"] = True
    return f"is Staggered and loses {lost} Stamina", f"{row['stamina']} Stamina left."


def _chosen(field: str, words: str, then: str) -> ChangeOf:
    """A round's choice (asked afresh each round: the round's end clears it), made for this round."""
    def change(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
        if amount is not None:
            problems.add("change", "Leave the number empty: this is chosen for the round, not counted")
            return None
        if row[field]:
            return f"already {words} this round", then
        row[field] = True
        return f"{words} this round", then
    return change


def _majors(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if _moved(fight, index, row, amount, problems, "majors", "count of Major Actions", limits.RANKS) is None:
        return None
    return f"has {row['majors']} Major Action{'s' if row['majors'] != 1 else ''} this round", ""


def _free(fight: Fight, index: int, row: Mapping[str, Any], problems: Problems) -> bool:
    """Whether the fighter may declare now: they have a tick on the current step and nothing left to wait for."""
    name = fight.names[index]
    if fight.step is None:
        problems.add("change", "Actions are declared on a fighter's ticks: press Next to reach the round's first")
    elif not has_tick(fight.counts[index], fight.step):
        problems.add("target", f"{name} has no tick now, so cannot declare (see who is acting now)")
    elif row["wait"]:
        problems.add("target", f"{name} is still waiting {row['wait']} tick{'s' if row['wait'] != 1 else ''} "
                               "for their action to resolve")
    else:
        return True
    return False


def counts_as_major(kind: str, cost: int, reading: str) -> bool:
    """Whether a declared action counts toward the round's Major Actions, by the reading of source note major-action."""
    if reading == "costed-action":
        return cost > 0
    if reading == "attack-or-technique":
        return kind == "attacks"
    return False


def _in_turn(fight: Fight, index: int, problems: Problems) -> bool:
    """Whether it is the fighter's turn to declare: those whose actions resolved before theirs have declared."""
    assert fight.step is not None
    ahead = shared_tick.ahead_of(fight.rows, fight.counts, fight.step, index)
    if ahead:
        first = fight.names[ahead[0]]
        problems.add("target", f"{first} declares before {fight.names[index]} on this tick (actions are declared in "
                               f"the order they resolved); declare for {first} first, or let them declare nothing")
        return False
    return True


def _declare(fight: Fight, index: int, row: dict[str, Any], kind: str, amount: Amount | None,
             problems: Problems, recover: bool = False) -> Done:
    if amount is None or amount.sign == MINUS:
        problems.add("change", "Type the action's Reflex cost: 0 for a Quick action, 1, 2 …")
        return None
    cost = amount.size
    if not _free(fight, index, row, problems) or not _in_turn(fight, index, problems):
        return None
    name, said = fight.names[index], []
    kiai = row["kiai_next"] and not recover
    if kiai and kind == "movement":
        problems.add("target", f"A Kiai goes with an action that rolls dice, and a move rolls none: untick {name}'s "
                               "Kiai, or declare the roll")
        return None
    if kiai:
        cost += fighters.kiai_reflex(row, fight.readings.kiai)
        said.append(_kiai(row, fight.readings))
    if row["strain"]:
        strain = spending.spend("strain")
        if not spending.can_pay(row, strain["stamina"], fight.readings.last_point):
            _unpaid(problems, name, row, strain["stamina"], strain["name"], fight.readings)
            return None
        if cost < 1:
            problems.add("target", f"{strain['name']} lowers a Reflex cost of 1 or more: untick it for {name}'s "
                                   "Quick action")
            return None
        cost -= min(cost, strain["reflex_reduction"])
        row.update(stamina=row["stamina"] - strain["stamina"], strain=False)
        said.append(f"{strain['name']}: {strain['stamina']} Stamina for {strain['reflex_reduction']} Reflex less")
    shared_tick.record(row, fight.counts[index], fight.step)
    if cost == 0:
        why = shared_tick.refusal(fight.rows, index, kind, fight.readings.quick)
        if why:
            problems.add("target", f"{name} {why}: declare it for 1 Reflex or more, or as another kind")
            return None
    row.update(action=kind, wait=cost, carried=False, recover=recover, declared_here=True)
    if counts_as_major(kind, cost, fight.readings.major):
        row["majors"] += 1
    kind_name = "Energy Recover" if recover else rules.by_id(fighters.categories(), kind)["name"]
    extra = "".join(f" {s}." for s in said)
    if cost == 0:
        return f"declares {kind_name} (Quick)", f"It resolves now, in its place among this tick's actions.{extra}"
    left = ticks_after(fight.counts[index], fight.step) + combat()["end_of_round"]["ticks"]
    excess = cost > left
    tail = (f" It runs past the round's end ({left} tick{'s' if left != 1 else ''} left, the end of the round "
            "counted): no Active Defense until it resolves." if excess else "")
    return (f"declares {kind_name} for {cost} Reflex",
            f"It resolves on their {_ordinal(cost)} tick from now.{tail}{extra}")


def _unpaid(problems: Problems, name: str, row: Mapping[str, Any], price: int, what: str, readings: Readings) -> None:
    problems.add("target", f"{name} {spending.refusal(row, price, what, readings.last_point)}")


def _kiai(row: dict[str, Any], readings: Readings) -> str:
    """The row's Kiai spent on an action: its dice counted for the upkeep, in words."""
    own, skill = fighters.kiai_dice(row)
    row.update(kiai=row["kiai"] + own, kiai_extra=row["kiai_extra"] + skill, kiai_next=False)
    dice = own + skill
    return (f"Kiai: {dice} more di{'ce' if dice != 1 else 'e'}, {fighters.kiai_reflex(row, readings.kiai)} more "
            f"Reflex, {dice} more upkeep")


def _recover(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    name = fight.names[index]
    rule = spending.spend("energy-recover")
    if amount is None or amount.sign == MINUS:
        problems.add("change", f"Type the {rule['name']}'s Reflex cost ({rule['reflex_cost']})")
        return None
    if not spending.recovers(row):
        problems.add("target", f"{name}'s {fighters.pool_name(row)} comes back as ReiKi does: {rule['name']} "
                               "refills only a pool that comes back as GenKi does")
        return None
    if not row["energy_full"]:
        problems.add("target", f"Give {name}'s row their full energy (Full energy) so {rule['name']} knows its share")
        return None
    if not spending.can_pay(row, rule["stamina"], fight.readings.last_point):
        _unpaid(problems, name, row, rule["stamina"], rule["name"], fight.readings)
        return None
    return _declare(fight, index, row, "energy", amount, problems, recover=True)


def _pass(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if not _free(fight, index, row, problems) or not _in_turn(fight, index, problems):
        return None
    shared_tick.record(row, fight.counts[index], fight.step)
    row["declared_here"] = True
    return "declares nothing on this tick", "The next fighter declares; they are free again on their next tick."


def _all_in(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    rule = spending.spend("all-in")
    name = fight.names[index]
    if amount is None or amount.sign in (MINUS, SETS) or amount.size < 1:
        problems.add("change", f"Type how many times {rule['name']} is paid on this roll: 1, or 2 …")
        return None
    times = amount.size
    if fight.step is None:
        problems.add("change", f"{rule['name']} is paid as a roll resolves: press Next to reach the round's ticks")
        return None
    if fighters.standing(row, fight.readings) not in fighters.ACTING:
        problems.add("target", f"{name} cannot act, so rolls nothing to go {rule['name']} on")
        return None
    price = rule["stamina"] * times
    if not spending.can_pay(row, price, fight.readings.last_point):
        _unpaid(problems, name, row, price, rule["name"], fight.readings)
        return None
    row["stamina"] -= price
    dice = rule["dice"] * times
    return (f"goes {rule['name']}" + (f" {times} times" if times > 1 else ""),
            f"Up to {dice} dice of the roll count as their highest face and do not explode; "
            f"{row['stamina']} Stamina left.")


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def excess(row: Mapping[str, Any], count: Sequence[int], step: Step | None) -> bool:
    """Whether the row's waiting action runs past this round (no Active Defense until it resolves)."""
    return bool(row["wait"]) and row["wait"] > ticks_after(count, step) + combat()["end_of_round"]["ticks"]


def _defense(fight: Fight, index: int, row: dict[str, Any], amount: Amount | None, problems: Problems) -> Done:
    if amount is None or amount.sign == MINUS:
        problems.add("change", "Type the Active Defense's Reflex cost (1, plus the weapon's modifier)")
        return None
    name = fight.names[index]
    if fighters.standing(row, fight.readings) not in fighters.ACTING:
        problems.add("target", f"{name} cannot act, so has no Active Defense")
        return None
    if row["carried"] or excess(row, fight.counts[index], fight.step):
        problems.add("target", f"{name} has an action running past the round (excess cost): "
                               "no Active Defense until they are active again")
        return None
    cost = amount.size
    said = ""
    if row["kiai_next"]:
        cost += fighters.kiai_reflex(row, fight.readings.kiai)
        said = f" {_kiai(row, fight.readings)}."
    row["wait"] += cost
    return (f"uses an Active Defense for {cost} Reflex",
            f"It resolves now and holds until they are active; that is {row['wait']} tick"
            f"{'s' if row['wait'] != 1 else ''} away now.{said}")


_CHANGES: dict[str, ChangeOf] = {
    "damage": _damage,
    "healing": _healing,
    "stamina": _stamina,
    "energy": _pool_change("energy", "energy", limits.ENERGY),
    "reiki": _pool_change("reiki", "ReiKi", limits.ENERGY),
    "channelled": _channelled,
    "shinki": _shinki,
    "core": _core,
    "core_move": _core_move,
    "stagger": _stagger,
    "last_gasp": _chosen("last_gasp", "means to fight on with Last Gasp",
                         "Paid as the round starts, or when they drop (the Last Gasp reading); asked again "
                         "next round."),
    "hold": _chosen("hold", "will hold channelled ReiKi",
                    "Paid in Stamina as the round ends, if there is ReiKi above what Concentration keeps."),
    "defense": _defense,
    "recover": _recover,
    "pass": _pass,
    "all_in": _all_in,
    "majors": _majors,
}
