"""wbs.combat_tracker: a fight run tick by tick as the book runs it, one press of Next at a time.

The fight's state is exactly the inputs: the combatants' rows (see `fighters`), the round, and the
turn pointer (`phase`, `tick`; phase 0 is the round's start, where EV, Relax and Last Gasp are
chosen). Outputs say who acts now, in the book's resolution order, and who next; `next` moves on
(`turns`), settling the end of the round once (`round_end`); `apply` makes one change in the game
master's terms (`fight_changes`). Nothing here is a rule of its own: the modules named hold them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import change_line, limits, rules
from ..change_line import COMBATANT, combatant_names
from ..errors import Problems
from ..fields import row_name
from ..present import listing
from ..readings import reading_input
from ..recall import recalled
from ..results import Apply, Cell, Condition, Row, Table, text_cells
from ..rules import by_id
from ..spec import Calculator, Input, Output, drafted
from . import fight_changes, fighters, round_choices, round_end, shared_tick, spending, ticks, tiers, turns, upkeep
from .combat_rules import combat
from .fighters import Readings
from .tick_pointer import Step, has_tick, number, steps, ticks_after, top

# The example fight (the tracker's default until a new fight started empty): "Try an example fight".
EXAMPLE_FIGHT = (
    {"name": "Hero", "reflex": 5, "health": 7, "stamina": 7, "stamina_full": 7, "energy": 18, "core": 9,
     "reiki": 30, "channelled": 3, "concentration": 1},
    {"name": "Bandit", "reflex": 3},
)
NOTHING = Table("", (), (), empty="")
EMPTY = "No fighters yet: add them, or try an example fight."  # a new fight starts empty


def _inputs() -> list[Input]:
    most = max(ticks.phase_counts())
    return [
        Input("combatants", "Combatants", "rows", default=(), minimum=0, maximum=limits.COMBATANTS,
              item=COMBATANT, fields=fighters.fields(), group="The fight", example=EXAMPLE_FIGHT,
              help="Energy is a character's GenKi, or a monster's whole JaKi, SeiKi or YoKi pool (its multiplier "
                   "already counted); Core, Efficiency and the rest as the stat block gives them"),
        Input("round", "Round", "int", default=1, minimum=1, maximum=limits.VALUES, group="The fight"),
        Input("phase", "Phase (0: the round's start)", "int", default=0, minimum=0, maximum=most, group="The fight",
              help="Where the round stands; Next moves it"),
        Input("tick", "Ticks left in the phase for whoever acts", "int", default=0, minimum=0, maximum=limits.RANKS,
              group="The fight", help="Counts down inside a phase; Next moves it"),
        Input("tier", "Tier", "choice", default=tiers.choices()[0].value, choices=tiers.choices(), group="The fight",
              help="The tier sets the phases in a round"),
        *drafted(fight_changes.inputs("A change")),
        reading_input("wbs", "phase_reading", ticks.NOTE),
        reading_input("wbs", "out_reading", combat()["health"]["out_note"]),
        reading_input("wbs", "no_damage_reading", combat()["health"]["no_damage_note"]),
        reading_input("wbs", "reflex_reading", "ev-relax-reflex"),
        reading_input("wbs", "carry_reading", "ev-relax-carry"),
        reading_input("wbs", "gasp_reading", "last-gasp-timing"),
        reading_input("wbs", "yoki_reading", "yoki-upkeep"),
        reading_input("wbs", "pool_reading", "upkeep-pool"),
        reading_input("wbs", "major_reading", "major-action"),
        *(reading_input("wbs", name, note) for name, note in fighters.round_notes()),
    ]


def _outputs() -> list[Output]:
    return [
        Output("now", "Now", "text"),
        Output("acting_now", "Acting now", "text"),
        Output("next_up", "Next", "text"),
        Output("next", "Move on", "table"),
        Output("apply", "Apply the change", "table"),
        Output("fighters", "Fighters", "table"),
        Output("choices", "The round's choices", "table"),
        Output("order", "The round's ticks", "table"),
        Output("chart", "Tick chart", "table"),
        Output("end_of_round", "As the round ends", "table"),
        Output("rules", "What the tracker applies", "table", folded=True),
    ]


# ---- where the round stands --------------------------------------------------------------------

def _phase_name(names: Sequence[str], step: Step) -> str:
    return names[step.phase - 1]


def _where(counts: Sequence[Sequence[int]], names: Sequence[str], step: Step) -> str:
    most = top(counts, step.phase)
    if most < step.level:  # whoever had this tick is down: "tick 1 of 0" would count ticks nobody has
        return f"phase {_phase_name(names, step)}, a tick nobody has now"
    return f"phase {_phase_name(names, step)}, tick {number(counts, step)} of {most}"


def _kind(kind: str) -> str:
    return by_id(fighters.categories(), kind)["name"]


def _acting_now(rows: Sequence[Mapping[str, Any]], names: Sequence[str], counts: Sequence[Sequence[int]],
                step: Step | None, round_number: int) -> str:
    if not rows:
        return EMPTY
    if step is None:
        return (f"Round {round_number} starts: each fighter chooses afresh (EV, Relax, Kiai, Strain, holding "
                "channelled ReiKi, Last Gasp: the round's choices); Next begins its ticks.")
    here = [i for i, c in enumerate(counts) if has_tick(c, step)]
    if not here:
        return "Nobody has a tick here any more (whoever had it is down): Next moves on."
    resolving = shared_tick.resolutions(rows, counts, step)
    declaring = shared_tick.declaring(rows, counts, step)
    waiting = [i for i in here if rows[i]["wait"]]
    said = []
    if resolving:
        said.append("Resolving, in the book's order: " + "; ".join(
            f"{n}. {names[i]} ({_kind(kind)})" for n, (i, kind) in enumerate(resolving, start=1)) + ".")
    if declaring:
        said.append(("Then declaring, in that order: " if resolving else "Declaring: ")
                    + listing([names[i] for i in declaring]) + ".")
    if waiting:
        said.append("Waiting: " + listing([
            f"{names[i]} ({_kind(rows[i]['action']) if rows[i]['action'] != fighters.NO_ACTION else 'active again'} "
            f"in {rows[i]['wait']} more tick{'s' if rows[i]['wait'] != 1 else ''})" for i in waiting]) + ".")
    return " ".join(said)


def _next_up(moved: turns.Moved, counts: Sequence[Sequence[int]], names: Sequence[str], phase_names: Sequence[str],
             round_number: int) -> str:
    if not names:
        return EMPTY
    if moved.step is None:
        return f"The end of round {round_number} (upkeep and the round's costs), then round {moved.round}."
    who = listing([names[i] for i, c in enumerate(counts) if has_tick(c, moved.step)])
    return f"Round {moved.round}, {_where(counts, phase_names, moved.step)}: {who}."


def _next(moved: turns.Moved, counts: Sequence[Sequence[int]], rows: Sequence[Mapping[str, Any]],
          names: Sequence[str], phase_names: Sequence[str], round_number: int) -> Apply | Table:
    if not rows:  # a fight of nobody has no round to run (Next would settle an empty round's end)
        return Table("", (), (), empty="Add fighters to begin.")
    if moved.step is None and round_number >= limits.VALUES:
        return Table("", (), (), empty="The last round the tracker counts.")
    sets = (("round", moved.round), ("phase", 0 if moved.step is None else moved.step.phase),
            ("tick", 0 if moved.step is None else moved.step.level), ("combatants", moved.rows))
    events = list(moved.events)
    if moved.settled is not None:
        events += _settled_words(moved.settled, names, rows)
        label = f"End round {round_number}"
    else:
        label = (f"Next: phase {_phase_name(phase_names, moved.step)}, tick {number(counts, moved.step)}"
                 if moved.step else "Next")
    summary = "; ".join(events) + "." if events else ""
    return Apply(label, sets, summary=summary)


def _settled_words(settled: Sequence[round_end.Settled], names: Sequence[str],
                   rows: Sequence[Mapping[str, Any]]) -> list[str]:
    words = []
    for name, row, s in zip(names, rows, settled, strict=True):
        if s.resolved:
            words.append(f"{name}'s action ({_kind(s.resolved)}) resolves at the end of the round")
        if s.recovered:
            words.append(s.recovered)
        paid = s.paid.words(fighters.pool_name(row))
        parts = ["pays no upkeep" if paid == "nothing" else f"pays {paid} upkeep"]
        if s.from_group:
            parts.append(f"{s.from_group} of it from the group's pool")
        if s.held:
            parts.append(f"{s.held} Stamina to hold channelled ReiKi")
        if s.reiki_lost:
            parts.append(f"lets {s.reiki_lost} channelled ReiKi go")
        if s.regained:
            parts.append(f"gets {s.regained} Stamina back")
        if s.exhausted:
            parts.append(f"loses {s.exhausted} Stamina to exhaustion")
        if s.core[0] != s.core[1]:
            parts.append(f"Core {s.core[0]} → {s.core[1]}")
        if s.ev[0] != s.ev[1]:
            parts.append(f"EV {s.ev[0]} → {s.ev[1]}")
        words.append(f"{name} " + ", ".join(parts))
    return words


# ---- the tables --------------------------------------------------------------------------------

def _fighters_table(rows: Sequence[Mapping[str, Any]], names: Sequence[str], counts: Sequence[Sequence[int]],
                    step: Step | None, readings: Readings) -> Table:
    shown = []
    for index, (row, name, count) in enumerate(zip(rows, names, counts, strict=True)):
        group = ""
        tactics: tuple[Condition, ...] = ()
        if len(fighters.group_members(rows, index)) > 1:  # what the others' rows add to this one's card
            group = f" (group {' '.join(row['group'].split())}: {fighters.pool_of(rows, index, readings)})"
            tactics = _group_condition(rows, index, readings)
        shown.append(_fighter_card(row, name, tuple(count), step, readings, group, tactics))
    return Table("Each fighter now (tap a card to make them the change's target)",
                 ("Fighter", "State", "Reflex", "Ticks left", "Damage", "Stamina", "Energy", "Action"), tuple(shown),
                 style="cards", name="Fighters")


@recalled  # every answer draws every fighter's card: a row that did not change, once
def _fighter_card(row: Mapping[str, Any], name: str, count: tuple[int, ...], step: Step | None, readings: Readings,
                  group: str, tactics: tuple[Condition, ...]) -> Row:
    """One fighter's card, with what their group adds (`group`, its pool; `tactics`, its condition)."""
    reflex = fighters.round_reflex(row, readings.reflex)
    reflex_text = str(reflex) if reflex == row["reflex"] else f"{reflex} (of {row['reflex']})"
    pools = f"{fighters.pool_name(row)} {row['energy']}{group}"
    if row["reiki"] and not row["monster"]:
        pools += f", ReiKi {row['reiki']}"
    if row["core"]:
        pools += f", Core {fighters.core_now(row)}"
    action = "–"
    if row["action"] != fighters.NO_ACTION:
        action = f"{_kind(row['action'])}, " + (f"in {row['wait']}" if row["wait"] else "resolves now")
    elif row["wait"]:
        action = f"active in {row['wait']}"
    state = fighters.standing(row, readings)
    conditions = fighters.conditions(row, readings, fight_changes.excess(row, count, step)) + tactics
    here = step is not None and has_tick(count, step)
    health = fighters.effective_health(row)
    stamina = max(row["stamina"], row["stamina_full"])
    energy = max(row["energy"], row["energy_full"]) or None  # a bar where the full pool is known
    return Row(name, (
        Cell("Fighting" if state == fighters.FIGHTING else "", "conditions", conditions=conditions),
        Cell(reflex_text), Cell(ticks_after(count, step), "number"),
        Cell(f"{row['damage']} of {health}", amount=row["damage"], most=health),
        Cell(f"{row['stamina']} of {stamina}", amount=row["stamina"], most=stamina),
        Cell(pools, amount=row["energy"], most=energy), Cell(action)), "current" if here else "", pick=name)


