"""Refreshing Rain tile draw: a seeded virtual set, the same draw everywhere, the contest's own odds."""

from __future__ import annotations

import json
import math
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError
from calculators.rain import contest, tile_draw
from calculators.rain.shuffle import SplitMix64, draw
from calculators.results import Tile
from tests.support.engine import engine
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ELEMENTS = ["water", "wood", "fire", "earth", "metal"]
XIANGQI = {"my_element": "water", "my_alchemy": 2, "their_element": "metal", "their_alchemy": 3}


# --- the generator -------------------------------------------------------------------------------

def test_splitmix64_gives_the_published_sequence():
    # The reference outputs of SplitMix64 (Vigna's splitmix64.c): any Python, any version, the same.
    rng = SplitMix64(1234567)
    assert [rng.next() for _ in range(5)] == [6457827717110365317, 3203168211198807973, 9817491932198370423,
                                              4593380528125082431, 16408922859458223821]
    assert SplitMix64(0).next() == 0xE220A8397B1DCDAF


def test_below_is_uniform_and_in_range():
    rng = SplitMix64(99)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(abs(c - 1000) < 5 * math.sqrt(6000 * (1 / 6) * (5 / 6)) for c in counts.values())
    with pytest.raises(ValueError):
        rng.below(0)


@given(st.integers(0, 2**64 - 1), st.integers(0, 20))
def test_draw_takes_distinct_items(seed, count):
    taken = draw(SplitMix64(seed), range(20), count)
    assert len(taken) == count == len(set(taken))


# --- the set and the draw ------------------------------------------------------------------------

def test_the_virtual_set_is_the_144_tiles():
    tiles = tile_draw.physical_set()
    assert len(tiles) == 144
    assert len({(t.id, t.copy) for t in tiles}) == 144
    assert sum(tile_draw.is_guardian(t) for t in tiles) == 8
    by_kind = Counter(t.id for t in tiles)
    assert by_kind["circles-4"] == 4 and by_kind["plum"] == 1


def test_the_same_seed_always_gives_the_same_hands():
    first = engine().run("rain.tile_draw", {**XIANGQI, "seed": 4242})
    again = engine().run("rain.tile_draw", {**XIANGQI, "seed": 4242})
    assert first == again
    # Pinned, so a change of Python (CPython at build time, Pyodide in the browser) cannot move a draw.
    assert [(t["id"], t["copy"]) for t in first["my_hand"]] == [
        ("bamboo-8", 1), ("bamboo-8", 2), ("circles-6", 3), ("bamboo-5", 4)]
    assert [(t["id"], t["copy"]) for t in first["their_hand"]] == [
        ("white", 3), ("characters-6", 1), ("bamboo-2", 1)]


def test_different_seeds_give_different_draws():
    seen = set()
    for seed in range(1, 301):
        result = engine().run("rain.tile_draw", {"seed": seed})
        seen.add(tuple((t["id"], t["copy"]) for t in result["my_hand"] + result["their_hand"]))
    assert len(seen) == 300


@st.composite
def contests(draw_):
    values = {
        "seed": draw_(st.integers(*tile_draw.SEED_RANGE)),
        "my_element": draw_(st.sampled_from(ELEMENTS)), "my_alchemy": draw_(st.integers(0, 5)),
        "their_element": draw_(st.sampled_from(ELEMENTS)), "their_alchemy": draw_(st.integers(0, 5)),
        "my_yang": draw_(st.integers(0, 5)), "their_yang": draw_(st.integers(0, 5)),
        "rank_order": draw_(st.sampled_from(["by-number", "by-suit", "honours-even"])),
        "wall": draw_(st.sampled_from(["shared", "separate"])),
    }
    return values


