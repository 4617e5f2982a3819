"""The tile table's projections for linked phones (calculators/rain/phones.py): each seat's phone is sent its own
tiles and no other seat's, and may ask only for what its seat may do now (as the GM's own buttons would do it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from calculators.present import value_html
from calculators.rain import piles as pl
from tests.support.engine import engine
from tests.test_rain_tile_table import CALC, SEATS, play, state_of, tap

pytestmark = pytest.mark.usefixtures("rules_in_use")


def phones(inputs: dict[str, Any]) -> dict[str, Any]:
    return engine().run(CALC, inputs)["phones"]


def tiles_in(value: Any) -> list[str]:
    """Every face-up tile id anywhere in a projection (boards, hands)."""
    found: list[str] = []
    if isinstance(value, dict):
        if value.get("type") == "tile":
            found.append(value["id"])
        for v in value.values():
            found += tiles_in(v)
    elif isinstance(value, list):
        for v in value:
            found += tiles_in(v)
    return found


def ask(inputs: dict[str, Any], seat: int, key: str) -> dict[str, Any]:
    """The inputs after the GM's device applies seat's request `key` (the sets it offered that seat)."""
    offered = {a["key"]: a for a in phones(inputs)["phones"][seat]["acts"]}
    assert key in offered, (key, list(offered))
    return tap(inputs, offered[key])


def test_each_seat_is_sent_its_own_tiles_face_up_and_no_other_seats():
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "draw", "exchange")
    state = state_of(inputs)
    views = phones(inputs)
    assert views["step"] == state.step
    assert [s["name"] for s in views["seats"]] == ["Lan", "Bo", "Chen", "Dai"]
    public = [pl.kinds()[k].id for k in pl.listed(pl.plus(state.discard, state.sky))]
    for seat, phone in enumerate(views["phones"]):
        mine = [pl.kinds()[k].id for k in pl.listed(state.piles[seat])]
        assert sorted(tiles_in(phone["boards"])) == sorted(mine + public), seat
    assert [len(p) for p in state.piles][:2] != [0, 0]  # the first contest's two seats keep tiles; the others none
    assert sorted(tiles_in(views["shared"])) == sorted(public)
    assert "keeps" in views["seats"][0]["state"] and "Yang" in views["seats"][0]["state"]


def test_a_contest_side_may_spend_its_qi_from_its_phone_and_nobody_else_may():
    inputs = play({"seats": SEATS}, "start", "scene", "declare")
    views = phones(inputs)
    lan, bo, chen = (views["phones"][n] for n in range(3))
    assert {a["key"] for a in lan["acts"]} >= {"yang0", "yin0"}
    assert {a["key"] for a in bo["acts"]} >= {"yang1", "yin1"}
    assert not [a for a in chen["acts"] if a["key"].startswith(("yang", "yin"))]
    assert "not in the contest" in chen["note"]
    spent = ask(inputs, 0, "yang0")
    assert state_of(spent).qi[0] == (1, 3)  # Lan's Earth split: 2 Yang, 3 Yin, less one Yang
    assert state_of(spent).log[-1].startswith("Lan spends 1 Yang")
    drawn = play(spent, "draw")
    assert not [a for a in phones(drawn)["phones"][0]["acts"] if a["key"].startswith(("yang", "yin"))]


def test_a_picked_side_chooses_its_aspect_and_the_gm_declares_it():
    inputs = play({"seats": SEATS}, "start", "scene")
    views = phones(inputs)
    assert [a["key"] for a in views["phones"][0]["acts"] if a["key"].startswith("aspect")][:1] == ["aspect0-wood"]
    assert "picked you" in views["phones"][0]["note"]
    assert not [a for a in views["phones"][2]["acts"] if a["key"].startswith("aspect")]
    chosen = ask(inputs, 0, "aspect0-earth")
    assert chosen["element_a"] == "earth"
    declared = play(chosen, "declare")
    side = state_of(declared).contest.sides[0]
    assert (side.seat, side.element, side.alchemy) == (0, "earth", 3)


def test_a_split_is_asked_before_any_qi_is_spent():
    inputs = play({"seats": SEATS}, "start", "scene")
    assert "split0-3" in {a["key"] for a in phones(inputs)["phones"][0]["acts"]}
    assert state_of(ask(inputs, 0, "split0-3")).qi[0] == (3, 2)
    assert not [a for a in phones(play(inputs, "declare", "yang0"))["phones"][0]["acts"]
                if a["key"].startswith("split")]


def test_before_the_first_scene_nothing_is_asked_and_the_gm_sees_each_phones_part_in_words():
    inputs = play({"seats": SEATS}, "start")
    views = phones(inputs)
    assert all(not p["acts"] for p in views["phones"])
    assert views["round"] == "Before the first scene"
    html = value_html("board", views)
    assert "data-phone-views=" in html and "Lan (keeps 0 tiles" in html
    assert json.loads(html.split('data-phone-views="')[1].split('"')[0].replace("&quot;", '"')
                      .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))["step"] == views["step"]


def test_no_session_sends_nothing():
    assert engine().run(CALC, {"seats": SEATS})["phones"]["sections"] == []