def _group_condition(rows: Sequence[Mapping[str, Any]], index: int, readings: Readings) -> tuple[Condition, ...]:
    """Group tactics on a member's row: how many of the group still stand, and the pool they share."""
    members = fighters.group_members(rows, index)
    if len(members) < 2:
        return ()
    standing = [i for i in members if fighters.standing(rows[i], readings) in fighters.ACTING]
    tactics = by_id(combat()["group_combat"], "group-tactics")
    return (Condition(f"{tactics['name']}: {len(standing)} of {len(members)} standing, pool "
                      f"{fighters.pool_of(rows, index, readings)}", tactics["summary"]),)


def _order_table(names: Sequence[str], counts: Sequence[Sequence[int]], phase_names: Sequence[str],
                 step: Step | None) -> Table:
    rows = []
    for s in steps(counts):
        who = " & ".join(n for n, c in zip(names, counts, strict=True) if has_tick(c, s))
        rows.append(Row(f"Phase {_phase_name(phase_names, s)}, tick {number(counts, s)}", text_cells(who),
                        "current" if s == step else ""))
    return Table("The round's ticks, with the fighters as they stand now (most ticks left in the phase acts; "
                 "ties act together)", ("Tick", "Has a tick"), tuple(rows),
                 empty="Nobody can act: no ticks this round.")


