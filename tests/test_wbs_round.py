"""The WBS fight round after round as the book runs it (issue 19's WBS bullets and round rules, issue 20's engine).

Each test names the rule it holds to; those for issue 19's bullets fail on the tracker before it
(no ticks for fighters who cannot act, Last Gasp, Relax and EV in Reflex, Efficiency in upkeep).
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from calculators import InputError
from tests.support.engine import engine, rules_data
from tests.support.says import says, says_none

TRACKER = "wbs.combat_tracker"
GOBLIN = "wbs/bestiary/goblin"
ORC = "wbs/bestiary/orc"


def run(state: dict[str, Any] | None = None, **inputs: Any) -> dict[str, Any]:
    return engine().run(TRACKER, {**(state or {}), **inputs})


def problems(state: dict[str, Any] | None = None, **inputs: Any) -> dict[str, str]:
    with pytest.raises(InputError) as caught:
        run(state, **inputs)
    return {p.field: p.message for p in caught.value.problems}


def press(state: dict[str, Any], output: str = "next", **typed: Any) -> dict[str, Any]:
    """The fight after pressing one of the tracker's buttons (with `typed` entered first)."""
    result = run(state, **typed)
    assert result[output]["type"] == "apply", result[output]
    return {**state, **typed, **dict(result[output]["sets"])}


def end_round(state: dict[str, Any]) -> dict[str, Any]:
    """Next until the round number moves: the fight at the next round's start."""
    start = state.get("round", 1)
    for _ in range(200):
        state = press(state)
        if state["round"] != start:
            return state
    raise AssertionError("the round never ended")


def ticks(result: dict[str, Any], index: int) -> int:
    """A fighter's ticks in the round's tick chart."""
    return sum(step[index] for phase in result["chart"]["active"] for step in phase)


def stat_row(key: str, **chosen: Any) -> dict[str, Any]:
    """A bestiary creature as its Add to fight button carries it, with the round's choices."""
    return {**engine().ask("wbs.creature_fighter", rules_data()[key]), **chosen}


def row_of(state: dict[str, Any], name: str) -> dict[str, Any]:
    return next(r for r in state["combatants"] if r["name"] == name)


def end_table(result: dict[str, Any], name: str) -> list[Any]:
    return [c["value"] for c in next(r for r in result["end_of_round"]["rows"] if r["head"] == name)["cells"]]


# ---- issue 19, WBS bullet 1: fighters who cannot act get no ticks -----------------------------------

def test_fighters_who_cannot_act_have_no_ticks() -> None:
    fight = [
        {"name": "No Stamina", "reflex": 5, "stamina": 0},              # unconscious until some comes back
        {"name": "Dying", "reflex": 5, "health": 6, "damage": 18},      # three times Health: forcibly unconscious
        {"name": "Twice", "reflex": 5, "health": 6, "damage": 12},      # twice Health: unconscious
        {"name": "Out", "reflex": 5, "health": 6, "damage": 6},         # out of the fight, no Last Gasp paid
        {"name": "Standing", "reflex": 5, "health": 6, "damage": 5},
    ]
    result = run(combatants=fight)
    assert [ticks(result, i) for i in range(5)] == [0, 0, 0, 0, 5]
    for row in result["order"]["rows"]:
        assert row["cells"][0]["value"] == "Standing"


def test_nobody_reads_fighting_at_no_stamina() -> None:
    result = run(combatants=[{"name": "Spent", "stamina": 0}, {"name": "Fresh"}])
    spent, fresh = result["fighters"]["rows"]
    assert spent["cells"][0]["value"] != "Fighting"
    assert [c["name"] for c in spent["cells"][0]["conditions"]] == ["No Stamina"]
    assert fresh["cells"][0]["value"] == "Fighting"
    for damage in (0, 6, 12, 18):
        assert not engine().run("wbs.health_state", {"stamina": 0, "damage": damage})["state"].startswith("Fighting")


# ---- bullet 1, Last Gasp: a round of acting out of the fight costs Stamina ----------------------------

