"""Refreshing Rain calculators: table-driven rules checks and every error path."""

from __future__ import annotations

import pytest

from calculators import InputError
from calculators.present import SOLID, trigram_lines
from calculators.rain import taiji
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

# --- rain.aspect --------------------------------------------------------------------------------

ASPECTS = [
    ("water", 0, [], []),
    ("water", 1, ["Metal"], ["Fire"]),
    ("water", 2, ["Metal", "Earth"], ["Fire", "Metal"]),
    ("metal", 3, ["Earth", "Fire", "Wood"], ["Wood", "Earth", "Water"]),
    ("wood", 1, ["Water"], ["Earth"]),
    ("fire", 4, ["Wood", "Water", "Metal", "Earth"], ["Metal", "Wood", "Earth", "Water"]),
    ("earth", 5, ["Fire", "Wood", "Water", "Metal", "Earth"], ["Water", "Fire", "Metal", "Wood", "Earth"]),
]


@pytest.mark.parametrize(("element", "alchemy", "created_by", "destroys"), ASPECTS)
def test_aspect_walks_the_cycles(element, alchemy, created_by, destroys):
    result = engine().run("rain.aspect", {"element": element, "alchemy": alchemy})
    assert result["created_by"] == created_by
    assert result["destroys"] == destroys


@pytest.mark.parametrize("element", ["water", "wood", "fire", "earth", "metal"])
@pytest.mark.parametrize("alchemy", range(6))
def test_aspect_reaches_itself_only_at_five(element, alchemy):
    result = engine().run("rain.aspect", {"element": element, "alchemy": alchemy})
    name = element.capitalize()
    assert len(result["created_by"]) == len(set(result["created_by"])) == alchemy
    assert len(result["destroys"]) == len(set(result["destroys"])) == alchemy
    assert (name in result["created_by"]) == (alchemy == 5)
    assert (name in result["destroys"]) == (alchemy == 5)


@pytest.mark.parametrize(("inputs", "field"), [
    ({"element": "water", "alchemy": 6}, "alchemy"),
    ({"element": "water", "alchemy": -1}, "alchemy"),
    ({"element": "water", "alchemy": "two"}, "alchemy"),
    ({"element": "void", "alchemy": 1}, "element"),
    ({"element": "water", "alchemy": 1, "virtue": "grace"}, "virtue"),
])
def test_aspect_rejects_bad_input(inputs, field):
    with pytest.raises(InputError) as caught:
        engine().run("rain.aspect", inputs)
    assert caught.value.field == field
    assert field in caught.value.message or "must be" in caught.value.message


# --- rain.qi ------------------------------------------------------------------------------------

ZERO = {"water": 0, "wood": 0, "fire": 0, "earth": 0, "metal": 0}
QI = [
    ({"water": 3}, [[0, 5]]),
    ({"wood": 3}, [[4, 1]]),
    ({"fire": 3}, [[5, 0]]),
    ({"earth": 3}, [[2, 3], [3, 2]]),
    ({"metal": 3}, [[1, 4]]),
    ({"water": 3, "metal": 3}, [[1, 4]]),  # Metal is the more even of the two
    ({"water": 3, "wood": 3}, [[4, 1]]),
    ({"metal": 2, "wood": 2}, [[2, 3], [3, 2]]),  # opposite leans of the same size: as Earth
    ({"water": 5, "fire": 5}, [[2, 3], [3, 2]]),
    ({"earth": 4, "fire": 4}, [[2, 3], [3, 2]]),
    ({"water": 4, "fire": 4, "metal": 4}, [[1, 4]]),
    ({"water": 4, "fire": 4, "metal": 4, "wood": 4}, [[2, 3], [3, 2]]),
    ({}, [[2, 3], [3, 2]]),  # all at 0: every Element ties, Earth is the most even
]


@pytest.mark.parametrize(("alchemy", "pairs"), QI)
def test_qi_splits(alchemy, pairs):
    result = engine().run("rain.qi", {**ZERO, **alchemy})
    assert result["splits"] == pairs
    assert result["in_words"].count("Yang") == len(pairs)
    assert all(yang + yin == 5 for yang, yin in result["splits"])


@pytest.mark.parametrize(("inputs", "field"), [
    ({**ZERO, "fire": 6}, "fire"),
    ({**ZERO, "earth": -2}, "earth"),
    ({**ZERO, "metal": 1.5}, "metal"),
])
def test_qi_rejects_bad_input(inputs, field):
    with pytest.raises(InputError) as caught:
        engine().run("rain.qi", inputs)
    assert caught.value.field == field