def _end_table(rows: Sequence[Mapping[str, Any]], names: Sequence[str], round_number: int,
               readings: Readings) -> Table:
    every = upkeep.exhaustion_every()
    shown = []
    for row, name, (after, s) in zip(rows, names, round_end.settle_all(rows, names, round_number, readings),
                                     strict=True):
        stamina = f"{row['stamina']} → {after['stamina']}"
        reiki = f"{s.reiki_lost} let go" if s.reiki_lost else ("held" if s.held else "–")
        if fighters.aura_now(after):
            reiki += f" (Aura {fighters.aura_now(after)} kept)"
        shown.append(Row(name, (Cell(s.upkeep, "number"), Cell(s.paid.words(fighters.pool_name(row))),
                                Cell(stamina), Cell(reiki), Cell(f"{s.core[0]} → {s.core[1]}"))))
    return Table(f"If round {round_number} ended now: upkeep, channelled ReiKi, and exhaustion every {every} rounds",
                 ("Fighter", "Upkeep", "Paid with", "Stamina", "Channelled ReiKi", "Core"), tuple(shown))


def rules_table() -> Table:
    """What the tracker applies, each rule with its numbers from the data, and what it leaves to the table."""
    base = combat()["upkeep"]
    stamina = rules.table("wbs/stamina")
    gasp = by_id(stamina["spending"], "last-gasp")
    stagger = by_id(stamina["losing"], "stagger")
    every = upkeep.exhaustion_every()
    energy = rules.table("wbs/energy")
    losing = rules.table("wbs/reiki")["losing"]
    monsters = rules.table("wbs/monsters")
    order = " → ".join(c["name"] for c in fighters.categories())
    shared = combat()["shared_tick"]
    kiai, kiai_skill = combat()["kiai"], fighters.kiai_skill()
    strain, all_in, recover = (spending.spend(k) for k in ("strain", "all-in", "energy-recover"))
    limbs = combat()["health"]["saving_grace_limbs"]
    applied = [
        ("Ticks", "Reflex after EV and Relax, dealt to the phases; the most ticks left in a phase acts, ties together; "
                  "a fighter who cannot act has no ticks"),
        ("Actions", f"declared on a tick with their Reflex cost, resolved once that many of the fighter's ticks pass, "
                    f"in the order {order}; the end of the round counts as {end_ticks()} tick; a cost past the "
                    "round carries over, with no Active Defense until it resolves; a reaction (Active Defense) "
                    "pushes its fighter's next active tick back by its cost"),
        ("A shared tick", f"each fighter resolves {shared['actions_per_kind']} action of each kind there, "
                          f"{shared['quick_actions']} of them Quick; then those whose actions resolved declare in "
                          "that order, the others after them (a fighter may declare nothing)"),
        ("Kiai", f"ticked on a fighter's row, it goes with their next action or Active Defense: "
                 f"{rules.table('wbs/checks')['kiai']['dice']} die, {kiai_skill['per_rank']} more a rank of the "
                 f"Kiai skill (a monster {rules.table('wbs/monsters')['kiai_dice']} alone), +{kiai['reflex']} "
                 f"Reflex, and {upkeep.per_kiai_die()} upkeep a die ({kiai_skill['upkeep_per_die']} a skill die)"),
        ("Strain, All In, Energy Recover",
         f"Strain ticked on a row takes {strain['reflex_reduction']} off the next action's cost for "
         f"{strain['stamina']} Stamina as it is declared; All In is {all_in['stamina']} Stamina for up to "
         f"{all_in['dice']} dice, as a roll resolves; Energy Recover is an action of {recover['reflex_cost']} Reflex "
         f"that pays {recover['stamina']} Stamina as it resolves for {recover['genki_percent']}% of the full pool "
         f"(at least {recover['genki_minimum']})"),
        ("Health", "out of the fight at Health, unconscious at twice, dying at three times; ShinKi lowers Health, "
                   "Durability raises it; no Stamina is unconscious"),
        ("Saving Grace", f"a fighter who means to use it gives up {limbs['per_threshold']} limb a threshold past "
                         f"Health (at most {limbs['most']}) to stay awake, out of the fight, with no ticks"),
        ("Group tactics", "fighters sharing a group spend energy (upkeep too) from one pool, their own first; each "
                          "member's EV follows their own Core"),
        ("Last Gasp", f"{gasp['stamina']} Stamina as a round starts to act out of the fight (or to stay awake at "
                      "twice Health)"),
        ("Upkeep", f"{base['base']}, +{upkeep.per_ev()} an EV point, +{upkeep.per_kiai_die()} a Kiai die, "
                   f"{base['relaxed']} for Relax, {base['one_major_action']} for one Major Action at most; Efficiency "
                   f"{by_id(energy['skills']['genki'], 'efficiency')['per_rank']} a rank off GenKi or a monster's "
                   f"pool; a monster short of energy pays Stamina, 1 for {monsters['energy']['stamina_pays_per_tier']} "
                   "energy per tier"),
        ("Stamina", f"exhaustion {by_id(stamina['losing'], 'exhaustion')['stamina']} every {every} rounds; Stagger "
                    f"{stagger['stamina']}; SeiKi's Stamina back with each upkeep"),
        ("Channelled ReiKi", f"Aura counts as channelled and is never knocked loose nor let go; the rest is knocked "
                             f"loose by damage less Concentration, and let go above Concentration as the round "
                             f"ends unless {losing['keep_stamina']} Stamina holds it"),
        ("Core and EV", f"the Core follows the energy left down; with Peak or Damper it moves up to "
                        f"{energy['core_genki']['end_of_round_shift']} as the round ends; EV is "
                        f"{energy['enhancement_value']['always_allowed']} or what the Core opens"),
    ]
    left = [("Left to the table", "rolls (attacks, damage, checks: see the attack and damage calculators; a group's "
                                  "one attack and its bonus), the map (movement, facing, range), and what a technique "
                                  "does")]
    return Table("The rules Next and a change apply, and what stays with the table", ("Rule", "Applied"),
                 tuple(Row(name, text_cells(text)) for name, text in (*applied, *left)), style="prose")