@settings(max_examples=examples(200), deadline=None)
@given(contests())
def test_a_draw_follows_the_contest_and_never_repeats_a_tile(values):
    result = engine().run("rain.tile_draw", values)
    sides = engine().run("rain.contest", {k: v for k, v in values.items() if k != "seed"})
    mine, theirs = result["my_hand"], result["their_hand"]
    assert (len(mine), len(theirs)) == (sides["my_tiles"], sides["their_tiles"])
    physical = [(t["id"], t["copy"]) for t in mine + theirs]
    if values["wall"] == "shared":
        assert len(set(physical)) == len(physical)
    else:
        assert len({(t["id"], t["copy"]) for t in mine}) == len(mine)
        assert len({(t["id"], t["copy"]) for t in theirs}) == len(theirs)
    marks = [t["mark"] for t in mine + theirs]
    guardians = [t["category"] in ("flower", "season") for t in mine + theirs]
    if any(guardians):
        both = any(guardians[:len(mine)]) and any(guardians[len(mine):])
        assert marks == [("redraw" if both else "guardian") if g else "" for g in guardians]
    else:
        assert [t["mark"] for t in mine].index("compared") == sides["my_compare"] - 1
        assert [t["mark"] for t in theirs].index("compared") == sides["their_compare"] - 1
    json.dumps(result)


def _tile(tile_id: str) -> Tile:
    return next(t for t in tile_draw.physical_set() if t.id == tile_id)


def test_the_xiangqi_example_decides_as_the_book_says():
    # Crane (4 tiles, 3rd highest) shows 4 Circles, Orchid (3 tiles, 3rd highest) shows 2 Bamboo.
    crane = [_tile(t) for t in ("bamboo-9", "circles-4", "characters-7", "bamboo-1")]
    orchid = [_tile(t) for t in ("circles-6", "bamboo-2", "characters-8")]
    found = tile_draw.decide(crane, orchid, 3, 3, 2, 3, "by-number")
    assert found.outcome == "my_win"
    assert found.my_compared.id == "circles-4" and found.their_compared.id == "bamboo-2"
    assert [t.id for t in found.mine] == ["bamboo-9", "characters-7", "circles-4", "bamboo-1"]


@pytest.mark.parametrize(("mine", "theirs", "alchemy", "outcome"), [
    (["circles-7", "bamboo-5", "north"], ["bamboo-7", "circles-5", "south"], (2, 3), "their_win"),  # Alchemy
    (["circles-7", "bamboo-5", "north"], ["bamboo-7", "circles-5", "south"], (3, 3), "tie"),
    (["circles-7", "bamboo-5", "plum"], ["bamboo-9", "circles-9", "white"], (0, 5), "my_guardian"),
    (["circles-7", "bamboo-5", "plum"], ["bamboo-9", "spring", "white"], (5, 0), "both_guardians"),
    (["bamboo-1", "bamboo-2", "bamboo-3"], ["bamboo-1", "winter", "bamboo-3"], (5, 0), "their_guardian"),
])
def test_winner_by_rank_alchemy_and_guardians(mine, theirs, alchemy, outcome):
    found = tile_draw.decide([_tile(t) for t in mine], [_tile(t) for t in theirs], 2, 2, *alchemy, "by-number")
    assert found.outcome == outcome


def test_rank_order_reading_decides_ties():
    # 7 Circles ties 7 Bamboo by number; by suit, every Circles tile outranks every Bamboo tile.
    mine = [_tile(t) for t in ("circles-7", "bamboo-5", "north")]
    theirs = [_tile(t) for t in ("bamboo-7", "circles-5", "south")]
    assert tile_draw.decide(mine, theirs, 2, 2, 3, 3, "by-number").outcome == "tie"
    assert tile_draw.decide(mine, theirs, 2, 2, 3, 3, "by-suit").outcome == "my_win"


# --- the draw agrees with the exact odds ---------------------------------------------------------

ODDS_CASES = [
    XIANGQI,  # the page's defaults
    {"my_element": "earth", "my_alchemy": 0, "their_element": "earth", "their_alchemy": 0},  # ties draw again
    {"my_element": "fire", "my_alchemy": 5, "their_element": "fire", "their_alchemy": 5, "my_yang": 2,
     "wall": "separate"},
    {"my_element": "wood", "my_alchemy": 1, "their_element": "water", "their_alchemy": 1, "my_yin": 1,
     "their_yang": 1, "rank_order": "honours-even"},
]
SEEDS = range(1, 3001)
CHI_SQUARE_5_DF_AT_1_IN_1000 = 20.515


