"""The calculators package's public contract: run, catalog, InputError, the browser bridge."""

from __future__ import annotations

import ast
import dataclasses
import functools
import json
import re
from pathlib import Path
from typing import Any

import pytest

import calculators
from calculators import Engine, InputError
from calculators.browser import Door
from tests.support.engine import engine, rules_data

ROOT = Path(__file__).resolve().parent.parent
ID = re.compile(r"^(wbs|xia|rain)\.[a-z0-9_]+$")
NAME = re.compile(r"^[a-z][a-z0-9_]*$")


def test_catalog_lists_well_formed_calculators() -> None:
    entries = engine().catalog()
    assert {"wbs.derived", "wbs.energy"} <= {e["id"] for e in entries}
    for entry in entries:
        assert ID.match(entry["id"]), entry["id"]
        assert entry["title"] and entry["summary"]
        names = [i["name"] for i in entry["inputs"]]
        assert len(names) == len(set(names)), entry["id"]
        for spec in entry["inputs"]:
            assert NAME.match(spec["name"]) and spec["label"]
            assert spec["type"] in {"int", "choice", "bool", "text", "rows"}
            if spec["type"] == "choice":
                assert spec["default"] in [c["value"] for c in spec["choices"]]
            if spec["type"] == "int":
                low, high = spec["min"], spec["max"]
                assert (low is None or spec["default"] >= low) and (high is None or spec["default"] <= high)
        for out in entry["outputs"]:
            assert NAME.match(out["name"]) and out["label"]
        json.dumps(entry)


def unfilled_outputs(rules_engine: Engine) -> list[str]:
    """Declared outputs a calculator leaves empty on its defaults: the page would show an empty box."""
    found = []
    for entry in rules_engine.catalog():
        result = rules_engine.run(entry["id"], {})
        json.dumps(result)
        shown = rules_engine.show(entry["id"], {})
        for out in entry["outputs"]:
            if out["name"] not in result:
                found.append(f"{entry['id']}: output '{out['name']}' is declared but never computed")
            elif not shown.get(out["name"], "").strip():
                found.append(f"{entry['id']}: output '{out['name']}' is drawn as nothing")
        found += [f"{entry['id']}: output '{name}' is computed but not declared"
                  for name in sorted(set(result) - {o["name"] for o in entry["outputs"]})]
    return found


def test_every_calculator_fills_every_output_it_declares_on_its_defaults() -> None:
    assert unfilled_outputs(engine()) == []


def test_the_output_check_finds_an_output_that_is_never_computed(monkeypatch: pytest.MonkeyPatch) -> None:
    # Mutation: wbs.derived still declares Reflex but stops computing it.
    derived = calculators.registry.everything()["wbs.derived"]
    dropped = dataclasses.replace(derived, compute=lambda values: {
        name: value for name, value in derived.compute(values).items() if name != "reflex"})
    monkeypatch.setitem(calculators.registry.everything(), "wbs.derived", dropped)
    assert unfilled_outputs(engine()) == ["wbs.derived: output 'reflex' is declared but never computed"]


def test_input_error_is_a_value_error_with_a_field() -> None:
    with pytest.raises(ValueError) as caught:
        engine().run("wbs.derived", {"strength": -3})
    assert isinstance(caught.value, InputError) and caught.value.field == "strength"


def test_unknown_calculator() -> None:
    with pytest.raises(InputError, match=r"no calculator is called 'wbs\.nothing'"):
        engine().run("wbs.nothing", {})


def test_inputs_must_be_a_mapping() -> None:
    with pytest.raises(InputError):
        engine().run("wbs.derived", ["strength", 3])  # type: ignore[arg-type]


def test_browser_bridge_answers_results_errors_and_never_raises() -> None:
    answer = Door(engine()).answer
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
                assert top in allowed, f"{path.relative_to(ROOT)} imports {name}"