def end_ticks() -> int:
    """Ticks the end of a round counts for waiting actions."""
    return combat()["end_of_round"]["ticks"]


# ---- the calculator ----------------------------------------------------------------------------

def _check(values: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], phases: int, problems: Problems) -> None:
    if values["phase"] > phases:
        problems.add("phase", f"A round at this tier has {phases} phases (got {values['phase']})")
    if values["phase"] and not values["tick"]:
        problems.add("tick", "Inside a phase the tick counts down to 1 (got 0)")
    shift = rules.table("wbs/energy")["core_genki"]["end_of_round_shift"]
    for n, row in enumerate(rows, start=1):
        where, name = f"combatants.{n}", row_name(row, COMBATANT, n)
        if not values["phase"] and row["ev"] not in fighters.ev_allowed(row):
            allowed = listing([str(e) for e in fighters.ev_allowed(row) if e], "or")
            problems.add(f"{where}.ev", f"{name}'s Core of {fighters.core_now(row)} allows an EV of {allowed} "
                                        f"(got {row['ev']})")
        if row["core_low"] > row["core_high"]:
            problems.add(f"{where}.core_high", f"{name}'s highest Core is below their lowest ({row['core_low']})")
        if abs(row["core_move"]) > shift:
            problems.add(f"{where}.core_move", f"The Core moves at most {shift} as the round ends "
                                               f"(got {row['core_move']})")
        room = fighters.channel_room(row)
        if row["channelled"] > room:
            aura = f" beyond their Aura of {fighters.aura_now(row)}" if fighters.aura_now(row) else ""
            problems.add(f"{where}.channelled", f"{name} has only {room} "
                                                f"{fighters.pool_name(row) if row['monster'] else 'ReiKi'} to channel"
                                                f"{aura} (got {row['channelled']})")
        kinds = [c["id"] for c in fighters.categories()]
        wrong = [k for k in row["resolved_kinds"].split() if k not in kinds]
        if wrong:
            problems.add(f"{where}.resolved_kinds", f"Kinds of action are {listing(kinds, 'or')} (got {wrong[0]!r})")