# --- rain.contest: the rules part ----------------------------------------------------------------

def test_contest_reproduces_the_xiangqi_example():
    result = engine().run("rain.contest", {"my_element": "water", "my_alchemy": 2,
                                              "their_element": "metal", "their_alchemy": 3})
    assert (result["my_tiles"], result["their_tiles"]) == (4, 3)
    assert (result["my_compare"], result["their_compare"]) == (3, 3)


CONTESTS = [
    # my element/alchemy, their element/alchemy, qi (my yang, my yin, their yang, their yin), expected
    (("fire", 0), ("fire", 0), (0, 0, 0, 0), (3, 3, 2, 2)),
    (("fire", 5), ("fire", 0), (0, 0, 0, 0), (4, 3, 2, 3)),
    (("fire", 5), ("fire", 5), (0, 0, 0, 0), (4, 4, 3, 3)),
    (("wood", 1), ("water", 0), (2, 1, 1, 0), (6, 4, 1, 2)),
    (("water", 2), ("metal", 3), (0, 2, 0, 2), (4, 3, 1, 1)),
    (("earth", 0), ("wood", 1), (5, 0, 0, 0), (8, 3, 3, 2)),
]


@pytest.mark.parametrize(("mine", "theirs", "qi", "expected"), CONTESTS)
def test_contest_tiles_and_places(mine, theirs, qi, expected):
    result = engine().run("rain.contest", {
        "my_element": mine[0], "my_alchemy": mine[1], "their_element": theirs[0], "their_alchemy": theirs[1],
        "my_yang": qi[0], "my_yin": qi[1], "their_yang": qi[2], "their_yin": qi[3]})
    got = (result["my_tiles"], result["their_tiles"], result["my_compare"], result["their_compare"])
    assert got == expected


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"my_yang": 4, "my_yin": 2}, "my_yin", "at most 5"),
    ({"their_yang": 5, "their_yin": 1}, "their_yin", "at most 5"),
    ({"my_element": "fire", "their_element": "fire", "my_yin": 2}, "my_yin", "at most 1"),
    ({"my_yin": 3}, "my_yin", "at most 2"),
    ({"my_yang": 6}, "my_yang", "0 to 5"),
    ({"my_alchemy": 7}, "my_alchemy", "0 to 5"),
    ({"their_element": "aether"}, "their_element", "one of"),
    ({"rank_order": "alphabetical"}, "rank_order", "one of"),
    ({"wall": "none"}, "wall", "one of"),
])
def test_contest_rejects_bad_input(inputs, field, words):
    with pytest.raises(InputError) as caught:
        engine().run("rain.contest", {"my_element": "water", "my_alchemy": 2, "their_element": "metal",
                                         "their_alchemy": 3, **inputs})
    assert caught.value.field == field
    assert words in caught.value.message


def test_contest_reports_every_problem_at_once():
    with pytest.raises(InputError) as caught:
        engine().run("rain.contest", {"my_yang": 5, "my_yin": 1, "their_yang": 5, "their_yin": 1})
    assert {p.field for p in caught.value.problems} == {"my_yin", "their_yin"}


def test_contest_shows_chart_and_qi_advice():
    shown = engine().show("rain.contest", {})
    assert "calc-chart" in shown["chart"]
    assert "One more Yang" in shown["qi_advice"] and "One more Yin" in shown["qi_advice"]
    assert shown["my_win"].endswith("%")


def test_qi_advice_says_when_no_qi_is_left():
    shown = engine().show("rain.contest", {"my_yang": 3, "my_yin": 2})
    assert "no Qi left" in shown["qi_advice"]


# --- rain.taiji ---------------------------------------------------------------------------------

LINES = {"heaven": "111", "lake": "110", "fire": "101", "thunder": "100",
         "wind": "011", "water": "010", "mountain": "001", "earth": "000"}  # bottom line first
BY_LINES = {v: k for k, v in LINES.items()}


@pytest.mark.parametrize("start", list(LINES))
@pytest.mark.parametrize("spend", ["yang", "yin"])
def test_taiji_adds_at_the_bottom_and_drops_the_top(start, spend):
    expected = BY_LINES[("1" if spend == "yang" else "0") + LINES[start][:2]]
    result = engine().run("rain.taiji", {"trigram": start, "spend": spend})
    assert taiji.after_spending(start, spend)["id"] == expected
    assert result["trigram"].startswith(expected.capitalize())
    drawing = trigram_lines(result["drawing"]["after"]["lines"])
    assert [line == SOLID for line in drawing] == [c == "1" for c in reversed(LINES[expected])]
    top_first = ["solid" if c == "1" else "broken" for c in reversed(LINES[expected])]
    assert result["lines"] == top_first