def test_last_gasp_is_paid_as_the_round_starts_and_buys_its_ticks() -> None:
    out = {"name": "Mei", "reflex": 3, "health": 6, "damage": 7, "stamina": 5, "last_gasp": True}
    state = {"combatants": [out, {"name": "Orc"}]}
    assert ticks(run(state), 0) == 0
    state = press(state)
    mei = row_of(state, "Mei")
    assert (mei["stamina"], mei["gasp_paid"]) == (4, True)
    assert ticks(run(state), 0) == 3
    assert "Last Gasp paid" in [c["name"] for c in run(state)["fighters"]["rows"][0]["cells"][0]["conditions"]]
    state = end_round(state)  # paid each round it is wanted, never twice in one, and asked afresh
    assert (row_of(state, "Mei")["stamina"], row_of(state, "Mei")["gasp_paid"]) == (4, False)
    assert row_of(state, "Mei")["last_gasp"] is False
    assert row_of(press(state), "Mei")["stamina"] == 4  # not chosen again: not paid, no ticks
    chosen = engine().run("wbs.combat_tracker", {**state, "target": "Mei", "what": "last_gasp"})["apply"]
    state = {**state, **dict(chosen["sets"])}
    assert row_of(press(state), "Mei")["stamina"] == 3


def test_holding_channelled_reiki_is_chosen_each_round() -> None:
    row = {"name": "Rin", "reflex": 3, "health": 6, "stamina": 6, "energy": 20, "reiki": 10, "channelled": 4,
           "concentration": 0}
    state = {"combatants": [row]}
    chosen = engine().run("wbs.combat_tracker", {**state, "target": "Rin", "what": "hold"})["apply"]
    says(chosen["label"], "Rin", "hold", "channelled ReiKi")
    state = end_round({**state, **dict(chosen["sets"])})
    rin = row_of(state, "Rin")
    assert rin["channelled"] == 4 and rin["hold"] is False  # held once; asked again next round
    rin = row_of(end_round(state), "Rin")
    assert rin["channelled"] == 0  # not chosen again: let go


def test_last_gasp_is_not_paid_with_the_last_point_nor_without_being_wanted() -> None:
    last = {"name": "A", "health": 6, "damage": 7, "stamina": 1, "last_gasp": True}
    unwanted = {"name": "B", "health": 6, "damage": 7, "stamina": 5}
    state = press({"combatants": [last, unwanted]})
    assert [(r["stamina"], r["gasp_paid"]) for r in state["combatants"]] == [(1, False), (5, False)]
    says(run(combatants=[last, unwanted])["next"]["summary"], "Stamina")


def test_twice_health_pays_to_stay_awake_but_does_not_act() -> None:
    awake = {"name": "A", "reflex": 4, "health": 6, "damage": 12, "stamina": 5, "last_gasp": True}
    state = press({"combatants": [awake, {"name": "B"}]})
    assert (state["combatants"][0]["stamina"], state["combatants"][0]["gasp_paid"]) == (4, True)
    assert ticks(run(state), 0) == 0
    names = [c["name"] for c in run(state)["fighters"]["rows"][0]["cells"][0]["conditions"]]
    assert len(names) == 1  # one state, not "Unconscious" beside it
    says(names[0], "Awake", "twice Health", "Stamina")


@pytest.mark.parametrize(("reading", "paid"), [("next-round", False), ("at-once", True)])
def test_a_fighter_dropped_mid_round_follows_the_last_gasp_reading(reading: str, paid: bool) -> None:
    fight = {"combatants": [{"name": "A", "reflex": 4, "health": 6, "stamina": 5, "last_gasp": True},
                            {"name": "B", "reflex": 4}], "gasp_reading": reading}
    fight = press(fight)
    fight = press(fight, "apply", target="A", what="damage", change="+6")
    a = fight["combatants"][0]
    assert (a["gasp_paid"], a["stamina"]) == (paid, 4 if paid else 5)
    assert bool(ticks(run(**fight), 0)) is paid


# ---- bullet 2: Relax and EV change the round's Reflex -------------------------------------------------

@pytest.mark.parametrize(("row", "expected"), [
    ({"reflex": 5, "relaxing": True}, 4),                         # Relax: Dexterity −2, Reflex −1
    ({"reflex": 3, "ev": 2, "core": 15}, 4),                      # EV 2 on Reflex 3 gives 4
    ({"reflex": 3, "ev": 1}, 3),                                  # an odd EV on an even Dexterity + Smarts: nothing
    ({"reflex": 3, "ev": 1, "reflex_half": True}, 4),             # … on an odd one: the half makes a whole
    ({"reflex": 3, "ev": 3, "reflex_half": True, "core": 25, "energy": 50}, 5),  # the book's Orc at EV 3
    ({"reflex": 4, "ev": 1, "relaxing": True}, 3),                # both: Dexterity −1
    ({"reflex": 0, "relaxing": True}, 0),
])
def test_relax_and_ev_move_the_rounds_reflex(row: dict[str, Any], expected: int) -> None:
    result = run(combatants=[{"name": "A", **row}])
    assert ticks(result, 0) == expected
    assert result["chart"]["fighters"] == [f"A · Reflex {expected}"]


