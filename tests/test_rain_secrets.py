"""Secrets stay secret without the link: keyed seat codes, the GM's device as the only checker, and
single draws that say whether they were drawn or typed (issue 31, part 3)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from calculators import InputError
from calculators.rain import crockford
from calculators.rain import piles as pl
from calculators.rain import seat_code as sc
from calculators.rain import session as ss
from calculators.rain import tile_draw as td
from tests.support.engine import engine
from tests.support.says import says
from tests.test_rain_tile_table import SEATS, _kept, play

pytestmark = pytest.mark.usefixtures("rules_in_use")
CALC = "rain.tile_table"
KEY = "0f" * 32
OTHER_KEY = "a5" * 32


def _state() -> ss.State:
    return _kept()[1]


def _field(view: sc.SeatView, **change: Any) -> sc.SeatView:
    return sc.SeatView(**{**{f: getattr(view, f) for f in view.__dataclass_fields__}, **change})


def _session() -> dict[str, Any]:
    """A session three steps in (a scene, a contest declared and drawn with code 424242), as the GM's page holds it."""
    return play({"seats": SEATS[:3]}, "start", "scene", "declare", "draw", codes=iter([111111, 1, 1, 424242]))


def _codes(result: dict[str, Any]) -> list[str]:
    return [s["share"]["code"] for s in result["codes"]["sections"] if s.get("share")]


# --- the keyed check ------------------------------------------------------------------------------


def test_a_keyed_code_reads_back_and_is_verified_by_its_key_alone():
    state = _state()
    key = bytes.fromhex(KEY)
    for seat in range(state.seats + 1):  # and the table's own view
        view = sc.of_state(state, seat)
        text = sc.write(view, key)
        assert sc.read(text) == view and sc.open_code(text).keyed
        assert sc.verify(text, key) == view
        with pytest.raises(sc.NotVerified, match=sc.NOT_MADE_HERE):
            sc.verify(text, bytes.fromhex(OTHER_KEY))


def test_a_code_rewritten_into_another_seat_with_invented_tiles_is_refused_by_the_gm_device():
    """The finding: a player rewrote their own code into seat 1's; the packing is public, the key is not."""
    state = _state()
    mine = sc.of_state(state, 2)
    invented = pl.of([pl.index()["north"]] * 3)
    counts = list(mine.counts)
    counts[0] = pl.size(invented)
    forged = _field(mine, seat=0, mine=invented, counts=tuple(counts))
    for made_with in (None, bytes.fromhex(OTHER_KEY)):  # unkeyed, or keyed by the player's own guess
        text = sc.write(forged, made_with)
        assert sc.read(text).seat == 0  # it reads: only the key can tell
        with pytest.raises(sc.NotVerified, match=sc.NOT_MADE_HERE):
            sc.verify(text, bytes.fromhex(KEY))


def test_an_altered_character_of_a_keyed_code_is_refused():
    key = bytes.fromhex(KEY)
    text = sc.write(sc.of_state(_state(), 1), key).replace("-", "")
    refused = 0
    for i in range(len(text)):
        for ch in crockford.ALPHABET[:4]:
            if ch != text[i]:
                with pytest.raises(sc.SeatCodeError):
                    sc.verify(text[:i] + ch + text[i + 1:], key)
                refused += 1
    assert refused


def test_a_code_of_today_still_opens_and_says_it_cannot_be_verified():
    state = _state()
    old = sc.write(sc.of_state(state, 1))  # version 1: what the page wrote before the key
    assert sc.read(old) == sc.of_state(state, 1)
    shown = engine().run("rain.tile_seat", {"code": old})
    assert "older code" in shown["trust"] and "nobody can verify" in shown["trust"]
    with pytest.raises(sc.NotVerified, match="older code"):
        sc.verify(old, bytes.fromhex(KEY))


def test_the_seat_page_says_what_it_can_and_cannot_know():
    text = sc.write(sc.of_state(_state(), 0), bytes.fromhex(KEY))
    shown = engine().run("rain.tile_seat", {"code": text})
    says(shown["you"], "seat 1", "of 4")
    assert "cannot tell who made it" in shown["trust"] and "GM's device" in shown["trust"]
    assert not shown["you"].startswith("Seat 1 of")