@pytest.mark.parametrize(("spend", "end"), [("yang", "heaven"), ("yin", "earth")])
def test_three_points_of_one_kind_always_land_on_the_same_trigram(spend, end):
    for start in LINES:
        here = start
        for _ in range(3):
            here = taiji.after_spending(here, spend)["id"]
        assert here == end


@pytest.mark.parametrize(("inputs", "field"), [
    ({"trigram": "moon", "spend": "yin"}, "trigram"),
    ({"trigram": "lake", "spend": "both"}, "spend"),
])
def test_taiji_rejects_bad_input(inputs, field):
    with pytest.raises(InputError) as caught:
        engine().run("rain.taiji", inputs)
    assert caught.value.field == field


# --- rain.sky_move ------------------------------------------------------------------------------

NO_MOVES = {f"move_{n}": "none" for n in range(1, 7)}


def moves(*spec, **extra):
    inputs = dict(NO_MOVES)
    for n, (kind, length) in enumerate(spec, start=1):
        inputs[f"move_{n}"] = kind
        inputs[f"length_{n}"] = length
    return {**inputs, **extra}


@pytest.mark.parametrize(("spec", "interrupting", "total"), [
    ([], False, 0),
    ([("straight", 3)], False, 3),
    ([("knight", 1)], False, 2),
    ([("straight", 3), ("knight", 1)], False, 3 + 2 * 2),
    ([("straight", 1), ("straight", 1), ("straight", 1)], False, 1 + 2 + 3),
    ([("knight", 9), ("straight", 18)], False, 2 + 2 * 18),
    ([("straight", 3), ("knight", 1)], True, 2 * (3 + 4)),
    ([("straight", 2)] * 6, False, 2 * (1 + 2 + 3 + 4 + 5 + 6)),
])
def test_sky_move_costs(spec, interrupting, total):
    result = engine().run("rain.sky_move", moves(*spec, interrupting=interrupting))
    assert result["total_cost"] == total
    assert len(result["move_costs"]) == len(spec)


@pytest.mark.parametrize(("hand", "payment", "paid", "first"), [
    ((5, 2, 0), "overpay", 7, {"suit": 3, "honour": 2, "guardian": 0}),
    ((0, 2, 1), "overpay", 8, {"suit": 0, "honour": 2, "guardian": 1}),
    ((0, 2, 1), "exact", None, None),
    ((1, 1, 1), "exact", 7, {"suit": 1, "honour": 1, "guardian": 1}),
    ((2, 0, 0), "overpay", None, None),
])
def test_sky_move_payments(hand, payment, paid, first):
    from calculators.rain import sky

    got, ways = sky.payments(7, dict(zip(("suit", "honour", "guardian"), hand, strict=True)), payment == "exact")
    assert got == paid
    assert (ways[0] if ways else None) == first
    values = sky.tile_values()
    assert all(sum(w[k] * values[k] for k in w) == got for w in ways)
    result = engine().run("rain.sky_move", moves(("straight", 3), ("knight", 1), suit_tiles=hand[0],
                                                    honour_tiles=hand[1], guardian_tiles=hand[2], payment=payment))
    assert result["can_pay"].startswith("No") == (paid is None)


def test_sky_move_fewest_tiles():
    result = engine().run("rain.sky_move", moves(("straight", 3), ("knight", 1)))
    assert result["fewest_tiles"] == "1 Flower/Season + 1 honour + 1 suit tile"


@pytest.mark.parametrize(("inputs", "field"), [
    (moves(("straight", 0)), "length_1"),
    (moves(("straight", 19)), "length_1"),
    (moves(("leap", 2)), "move_1"),
    ({**NO_MOVES, "move_2": "knight"}, "move_2"),
    ({**moves(("knight", 1)), "move_3": "straight"}, "move_3"),
    (moves(("knight", 1), suit_tiles=109), "suit_tiles"),
    (moves(("knight", 1), guardian_tiles=9), "guardian_tiles"),
    (moves(("knight", 1), interrupting="maybe"), "interrupting"),
    (moves(("knight", 1), payment="credit"), "payment"),
])
def test_sky_move_rejects_bad_input(inputs, field):
    with pytest.raises(InputError) as caught:
        engine().run("rain.sky_move", inputs)
    assert caught.value.field == field
    assert field in caught.value.message or "must be" in caught.value.message