def test_the_other_reading_moves_reflex_by_the_whole_change() -> None:
    result = run(combatants=[{"name": "A", "reflex": 3, "ev": 2, "core": 15}, {"name": "B", "reflex": 5,
                                                                                "relaxing": True}],
                 reflex_reading="whole-value")
    assert (ticks(result, 0), ticks(result, 1)) == (5, 3)


def test_stat_blocks_carry_the_half_that_decides_an_odd_ev() -> None:
    # The Orc: Dexterity 3 + Smarts 2 = 5, so an EV of 1 lifts its Reflex; the Goblin's 4 + 2 does not.
    assert stat_row(ORC)["reflex_half"] is True and stat_row(GOBLIN)["reflex_half"] is False
    result = run(combatants=[stat_row(ORC, ev=1), stat_row(GOBLIN, ev=1)])
    assert (ticks(result, 0), ticks(result, 1)) == (4, 4)


# ---- bullet 3: upkeep counts Efficiency, as the upkeep calculator does -------------------------------

def test_the_books_orc_and_goblin_pay_no_upkeep_for_their_ev() -> None:
    state = {"combatants": [stat_row(ORC, ev=3, majors=2), stat_row(GOBLIN, ev=1, majors=2)]}
    result = run(state)
    assert end_table(result, "Orc")[:2] == [4, "nothing"]
    assert end_table(result, "Goblin")[:2] == [2, "nothing"]
    for _ in range(2):
        state = end_round({**state, "combatants": [{**r, "majors": 2} for r in state["combatants"]]})
    assert [r["energy"] for r in state["combatants"]] == [50, 50]  # two rounds, not 8 JaKi lost
    calc = engine().run("wbs.upkeep", {"ev": 3, "pool": "spirit", "spark": "jaki", "efficiency": 2})
    assert calc["paid"] == 0


@pytest.mark.parametrize("monster", [False, True])
@pytest.mark.parametrize(("ev", "kiai", "relaxed", "majors", "efficiency"), [
    (0, 0, False, 2, 0), (1, 0, False, 2, 1), (3, 2, False, 2, 1), (2, 1, True, 0, 0), (3, 0, False, 1, 2),
    (1, 3, True, 3, 3),
])
def test_the_tracker_pays_what_the_upkeep_calculator_says(monster: bool, ev: int, kiai: int, relaxed: bool,
                                                          majors: int, efficiency: int) -> None:
    row = {"name": "A", "ev": ev, "kiai": kiai, "relaxing": relaxed, "majors": majors, "efficiency": efficiency,
           "core": 10 * max(ev, 1), "energy": 99, "monster": monster}
    calc = engine().run("wbs.upkeep", {"ev": ev, "kiai_dice": kiai, "relaxed": relaxed,
                                       "one_major_action": majors <= 1, "efficiency": efficiency,
                                       "pool": "spirit" if monster else "genki",
                                       "spark": "jaki" if monster else "none"})
    after = end_round({"combatants": [row]})
    assert 99 - after["combatants"][0]["energy"] == calc["paid"]


# ---- part 2: the round's rules, each from the book ---------------------------------------------------

@pytest.mark.parametrize(("majors", "cost"), [(0, 1), (1, 1), (2, 2), (5, 2)])
def test_only_one_major_action_lowers_upkeep(majors: int, cost: int) -> None:
    assert end_table(run(combatants=[{"name": "A", "ev": 1, "majors": majors}]), "A")[0] == cost


@pytest.mark.parametrize(("reading", "kind", "cost", "counted"), [
    ("costed-action", "attacks", 2, 1), ("costed-action", "movement", 1, 1), ("costed-action", "quick", 0, 0),
    ("attack-or-technique", "movement", 1, 0), ("attack-or-technique", "attacks", 1, 1),
    ("gm-decides", "attacks", 2, 0),
])
def test_declared_actions_count_as_major_actions_by_the_reading(reading: str, kind: str, cost: int,
                                                                counted: int) -> None:
    state = press({"combatants": [{"name": "A", "reflex": 4}], "major_reading": reading})
    state = press(state, "apply", target="A", what=f"declare-{kind}", change=str(cost))
    assert state["combatants"][0]["majors"] == counted


