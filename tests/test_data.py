"""The rules data: every file valid; every kind of mistake reported as file:line, all at once."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from codex.checks import CHECKS
from codex.load import load_rules_data
from codex.problems import DataError

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "tests" / "fixtures" / "bad_rules").glob("*.yaml"))


def test_all_rules_data_is_valid() -> None:
    data = load_rules_data(ROOT / "rules_data", CHECKS)
    assert "wbs/tiers" in data.files


def test_every_yaml_file_names_an_existing_schema() -> None:
    for path in (ROOT / "rules_data").rglob("*.yaml"):
        if path.relative_to(ROOT / "rules_data").parts[0] == "templates":
            continue  # not data: tests/test_templates.py checks them
        first = path.read_text().splitlines()[0]
        depth = len(path.relative_to(ROOT / "rules_data").parts) - 1  # bestiary/goblin.yaml sits one deeper
        assert first.startswith(f"# yaml-language-server: $schema={'../' * depth}schema/"), path
        schema = (path.parent / first.split("=", 1)[1]).resolve()
        assert schema.is_file(), f"{path}: {schema}"


def _with_fixture(tmp_path: Path, fixture: Path) -> tuple[Path, list[str], str]:
    """A copy of rules_data/ with one file replaced by the fixture; its expected problems."""
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    lines = fixture.read_text().splitlines()
    target = next(line.split(":", 1)[1].strip() for line in lines if line.startswith("# target:"))
    expected = [line.split(":", 1)[1].strip() for line in lines if line.startswith("# expect:")]
    shutil.copy(fixture, data / target)
    return data, expected, f"rules_data/{target}"


@pytest.mark.parametrize("fixture", FIXTURES, ids=[f.stem for f in FIXTURES])
def test_bad_data_is_reported_with_file_and_line(tmp_path: Path, fixture: Path) -> None:
    data, expected, shown = _with_fixture(tmp_path, fixture)
    with pytest.raises(DataError) as caught:
        load_rules_data(data, CHECKS, base=tmp_path)
    reported = [str(p) for p in caught.value.problems]
    for want in expected:
        assert any(r.startswith(f"{shown}:{want}") for r in reported), (
            f"expected {shown}:{want}\nreported:\n" + "\n".join(reported))


def test_problems_from_several_files_come_together_sorted(tmp_path: Path) -> None:
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    (data / "wbs" / "tiers.yaml").write_text(
        (data / "wbs" / "tiers.yaml").read_text().replace("attribute_limit: 5", "attribute_limit: five"))
    (data / "wbs" / "sparks.yaml").write_text(
        (data / "wbs" / "sparks.yaml").read_text().replace("genki_multiplier: 3", "genki_multiplier: yes"))
    (data / "wbs" / "stray.yml").write_text("x: 1\n")
    with pytest.raises(DataError) as caught:
        load_rules_data(data, base=tmp_path)
    files = [p.file for p in caught.value.problems]
    assert files == sorted(files)
    assert {"rules_data/wbs/tiers.yaml", "rules_data/wbs/sparks.yaml", "rules_data/wbs/stray.yml"} <= set(files)
    message = str(caught.value)
    assert "rules_data/wbs/tiers.yaml:7: tiers[0].attribute_limit: must be an integer or null (got 'five')" in message


BROKEN_REFERENCES = [
    # (file, text, replaced by, expected "line: path: message" start)
    ("wbs/reiki.yaml", "    requires: reiki-charge", "    requires: reiki-nothing",
     "54: techniques[1].requires: technique 'reiki-overcharge' builds on unknown technique 'reiki-nothing'"),
    ("wbs/target_numbers.yaml", "tiers: [experienced, adept, epic]", "tiers: [experienced, adept, heroic]",
     "4: tiers[2]: no tier 'heroic'"),
    ("wbs/bestiary/orc.yaml", "id: orc", "id: ork", "4: id: id 'ork': a creature's id must be its file name"),
    ("wbs/bestiary/orc.yaml", "    strike: strong", "    strike: mighty", "32: attacks[0].strike: no strike 'mighty'"),
    ("rain/elements.yaml", "{from: wood, to: fire,", "{from: wood, to: water,",
     "29: creative_cycle.links: the creative cycle must be one ring through every element, each once"),
    ("xia/characters.yaml", "      physical:", "      bodily:", "8: characters[0].traits.bodily: "),
]


@pytest.mark.parametrize(("target", "old", "new", "expected"), BROKEN_REFERENCES,
                         ids=[f"{t}-{n.strip()}" for t, _o, n, _e in BROKEN_REFERENCES])
def test_a_broken_reference_is_reported_at_its_yaml_line(tmp_path: Path, target: str, old: str, new: str,
                                                          expected: str) -> None:
    # Found by the checker at load time, whether or not any page shows the table.
    data = tmp_path / "rules_data"
    shutil.copytree(ROOT / "rules_data", data)
    path = data / target
    assert old in path.read_text()
    path.write_text(path.read_text().replace(old, new, 1))
    with pytest.raises(DataError) as caught:
        load_rules_data(data, CHECKS, base=tmp_path)
    reported = [str(p) for p in caught.value.problems]
    want = expected if expected.startswith("rules_data/") else f"rules_data/{target}:{expected}"
    assert any(r.startswith(want) for r in reported), f"expected {want}\nreported:\n" + "\n".join(reported)