def test_bundle_index_loads_one_calculator_without_the_rest(tmp_path: Path) -> None:
    import subprocess
    import sys
    import zipfile

    from codex.bundle import calculators_zip

    rules = rules_data()
    with zipfile.ZipFile(__import__("io").BytesIO(calculators_zip(ROOT / "calculators", dict(rules),
                                                                   calculators.modules()))) as z:
        z.extractall(tmp_path)
    probe = ("import sys, calculators; calculators.run('wbs.energy', {}); "
             "print(sorted(m for m in sys.modules if m.startswith('calculators.')))")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    loaded = out.stdout
    assert "calculators.wbs.energy" in loaded and "calculators.rain" not in loaded and "calculators.xia" not in loaded


def _imports(path: Path, root: Path) -> list[str]:
    """Absolute names a module imports (relative imports resolved against its package)."""
    package = path.relative_to(root).with_suffix("").parts[:-1]
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(package[: len(package) - node.level + 1])
                module = f"{base}.{node.module}" if node.module else base
                found += [module] if node.module else [f"{base}.{a.name}" for a in node.names]
            elif node.module:
                found += [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
    return found


# The engine's public API, the only part of calculators/ that hooks/ may import.
PUBLIC = {"calculators", *(f"calculators.{name}" for name in calculators.__all__)}


def layering_problems(root: Path) -> list[str]:
    """Imports that cross the one door: hooks/ or codex in calculators/, engine internals in hooks/."""
    problems = []
    for path in sorted((root / "calculators").rglob("*.py")):
        for name in _imports(path, root):
            if name.split(".")[0] in {"hooks", "codex", "mkdocs_codex"}:
                problems.append(f"{path.relative_to(root)} imports {name} (the engine never imports hooks/)")
    for path in sorted((root / "hooks").rglob("*.py")):
        for name in _imports(path, root):
            if name.split(".")[0] == "calculators" and name not in PUBLIC:
                problems.append(f"{path.relative_to(root)} imports {name} (hooks/ uses only the engine's public API)")
    return problems


def test_one_door_between_hooks_and_the_engine() -> None:
    assert layering_problems(ROOT) == []


def test_the_layering_test_catches_both_directions(tmp_path: Path) -> None:
    (tmp_path / "calculators" / "wbs").mkdir(parents=True)
    (tmp_path / "hooks" / "codex" / "blocks").mkdir(parents=True)
    (tmp_path / "calculators" / "rules.py").write_text("from codex.load import load_rules_data\n")
    (tmp_path / "calculators" / "wbs" / "x.py").write_text("import hooks.codex\n")
    (tmp_path / "hooks" / "codex" / "blocks" / "w.py").write_text(
        "from calculators.wbs.damage import attack_dice\nfrom calculators import Engine, present\n")
    (tmp_path / "hooks" / "codex" / "site.py").write_text("import calculators.wbs.ticks\nimport calculators\n")
    found = layering_problems(tmp_path)
    assert [p.split(" imports ")[1].split(" (")[0] for p in found] == [
        "codex.load", "codex.load.load_rules_data", "hooks.codex",
        "calculators.wbs.damage", "calculators.wbs.damage.attack_dice", "calculators.present",
        "calculators.wbs.ticks"]


def test_module_functions_need_the_bundled_rules() -> None:
    # In a source checkout there is no rules.json beside the package: the door is Engine(rules).
    assert not (ROOT / "calculators" / "rules.json").exists()
    with pytest.raises(LookupError, match=r"calculators\.Engine\(rules\)"):
        calculators.Engine.bundled()


def _other_rules() -> dict[str, Any]:
    """The rules with every source note read the other way and a few numbers changed: nearly every
    calculator answers differently, and the answers pages ask for most (memoised) differ too."""
    changed = json.loads(json.dumps(rules_data()))
    for key, table in changed.items():
        if key.split("/")[-1].startswith("source_notes"):
            for note in table["notes"]:
                note["reading"] = next((o["id"] for o in note["options"] if o["id"] != note["reading"]),
                                       note["reading"])
    changed["wbs/attributes"]["derived"]["attributes"][0]["divide_by"] = 2  # Health from half the sum
    changed["wbs/combat"]["attack"]["tie_divide_by"] = 3
    changed["rain/tiles"]["guardians"][0]["copies"] += 1
    changed["xia/characters"]["characters"][0]["name"] = "Moon Shade"
    changed["wbs/checks"]["skill_clock"]["example"]["hours_per_check"] += 1
    return changed


def _answers(rules_engine: Engine, asks: list[tuple[str, dict[str, Any]]]) -> list[str]:
    out = []
    for calc_id, inputs in asks:
        try:
            out.append(json.dumps(rules_engine.run(calc_id, inputs), sort_keys=True))
        except InputError as exc:
            out.append(f"InputError {exc.field}: {exc.message}")
    return out


def _asks() -> list[tuple[str, dict[str, Any]]]:
    return [(calc["id"], inputs) for calc in engine().catalog() for inputs in _variants(calc)]


_ALONE = """
import json, sys
sys.path[:0] = [{root!r}, {hooks!r}]
from calculators import Engine
from tests.test_contracts import _answers
rules, asks = json.load(open(sys.argv[1])), json.load(open(sys.argv[2]))
print(json.dumps(_answers(Engine(rules), [tuple(a) for a in asks])))
"""


@functools.cache
def _alone(which: str) -> tuple[str, ...]:
    """Each rule set's answers from an interpreter where no other engine ever ran (nothing to leak)."""
    import subprocess
    import sys
    import tempfile

    rules = dict(rules_data()) if which == "book" else _other_rules()
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "rules.json").write_text(json.dumps(rules), encoding="utf-8")
        (Path(tmp) / "asks.json").write_text(json.dumps(_asks()), encoding="utf-8")
        proc = subprocess.run([sys.executable, "-c", _ALONE.format(root=str(ROOT), hooks=str(ROOT / "hooks")),
                               str(Path(tmp) / "rules.json"), str(Path(tmp) / "asks.json")],
                              capture_output=True, text=True, check=True, cwd=ROOT)
    return tuple(json.loads(proc.stdout))


