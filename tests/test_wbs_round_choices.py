"""The round's prompt (WBS): what each fighter may choose as a round starts, asked afresh, never carried unasked."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import pytest

from calculators import InputError
from tests.support.engine import engine

TRACKER = "wbs.combat_tracker"


def run(**inputs: Any) -> dict[str, Any]:
    return engine().run(TRACKER, inputs)


def asks(fighter: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {a["field"]: a for a in fighter["asks"]}


def allowed(row: dict[str, Any]) -> list[int]:
    """The EVs the tracker accepts for `row` at the round's start (it refuses the others beside the field)."""
    accepted = []
    for ev in range(11):
        try:
            run(combatants=[{**row, "ev": ev}])
        except InputError as exc:
            assert exc.field == "combatants.1.ev"
            continue
        accepted.append(ev)
    return accepted


def test_every_fighter_is_asked_as_the_round_starts_with_only_the_evs_their_core_allows() -> None:
    rows = [{"name": "Mei", "energy": 30, "core": 15, "ev": 2}, {"name": "Bandit"}]
    choices = run(combatants=rows)["choices"]
    assert (choices["round"], choices["start"], choices["rows"]) == (1, True, "combatants")
    for row, fighter in zip(rows, choices["fighters"], strict=True):
        assert [v for v, _ in asks(fighter)["ev"]["options"]] == allowed(row)
        assert fighter["name"] == row["name"] and not fighter["why"]
    assert asks(choices["fighters"][0])["ev"]["value"] == 2
    assert {"ev", "relaxing", "kiai_next", "strain"} <= set(asks(choices["fighters"][1]))


def test_nothing_is_asked_once_the_ticks_have_begun() -> None:
    state = {"combatants": [{"name": "A"}, {"name": "B"}]}
    moved = dict(run(**state)["next"]["sets"])
    choices = run(**{**state, **moved})["choices"]
    assert (choices["start"], choices["fighters"]) == (False, [])
    assert "next choices are asked as round 2 starts" in engine().show(TRACKER, {**state, **moved})["choices"]


def test_last_gasp_is_offered_to_one_out_of_the_fight_who_can_pay_it() -> None:
    rows = [{"name": "Out", "health": 6, "damage": 7, "stamina": 5},
            {"name": "Broke", "health": 6, "damage": 7, "stamina": 1},
            {"name": "Down", "health": 6, "damage": 12, "stamina": 5},
            {"name": "Dying", "health": 6, "damage": 18, "stamina": 5},
            {"name": "Fine"}]
    out, broke, down, dying, fine = run(combatants=rows)["choices"]["fighters"]
    assert "last_gasp" in asks(out) and "ev" in asks(out) and "Last Gasp" in out["why"]
    assert (broke["asks"], "too little Stamina" in broke["why"]) == ([], True)
    assert list(asks(down)) == ["last_gasp"] and "stay awake" in asks(down)["last_gasp"]["note"]
    assert (dying["asks"], dying["why"]) == ([], "Dying")
    assert "last_gasp" not in asks(fine)


@pytest.mark.parametrize(("channelled", "concentration", "offered"), [(6, 2, True), (2, 2, False), (0, 0, False)])
def test_holding_channelled_reiki_is_offered_only_above_what_concentration_keeps(channelled: int, concentration: int,
                                                                                 offered: bool) -> None:
    row = {"name": "A", "reiki": 20, "channelled": channelled, "concentration": concentration}
    assert ("hold" in asks(run(combatants=[row])["choices"]["fighters"][0])) is offered


def test_the_kiai_offered_is_the_dice_one_kiai_adds() -> None:
    row = {"name": "A", "kiai_ranks": 2}
    kiai = asks(run(combatants=[row])["choices"]["fighters"][0])["kiai_next"]
    assert kiai["options"][0][0] is False and kiai["options"][1][0] is True
    assert kiai["options"][1][1] == "3"  # the Kiai's own die and one a rank of the skill


def test_the_choices_are_data_for_the_page_and_every_name_is_escaped() -> None:
    rows = [{"name": '<b>"Mei"</b> & co', "energy": 30, "core": 15, "ev": 2, "relaxing": True}]
    shown = engine().show(TRACKER, {"combatants": rows})["choices"]
    assert "<b>" not in shown
    data = re.search(r'data-round-choices="([^"]*)"', shown)
    assert data is not None
    parsed = json.loads(html.unescape(data[1]))
    assert parsed == run(combatants=rows)["choices"]
    assert "EV 2, Relaxes" in html.unescape(shown)
