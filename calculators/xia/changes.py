"""A change in the GM's terms, for the conflict tracker: "Guardsman takes 3 physical damage".

The GM names a target, types a change ("+2", "3", "−3", read by the table tools' one grammar,
`calculators.change_line`) and says what it changes (a resilience, Yang or Yin chi, or catching
breath); ticking "attack" makes it the acting combatant's attack, and then the book's rules of
an attack follow: the chi each channelled trigram costs, paid once for this one action (chi.yaml
effect_rules), the cap of attacks in a turn and Chi Celerity's extra attack on a new target
(Thunder), which takes nothing channelled on the attack that earned it, Chi Breaker's Stop
(Mountain), and the style bonus, in the chi of its deed (an attack or active task, a defence or
reaction) as the action resolves, or first, by the style-bonus-timing reading.
Every problem is named at its field; nothing is matched by guess or dropped in silence.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from .. import limits, rules
from ..change_line import SETS, Amount, combatant_names, find_target, name_key, parse_amount
from ..errors import Problems
from ..present import listing
from ..spec import Choice, Input
from . import attack, defeat
from .common import GAME, conflict, conflicts, ranges, trigram, trigrams

TARGET, CHANGE, WHAT, ATTACK, SECRET = "target", "change", "what", "attack", "secret_attack"
STYLE, DEFENCE_STYLE = "style", "defence_style"
ATTACKS, FOLLOW_UP = "attacks_made", "follow_up"  # the turn under way: attacks made, Chi Celerity's extra one
ATTACKED = "attacked"  # the turn under way: whom the actor has attacked (names, as in a list of Stops)
CHANNELLED = "channelled"  # the turn under way: the trigrams the actor channelled on the last attack (ids)
NOT_YET_ATTACKED = "not-yet-attacked"  # the celerity-new-target reading that rules out everyone attacked this turn
LATER_THIS_TURN = "later-this-turn"  # the celerity-at-once reading under which the extra attack waits
AWARDED_FIRST = "awarded-first"  # the style-bonus-timing reading under which the bonus comes before any cost
BREATH = "breath"
NO_STYLE = "none"
STOPS = "stopped_by"  # a row's field: the names whose Chi Breaker stops its attacks on them this round
SEPARATOR = "; "  # between names in a row's list of Stops (a name may not hold it)
_MINUS = "\u2212"


def channel(trigram_id: str) -> str:
    """The input that channels one trigram on this attack (`channel_thunder`)."""
    return f"channel_{trigram_id}"


def _chi() -> Mapping[str, Any]:
    return rules.table("xia/chi")


def _chi_kind(pool: str) -> Mapping[str, Any]:
    return rules.by_id(_chi()["kinds"], pool, what="kind of chi")


def _table() -> Mapping[str, Any]:
    return rules.table("xia/trigrams")


def style_timing_note() -> str:
    """The source note on when a style bonus arrives."""
    return _chi()["style_timing_note"]


def _reading(readings: Mapping[str, str], note_id: str) -> str:
    return readings.get(note_id, rules.note(GAME, note_id)["reading"])


def _deed(by: str, with_attack: bool) -> Mapping[str, Any]:
    """The kind of deed a style bonus rewards (chi.yaml style_actions): who made it, and whether in an attack.

    The build checks that there is one for each (hooks/codex/references.py).
    """
    return next(d for d in _chi()["style_actions"] if d["by"] == by and d["with_attack"] == with_attack)


def _deeds(by: str) -> str:
    return listing([d["name"] for d in _chi()["style_actions"] if d["by"] == by], "or")


def longest_channels() -> int:
    """The longest list of trigrams the tracker keeps for an attack (every attack trigram's id)."""
    return len(SEPARATOR.join(t["id"] for t in trigrams() if t["use"] == "attack"))


def action_inputs(group: str = "What happens") -> list[Input]:
    """The inputs of one change or attack (cleared once it is applied)."""
    kinds = conflicts()
    pools = [Choice(k["id"], f"{k['name']} damage") for k in kinds]
    pools += [Choice(k["id"], k["name"]) for k in _chi()["kinds"]]
    pools.append(Choice(BREATH, defeat.condition_term("breath")["term"]))
    styles = (Choice(NO_STYLE, "None"),
              *(Choice(b["id"], f"+{b['bonus']}: {' '.join(b['when'].split())}") for b in _chi()["style_bonuses"]))
    out = [
        Input(TARGET, "Target (a combatant's name)", "text", default="", maximum=limits.NAME_LENGTH, group=group,
              help="Tap a name in the table of combatants, or type it"),
        Input(CHANGE, "Change", "text", default="", maximum=limits.CHANGE_TEXT, group=group,
              help=f"4 or +4 adds to what it changes (4 physical damage, 4 chi gained), {_MINUS}2 takes away "
                   "(2 damage healed, 2 chi spent), =3 sets chi"),
        Input(WHAT, "What it changes", "choice", default=kinds[0]["id"], choices=tuple(pools), group=group),
        Input(ATTACK, "This is the acting combatant's attack", "bool", default=False, group=group,
              help="The change is the damage it did (0 if every die missed)"),
        Input(SECRET, "An extra attack from a kung fu secret", "bool", default=False, group=group,
              help="Allows another attack this turn, still within the Thunder trigram's limit"),
    ]
    for t in trigrams():
        who = "The attacker" if t["use"] == "attack" else "The target"
        applied = t["id"] in (attack.CELERITY, attack.BREAKER)  # the two whose effect the tracker applies itself
        out.append(Input(channel(t["id"]), f"{who} channels {t['name']} ({t['channel']})", "bool", default=False,
                         group=group, help=" ".join(t["effect"].split()) if applied else ""))
    out += [Input(STYLE, f"Style bonus for the acting combatant ({_deeds('actor')})", "choice", default=NO_STYLE,
                  choices=styles, group=group, help=_style_help("actor")),
            Input(DEFENCE_STYLE, f"Style bonus for the target ({_deeds('target')})", "choice", default=NO_STYLE,
                  choices=styles, group=group, help=_style_help("target"))]
    return out


def cleared() -> tuple[tuple[str, Any], ...]:
    """The action's inputs back at their defaults (what an applied change leaves)."""
    return rules.memo(("xia-cleared",), lambda: tuple((i.name, i.default) for i in action_inputs()))


def _style_help(by: str) -> str:
    paid = [f"{_chi_kind(d['chi'])['name']} for a stylish {d['name']}"
            for d in _chi()["style_actions"] if d["by"] == by]
    return f"Paid in {listing(paid)}; when it arrives is a reading below"


@dataclass(slots=True)
class Outcome:
    """What applying the action does: the rows after it, the turn's attacks, and what to tell the GM."""

    rows: list[dict[str, Any]]
    attacks_made: int
    follow_up: str
    headline: str
    said: list[str] = field(default_factory=list)
    attacked: str = ""
    channelled: str = ""


def stops(row: Mapping[str, Any]) -> list[str]:
    """The names whose Chi Breaker stops this combatant's attacks on them this round."""
    return names_in(row[STOPS])


def names_in(text: str) -> list[str]:
    """The names in one of the tracker's lists of names."""
    return [n for n in (part.strip() for part in text.split(SEPARATOR.strip())) if n]


def pending(values: Mapping[str, Any]) -> bool:
    """Whether the GM has entered anything to apply (a target alone, tapped from the table, is not yet a change)."""
    if values[CHANGE] or values[ATTACK] or values[SECRET]:
        return True
    if values[STYLE] != NO_STYLE or values[DEFENCE_STYLE] != NO_STYLE:
        return True
    if any(values[channel(t["id"])] for t in trigrams()):
        return True
    return values[WHAT] == BREATH and bool(values[TARGET])


def parse_change(text: str, problems: Problems) -> Amount | None:
    """The change typed, by the one grammar (a bare number adds, as `+` does), or None with the problem added."""
    try:
        return parse_amount(text)
    except ValueError as exc:
        problems.add(CHANGE, str(exc))
        return None


def act(values: Mapping[str, Any], given: Sequence[Mapping[str, Any]], actor: Mapping[str, Any] | None,
        readings: Mapping[str, str], problems: Problems) -> Outcome | None:
    """The action applied to copies of `rows` (None when nothing was entered); problems name their fields."""
    if not pending(values):
        return None
    rows = [dict(r) for r in given]
    names = combatant_names(rows)
    out = Outcome(rows, values[ATTACKS], values[FOLLOW_UP], "", attacked=values[ATTACKED],
                  channelled=values[CHANNELLED])
    me = rows[actor["slot"] - 1] if actor else None
    first = _reading(readings, style_timing_note()) == AWARDED_FIRST  # else the bonus comes as the action resolves
    styled = _style(values, rows, me, names, out, problems) if first else ""
    target: int | None = None
    if not values[ATTACK]:
        for name in (SECRET, *(channel(t["id"]) for t in trigrams())):
            if values[name]:
                problems.add(name, "Tick “This is the acting combatant's attack”: this goes with an attack")
        if values[CHANGE] or values[WHAT] == BREATH or values[DEFENCE_STYLE] != NO_STYLE:
            target = find_target(names, values[TARGET], problems, TARGET)
            if target is not None and first and values[DEFENCE_STYLE] != NO_STYLE:
                _defence_style(values, rows[target], names[target], out, readings, problems)
            if target is not None and (values[CHANGE] or values[WHAT] == BREATH):
                _change(values, rows[target], names[target], out, problems)
    elif me is None:
        problems.add(ATTACK, "Nobody is acting now, so nobody can attack")
    else:  # someone acts, so there is an actor
        target = _attack(values, rows, actor or {}, names, out, readings, problems, styled_first=first)
    if not first:  # the action has resolved: its costs are paid, and only now does style pay chi
        styled = _style(values, rows, me, names, out, problems)
        if target is not None and values[DEFENCE_STYLE] != NO_STYLE:
            _defence_style(values, rows[target], names[target], out, readings, problems)
    problems.raise_if_any()
    out.headline = out.headline or styled
    return out


def check_turn(values: Mapping[str, Any], problems: Problems) -> None:
    """The turn's own state, whatever is being entered: the trigrams kept for the last attack are attack trigrams."""
    known = {t["id"] for t in trigrams() if t["use"] == "attack"}
    unknown = [n for n in names_in(values[CHANNELLED]) if n not in known]
    if unknown:
        problems.add(CHANNELLED, f"{', '.join(unknown)}: not a trigram channelled in attack (they are: "
                                 f"{', '.join(sorted(known))}); the tracker fills this in, so clear it")


def _bonus(style_id: str) -> int:
    return rules.by_id(_chi()["style_bonuses"], style_id, what="style bonus")["bonus"]


def _style(values: Mapping[str, Any], rows: list[dict[str, Any]], me: dict[str, Any] | None, names: list[str],
           out: Outcome, problems: Problems) -> str:
    """The acting combatant's style bonus, for the attack or the active task: its chi by the kind of deed."""
    if values[STYLE] == NO_STYLE:
        return ""
    if me is None:
        problems.add(STYLE, "Nobody is acting now, so nobody can earn this style bonus")
        return ""
    name = names[rows.index(me)]
    deed = _deed("actor", bool(values[ATTACK]))
    amount = _bonus(values[STYLE])
    said = len(out.said)
    _gain(me, name, deed["chi"], amount, out, problems, STYLE, f"a stylish {deed['name']}")
    # The button's words stay as they were, so a log of presses made before the deed was named still folds.
    return f"{name} gains {amount} {_chi_kind(deed['chi'])['name']} ({me[deed['chi']]})" if len(out.said) > said else ""


def _defence_style(values: Mapping[str, Any], row: dict[str, Any], name: str, out: Outcome,
                   readings: Mapping[str, str], problems: Problems) -> None:
    """The target's style bonus, for a defence or a reaction: never for someone who cannot act at all."""
    deed = _deed("target", bool(values[ATTACK]))
    if not defeat.can_act(row, readings):
        problems.add(DEFENCE_STYLE, f"{name} cannot act at all, so cannot earn a style bonus for a {deed['name']}")
        return
    _gain(row, name, deed["chi"], _bonus(values[DEFENCE_STYLE]), out, problems, DEFENCE_STYLE,
          f"a stylish {deed['name']}")


def _gain(row: dict[str, Any], name: str, pool: str, amount: int, out: Outcome, problems: Problems,
          where: str, why: str = "") -> None:
    most = ranges()["chi_max"]
    chi_name = _chi_kind(pool)["name"]
    if row[pool] + amount > most:
        problems.add(where, f"{name} would have {row[pool] + amount} {chi_name}; the tracker goes up to {most}")
        return
    row[pool] += amount
    out.said.append(f"{name} gains {amount} {chi_name}{f' for {why}' if why else ''} ({row[pool]})")


def _spend(row: dict[str, Any], name: str, pool: str, amount: int, what: str, out: Outcome, problems: Problems,
           where: str) -> bool:
    """Pay chi for an effect: the book lets nobody use one without enough chi in hand."""
    chi_name = _chi_kind(pool)["name"]
    if amount > row[pool]:
        problems.add(where, f"{name} has {row[pool]} {chi_name}, and {what} costs {amount}")
        return False
    row[pool] -= amount
    row[f"{pool}_spent"] = min(row[f"{pool}_spent"] + amount, ranges()["chi_max"])
    out.said.append(f"{name} pays {amount} {chi_name} for {what} ({row[pool]} left)")
    return True


def _change(values: Mapping[str, Any], row: dict[str, Any], name: str, out: Outcome, problems: Problems) -> None:
    """A change that is not an attack: damage or healing, chi gained or spent, or catching breath."""
    what = values[WHAT]
    if what == BREATH:
        if values[CHANGE]:
            problems.add(CHANGE, "Catching breath brings back all spent chi: leave the change empty")
            return
        _breathe(row, name, out)
        return
    amount = parse_change(values[CHANGE], problems)
    if amount is None:
        return
    size = amount.size
    kind = rules.by_id(conflicts(), what, None)
    chi_name = "" if kind is not None else _chi_kind(what)["name"]
    if kind is not None:
        if amount.sign == SETS:
            problems.add(CHANGE, f"Type the damage (4) or the damage healed ({_MINUS}4); "
                                 f"a resilience itself is set in {name}'s row")
            return
        _resilience(row, name, kind, -size if amount.adds else size, out, problems)
    elif amount.sign == SETS:
        if size > ranges()["chi_max"]:
            problems.add(CHANGE, f"{name} would have {size} {chi_name}; the tracker goes up to {ranges()['chi_max']}")
            return
        row[what] = size
        out.headline = f"{name} has {size} {chi_name}"
        out.said.append(out.headline)
    elif amount.adds:
        _gain(row, name, what, size, out, problems, CHANGE)
        out.headline = out.said[-1] if out.said else ""
    else:
        if size > row[what]:
            problems.add(CHANGE, f"{name} has only {row[what]} {chi_name} (got {values[CHANGE]})")
            return
        row[what] -= size
        row[f"{what}_spent"] = min(row[f"{what}_spent"] + size, ranges()["chi_max"])
        out.headline = f"{name} spends {size} {chi_name}"
        out.said.append(f"{out.headline} ({row[what]} left)")


def _resilience(row: dict[str, Any], name: str, kind: Mapping[str, Any], delta: int, out: Outcome,
                problems: Problems) -> bool:
    """Damage (delta < 0) or healing on one resilience; returns whether it defeats its target."""
    field_name = f"{kind['id']}_resilience"
    before = row[field_name]
    most = ranges()["resilience_max"]
    if before + delta > most:
        problems.add(CHANGE, f"{name}'s {kind['resilience']} would be {before + delta}; the tracker goes up to {most}")
        return False
    row[field_name] = max(0, before + delta)
    kind_word = kind["name"].lower()
    if delta > 0:
        out.headline = f"{name} regains {delta} {kind['resilience']}"
        out.said.append(f"{out.headline} ({row[field_name]})")
        return False
    out.headline = (f"{name} takes {-delta} {kind_word} damage" if delta else f"{name} takes no {kind_word} damage")
    defeated = before > 0 and row[field_name] == 0
    named = defeat.term(kind["defeat"]) if row["side"] == "pc" else defeat.condition_term("npc_defeat")
    ending = f": {named['term'].lower()}" if defeated else ""
    out.said.append(f"{out.headline} ({row[field_name]} left{ending})")
    return defeated


def _breathe(row: dict[str, Any], name: str, out: Outcome) -> None:
    """Catching breath: all spent Yang and Yin chi comes back."""
    back = []
    for kind in _chi()["kinds"]:
        spent = row[f"{kind['id']}_spent"]
        if spent:
            row[kind["id"]] = min(row[kind["id"]] + spent, ranges()["chi_max"])
            row[f"{kind['id']}_spent"] = 0
            back.append(f"{spent} {kind['name']}")
    out.headline = f"{name} catches their breath"
    out.said.append(f"{out.headline}: " + (" and ".join(back) + " back" if back else "no chi spent, none to regain"))


def breathe_all(rows: Sequence[Mapping[str, Any]]) -> Outcome | None:
    """Everyone catches their breath (the conflict is over, or a short rest): None if nobody has spent chi."""
    out = Outcome([dict(r) for r in rows], 0, "", "")
    kinds = [k["id"] for k in _chi()["kinds"]]
    for row, name in zip(out.rows, combatant_names(out.rows), strict=True):
        if any(row[f"{k}_spent"] for k in kinds):
            _breathe(row, name, out)
    return out if out.said else None


def _attack(values: Mapping[str, Any], rows: list[dict[str, Any]], actor: Mapping[str, Any], names: list[str],
            out: Outcome, readings: Mapping[str, str], problems: Problems, *, styled_first: bool) -> int | None:
    """The acting combatant's attack: its chi, its damage, and what Thunder and Mountain make of it.

    Returns the target's index once the attack is applied (None if it is refused). Chi Celerity's extra
    attack takes nothing from the attack that earned it (000 line 141): the trigrams channelled on the last
    attack are kept (`channelled`) to say so, and under the celerity-at-once reading any next attack
    ends the extra one, since Thunder's effect belongs to the attack that earned it.
    """
    me = rows[actor["slot"] - 1]
    my_name = names[actor["slot"] - 1]
    kind = conflict(actor["conflict"])
    made = values[ATTACKS]
    most = attack.max_attacks(me["thunder"], readings.get(attack.limit_note()))
    thunder = trigram(attack.CELERITY)
    if not most:
        problems.add(ATTACK, f"{my_name}'s {thunder['name']} trigram is {me['thunder']}, and under the reading "
                             "chosen for the attack limit nobody attacks more often in a turn than that")
    elif made >= most:
        problems.add(ATTACK, f"{my_name} has made {made} attacks this turn, the most a {thunder['name']} trigram of "
                             f"{me['thunder']} allows (“End the turn” moves on)")
    elif made and not values[SECRET] and not values[FOLLOW_UP]:
        problems.add(ATTACK, f"{my_name} has attacked this turn already: another attack needs {thunder['channel']} "
                             f"(channel {thunder['name']} on an attack that defeats its target) "
                             "or a kung fu secret (tick it)")
    if values[WHAT] != kind["id"]:
        problems.add(WHAT, f"An attack in the {kind['name'].lower()} conflict takes {kind['resilience']}: pick it")
    target = find_target(names, values[TARGET], problems, TARGET)
    if target is not None and target == actor["slot"] - 1:
        problems.add(TARGET, f"{my_name} cannot attack themselves")
        target = None
    if target is not None:
        if values[FOLLOW_UP] and not values[SECRET]:
            _new_target(values, names[target], my_name, readings, problems)
        if any(name_key(n) == name_key(names[target]) for n in stops(me)):
            problems.add(TARGET, f"{names[target]}'s {trigram(attack.BREAKER)['channel']} put a "
                                 f"{defeat.condition_term('stop')['term']} on {my_name}: no more attacks on "
                                 f"{names[target]} this round")
    if not values[CHANGE]:
        problems.add(CHANGE, "Enter the damage the attack did (0 if every die missed)")
        return None
    amount = parse_change(values[CHANGE], problems)
    if amount is not None and not amount.adds:
        problems.add(CHANGE, f"An attack deals damage: type it as {amount.size} (0 if every die missed)")
    if problems or target is None or amount is None:
        return None
    delta = -amount.size
    victim = rows[target]
    if styled_first and values[DEFENCE_STYLE] != NO_STYLE:  # awarded before the defence pays for anything
        _defence_style(values, victim, names[target], out, readings, problems)
    _channel(values, me, my_name, victim, names[target], out, readings, problems)
    if problems:
        return None
    out.said.append(f"{my_name} attacks {names[target]} (attack {made + 1} of at most {most} this turn)")
    if values[FOLLOW_UP] and not values[SECRET]:
        out.said.append(_carried(values, thunder))
    out.channelled = SEPARATOR.join(t["id"] for t in trigrams() if t["use"] == "attack" and values[channel(t["id"])])
    defeated = _resilience(victim, names[target], kind, delta, out, problems)
    out.attacks_made = made + 1
    if all(name_key(n) != name_key(names[target]) for n in names_in(out.attacked)):
        out.attacked = SEPARATOR.join([*names_in(out.attacked), names[target]])
    waits = _reading(readings, thunder["at_once_note"]) == LATER_THIS_TURN
    lapsed = bool(values[FOLLOW_UP] and values[SECRET]) and not waits
    if lapsed:
        out.said.append(f"{thunder['channel']}'s extra attack was not the next attack made: it is lost")
    if not values[SECRET] or lapsed:
        out.follow_up = ""  # made, or lost to the attack made first
    if values[channel(attack.CELERITY)] and defeated:
        if made + 1 < most:
            out.follow_up = names[target]
            out.said.append(f"{thunder['channel']}: {my_name} may attack a new target at once")
        else:
            out.said.append(f"{thunder['channel']} would give another attack, but {made + 1} is the most a "
                            f"{thunder['name']} trigram of {me['thunder']} allows in a turn")
    if values[channel(attack.BREAKER)] and delta == 0:
        me[STOPS] = SEPARATOR.join([*stops(me), names[target]])
        out.said.append(f"{names[target]}'s {trigram(attack.BREAKER)['channel']}: {my_name} suffers a "
                        f"{defeat.condition_term('stop')['term']} and may not attack {names[target]} again this round")
    return target


def _carried(values: Mapping[str, Any], thunder: Mapping[str, Any]) -> str:
    """What Chi Celerity's extra attack keeps of the attack that earned it: nothing channelled on it."""
    before = [trigram(t) for t in names_in(values[CHANNELLED])]
    again = [t["name"] for t in before if values[channel(t["id"])]]
    dropped = [t["name"] for t in before if not values[channel(t["id"])]]
    said = f"{thunder['channel']}'s extra attack: nothing of the attack that earned it applies"
    if dropped:
        said += f" ({listing(dropped)} channelled there, not here)"
    if again:
        said += f"; {listing(again)} channelled again, at a new cost"
    return said


def _new_target(values: Mapping[str, Any], target: str, my_name: str, readings: Mapping[str, str],
                problems: Problems) -> None:
    """Chi Celerity's extra attack goes to a new target: who counts as new is the celerity-new-target reading."""
    thunder = trigram(attack.CELERITY)
    note = thunder["target_note"]
    if name_key(target) == name_key(values[FOLLOW_UP]):
        problems.add(TARGET, f"{thunder['channel']}'s extra attack goes to a new target, not {target}")
    elif (readings.get(note, rules.note(GAME, note)["reading"]) == NOT_YET_ATTACKED
          and any(name_key(n) == name_key(target) for n in names_in(values[ATTACKED]))):
        problems.add(TARGET, f"{thunder['channel']}'s extra attack goes to a new target, and under the reading chosen "
                             f"that rules out {target}, whom {my_name} has attacked this turn already")


def _channel(values: Mapping[str, Any], me: dict[str, Any], my_name: str, victim: dict[str, Any], victim_name: str,
             out: Outcome, readings: Mapping[str, str], problems: Problems) -> None:
    """Each trigram channelled on this one attack or defence is paid once, by its side, in its kind of chi."""
    cost = _table()["channel_cost"]
    least = _table()["channel_minimum"]
    thunder = trigram(attack.CELERITY)
    if values[channel(thunder["id"])] and me["thunder"] < least:
        problems.add(channel(thunder["id"]), f"{my_name}'s {thunder['name']} trigram is {me['thunder']}: channelling "
                                              f"it takes {least} or more")
    for side, row, name in (("attack", me, my_name), ("defence", victim, victim_name)):
        chosen = [t for t in trigrams() if t["use"] == side and values[channel(t["id"])]]
        if not chosen:
            continue
        first = channel(chosen[0]["id"])
        if side == "defence" and not defeat.can_act(row, readings):
            problems.add(first, f"{name} cannot act at all, not even to defend with chi")
            continue
        what = "channelling " + " and ".join(t["name"] for t in chosen)
        _spend(row, name, chosen[0]["chi"], cost * len(chosen), what, out, problems, first)
