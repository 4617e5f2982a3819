"""A rules file read again is not parsed again (`yamlsafe.load_yaml` keeps what each text parsed to):
each reader still gets a value of its own, and a changed file is read as it now is."""

from __future__ import annotations

from pathlib import Path

from codex.yamlsafe import load_yaml


def test_a_file_read_again_is_a_copy_of_what_it_said(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("id: stance\nsteps:\n  - {name: guard, cost: 2}\n  - {name: strike, cost: 3}\n", encoding="utf-8")
    first, problems = load_yaml(path, "rules_data/rules.yaml")
    assert first is not None and problems == []
    first.value["steps"][0]["cost"] = 99  # a check takes a value out of use in place
    first.value["steps"].append("more")
    first.lines[("steps",)] = 42
    again, problems = load_yaml(path, "rules_data/rules.yaml")
    assert again is not None and problems == []
    assert again.value == {"id": "stance", "steps": [{"name": "guard", "cost": 2}, {"name": "strike", "cost": 3}]}
    assert again.lines[("steps",)] == 3 and again.lines[("steps", 1, "cost")] == 4


def test_a_changed_file_is_read_as_it_now_is_and_its_problems_each_time(tmp_path: Path) -> None:
    path = tmp_path / "rules.yaml"
    path.write_text("id: stance\nhidden: no\n", encoding="utf-8")
    for _ in range(2):  # a problem is said on every read, not only on the first
        loaded, problems = load_yaml(path, "rules_data/rules.yaml")
        assert [(p.line, p.path) for p in problems] == [(2, "hidden")]
        assert loaded is not None and loaded.unsound == [("hidden",)]
        loaded.unsound.clear()
    path.write_text("id: stance\nhidden: false\n", encoding="utf-8")
    loaded, problems = load_yaml(path, "rules_data/rules.yaml")
    assert problems == [] and loaded is not None and loaded.value == {"id": "stance", "hidden": False}
