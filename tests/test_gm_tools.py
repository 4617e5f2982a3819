"""Game master's tools: the `text` and `rows` input kinds, their link code, and the WBS combat tracker."""

from __future__ import annotations

import html
from html.parser import HTMLParser
from urllib.parse import urlencode

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError, rowcode
from calculators.spec import Input, parse_inputs
from tests.support.engine import engine
from tests.support.properties import examples
from tests.support.says import says

HOSTILE = "<img src=x onerror=alert(1)>"
TRACKER = "wbs.combat_tracker"


def _problems(calc: str, inputs: dict) -> dict[str, str]:
    with pytest.raises(InputError) as caught:
        engine().run(calc, inputs)
    return {p.field: p.message for p in caught.value.problems}


def _fields() -> list[dict]:
    return next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]


# ---- text -------------------------------------------------------------------------------------

NAME = Input("name", "Name", "text", default="", maximum=10)


def test_text_is_trimmed_and_control_characters_become_spaces() -> None:
    assert parse_inputs([NAME], {"name": "  Lu\r\nBu\t "}) == {"name": "Lu  Bu"}


def test_text_over_its_length_is_refused_with_a_message() -> None:
    with pytest.raises(InputError) as caught:
        parse_inputs([NAME], {"name": "x" * 11})
    assert caught.value.field == "name"
    says(caught.value.message, "Name", "at most 10", "characters", 11)


def test_text_and_rows_describe_themselves_in_the_catalog() -> None:
    entry = engine().describe(TRACKER)
    rows = next(i for i in entry["inputs"] if i["type"] == "rows")
    assert (rows["min_rows"], rows["max_rows"], rows["item"]) == (0, 20, "Combatant")  # a new fight starts empty
    name = next(f for f in rows["fields"] if f["name"] == "name")
    assert name["type"] == "text" and name["max_length"] == 40 and name["min_length"] == 0
    assert {f["type"] for f in rows["fields"]} == {"text", "int", "bool", "choice"}
    decoded = rowcode.decode(rows["fields"], rows["code"])
    assert [{k: str(v) for k, v in r.items()} for r in decoded] == [
        {k: str(v) for k, v in {**{f["name"]: f["default"] for f in rows["fields"]}, **r}.items()}
        for r in rows["default"]]


# ---- rows -------------------------------------------------------------------------------------

def test_row_errors_name_the_row_and_the_field() -> None:
    found = _problems(TRACKER, {"combatants": [{"name": "A"}, {"name": "B"}, {"name": "C", "reflex": 120},
                                               {"name": "x" * 41}]})
    assert list(found) == ["combatants.3.reflex", "combatants.4.name"]
    says(found["combatants.3.reflex"], "Combatant 3", "Reflex", "whole number", 0, 99, 120)
    says(found["combatants.4.name"], "Combatant 4", "Name", "at most 40", "characters", 41)


def test_unknown_fields_and_too_many_rows_are_named() -> None:
    found = _problems(TRACKER, {"combatants": [{"name": "A", "speed": 3}]})
    says(found["combatants.1"], "Combatant 1", "'speed'", "not one of its fields")
    found = _problems(TRACKER, {"combatants": [{}] * 21})
    assert list(found) == ["combatants"]
    says(found["combatants"], "Combatants", "at most 20", 21)
    assert engine().run(TRACKER, {"combatants": []})["fighters"]["rows"] == [], "a new fight starts empty"


def test_a_link_from_another_version_gets_a_clear_message() -> None:
    found = _problems(TRACKER, {"combatants": "0_Hero.5"})
    assert "could not be read from this link" in found["combatants"]
    assert "version '0'" in found["combatants"]
    assert "could not be read" in _problems(TRACKER, {"combatants": "1_a.b.c.d.e.f.g.h.i.j.k.l"})["combatants"]
    assert "could not be read" in _problems(TRACKER, {"combatants": "1_*zz"})["combatants"]


texts = st.text(alphabet=st.characters(exclude_categories=("Cs",)), max_size=12)


