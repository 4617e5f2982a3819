"""What a fight's answer keeps from one change to the next (calculators.recall) changes no answer.

The worker's engine answers a whole evening of changes to one fight; what it worked out from a
row alone (its end of round, its choices, its card) is given back when the row comes again. These
tests play random fights, groups sharing a pool among them, on one engine that keeps, and check
every answer (the page's HTML too) against an engine that has kept nothing.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from calculators import Engine, InputError
from calculators.fields import Fixed
from calculators.recall import recalled
from tests.support.engine import engine, rules_data
from tests.support.properties import examples
from tests.test_wbs_round_properties import fights

TRACKER = "wbs.combat_tracker"
CHANGES = ("damage", "stamina", "energy", "kiai", "relaxing", "ev")


def _fresh(state: dict[str, Any]) -> tuple[dict[str, Any], dict[str, str]]:
    """The answer of an engine that has kept nothing: as data, and as the page's HTML."""
    new = Engine(rules_data())
    return new.run(TRACKER, state), new.show(TRACKER, state)


@pytest.mark.slow  # random fights, each answer twice: left out of ./dev test --fast
@settings(max_examples=examples(25), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(fights(), st.data())
def test_an_engine_that_keeps_answers_as_one_that_kept_nothing(start: dict[str, Any], data: st.DataObject) -> None:
    keeping = engine()  # the session's engine: it has kept rows of every fight the tests played
    drawn: dict[str, Any] = {}  # as the worker keeps what it drew
    state = start
    for _ in range(6):
        try:
            fresh = _fresh(state)
        except InputError as error:
            with pytest.raises(InputError) as kept:
                keeping.run(TRACKER, state)
            assert kept.value.as_dict() == error.as_dict()
            return
        assert keeping.run(TRACKER, state) == fresh[0]
        assert keeping.show(TRACKER, state, drawn) == fresh[1]
        assert keeping.show(TRACKER, state, drawn) == fresh[1]  # the same change again: all of it kept
        if data.draw(st.booleans(), label="Next"):  # the round moves on (an end of round among them)
            state = {**state, **dict(fresh[0]["next"].get("sets", ())), "target": "", "change": ""}
            continue
        rows = [dict(r) for r in state["combatants"]]  # one field of one fighter changed, as the reader types
        who = data.draw(st.integers(0, len(rows) - 1), label="fighter")
        field = data.draw(st.sampled_from(CHANGES), label="field")
        rows[who][field] = (not rows[who].get(field, False)) if field == "relaxing" else \
            data.draw(st.integers(0, 12), label="value")
        state = {**state, "combatants": rows}


def test_a_parsed_row_is_read_only_and_a_key_by_its_values() -> None:
    row = Fixed({"name": "Mei", "damage": 2})
    assert hash(row) == hash(Fixed({"name": "Mei", "damage": 2}))
    assert {row: 1}[Fixed({"name": "Mei", "damage": 2})] == 1
    for change in (lambda: row.__setitem__("damage", 3), lambda: row.update(damage=3), lambda: row.pop("damage"),
                   lambda: row.setdefault("wait", 1), lambda: row.clear(), lambda: row.__delitem__("name")):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert row == {"name": "Mei", "damage": 2}
    assert {**row, "damage": 3} == {"name": "Mei", "damage": 3}  # a changed copy is a plain dict


def test_what_is_kept_is_per_engine_and_a_plain_dict_is_worked_out_each_time() -> None:
    calls: list[object] = []

    @recalled
    def worked(row: object) -> int:
        calls.append(row)
        return len(calls)

    row = Fixed({"a": 1})
    with engine().active():
        assert worked(row) == worked(Fixed({"a": 1})) == 1  # equal values: kept
        assert worked({"a": 1}) == 2 and worked({"a": 1}) == 3  # a dict a calculator made: not a value
    with Engine(rules_data()).active():
        assert worked(row) == 4  # another engine (other rules, perhaps) keeps its own
    assert worked(row) == 5  # no engine answering: worked out, nothing kept


def test_a_rehearsal_works_everything_out_and_keeps_nothing() -> None:
    """The worker's rehearsal (calculators/browser.py `Door.rehearse`) answers the last change again in full
    and throws the answer away: what the page was drawn from, and what the engine keeps, stay as they were."""
    from calculators.browser import Door

    door = Door(Engine(rules_data()))
    fight = {"combatants": [{"name": "Mei", "reflex": 5}, {"name": "Bo", "reflex": 3, "group": "Pack"}]}
    first = door.answer(TRACKER, json.dumps(fight))
    drawn = {name: dict(outputs) for name, outputs in door._drawn.items()}
    kept = {key: dict(store) for key, store in door.engine._rules._memo.items() if key[0] == "recalled"}
    assert kept, "the answer kept what it worked out from each row"
    other = {"combatants": [{"name": "Mei", "reflex": 5, "damage": 3}, {"name": "Chen", "reflex": 4}]}
    assert door.rehearse(TRACKER, json.dumps(other)) >= 0  # (the worker rehearses its last answer: any will do)
    assert {name: dict(outputs) for name, outputs in door._drawn.items()} == drawn
    assert {key: dict(store) for key, store in door.engine._rules._memo.items() if key[0] == "recalled"} == kept
    assert door.rehearse(TRACKER, '{"combatants": "not a fight"}') >= 0  # a bad one was said already: nothing
    assert door.rehearse("wbs.nothing", "{}") >= 0
    assert door.answer(TRACKER, json.dumps(fight)) == first
