"""The audit of the WBS calculators against the book (issue 10): one test or more per item.

Each case is worked out from the book's own wording (seeds/003_*.txt); where the book is open,
the test pins the source note, its readings and the calculator's house-rule option.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from codex.note_links import users_of

from calculators import InputError, rules
from tests.support.engine import engine, rules_data
from tests.support.says import says

ROOT = Path(__file__).resolve().parent.parent
pytestmark = pytest.mark.usefixtures("rules_in_use")  # some tests read notes and tables directly


def run(calc_id: str, **inputs: object) -> dict[str, object]:
    return engine().run(calc_id, inputs)


def inputs_of(calc_id: str) -> dict[str, dict[str, object]]:
    calc = next(c for c in engine().catalog() if c["id"] == calc_id)
    return {i["name"]: i for i in calc["inputs"]}


def thresholds(result: dict[str, object], *expected: tuple[str, int]) -> None:
    """The health thresholds shown, each naming its state and its damage, in this order."""
    shown = result["thresholds"]
    assert isinstance(shown, list) and len(shown) == len(expected), shown
    for said, (state, at) in zip(shown, expected, strict=True):
        says(said, state, at)


# ---- 1. Stamina: at 0 the character is unconscious, no rounds are left -------------------------


@pytest.mark.parametrize(("inputs", "left"), [({"stamina": 6, "stamina_spent": 5, "rounds": 4}, 0),
                                              ({"stamina": 4, "rounds": 14}, 0)])
def test_no_stamina_left_means_no_rounds_left_and_unconscious(inputs: dict[str, int], left: int) -> None:
    result = run("wbs.stamina", **inputs)
    assert result["stamina_left"] == left
    assert result["rounds_until_unconscious"] == 0
    says(result["state"], "Unconscious", "end of round", "no Stamina", "whatever the damage", "Stamina", "recovered")


def test_rounds_left_while_stamina_remains() -> None:
    # Stamina 6, 5 spent, after round 1: the last point goes at the end of round 3, two rounds on.
    result = run("wbs.stamina", stamina=6, stamina_spent=5, rounds=1)
    assert (result["stamina_left"], result["rounds_until_unconscious"], result["state"]) == (1, 2, "Conscious")


# ---- 2. Health: 0 Stamina is unconscious whatever the damage ----------------------------------


def test_zero_stamina_is_unconscious_even_below_health() -> None:
    result = run("wbs.health_state", health=6, damage=5, stamina=0)
    assert result["state"].startswith("Unconscious")
    assert result["rounds_of_last_gasp"] == 0


def test_zero_stamina_out_of_the_fight_is_unconscious() -> None:
    result = run("wbs.health_state", health=6, damage=7, stamina=0)
    says(result["state"], "Unconscious", "out of the fight")


# ---- 3. Dying: no Stamina buys anything, so no rounds either ------------------------------------


def test_dying_reports_no_rounds_of_last_gasp() -> None:
    result = run("wbs.health_state", health=6, damage=18, stamina=3)
    assert result["state"].startswith("Dying")
    assert (result["last_gasp"], result["rounds_of_last_gasp"]) == ("no amount will do", 0)


# ---- 5. ShinKi is not damage: Health 0 from ShinKi with no damage is not dying ----------------


def test_shinki_alone_puts_a_fighter_out_but_not_dying() -> None:
    result = run("wbs.health_state", health=6, shinki=6, damage=0)
    assert result["effective_health"] == 0
    assert result["state"].startswith("Out of the fight")


@pytest.mark.parametrize(("reading", "state"), [("out", "Out of the fight"), ("literal", "Dying"),
                                                ("no-damage-no-threshold", "Fighting")])
def test_shinki_zero_health_readings(reading: str, state: str) -> None:
    result = run("wbs.health_state", health=6, shinki=6, damage=0, no_damage_reading=reading)
    assert result["state"].startswith(state)


def test_shinki_brings_a_wounded_fighter_down() -> None:
    # Health 6, 5 damage: still fighting; 1 ShinKi lowers Health to 5 and the same damage puts them out.
    assert run("wbs.health_state", health=6, damage=5)["state"] == "Fighting"
    assert run("wbs.health_state", health=6, damage=5, shinki=1)["state"].startswith("Out of the fight")


# ---- 6. Unconscious: Stamina buys consciousness, not action -------------------------------------


def test_unconscious_stamina_buys_consciousness_not_action() -> None:
    result = run("wbs.health_state", health=6, damage=12, stamina=3)
    assert result["state"].startswith("Unconscious")
    says(result["last_gasp"], "stay conscious", "not to act")
    assert "to act (Last Gasp)" not in result["last_gasp"]


def test_out_of_the_fight_stamina_buys_action() -> None:
    result = run("wbs.health_state", health=6, damage=6, stamina=3)
    says(result["last_gasp"], "1 Stamina", "each round", "to act", "Last Gasp")
    assert result["rounds_of_last_gasp"] == 3


# ---- 11. Out at Health (thresholds) or past it (Last Gasp) -------------------------------------


@pytest.mark.parametrize(("reading", "damage", "state"),
                         [("reach", 6, "Out of the fight"), ("exceed", 6, "Fighting"),
                          ("exceed", 7, "Out of the fight"), ("exceed", 12, "Unconscious")])
def test_out_at_health_readings(reading: str, damage: int, state: str) -> None:
    result = run("wbs.health_state", health=6, damage=damage, out_reading=reading)
    assert result["state"].startswith(state)


def test_exceed_reading_moves_only_the_first_threshold() -> None:
    result = run("wbs.health_state", health=6, damage=0, out_reading="exceed")
    thresholds(result, ("Out of the fight", 7), ("Unconscious", 12), ("Dying", 18))


# ---- 4. Surround (or Spread) only for an attack without Speed ---------------------------------


def test_surround_with_speed_is_refused_with_a_clear_message() -> None:
    with pytest.raises(InputError) as caught:
        run("wbs.special_attack", damage_d6=1, speed=3, area=2, surround=True)
    assert caught.value.field == "surround"
    assert "without Speed" in caught.value.message


def test_surround_without_speed_and_area_with_speed_are_fine() -> None:
    assert run("wbs.special_attack", damage_d6=1, area=2, surround=True)["description"].endswith("Surround 2 m")
    assert run("wbs.special_attack", damage_d6=1, speed=3, area=2)["reiki_cost"] == 4 + 3 + 2


# ---- 8. Life Drain lowers the ReiKi cost, and so the XP (cost before reductions) ---------------


def test_life_drain_as_written_lowers_cost_channel_and_xp() -> None:
    # Two d10 damage dice: 12 ReiKi. Life Drain once: cost 12 - 5 = 7, channel 7, 1 ShinKi, XP 7.
    result = run("wbs.special_attack", damage_d6=0, damage_d10=2, life_drain=1)
    assert {k: result[k] for k in ("reiki_cost", "reiki_to_channel", "shinki_cost", "xp_cost")} == {
        "reiki_cost": 7, "reiki_to_channel": 7, "shinki_cost": 1, "xp_cost": 7}


def test_life_drain_before_drain_reading_keeps_the_xp() -> None:
    result = run("wbs.special_attack", damage_d6=0, damage_d10=2, life_drain=1, life_drain_xp="before-drain")
    assert (result["reiki_cost"], result["reiki_to_channel"], result["xp_cost"]) == (12, 7, 12)


def test_life_drain_that_leaves_nothing_to_channel_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        run("wbs.special_attack", damage_d6=1, life_drain=1)
    assert caught.value.field == "life_drain"


# ---- 7. Knockback: a tie halves the damage before DR, and that halved damage sets the speed ----


def test_knockback_speed_follows_the_tie_halving() -> None:
    # Strong Long with 8 ranks: 3 × d12 (19) + Strength 13 = 32 rolled, Speed 3; tied: 16, Speed 1.
    base = {"strike": "strong", "weapon": "long", "skill_ranks": 8, "strength": 13, "critical_effect": "knockback",
            "target_dr": 0}
    assert run("wbs.damage", **base)["knockback_speed"] == 3
    tied = run("wbs.damage", **base, tie=True)
    assert tied["average_damage"] == 16
    assert tied["knockback_speed"] == 1


def test_knockback_and_damage_round_a_tie_the_same_way() -> None:
    # 3 × d12 + 14 = 33 rolled; tied, 16 rounded down or 17 up: the average and the speed follow one number.
    base = {"strike": "strong", "weapon": "long", "skill_ranks": 8, "strength": 14, "critical_effect": "knockback",
            "target_dr": 0, "tie": True}
    down, up = run("wbs.damage", **base), run("wbs.damage", **base, tie_reading="up")
    assert (down["average_damage"], up["average_damage"]) == (16, 17)
    assert (down["knockback_speed"], up["knockback_speed"]) == (1, 1)


# ---- 9. Critical effect dice: what the effect choice covers, and the size of a critical face's die


def test_effect_choice_says_it_covers_every_effect_die() -> None:
    critical_effect = inputs_of("wbs.damage")["critical_effect"]
    says(critical_effect["label"], "every", "effect die")
    says(critical_effect["help"], "weapon's own dice")
    # and it does: a Slash sword set to Stagger rolls its own Penetrate die as Stagger
    result = run("wbs.damage", weapon="medium", damage_type="slash", critical_effect="stagger")
    assert result["roll"] == "1 × d10 + 3, with 1 × d10 Stagger"


def test_critical_face_die_size_reading_changes_the_odds() -> None:
    # Crush on a Standard Medium strike: a d8 damage die and a d12 Stagger die. Read as "the same die",
    # a critical d8 rolls a d8 effect die instead of a d12, so the mean drops.
    base = {"weapon": "medium", "damage_type": "crush", "target_dr": 0, "fumble_reading": "count"}
    usual, same = run("wbs.damage", **base), run("wbs.damage", **base, face_die_reading="same-die")
    assert same["expected_damage"] < usual["expected_damage"]
    assert same["average_damage"] == usual["average_damage"]  # the book's average ignores criticals


def test_same_die_reading_rolls_the_damage_die_again() -> None:
    # One d8 + 0 against DR 0, no weapon dice, chains off, fumbles counted: an 8 adds another d8 (mean 4.5).
    inputs = {"strength": 0, "target_dr": 0, "chain_reading": "no-chain", "fumble_reading": "count",
              "face_die_reading": "same-die"}
    assert run("wbs.damage", **inputs)["expected_damage"] == 4.5 + 4.5 / 8


def test_attack_critical_under_same_die_rolls_a_d6() -> None:
    inputs = {"strength": 0, "target_dr": 0, "chain_reading": "no-chain", "fumble_reading": "count",
              "face_die_reading": "same-die", "weapon": "short", "damage_type": "bash"}
    plain = run("wbs.damage", **inputs)["expected_damage"]
    crit = run("wbs.damage", **inputs, attack_critical=True)["expected_damage"]
    assert crit == pytest.approx(plain + 3.5)  # one more Stagger die: a d6 (the check's die), not the d8


# ---- 10. Damage types belong to weapons, not unarmed strikes ----------------------------------


def test_unarmed_strike_with_a_damage_type_is_refused() -> None:
    with pytest.raises(InputError) as caught:
        run("wbs.damage", weapon="claw", damage_type="slash")
    assert caught.value.field == "damage_type"
    says(caught.value.message, "unarmed strike", "Claw")


def test_unarmed_damage_type_house_rule() -> None:
    result = run("wbs.damage", weapon="claw", damage_type="slash", unarmed_reading="unarmed-too")
    assert result["critical_effect"] == "Penetrate"
    assert run("wbs.damage", weapon="medium", damage_type="slash")["effect_dice"] == 1


# ---- 12. Upkeep in Stamina (or monster energy) is only for monster Sparks ---------------------


@pytest.mark.parametrize("pool", ["stamina", "spirit"])
def test_upkeep_in_stamina_needs_a_monster_spark(pool: str) -> None:
    with pytest.raises(InputError) as caught:
        run("wbs.upkeep", ev=9, pool=pool)
    assert caught.value.field == "pool"
    says(caught.value.message, "monster Spark", "JaKi", "SeiKi", "YoKi")


def test_monster_pays_upkeep_in_stamina() -> None:
    # EV 9: upkeep 10; a YoKi monster at Experienced pays 5 Energy per Stamina, so 2 Stamina.
    assert run("wbs.upkeep", ev=9, pool="stamina", spark="yoki")["paid"] == 2


# ---- 16. "Major Action" is never defined: a note beside the upkeep box ------------------------


def test_major_action_note_is_on_the_upkeep_calculator() -> None:
    calc = next(c for c in engine().catalog() if c["id"] == "wbs.upkeep")
    assert "wbs.major-action" in calc["source_notes"]
    assert "never says what a major action is" in inputs_of("wbs.upkeep")["one_major_action"]["help"]
    assert rules.note("wbs", "major-action")["reading"] == "costed-action"


# ---- 17. End of Round: Core GenKi moves by 2 with Peak or Damper -------------------------------


def test_core_genki_moves_two_at_end_of_round() -> None:
    shift = rules.table("wbs/energy")["core_genki"]["end_of_round_shift"]
    assert shift == 2
    says(run("wbs.upkeep", peak_or_damper=True)["core_genki_move"], "move", "up to 2")
    assert run("wbs.upkeep")["core_genki_move"].startswith("stays")


@pytest.mark.parametrize(("skills", "core", "after"),
                         [({}, 15, "15 (no Peak or Damper to move it)"), ({"peak": 1}, 16, "16 to 18"),
                          ({"damper": 1}, 16, "14 to 16"), ({"peak": 1, "damper": 1}, 17, "15 to 19")])
def test_energy_shows_the_core_after_the_next_end_of_round(skills: dict[str, int], core: int, after: str) -> None:
    # The Monk example: 5 in each physical attribute, Monk Spark: GenKi 30, Core 15 (energy skill ranks add
    # to the pool before the Spark's multiplier, so Peak or Damper 1 makes it 32 and 16).
    result = run("wbs.energy", strength=5, constitution=5, dexterity=5, spark="monk", **skills)
    assert result["core_genki"] == core
    assert result["core_after_round"] == after


# ---- 13. Sword smithing: 2 hours a check, as the example's 6 hours need ------------------------


def test_sword_smithing_hours_are_per_check_and_noted() -> None:
    result = run("wbs.skill_clock", segments=6, hours_per_check=2, rung_1=15, rung_2=10, rung_3=5)
    assert (result["fewest_checks"], result["fewest_hours"]) == (3, 6)
    note = rules.note("wbs", "clock-hours")
    assert note["reading"] == "per-check" and "12" in note["example_says"]
    calc = next(c for c in engine().catalog() if c["id"] == "wbs.skill_clock")
    assert "wbs.clock-hours" in calc["source_notes"]


# ---- 15. The Link skill: in no list, unpriced, and the site says so ------------------------------


def test_link_skill_is_not_sold_and_the_note_says_so() -> None:
    builder = inputs_of("wbs.character")
    assert "link" not in builder
    assert rules.note("wbs", "link-skill")["reading"] == "gm-prices"
    skills = ROOT.joinpath("docs/wbs/skills.md").read_text(encoding="utf-8")
    assert "<!-- codex:note wbs.link-skill -->" in skills


# ---- 18. The Yumi's arrows weigh 0 in a quiver ---------------------------------------------------


@pytest.mark.parametrize(("quiver", "reading", "current", "total"),
                         [(False, "current", 1, 1), (True, "current", 0, 1), (True, "total-too", 0, 0)])
def test_quivered_arrows(quiver: bool, reading: str, current: int, total: int) -> None:
    result = run("wbs.projectile", ranged_type="assisted", weapon_encumbrance=3, ammo_encumbrance=1, quiver=quiver,
                 quiver_reading=reading)
    assert (result["ammo_current_encumbrance"], result["ammo_total_encumbrance"]) == (current, total)
    assert (result["strength_modifier"], result["speed"]) == (4, 25)


@pytest.mark.parametrize("example", rules_data()["wbs/examples-fidelity"]["examples"], ids=lambda e: e["id"])
def test_new_worked_examples(example: dict[str, object]) -> None:
    result = engine().run(str(example["calculator"]), example["inputs"])  # type: ignore[arg-type]
    assert {k: result[k] for k in example["expect"]} == example["expect"]  # type: ignore[union-attr]


# ---- 19. The derived-XP note and the bestiary audit tell the same story -------------------------


def test_derived_xp_note_agrees_with_the_audit() -> None:
    from calculators.wbs.creature import stat_block

    orc, goblin = (stat_block(rules.table(f"wbs/bestiary/{name}")) for name in ("orc", "goblin"))
    orc_derived = next(line for line in orc["audit"] if line.part == "Derived attributes")
    goblin_derived = next(line for line in goblin["audit"] if line.part == "Derived attributes")
    assert (orc_derived.book, orc_derived.computed) == (17, 17)
    assert (goblin_derived.book, goblin_derived.computed) == (29, 25)
    orc_speed = next(row for row in orc["listed"] if row["what"] == "speed")
    assert (orc_speed["book"], orc_speed["computed"]) == (2, 1.5)
    note = rules.note("wbs", "derived-xp-monsters")["example_says"]
    says(note, "Orc", "17 points", "match", "Speed 2", "1½")
    says(note, "Goblin", "29 points", "do not", 25)


# ---- Every note: beside its rule, and a house-rule option in every calculator it affects ---------

NOTES = [n for key in sorted(rules_data()) if key == "wbs/source_notes" or key.startswith("wbs/source_notes-")
         for n in rules_data()[key]["notes"]]


@pytest.mark.parametrize("note", NOTES, ids=lambda n: n["id"])
def test_every_wbs_note_is_beside_its_rule(note: dict[str, object]) -> None:
    pages = "".join(p.read_text(encoding="utf-8") for p in ROOT.joinpath("docs").rglob("*.md"))
    assert f"<!-- codex:note wbs.{note['id']} -->" in pages


@pytest.mark.parametrize("note", [n for n in NOTES if len(n["options"]) > 1], ids=lambda n: n["id"])
def test_every_calculator_offering_a_note_offers_the_readings(note: dict[str, object]) -> None:
    options = {o["id"] for o in note["options"]}  # type: ignore[union-attr]
    for calc_id in users_of(engine(), f"wbs.{note['id']}").offer:
        choices = [{c["value"] for c in i.get("choices", [])} for i in inputs_of(calc_id).values()]
        assert options in choices, f"{calc_id} has no input offering the readings of {note['id']}"


def test_health_zero_thresholds_agree_with_the_state() -> None:
    # ShinKi takes Health 6 to 0: out of the fight now, and the first point of damage is the next threshold.
    result = run("wbs.health_state", health=6, shinki=6, damage=0)
    thresholds(result, ("Out of the fight", 0), ("Unconscious", 1), ("Dying", 1))
    assert result["to_next"] == 1
    assert run("wbs.health_state", health=6, shinki=6, damage=1)["state"].startswith("Dying")


def test_zero_stamina_at_twice_health_reads_well() -> None:
    result = run("wbs.health_state", health=6, damage=12, stamina=0)
    says(result["state"], "Unconscious", "damage", "no Stamina")


def test_core_with_no_room_to_move_says_so() -> None:
    # Peak 1 but GenKi spent down to the Core: the ceiling is the GenKi left, so the Core cannot rise.
    result = run("wbs.energy", strength=5, constitution=5, dexterity=5, spark="monk", peak=1, spent_genki=16)
    assert result["core_genki"] == result["core_genki_max"] == 16
    says(result["core_after_round"], 16, "no room", "Peak", "Damper")