@settings(max_examples=examples(150), deadline=None)
@given(st.lists(st.fixed_dictionaries({"name": texts, "reflex": st.integers(0, 99), "relaxing": st.booleans()}),
                max_size=5))
def test_the_code_gives_back_what_it_was_given(rows: list[dict]) -> None:
    fields = [{"name": "name", "type": "text", "default": ""}, {"name": "reflex", "type": "int", "default": 3},
              {"name": "relaxing", "type": "bool", "default": False}]
    back = rowcode.decode(fields, rowcode.encode(fields, rows))
    assert [{**r, "reflex": int(r["reflex"])} for r in back] == rows


@given(st.text())
def test_text_in_an_answer_is_escaped_as_the_standard_library_escapes_it(text: str) -> None:
    # present.py writes html.escape(quote=False) out (the html module would cost the browser's start).
    from calculators.present import _e

    assert _e(text) == html.escape(text, quote=False)


@given(st.text())
def test_any_text_comes_back_from_its_code(text: str) -> None:
    # rowcode reads its *XX bytes itself (urllib.parse would cost the browser's start ipaddress too).
    fields = [{"name": "name", "type": "text", "default": ""}]
    assert rowcode.decode(fields, rowcode.encode(fields, [{"name": text}])) == [{"name": text}]


def test_a_twelve_combatant_fight_fits_in_a_chat_link() -> None:
    fields = _fields()
    rows = [{"name": f"Bandit of the Red Hill {n}", "reflex": 3 + n, "health": 12, "damage": 3 * n, "stamina": 9,
             "energy": 140 + n, "ev": 2, "kiai": 1, "relaxing": n % 2 == 0, "monster": n % 3 == 0, "core": 20,
             "stamina_full": 9, "efficiency": 1, "action": "attacks", "wait": n % 3, "majors": 1}
            for n in range(12)]
    code = rowcode.encode(fields, rows)
    link = "https://codex.example.org/wbs/fight/?" + urlencode(
        {f"{TRACKER}.combatants": code, f"{TRACKER}.round": 17, f"{TRACKER}.tier": "adept"})
    assert len(link) <= 2000, len(link)
    assert engine().run(TRACKER, {"combatants": code})["fighters"]["rows"][11]["head"] == "Bandit of the Red Hill 11"


# ---- the WBS combat tracker -------------------------------------------------------------------

FIGHT = [
    {"name": "Mei", "reflex": 5, "health": 6, "damage": 7, "stamina": 6, "energy": 20, "ev": 2, "kiai": 1, "core": 15},
    {"name": "Orc", "reflex": 3, "health": 8, "damage": 17, "stamina": 4, "energy": 1, "ev": 1, "monster": True},
    {"name": HOSTILE, "reflex": 4, "relaxing": True},
    {"name": "", "reflex": 0},
]


def test_every_line_names_its_combatants() -> None:
    result = engine().run(TRACKER, {"combatants": FIGHT})
    names = ["Mei", "Orc", HOSTILE, "Combatant 4"]
    for row in result["order"]["rows"]:
        who = row["cells"][0]["value"].split(" & ")
        assert who == [HOSTILE], row  # out of the fight, unconscious and Reflex 0 have no ticks
    for key in ("fighters", "end_of_round"):
        assert [r["head"] for r in result[key]["rows"]] == names
    assert [r["pick"] for r in result["fighters"]["rows"]] == names


def test_the_tracker_reuses_the_tick_health_and_upkeep_rules() -> None:
    e = engine()
    result = e.run(TRACKER, {"combatants": FIGHT, "tier": "adept"})
    ticks = e.run("wbs.ticks", {"reflex": 3, "phases": 8})
    assert result["chart"]["phases"] == ticks["phase_names"]
    states = {r["head"]: [c["name"] for c in r["cells"][0]["conditions"]] for r in result["fighters"]["rows"]}
    assert states == {"Mei": ["Out of the fight", "EV 2", "Kiai dice 1"], "Orc": ["Unconscious", "EV 1"],
                      HOSTILE: ["Relaxing"], "Combatant 4": []}
    upkeep = e.run("wbs.upkeep", {"ev": 2, "kiai_dice": 1, "one_major_action": True})["upkeep"]
    mei = result["end_of_round"]["rows"][0]["cells"]
    assert mei[0]["value"] == upkeep
    orc = result["end_of_round"]["rows"][1]["cells"]
    assert orc[1]["value"] == "1 JaKi"  # EV 1, less one Major Action at most: its last point