def _change(values: Mapping[str, Any], fight: fight_changes.Fight, problems: Problems) -> Apply | Table:
    try:
        amount = change_line.parse_amount(values["change"])
    except ValueError as exc:
        problems.add("change", str(exc))
        return NOTHING
    if not values["target"] and amount is None:
        return Table("", (), (), empty="Pick a fighter and type a change (+4, −2) to apply it here.")
    index = change_line.find_target(fight.names, values["target"], problems)
    if index is None:
        return NOTHING
    if amount is None and values["what"] not in fight_changes.NO_NUMBER:
        return Table("", (), (), empty=f"Type a change for {fight.names[index]}: +4, −2, 4 or =5.")
    applied = fight_changes.apply(fight, index, values["what"], amount, problems)
    if applied is None:
        return NOTHING
    return Apply(applied.label, (("combatants", applied.rows), ("change", "")), summary=applied.summary)


@dataclass(frozen=True, slots=True)
class _Fight:
    """The fight as the inputs give it, checked, with the change typed worked out (what every output needs)."""

    rows: Sequence[Mapping[str, Any]]
    names: list[str]
    phases: int
    readings: Readings
    step: Step | None
    counts: list[list[int]]
    change: Apply | Table


def _fight(values: Mapping[str, Any]) -> _Fight:
    rows = values["combatants"]
    names = combatant_names(rows)
    phases = tiers.tier(values["tier"])["phases"]
    readings = fighters.reading_values(values)
    problems = Problems()
    _check(values, rows, phases, problems)
    step = Step(values["phase"], values["tick"]) if values["phase"] else None
    counts = turns.counts_of(rows, phases, readings)
    change: Apply | Table = NOTHING
    if not problems:  # a change is worked out on a fight whose rows and place in the round hold
        change = _change(values, fight_changes.Fight(rows, names, step, counts, readings), problems)
    problems.raise_if_any()
    return _Fight(rows, names, phases, readings, step, counts, change)


