"""WBS part 1 data and pages: every table renders from its YAML, every marker on the pages resolves."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from codex.site import Codex

ROOT = Path(__file__).resolve().parent.parent
PAGES = ["basics", "skills", "items", "checks", "stamina", "progression", "npcs", "builder", "attributes", "energy",
         "tiers", "index", "glossary"]
TABLES = ["wbs.skills-non-combat", "wbs.skills-combat", "wbs.xp-prices", "wbs.items-armour", "wbs.items-melee",
          "wbs.items-ranged", "wbs.items-damage-types", "wbs.items-weapon-encumbrance", "wbs.items-breakage",
          "wbs.checks-options", "wbs.checks-clock-example", "wbs.stamina-spending", "wbs.stamina-losing",
          "wbs.progression-options", "wbs.npc-guide"]


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT, edit_base="https://example.invalid/edit/")


@pytest.mark.parametrize("name", TABLES)
def test_table_renders_with_its_source(codex: Codex, name: str) -> None:
    result = codex.page(f"<!-- codex:table {name} -->\n", "wbs/t.md", "wbs/t/")
    assert not result.problems, [str(p) for p in result.problems]
    html = codex.page_html(result.markdown, result)
    assert "<table>" in html and "rules_data/wbs/" in html


@pytest.mark.parametrize("page", PAGES)
def test_page_markers_resolve(codex: Codex, page: str) -> None:
    text = (ROOT / "docs" / "wbs" / f"{page}.md").read_text()
    result = codex.page(text, f"wbs/{page}.md", f"wbs/{page}/")
    assert not result.problems, [str(p) for p in result.problems]


def test_skill_tables_list_every_sub_skill(codex: Codex) -> None:
    result = codex.page("<!-- codex:table wbs.skills-non-combat -->\n<!-- codex:table wbs.skills-combat -->\n",
                        "wbs/t.md", "wbs/t/")
    html = codex.page_html(result.markdown, result)
    for category in codex.data["wbs/skills"]["categories"]:
        for group in category["groups"]:
            for core in group["core_skills"]:
                assert re.search(rf">{core['name']}<", html)


def test_every_wbs_calculator_is_on_a_page() -> None:
    text = "".join((ROOT / "docs" / "wbs" / f"{p}.md").read_text() for p in PAGES)
    for calc in ("wbs.xp_cost", "wbs.encumbrance", "wbs.projectile", "wbs.weapon", "wbs.skill_check",
                 "wbs.skill_clock", "wbs.stamina", "wbs.character", "wbs.npc"):
        assert f"<!-- codex:calc {calc} -->" in text, calc


def test_glossary_has_the_issue_terms(codex: Codex) -> None:
    terms = {t["term"] for key in codex.data.family("wbs", "glossary") for t in codex.data[key]["terms"]}
    for wanted in ("Tick", "Phase", "EV", "Kiai", "Upkeep", "Core GenKi", "Spark", "Soak", "DR", "Penetrate",
                   "Stagger", "Knockback", "Wild Action", "Passive Success", "Fumble", "Critical", "Skill Clock",
                   "Encumbrance"):
        assert wanted in terms
