"""What the browser's engine downloads and how it starts (issue 24): the fewest bytes for the same
answers, no deprecated Pyodide option, and nothing read twice."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import urllib.request
import zipfile
from pathlib import Path

from codex.bundle import TYPES_ONLY, calculators_zip, split_bundle

import calculators
from tests.support.engine import rules_data
from tests.support.server import serve

ROOT = Path(__file__).resolve().parent.parent


def shipped(built_site: Path) -> dict[str, Path]:
    """The runtime files runtime.mjs names, by name (BUNDLE, STDLIB, and GAMES' as "GAMES.wbs" …)."""
    module = (built_site / "assets" / "codex" / "runtime.mjs").read_text(encoding="utf-8")
    files = {name: built_site / path for name, path in re.findall(r'export const (\w+) = new URL\("([^"]+)"', module)}
    games = re.search(r"export const GAMES = \{(.*)\};", module)
    assert games, "runtime.mjs names no game's code"
    return {**files, **{f"GAMES.{game}": built_site / path
                        for game, path in re.findall(r'"(\w+)": new URL\("([^"]+)"', games[1])}}


def test_the_zips_are_stored_so_the_host_compresses_them(built_site: Path) -> None:
    """Deflated entries cannot shrink again; stored ones gzip smaller as one file (issue 24, 4)."""
    files = shipped(built_site)
    for name in ("BUNDLE", "STDLIB"):
        with zipfile.ZipFile(files[name]) as archive:
            deflated = [i.filename for i in archive.infolist() if i.compress_type != zipfile.ZIP_STORED]
        assert deflated == [], f"{name}: {deflated[:5]}"
    with serve(built_site) as (base, _):
        path = files["STDLIB"].relative_to(built_site).as_posix()
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": "gzip"})
        with urllib.request.urlopen(request) as response:
            assert response.headers["Content-Encoding"] == "gzip"
            assert len(response.read()) < 0.5 * files["STDLIB"].stat().st_size


def test_the_bundle_carries_bytecode_not_sources(built_site: Path) -> None:
    """The browser compiles nothing of the engine: every module is the trace's bytecode, in the core
    or in its game's own zip (a page fetches the core and its games' code alone), none twice."""
    files = shipped(built_site)
    names: dict[str, set[str]] = {}
    for name in ("BUNDLE", *[f"GAMES.{game}" for game in calculators.GAMES]):
        with zipfile.ZipFile(files[name]) as archive:
            names[name] = set(archive.namelist())
    everything = set().union(*names.values())
    assert sum(map(len, names.values())) == len(everything), "a file shipped twice"
    modules = {f"calculators/{p.relative_to(ROOT / 'calculators').with_suffix('.pyc').as_posix()}"
               for p in (ROOT / "calculators").rglob("*.py")}
    assert modules - TYPES_ONLY <= everything and not [n for n in everything if n.endswith(".py")]
    assert not everything & TYPES_ONLY, "the type checker's module is no page's"
    assert {"calculators/rules.json", "calculators/index.json"} <= names["BUNDLE"]
    for game in calculators.GAMES:
        assert names[f"GAMES.{game}"] and all(n.startswith(f"calculators/{game}/") for n in names[f"GAMES.{game}"])
        assert not [n for n in names["BUNDLE"] if n.startswith(f"calculators/{game}/")], f"{game}'s code in the core"


def test_no_deprecated_pyodide_option_is_passed() -> None:
    """Options Pyodide's own typings mark deprecated (fullStdLib: "This option has no effect")."""
    typings = (ROOT / "node_modules" / "pyodide" / "pyodide.d.ts").read_text(encoding="utf-8")
    config = typings[typings.index("interface PyodideConfig"):]
    deprecated = set(re.findall(r"/\*\*(?:(?!\*/).)*[Dd]eprecated(?:(?!\*/).)*\*/\s*(\w+)\?:", config, re.S))
    assert "fullStdLib" in deprecated
    for path in (ROOT / "docs" / "assets" / "javascripts" / "codex-worker.mjs",
                 ROOT / "hooks" / "codex" / "stdlib_trace" / "trace.mjs",
                 ROOT / "hooks" / "codex" / "stdlib_trace" / "snapshot.mjs"):
        text = path.read_text(encoding="utf-8")
        assert "loadPyodide(" in text
        assert not [name for name in deprecated if re.search(rf"\b{name}\b", text)], path.name


def test_the_bundle_reads_its_index_once(tmp_path: Path) -> None:
    """Every answer looked calculators up in index.json, read and parsed again (issue 24, 5)."""
    bundle = calculators_zip(ROOT / "calculators", dict(rules_data()), calculators.modules())
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        archive.extractall(tmp_path)
    probe = ("import os, sys, calculators; from calculators import registry\n"
             "calculators.run('wbs.energy', {})\n"
             "os.remove('calculators/index.json')  # read once: never needed again\n"
             "calculators.run('wbs.derived', {})\n"
             "print(registry._found is None, 'calculators.rain' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["True", "False"], "the second answer read the index again (or scanned every module)"


def test_the_engine_runs_from_the_bundle_on_sys_path(tmp_path: Path) -> None:
    """The worker puts the bundle's core on sys.path as it is (nothing unpacked) and each game's zip
    on the package's path (codex-worker.mjs `addGame`): the package reads its rules and index from
    inside the core, and a game's calculators answer once that game's zip is in, not before."""
    core, games = split_bundle(calculators_zip(ROOT / "calculators", dict(rules_data()), calculators.modules()),
                               calculators.GAMES)
    (tmp_path / "calculators.zip").write_bytes(core)
    for game, code in games.items():
        (tmp_path / f"calculators-{game}.zip").write_bytes(code)
    probe = ("import sys; sys.path.insert(0, 'calculators.zip'); import calculators\n"
             "assert calculators.__file__.startswith('calculators.zip'), calculators.__file__\n"
             "calculators.__path__.append('calculators-wbs.zip/calculators')\n"
             "print(calculators.show('wbs.energy', {'strength': 4}) == calculators.show('wbs.energy', {'strength': 4}),"
             " sorted(calculators.run('wbs.energy', {'strength': 4})) != [])\n"
             "try:\n    calculators.run('xia.attack', {})\nexcept ImportError:\n    print('apart')\n"
             "calculators.__path__.append('calculators-xia.zip/calculators')\n"
             "print(sorted(calculators.run('xia.attack', {})) != [], 'calculators.rain' in sys.modules)")
    out = subprocess.run([sys.executable, "-I", "-c", probe], cwd=tmp_path, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.split() == ["True", "True", "apart", "True", "False"]


def test_a_restored_engine_reads_the_rules_this_build_wrote(tmp_path: Path) -> None:
    """The memory snapshot is made with the package's code alone where the core goes (snapshot.py:
    every module imported, no rules); a worker that restores it writes this build's core, rules and
    all, at that path, and Python's importers read that zip's list of files again (`browser.reread`),
    or the rules are not found."""
    core, games = split_bundle(calculators_zip(ROOT / "calculators", dict(rules_data()), calculators.modules()),
                               calculators.GAMES)
    code = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(core)) as archive, zipfile.ZipFile(code, "w") as code_only:
        for name in archive.namelist():
            if not name.endswith(".json"):
                code_only.writestr(name, archive.read(name))
    (tmp_path / "this-build.zip").write_bytes(core)
    for game, zipped in games.items():
        (tmp_path / f"calculators-{game}.zip").write_bytes(zipped)
    probe = ("import importlib, json, shutil, sys, zipfile\n"
             "sys.path.insert(0, 'calculators.zip'); import calculators\n"
             f"for game in {sorted(games)!r}:\n"
             "    calculators.__path__.append(f'calculators-{game}.zip/calculators')\n"
             "for at in ['calculators.zip', *(f'calculators-{g}.zip' for g in " f"{sorted(games)!r})]:\n"
             "    for name in zipfile.ZipFile(at).namelist():\n"
             "        if name.endswith('.py'):\n"
             "            importlib.import_module(name[:-3].replace('/', '.').removesuffix('.__init__'))\n"
             "shutil.copyfile('this-build.zip', 'calculators.zip')  # the worker writes the core\n"
             "import calculators.browser as browser\n"
             "if sys.argv[1] == 'reread':\n"
             "    browser.reread('calculators.zip')\n"
             "try:\n"
             "    door = browser.start('[\"wbs.energy\"]')\n"
             "except LookupError:\n"
             "    print('no rules')\n"
             "else:\n"
             "    print(sorted(json.loads(door.answer('wbs.energy', json.dumps({'strength': 4})))))\n")
    answers = {}
    for how in ("reread", "as restored"):
        (tmp_path / "calculators.zip").write_bytes(code.getvalue())  # as the snapshot was made
        out = subprocess.run([sys.executable, "-I", "-c", probe, how], cwd=tmp_path, capture_output=True, text=True)
        assert out.returncode == 0, out.stderr[-2000:]
        answers[how] = out.stdout.strip()
    assert answers == {"reread": "['ok']", "as restored": "no rules"}