def test_a_monster_short_of_energy_pays_stamina_at_five_energy_a_tier() -> None:
    per = rules_data()["wbs/monsters"]["energy"]["stamina_pays_per_tier"]
    assert per == 5
    row = {"name": "Oni", "monster": True, "energy": 1, "stamina": 8, "ev": 1, "kiai": 4, "majors": 2}
    for tier, stamina in (("experienced", 1), ("adept", 1)):
        after = end_round({"combatants": [{**row, "tier": tier}]})["combatants"][0]
        assert (after["energy"], after["stamina"]) == (0, 8 - stamina)
    big = {**row, "kiai": 10, "tier": "experienced"}  # 1 + 1 + 10 = 12: 1 from the pool, 11 → 3 Stamina
    after = end_round({"combatants": [big]})["combatants"][0]
    assert (after["energy"], after["stamina"]) == (0, 5)


def test_seiki_gets_stamina_back_each_upkeep_never_above_full() -> None:
    spirit = {"name": "Shrine", "monster": True, "spark": "seiki", "stamina": 3, "stamina_full": 6,
              "tier": "adept"}
    after = end_round({"combatants": [spirit]})["combatants"][0]
    assert after["stamina"] == 5  # 1 a tier, Adept is tier 2
    after = end_round({"combatants": [{**spirit, "stamina": 5}]})["combatants"][0]
    assert after["stamina"] == 6


@pytest.mark.parametrize(("reading", "pool", "stamina"), [("stamina-first", 50, 7), ("pool-first", 47, 8)])
def test_yoki_leans_on_stamina_for_upkeep(reading: str, pool: int, stamina: int) -> None:
    demon = {"name": "Oni", "monster": True, "spark": "yoki", "energy": 50, "stamina": 8, "ev": 2, "majors": 2,
             "core": 20}
    after = end_round({"combatants": [demon], "yoki_reading": reading})["combatants"][0]
    assert (after["energy"], after["stamina"]) == (pool, stamina)
    last = end_round({"combatants": [{**demon, "stamina": 1}]})["combatants"][0]
    assert (last["energy"], last["stamina"]) == (47, 1)  # never its last point while the pool can pay


def test_a_character_short_of_genki_pays_reiki_then_shinki() -> None:
    row = {"name": "A", "energy": 1, "reiki": 2, "ev": 1, "kiai": 3, "majors": 2, "core": 1}
    after = end_round({"combatants": [row]})["combatants"][0]  # 5: 1 GenKi, 2 ReiKi, 2 more = 1 ShinKi
    assert (after["energy"], after["reiki"], after["shinki"]) == (0, 0, 1)
    first = end_round({"combatants": [{**row, "energy": 9, "reiki": 9}], "pool_reading": "reiki-first"})
    assert (first["combatants"][0]["energy"], first["combatants"][0]["reiki"]) == (9, 4)


def test_channelled_reiki_is_let_go_as_the_round_ends_unless_stamina_holds_it() -> None:
    row = {"name": "A", "reiki": 20, "channelled": 6, "concentration": 2, "stamina": 5}
    after = end_round({"combatants": [row]})["combatants"][0]
    assert (after["channelled"], after["reiki"], after["stamina"]) == (2, 20, 5)  # lost ReiKi stays in the pool
    held = end_round({"combatants": [{**row, "hold": True}]})["combatants"][0]
    assert (held["channelled"], held["stamina"], held["hold"]) == (6, 4, False)  # chosen again next round, or let go
    again = end_round({"combatants": [held]})["combatants"][0]
    assert (again["channelled"], again["stamina"]) == (2, 4)


def test_damage_knocks_channelled_reiki_loose_less_concentration() -> None:
    state = {"combatants": [{"name": "A", "reiki": 20, "channelled": 6, "concentration": 1, "health": 9}]}
    state = press(state, "apply", target="A", what="damage", change="4")
    assert state["combatants"][0]["channelled"] == 3