def test_the_key_never_appears_in_a_seat_code_or_any_output():
    inputs = _session()
    result = engine().run(CALC, {**inputs, "table_key": KEY})
    shown = engine().show(CALC, {**inputs, "table_key": KEY})
    everything = json.dumps(result) + json.dumps(shown)
    for form in (KEY, KEY.upper(), bytes.fromhex(KEY).hex()):
        assert form not in everything
    codes = _codes(result)
    assert len(codes) == len(SEATS[:3]) + 1  # each seat's, and the shared screen's
    for text in codes:
        assert KEY not in text and sc.open_code(text).keyed
        seat_page = json.dumps(engine().run("rain.tile_seat", {"code": text}))
        assert KEY not in seat_page


def test_the_gm_table_checks_a_code_brought_back():
    inputs = _session()
    signed = {**inputs, "table_key": KEY}
    codes = _codes(engine().run(CALC, signed))
    said = engine().run(CALC, {**signed, "check": codes[1]})["checked"]
    says(said, "this device", "Seat 2", "this step")
    said = engine().run(CALC, {**signed, "check": codes[-1]})["checked"]
    assert "shared screen" in said
    forged = sc.write(_field(sc.read(codes[1]), seat=0), bytes.fromhex(OTHER_KEY))
    for text in (forged, sc.write(sc.read(codes[1]))):
        with pytest.raises(InputError) as caught:
            engine().run(CALC, {**signed, "check": text})
        assert caught.value.field == "check"
        says(caught.value.message, "seat code", "not made", "GM device", "changed")


def test_without_a_key_the_gm_table_says_its_codes_carry_no_check():
    inputs = _session()
    result = engine().run(CALC, inputs)
    assert len(_codes(result)) == 3  # no shared screen's code without a key
    assert any("no key" in line for line in result["codes"]["sections"][0]["lines"])
    with pytest.raises(InputError) as caught:
        engine().run(CALC, {**inputs, "check": _codes(result)[0]})
    assert caught.value.field == "check" and "holds no key" in caught.value.message


@pytest.mark.parametrize("bad", ["12", "g" * 64, KEY + "0", "<script>"])
def test_a_bad_key_is_refused_beside_its_input(bad):
    with pytest.raises(InputError) as caught:
        engine().run(CALC, {**_session(), "table_key": bad})
    assert caught.value.field == "table_key"


def test_the_key_is_an_input_no_form_draws():
    inputs = {i["name"]: i for i in engine().describe(CALC)["inputs"]}
    assert inputs["table_key"].get("secret") and not inputs["table_key"].get("draft")
    assert "view" not in inputs  # the GM's page has no seat's view to link


def test_a_gm_table_shows_no_draw_code_to_anyone_but_the_gm_and_seat_views_none():
    inputs = _session()
    codes = _codes(engine().run(CALC, {**inputs, "table_key": KEY}))
    for text in codes:
        page = json.dumps(engine().show("rain.tile_seat", {"code": text}))
        assert "424242" not in page and "R1" not in page


# --- the single draw: drawn or typed --------------------------------------------------------------


def test_a_drawn_code_is_long_and_says_it_was_drawn():
    drawn = "7ZK3-M2QX-9AB4-C"
    result = engine().run("rain.tile_draw", {"seed": drawn})
    says(result["how"], "Drawn", "random")
    assert result["my_hand"] and result["their_hand"]
    assert td.read_seed(drawn.lower().replace("-", "")) == td.read_seed(drawn)


@pytest.mark.parametrize("typed", ["9", "000009", "424242"])
def test_a_short_code_is_typed_and_says_so(typed):
    result = engine().run("rain.tile_draw", {"seed": typed})
    says(result["how"], "Typed", "chosen")


def test_a_link_of_today_still_draws_the_same_tiles():
    assert engine().run("rain.tile_draw", {"seed": 9})["my_hand"] == engine().run("rain.tile_draw", {"seed": "9"})[
        "my_hand"]


@pytest.mark.parametrize(("seed", "words"), [
    ("1234567", "six digits"), ("7ZK3M2QX9AB4", "13 characters"), ("7ZK3-M2QX-9AB4-U", "not a character"),
])
def test_a_code_that_is_neither_is_refused_beside_the_field(seed, words):
    with pytest.raises(InputError) as caught:
        engine().run("rain.tile_draw", {"seed": seed})
    assert caught.value.field == "seed" and re.search(words, caught.value.message)
