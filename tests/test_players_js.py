"""The players' messages checked as plain data (docs/assets/javascripts/players.mjs, run by node as
the page runs it): a claim and a choice by shape, a choice against what the engine offers now, and
a choice in the log's words."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.support.node_module import call

PLAYERS_MJS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "javascripts" / "players.mjs"
EV = {"field": "ev", "label": "EV", "kind": "select", "options": [[0, "0 (none)"], [1, "1"]], "value": 0,
      "said": "", "note": "what a Core of 9 allows"}
RELAX = {"field": "relaxing", "label": "Relax", "kind": "toggle", "options": [], "value": False, "said": "Relaxes",
         "note": ""}
HOLD = {**RELAX, "field": "hold", "label": "Hold channelled ReiKi", "said": "holds channelled ReiKi"}
CHOICES = {"round": 2, "rows": "combatants", "start": True,
           "fighters": [{"name": "Hero", "row": 0, "asks": [EV, RELAX, HOLD], "why": ""},
                        {"name": "Bandit", "row": 1, "asks": [EV, RELAX], "why": ""}]}


def _run(*calls: tuple[str, list[Any]]) -> list[Any]:
    return call(PLAYERS_MJS, *calls)


@pytest.mark.parametrize(("message", "read"), [
    ({"t": "claim", "v": 1, "fighter": "Hero"}, {"fighter": "Hero"}),
    ({"t": "claim", "v": 1, "fighter": ""}, {"fighter": ""}),
    ({"t": "claim", "v": 2, "fighter": "Hero"}, None),
    ({"t": "claim", "v": 1, "fighter": 3}, None),
    ({"t": "claim", "v": 1, "fighter": "x" * 101}, None),
    ({"t": "claim", "v": 1, "fighter": "Hero", "as": "GM"}, None),
])
def test_a_claim_is_read_by_its_shape(message: dict[str, Any], read: Any) -> None:
    assert _run(("claimOf", [message])) == [read]


@pytest.mark.parametrize(("message", "read"), [
    ({"t": "choose", "v": 1, "field": "ev", "value": 1}, {"field": "ev", "value": 1}),
    ({"t": "choose", "v": 1, "field": "relaxing", "value": True}, {"field": "relaxing", "value": True}),
    ({"t": "choose", "v": 1, "field": "ev", "value": 1, "fighter": "Hero"}, None),  # another fighter's: forged
    ({"t": "choose", "v": 1, "field": "", "value": 1}, None),
    ({"t": "choose", "v": 1, "field": "ev", "value": [1]}, None),
    ({"t": "choose", "v": 1, "field": "ev", "value": None}, None),
    ({"t": "choose", "v": 1, "field": "ev"}, None),
])
def test_a_choice_is_read_by_its_shape(message: dict[str, Any], read: Any) -> None:
    assert _run(("chooseOf", [message])) == [read]


@pytest.mark.parametrize(("fighter", "field", "value", "why"), [
    ("Hero", "ev", 1, ""),
    ("Hero", "hold", True, ""),
    ("Bandit", "relaxing", False, ""),
    ("", "ev", 1, "This phone plays no fighter: pick yours first."),
    ("Bandit", "hold", True, "Bandit has no such choice this round."),  # Hero's alone
    ("Bandit", "ev", 2, "EV cannot be 2 for Bandit now."),
    ("Bandit", "ev", "1", "EV cannot be 1 for Bandit now."),  # the text, not the number offered
    ("Bandit", "relaxing", 1, "Relax cannot be 1 for Bandit now."),
    ("Goblin", "ev", 1, "No fighter called Goblin is in the fight now."),
])
def test_a_choice_is_checked_against_what_the_engine_offers(fighter: str, field: str, value: Any, why: str) -> None:
    [checked] = _run(("checkChoice", [CHOICES, fighter, {"field": field, "value": value}]))
    assert (checked if isinstance(checked, str) else "") == why
    if not why:
        assert checked["of"]["name"] == fighter and checked["ask"]["field"] == field


def test_no_choice_outside_a_rounds_start_and_none_for_a_shared_name() -> None:
    twins = {**CHOICES, "fighters": [CHOICES["fighters"][0], {**CHOICES["fighters"][1], "name": "Hero"}]}
    assert _run(("checkChoice", [None, "Hero", {"field": "ev", "value": 1}]),
                ("checkChoice", [twins, "Hero", {"field": "ev", "value": 1}])) == [
        "It is not a round's start: choices are made as a round starts.",
        "Two fighters are called Hero: ask the GM to rename one."]


def test_claims_one_phone_a_fighter() -> None:
    fighters = [{"name": "Hero"}, {"name": "Bandit"}]
    assert _run(("claimProblem", [fighters, "Hero", []]), ("claimProblem", [fighters, "Hero", ["Hero"]]),
                ("claimProblem", [fighters, "", ["Hero"]]), ("claimProblem", [fighters, "Mei", []])) == [
        "", "Another phone plays Hero: ask the GM.", "", "No fighter called Mei is in the fight now."]


def test_choices_in_the_logs_words() -> None:
    assert _run(("choiceWords", [EV, 1]), ("choiceWords", [EV, 0]), ("choiceWords", [RELAX, True]),
                ("choiceWords", [RELAX, False])) == ["EV 1", "EV 0 (none)", "Relaxes", "no Relax"]


def test_the_engines_choices_and_a_phones_own_part_are_read_whole_or_not_at_all() -> None:
    mine = {"name": "Hero", "here": True, "state": "Fighting", "facts": [{"label": "Stamina", "value": "7 of 7"}],
            "conditions": [{"name": "Channelled ReiKi 3", "rule": "…"}],
            "choices": {"round": 2, "asks": [EV], "why": ""}}
    ended = json.dumps({**CHOICES, "start": False})
    read = _run(("roundChoicesOf", [json.dumps(CHOICES)]), ("roundChoicesOf", [ended]),
                ("roundChoicesOf", ["{not json"]), ("yoursOf", [mine]),
                ("yoursOf", [{**mine, "facts": [{"label": "<b>", "value": 7}]}]))
    assert read[0]["fighters"][0]["asks"][2]["field"] == "hold"
    assert read[1:3] == [None, None]
    assert read[3] == mine
    assert read[4] is None
