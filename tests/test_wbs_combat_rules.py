"""Upkeep, health thresholds, defence, and the combat pages' tables and cards."""

from __future__ import annotations

from pathlib import Path

import pytest
from codex.site import Codex
from hypothesis import given
from hypothesis import strategies as st

from calculators import InputError
from calculators.wbs.upkeep import upkeep_cost
from tests.support.engine import engine

pytestmark = pytest.mark.usefixtures("rules_in_use")  # these tests call calculator internals

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize(
    ("ev", "kiai", "relaxed", "one", "cost"),
    [(0, 0, False, False, 1), (2, 0, False, False, 3), (2, 3, False, False, 6), (0, 0, True, False, 0),
     (0, 0, True, True, 0), (3, 1, True, True, 3)],
)
def test_upkeep(ev: int, kiai: int, relaxed: bool, one: bool, cost: int) -> None:
    assert upkeep_cost(ev, kiai, relaxed, one) == cost


@given(st.integers(0, 20), st.integers(0, 20), st.booleans(), st.booleans())
def test_upkeep_never_negative_and_grows_with_ev(ev: int, kiai: int, relaxed: bool, one: bool) -> None:
    assert 0 <= upkeep_cost(ev, kiai, relaxed, one) <= upkeep_cost(ev + 1, kiai, relaxed, one)


@pytest.mark.parametrize(
    ("inputs", "paid"),
    [({"ev": 3, "pool": "genki", "efficiency": 1}, 2), ({"ev": 3, "pool": "reiki", "efficiency": 1}, 4),
     ({"ev": 3, "pool": "spirit", "efficiency": 2, "spark": "jaki"}, 0),
     ({"ev": 9, "pool": "stamina", "spark": "yoki"}, 2),
     ({"ev": 9, "pool": "stamina", "tier": "adept", "spark": "yoki"}, 1)],
)
def test_upkeep_payment(inputs: dict[str, object], paid: int) -> None:
    assert engine().run("wbs.upkeep", inputs)["paid"] == paid


@pytest.mark.parametrize(("round_", "lost"), [(1, 0), (2, 0), (3, 1), (6, 1), (7, 0)])
def test_exhaustion_every_third_round(round_: int, lost: int) -> None:
    assert engine().run("wbs.upkeep", {"round": round_})["exhaustion"] == lost


def test_seiki_regains_stamina_by_tier() -> None:
    assert engine().run("wbs.upkeep", {"spark": "seiki", "tier": "adept"})["stamina_regained"] == 2


@pytest.mark.parametrize(
    ("inputs", "state", "to_next"),
    [({"health": 6, "damage": 5}, "Fighting", 1), ({"health": 6, "damage": 6}, "Out of the fight", 6),
     ({"health": 6, "damage": 12}, "Unconscious", 6), ({"health": 6, "damage": 18}, "Dying", 0),
     ({"health": 6, "damage": 4, "shinki": 2}, "Out of the fight", 4),
     ({"health": 6, "damage": 7, "durability": 2}, "Fighting", 1)],
)
def test_health_state(inputs: dict[str, int], state: str, to_next: int) -> None:
    result = engine().run("wbs.health_state", inputs)
    assert result["state"].startswith(state)
    assert result["to_next"] == to_next


def test_last_gasp() -> None:
    out = engine().run("wbs.health_state", {"health": 5, "damage": 6, "stamina": 3})
    assert out["last_gasp"].startswith("1 Stamina") and out["rounds_of_last_gasp"] == 3
    broke = engine().run("wbs.health_state", {"health": 5, "damage": 6, "stamina": 0})
    assert broke["last_gasp"] == "not enough Stamina left"
    dying = engine().run("wbs.health_state", {"health": 5, "damage": 15})
    assert dying["last_gasp"] == "no amount will do"
    assert engine().run("wbs.health_state", {"shinki": 3})["reiki_covered"] == 6


@given(st.integers(0, 50), st.integers(0, 200), st.integers(0, 10))
def test_more_damage_never_improves_the_state(health: int, damage: int, shinki: int) -> None:
    order = ["Fighting", "Out of the fight", "Unconscious", "Dying"]

    def rank(d: int) -> int:
        state = engine().run("wbs.health_state", {"health": health, "damage": d, "shinki": shinki})["state"]
        return next(i for i, name in enumerate(order) if state.startswith(name))

    assert rank(damage) <= rank(damage + 1)


