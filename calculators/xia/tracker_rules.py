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
from . import attack, changes, defeat
from .common import GAME, conflict, conflicts, trigram
from .initiative import initiative, participants_note

LEFT = "Left to the table"


def _reading(note_id: str, readings: Mapping[str, str]) -> str:
    """The reading in force of a source note, in its words, and whether another is offered."""
    entry = rules.note(GAME, note_id)
    label = " ".join(rules.reading_option(GAME, note_id, readings.get(note_id, entry["reading"]))["label"].split())
    other = "; the other is offered under Reading" if len(entry["options"]) > 1 else ""
    return f"“{label}” (the reading in force{other})"


def _order(readings: Mapping[str, str]) -> str:
    init = initiative()
    kinds = " before ".join(conflict(c)["name"] for c in init["precedence"])
    sides = {"pc": "player characters", "npc": "non-player characters"}
    first, second = (sides[s] for s in init["side_order"])
    equal = ""
    if readings.get(init["precedence_note"], "") == "rating-first":
        equal = f"; a physical and a mental turn on one rating: {_reading(init['equal_ratings_note'], readings)}"
    return (f"one turn a round per combatant in each running conflict, highest Initiative Rating (active Trait + "
            f"{trigram(init['trigram'])['name']}) first; on one rating {first} before {second}, then the list's "
            f"order; {kinds}, read as {_reading(init['precedence_note'], readings)}{equal}; a Trait of 0 keeps a "
            "combatant out of that conflict; someone added above the turn under way acts from the next round")


def _participants(readings: Mapping[str, str]) -> str:
    table = rules.table("xia/conflicts")
    everyone = listing([k["name"].lower() for k in conflicts() if k["joined_by_default"]], "and")
    picked = listing([k["name"].lower() for k in conflicts() if not k["joined_by_default"]], "or")
    return (f"each combatant's row says which conflicts they are in: the {everyone} one takes in everyone until "
            f"left out, a {picked} one only those the GM ticks; a running conflict with fewer than "
            f"{table['least_participants']} in it is refused beside its box, saying who is in it; read as "
            f"{_reading(participants_note(), readings)}")


def _incapacitated(readings: Mapping[str, str]) -> str:
    parts = []
    for kind in (k for k in conflicts() if k["defeat_ends"] == "every-conflict"):
        npc = f"; a non-player character: {_reading(kind['npc_defeat_note'], readings)}" \
            if "npc_defeat_note" in kind else ""
        parts.append(f"a player character at 0 {kind['resilience']}: no turn in any conflict, no chi paid to "
                     f"defend, no style bonus for a defence{npc}")
    return "; ".join(parts)


def _attacks(readings: Mapping[str, str]) -> str:
    thunder = trigram(attack.CELERITY)
    note = attack.limit_note()
    floor = attack.least_attacks(readings.get(note))
    lower = f" ({floor} if the trigram is lower)" if floor else ""
    return (f"one a turn; another needs {thunder['channel']}'s extra attack or a kung fu secret (ticked); never "
            f"more than the attacker's {thunder['name']} trigram{lower}, read as {_reading(note, readings)}")


def _celerity(readings: Mapping[str, str]) -> str:
    thunder = trigram(attack.CELERITY)
    least = rules.table("xia/trigrams")["channel_minimum"]
    return (f"channelled ({thunder['name']} {least} or more) on an attack that defeats its target: one more attack "
            f"at once, within that cap, on a new target, read as {_reading(thunder['target_note'], readings)}; "
            f"if another attack comes first, {_reading(thunder['at_once_note'], readings)}; the trigrams channelled "
            "on the attack that earned it are kept, and the extra attack's summary says none of them applies to it: "
            "each attack pays for its own chi effects")


def _stop() -> str:
    stop = defeat.condition_term("stop")["term"]
    return (f"channelled against an attack that deals no damage: a {stop} on the attacker, no more attacks on that "
            "defender this round")


def _chi() -> str:
    cost = rules.table("xia/trigrams")["channel_cost"]
    kinds = {k["id"]: k["name"] for k in rules.table("xia/chi")["kinds"]}
    return (f"{cost} chi a trigram channelled ({kinds['yang']} attacking, {kinds['yin']} defending), once an attack "
            "or defence, and only with it in hand")


def _style(readings: Mapping[str, str]) -> str:
    chi = rules.table("xia/chi")
    bonuses = listing([f"+{b['bonus']}" for b in chi["style_bonuses"]], "or")
    kinds = {k["id"]: k["name"] for k in chi["kinds"]}
    who = {"actor": "the acting combatant", "target": "the target"}
    deeds = listing([f"a stylish {d['name']} ({kinds[d['chi']]}, to {who[d['by']]})" for d in chi["style_actions"]])
    return (f"{bonuses} for {deeds}, never to a target who cannot act at all; it arrives "
            f"{_reading(changes.style_timing_note(), readings)}")


def _breath() -> str:
    kinds = listing([k["name"] for k in rules.table("xia/chi")["kinds"]], "and")
    return f"all spent {kinds} back, for one combatant or for everyone"


def _names() -> str:
    return ("a target two combatants share, that nobody has, or no target at all is refused beside the field, never "
            "guessed; nobody attacks themselves; damage comes off the resilience of the turn's conflict")


def _rounds() -> str:
    stop = defeat.condition_term("stop")["term"]
    return (f"End the turn marks it taken and moves down the order; after the last turn, a new round: every turn "
            f"open again, every {stop} lifted")


def _left() -> str:
    moving = rules.table("xia/conflicts")["movement"]
    return (f"the dice (see the attack calculator; type the damage), movement (up to {moving['seconds']} seconds, "
            "before the first attack only) and reach, the order among player characters or among non-player "
            "characters on one rating (move a row to follow the players' or the GM's choice), style awards and time "
            "to catch breath, kung fu secrets, when effects are declared, what a defeat means in the story, and "
            "lasting harm to a hero, only with the player's consent")


def rules_table(readings: Mapping[str, str]) -> Table:
    """What the tracker applies, with the data's numbers and the readings in force, and what it leaves."""
    thunder, mountain = trigram(attack.CELERITY), trigram(attack.BREAKER)
    applied: list[tuple[str, str]] = [
        ("Order", _order(readings)),
        ("Who is in which conflict", _participants(readings)),
        ("Turns and rounds", _rounds()),
        ("Defeat", "0 resilience ends a combatant's turns in that conflict; their place is kept, so nobody else "
                    "gains or loses a turn"),
        (defeat.term(next(k for k in conflicts() if k["defeat_ends"] == "every-conflict")["defeat"])["term"],
         _incapacitated(readings)),
        ("Attacks in a turn", _attacks(readings)),
        (f"{thunder['channel']} ({thunder['name']})", _celerity(readings)),
        (f"{mountain['channel']} ({mountain['name']})", _stop()),
        ("Chi for effects", _chi()),
        ("Style bonus", _style(readings)),
        (defeat.condition_term("breath")["term"], _breath()),
        ("Names", _names()),
    ]
    return Table("The rules the tracker's buttons apply, and what stays with the table", ("Rule", "Applied"),
                 tuple(Row(name, text_cells(text)) for name, text in (*applied, (LEFT, _left()))), style="prose")


def shown(readings: Mapping[str, str]) -> Table:
    """The table for these readings, computed once for the rules in use."""
    return rules.memo(("xia-tracker-rules", tuple(sorted(readings.items()))), lambda: rules_table(readings))
