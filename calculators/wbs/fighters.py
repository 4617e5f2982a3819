"""A fighter of the combat tracker: the fields of their row, and what the rules make of a row now.

A row is the fighter's whole state between two presses (the page's link, saves and undo hold
exactly it): pools, damage, what they chose at the round's start, and the action they declared.
Here it is read: whether they are standing, unconscious or out of the fight, the round's Reflex
after EV and Relax, their ticks, and the conditions the rules name for them. Nothing is changed here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import limits, rules
from ..present import count_word
from ..results import AddToFight, Condition
from ..spec import Choice, Input
from . import health, ticks
from .attributes import group_attributes
from .combat_rules import combat, reading_number
from .energy import boosted_ev
from .spirit_energy import monsters, tier_number
from .tiers import choices as tier_choices

TRACKER = "wbs.combat_tracker"
NO_ACTION = "none"

# What a row's rules make of it, from most to least able to act.
FIGHTING, GASPING, OUT, AWAKE, SAVED, UNCONSCIOUS, SPENT, DYING = (
    "fighting", "gasping", "out", "awake", "saved", "unconscious", "spent", "dying")
ACTING = (FIGHTING, GASPING)


def categories() -> Sequence[Mapping[str, Any]]:
    """The kinds of action in the order they resolve on a shared tick (Quick, Movement, Attacks, …)."""
    return combat()["resolution_order"]


def by_kind(kind: str) -> str:
    """The name of a kind of action (Quick, Movement, …)."""
    return rules.by_id(categories(), kind)["name"]


def fields() -> tuple[Input, ...]:
    """A combatant's fields. The first ten are those of links made before the round was tracked; new ones go last."""
    sparks = monsters()["sparks"]
    kinds = (Choice(NO_ACTION, "None"), *(Choice(c["id"], c["name"]) for c in categories()))
    return (
        Input("name", "Name", "text", default="", maximum=limits.NAME_LENGTH),
        Input("reflex", "Reflex", "int", default=3, minimum=0, maximum=limits.RANKS),
        Input("health", "Health", "int", default=6, minimum=1, maximum=limits.POOLS),
        Input("damage", "Damage taken", "int", default=0, minimum=0, maximum=limits.POOLS),
        Input("stamina", "Stamina", "int", default=6, minimum=0, maximum=limits.POOLS),
        Input("energy", "Energy: GenKi, or a monster's whole pool", "int", default=15, minimum=0,
              maximum=limits.ENERGY),
        Input("ev", "EV", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("kiai", "Kiai dice", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("relaxing", "Relaxing", "bool", default=False),
        Input("monster", "Monster", "bool", default=False),
        Input("spark", "Monster's Spark", "choice", default=sparks[0]["id"],
              choices=tuple(Choice(s["id"], s["name"]) for s in sparks)),
        Input("tier", "Monster's tier", "choice", default=tier_choices()[0].value, choices=tier_choices()),
        Input("reflex_half", "Dexterity + Smarts is odd", "bool", default=False),
        Input("stamina_full", "Full Stamina", "int", default=6, minimum=0, maximum=limits.POOLS),
        Input("efficiency", "Efficiency", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("core", "Core", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("core_low", "Lowest Core (Damper)", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("core_high", "Highest Core (Peak)", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("core_move", "Core move as the round ends", "int", default=0, minimum=-limits.RANKS,
              maximum=limits.RANKS),
        Input("reiki", "ReiKi", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("channelled", "Channelled ReiKi", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("concentration", "Concentration", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("hold", "Holds channelled ReiKi", "bool", default=False),
        Input("shinki", "ShinKi taken", "int", default=0, minimum=0, maximum=limits.POOLS),
        Input("durability", "Durability", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("last_gasp", "Pays Stamina to fight on (Last Gasp)", "bool", default=False),
        Input("gasp_paid", "Last Gasp paid this round", "bool", default=False),
        Input("staggered", "Staggered this round", "bool", default=False),
        Input("action", "Declared action", "choice", default=NO_ACTION, choices=kinds),
        Input("wait", "Ticks before it resolves", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("carried", "Cost carried from last round", "bool", default=False),
        Input("majors", "Major Actions this round", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("aura", "Aura", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("kiai_ranks", "Kiai skill ranks", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("kiai_next", "Kiai on the next action or Active Defense", "bool", default=False),
        Input("kiai_extra", "Kiai skill dice this round", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("strain", "Strain on the next action (Stamina)", "bool", default=False),
        Input("energy_full", "Full energy (for Energy Recover)", "int", default=0, minimum=0, maximum=limits.ENERGY),
        Input("recover", "The declared action is an Energy Recover", "bool", default=False),
        Input("saving_grace", "Gives up a limb rather than go down (Saving Grace)", "bool", default=False),
        Input("limbs", "Limbs given up (Saving Grace)", "int", default=0, minimum=0, maximum=limits.RANKS),
        Input("group", "Group sharing one energy pool", "text", default="", maximum=limits.NAME_LENGTH),
        Input("resolved_kinds", "Kinds of action resolved on this tick", "text", default="",
              maximum=limits.NAME_LENGTH * 2),
        Input("declared_here", "Declared on this tick", "bool", default=False),
    )


@dataclass(frozen=True, slots=True)
class Readings:
    """The readings of the source notes a fight follows (the tracker's reading inputs)."""

    phases: str
    out_extra: int
    no_damage: int
    reflex: str
    carry: str
    gasp: str
    yoki: str
    pool: str
    major: str
    aura: str
    kiai: str
    last_point: str
    grace: str
    group: str
    order: str
    quick: str
    recover: str


def effective_health(row: Mapping[str, Any]) -> int:
    """Health as damage is compared with it: ShinKi taken lowers it, Durability raises it."""
    return health.effective_health(row["health"], row["shinki"], row["durability"])


def threshold(row: Mapping[str, Any], readings: Readings) -> Mapping[str, Any] | None:
    """The highest Health threshold the damage taken has reached, or None."""
    marks = rules.memo(("wbs-marks", effective_health(row), readings.out_extra, readings.no_damage),
                       lambda: health.marks(effective_health(row), readings.out_extra, readings.no_damage))
    reached = None
    for entry, mark in zip(combat()["health"]["thresholds"], marks, strict=True):
        if row["damage"] >= mark:
            reached = entry
    return reached


def limbs_needed(level: int, reading: str) -> int | None:
    """Limbs Saving Grace gives up to stay awake at threshold `level` (0: Health), or None when none will do.

    By the reading of source note saving-grace-limbs: a limb for each threshold past Health, or one at
    twice Health alone; never more than the most the book allows.
    """
    limbs = combat()["health"]["saving_grace_limbs"]
    if level < 1 or (reading == "twice-health-only" and level > 1):
        return None
    needed = level * limbs["per_threshold"]
    return needed if needed <= limbs["most"] else None


def level_of(row: Mapping[str, Any], readings: Readings) -> int:
    """How many thresholds the damage taken has reached (0: none, 1: Health, …)."""
    reached = threshold(row, readings)
    if reached is None:
        return 0
    return [t["id"] for t in combat()["health"]["thresholds"]].index(reached["id"]) + 1


def saved(row: Mapping[str, Any], readings: Readings) -> bool:
    """Whether limbs given up by Saving Grace keep the fighter awake at the threshold the damage has reached."""
    needed = limbs_needed(level_of(row, readings) - 1, readings.grace)
    return needed is not None and row["limbs"] >= needed


_STANDING_KEPT = 4096  # standings remembered per engine (a fight's rows repeat them at every step)


def standing(row: Mapping[str, Any], readings: Readings) -> str:
    """FIGHTING, GASPING (out, Last Gasp paid), OUT, AWAKE (twice Health, Stamina paid), SAVED (Saving Grace),
    UNCONSCIOUS, SPENT or DYING."""
    # Asked for every row at every step of a fight (a log's fold asks thousands of times): remembered
    # by what it reads.
    known: dict[tuple[Any, ...], str] = rules.memo(("wbs-standing",), dict)
    key = (row["health"], row["shinki"], row["durability"], row["damage"], row["stamina"], row["gasp_paid"],
           row["limbs"], readings.out_extra, readings.no_damage, readings.grace)
    found = known.get(key)
    if found is None:
        if len(known) >= _STANDING_KEPT:
            known.clear()
        found = known[key] = _standing(row, readings)
    return found


def _standing(row: Mapping[str, Any], readings: Readings) -> str:
    reached = threshold(row, readings)
    order = [t["id"] for t in combat()["health"]["thresholds"]]
    if row["stamina"] > rules.table("wbs/stamina")["unconscious_at"] and saved(row, readings):
        return SAVED
    if reached is not None and reached["id"] == order[-1]:
        return DYING
    if row["stamina"] <= rules.table("wbs/stamina")["unconscious_at"]:
        return SPENT
    if reached is None:
        return FIGHTING
    if reached["id"] == order[0]:
        return GASPING if row["gasp_paid"] else OUT
    return AWAKE if row["gasp_paid"] else UNCONSCIOUS


def round_reflex(row: Mapping[str, Any], reading: str) -> int:
    """Reflex this round: EV raises the physical attributes and Relax lowers them (source note ev-relax-reflex)."""
    change = row["ev"] + (combat()["relax"]["physical_attributes"] if row["relaxing"] else 0)
    if reading == "whole-value":
        return max(0, row["reflex"] + change)
    physical, divide_by = rules.memo(("wbs-reflex-physical",), _reflex_physical)
    left_over = 1 if row["reflex_half"] else 0  # what halving Dexterity + Smarts dropped
    return max(0, row["reflex"] + (left_over + change * physical) // divide_by)


def _reflex_physical() -> tuple[int, int]:
    """How many of Reflex's attributes are physical (EV and Relax move them), and what their sum is divided by."""
    spec = rules.by_id(rules.table("wbs/attributes")["derived"]["attributes"], "reflex")
    physical = group_attributes("physical")
    return sum(1 for a in spec["from"] if a in physical), spec["divide_by"]


def tick_counts(row: Mapping[str, Any], phases: int, readings: Readings) -> list[int]:
    """The fighter's ticks in each phase this round: none while they cannot act."""
    if standing(row, readings) not in ACTING:
        return [0] * phases
    reflex = round_reflex(row, readings.reflex)
    return list(rules.memo(("wbs-phase-ticks", reflex, phases, readings.phases),
                           lambda: tuple(ticks.phase_ticks(reflex, phases, readings.phases))))


def pool_name(row: Mapping[str, Any]) -> str:
    """What the row's energy is: GenKi, or the monster's Spark (JaKi, SeiKi, YoKi)."""
    if row.get("monster"):
        return rules.by_id(monsters()["sparks"], row["spark"])["name"]
    return rules.by_id(rules.table("wbs/energy")["pools"], "genki")["name"]


def core_now(row: Mapping[str, Any]) -> int:
    """The Core in force: never above the energy left."""
    return min(row["core"], row["energy"])


def ev_allowed(row: Mapping[str, Any]) -> tuple[int, ...]:
    """The EVs the fighter may choose: none, the EV anyone has, and the one their Core opens."""
    always = rules.table("wbs/energy")["enhancement_value"]["always_allowed"]
    return tuple(sorted({0, always, boosted_ev(core_now(row))}))


def ev_kept(row: Mapping[str, Any]) -> int:
    """The EV a fighter keeps when their Core no longer opens the one they had: the highest still open below it."""
    return max(ev for ev in ev_allowed(row) if ev <= row["ev"])


def core_range(row: Mapping[str, Any]) -> tuple[int, int]:
    """Where the Core may move: the Peak and Damper range, never above the energy left."""
    low, high = min(row["core_low"], row["core"]), max(row["core_high"], row["core"])
    return low, min(high, row["energy"])


def has_peak_or_damper(row: Mapping[str, Any]) -> bool:
    """Whether the Core may move at the round's end: the row gives it a range."""
    return row["core_low"] < row["core_high"]


def reiki_pool(row: Mapping[str, Any]) -> int:
    """The pool channelled ReiKi is held in: a character's ReiKi, or a monster's one pool."""
    return row["energy"] if row["monster"] else row["reiki"]


def aura_now(row: Mapping[str, Any]) -> int:
    """ReiKi the fighter's Aura counts as channelled: its ranks, never more than the pool holds."""
    per = rules.by_id(rules.table("wbs/energy")["skills"]["reiki"], "aura")["per_rank"]
    return min(row["aura"] * per, reiki_pool(row))


def channel_room(row: Mapping[str, Any]) -> int:
    """The most ReiKi the fighter can have channelled on top of their Aura: the pool less what Aura holds."""
    return reiki_pool(row) - aura_now(row)


def channelled_total(row: Mapping[str, Any]) -> int:
    """Channelled ReiKi the fighter may use now: Aura's, and what was channelled on top."""
    return aura_now(row) + row["channelled"]


def kiai_skill() -> Mapping[str, Any]:
    """The GenKi skill Kiai (energy.yaml)."""
    return rules.by_id(rules.table("wbs/energy")["skills"]["genki"], "kiai")


def kiai_dice(row: Mapping[str, Any]) -> tuple[int, int]:
    """The dice one Kiai adds: (its own, the Kiai skill's). A monster has no Kiai skill, and its own count."""
    if row["monster"]:
        return monsters()["kiai_dice"], 0
    return rules.table("wbs/checks")["kiai"]["dice"], row["kiai_ranks"] * kiai_skill()["per_rank"]


def kiai_reflex(row: Mapping[str, Any], reading: str) -> int:
    """Reflex a Kiai adds to its action: once, or for every die (source note kiai-extra-dice-reflex)."""
    reflex = combat()["kiai"]["reflex"]
    return reflex * sum(kiai_dice(row)) if reading == "per-die" else reflex


def group_key(row: Mapping[str, Any]) -> str:
    """The row's group as compared (case and spacing aside); empty for a fighter on their own."""
    return " ".join(row["group"].split()).casefold()


def group_members(rows: Sequence[Mapping[str, Any]], index: int) -> list[int]:
    """The rows sharing `index`'s group, in the fight's order (`index` alone when it has none)."""
    key = group_key(rows[index])
    if not key:
        return [index]
    return [i for i, row in enumerate(rows) if group_key(row) == key]


def in_pool(row: Mapping[str, Any], readings: Readings) -> bool:
    """Whether the row's energy is in its group's pool now (source note group-pool-fallen)."""
    return readings.group == "pool-stays" or standing(row, readings) in ACTING


def pool_members(rows: Sequence[Mapping[str, Any]], index: int, readings: Readings) -> list[int]:
    """Whose energy `index` spends: their own first, then the group's other members in the fight's order."""
    return [index] + [i for i in group_members(rows, index) if i != index and in_pool(rows[i], readings)]


def pool_of(rows: Sequence[Mapping[str, Any]], index: int, readings: Readings) -> int:
    """The energy `index` may spend: their own, or their group's pool."""
    return sum(rows[i]["energy"] for i in pool_members(rows, index, readings))


def take_energy(rows: Sequence[dict[str, Any]], index: int, amount: int, readings: Readings) -> None:
    """Spend `amount` of energy for `index` from their own energy first, then their group's pool."""
    for i in pool_members(rows, index, readings):
        taken = min(amount, rows[i]["energy"])
        rows[i]["energy"] -= taken
        rows[i]["core"] = core_now(rows[i])
        amount -= taken


def per_tier(row: Mapping[str, Any]) -> int:
    """The tier number of a monster's row, for the rules that count per tier."""
    return tier_number(row["tier"])


# ---- conditions: the states the rules name, each with its rule's text from the data ------------

def _glossary(term_id: str) -> str:
    return rules.memo(("wbs-glossary", term_id), lambda: rules.by_id(
        rules.entries("wbs", "glossary", "terms"), term_id, what="glossary term of wbs")["definition"])


def _round_start(entry_id: str) -> str:
    return rules.by_id(combat()["round_start"], entry_id)["summary"]


def _action_rule(entry_id: str) -> str:
    return rules.by_id(combat()["actions"], entry_id)["summary"]


def _health_conditions(row: Mapping[str, Any], state: str, readings: Readings) -> list[Condition]:
    stamina = rules.table("wbs/stamina")
    reached = threshold(row, readings)
    found = []
    if reached is not None:
        found.append(Condition(reached["name"], reached["summary"]))
    if state == SPENT:
        found.append(Condition("No Stamina", stamina["unconscious_summary"]))
    gasp = rules.by_id(stamina["spending"], "last-gasp")
    if state == GASPING:
        found.append(Condition(f"{gasp['name']} paid", gasp["summary"]))
    if state in (AWAKE, SAVED) and reached is not None:  # found[0] is the threshold reached
        # Awake at twice Health: the threshold's own name ("Unconscious") would say the opposite.
        how = "Stamina paid" if state == AWAKE else f"Saving Grace, {_limbs(row['limbs'])} given up"
        found[0] = Condition(f"Awake at {_times(reached['multiple'])} Health ({how})",
                             reached["summary"] if state == AWAKE else combat()["health"]["saving_grace"])
    elif row["limbs"]:
        found.append(Condition(f"Saving Grace: {_limbs(row['limbs'])} given up", combat()["health"]["saving_grace"]))
    return found


def _times(multiple: int) -> str:
    return "twice" if multiple == 2 else f"{count_word(multiple)} times"


def _limbs(n: int) -> str:
    return f"{n} limb{'s' if n != 1 else ''}"


def conditions(row: Mapping[str, Any], readings: Readings, excess: bool) -> tuple[Condition, ...]:
    """Every condition the rules name that applies to the row now; `excess` if its action runs past the round."""
    state = standing(row, readings)
    found = _health_conditions(row, state, readings)
    if row["relaxing"]:
        found.append(Condition("Relaxing", _round_start("relax")))
    if row["ev"]:
        found.append(Condition(f"EV {row['ev']}", _round_start("ev")))
    if row["kiai"] or row["kiai_extra"]:
        skill = f" (+{row['kiai_extra']} from the Kiai skill)" if row["kiai_extra"] else ""
        found.append(Condition(f"Kiai dice {row['kiai']}{skill}", _glossary("kiai")))
    if row["kiai_next"]:
        found.append(Condition("Kiai on the next action", _glossary("kiai")))
    if row["strain"]:
        strain = rules.by_id(rules.table("wbs/stamina")["spending"], "strain")
        found.append(Condition(f"{strain['name']} on the next action", strain["summary"]))
    if row["recover"] and row["action"] != NO_ACTION:
        recover = rules.by_id(rules.table("wbs/stamina")["spending"], "energy-recover")
        found.append(Condition(f"{recover['name']} under way", recover["summary"]))
    if row["staggered"]:
        found.append(Condition("Staggered", rules.by_id(rules.table("wbs/stamina")["losing"], "stagger")["summary"]))
    if row["action"] != NO_ACTION:
        kind = rules.by_id(categories(), row["action"])["name"]
        when = "resolves now" if not row["wait"] else f"in {row['wait']} tick{'s' if row['wait'] != 1 else ''}"
        found.append(Condition(f"{kind} declared, {when}", _action_rule("declaring")))
    if excess or row["carried"]:
        found.append(Condition("Excess cost", _action_rule("excess-cost")))
    if row["channelled"] or aura_now(row):
        held = ", held" if row["hold"] else ""
        aura = f" ({aura_now(row)} of it Aura)" if aura_now(row) else ""
        found.append(Condition(f"Channelled ReiKi {channelled_total(row)}{aura}{held}",
                               rules.table("wbs/reiki")["losing"]["summary"]))
    if row["shinki"]:
        found.append(Condition(f"ShinKi {row['shinki']}", _glossary("shinki")))
    return tuple(found)


def reading_values(values: Mapping[str, Any]) -> Readings:
    """The readings a tracker's inputs pick."""
    keys = ("phase_reading", "out_reading", "no_damage_reading", "reflex_reading", "carry_reading", "gasp_reading",
            "yoki_reading", "pool_reading", "major_reading", *ROUND_READINGS)
    return rules.memo(("wbs-readings", *(values[k] for k in keys)), lambda: _readings(values))


def _readings(values: Mapping[str, Any]) -> Readings:
    rules_ = combat()["health"]
    return Readings(
        phases=values["phase_reading"],
        out_extra=reading_number(rules_["out_note"], values["out_reading"], "out_extra_damage",
                                 rules_["out_extra_damage"]),
        no_damage=reading_number(rules_["no_damage_note"], values["no_damage_reading"], "no_damage_thresholds",
                                 rules_["no_damage_thresholds"]),
        reflex=values["reflex_reading"], carry=values["carry_reading"], gasp=values["gasp_reading"],
        yoki=values["yoki_reading"], pool=values["pool_reading"], major=values["major_reading"],
        aura=values["aura_reading"], kiai=values["kiai_reading"], last_point=values["last_point_reading"],
        grace=values["grace_reading"], group=values["group_reading"], order=values["order_reading"],
        quick=values["quick_reading"], recover=values["recover_reading"],
    )


ROUND_READINGS = ("aura_reading", "kiai_reading", "last_point_reading", "grace_reading", "group_reading",
                  "order_reading", "quick_reading", "recover_reading")
"""The reading inputs of the rules the tracker took over from the table's memory."""
ROUND_NOTES = ("aura-concentration", "kiai-extra-dice-reflex", "spending-last-stamina", "saving-grace-limbs",
               "group-pool-fallen", "seiki-exhaustion-order", "quick-per-tick", "energy-recover-rounding")
"""Their source notes, as the calculator declares them (the data names each beside its rule: `round_notes`)."""


def round_notes() -> tuple[tuple[str, str], ...]:
    """(reading input, source note) for each of them, the note as the rules data names it beside its rule."""
    stamina = rules.table("wbs/stamina")
    energy = rules.table("wbs/energy")["skills"]
    notes = (rules.by_id(energy["reiki"], "aura")["concentration_note"], kiai_skill()["reflex_note"],
             stamina["last_point_note"], combat()["health"]["saving_grace_limbs"]["limbs_note"],
             rules.by_id(combat()["group_combat"], "group-tactics")["pool_note"],
             rules.by_id(stamina["losing"], "exhaustion")["order_note"], combat()["shared_tick"]["quick_note"],
             rules.by_id(stamina["spending"], "energy-recover")["rounding_note"])
    return tuple(zip(ROUND_READINGS, notes, strict=True))


def add_to_fight(row: Mapping[str, Any]) -> AddToFight:
    """A button that adds `row` (a stat block's or a character's numbers) to the combat tracker's fight."""
    pool = pool_name(row)
    said = [f"Reflex {row['reflex']}", f"Health {row['health'] + row.get('durability', 0)}",
            f"Stamina {row['stamina']}", f"{pool} {row['energy']}"]
    if row.get("core"):
        said.append(f"Core {row['core']}")
    return AddToFight("Add to fight", TRACKER, tuple(row.items()), summary="Goes in with " + ", ".join(said) + ".")
