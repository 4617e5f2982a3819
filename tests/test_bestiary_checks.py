"""A creature file that names missing things, breaks the tier's limits or miscounts its points
is reported by `./dev check` and the build with the file, the line and the field."""

from __future__ import annotations

from pathlib import Path

from codex.check_only import check_project

from tests.support.project_copy import copy_project

TEMPLATE = Path("rules_data/templates/bestiary/creature.yaml")


def _write_creature(project: Path, slug: str, edits: tuple[tuple[str, str], ...]) -> str:
    text = (project / TEMPLATE).read_text(encoding="utf-8").replace("id: new-creature", f"id: {slug}")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    path = project / "rules_data" / "wbs" / "bestiary" / f"{slug}.yaml"
    path.write_text(text, encoding="utf-8")
    return path.relative_to(project).as_posix()


def _line(project: Path, shown: str, start: str) -> int:
    lines = (project / shown).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, start=1) if line.lstrip().startswith(start))


def test_missing_ids_are_reported_where_they_are_named(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    shown = _write_creature(project, "lost-thing", (
        ("spark: jaki", "spark: qi"), ("spirit_skills: {barrier: 1}", "spirit_skills: {barrier: 1, kiai: 2}"),
        ("ranks: {medium: 1}", "ranks: {medium: 1, fist: 1}"), ("weapon: medium", "weapon: halberd"),
        ("skills: [medium, strong]", "skills: [medium, dodge]"),
    ))
    problems = [str(p) for p in check_project(project).problems]
    spirit, ranks = _line(project, shown, "spirit_skills:"), _line(project, shown, "ranks: {medium")
    assert problems == [
        f"{shown}:{_line(project, shown, 'spark:')}: spark: no monster Spark 'qi' (there are: jaki, seiki, yoki)",
        f"{shown}:{ranks}: skills[0].ranks.fist: 'fist' is not a sub skill of melee (its sub skills: long, medium, "
        "short)",
        f"{shown}:{spirit}: spirit_skills.kiai: no spirit skill 'kiai' in rules_data/wbs/monsters.yaml",
        f"{shown}:{_line(project, shown, 'weapon:')}: attacks[0].weapon: no weapon 'halberd' (there are: assisted, "
        "claw, fist, foot, knee, long, medium, palm, shin, short, thrown, unassisted)",
        f"{shown}:{_line(project, shown, 'skills: [medium')}: attacks[0].skills[1]: 'dodge' is not a sub skill of "
        "any core skill it lists",
    ]


def test_limits_and_design_points_are_checked(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    shown = _write_creature(project, "over-built", (
        ("strength: 2", "strength: 6"), ("ranks: {strong: 1}", "ranks: {strong: 4}"), ("reflex: 0", "reflex: 3"),
    ))
    problems = [str(p) for p in check_project(project).problems]
    attributes, derived = _line(project, shown, "attributes:"), _line(project, shown, "derived_bought:")
    strong = _line(project, shown, "ranks: {strong")
    assert problems[:3] == [
        f"{shown}:{attributes}: attributes.strength: 6 is past the Experienced tier's attribute limit of 5",
        f"{shown}:{derived}: derived_bought.reflex: " + problems[1].split("derived_bought.reflex: ", 1)[1],
        f"{shown}:{strong}: skills[1].ranks.strong: rank 4 is past the Experienced tier's rank limit of 3",
    ]
    assert "reflex" in problems[1].lower()
    design = problems[3:]  # in the order of their lines
    assert [p.split(": ")[1] for p in design] == ["design_points.total", "design_points.primary",
                                                  "design_points.derived", "design_points.skills"]
    assert design[1].endswith("designed as 30 points, but the XP rules give 60 for what it buys: "
                              "change what it buys or this total")


def test_the_template_itself_passes(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    _write_creature(project, "plain-thing", ())
    assert check_project(project).problems == []
