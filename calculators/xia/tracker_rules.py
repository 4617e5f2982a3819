"""What the conflict tracker applies, rule by rule with the data's numbers, and what it leaves to the table.

Shown on the table page after the tracker's other outputs (`rules`). Each row says what the code of
`conflict.py`, `changes.py` and `defeat.py` does, in our words; every number comes from rules_data,
and the readings named are the ones in force in the tracker's inputs, with the other one offered.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import rules
from ..present import listing
from ..results import Row, Table, text_cells
from . import attack, defeat
from .common import GAME, conflict, conflicts, trigram
from .initiative import initiative

LEFT = "Left to the table"


def _reading(note_id: str, readings: Mapping[str, str]) -> str:
    """The reading in force of a source note, in its words, and whether another is offered."""
    entry = rules.note(GAME, note_id)
    chosen = readings.get(note_id, entry["reading"])
    label = " ".join(rules.reading_option(GAME, note_id, chosen)["label"].split())
    other = "; the other is offered under Reading" if len(entry["options"]) > 1 else ""
    return f"“{label}” (the reading in force of “{entry['title']}”{other})"


def _order(readings: Mapping[str, str]) -> str:
    init = initiative()
    kinds = " before ".join(conflict(c)["name"] for c in init["precedence"])
    sides = {"pc": "player characters", "npc": "non-player characters"}
    first, second = (sides[s] for s in init["side_order"])
    equal = ""
    if readings.get(init["precedence_note"], "") == "rating-first":
        equal = f"; a physical and a mental turn on one rating: {_reading(init['equal_ratings_note'], readings)}"
    return (f"one turn a round for each combatant in each running conflict, from the highest Initiative Rating "
            f"(active Trait + {trigram(init['trigram'])['name']}) down; on one rating {first} before {second}, then "
            f"the list's order; {kinds}, read as {_reading(init['precedence_note'], readings)}{equal}; "
            "a Trait of 0 keeps a combatant out of that conflict; someone added above the turn under way acts from "
            "the next round")


def _incapacitated(readings: Mapping[str, str]) -> str:
    whole = [k for k in conflicts() if k["defeat_ends"] == "every-conflict"]
    parts = []
    for kind in whole:
        named = defeat.term(kind["defeat"])["term"].lower()
        npc = f"; a non-player character: {_reading(kind['npc_defeat_note'], readings)}" \
            if "npc_defeat_note" in kind else ""
        parts.append(f"a player character at 0 {kind['resilience']} is {named}: no turn in any conflict, "
                     f"and no chi paid to defend{npc}")
    return "; ".join(parts)


def _attacks() -> str:
    thunder = trigram(attack.CELERITY)
    least = attack.max_attacks(0)
    return (f"an attack is the turn's action; another needs {thunder['channel']}'s extra attack or a kung fu secret "
            f"(ticked as such); never more in a turn than the attacker's {thunder['name']} trigram ({least} if the "
            "trigram is lower)")


def _celerity() -> str:
    thunder = trigram(attack.CELERITY)
    least = rules.table("xia/trigrams")["channel_minimum"]
    return (f"{thunder['name']} channelled (a {thunder['name']} trigram of {least} or more) on an attack that "
            f"defeats its target gives one more attack at once on anyone else, within the cap; the first attack's "
            f"chi effects do not carry over (each attack ticks and pays its own)")


def _stop() -> str:
    mountain = trigram(attack.BREAKER)
    stop = defeat.condition_term("stop")["term"]
    return (f"a defender who channels {mountain['name']} against an attack that deals no damage puts a {stop} on "
            f"the attacker: no more attacks on that defender this round; each {stop} is lifted as the next round "
            "begins")


def _chi() -> str:
    cost = rules.table("xia/trigrams")["channel_cost"]
    kinds = {k["id"]: k["name"] for k in rules.table("xia/chi")["kinds"]}
    return (f"each trigram channelled costs {cost} chi of its kind ({kinds['yang']} attacking, {kinds['yin']} "
            "defending), once for that one attack or defence, and only with that much in hand")


def _style() -> str:
    chi = rules.table("xia/chi")
    bonuses = listing([f"+{b['bonus']}" for b in chi["style_bonuses"]], "or")
    kinds = {k["id"]: k for k in chi["kinds"]}
    return (f"{bonuses} chi at once, before anything is paid: {kinds['yang']['name']} to the acting combatant "
            f"(for {kinds['yang']['style_from']}), {kinds['yin']['name']} to the target (for "
            f"{kinds['yin']['style_from']})")


def _breath() -> str:
    kinds = listing([k["name"] for k in rules.table("xia/chi")["kinds"]], "and")
    return f"all spent {kinds} comes back, for one combatant or for everyone at once"


def _names() -> str:
    return ("a change goes to the combatant named (any case and spacing); a name two combatants share, a name "
            "nobody has, or a change with no target is refused beside the field, never applied to a guess; nobody "
            "attacks themselves, and an attack's damage comes off the resilience of the conflict whose turn it is")


def _rounds() -> str:
    stop = defeat.condition_term("stop")["term"]
    return ("End the turn marks the turn taken and gives the next one down the order to whoever can take it; when "
            f"every turn is taken it starts the next round, every turn open again and every {stop} lifted")


def _left() -> str:
    moving = rules.table("xia/conflicts")["movement"]
    return ("the dice (the attack calculator works out Motion, Accuracy and Power; type the damage that came of "
            f"them), movement (up to {moving['seconds']} seconds of it before the first attack, none after) and "
            "who is in reach, the order among player characters or among non-player characters on one rating (the "
            "players agree, the eldest first if they cannot; the GM picks for the rest: move a row to follow it), "
            "whether a stunt earns a style bonus and whether there was time to catch breath, kung fu secrets and "
            "the order in which effects are declared, what a defeat means in the story, and lasting harm to a "
            "hero, only with the player's consent")


def rules_table(readings: Mapping[str, str]) -> Table:
    """What the tracker applies, with the data's numbers and the readings in force, and what it leaves."""
    thunder, mountain = trigram(attack.CELERITY), trigram(attack.BREAKER)
    applied: list[tuple[str, str]] = [
        ("Order", _order(readings)),
        ("Turns and rounds", _rounds()),
        ("Defeat", "0 resilience in a conflict ends that combatant's turns in it; their place in the order is kept, "
                    "so the order moves on past it turn by turn and nobody else gains or loses a turn"),
        (defeat.term(next(k for k in conflicts() if k["defeat_ends"] == "every-conflict")["defeat"])["term"],
         _incapacitated(readings)),
        ("Attacks in a turn", _attacks()),
        (f"{thunder['channel']} ({thunder['name']})", _celerity()),
        (f"{mountain['channel']} ({mountain['name']})", _stop()),
        ("Chi for effects", _chi()),
        ("Style bonus", _style()),
        (defeat.condition_term("breath")["term"], _breath()),
        ("Names", _names()),
    ]
    return Table("The rules the tracker's buttons apply, and what stays with the table", ("Rule", "Applied"),
                 tuple(Row(name, text_cells(text)) for name, text in (*applied, (LEFT, _left()))), style="prose")


def shown(readings: Mapping[str, str]) -> Table:
    """The table for these readings, computed once for the rules in use."""
    return rules.memo(("xia-tracker-rules", tuple(sorted(readings.items()))), lambda: rules_table(readings))