@pytest.mark.parametrize("case", ODDS_CASES)
def test_over_many_codes_the_draws_match_the_exact_odds(rules_engine, case):
    chances = contest.exact_odds(case).chances()
    exact = {outcome: chances.get(outcome, 0) for outcome in contest.OUTCOMES}
    values = {i.name: i.default for i in tile_draw._inputs()} | case
    seen = Counter(tile_draw.deal(values | {"seed": seed})[0].outcome for seed in SEEDS)
    n = len(SEEDS)
    chi_square = 0.0
    for outcome, p in exact.items():
        if p == 0:
            assert seen[outcome] == 0, outcome  # an outcome the rules rule out never comes up
            continue
        expected = n * float(p)
        spread = math.sqrt(expected * (1 - float(p)))
        assert abs(seen[outcome] - expected) <= 4.5 * spread + 1, (outcome, seen[outcome], expected)
        chi_square += (seen[outcome] - expected) ** 2 / expected
    assert chi_square < CHI_SQUARE_5_DF_AT_1_IN_1000, (chi_square, seen, exact)


# --- what the reader sees ------------------------------------------------------------------------

def test_hands_are_drawn_as_tiles_with_their_names():
    shown = engine().show("rain.tile_draw", XIANGQI | {"seed": 7})
    hand = shown["my_hand"]
    assert hand.startswith('<ul class="rain-hand">') and hand.count("<li>") == 4
    assert 'aria-hidden="true">' in hand and 'class="rain-tile__name"' in hand
    result = engine().run("rain.tile_draw", XIANGQI | {"seed": 7})
    for tile in result["my_hand"]:
        assert tile["glyph"] in hand and tile["name"] in hand


def test_texts_name_the_compared_tiles_the_winner_and_the_exchange():
    texts = Counter()
    for seed in range(1, 120):
        result = engine().run("rain.tile_draw", {"seed": seed})
        texts[result["winner"].split(":")[0].split(" ")[0]] += 1
        if "outright" in result["winner"]:
            assert result["my_compared"].startswith("Nothing")
            assert "Flower" in result["guardians"] or "Season" in result["guardians"]
        elif "Draw again" in result["winner"]:
            assert result["exchange"].startswith("None yet")
        else:
            assert "highest of" in result["my_compared"] and "give" in result["exchange"]
    assert texts["You"] and texts["They"]


@pytest.mark.parametrize(("inputs", "field", "words"), [
    ({"seed": -1}, "seed", "13 characters"),
    ({"seed": 1_000_000}, "seed", "at most six digits (1 to 999999)"),
    ({"seed": "abc"}, "seed", "13 characters"),
    ({"my_yang": 4, "my_yin": 2}, "my_yin", "at most 5"),
    ({"my_yin": 3}, "my_yin", "at most 2"),
])
def test_bad_input_names_its_field(inputs, field, words):
    with pytest.raises(InputError) as caught:
        engine().run("rain.tile_draw", XIANGQI | inputs)
    assert caught.value.field == field and words in caught.value.message


def test_the_page_opens_with_nothing_drawn_so_no_hand_is_known_before_a_draw():
    # Code 1 used to be the default: everyone opening the page saw the same, known hand.
    values = {i["name"]: i["default"] for i in engine().describe("rain.tile_draw")["inputs"]}
    assert values["seed"] == str(tile_draw.NOT_DRAWN)
    result = engine().run("rain.tile_draw", {})
    assert result["my_hand"] == [] and result["their_hand"] == [] and "tap Draw" in result["winner"]
    with pytest.raises(InputError) as caught:  # the contest's own checks still answer
        engine().run("rain.tile_draw", {"my_yin": 3})
    assert caught.value.field == "my_yin"


def test_the_draw_takes_the_contest_inputs_and_a_seed():
    names = [i["name"] for i in engine().describe("rain.tile_draw")["inputs"]]
    assert names == [*(i["name"] for i in engine().describe("rain.contest")["inputs"]), "seed"]
