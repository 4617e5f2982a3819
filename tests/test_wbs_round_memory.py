"""The round's rules the table kept in memory, now the tracker's (issue 30, WBS part).

One block per bullet of the issue: Aura, the Kiai skill, Strain / All In / Energy Recover, Saving
Grace and a group's shared pool, actions on a shared tick, and the display. Each test fails on the
tracker before it (the rows had no Aura, Kiai skill, Strain, Full energy, Saving Grace or group;
every Kiai die was typed by hand; any fighter could declare in any order, twice Quick on one tick).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.support.engine import rules_data
from tests.support.says import says, says_none
from tests.test_wbs_round import end_round, press, problems, row_of, run, ticks


def conditions(state: dict[str, Any], name: str) -> list[str]:
    row = next(r for r in run(state)["fighters"]["rows"] if r["head"] == name)
    return [c["name"] for c in row["cells"][0]["conditions"]]


def condition(state: dict[str, Any], name: str, kind: str) -> str:
    """The one condition of `name` that names `kind` (e.g. "Channelled ReiKi"); "" if none does."""
    named = [c for c in conditions(state, name) if kind in c]
    assert len(named) <= 1, named
    return named[0] if named else ""


def first_tick(*rows: dict[str, Any], **readings: str) -> dict[str, Any]:
    """The fight on its first tick (everyone below has a tick in phase 1 with Reflex 3 or more)."""
    return press({"combatants": list(rows), **readings})


# ---- Aura counts as channelled ReiKi without channelling (003 lines 60, 62) ---------------------------------

def test_aura_counts_as_channelled_and_damage_never_knocks_it_loose() -> None:
    mei = {"name": "Mei", "reiki": 20, "aura": 2, "channelled": 3}
    says(condition({"combatants": [mei]}, "Mei", "Channelled ReiKi"), "Channelled ReiKi 5", 2, "Aura")
    state = press({"combatants": [mei]}, "apply", target="Mei", what="damage", change="+4")
    assert row_of(state, "Mei")["channelled"] == 0  # the 3 channelled on top are knocked loose
    says(condition(state, "Mei", "Channelled ReiKi"), "Channelled ReiKi 2", 2, "Aura")  # Aura's 2 stay


@pytest.mark.parametrize(("reading", "kept", "lost"), [("on-top", 2, 1), ("inside", 0, 3)])
def test_the_round_end_never_lets_aura_go(reading: str, kept: int, lost: int) -> None:
    mei = {"name": "Mei", "reflex": 0, "reiki": 20, "aura": 2, "channelled": 3, "concentration": 2}
    state = {"combatants": [mei], "aura_reading": reading}
    says(run(state)["end_of_round"]["rows"][0]["cells"][3]["value"], lost, "let go", "Aura 2", "kept")
    after = end_round(state)
    assert row_of(after, "Mei")["channelled"] == kept
    says(condition(after, "Mei", "Channelled ReiKi"), f"Channelled ReiKi {2 + kept}", 2, "Aura")


def test_aura_holds_no_more_than_the_pool_and_channelling_goes_on_top() -> None:
    small = {"combatants": [{"name": "A", "reiki": 1, "aura": 3}]}
    says(condition(small, "A", "Channelled ReiKi"), "Channelled ReiKi 1", 1, "Aura")
    fight = {"combatants": [{"name": "A", "reiki": 10, "aura": 3}]}
    found = problems(fight, target="A", what="channelled", change="=8")
    assert list(found) == ["change"]
    says(found["change"], "A", "channelled ReiKi", "Aura", 7, 8, 7)
    found = problems(combatants=[{"name": "A", "reiki": 10, "aura": 3, "channelled": 8}])
    assert list(found) == ["combatants.1.channelled"]
    says(found["combatants.1.channelled"], "A", 7, "ReiKi", "Aura", 3, 8)


# ---- the Kiai skill's extra dice and their upkeep (003 line 58) ---------------------------------------------

def test_a_kiai_adds_the_skills_dice_and_the_upkeep_follows_the_ranks() -> None:
    hero = {"name": "Hero", "energy": 15, "kiai_ranks": 2, "kiai_next": True, "majors": 1}
    state = press(first_tick(hero), "apply", target="Hero", what="declare-attacks", change="1")
    row = row_of(state, "Hero")
    assert (row["wait"], row["kiai"], row["kiai_extra"], row["kiai_next"]) == (2, 1, 2, False)
    says(condition(state, "Hero", "Kiai dice"), "Kiai dice 1", "+2", "Kiai skill")
    # Upkeep: 1, +1 for the Kiai's die, +2 for the skill's, and no lone-Major-Action cut (two this round).
    assert row_of(end_round(state), "Hero")["energy"] == 15 - 4


def test_the_kiai_reflex_follows_its_reading_and_a_monster_adds_one_die() -> None:
    hero = {"name": "Hero", "kiai_ranks": 2, "kiai_next": True}
    state = press(first_tick(hero, kiai_reading="per-die"), "apply", target="Hero", what="declare-attacks", change="1")
    assert row_of(state, "Hero")["wait"] == 1 + 3
    orc = {"name": "Orc", "monster": True, "energy": 50, "kiai_ranks": 2, "kiai_next": True}
    state = press(first_tick(orc), "apply", target="Orc", what="declare-attacks", change="1")
    assert (row_of(state, "Orc")["kiai"], row_of(state, "Orc")["kiai_extra"]) == (1, 0)


def test_a_kiai_goes_with_a_roll_and_may_raise_an_active_defense() -> None:
    hero = {"name": "Hero", "reflex": 5, "kiai_next": True}
    assert "a move rolls none" in problems(first_tick(hero), target="Hero", what="declare-movement",
                                           change="1")["target"]
    state = press(first_tick(hero), "apply", target="Hero", what="defense", change="1")
    assert (row_of(state, "Hero")["wait"], row_of(state, "Hero")["kiai"]) == (2, 1)


# ---- Strain, All In and Energy Recover (003 line 31) ---------------------------------------------------------

def test_strain_takes_a_reflex_off_the_next_action_for_stamina() -> None:
    state = press(first_tick({"name": "A", "stamina": 5, "strain": True}), "apply", target="A",
                  what="declare-attacks", change="2")
    a = row_of(state, "A")
    assert (a["wait"], a["stamina"], a["strain"]) == (1, 4, False)
    assert "Strain: 1 Stamina for 1 Reflex less" in run(first_tick({"name": "A", "strain": True}), target="A",
                                                      what="declare-attacks", change="2")["apply"]["summary"]


@pytest.mark.parametrize(("reading", "refused"), [("refused", True), ("allowed", False)])
def test_strain_and_all_in_near_no_stamina_follow_the_reading(reading: str, refused: bool) -> None:
    last = first_tick({"name": "A", "stamina": 1, "strain": True}, {"name": "B"}, last_point_reading=reading)
    for typed in ({"what": "declare-attacks", "change": "2"}, {"what": "all_in", "change": "1"}):
        if refused:
            assert "too little to pay 1" in problems(last, target="A", **typed)["target"]
        else:
            after = press(last, "apply", target="A", **typed)
            assert row_of(after, "A")["stamina"] == 0
            assert ticks(run(after), 0) == 0  # no Stamina: unconscious, so no ticks


def test_all_in_is_paid_as_a_roll_resolves_once_or_more() -> None:
    state = first_tick({"name": "A", "stamina": 5})
    assert row_of(press(state, "apply", target="A", what="all_in", change="1"), "A")["stamina"] == 4
    twice = run(state, target="A", what="all_in", change="2")["apply"]
    assert twice["label"] == "A goes All In 2 times"  # a log's press is found again by its label: the exact words
    says(twice["summary"], "4 dice")
    says(problems({"combatants": [{"name": "A"}]}, target="A", what="all_in", change="1")["change"], "Next")


@pytest.mark.parametrize(("reading", "back"), [("down", 2), ("up", 3)])
def test_energy_recover_is_an_action_paid_as_it_resolves(reading: str, back: int) -> None:
    hero = {"name": "Hero", "reflex": 3, "energy": 5, "energy_full": 25, "stamina": 5}
    state = press(first_tick(hero, recover_reading=reading), "apply", target="Hero", what="recover", change="1")
    hero_now = row_of(state, "Hero")
    assert (hero_now["action"], hero_now["wait"], hero_now["recover"], hero_now["stamina"]) == ("energy", 1, True, 5)
    state = press(state)  # phase 2: its one tick passes, and it resolves
    says(run(state)["acting_now"], "Resolving", 1, "Hero", "Energy")
    says(run(state)["next"]["summary"], "Hero", "Energy Recover", "1 Stamina", back, "energy")
    state = press(state)  # leaving the tick, the action has resolved
    assert (row_of(state, "Hero")["energy"], row_of(state, "Hero")["stamina"]) == (5 + back, 4)


def test_energy_recover_needs_a_full_pool_that_comes_back_as_genki() -> None:
    says(problems(first_tick({"name": "A", "energy": 5}), target="A", what="recover", change="1")["target"],
         "Full energy")
    yoki = {"name": "Oni", "monster": True, "spark": "yoki", "energy": 9, "energy_full": 30}
    says(problems(first_tick(yoki), target="Oni", what="recover", change="1")["target"], "ReiKi")


# ---- Saving Grace (003 line 47) ---------------------------------------------------------------------------

@pytest.mark.parametrize(("reading", "damage", "limbs", "state_name"), [
    ("limb-per-threshold", 6, 0, ("Out of the fight",)),
    ("limb-per-threshold", 12, 1, ("Awake", "twice Health", "Saving Grace", "1 limb")),
    ("limb-per-threshold", 18, 2, ("Awake", "three times Health", "Saving Grace", "2 limbs")),
    ("twice-health-only", 12, 1, ("Awake", "twice Health", "Saving Grace", "1 limb")),
    ("twice-health-only", 18, 0, ("Dying",)),
])
def test_saving_grace_at_each_health_threshold(reading: str, damage: int, limbs: int,
                                               state_name: tuple[str, ...]) -> None:
    a = {"name": "A", "reflex": 4, "health": 6, "stamina": 5, "saving_grace": True}
    state = press({"combatants": [a, {"name": "B"}], "grace_reading": reading}, "apply", target="A", what="damage",
                  change=str(damage))
    assert row_of(state, "A")["limbs"] == limbs
    says(conditions(state, "A")[0], *state_name)
    assert ticks(run(state), 0) == 0  # still unable to fight


def test_without_saving_grace_twice_health_is_unconscious() -> None:
    state = press({"combatants": [{"name": "A", "health": 6}]}, "apply", target="A", what="damage", change="12")
    assert (row_of(state, "A")["limbs"], conditions(state, "A")[0]) == (0, "Unconscious")


# ---- group tactics with a shared energy pool (003 line 76) ---------------------------------------------------

def pack(*energies: int, **more: Any) -> list[dict[str, Any]]:
    return [{"name": f"Wolf {n}", "reflex": 0, "energy": e, "reiki": 0, "majors": 2, "group": "Pack", **more}
            for n, e in enumerate(energies, start=1)]


def test_a_groups_upkeep_comes_from_its_shared_pool() -> None:
    after = end_round({"combatants": pack(0, 10, 10)})
    assert [(r["energy"], r["shinki"]) for r in after["combatants"]] == [(0, 0), (8, 0), (9, 0)]
    alone = end_round({"combatants": [{**r, "group": ""} for r in pack(0, 10, 10)]})
    assert alone["combatants"][0]["shinki"] == 1  # on their own, the first wolf had nothing to pay with


def test_a_shared_pool_running_dry_leaves_the_rest_to_each_member() -> None:
    after = end_round({"combatants": pack(1, 0, 0)})
    assert [(r["energy"], r["shinki"]) for r in after["combatants"]] == [(0, 0), (0, 1), (0, 1)]


def test_energy_a_member_spends_comes_from_the_pool_and_the_table_shows_it() -> None:
    state = {"combatants": pack(2, 10, 10)}
    result = run(state, target="Wolf 1", what="energy", change="-5")
    assert result["apply"]["label"] == "Wolf 1 spends 5 GenKi from the group's pool"
    assert [r["energy"] for r in dict(result["apply"]["sets"])["combatants"]] == [0, 7, 10]
    assert "problems" not in result
    says(run(state)["fighters"]["rows"][0]["cells"][5]["value"], "GenKi 2", "Pack", 22)
    says(condition(state, "Wolf 1", "Group tactics"), "Group tactics", 3, 3, "standing", 22)


@pytest.mark.parametrize(("reading", "energies"), [("pool-stays", [0, 8, 9]), ("share-leaves", [0, 9, 8])])
def test_a_fallen_members_share_follows_the_reading(reading: str, energies: list[int]) -> None:
    wolves = pack(0, 10, 10)
    wolves[1]["damage"] = 12  # twice Health: down
    after = end_round({"combatants": wolves, "group_reading": reading})
    # Each pays 1: the first wolf, with nothing of its own, from the pool: the fallen wolf's share, or not.
    assert [r["energy"] for r in after["combatants"]] == energies


# ---- actions on a shared tick (003 lines 33–38) ------------------------------------------------------------

def test_one_quick_action_and_one_of_each_kind_a_tick() -> None:
    state = first_tick({"name": "A", "reflex": 3})
    state = press(state, "apply", target="A", what="declare-quick", change="0")
    says(problems(state, target="A", what="declare-quick", change="0")["target"], "one", "each kind", "tick")
    state = press(state, "apply", target="A", what="declare-attacks", change="0")
    says(run(state)["acting_now"], "Resolving", 1, "A", "Quick", 2, "A", "Attacks")
    says(problems(state, target="A", what="declare-attacks", change="0")["target"], "one", "each kind", "tick")
    assert row_of(press(state, "apply", target="A", what="declare-attacks", change="1"), "A")["wait"] == 1


@pytest.mark.parametrize(("reading", "refused"), [("per-fighter", False), ("whole-tick", True)])
def test_whose_quick_action_a_tick_allows_follows_the_reading(reading: str, refused: bool) -> None:
    state = press(first_tick({"name": "A"}, {"name": "B"}, quick_reading=reading), "apply", target="A",
                  what="declare-quick", change="0")
    state = press(state, "apply", target="A", what="pass", change="0")  # A resolved first, so declares first
    typed = {"target": "B", "what": "declare-quick", "change": "0"}
    if refused:
        says(problems(state, **typed)["target"], "another fighter")
    else:
        assert run(state, **typed)["apply"]["type"] == "apply"


def test_fighters_declare_in_the_order_their_actions_resolved() -> None:
    state = first_tick({"name": "Striker"}, {"name": "Runner"})
    state = press(state, "apply", target="Striker", what="declare-attacks", change="1")
    state = press(state, "apply", target="Runner", what="declare-movement", change="1")
    state = press(state)  # phase 2: both resolve, the move first
    says(run(state)["acting_now"], "Resolving", 1, "Runner", "Movement", 2, "Striker", "Attacks",
         "declaring", "Runner", "Striker")
    found = problems(state, target="Striker", what="declare-attacks", change="1")
    assert list(found) == ["target"]
    says(found["target"], "Runner", "before", "Striker", "Runner")
    state = press(state, "apply", target="Runner", what="pass", change="0")
    said = run(state)["acting_now"]
    says(said, "declaring", "Striker")
    says_none(said[said.index("declaring"):], "Runner")  # Runner has declared (nothing): only Striker is left
    assert run(state, target="Striker", what="declare-attacks", change="1")["apply"]["type"] == "apply"


def test_no_active_defense_while_a_carried_cost_is_pending_and_a_reaction_delays() -> None:
    state = first_tick({"name": "A", "reflex": 2}, {"name": "B", "reflex": 4})
    state = press(press(state), "apply", target="A", what="declare-attacks", change="3")
    state = end_round(state)
    says(problems(state, target="A", what="defense", change="1")["target"], "no Active Defense")
    state = press(first_tick({"name": "A", "reflex": 5}), "apply", target="A", what="defense", change="2")
    says(problems(state, target="A", what="declare-attacks", change="1")["target"], "waiting", "2 ticks")


# ---- the display ----------------------------------------------------------------------------------------

def test_a_phase_whose_only_fighter_fell_never_reads_of_zero() -> None:
    # Reflex 4 has a tick in every phase; Reflex 3 none in phase 3.
    state = {"combatants": [{"name": "A", "reflex": 3}, {"name": "B", "reflex": 4}], "round": 4}
    while (state["round"], state.get("phase")) != (4, 3):
        state = press(state)
    state = press(state, "apply", target="B", what="damage", change="6")
    result = run(state)
    says(result["now"], "Round 4", "phase 3", "nobody")
    says_none(" ".join((result["now"], result["next_up"], result["next"]["label"])), "of 0")


@pytest.mark.parametrize("row", [
    {"name": "A", "health": 6, "damage": 12, "stamina": 4, "gasp_paid": True},
    {"name": "A", "health": 6, "damage": 12, "stamina": 4, "limbs": 1},
])
def test_a_fighter_is_never_shown_unconscious_and_awake_at_once(row: dict[str, Any]) -> None:
    names = conditions({"combatants": [row]}, "A")
    assert len(names) == 1
    says(names[0], "Awake", "twice Health")
    assert run(combatants=[row])["fighters"]["rows"][0]["cells"][0]["value"] == ""


# ---- the tracker's own account --------------------------------------------------------------------------

def test_the_trackers_rules_leave_none_of_these_to_the_table() -> None:
    table = run(combatants=[{"name": "A"}])["rules"]
    rows = {r["head"]: r["cells"][0]["value"] for r in table["rows"]}
    for rule in ("Kiai", "Strain, All In, Energy Recover", "Saving Grace", "Group tactics", "A shared tick"):
        assert rule in rows
    left = rows["Left to the table"]
    for gone in ("Saving Grace", "Strain", "All In", "Energy Recover", "typed as"):
        assert gone not in left
    kiai = next(s for s in rules_data()["wbs/energy"]["skills"]["genki"] if s["id"] == "kiai")
    assert f"({kiai['upkeep_per_die']} a skill die)" in rows["Kiai"]


def test_each_new_reading_is_the_note_its_rule_names_in_the_data() -> None:
    from calculators.wbs import fighters
    from tests.support.engine import engine

    with engine().active():
        assert [note for _, note in fighters.round_notes()] == list(fighters.ROUND_NOTES)
    offered = {i["name"]: i["note"] for i in engine().describe("wbs.combat_tracker")["inputs"] if i.get("note")}
    for name, note in zip(fighters.ROUND_READINGS, fighters.ROUND_NOTES, strict=True):
        assert offered[name] == f"wbs.{note}"
