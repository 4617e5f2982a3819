"""Xia's round prompt (issue 29): which conflicts run and who is in each, asked as a round starts."""

from __future__ import annotations

from typing import Any

from calculators import InputError
from tests.support.engine import engine

CALC = "xia.initiative_order"
SIX = {"combatants": [{"name": n, "side": s, "physical": p, "social": c}
                      for n, s, p, c in (("Moon Shadow", "pc", 4, 3), ("Iron Crane", "pc", 3, 2), ("Lotus", "pc", 2, 4),
                                         ("G1", "npc", 3, 1), ("G2", "npc", 2, 1), ("Magistrate", "npc", 1, 5))]}


def run(state: dict[str, Any]) -> dict[str, Any]:
    return engine().run(CALC, state)


def chosen(state: dict[str, Any], table: dict[str, bool], rows: dict[str, dict[str, bool]]) -> dict[str, Any]:
    """The state after the prompt's "Start the round": its table choices on the inputs, its rows' on the rows."""
    after = [{**r, **rows.get(r["name"], {})} for r in state["combatants"]]
    return {**state, **table, "combatants": after}


def test_the_prompt_asks_at_a_round_start_and_not_once_a_turn_is_taken() -> None:
    answer = run(SIX)["choices"]
    assert answer["start"] and answer["round"] == 1
    assert [a["field"] for a in answer["table"]] == ["physical_on", "social_on", "mental_on"]
    assert [a["value"] for a in answer["table"]] == [True, False, False]
    moon = answer["fighters"][0]
    assert moon["name"] == "Moon Shadow"
    asked = {a["field"]: a["value"] for a in moon["asks"]}
    assert asked == {"physical_in": True, "social_in": False, "mental_in": False}
    after = {**SIX, **dict(run(SIX)["next"]["sets"])}
    assert not run(after)["choices"]["start"]


def test_two_of_six_in_a_social_conflict() -> None:
    state = chosen(SIX, {"social_on": True}, {"Lotus": {"social_in": True}, "Magistrate": {"social_in": True}})
    answer = run(state)
    social = [r for r in answer["order"]["rows"] if r["cells"][1]["value"] == "Social"]
    assert sorted(r["cells"][0]["value"] for r in social) == ["Lotus (PC)", "Magistrate (NPC)"]
    assert answer["choices"]["table"][1]["value"] is True


def test_a_conflict_of_one_is_refused_with_what_to_do() -> None:
    state = chosen(SIX, {"social_on": True}, {"Lotus": {"social_in": True}})
    try:
        run(state)
    except InputError as caught:
        message = {p.field: p.message for p in caught.problems}["social_on"]
        assert "at least 2" in message and "only Lotus is" in message
    else:
        raise AssertionError("a social conflict of one was taken")


def test_ending_a_conflict_at_a_round_start() -> None:
    state = chosen(SIX, {"social_on": True}, {"Lotus": {"social_in": True}, "Magistrate": {"social_in": True}})
    ended = chosen(state, {"social_on": False}, {})
    assert all(r["cells"][1]["value"] == "Physical" for r in run(ended)["order"]["rows"])


def test_under_the_everyone_reading_nobody_is_asked_who_takes_part() -> None:
    answer = run({**SIX, "participants": "everyone-with-the-trait"})["choices"]
    assert all(not f["asks"] and "reading" in f["why"] for f in answer["fighters"])
