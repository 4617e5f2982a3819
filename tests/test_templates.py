"""Contributors' templates (rules_data/templates/): never loaded as data, each valid with its
placeholder values, and the CONTRIBUTING.md walkthrough for a creature works as written."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path

import jsonschema
import pytest
import yaml
from codex.check_only import check_project, load_checked
from codex.search import CREATURE_INDEX
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

from tests.support.project_copy import ROOT, copy_project
from tests.support.says import says

TEMPLATES = ROOT / "rules_data" / "templates"
SCHEMAS = ROOT / "rules_data" / "schema"
# Each template and the schema it is checked against (a `#/…` pointer for an entry of a list).
KINDS = {
    "bestiary/creature.yaml": ("wbs-bestiary.schema.json", ""),
    "glossary-topic.yaml": ("glossary.schema.json", ""),
    "source_notes-topic.yaml": ("source-notes.schema.json", ""),
    "technique.yaml": ("wbs-reiki.schema.json", "/properties/techniques/items"),
}


def _validator(schema_name: str, pointer: str) -> jsonschema.protocols.Validator:
    registry = Registry().with_resources(
        (p.name, Resource.from_contents(json.loads(p.read_text(encoding="utf-8")), default_specification=DRAFT202012))
        for p in SCHEMAS.glob("*.schema.json"))
    schema = {"$ref": f"{schema_name}#{pointer}"} if pointer else json.loads((SCHEMAS / schema_name).read_text())
    return jsonschema.Draft202012Validator(schema, registry=registry)


def test_there_is_a_template_per_common_kind() -> None:
    assert sorted(p.relative_to(TEMPLATES).as_posix() for p in TEMPLATES.rglob("*.yaml")) == sorted(KINDS)


@pytest.mark.parametrize("name", sorted(KINDS))
def test_template_is_valid_against_its_schema(name: str) -> None:
    schema_name, pointer = KINDS[name]
    value = yaml.safe_load((TEMPLATES / name).read_text(encoding="utf-8"))
    validator = _validator(schema_name, pointer)
    entries = value["techniques"] if pointer else [value]
    for entry in entries:
        assert [e.message for e in validator.iter_errors(entry)] == []
    if not pointer:  # whole files name their schema, relative to where they are copied to (same depth)
        first = (TEMPLATES / name).read_text(encoding="utf-8").splitlines()[0]
        assert first == f"# yaml-language-server: $schema={'../' * name.count('/')}../schema/{schema_name}"


def test_the_schema_check_can_fail() -> None:
    value = yaml.safe_load((TEMPLATES / "bestiary" / "creature.yaml").read_text(encoding="utf-8"))
    assert list(_validator("wbs-bestiary.schema.json", "").iter_errors({**value, "tier": 3}))


def test_templates_are_not_data() -> None:
    data = load_checked(ROOT)
    assert not [key for key in data.files if key.startswith("templates/")]


def test_every_template_works_where_it_goes(tmp_path: Path) -> None:
    """Put each template where its comment says, with its placeholders: the whole check passes."""
    project = copy_project(tmp_path / "project")
    data, templates = project / "rules_data", project / "rules_data" / "templates"
    (data / "wbs" / "bestiary" / "new-creature.yaml").write_text((templates / "bestiary" / "creature.yaml").read_text())
    (data / "wbs" / "glossary-topic.yaml").write_text((templates / "glossary-topic.yaml").read_text())
    (data / "xia" / "source_notes-topic.yaml").write_text((templates / "source_notes-topic.yaml").read_text())
    entry = (templates / "technique.yaml").read_text().split("techniques:\n", 1)[1]
    reiki = data / "wbs" / "reiki.yaml"
    reiki.write_text(reiki.read_text().rstrip("\n") + "\n" + entry)
    page = project / "docs" / "wbs" / "reiki.md"
    page.write_text(page.read_text() + "\n<!-- codex:technique wbs.new-technique -->\n"
                    "\n<!-- codex:note xia.new-note -->\n")
    report = check_project(project)
    assert report.problems == []
    # Every rules file of the copy is read, the templates' own folder aside (a file the project holds
    # already under a template's name, a contributor's new-creature.yaml, is counted once).
    assert report.files == len(list(data.rglob("*.yaml"))) - len(KINDS)


def _walkthrough() -> str:
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    return guide.split("## Add a creature, step by step", 1)[1].split("\n## ", 1)[0]


@pytest.mark.slow
def test_the_creature_walkthrough_ends_on_the_site(tmp_path: Path) -> None:
    """CONTRIBUTING.md's steps in a copy of the project: copy, fill in, check, build, find it."""
    steps = _walkthrough()
    copy = re.search(r"^\s*(cp rules_data/templates/\S+ rules_data/wbs/bestiary/(\S+)\.yaml)$", steps, re.M)
    assert copy, "the walkthrough shows no cp command"
    command, slug = copy.groups()
    assert "./dev check" in steps and "./dev serve" in steps  # commands, typed as they are written
    says(steps, "`id:`", "`.yaml`", f"`{slug}`")
    project = copy_project(tmp_path / "project")
    subprocess.run(["bash", "-c", command], cwd=project, check=True)
    creature = project / "rules_data" / "wbs" / "bestiary" / f"{slug}.yaml"
    text = creature.read_text(encoding="utf-8")
    for old, new in (("id: new-creature", f"id: {slug}"), ("name: New Creature", "name: River Kappa"),
                     ("tags: [beast]", "tags: [river, spirit]"), ("spark: jaki", "spark: seiki"),
                     ("What it is and where it is met, in your own words (never the book's sentences).",
                      "A water imp with a dish of water on its crown, met at fords after dusk.")):
        assert old in text
        text = text.replace(old, new)
    creature.write_text(text, encoding="utf-8")

    check = subprocess.run(["./dev", "check"], cwd=project, capture_output=True, text=True, timeout=120)
    assert check.returncode == 0, check.stdout + check.stderr
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    build = subprocess.run(["./dev", "build", "-q", "-d", "out"], cwd=project, env=env, capture_output=True,
                           text=True, timeout=600)
    assert build.returncode == 0, build.stdout[-3000:] + build.stderr[-3000:]
    out = project / "out"

    stat_block = (out / "wbs" / "bestiary" / slug / "index.html").read_text(encoding="utf-8")
    assert "River Kappa" in stat_block and "met at fords after dusk" in stat_block
    assert "<strong>Site example</strong>" in stat_block and "SeiKi" in stat_block
    index = (out / "wbs" / "bestiary" / "index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr data-name="River Kappa"[^>]*>(.*?)</tr>', index)
    assert row and "<td>Site example</td>" in row.group(1)
    href = re.search(r'<a href="([^"]+)">River Kappa</a>', row.group(1))
    assert href and (out / "wbs" / "bestiary" / href.group(1) / "index.html").resolve() == \
        (out / "wbs" / "bestiary" / slug / "index.html").resolve()
    assert 'data-tags="river spirit"' in index
    search = json.loads((out / CREATURE_INDEX).read_text(encoding="utf-8"))  # the first search fetches it
    hits = [d["location"] for d in search["docs"] if "River Kappa" in d["text"] or "River Kappa" in d["title"]]
    assert any(h.startswith("wbs/bestiary/") for h in hits), hits
