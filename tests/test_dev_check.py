"""`./dev check`: the build's data and marker checks, every problem at once, in a second or two."""

from __future__ import annotations

import json
import subprocess
import time
from pathlib import Path

import pytest
from codex import check_only
from codex.check_only import check_project, page_url
from codex.yamlsafe import forget_parsed

from tests.support.project_copy import ROOT, copy_project

# A creature file with five things wrong, on five lines: a contributor sees them all in one run.
BAD_GOBLIN_EDITS = (
    ("tier: experienced", "tier: 3"),                                   # a number, not a tier id
    ("spark: jaki", "spark: jaki\nhidden: no"),                         # a YAML 1.1 boolean, unknown field
    ("derived_bought: {health: 1, speed: 2, reflex: 1, stamina: 3}",
     "derived_bought: {health: 1, speed: 2, reflex: -1, stamina: 3}"),  # a negative rank
    ("name: Goblin", "name: Goblin\nname: Hobgoblin"),                  # a duplicate key
)


def test_the_project_passes_its_own_check() -> None:
    report = check_project(ROOT)
    assert report.problems == []
    docs = len(list((ROOT / "docs").rglob("*.md")))
    creatures = len(list((ROOT / "rules_data" / "wbs" / "bestiary").glob("*.yaml")))
    assert report.pages == docs + creatures  # every hand-written page and every stat block page
    templates = len(list((ROOT / "rules_data" / "templates").rglob("*.yaml")))  # not data
    assert report.files == len(list((ROOT / "rules_data").rglob("*.yaml"))) - templates


def test_check_is_fast_for_todays_data() -> None:
    took: list[float] = []
    while len(took) < 3 and min(took, default=2.0) >= 2.0:  # a run past the line is run again, up to three
        forget_parsed()  # each run as `./dev check` makes it, in a process that has read no file yet
        started = time.process_time()  # CPU time: on a machine shared with other jobs the clock measures them too
        check_project(ROOT)
        took.append(time.process_time() - started)
    assert min(took) < 2.0, took


def _dev_check(project: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["./dev", "check"], cwd=project, capture_output=True, text=True, timeout=120)


def _checked_here(project: Path, capsys: pytest.CaptureFixture[str]) -> subprocess.CompletedProcess[str]:
    """What `./dev check` prints for `project`, from its own code in this process (the command itself
    is run by the tests above and below: a process of its own is a second of CPU)."""
    capsys.readouterr()
    code = check_only.main([str(project)])
    out, err = capsys.readouterr()
    return subprocess.CompletedProcess(["./dev", "check"], code, out, err)