def _moved(fight: _Fight, round_number: int) -> tuple[turns.Moved, list[list[int]]]:
    moved = turns.advance(fight.rows, fight.names, round_number, fight.step, fight.phases, fight.readings)
    return moved, turns.counts_of(moved.rows, fight.phases, fight.readings) if moved.step is not None else []


def press(values: Mapping[str, Any], output: str) -> Any:
    """One output alone, for a log's pressed button: Next and Apply without the fight's views."""
    fight = _fight(values)
    if output == "apply":
        return fight.change
    if output == "next":
        moved, moved_counts = _moved(fight, values["round"])
        return _next(moved, moved_counts, fight.rows, fight.names, ticks.phase_names(fight.phases), values["round"])
    return compute(values)[output]


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """The fight as it stands, who acts now and next, Next, and the change typed, ready to apply."""
    fight = _fight(values)
    rows, names, counts, step, readings = fight.rows, fight.names, fight.counts, fight.step, fight.readings
    round_number = values["round"]
    moved, moved_counts = _moved(fight, round_number)
    phase_names = ticks.phase_names(fight.phases)
    labels = [f"{name} · Reflex {fighters.round_reflex(row, readings.reflex)}" for name, row in zip(names, rows,
                                                                                                   strict=True)]
    return {
        "now": f"Round {round_number}, " + ("the round's start" if step is None else _where(counts, phase_names, step)),
        "acting_now": _acting_now(rows, names, counts, step, round_number),
        "next_up": _next_up(moved, moved_counts, names, phase_names, round_number),
        "next": _next(moved, moved_counts, rows, names, phase_names, round_number),
        "apply": fight.change,
        "fighters": _fighters_table(rows, names, counts, step, readings),
        "choices": round_choices.choices(rows, names, round_number, step is None, readings),
        "order": _order_table(names, counts, phase_names, step),
        "chart": ticks.tick_chart(labels, counts, phase_names),
        "end_of_round": _end_table(rows, names, round_number, readings),
        "rules": rules.memo(("wbs-tracker-rules",), rules_table),
    }


def _summary() -> str:
    """What the tracker does, in a sentence (no rule's number in it)."""
    return ("A fight run tick by tick as the book runs it: who acts now and in what order, who declares next, changes "
            "typed as signed numbers against a named fighter (Kiai, Strain, All In and Energy Recover among them), and "
            "Next, which moves on and settles each round's end once (upkeep from a group's shared pool too, "
            "exhaustion, channelled ReiKi and Aura, Last Gasp, Saving Grace).")


CALCULATORS = (
    Calculator(
        id=fighters.TRACKER,
        title="Combat tracker",
        summary=_summary,
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        press=press,
        follows=("wbs.upkeep-floor", "wbs.stay-conscious-cost", "wbs.end-of-round-resolve", "wbs.unconscious-actions"),
    ),
)