@pytest.mark.parametrize(
    ("inputs", "expect"),
    [({"dexterity": 4, "wits": 3, "awareness": 1}, {"basic_defense": 8, "tn": 8, "reflex_cost": 0}),
     ({"attacker_reflex": 6, "reflex": 2, "perception": 1}, {"reflex_penalty": 3, "tn": 4}),
     ({"defense": "parry", "defense_ranks": 2, "weapon_ranks": 1, "weapon": "medium"}, {"tn": 10, "reflex_cost": 2}),
     ({"defense": "dodge", "defense_ranks": 1, "moving": True, "speed": 2}, {"tn": 7 + 1 + 1 + 2}),
     ({"defense": "block", "defense_ranks": 2, "weapon_ranks": 1, "armour_dr": 2},
      {"damage_reduction": 3 + 2 + 1 + 2 + 3, "tn": 7}),
     ({"defense": "block", "weapon": "palm", "attack_skill_ranks": 4}, {"block_dice": "2 × d6"})],
)
def test_defense(inputs: dict[str, object], expect: dict[str, object]) -> None:
    result = engine().run("wbs.basic_defense", inputs)
    assert {k: result[k] for k in expect} == expect


@pytest.mark.parametrize(
    ("calc", "inputs", "field"),
    [("wbs.upkeep", {"ev": -1}, "ev"), ("wbs.upkeep", {"pool": "blood"}, "pool"), ("wbs.upkeep", {"round": 0}, "round"),
     ("wbs.health_state", {"damage": -2}, "damage"), ("wbs.basic_defense", {"defense": "pray"}, "defense"),
     ("wbs.basic_defense", {"moving": "fast"}, "moving")],
)
def test_bad_inputs_name_their_field(calc: str, inputs: dict[str, object], field: str) -> None:
    with pytest.raises(InputError) as caught:
        engine().run(calc, inputs)
    assert caught.value.field == field


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT, edit_base="https://example.invalid/edit/")


TABLES = ["wbs.combat-phase-order", "wbs.combat-ticks-by-reflex", "wbs.combat-round-start", "wbs.combat-actions",
          "wbs.combat-resolution-order", "wbs.combat-movement", "wbs.combat-upkeep", "wbs.combat-health",
          "wbs.combat-group", "wbs.attack-dice-chart", "wbs.attack-strikes", "wbs.attack-weapon-types",
          "wbs.attack-damage-types", "wbs.attack-examples", "wbs.attack-defense-options",
          "wbs.attack-critical-effects", "wbs.reiki-kinds", "wbs.reiki-special-techniques",
          "wbs.reiki-passive-techniques", "wbs.monster-sparks", "wbs.monster-spirit-skills",
          "wbs.monster-transformations", "wbs.special-attack-dice", "wbs.special-attack-modifiers"]


@pytest.mark.parametrize("name", TABLES)
def test_tables_render_with_their_source(codex: Codex, name: str) -> None:
    result = codex.page(f"# T\n\n<!-- codex:table {name} -->\n", "wbs/t.md", "wbs/t/")
    assert not result.problems, [str(p) for p in result.problems]
    html = "".join(result.blocks.values())
    assert "codex-source" in html and "rules_data/wbs/" in html


def test_phase_order_table_matches_the_book(codex: Codex) -> None:
    result = codex.page("<!-- codex:table wbs.combat-phase-order -->\n", "wbs/t.md", "wbs/t/")
    html = "".join(result.blocks.values())
    # Phase 1 gets the 3rd point, phase 2 the 1st, phase 3 the 4th, phase 4 the 2nd.
    for phase, point in ((1, 3), (2, 1), (3, 4), (4, 2)):
        assert f"<th scope=\"row\">Phase {phase}</th><td>{point}</td>" in html


def test_technique_cards(codex: Codex) -> None:
    result = codex.page("<!-- codex:technique wbs.reiki-charge -->\n<!-- codex:technique wbs.fast-step -->\n",
                        "wbs/t.md", "wbs/t/")
    assert not result.problems
    html = "".join(result.blocks.values())
    assert html.count('class="wbs-technique ') == 2 and "10 XP" in html and "Charge" in html
    bad = codex.page("<!-- codex:technique wbs.fireball -->\n", "wbs/t.md", "wbs/t/")
    assert bad.problems and "no technique 'fireball'" in str(bad.problems[0])


def test_every_combat_page_renders_without_problems(codex: Codex) -> None:
    for name in ("combat", "attacks", "reiki", "special-attacks", "monsters", "bestiary/index"):
        src = f"wbs/{name}.md"
        text = (ROOT / "docs" / src).read_text(encoding="utf-8")
        result = codex.page(text, src, src.removesuffix(".md").removesuffix("/index") + "/")
        assert not result.problems, [str(p) for p in result.problems]