def _press(state: dict, output: str = "next", **typed: object) -> dict:
    result = engine().run(TRACKER, {**state, **typed})
    assert result[output]["type"] == "apply", result[output]
    return {**state, **typed, **dict(result[output]["sets"])}


def _round(state: dict) -> dict:
    start = state["round"]
    while state["round"] == start:
        state = _press(state)
    return state


def test_advancing_pays_the_round_and_exhaustion_comes_every_third_round() -> None:
    e = engine()
    every = e.run("wbs.upkeep", {"round": 3})["exhaustion"]
    assert every > 0 and e.run("wbs.upkeep", {"round": 2})["exhaustion"] == 0
    state = {"combatants": FIGHT, "round": 1}
    for _ in range(3):
        state = _round(state)
    assert state["round"] == 4 and state["phase"] == 0
    mei = state["combatants"][0]
    per_round = e.run("wbs.upkeep", {"ev": 2, "one_major_action": True})["upkeep"]
    first = e.run("wbs.upkeep", {"ev": 2, "kiai_dice": 1, "one_major_action": True})["upkeep"]
    assert mei["energy"] == 20 - first - 2 * per_round  # Kiai dice are cleared after the first round
    assert mei["stamina"] == 6 - every and mei["kiai"] == 0
    assert state["combatants"][1]["energy"] == 0  # the Orc could pay only its last point


def test_a_hostile_name_is_escaped_in_every_output() -> None:
    shown = engine().show(TRACKER, {"combatants": FIGHT, "target": HOSTILE, "change": "+1"})
    for name, markup in shown.items():
        tags = _Tags()
        tags.feed(markup)
        assert "img" not in tags.seen, name
    assert html.escape(HOSTILE) in shown["fighters"]
    assert '&quot;&lt;img src=x onerror=alert(1)&gt;&quot;' in shown["next"]  # data in a quoted attribute
    assert 'data-pick="&lt;img src=x onerror=alert(1)&gt;"' in shown["fighters"]


class _Tags(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.seen: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.seen.add(tag)


def test_rows_kept_from_the_last_answer_change_nothing_and_problems_name_their_row() -> None:
    # A fight's rows are checked once and kept by their code (one row changes per edit); an engine
    # that has seen many edits must answer exactly as a fresh one, and name a bad row where it is.
    from calculators import Engine
    from tests.support.engine import rules_data

    fields = _fields()
    rows = [{"name": f"Fighter {n}", "reflex": 3 + n % 5, "health": 8, "damage": n, "stamina": 7, "energy": 30,
             "ev": n % 2, "kiai": 0, "relaxing": False, "monster": n == 2} for n in range(8)]
    seasoned = engine()
    for step in range(12):
        rows[step % 8]["damage"] = step
        inputs = {"combatants": rowcode.encode(fields, rows), "tier": "adept"}
        assert seasoned.run(TRACKER, inputs) == Engine(rules_data()).run(TRACKER, inputs)
        answer = seasoned.run(TRACKER, inputs)
        answer["fighters"]["rows"][0]["head"] = "changed by a caller"
        assert seasoned.run(TRACKER, inputs)["fighters"]["rows"][0]["head"] == "Fighter 0"
    bad = [*rows]
    bad[2] = {**rows[2], "reflex": 120}
    for where in (3, 6):
        moved = [r for i, r in enumerate(bad) if i != 2]
        moved.insert(where - 1, bad[2])
        with pytest.raises(InputError) as caught:
            seasoned.run(TRACKER, {"combatants": rowcode.encode(fields, moved)})
        assert [p.field for p in caught.value.problems] == [f"combatants.{where}.reflex"]
        says(caught.value.problems[0].message, f"Combatant {where}", "Reflex")
