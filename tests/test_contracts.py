"""The calculators package's public contract: run, catalog, InputError, the browser bridge."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import calculators
from calculators import InputError
from calculators.browser import answer

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"^(wbs|xia|rain)\.[a-z0-9_]+$")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def test_catalog_lists_well_formed_calculators() -> None:
    entries = calculators.catalog()
    assert {"wbs.derived", "wbs.energy"} <= {e["id"] for e in entries}
    for entry in entries:
        assert ID.match(entry["id"]), entry["id"]
        assert entry["title"] and entry["summary"]
        names = [i["name"] for i in entry["inputs"]]
        assert len(names) == len(set(names)), entry["id"]
        for spec in entry["inputs"]:
            assert NAME.match(spec["name"]) and spec["label"]
            assert spec["type"] in {"int", "choice", "bool"}
            if spec["type"] == "choice":
                assert spec["default"] in [c["value"] for c in spec["choices"]]
            if spec["type"] == "int":
                low, high = spec["min"], spec["max"]
                assert (low is None or spec["default"] >= low) and (high is None or spec["default"] <= high)
        for out in entry["outputs"]:
            assert NAME.match(out["name"]) and out["label"]
        json.dumps(entry)


def test_every_calculator_runs_on_its_defaults() -> None:
    for entry in calculators.catalog():
        result = calculators.run(entry["id"], {})
        json.dumps(result)
        assert set(result) <= {o["name"] for o in entry["outputs"]}


def test_input_error_is_a_value_error_with_a_field() -> None:
    with pytest.raises(ValueError) as caught:
        calculators.run("wbs.derived", {"strength": -3})
    assert isinstance(caught.value, InputError) and caught.value.field == "strength"


def test_unknown_calculator() -> None:
    with pytest.raises(InputError, match=r"no calculator is called 'wbs\.nothing'"):
        calculators.run("wbs.nothing", {})


def test_inputs_must_be_a_mapping() -> None:
    with pytest.raises(InputError):
        calculators.run("wbs.derived", ["strength", 3])  # type: ignore[arg-type]


def test_browser_bridge_answers_results_errors_and_never_raises() -> None:
    ok = json.loads(answer("wbs.derived", json.dumps({"strength": "4"})))
    assert ok["ok"]["health"] == "5"
    bad = json.loads(answer("wbs.derived", json.dumps({"strength": "four"})))
    assert bad["error"]["field"] == "strength" and "whole number" in bad["error"]["message"]
    broken = json.loads(answer("wbs.derived", "{not json"))
    assert "crash" in broken and "Traceback" in broken["crash"]


def test_show_escapes_html() -> None:
    from calculators.present import present
    from calculators.spec import Output

    shown = present([Output("x", "X", "text")], {"x": "<script>alert(1)</script>"})
    assert shown["x"] == "&lt;script&gt;alert(1)&lt;/script&gt;"


def test_package_uses_the_standard_library_only() -> None:
    import sys

    allowed = set(sys.stdlib_module_names) | {"calculators"}
    for path in (ROOT / "calculators").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            else:
                continue
            for name in names:
                top = name.split(".")[0]
                if top == "codex" and path.name == "rules.py":
                    continue  # the checkout-only fallback, never reached in Pyodide
                assert top in allowed, f"{path.relative_to(ROOT)} imports {name}"


def test_bundle_index_loads_one_calculator_without_the_rest(tmp_path: Path) -> None:
    import subprocess
    import sys
    import zipfile

    from codex.bundle import calculators_zip

    rules = calculators.rules.rules()
    with zipfile.ZipFile(__import__("io").BytesIO(calculators_zip(ROOT / "calculators", dict(rules),
                                                                   calculators.modules()))) as z:
        z.extractall(tmp_path)
    probe = ("import sys, calculators; calculators.calculator('wbs.energy'); "
             "print(sorted(m for m in sys.modules if m.startswith('calculators.')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    loaded = out.stdout
    assert "calculators.wbs.energy" in loaded and "calculators.rain" not in loaded and "calculators.xia" not in loaded
