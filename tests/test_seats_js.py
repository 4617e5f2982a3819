"""The tile table's part of the phone link checked as plain data (docs/assets/javascripts/seats.mjs, run by node as
the page runs it), on what the engine really writes: its projections read whole, a seat told only its own offers
(never their sets), a request checked against the seat and the step, and every malformed shape refused."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from calculators.present import value_html
from tests.support.engine import engine
from tests.support.node_module import call
from tests.support.says import says
from tests.test_rain_tile_table import CALC, SEATS, play

SEATS_MJS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "javascripts" / "seats.mjs"

pytestmark = pytest.mark.usefixtures("rules_in_use")


def _run(*calls: tuple[str, list[Any]]) -> list[Any]:
    return call(SEATS_MJS, *calls)


def _attribute(inputs: dict[str, Any]) -> str:
    """The JSON the GM's page holds in `data-phone-views`, as the browser reads the attribute back."""
    html = value_html("board", engine().run(CALC, inputs)["phones"])
    raw = html.split('data-phone-views="', 1)[1].split('"', 1)[0]
    return raw.replace("&quot;", '"').replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&")


def test_the_engines_projections_are_read_whole_and_a_seat_is_told_its_offers_without_their_sets() -> None:
    inputs = play({"seats": SEATS}, "start", "scene", "declare", "draw", "exchange", "declare")
    data = _attribute(inputs)
    views, part = _run(("phoneViewsOf", [data]), ("seatPartOf", [json.loads(data), "Lan"]))
    assert views is not None and views["step"] == json.loads(data)["step"]
    assert [s["name"] for s in views["seats"]] == ["Lan", "Bo", "Chen", "Dai"]
    lan = views["phones"][0]
    assert lan["acts"] and all(set(a) == {"key", "label", "sets"} for a in lan["acts"])
    says(lan["boards"][0]["sections"][0]["title"], "Your tiles", "Lan")
    assert part["name"] == "Lan" and part["acts"] and all(set(a) == {"key", "label"} for a in part["acts"])


def test_a_request_is_checked_against_the_seat_and_the_step() -> None:
    inputs = play({"seats": SEATS}, "start", "scene", "declare")
    views = json.loads(_attribute(inputs))
    step = views["step"]
    (read,) = _run(("phoneViewsOf", [json.dumps(views)]))
    got = _run(("checkAct", [read, "Lan", {"key": "yang0", "step": step}]),
               ("checkAct", [read, "Chen", {"key": "yang0", "step": step}]),
               ("checkAct", [read, "Lan", {"key": "yang0", "step": step - 1}]),
               ("checkAct", [read, "", {"key": "yang0", "step": step}]),
               ("checkAct", [read, "Nobody", {"key": "yang0", "step": step}]),
               ("checkAct", [None, "Lan", {"key": "yang0", "step": step}]))
    assert got[0]["key"] == "yang0" and got[0]["sets"]["session"].startswith(inputs["session"])
    says(got[1], "Chen", "cannot ask")
    says(got[2], "table moved on", "request")
    says(got[3], "no seat")
    says(got[4], "No seat", "Nobody")
    says(got[5], "GM", "no session")


@pytest.mark.parametrize(("message", "read"), [
    ({"t": "act", "v": 1, "key": "yang0", "step": 4}, {"key": "yang0", "step": 4}),
    ({"t": "act", "v": 1, "key": "yang0", "step": 4, "seat": "Lan"}, None),  # naming a seat: forged
    ({"t": "act", "v": 1, "key": "yang0", "step": "4"}, None),
    ({"t": "act", "v": 1, "key": "", "step": 4}, None),
    ({"t": "act", "v": 1, "key": "x" * 41, "step": 4}, None),
    ({"t": "act", "v": 2, "key": "yang0", "step": 4}, None),
    ({"t": "act", "v": 1, "key": "yang0"}, None),
])
def test_a_request_is_read_by_its_shape(message: dict[str, Any], read: Any) -> None:
    assert _run(("askActOf", [message])) == [read]


TILE = {"id": "north", "name": "North", "glyph": "🀃", "category": "honour", "mark": ""}


@pytest.mark.parametrize(("board", "ok"), [
    ({"sections": [{"title": "T", "lines": ["a"], "hands": [{"label": "L", "tiles": [TILE], "backs": 2}]}]}, True),
    ({"sections": []}, True),
    ({"sections": [{"title": "T", "lines": [1], "hands": []}]}, False),
    ({"sections": [{"title": "T", "lines": [], "hands": [{"label": "L", "tiles": [{**TILE, "category": "x y"}]}]}]},
     False),  # a class name is made of it: letters only
    ({"sections": [{"title": "T", "lines": [], "hands": [{"label": "L", "tiles": [], "backs": -1}]}]}, False),
    ({"sections": [{"title": "T", "lines": [], "hands": [{"label": "L", "tiles": [{"type": "act"}]}]}]}, False),
    ({"sections": [{"title": "T", "lines": ["x"] * 65, "hands": []}]}, False),
    ([], False),
])
def test_a_board_is_drawn_only_when_its_shape_is_the_engines(board: Any, ok: bool) -> None:
    (read,) = _run(("boardOf", [board]))
    assert (read is not None) == ok


@pytest.mark.parametrize("part", [
    {"name": "Lan", "step": 3, "note": "", "acts": [{"key": "yang0", "label": "Spend"}]},
    {"name": "Lan", "step": 3, "note": "", "acts": []},
])
def test_a_seats_part_is_read(part: dict[str, Any]) -> None:
    assert _run(("seatPartFrom", [part])) == [part]


@pytest.mark.parametrize("part", [
    {"name": "Lan", "step": "3", "note": "", "acts": []},
    {"name": "Lan", "step": 3, "note": "", "acts": [{"key": "", "label": "Spend"}]},
    {"name": "Lan", "step": 3, "note": 5, "acts": []},
    {"name": "Lan", "step": 3, "note": "", "acts": [{"key": "k", "label": "L"}] * 33},
])
def test_a_malformed_seats_part_is_refused(part: dict[str, Any]) -> None:
    assert _run(("seatPartFrom", [part])) == [None]


def test_the_gms_word_on_a_request_is_read_by_its_shape() -> None:
    assert _run(("actedOf", [{"t": "acted", "v": 1, "key": "yang0", "ok": False, "why": "No."}]),
                ("actedOf", [{"t": "acted", "v": 1, "key": "yang0", "ok": "yes", "why": ""}])) == [
        {"key": "yang0", "ok": False, "why": "No."}, None]