def test_the_core_moves_two_at_the_round_end_inside_peak_and_damper() -> None:
    goblin = stat_row(GOBLIN)  # Core 25, Damper down to 10
    state = press({"combatants": [goblin]}, "apply", target="Goblin", what="core_move", change="−2")
    assert state["combatants"][0]["core_move"] == -2
    assert end_round(state)["combatants"][0]["core"] == 23
    up = press({"combatants": [goblin]}, "apply", target="Goblin", what="core_move", change="+2")
    assert end_round(up)["combatants"][0]["core"] == 25  # no Peak: the top of its range
    found = problems(combatants=[goblin], target="Goblin", what="core_move", change="3")
    assert list(found) == ["change"]
    says(found["change"], 3, 2)
    orc = problems(combatants=[stat_row(ORC)], target="Orc", what="core_move", change="2")
    says(orc["change"], "Peak", "Damper")


def test_ev_is_one_or_what_the_core_opens() -> None:
    monk = {"name": "Monk", "energy": 42, "core": 21, "ev": 2}
    found = problems(combatants=[monk])
    assert list(found) == ["combatants.1.ev"]
    says(found["combatants.1.ev"], "Monk", "Core", 21, "EV", 1, 3, 2)
    assert ticks(run(combatants=[{**monk, "ev": 3}]), 0) == 4
    # The GenKi left falls below the Core: the Core follows it down, and EV 3 closes (EV 2 opens).
    low = {**monk, "energy": 22, "ev": 3, "majors": 2}
    after = end_round({"combatants": [low]})["combatants"][0]
    assert (after["energy"], after["core"], after["ev"]) == (18, 18, 2)


def test_durability_and_shinki_move_health_and_stagger_takes_two_stamina() -> None:
    fight = [{"name": "Ogre", "health": 6, "durability": 2, "damage": 7}, {"name": "Drained", "health": 6,
                                                                             "shinki": 2, "damage": 4}]
    rows = run(combatants=fight)["fighters"]["rows"]
    assert rows[0]["cells"][0]["value"] == "Fighting" and rows[0]["cells"][3]["value"] == "7 of 8"
    assert [c["name"] for c in rows[1]["cells"][0]["conditions"]] == ["Out of the fight", "ShinKi 2"]
    state = press({"combatants": fight}, "apply", target="Ogre", what="stagger", change="")
    assert (state["combatants"][0]["stamina"], state["combatants"][0]["staggered"]) == (4, True)
    assert end_round(state)["combatants"][0]["staggered"] is False


# ---- part 2: actions declared, resolved in order, carried past the round -----------------------------

def test_an_action_resolves_once_its_cost_in_ticks_has_passed() -> None:
    state = press({"combatants": [{"name": "A", "reflex": 3}, {"name": "B", "reflex": 3}]})  # phase 1
    state = press(state, "apply", target="A", what="declare-attacks", change="2")
    says(run(state)["acting_now"], "Waiting", "A", "Attacks", "2 more ticks")
    state = press(state)  # phase 2: one tick passes
    says(run(state)["acting_now"], "Waiting", "A", "Attacks", "1 more tick")
    state = press(state)  # phase 4: resolves
    says(run(state)["acting_now"], "Resolving", 1, "A", "Attacks")


def test_the_book_resolution_order_on_a_shared_tick() -> None:
    state = press({"combatants": [{"name": "Striker", "reflex": 3}, {"name": "Runner", "reflex": 3},
                                  {"name": "Caster", "reflex": 3}]})
    for name, kind in (("Striker", "attacks"), ("Runner", "movement"), ("Caster", "energy")):
        state = press(state, "apply", target=name, what=f"declare-{kind}", change="1")
    said = run(press(state))["acting_now"]
    says(said, "Resolving", 1, "Runner", "Movement", 2, "Striker", "Attacks", 3, "Caster", "Energy",
         "declaring", "Runner", "Striker", "Caster")


def test_the_end_of_the_round_is_a_tick_and_excess_cost_carries_over() -> None:
    # Reflex 2: ticks in phases 2 and 4. Declared on the first with cost 2: the end of the round completes it.
    state = press({"combatants": [{"name": "A", "reflex": 2}, {"name": "B", "reflex": 4}]})
    state = press(press(state), "apply", target="A", what="declare-attacks", change="2")
    result = run(end_round_preview(state))
    says(result["next"]["summary"], "A", "Attacks", "resolves", "end of the round")
    # Cost 3: one tick left and the end of the round, so it runs into round 2, and A has no Active Defense.
    state = press({"combatants": [{"name": "A", "reflex": 2}, {"name": "B", "reflex": 4}]})
    state = press(press(state), "apply", target="A", what="declare-attacks", change="3")
    names = [c["name"] for c in run(state)["fighters"]["rows"][0]["cells"][0]["conditions"]]
    assert "Excess cost" in names
    says(problems(state, target="A", what="defense", change="1")["target"], "no Active Defense")
    state = end_round(state)
    a = state["combatants"][0]
    assert (a["action"], a["wait"], a["carried"]) == ("attacks", 1, True)
    state = press(press(state))  # round 2, phase 2: its first tick, the carried strike resolves
    says(run(state)["acting_now"], "Resolving", 1, "A", "Attacks")
    assert press(state)["combatants"][0]["carried"] is False


