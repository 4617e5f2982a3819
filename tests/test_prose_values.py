"""Value markers in the rules data's own prose: expanded at load, for every reader, or refused at their line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from codex import blocks  # noqa: F401  (importing registers the block renderers)
from codex.check_only import load_project
from codex.load import RulesData
from codex.render import BLOCKS, PageInfo, Site, make_env
from codex.terms import glossary_from, tips_html
from codex.values import shown, unrendered

from calculators import GAMES

ROOT = Path(__file__).resolve().parent.parent
RELAX = "tooltip: Easing off for a round;"
MARKER = "<!-- codex:value wbs/combat:upkeep.relaxed signed -->"


def _project(tmp_path: Path, key: str, *changes: str) -> Path:
    """A copy of rules_data/ (and docs/, for the page checks) with texts of one file changed (old, new, …)."""
    shutil.copytree(ROOT / "rules_data", tmp_path / "rules_data")
    shutil.copytree(ROOT / "docs", tmp_path / "docs")
    path = tmp_path / "rules_data" / f"{key}.yaml"
    text = path.read_text(encoding="utf-8")
    for old, new in zip(changes[::2], changes[1::2], strict=True):
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    return tmp_path


def _relax_tooltip(data: RulesData) -> str:
    return next(t["tooltip"] for t in data["wbs/glossary-combat"]["terms"] if t["id"] == "relax")


def test_a_marker_in_a_tooltip_is_the_number_for_every_reader(tmp_path: Path) -> None:
    root = _project(tmp_path, "wbs/glossary-combat", RELAX, f"{RELAX} {MARKER} (a test),",
                    "upkeep.relaxed abs -->. It can", "upkeep.relaxed abs --> (a test). It can")
    loaded = load_project(root)
    assert loaded.problems == [], loaded.problems
    tooltip = _relax_tooltip(loaded.data)
    assert "codex:value" not in tooltip and "\u22121 (a test)" in tooltip
    assert MARKER in next(t["tooltip"] for t in loaded.data.written["wbs/glossary-combat"]["terms"]
                          if t["id"] == "relax")  # as typed, for the tests that read what was written
    assert MARKER in str(loaded.data.as_written()["wbs/glossary-combat"])
    assert "codex:value" not in str(loaded.data.export()) and "codex:value" not in str(loaded.engine.catalog())
    tips = tips_html(glossary_from(loaded.data, GAMES).by_text["Relax"].values())
    assert "\u22121 (a test)" in tips and "codex:value" not in tips
    site = Site(loaded.data, make_env(), engine=loaded.engine)
    page = BLOCKS["glossary"](site, "wbs", PageInfo(src_uri="wbs/glossary.md", url="wbs/glossary/"))
    assert "upkeep by 1 (a test). It can" in page and "codex:value" not in page


@pytest.mark.parametrize(("marker", "message"), [
    ("<!-- codex:value wbs/combat:upkeep.relaxd -->", "codex:value wbs/combat:upkeep.relaxd: no field 'relaxd'"),
    ("<!-- codex:value wbs/combat:attack.attribute -->", "in rules text a marker names a number, and this is "
                                                         "'dexterity'"),
    ("<!-- codex:value wbs/combat:upkeep.relaxed loud -->", "unknown format 'loud'"),
    ("<!-- codex:value wbs/combat:upkeep -->", "in rules text a marker names a number"),
    ("<!--codex:value-->", "codex:value : expected FILE:FIELD.PATH"),
    ("codex:value wbs/combat:upkeep.relaxed", "a 'codex:value' that is no marker"),
])
def test_a_bad_marker_in_rules_text_is_a_problem_at_its_line(tmp_path: Path, marker: str, message: str) -> None:
    root = _project(tmp_path, "wbs/glossary-combat", RELAX, f"{RELAX} {marker},")
    problems = [str(p) for p in load_project(root).problems]
    assert len(problems) == 1 and problems[0].startswith(
        "rules_data/wbs/glossary-combat.yaml:34: terms[4].tooltip: ") and message in problems[0], problems


@pytest.mark.parametrize(("marker", "text"), [
    ("wbs/stamina:losing.exhaustion.every_rounds ordinal", "third"),
    ("wbs/stamina:losing.exhaustion.every_rounds*wbs/combat:round.seconds", "12"),
    ("xia/experience:awards.attendance.xp+xia/experience:awards.style.xp+xia/experience:awards.success.xp", "3"),
    ("wbs/combat:upkeep.relaxed signed", "\u22121"),
    ("wbs/combat:upkeep.base signed", "+1"),
    ("wbs/combat:upkeep.minimum signed", "0"),
])
def test_derived_and_signed_forms(marker: str, text: str) -> None:
    arg, _, form = marker.partition(" ")
    assert shown(load_project(ROOT).data, arg, form or None) == text


def test_a_product_names_numbers_only() -> None:
    with pytest.raises(Exception, match="a product takes numbers"):
        shown(load_project(ROOT).data, "wbs/combat:round.seconds*wbs/combat:attack.attribute", None)


def test_a_marker_left_in_a_built_file_is_found(tmp_path: Path) -> None:
    (tmp_path / "wbs").mkdir()
    (tmp_path / "wbs" / "index.html").write_text("<p>upkeep &lt;!-- codex:value wbs/combat:upkeep.relaxed --&gt;</p>",
                                                 encoding="utf-8")
    (tmp_path / "fine.html").write_text("<p>upkeep \u22121</p>", encoding="utf-8")
    found = unrendered(tmp_path)
    assert len(found) == 1 and found[0].startswith("wbs/index.html: a value marker left unrendered: "), found
