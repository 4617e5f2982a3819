"""The pre-commit configuration: local hooks only, running `./dev check` and ruff on changed files."""

from __future__ import annotations

import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent


def _hooks() -> dict[str, dict]:
    config = yaml.safe_load((ROOT / ".pre-commit-config.yaml").read_text(encoding="utf-8"))
    assert [repo["repo"] for repo in config["repos"]] == ["local"]  # nothing downloaded
    return {hook["id"]: hook for repo in config["repos"] for hook in repo["hooks"]}


def test_dev_check_runs_on_data_and_page_changes() -> None:
    hook = _hooks()["codex-check"]
    assert hook["entry"] == "./dev check" and hook["language"] == "system"
    assert hook["pass_filenames"] is False  # it checks the whole project, as the build does
    assert "check)" in (ROOT / "dev").read_text(encoding="utf-8")
    for changed in ("rules_data/wbs/bestiary/goblin.yaml", "docs/wbs/npcs.md", "hooks/codex/load.py"):
        assert re.match(hook["files"], changed)


def test_ruff_runs_on_the_changed_python_files() -> None:
    hook = _hooks()["ruff"]
    assert hook["entry"].split()[:2] == [".venv/bin/ruff", "check"]
    assert hook["types"] == ["python"] and hook.get("pass_filenames", True) is True
    assert (ROOT / ".venv" / "bin" / "ruff").exists()


def test_contributing_says_how_to_enable_it() -> None:
    guide = (ROOT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "pre-commit install" in guide