def leaks_between_engines(first_only: bool = False) -> list[str]:
    """Answers of two engines, asked in turn in one process, that differ from each engine's answers
    alone (`first_only`: the first such answer, for a test that only needs one)."""
    book, other = Engine(rules_data()), Engine(_other_rules())
    asks = _asks()
    found = []
    for rules_engine, which in ((book, "book"), (other, "other"), (book, "book"), (other, "other")):
        for ask, alone in zip(asks, _alone(which), strict=True):
            got = _answers(rules_engine, [ask])[0]
            if got != alone:
                found.append(f"{which} rules, {ask[0]} {ask[1]}: {got[:80]} instead of {alone[:80]}")
                if first_only:
                    return found
    return found


def test_two_engines_in_one_process_answer_as_each_does_alone() -> None:
    assert _alone("book") != _alone("other")  # the two rule sets give different answers to compare
    differ = sum(a != b for a, b in zip(_alone("book"), _alone("other"), strict=True))
    assert differ > 20, differ
    assert leaks_between_engines() == []
    with pytest.raises(RuntimeError, match="inside an Engine"):
        calculators.rules.table("wbs/attributes")


def test_the_isolation_check_finds_a_memo_shared_between_engines(monkeypatch: pytest.MonkeyPatch) -> None:
    # Mutation: one memo for every engine, as a module-level cache of a rules answer would be.
    shared: dict[object, Any] = {}

    def memo(self: calculators.rules.Rules, key: object, make: Any) -> Any:
        if key not in shared:
            shared[key] = make()
        return shared[key]

    monkeypatch.setattr(calculators.rules.Rules, "memo", memo)
    assert leaks_between_engines(first_only=True) != []


def test_the_isolation_check_finds_rules_that_stay_in_use(monkeypatch: pytest.MonkeyPatch) -> None:
    # Mutation: the rules of the first engine to answer stay in use for every later call.
    first: list[calculators.rules.Rules] = []
    real_using = calculators.engine.using

    def using(rules: calculators.rules.Rules) -> Any:
        first.append(rules) if not first else None
        return real_using(first[0])

    monkeypatch.setattr(calculators.engine, "using", using)
    assert leaks_between_engines(first_only=True) != []


