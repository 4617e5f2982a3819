"""wbs.character (the builder), wbs.npc (the 150-point guide) and wbs.stamina."""

from __future__ import annotations

import html

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.skills import core_rank, core_skills, sub_skills
from tests.support.engine import engine
from tests.support.properties import examples

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

PLAYER_A = {"strength": 3, "constitution": 2, "dexterity": 4, "smarts": 2, "charisma": 4, "wits": 3,
            "charm": 3, "professional": 3, "gossip": 3, "politics": 1, "religion": 1, "hierarchy": 1,
            "negotiation": 1, "deception": 1, "intimidation": 1, "etiquette": 1, "insight": 1, "appraisal": 1}


def test_skill_list_is_complete() -> None:
    assert len(core_skills()) == 20 and len(sub_skills()) == 60
    assert len({s["id"] for s in sub_skills()}) == 60
    assert all(len(c["sub_skills"]) == 3 for c in core_skills())


@pytest.mark.parametrize(("ranks", "core"), [([2, 2, 2], 2), ([3, 0, 0], 1), ([1, 0, 0], 0), ([3, 2, 2], 2),
                                             ([2, 1, 1], 1), ([0, 0, 0], 0), ([6, 6, 6], 6)])
def test_core_rank(ranks: list[int], core: int) -> None:
    assert core_rank(ranks) == core


def test_player_a_both_ways() -> None:
    printed = engine().run("wbs.character", {**PLAYER_A, "xp_prices": "player-a-example"})
    assert (printed["xp_attributes"], printed["xp_skills"], printed["xp_total"], printed["xp_left"]) == (24, 27, 51, 99)
    rule = engine().run("wbs.character", PLAYER_A)
    assert (rule["xp_attributes"], rule["xp_skills"], rule["xp_total"], rule["xp_left"]) == (68, 45, 113, 37)
    assert rule["core_ranks"] == ["Culture 1", "Approach 3", "Discussion 1", "Deduction 1"]
    assert (rule["health"], rule["speed"], rule["reflex"], rule["stamina"]) == (6, 2, 3, 6)
    assert rule["flags"] == []


def test_fresh_character_costs_nothing() -> None:
    r = engine().run("wbs.character", {})
    assert r["xp_total"] == 0 and r["xp_left"] == 150
    assert "nothing bought" in engine().present("wbs.character", r)["purchases"]


def test_flags_and_surcharge() -> None:
    r = engine().run("wbs.character", {**PLAYER_A, "strength": 6, "dexterity": 6, "charm": 4, "health_bonus": 5,
                                          "budget": 100})
    flags = " | ".join(r["flags"])
    assert "Strength 6 is above the tier's limit of 5" in flags
    assert "2 attributes are above the tier" in flags
    assert "Charm 4 is above the tier's limit of 3" in flags
    assert "Health bonus 5 is above the 4" in flags
    assert "over the budget of 100" in flags
    base = engine().run("wbs.character", PLAYER_A)
    # Strength 3→6 (6+7+8+9 = 30 more, +2 for the step past 5 … and Dexterity 4→5→6 (8+9+2), Charm 3→4 (5+2).
    assert r["xp_attributes"] - base["xp_attributes"] == (7 + 8 + 9 + 2) + (8 + 9 + 2)
    assert r["xp_skills"] - base["xp_skills"] == 5 + 2


def test_energy_skills_and_spark() -> None:
    r = engine().run("wbs.character", {"strength": 5, "constitution": 5, "dexterity": 5, "spark": "monk",
                                          "genki_peak": 1, "reiki_aura": 2, "tier": "adept"})
    assert r["genki"] == (15 + 1) * 2 and r["reiki"] == (3 + 2) * 15
    assert r["xp_energy_skills"] == 2 + (2 + 3)


def test_purchases_table_is_escaped_html() -> None:
    shown = engine().show("wbs.character", PLAYER_A)["purchases"]
    assert shown.startswith("<table") and "<script" not in shown
    assert "Charm" in shown and html.escape("0→3") in shown


@pytest.mark.parametrize(("inputs", "field"), [({"charm": -1}, "charm"), ({"tier": "x"}, "tier"),
                                               ({"genki_peak": "two"}, "genki_peak"), ({"budget": -5}, "budget")])
def test_builder_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.character", inputs)
    assert caught.value.field == field


with engine().active():
    SUB_SKILLS = [s["id"] for s in sub_skills()]