def end_round_preview(state: dict[str, Any]) -> dict[str, Any]:
    """Next until the next press would end the round."""
    for _ in range(50):
        if run(state)["next"]["label"].startswith("End round"):
            return state
        state = press(state)
    raise AssertionError("no end of round in sight")


def test_a_reaction_delays_its_fighter() -> None:
    state = press({"combatants": [{"name": "A", "reflex": 5}]})
    state = press(state, "apply", target="A", what="defense", change="2")
    assert state["combatants"][0]["wait"] == 2
    assert "cannot declare" not in run(state)["acting_now"]
    says(problems(state, target="A", what="declare-attacks", change="1")["target"], "waiting", "2 ticks")


# ---- the turn pointer: defeats at any place keep the order -------------------------------------------

def test_a_defeat_mid_phase_neither_skips_nor_repeats_anyone() -> None:
    # A (Reflex 5) has two ticks in phase 2, B and C one: the first step of phase 2 is A's alone.
    state = press(press({"combatants": [{"name": "A", "reflex": 5}, {"name": "B", "reflex": 3},
                                        {"name": "C", "reflex": 3}]}))
    says(run(state)["now"], "Round 1", "phase 2", "tick 1", "of 2")
    state = press(state, "apply", target="A", what="damage", change="6")  # A is out
    said = run(state)["next_up"]
    says(said, "Round 1", "phase 2", "tick 1", "of 1", "B", "C")
    says_none(said, "A")
    state = press(state)
    said = run(state)["acting_now"]
    says(said, "Declaring", "B", "C")
    says_none(said, "A")
    says(run(press(state))["now"], "Round 1", "phase 4", "tick 1", "of 1")


def test_the_round_number_moves_by_one_and_the_end_of_round_is_paid_once() -> None:
    state = {"combatants": [{"name": "A", "reflex": 3, "ev": 1, "majors": 2}], "round": 2}
    seen = []
    for _ in range(8):  # Reflex 3: three ticks, then the end of the round, twice
        result = run(state)
        seen.append(result["next"]["label"])
        state = press(state)
    ends = [label for label in seen if label.startswith("End round")]
    assert ends == ["End round 2", "End round 3"]
    assert state["round"] == 4


# ---- changes in the game master's terms ----------------------------------------------------------------

@pytest.mark.parametrize(("typed", "damage"), [("+4", 9), ("4", 9), ("-2", 3), ("\u22122", 3), ("=1", 1),
                                               (" + 4 ", 9)])
def test_a_change_is_typed_as_the_gm_says_it(typed: str, damage: int) -> None:
    state = {"combatants": [{"name": "Goblin 1", "damage": 5}, {"name": "Goblin 2", "damage": 5}]}
    result = run(**state, target="goblin 2", change=typed)
    assert result["apply"]["type"] == "apply"
    after = dict(result["apply"]["sets"])
    assert [r["damage"] for r in after["combatants"]] == [5, damage]
    assert after["change"] == ""


def test_the_apply_button_says_what_it_does() -> None:
    result = run(combatants=[{"name": "Goblin 2"}], target="Goblin 2", change="+4")
    assert result["apply"]["label"] == "Goblin 2 takes 4 damage"
    says(result["apply"]["summary"], 4, "damage", 6, "Health", "fighting")


