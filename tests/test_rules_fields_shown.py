"""Fields that pages show since every field must be read: tables and checks built from them."""

from __future__ import annotations

from pathlib import Path

import pytest
from codex.check_only import load_checked
from codex.load import RulesData
from codex.references import check_wbs
from codex.site import Codex

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT)


def _block(codex: Codex, marker: str) -> str:
    result = codex.page(f"<!-- codex:{marker} -->\n", "wbs/t.md", "wbs/t/")
    assert not result.problems, result.problems
    return "".join(result.blocks.values())


def test_the_clock_example_names_its_task_and_tn(codex: Codex) -> None:
    out = _block(codex, "table wbs.checks-clock-example")
    assert "Sword smithing (Easy at Experienced, TN 10)" in out


def test_a_clock_example_of_an_unknown_difficulty_fails_at_its_line() -> None:
    data: RulesData = load_checked(ROOT)
    data["wbs/checks"]["skill_clock"]["example"]["difficulty"] = "eazy"
    problems = [str(p) for p in check_wbs(data)]
    assert len(problems) == 1 and problems[0].startswith("rules_data/wbs/checks.yaml:")
    assert "skill_clock.example.difficulty: the clock example's difficulty 'eazy'" in problems[0]


def test_defence_options_say_what_they_raise(codex: Codex) -> None:
    out = _block(codex, "table wbs.attack-defense-options")
    assert ">Raises<" in out
    assert out.count("Basic Defense") >= 2 and "Damage Reduction" in out


def test_critical_effects_show_the_targets_check_by_name(codex: Codex) -> None:
    out = _block(codex, "table wbs.attack-critical-effects")
    assert "Endurance + Concentration + Wits" in out and "Balance + Stances + Dexterity" in out


def test_stamina_uses_show_what_they_do_to_reflex(codex: Codex) -> None:
    out = _block(codex, "table wbs.stamina-spending")
    assert ">Reflex<" in out and "−1 on one action" in out and "1 (its own action)" in out


def test_energy_skills_state_their_per_rank_amount_from_the_data(codex: Codex) -> None:
    out = _block(codex, "table wbs.energy-skills")
    assert "Per rank: 2. Takes that much off the" in out  # Efficiency
    concentration = codex.data["wbs/energy"]["skills"]["reiki"][-1]
    assert concentration["id"] == "concentration"
    concentration["per_rank"] = 7
    try:
        assert "Per rank: 7. That much less channelled" in _block(codex, "table wbs.energy-skills")
    finally:
        concentration["per_rank"] = 1
