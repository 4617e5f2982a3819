"""Refreshing Rain contest odds: exact, complete, and equal to brute force on small tile sets."""

from __future__ import annotations

import itertools
import json
import time
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import calculators
from calculators.rain import contest, tiles
from tests.support.engine import engine
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ELEMENTS = ["water", "wood", "fire", "earth", "metal"]


def brute_force(wall: tiles.Wall, mine: int, my_place: int, theirs: int, their_place: int,
                shared: bool) -> contest.Deals:
    """Deal every pair of hands tile by tile and count the outcomes."""
    deck = [rank for rank, count in enumerate(wall.rank_counts) for _ in range(count)]
    deck += [None] * wall.guardians  # a Guardian
    indices = range(len(deck))
    tally = {"my_rank": 0, "their_rank": 0, "same_rank": 0, "my_guardian": 0, "their_guardian": 0,
             "both_guardians": 0}
    total = 0
    for my_hand in itertools.combinations(indices, mine):
        rest = [i for i in indices if i not in my_hand] if shared else list(indices)
        for their_hand in itertools.combinations(rest, theirs):
            total += 1
            my_tiles = [deck[i] for i in my_hand]
            their_tiles = [deck[i] for i in their_hand]
            my_g, their_g = None in my_tiles, None in their_tiles
            if my_g and their_g:
                tally["both_guardians"] += 1
            elif my_g:
                tally["my_guardian"] += 1
            elif their_g:
                tally["their_guardian"] += 1
            else:
                a = sorted(my_tiles, reverse=True)[my_place - 1]
                b = sorted(their_tiles, reverse=True)[their_place - 1]
                tally["my_rank" if a > b else "their_rank" if b > a else "same_rank"] += 1
    return contest.Deals(total=total, **tally)


@st.composite
def small_deals(draw):
    counts = tuple(draw(st.lists(st.integers(1, 3), min_size=2, max_size=4)))
    guardians = draw(st.integers(0, 2))
    wall = tiles.Wall(counts, guardians)
    shared = draw(st.booleans())
    room = wall.size
    mine = draw(st.integers(1, min(4, room - 1 if shared else room)))
    theirs = draw(st.integers(1, min(4, room - mine if shared else room)))
    my_place = draw(st.integers(1, min(3, mine)))
    their_place = draw(st.integers(1, min(3, theirs)))
    return wall, mine, my_place, theirs, their_place, shared


@settings(max_examples=examples(150), deadline=None)
@given(small_deals())
def test_counting_equals_brute_force_on_small_sets(deal):
    assert contest.count_deals(*deal) == brute_force(*deal)


@pytest.mark.parametrize("shared", [True, False])
def test_counting_equals_brute_force_on_a_fixed_set(shared):
    wall = tiles.Wall((2, 3, 1, 2), 2)
    for mine, theirs in [(3, 3), (4, 3), (2, 5)]:
        for my_place in range(1, 4):
            for their_place in range(1, 4):
                if my_place <= mine and their_place <= theirs:
                    deal = (wall, mine, my_place, theirs, their_place, shared)
                    assert contest.count_deals(*deal) == brute_force(*deal)


def test_the_whole_set_is_144_tiles():
    assert tiles.set_size() == 144
    for order in tiles.rank_order_ids():
        wall = tiles.wall(order)
        assert wall.size == 144
        assert wall.guardians == 8


def test_outcome_counts_add_up_to_every_deal():
    c = contest.count_deals(tiles.wall("by-number"), 4, 3, 3, 3)
    parts = c.my_rank + c.their_rank + c.same_rank + c.my_guardian + c.their_guardian + c.both_guardians
    assert parts == c.total
    from math import comb

    assert c.total == comb(144, 4) * comb(140, 3)


def test_guardian_chances_match_a_direct_count():
    from math import comb

    o = contest.odds(tiles.wall("by-number"), 3, 2, 3, 2, 1, 1)
    none_left = Fraction(comb(136, 3) * comb(133, 3), comb(144, 3) * comb(141, 3))
    only_me = Fraction(comb(136, 3) * (comb(141, 3) - comb(133, 3)), comb(144, 3) * comb(141, 3))
    assert o.my_guardian == o.their_guardian == only_me
    assert o.my_win + o.their_win + o.tie == none_left


inputs = st.fixed_dictionaries({
    "my_element": st.sampled_from(ELEMENTS), "their_element": st.sampled_from(ELEMENTS),
    "my_alchemy": st.integers(0, 5), "their_alchemy": st.integers(0, 5),
    "my_yang": st.integers(0, 5), "their_yang": st.integers(0, 5),
    "my_yin": st.integers(0, 2), "their_yin": st.integers(0, 2),
    "rank_order": st.sampled_from(["by-number", "by-suit", "honours-even"]),
    "wall": st.sampled_from(["shared", "separate"]),
})


@settings(max_examples=examples(200), deadline=None)
@given(inputs)
def test_every_chance_is_a_probability_and_they_sum_to_one(values):
    try:
        result = engine().run("rain.contest", values)
    except calculators.InputError:
        return  # too much Qi, or Yin past the top: covered by the error tests
    exact = contest.exact_odds(values).chances()
    assert sum(exact.values()) == 1
    assert all(isinstance(p, Fraction) and 0 <= p <= 1 for p in exact.values())
    for name in (*contest.OUTCOMES, "same_rank", "win_in_the_end"):
        assert 0.0 <= result[name] <= 1.0
    assert result["tie"] == 0 or values["my_alchemy"] == values["their_alchemy"]


@settings(max_examples=examples(60), deadline=None)
@given(inputs)
def test_swapping_the_sides_swaps_the_chances(values):
    swapped = {**values}
    for a, b in [("my_element", "their_element"), ("my_alchemy", "their_alchemy"),
                 ("my_yang", "their_yang"), ("my_yin", "their_yin")]:
        swapped[a], swapped[b] = values[b], values[a]
    try:
        one = contest.exact_odds(values)
        other = contest.exact_odds(swapped)
    except calculators.InputError:
        return
    assert one.my_win == other.their_win
    assert one.my_guardian == other.their_guardian
    assert one.tie == other.tie


def test_equal_hands_are_a_fair_contest():
    o = contest.odds(tiles.wall("by-number"), 3, 2, 3, 2, 2, 2)
    assert o.my_win == o.their_win
    assert o.win_in_the_end == Fraction(1, 2)


def test_yang_helps_at_the_xiangqi_table():
    base = {"my_element": "water", "my_alchemy": 2, "their_element": "metal", "their_alchemy": 3}
    before = engine().run("rain.contest", base)
    after = engine().run("rain.contest", {**base, "my_yang": 1})
    assert after["my_win"] + after["my_guardian"] > before["my_win"] + before["my_guardian"]


@pytest.mark.parametrize("order", ["by-number", "by-suit", "honours-even"])
@pytest.mark.parametrize("wall", ["shared", "separate"])
def test_a_contest_is_fast(order, wall):
    worst = {"my_element": "earth", "my_alchemy": 5, "their_element": "earth", "their_alchemy": 5,
             "my_yang": 5, "their_yang": 5, "rank_order": order, "wall": wall}
    engine().run("rain.contest", worst)  # load the rules first
    start = time.process_time()  # CPU time: on a shared machine the wall clock counts the neighbours too
    engine().run("rain.contest", worst)
    assert time.process_time() - start < 0.05


def test_results_are_plain_json():
    result = engine().run("rain.contest", {})
    assert json.loads(json.dumps(result)) == result
    assert abs(sum(result[name] for name in contest.OUTCOMES) - 1) < 1e-12