@pytest.mark.parametrize(("typed", "field", "facts"), [
    ({"target": "Goblin", "change": "4"}, "target", (2, "'Goblin'", "rows 1", 2, "Rename")),
    ({"target": "", "change": "4"}, "target", ("who", "name")),
    ({"target": "Nobody", "change": "4"}, "target", ("No combatant", "'Nobody'", "Goblin", "goblin", "Orc")),
    ({"target": "Orc", "change": "+abc"}, "change", ("whole number", "99,999", "'+abc'")),
    ({"target": "Orc", "change": "-60", "what": "energy"}, "change", ("Orc", "JaKi", -45, "below 0")),
    ({"target": "Orc", "change": "-1", "what": "healing"}, "change", ("Healing", "damage", 4, "+4")),
    ({"target": "Orc", "change": "2", "what": "declare-attacks"}, "change", ("declared", "ticks", "Next")),
    ({"target": "Orc", "change": "+3", "what": "reiki"}, "change", ("monster", "one pool", "energy", "JaKi")),
])
def test_every_bad_change_is_named_beside_its_field(typed: dict[str, str], field: str,
                                                    facts: tuple[str | int, ...]) -> None:
    fight = [{"name": "Goblin"}, {"name": "goblin"}, {"name": "Orc", "monster": True}]
    found = problems(combatants=fight, **typed)
    assert list(found) == [field]
    says(found[field], *facts)


def test_when_there_is_nothing_to_apply_it_says_so() -> None:
    result = run(combatants=[{"name": "Orc"}])
    assert result["apply"]["type"] == "table"
    says(result["apply"]["empty"], "fighter")
    result = run(combatants=[{"name": "Orc"}], target="orc")
    says(result["apply"]["empty"], "change", "Orc", "+4", -2)


def test_fighters_rows_pick_their_name_and_list_conditions_with_the_rules_text() -> None:
    result = run(combatants=[{"name": "Mei", "relaxing": True, "staggered": True, "kiai": 1, "channelled": 2,
                              "reiki": 4}])
    row = result["fighters"]["rows"][0]
    assert row["pick"] == "Mei"
    conditions = {c["name"]: c["rule"] for c in row["cells"][0]["conditions"]}
    data = rules_data()
    relax = next(e for e in data["wbs/combat"]["round_start"] if e["id"] == "relax")["summary"]
    stagger = next(e for e in data["wbs/stamina"]["losing"] if e["id"] == "stagger")["summary"]
    assert conditions == {"Relaxing": relax, "Kiai dice 1": next(t for t in data["wbs/glossary"]["terms"]
                                                                 if t["id"] == "kiai")["definition"],
                          "Staggered": stagger, "Channelled ReiKi 2": data["wbs/reiki"]["losing"]["summary"]}
    shown = engine().show(TRACKER, {"combatants": [{"name": "Mei", "relaxing": True}]})["fighters"]
    assert 'data-pick="Mei"' in shown and '<details class="codex-condition"><summary>Relaxing</summary>' in shown


# ---- the fight's state, links and limits ----------------------------------------------------------

def test_an_old_link_still_opens_the_fight() -> None:
    # A link from before the round was tracked: the first ten fields, in their old places.
    result = run(combatants="1_Hero.5.7..7.18_Bandit")
    assert [r["head"] for r in result["fighters"]["rows"]] == ["Hero", "Bandit"]
    assert ticks(result, 0) == 5


def test_the_turn_pointer_is_checked_against_the_tier() -> None:
    found = problems(combatants=[{"name": "A"}], phase=8, tick=1)
    assert list(found) == ["phase"]
    says(found["phase"], "4 phases", 8)
    found = problems(combatants=[{"name": "A"}], phase=2, tick=0)
    assert list(found) == ["tick"]
    says(found["tick"], "tick", 1, 0)
    result = run(combatants=[{"name": "A", "reflex": 1}], phase=3, tick=1)  # nobody has that tick now
    says(result["acting_now"], "Nobody", "tick")


def test_a_full_table_of_fighters_answers_quickly() -> None:
    import time

    from calculators import limits

    fight = [{"name": f"Goblin {n}", "reflex": 4 + n % 3, "ev": 1, "monster": True, "core": 25, "core_low": 10,
              "core_high": 25, "efficiency": 1, "action": "attacks", "wait": n % 3} for n in range(limits.COMBATANTS)]
    state = {"combatants": fight, "phase": 2, "tick": 1, "target": "Goblin 7", "change": "+3"}
    run(state)
    start = time.perf_counter()
    for _ in range(5):
        run(state)
    assert (time.perf_counter() - start) / 5 < 0.25  # a shared, noisy machine: a loose bound, not the budget


# ---- from the books to the fight -------------------------------------------------------------------

BESTIARY = sorted(k for k in rules_data() if k.startswith("wbs/bestiary/"))


