"""xia.initiative_order, the conflict tracker: a Xia conflict played turn after turn, as the book runs it.

The conflict is the calculator's inputs and nothing else: the combatants' rows (each with the
turns it has taken this round, its chi spent, the Stops on it and the conflicts it is in), the
round, and the turn under way (its attacks, the last one's trigrams, and Chi Celerity's extra
one). Who acts now is worked out from those, never counted: the order of the round keeps every
turn in its place, a defeated combatant's too, and the turn acting now is the first one after the
last turn taken that can still be taken. So a defeat, at any place in the order, neither moves the
round on nor takes a turn from anyone.

`next` ends the turn (applying whatever was entered first) and moves on, into the next round
when every turn is taken: the Stops of the round are lifted there, once, since the buttons set
the whole state rather than add to it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import limits, rules
from ..change_line import COMBATANT
from ..errors import Problems
from ..fields import row_name
from ..present import listing
from ..readings import reading_input
from ..results import AddToFight, Apply, Cell, Condition, Row, Table, text_cells
from ..spec import Calculator, Choice, Input, Output, drafted, parse_inputs
from . import changes, defeat, round_choices, tracker_rules
from .attack import ATTACK_LIMIT, least_attacks, limit_input, limit_note
from .common import GAME, RESILIENCE_DEFAULT, conflicts, ranges, trait_input, trigram, trigram_input
from .initiative import (
    EQUAL_RATINGS,
    EVERYONE,
    NPC_DEFEAT,
    PARTICIPANTS,
    PRECEDENCE,
    initiative,
    joined,
    participants_note,
    readings,
    takes_part,
    turns,
)

CALC_ID = "xia.initiative_order"
SIDES = (Choice("pc", "Player character"), Choice("npc", "Non-player character"))
ROUND = "round"
CELERITY_TARGET = "celerity_target"  # the reading input of who Chi Celerity's extra attack may go to
CELERITY_AT_ONCE = "celerity_at_once"  # the reading input of whether that extra attack waits
STYLE_TIMING = "style_timing"  # the reading input of when a style bonus arrives
EXAMPLE_FIGHT = ("moon-shadow", "guardsman")  # the book's own pair, from characters.yaml: the example fight


def _characters() -> list[Mapping[str, Any]]:
    return list(rules.entries(GAME, "characters", "characters"))


def _done(kind_id: str) -> str:
    return f"{kind_id}_done"


def _fields() -> tuple[Input, ...]:
    bounds = ranges()
    thunder = trigram(initiative()["trigram"])["name"]
    kinds = conflicts()
    chi = rules.table("xia/chi")["kinds"]
    out: list[Input] = [Input("name", "Name", "text", default="", maximum=limits.NAME_LENGTH),
                        Input("side", "Side", "choice", default="npc", choices=SIDES)]
    out += [trait_input(k["id"], f"{k['name']} Trait", default=bounds["trait_min"], minimum=0) for k in kinds]
    out.append(trigram_input("thunder", thunder))
    out += [Input(f"{k['id']}_resilience", k["resilience"].capitalize(), "int", default=RESILIENCE_DEFAULT,
                  minimum=0, maximum=bounds["resilience_max"]) for k in kinds]
    out += [Input(k["id"], k["name"], "int", default=0, minimum=0, maximum=bounds["chi_max"]) for k in chi]
    # Added after the fields above, so that links made before them still read (a row's code is positional).
    out += [Input(f"{k['id']}_spent", f"{k['name']} spent", "int", default=0, minimum=0, maximum=bounds["chi_max"])
            for k in chi]
    out += [Input(_done(k["id"]), f"{k['name']} turn taken this round", "bool", default=False) for k in kinds]
    out.append(Input(changes.STOPS, f"{defeat.condition_term('stop')['term']} on attacks at (names)", "text",
                     default="", maximum=_longest_list()))
    # Who is in which conflict (a fight takes in everyone, an argument only those picked): after the
    # fields above, with the data's defaults, so a row's code from before them reads as it did.
    out += [Input(joined(k["id"]), f"In the {k['name'].lower()} conflict", "bool", default=k["joined_by_default"])
            for k in kinds]
    return tuple(out)


def _longest_list() -> int:
    """The longest list of names the tracker keeps (every combatant's, each with its separator)."""
    return ranges()["combatants"] * (limits.NAME_LENGTH + len(changes.SEPARATOR))


def combatant_row(character: Mapping[str, Any]) -> dict[str, Any]:
    """An example character as one row of the tracker: its name, side, and only the numbers given for it."""
    row: dict[str, Any] = {"name": character["name"], "side": character["side"], **character["traits"]}
    thunder = initiative()["trigram"]
    if thunder in character["trigrams"]:
        row["thunder"] = character["trigrams"][thunder]
    return row


def character_row(character_id: str) -> dict[str, Any]:
    """One example character, by id, as a row of the tracker (the table page's picker offers them)."""
    return combatant_row(rules.by_id(_characters(), character_id))


def add_to_fight(character_id: str) -> AddToFight:
    """The "Add to the conflict" control of one example character, carrying exactly its numbers.

    InputError if the tracker would refuse the row (a name too long for it, say): the build reports it.
    """
    character = rules.by_id(_characters(), character_id)
    row = combatant_row(character)
    rows_input = next(i for i in _inputs() if i.name == "combatants")
    problems = Problems()
    _check_names(parse_inputs([rows_input], {"combatants": [row]})["combatants"], problems)
    problems.raise_if_any()
    fields = {f.name: f for f in _fields()}
    given = ", ".join(f"{fields[k].label} {v}" for k, v in row.items() if k not in ("name", "side"))
    side = {c.value: c.label for c in SIDES}[row["side"]].lower()
    summary = f"{character['name']}, a {side}, with {given}; the rest starts at the tracker's usual values."
    return AddToFight(f"Add {character['name']} to the conflict", CALC_ID, tuple(row.items()), summary=summary)


def _inputs() -> list[Input]:
    kinds = conflicts()
    bounds = ranges()
    init = initiative()
    example = tuple(combatant_row(rules.by_id(_characters(), c)) for c in EXAMPLE_FIGHT)
    out = [Input(f"{k['id']}_on", f"{k['name']} conflict running", "bool", default=(i == 0),
                 group="Conflicts running") for i, k in enumerate(kinds)]
    out.append(Input("combatants", "Combatants", "rows", default=(), minimum=0,
                     maximum=bounds["combatants"], item=COMBATANT, fields=_fields(), group="The conflict",
                     example=example,
                     help="A Trait of 0 keeps a combatant out of that kind of conflict; at 0 resilience they are "
                          "defeated in it. A combatant's last fields are the round's state: the tracker fills them in"))
    out.append(Input(ROUND, "Round", "int", default=1, minimum=1, maximum=limits.VALUES, group="The conflict"))
    out += [
        Input(changes.ATTACKS, "Attacks made this turn", "int", default=0, minimum=0,
              maximum=max(bounds["trigram_max"], attack_floor()), group="This turn",
              help="The tracker counts them; the Thunder trigram caps them"),
        Input(changes.FOLLOW_UP, f"{trigram('thunder')['channel']}: extra attack earned by defeating", "text",
              default="", maximum=limits.NAME_LENGTH, group="This turn",
              help="The tracker fills it in; who the extra attack may go to is a reading (below)"),
        Input(changes.ATTACKED, "Attacked this turn (names)", "text", default="", maximum=_longest_list(),
              group="This turn", help="The tracker fills it in"),
        Input(changes.CHANNELLED, "Trigrams channelled on the last attack", "text", default="",
              maximum=changes.longest_channels(), group="This turn",
              help="The tracker fills it in: none of them applies to the next attack unless channelled again"),
    ]
    out += drafted(changes.action_inputs())
    out += [reading_input(GAME, PRECEDENCE, init["precedence_note"], group="Reading"),
            reading_input(GAME, EQUAL_RATINGS, init["equal_ratings_note"], group="Reading"),
            *(reading_input(GAME, NPC_DEFEAT, note, group="Reading")
              for note in sorted(set(defeat.npc_notes().values()))),
            limit_input("Reading"),
            reading_input(GAME, CELERITY_TARGET, trigram("thunder")["target_note"], group="Reading"),
            reading_input(GAME, CELERITY_AT_ONCE, trigram("thunder")["at_once_note"], group="Reading"),
            reading_input(GAME, STYLE_TIMING, changes.style_timing_note(), group="Reading"),
            reading_input(GAME, PARTICIPANTS, participants_note(), group="Reading")]
    return out


def attack_floor() -> int:
    """The fewest attacks a turn allows whatever the Thunder trigram, under the reading that allows most."""
    return max(least_attacks(o["id"]) for o in rules.note(GAME, limit_note())["options"])


def _outputs() -> list[Output]:
    return [
        Output(ROUND, "Round", "int"),
        Output("acting_now", "Acting now", "text"),
        Output("next_up", "Next", "text"),
        Output("apply", "Apply the change", "table",
               help="Applies what is entered above to its target, and the actor's attack rules with it"),
        Output("next", "End the turn", "table",
               help="Applies anything entered above, then moves to the next turn (into the next round at its end)"),
        Output("fighters", "Combatants", "table"),
        Output("choices", "The round's choices", "table",
               help="Who is in which conflict, asked as each round starts (the round's prompt)"),
        Output("order", "Turns of this round", "table"),
        Output("first", "Acts first each round", "text"),
        Output("turns", "Turns each round", "int"),
        Output("breath", "Everyone catches their breath", "table"),
        Output("rules", "What the tracker applies", "table", folded=True),
    ]


def _label(turn: Mapping[str, Any]) -> str:
    side = "PC" if turn["side"] == "pc" else "NPC"
    return f"{turn['name']} ({side})"


def _describe(turn: Mapping[str, Any]) -> str:
    return f"{_label(turn)}, {turn['conflict_name'].lower()} conflict, rating {turn['rating']}"


def _place(order: Sequence[Mapping[str, Any]]) -> tuple[int | None, int]:
    """The turn acting now (its index in the order, None when the round is over) and the last turn taken.

    The first turn after the last one taken that can be taken: a defeated combatant keeps their place
    in the order, so a defeat never moves it; a turn passed over (a combatant added during the round
    above the turn under way) waits for the next round.
    """
    last = max((i for i, t in enumerate(order) if t["done"]), default=-1)
    now = next((i for i in range(last + 1, len(order)) if order[i]["out"] is None), None)
    return now, last


def _next_in_round(order: Sequence[Mapping[str, Any]], after: int) -> int | None:
    return next((i for i in range(after + 1, len(order)) if order[i]["out"] is None), None)


def _status(order: Sequence[Mapping[str, Any]], i: int, now: int | None, last: int, round_number: int,
            rows: Sequence[Mapping[str, Any]], chosen: Mapping[str, str]) -> str:
    turn = order[i]
    if turn["done"]:
        return "turn taken"
    if i == now:
        return "acting now"
    if turn["out"] is not None:
        names = [c.name for c in defeat.conditions(rows[turn["slot"] - 1], {turn["out"]["id"]}, chosen)]
        return f"no turn: {names[0].lower() if names else 'defeated'}"
    if i < last:
        return f"waits for round {round_number + 1}"
    return "to come"


def _order_table(order: list[dict[str, Any]], now: int | None, last: int, round_number: int,
                 rows: Sequence[Mapping[str, Any]], chosen: Mapping[str, str]) -> Table:
    out = []
    number = 0
    for i, t in enumerate(order):
        status = _status(order, i, now, last, round_number, rows, chosen)
        counted = status in ("turn taken", "acting now", "to come")
        number += counted
        out.append(Row(str(number) if counted else "–",
                       text_cells(_label(t), t["conflict_name"], t["rating"], status, t["tie"] or "–"),
                       "current" if i == now else ""))
    return Table(f"Round {round_number}, first turn to last", ("Turn", "Combatant", "Conflict", "Rating",
                                                               "This round", "Equal rating settled by"),
                 tuple(out), empty="Nobody acts: no combatant takes part in a running conflict.")


def _conditions(row: Mapping[str, Any], acting: bool, values: Mapping[str, Any], running: set[str],
                chosen: Mapping[str, str]) -> Cell:
    found = list(defeat.conditions(row, running, chosen))
    stopped = changes.stops(row)
    if stopped:
        found.append(Condition(f"{defeat.condition_term('stop')['term']} ({', '.join(stopped)})",
                               defeat.rule_text(defeat.condition_term('stop'))))
    if acting and values[changes.FOLLOW_UP]:
        found.append(Condition(f"{defeat.condition_term('extra_attack')['term']}: another attack",
                               defeat.rule_text(defeat.condition_term('extra_attack'))))
    return Cell("–", "conditions", conditions=tuple(found))


def _fighters_table(values: Mapping[str, Any], rows: Sequence[Mapping[str, Any]], actor: int,
                    running: set[str], chosen: Mapping[str, str]) -> Table:
    kinds = [k for k in conflicts() if k["id"] in running]  # the resilience that matters now (a phone is narrow)
    chi = rules.table("xia/chi")["kinds"]
    out = []
    for slot, f in enumerate(rows, start=1):
        name = row_name(f, COMBATANT, slot)
        pools = [f"{f[k['id']]} ({f[k['id'] + '_spent']} spent)" if f[k["id"] + "_spent"] else f[k["id"]]
                 for k in chi]
        resilience = [f[f"{k['id']}_resilience"] if takes_part(f, k["id"], values[PARTICIPANTS]) else "not in it"
                      for k in kinds]
        out.append(Row(name, (_conditions(f, slot == actor, values, running, chosen),
                              *text_cells(*resilience, *pools)),
                       "current" if slot == actor else "", pick=name))
    return Table("Each combatant's conditions, resilience and chi (tap a card to make them the target)",
                 ("Combatant", "Conditions", *(k["name"] for k in kinds), *(k["name"].split()[0] for k in chi)),
                 tuple(out), style="cards", name="Fighters")


def _check_names(rows: Sequence[Mapping[str, Any]], problems: Problems) -> None:
    mark = changes.SEPARATOR.strip()
    for number, row in enumerate(rows, start=1):
        if mark in row["name"]:
            problems.add(f"combatants.{number}.name", f"{COMBATANT} {number}, Name: may not hold {mark!r}, which "
                                                       "separates names in the tracker's lists of Stops")


def _check_participants(values: Mapping[str, Any], problems: Problems) -> None:
    """Under the reading that the GM picks who is in which conflict, each running one holds enough to clash."""
    if values[PARTICIPANTS] == EVERYONE or not values["combatants"]:  # nobody yet: a new conflict starts empty
        return
    least = rules.table("xia/conflicts")["least_participants"]
    rows = values["combatants"]
    for kind in conflicts():
        names = [row_name(r, COMBATANT, n) for n, r in enumerate(rows, start=1)
                 if takes_part(r, kind["id"], values[PARTICIPANTS])]
        if not values[f"{kind['id']}_on"] or len(names) >= least:
            continue
        word = kind["name"].lower()
        now = f"only {listing(names)} {'is' if len(names) == 1 else 'are'}" if names else "nobody is"
        problems.add(f"{kind['id']}_on", f"A {word} conflict takes at least {least} combatants and {now} in it: "
                                         f"tick “In the {word} conflict” in the row of each combatant taking part "
                                         f"(with a {kind['trait']} Trait above 0), or untick this")


def _sets(rows: list[dict[str, Any]], **more: Any) -> tuple[tuple[str, Any], ...]:
    return (("combatants", rows), *more.items(), *changes.cleared())


def _end_turn(values: Mapping[str, Any], action: changes.Outcome | None, actor: Mapping[str, Any] | None,
              order: list[dict[str, Any]]) -> Apply | Table:
    """The next turn, or the next round when every turn of this one is taken: the whole state it leaves."""
    rows = [dict(r) for r in (action.rows if action else values["combatants"])]
    said = list(action.said) if action else []
    round_number = values[ROUND]
    if actor is not None:
        rows[actor["slot"] - 1][_done(actor["conflict"])] = True
    after = turns({**values, "combatants": rows}, every=True, ties=False)
    now, _ = _place(after)
    if now is not None:
        said.append(f"Next: {_describe(after[now])}")
    else:
        standing = [t for t in after if t["out"] is None]
        if not standing:
            return Table("", (), (), empty="Nobody can act in any running conflict: nothing to move on to.")
        if round_number >= limits.VALUES:
            return Table("", (), (), empty="This is the last round the tracker counts.")
        lifted = [row_name(r, COMBATANT, n) for n, r in enumerate(rows, start=1) if changes.stops(r)]
        for r in rows:
            for k in conflicts():
                r[_done(k["id"])] = False
            r[changes.STOPS] = ""
        round_number += 1
        said.append(f"Round {round_number} begins"
                    + (f" ({defeat.condition_term('stop')['term']}s lifted: {', '.join(lifted)})" if lifted else "")
                    + f" with {_describe(standing[0])}")
    if actor is None:
        label = f"Start round {round_number}"
    else:
        label = ("Apply and end " if action else "End ") + f"{actor['name']}'s turn"
    return Apply(label, _sets(rows, **{ROUND: round_number, changes.ATTACKS: 0, changes.FOLLOW_UP: "",
                                          changes.ATTACKED: "", changes.CHANNELLED: ""}),
                 summary="; ".join(said) + ".")


def compute(values: Mapping[str, Any]) -> dict[str, Any]:
    """Who acts now and next, every turn of the round, each combatant's state, and the GM's buttons."""
    problems = Problems()
    kinds = conflicts()
    if not any(values[f"{k['id']}_on"] for k in kinds):
        problems.add(f"{kinds[0]['id']}_on", "At least one kind of conflict must be running")
    _check_names(values["combatants"], problems)
    _check_participants(values, problems)
    changes.check_turn(values, problems)
    problems.raise_if_any()
    chosen = {**readings(values), limit_note(): values[ATTACK_LIMIT],
              trigram("thunder")["target_note"]: values[CELERITY_TARGET],
              trigram("thunder")["at_once_note"]: values[CELERITY_AT_ONCE],
              changes.style_timing_note(): values[STYLE_TIMING], participants_note(): values[PARTICIPANTS]}
    running = {k["id"] for k in kinds if values[f"{k['id']}_on"]}
    rows = values["combatants"]
    round_number = values[ROUND]
    order = turns(values, every=True)
    standing = [t for t in order if t["out"] is None]
    now, last = _place(order)
    actor = order[now] if now is not None else None
    action = changes.act(values, rows, actor, chosen, problems)
    taken = sum(t["done"] for t in order)
    if actor is not None and now is not None:
        made = values[changes.ATTACKS]
        extra = f"; {trigram('thunder')['channel']}: may attack a new target" if values[changes.FOLLOW_UP] else ""
        acting = f"Turn {taken + 1}: {_describe(actor)}" + (f" ({made} attack{'s' * (made != 1)} made{extra})"
                                                             if made else "")
        later = _next_in_round(order, now)
        upcoming = (f"Turn {taken + 2}: {_describe(order[later])}" if later is not None
                    else f"Round {round_number + 1}, turn 1: {_describe(standing[0])}")
    elif standing:
        acting = f"Nobody: every turn of round {round_number} is taken"
        upcoming = f"Round {round_number + 1}, turn 1: {_describe(standing[0])}"
    elif not rows:
        acting = upcoming = "No fighters yet: add them, or try an example fight."  # a new conflict starts empty
    else:
        acting = upcoming = "nobody"
    if action is None:
        apply: Apply | Table = Table("", (), (), empty="Nothing to apply yet: tap a combatant's name (or type it), "
                                                       "then enter a change or an attack.")
    else:
        apply = Apply(action.headline or "Apply",
                      _sets(action.rows, **{changes.ATTACKS: action.attacks_made, changes.FOLLOW_UP: action.follow_up,
                                             changes.ATTACKED: action.attacked, changes.CHANNELLED: action.channelled}),
                      summary="; ".join(action.said) + ".")
    rested = changes.breathe_all(rows)
    return {
        ROUND: round_number,
        "acting_now": acting,
        "next_up": upcoming,
        "apply": apply,
        "next": _end_turn(values, action, actor, order),
        "fighters": _fighters_table(values, rows, actor["slot"] if actor else 0, running, chosen),
        "choices": round_choices.choices(values, taken == 0, values[PARTICIPANTS]),
        "order": _order_table(order, now, last, round_number, rows, chosen),
        "first": _describe(standing[0]) if standing else "nobody",
        "turns": len(standing),
        "breath": (Apply("Everyone catches their breath", (("combatants", rested.rows),),
                         summary="; ".join(rested.said) + ".") if rested is not None else
                   Table("", (), (), empty="Nobody has spent any chi: there is none to regain.")),
        "rules": tracker_rules.shown(chosen),
    }


CALCULATORS = (
    Calculator(
        id=CALC_ID,
        title="Conflict tracker",
        summary="A Xia conflict turn by turn: who acts now and next, through defeats and rounds; each combatant's "
                "resilience, chi and conditions; a change or an attack applied to a named target with the book's "
                "rules of chi, Thunder's extra attacks and Mountain's Stop.",
        inputs=_inputs,
        outputs=_outputs,
        compute=compute,
        follows=(f"{GAME}.joining-a-round", f"{GAME}.value-ranges"),
    ),
)