MARKUP = re.compile(r"<(table|tr|td|th|p|div|span|figure|pre|caption|ul|li)\b|class=|\bimport html\b|html\.escape")


def markup_in_games(root: Path) -> list[str]:
    """Lines of calculators/<game>/ that write HTML: the engine returns data, calculators.present draws it."""
    found = []
    for game in calculators.GAMES:
        for path in sorted((root / "calculators" / game).rglob("*.py")):
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
                if MARKUP.search(line):
                    found.append(f"{path.relative_to(root)}:{number}: {line.strip()}")
    return found


def test_calculators_return_data_not_markup(tmp_path: Path) -> None:
    assert markup_in_games(ROOT) == []
    (tmp_path / "calculators" / "wbs").mkdir(parents=True)
    (tmp_path / "calculators" / "wbs" / "x.py").write_text("import html\nrow = f'<td>{n}</td>'\n")
    assert len(markup_in_games(tmp_path)) == 2


def test_rich_results_are_data_and_present_draws_them() -> None:
    result = engine().run("wbs.skill_check", {})
    assert result["chart"]["type"] == "distribution" and result["tn_ladder"]["type"] == "table"
    json.dumps(result)
    shown = engine().present("wbs.skill_check", result)
    assert shown["tn_ladder"].startswith('<table class="calc-chart wbs-tn-ladder">')
    assert shown == engine().show("wbs.skill_check", {})


def _variants(calc: dict) -> list[dict]:
    """The defaults, then each choice of each choice input and each checkbox flipped, one at a time."""
    found: list[dict] = [{}]
    for spec in calc["inputs"]:
        if spec["type"] == "choice":
            found += [{spec["name"]: c["value"]} for c in spec["choices"]]
        elif spec["type"] == "bool":
            found.append({spec["name"]: not spec["default"]})
    return found


def test_the_page_answer_drawn_from_typed_results_is_the_json_forms_html(rules_engine: Engine) -> None:
    # show() draws the typed results directly (the browser's fast path); present() draws the
    # JSON form run() returns. Both must be the same bytes, for every calculator and choice.
    checked = 0
    for calc in rules_engine.catalog():
        for inputs in _variants(calc):
            try:
                data = rules_engine.run(calc["id"], inputs)
            except InputError:
                continue
            assert rules_engine.show(calc["id"], inputs) == rules_engine.present(calc["id"], data), (calc["id"], inputs)
            checked += 1
    assert checked > 100


def test_the_worker_redraws_only_changed_outputs_and_answers_the_same_bytes(rules_engine: Engine) -> None:
    # The Door keeps the outputs it drew last per calculator and reuses the HTML of those that did
    # not change; every answer must still be exactly what a fresh engine draws, going there and back.
    door = Door(rules_engine)
    checked = 0
    for calc in rules_engine.catalog():
        variants = _variants(calc)
        for inputs in [*variants, *reversed(variants), *variants[:3]]:
            try:
                fresh = {"ok": rules_engine.show(calc["id"], inputs)}
            except InputError:
                continue
            assert json.loads(door.answer(calc["id"], json.dumps(inputs))) == fresh, (calc["id"], inputs)
            checked += 1
    assert checked > 200 and door._drawn["wbs.combat_tracker"]


def test_every_question_the_engine_answers_is_registered_once_and_answers(rules_engine: Any) -> None:
    """The pages' questions are one registry (calculators/queries.py), each answered by the game's module."""
    from calculators import queries

    assert {name.split(".")[0] for name in queries.QUERIES} == {"wbs", "rain", "xia"}
    with pytest.raises(LookupError, match=r"no question 'wbs\.nothing'"):
        rules_engine.ask("wbs.nothing")
    assert rules_engine.ask("rain.set_size") > 0
    least, most = rules_engine.ask("xia.session_xp")
    assert 0 < least <= most
    chart = rules_engine.ask("wbs.dice_chart")
    assert [d["id"] for d in chart][:1] and all(d["low"] <= d["high"] and d["critical_from"] <= d["faces"]
                                                for d in chart)