@pytest.mark.parametrize("key", BESTIARY)
def test_every_stat_block_goes_into_the_fight_with_its_own_numbers(key: str) -> None:
    creature = rules_data()[key]
    block = engine().ask("wbs.stat_block", creature)
    row = engine().ask("wbs.creature_fighter", creature)
    shown = {d["name"]: d["value"] for d in block["derived"]}
    result = run(combatants=[row])
    assert result["fighters"]["rows"][0]["cells"][3]["value"] == f"0 of {shown['Health']}"
    assert row["reflex"] == shown["Reflex"] and row["stamina"] == shown["Stamina"]
    assert (row["energy"], row["core"], row["core_low"], row["core_high"]) == (
        block["pool"].energy, block["pool"].core, block["pool"].core_min, block["pool"].core_max)
    assert ticks(result, 0) == sum(n for _, n in block["ticks"])
    button = engine().ask("wbs.add_to_fight", creature)
    carried = json.loads(re.search(r'data-row="([^"]*)"', button).group(1).replace("&quot;", '"')
                         .replace("&lt;", "<").replace("&gt;", ">").replace("&amp;", "&"))
    assert carried == row and 'data-recruit="wbs.combat_tracker"' in button


def test_the_creature_page_has_its_add_to_fight_button_and_says_what_energy_holds() -> None:
    from pathlib import Path

    from codex.site import Codex

    codex = Codex(Path(__file__).resolve().parent.parent, edit_base="https://example.invalid/edit/")
    result = codex.page("<!-- codex:creature wbs.orc -->\n", "wbs/bestiary/orc.md", "wbs/bestiary/orc/")
    html = codex.page_html(result.markdown, result)
    assert 'class="md-button codex-recruit__button" data-recruit="wbs.combat_tracker"' in html
    says(html, 50, "whole pool", "× 2")


def test_a_saved_character_and_the_npc_guide_go_into_the_fight() -> None:
    sheet = engine().run("wbs.character", {"name": "Mei", "strength": 5, "constitution": 5, "dexterity": 5,
                                           "spark": "monk", "genki_efficiency": 1, "reiki_concentration": 1})
    row = dict(sheet["fighter"]["row"])
    assert sheet["fighter"]["type"] == "add_to_fight" and sheet["fighter"]["tracker"] == TRACKER
    assert (row["name"], row["reflex"], row["health"], row["stamina"]) == ("Mei", sheet["reflex"], sheet["health"],
                                                                         sheet["stamina"])
    assert (row["energy"], row["core"], row["reiki"]) == (sheet["genki"], sheet["core_genki"], sheet["reiki"])
    assert (row["efficiency"], row["concentration"]) == (1, 1)
    run(combatants=[row])
    npc = engine().run("wbs.npc", {})["fighter"]
    assert dict(npc["row"])["name"] == "NPC"
    run(combatants=[dict(npc["row"])])


def test_the_energy_field_says_what_it_holds() -> None:
    fields = next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]
    energy = next(f for f in fields if f["name"] == "energy")
    assert energy["label"] == "Energy: GenKi, or a monster's whole pool"
    shown = run(combatants=[stat_row(ORC)])["fighters"]["rows"][0]["cells"][5]["value"]
    assert shown.startswith("JaKi 50")


def test_the_trackers_rules_state_the_datas_numbers() -> None:
    import copy

    from calculators import Engine

    def rules_text(data: dict[str, Any]) -> str:
        table = Engine(data).run(TRACKER, {})["rules"]
        return " ".join(r["cells"][0]["value"] for r in table["rows"])

    data = copy.deepcopy(dict(rules_data()))
    before = rules_text(data)
    says(before, 1, 5, "energy per tier")
    says(before, "exhaustion 1", "3 rounds")
    data["wbs/monsters"]["energy"]["stamina_pays_per_tier"] = 7
    next(e for e in data["wbs/stamina"]["losing"] if e["id"] == "exhaustion")["every_rounds"] = 4
    after = rules_text(data)
    says(after, 1, 7, "energy per tier")
    says(after, "exhaustion 1", "4 rounds")
    assert "Left to the table" in [r["head"] for r in Engine(data).run(TRACKER, {})["rules"]["rows"]]


def test_a_worked_examples_rows_go_into_its_link_as_their_code() -> None:
    from calculators import rowcode

    fields = next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]
    linked = engine().link_inputs(TRACKER, {"combatants": [{"name": "Mei", "reflex": 4}], "round": 2})
    assert linked == {"combatants": rowcode.encode(fields, [{"name": "Mei", "reflex": 4}]), "round": 2}
    assert run(**linked)["fighters"]["rows"][0]["head"] == "Mei"
