"""wbs.ticks and wbs.round_tracker: Reflex dealt to phases, and who is active on each tick."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.ticks import active_steps, deal_order, phase_names, phase_ticks
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals


@pytest.mark.parametrize(
    ("reflex", "ticks"),
    [(0, [0, 0, 0, 0]), (1, [0, 1, 0, 0]), (2, [0, 1, 0, 1]), (3, [1, 1, 0, 1]), (4, [1, 1, 1, 1]),
     (5, [1, 2, 1, 1]), (6, [1, 2, 1, 2]), (9, [2, 3, 2, 2])],
)
def test_four_phases_follow_the_books_order(reflex: int, ticks: list[int]) -> None:
    assert engine().run("wbs.ticks", {"reflex": reflex, "phases": "4"})["ticks"] == ticks


def test_the_books_examples() -> None:
    three = engine().run("wbs.ticks", {"reflex": 3})
    assert three["active_phases"] == ["1", "2", "4"]
    assert engine().run("wbs.ticks", {"reflex": 5})["ticks"] == [1, 2, 1, 1]


@pytest.mark.parametrize(
    ("phases", "names"),
    [(4, ["1", "2", "3", "4"]), (8, ["1A", "1B", "2A", "2B", "3A", "3B", "4A", "4B"]),
     (12, ["1A", "1B", "1C", "2A", "2B", "2C", "3A", "3B", "3C", "4A", "4B", "4C"])],
)
def test_phase_names(phases: int, names: list[str]) -> None:
    assert phase_names(phases) == names


@pytest.mark.parametrize(
    ("reading", "phases", "reflex", "ticks"),
    [("by-second", 8, 3, [1, 0, 1, 0, 0, 0, 1, 0]),
     ("by-second", 8, 5, [1, 0, 1, 1, 1, 0, 1, 0]),
     ("fill-second", 8, 3, [0, 0, 1, 1, 0, 0, 1, 0]),
     ("by-second", 12, 4, [1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0]),
     ("fill-second", 12, 4, [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 0, 0])],
)
def test_higher_tier_readings(reading: str, phases: int, reflex: int, ticks: list[int]) -> None:
    result = engine().run("wbs.ticks", {"reflex": reflex, "phases": phases, "phase_reading": reading})
    assert result == engine().run("wbs.ticks", {"reflex": reflex, "phases": str(phases), "phase_reading": reading})
    assert result["ticks"] == ticks


@given(st.integers(0, 60), st.sampled_from([4, 8, 12]), st.sampled_from(["by-second", "fill-second"]))
def test_every_point_is_one_tick_and_the_deal_is_even(reflex: int, phases: int, reading: str) -> None:
    ticks = phase_ticks(reflex, phases, reading)
    assert sum(ticks) == reflex
    assert max(ticks) - min(ticks) <= 1
    assert sorted(deal_order(phases, reading)) == list(range(phases))


@given(st.integers(0, 30), st.sampled_from([4, 8, 12]))
def test_more_reflex_never_means_fewer_ticks_in_a_phase(reflex: int, phases: int) -> None:
    low, high = phase_ticks(reflex, phases, "by-second"), phase_ticks(reflex + 1, phases, "by-second")
    assert all(b >= a for a, b in zip(low, high, strict=True))


@given(st.lists(st.integers(0, 12), min_size=1, max_size=6), st.sampled_from([4, 8]))
def test_each_fighter_is_active_once_per_tick(reflexes: list[int], phases: int) -> None:
    counts = [phase_ticks(r, phases, "by-second") for r in reflexes]
    steps = active_steps(counts)
    for i, reflex in enumerate(reflexes):
        assert sum(active[i] for phase in steps for active in phase) == reflex
    for phase in steps:  # someone acts on every step of a phase
        assert all(any(active) for active in phase)


def test_tracker_orders_the_books_two_players() -> None:
    result = engine().run("wbs.round_tracker", {"reflex_1": 3, "reflex_2": 5})
    assert result["order"] == "1.1 A & B · 2.1 B · 2.2 A & B · 3.1 B · 4.1 A & B"
    assert result["ticks_total"] == 8
    assert engine().present("wbs.round_tracker", result)["chart"].count("wbs-ticks__on") == 8
    assert "A · Reflex 3" in result["chart"]["fighters"]


def test_tracker_skips_empty_slots() -> None:
    result = engine().run("wbs.round_tracker", {"reflex_1": 0, "reflex_2": 0, "reflex_3": 2})
    assert result["order"] == "2.1 C · 4.1 C"


@pytest.mark.parametrize(
    ("calc", "inputs", "field"),
    [("wbs.ticks", {"reflex": -1}, "reflex"), ("wbs.ticks", {"reflex": "three"}, "reflex"),
     ("wbs.ticks", {"phases": "5"}, "phases"), ("wbs.ticks", {"phases": 16}, "phases"),
     ("wbs.round_tracker", {"phases": 6}, "phases"), ("wbs.ticks", {"phase_reading": "sideways"}, "phase_reading"),
     ("wbs.round_tracker", {"reflex_1": 0, "reflex_2": 0}, "reflex_1"),
     ("wbs.round_tracker", {"reflex_7": 3}, "reflex_7")],
)
def test_bad_inputs_name_their_field(calc: str, inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run(calc, inputs)
    assert field in {p.field for p in caught.value.problems}