@settings(max_examples=examples(25), deadline=None)
@given(st.dictionaries(st.sampled_from(SUB_SKILLS), st.integers(0, 3), max_size=8))
def test_builder_skill_xp_is_the_sum_of_each_rank(ranks: dict[str, int]) -> None:
    r = engine().run("wbs.character", ranks)
    assert r["xp_skills"] == sum(sum(k + 1 for k in range(1, v + 1)) for v in ranks.values())
    assert r["xp_left"] == 150 - r["xp_total"]


# ---- NPC guide -----------------------------------------------------------------------


def test_npc_guide_costs_150() -> None:
    r = engine().run("wbs.npc", {})
    assert (r["xp_total"], r["xp_attributes"], r["xp_derived"], r["xp_skills"]) == (150, 68, 6, 76)
    block = engine().present("wbs.npc", r)["stat_block"]
    assert "Athletics (2)" in block and "Jump 3, Balance 2, Endurance 2" in block


@given(st.sampled_from(SUB_SKILLS), st.sampled_from(["health", "speed", "reflex", "stamina"]))
def test_any_valid_npc_costs_150(great: str, derived: str) -> None:
    core = next(s["core"] for s in sub_skills() if s["id"] == great)
    others = [c["id"] for c in core_skills() if c["id"] != core]
    subs = {c["id"]: c["sub_skills"][1]["id"] for c in core_skills()}
    second = "health" if derived != "health" else "speed"
    r = engine().run("wbs.npc", {"great_1": great, "average_1": others[0], "average_2": others[1],
                                    "okay_1": subs[others[2]], "okay_2": subs[others[3]], "okay_3": subs[others[4]],
                                    "derived_1": derived, "derived_2": second, "physical_1": "dexterity",
                                    "physical_2": "strength", "mental_1": "wits", "mental_2": "smarts"})
    assert r["xp_total"] == 150 and r["flags"] == []


@pytest.mark.parametrize(("inputs", "field"), [({"physical_2": "strength"}, "physical_2"),
                                               ({"average_1": "athletics"}, "average_1"),
                                               ({"okay_3": "hide"}, "okay_3"), ({"derived_2": "health"}, "derived_2"),
                                               ({"great_1": "nothing"}, "great_1")])
def test_npc_bad_inputs(inputs: dict, field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run("wbs.npc", inputs)
    assert caught.value.field == field


# ---- Stamina -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("inputs", "expected"),
    [
        ({}, {"energy_recover": 1, "stamina_left": 6, "rounds_until_unconscious": 18, "rest_minutes": 0}),
        ({"genki": 35}, {"energy_recover": 3}),
        ({"genki": 35, "recover_rounding": "up"}, {"energy_recover": 4}),
        ({"genki": 100}, {"energy_recover": 10}),
        ({"rounds": 4, "stamina_spent": 2}, {"exhaustion_lost": 1, "stamina_left": 3, "rounds_until_unconscious": 8,
                                            "rest_minutes": 30}),
        ({"rounds": 3, "stamina_spent": 5}, {"stamina_left": 0, "rounds_until_unconscious": 0}),
    ],
)
def test_stamina(inputs: dict, expected: dict) -> None:
    r = engine().run("wbs.stamina", inputs)
    assert {k: r[k] for k in expected} == expected


def test_stamina_cannot_go_below_zero() -> None:
    # Spending all of it is a state (out cold); spending more than there is, a typo named at its field.
    assert engine().run("wbs.stamina", {"rounds": 3, "stamina_spent": 6})["stamina_left"] == 0
    with pytest.raises(InputError) as caught:
        engine().run("wbs.stamina", {"rounds": 3, "stamina_spent": 7})
    assert caught.value.field == "stamina_spent" and "at most 6" in caught.value.message


@pytest.mark.parametrize(("stamina", "rounds", "since"), [(2, 9, 6), (1, 3, 3), (4, 14, 12), (3, 30, 9)])
def test_past_exhaustion_the_answer_is_a_state_never_a_refusal(stamina: int, rounds: int, since: int) -> None:
    # Issue 19: Stamina 2 after 9 rounds was refused ("at most -1"); exhaustion took the last point as round 6 ended.
    r = engine().run("wbs.stamina", {"stamina": stamina, "rounds": rounds})
    assert (r["stamina_left"], r["exhaustion_lost"], r["unconscious_since"]) == (0, stamina, since)
    assert r["state"].startswith(f"Unconscious since the end of round {since} ")
    assert r["rounds_until_unconscious"] == 0
