"""The NPC guide's recipe (rules_data/wbs/npcs.yaml) is checked as the book states it: priced by the
XP rules it costs its budget (150), and its numbers fit the attributes and skills they go to.
A mistake is reported by `./dev check` and the build at the YAML line."""

from __future__ import annotations

from pathlib import Path

from codex.check_only import check_project

from tests.support.project_copy import copy_project

NPCS = "rules_data/wbs/npcs.yaml"


def _edit(project: Path, *edits: tuple[str, str]) -> None:
    path = project / NPCS
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")


def _line(project: Path, start: str) -> int:
    lines = (project / NPCS).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.lstrip().startswith(start))


def _problems(project: Path, file: str = NPCS) -> list[str]:
    return [str(p) for p in check_project(project).problems if p.file == file]


def test_the_recipe_costs_its_budget(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    assert _problems(project) == []
    _edit(project, ("budget: 150", "budget: 140"))
    assert _problems(project) == [
        f"{NPCS}:{_line(project, 'budget:')}: budget: the recipe costs 150 points by the XP rules (attributes 68, "
        "derived bonuses 6, skills 76), not 140: change the recipe or the budget"]


def test_a_recipe_that_buys_more_is_reported_at_the_budget(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    _edit(project, ("ranks: [3, 2, 2]", "ranks: [3, 3, 2]"))
    problems = _problems(project)
    assert len(problems) == 1 and problems[0].startswith(f"{NPCS}:{_line(project, 'budget:')}: budget: the recipe "
                                                         "costs 1")
    assert "not 150" in problems[0]


def test_a_recipe_that_does_not_fit_is_reported_where_it_is_written(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    _edit(project, ("physical: [4, 3, 2]", "physical: [4, 3]"), ("count: 2", "count: 5"),
          ("ranks: [2, 1, 1]", "ranks: [2, 1]"))
    assert _problems(project) == [
        f"{NPCS}:{_line(project, 'physical:')}: attributes.physical: 2 values for 3 physical attributes "
        "(Strength, Constitution, Dexterity): give one value each",
        f"{NPCS}:{_line(project, 'count:')}: derived.count: 5 derived bonuses, but there are only 4 derived "
        "attributes",
        f"{NPCS}:{_line(project, 'ranks: [2, 1]')}: skill_bands[2].ranks: 2 ranks, but each core skill has "
        "3 sub skills: give one rank per sub skill",
    ]