def test_dev_check_reports_every_problem_of_a_bad_file_in_one_run(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project")
    goblin = project / "rules_data" / "wbs" / "bestiary" / "goblin.yaml"
    text = goblin.read_text(encoding="utf-8")
    for old, new in BAD_GOBLIN_EDITS:
        assert old in text
        text = text.replace(old, new, 1)
    text = text.replace("summary: >-", "sumary: >-", 1)  # a misspelt field: unknown, and 'summary' missing
    goblin.write_text(text, encoding="utf-8")

    proc = _dev_check(project)
    assert proc.returncode == 1, proc.stdout + proc.stderr
    lines = proc.stdout.splitlines()
    shown = "rules_data/wbs/bestiary/goblin.yaml"
    schema = json.loads((ROOT / "rules_data" / "schema" / "wbs-bestiary.schema.json").read_text(encoding="utf-8"))
    allowed = ", ".join(sorted(schema["properties"]))
    assert lines == [
        f"{shown}:4: missing required field 'summary'",  # where the creature's mapping starts
        f"{shown}:6: name: duplicate key 'name' (first on line 5)",
        f"{shown}:8: tier: must be text (got 3)",
        f"{shown}:10: hidden: 'no' is ambiguous (YAML 1.1 reads it as a boolean): write true or false, "
        "or quote it as text",
        f"{shown}:10: hidden: unknown field 'hidden' (allowed here: {allowed})",
        f"{shown}:12: sumary: unknown field 'sumary' (allowed here: {allowed})",
        f"{shown}:17: derived_bought.reflex: must be at least 0 (got -1)",
    ], proc.stdout
    assert "7 problems" in proc.stderr


def test_dev_check_finds_bad_markers_in_pages(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = copy_project(tmp_path / "project")
    page = project / "docs" / "wbs" / "npcs.md"
    text = page.read_text(encoding="utf-8").replace(
        "<!-- codex:table wbs.npc-guide -->", "<!-- codex:table wbs.npc-guid -->\n<!-- codex:creature wbs.ogre -->")
    page.write_text(text + "\n<!-- codex: table -->\n", encoding="utf-8")
    proc = _checked_here(project, capsys)
    assert proc.returncode == 1
    lines = proc.stdout.splitlines()
    assert len(lines) == 3, proc.stdout
    at = next(n for n, line in enumerate(text.splitlines(), start=1) if "wbs.npc-guid" in line)
    assert lines[0].startswith(f"docs/wbs/npcs.md:{at}: codex:table wbs.npc-guid: no table 'wbs.npc-guid'")
    assert lines[1] == (f"docs/wbs/npcs.md:{at + 1}: codex:creature wbs.ogre: "
                        "no creature 'ogre' in rules_data/wbs/bestiary/")
    assert lines[2].startswith("docs/wbs/npcs.md:") and "malformed marker" in lines[2]


def test_a_clean_copy_passes_with_no_npm_packages(tmp_path: Path) -> None:
    project = copy_project(tmp_path / "project", shared=(".venv",))  # no node_modules: no Pyodide either
    proc = _dev_check(project)
    assert not (project / "node_modules").exists()
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == "" and "are fine" in proc.stderr


def test_page_urls_are_mkdocs_directory_urls() -> None:
    assert [page_url(p) for p in ("index.md", "wbs/index.md", "wbs/tiers.md", "wbs/bestiary/goblin.md")] == [
        "", "wbs/", "wbs/tiers/", "wbs/bestiary/goblin/"]


# Four independent mistakes in one creature, one per layer: strict YAML, schema, reference, limit.
FOUR_MISTAKES = (
    ("name: Bamboo Stalker", "name: Bamboo Stalker\nname: Bamboo"),  # a duplicate key
    ("tags: [beast, sneak, npc-guide]", "tags: [beast, sneak, 3]"),   # text expected
    ("spark: jaki", "spark: jakki"),                                  # no such Spark
    ("strength: 3,", "strength: 6,"),                                 # past the Experienced tier's 5
)


def test_four_independent_mistakes_in_one_file_get_four_lines_from_one_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    project = copy_project(tmp_path / "project")
    for old, new in FOUR_MISTAKES:
        _edit(project / "rules_data" / "wbs" / "bestiary" / "bamboo-stalker.yaml", old, new)
    proc = _checked_here(project, capsys)
    assert proc.returncode == 1
    shown = "rules_data/wbs/bestiary/bamboo-stalker.yaml"
    assert proc.stdout.splitlines() == [
        f"{shown}:6: name: duplicate key 'name' (first on line 5)",
        f"{shown}:9: spark: no monster Spark 'jakki' (there are: jaki, seiki, yoki)",
        f"{shown}:10: tags[2]: must be text (got 3)",
        f"{shown}:14: attributes.strength: 6 is past the Experienced tier's attribute limit of 5",
    ], proc.stdout
    # What needs the bad Spark waits for it, and says so: the points audit, the stat block, the index.
    assert "Not checked until the problems they read are fixed:" in proc.stderr
    assert f"{shown}:40: its design points (it reads {shown}:9 spark)" in proc.stderr
    assert "4 problems" in proc.stderr


def test_every_layer_reports_in_the_same_run(tmp_path: Path) -> None:
    # A schema problem in one file, a wrong worked example in another, a bad marker in a page:
    # before, the first stopped the second and the second the third (three runs for three lines).
    project = copy_project(tmp_path / "project", shared=())
    _edit(project / "rules_data" / "wbs" / "sparks.yaml", "genki_multiplier: 3", "genki_multiplier: three")
    _edit(project / "rules_data" / "wbs" / "examples.yaml", "health: 6", "health: 7")
    _edit(project / "docs" / "wbs" / "npcs.md", "codex:table wbs.npc-guide", "codex:table wbs.npc-guid")
    report = check_project(project)
    files = [p.file for p in report.problems]
    assert files == sorted(files)
    assert {"rules_data/wbs/sparks.yaml", "rules_data/wbs/examples.yaml", "docs/wbs/npcs.md"} <= set(files), \
        "\n".join(map(str, report.problems))
    reasons = {n.because.split(":")[0] for n in report.not_run}  # only what reads a value with a problem waits
    assert reasons == {"rules_data/wbs/sparks.yaml", "rules_data/wbs/examples.yaml"}, report.not_run


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, (path, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def test_a_new_block_module_is_found_without_registering_it(tmp_path: Path) -> None:
    # Before, a module added to hooks/codex/blocks/ had to be named in blocks/__init__.py too;
    # otherwise its table was unknown and the page said "no table".
    project = copy_project(tmp_path / "project")
    (project / "hooks" / "codex" / "blocks" / "wbs_new.py").write_text(
        '"""A table of a new topic."""\n\nfrom ..render import Site, table\n\n\n'
        '@table("wbs.new-topic")\ndef new_topic_table(site: Site) -> str:\n    return "<p>new</p>"\n', encoding="utf-8")
    page = project / "docs" / "wbs" / "npcs.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n<!-- codex:table wbs.new-topic -->\n", encoding="utf-8")
    proc = _dev_check(project)
    assert proc.returncode == 0, proc.stdout + proc.stderr
