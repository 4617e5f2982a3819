"""The rules data's types come from its schemas (hooks/codex/table_types.py), and the type checker reads them.

`calculators/rules_types.py` is written from rules_data/schema/; `./dev check` says when it is out
of date, and mypy (./dev lint, ./dev test) checks every `rules.table("…")` read against it.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

from codex import table_types

ROOT = Path(__file__).resolve().parent.parent


def test_the_generated_types_are_those_the_schemas_give() -> None:
    assert table_types.stale(ROOT) == []


def test_a_changed_schema_makes_the_types_out_of_date_at_file_line(tmp_path: Path) -> None:
    for part in ("rules_data", "calculators"):
        shutil.copytree(ROOT / part, tmp_path / part, ignore=shutil.ignore_patterns("__pycache__"))
    schema = tmp_path / "rules_data" / "schema" / "wbs-stamina.schema.json"
    value = json.loads(schema.read_text(encoding="utf-8"))
    value["properties"]["unconscious_at"]["type"] = "string"
    schema.write_text(json.dumps(value), encoding="utf-8")
    assert [str(p) for p in table_types.stale(tmp_path)] == [
        "calculators/rules_types.py:1: out of date with rules_data/schema/: run "
        "`PYTHONPATH=hooks .venv/bin/python -m codex.table_types` to write it again"]
    assert "unconscious_at: str" in table_types.module(tmp_path)


def test_types_follow_the_schema() -> None:
    text = table_types.module(ROOT)
    # Required fields plain, others NotRequired, a list's entries their own type, an enum of texts a Literal.
    assert "class WbsStamina(TypedDict):\n        unconscious_at: int\n" in text
    assert "spending: list[WbsStaminaSpendingItem]" in text
    assert "reflex_cost: NotRequired[int]" in text
    assert 'source: NotRequired[Literal["book", "site-example"]]' in text
    assert 'def table(path: Literal["wbs/stamina"]) -> WbsStamina: ...' in text


def test_mypy_refuses_a_read_of_a_field_no_schema_has(tmp_path: Path) -> None:
    from mypy import api

    snippet = tmp_path / "reads.py"
    snippet.write_text(
        "from calculators import rules\n"
        "def fine() -> int:\n"
        "    return rules.table('wbs/stamina')['unconscious_at']\n"
        "def typo() -> int:\n"
        "    return rules.table('wbs/stamina')['unconcious_at']\n"
        "def wrong_kind() -> str:\n"
        "    return rules.table('wbs/stamina')['unconscious_at']\n", encoding="utf-8")
    out, _err, status = api.run([str(snippet), "--config-file", str(ROOT / "pyproject.toml"),
                                 "--cache-dir", str(tmp_path / "cache"), "--no-error-summary"])
    assert status == 1, out
    assert re.findall(r"reads\.py:(\d+): error", out) == ["5", "7"], out
    assert '"unconcious_at"' in out and "Incompatible return value type (got \"int\", expected \"str\")" in out
