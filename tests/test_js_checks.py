"""The JavaScript checks `./dev test` runs (tsc --checkJs and biome, pinned in package-lock.json)
can fail: each is run here on a small file with one mistake, beside the same file without it, with
the project's own settings; and every script we write is in one of tsc's programs."""

import json
import re
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = ROOT / "node_modules" / ".bin"
PROGRAMS = ("tsconfig.json", "tsconfig.workers.json")

# A page module as they are written: JSDoc types, a form in, the inputs' names out.
GOOD = """/** @param {HTMLFormElement} form */
export function names(form) {
  return [...form.querySelectorAll("input")].map((input) => input.name);
}
"""


def _tool(name: str) -> Path:
    path = BIN / name
    if not path.exists():
        pytest.fail(f"{path} is missing: run ./dev test (npm ci installs it from package-lock.json)")
    return path


def _run(*args: str | Path, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(a) for a in args], cwd=cwd, capture_output=True, text=True, timeout=120)


def _typecheck(folder: Path, sources: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """tsc with the pages' settings (tsconfig.json) on modules of their own, in one run."""
    for name, source in sources.items():
        (folder / name).write_text(source, encoding="utf-8")
    types = [str(ROOT / "types" / name) for name in ("globals.d.ts", "worker-messages.d.ts")]
    config = {"extends": str(ROOT / "tsconfig.json"), "include": [*sources, *types]}
    (folder / "tsconfig.json").write_text(json.dumps(config), encoding="utf-8")
    return _run(_tool("tsc"), "-p", "tsconfig.json", cwd=folder)  # messages name the modules as written


def _lint(tmp_path: Path, source: str) -> subprocess.CompletedProcess[str]:
    """biome with the project's rules (biome.json) on one module."""
    (tmp_path / "page.mjs").write_text(source, encoding="utf-8")
    config = {"extends": [str(ROOT / "biome.json")], "files": {"includes": ["page.mjs"]}}
    (tmp_path / "biome.json").write_text(json.dumps(config), encoding="utf-8")
    return _run(_tool("biome"), "lint", "--error-on-warnings", "page.mjs", cwd=tmp_path)


MISTAKES = {
    # A parameter without a type (strict: noImplicitAny).
    "untyped parameter": (GOOD.replace('/** @param {HTMLFormElement} form */\n', ""), "TS7006"),
    # A property of our own read from an element (a form's are `any`: see the test below).
    "expando on an element": (GOOD.replace("  return", "  if (form.querySelector('output')?.__codexShown) return [];\n"
                                                      "  return"), "TS2339"),
    # A value that may be null, used as if it were not (strictNullChecks).
    "possibly null": (GOOD.replace('[...form.querySelectorAll("input")].map((input) => input.name)',
                                   'form.querySelector("output").value'), "possibly 'null'"),
}


def _module(mistake: str) -> str:
    return re.sub(r"\W+", "-", mistake) + ".mjs"


@pytest.fixture(scope="module")
def typechecked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, list[str]]:
    """tsc's messages for each module: the typed one and one per mistake, checked in one run of tsc
    (each module apart, as tsc reports each file's own mistakes: a second tsc start is a second
    of CPU)."""
    folder = tmp_path_factory.mktemp("tsc")
    done = _typecheck(folder, {"page.mjs": GOOD, **{_module(m): source for m, (source, _) in MISTAKES.items()}})
    assert done.returncode != 0 and not done.stderr, done.stdout + done.stderr
    lines = [line for line in done.stdout.splitlines() if line.strip()]
    assert all(line.startswith(" ") or re.match(r"[\w.-]+\.mjs\(", line) for line in lines), done.stdout
    return {name: [line for line in lines if line.startswith(name + "(")]
            for name in ("page.mjs", *(_module(m) for m in MISTAKES))}


def test_tsc_passes_a_typed_module(typechecked: dict[str, list[str]]) -> None:
    assert typechecked["page.mjs"] == []


@pytest.mark.parametrize("mistake", list(MISTAKES))
def test_tsc_fails_on_a_mistake(typechecked: dict[str, list[str]], mistake: str) -> None:
    found = typechecked[_module(mistake)]
    assert found, f"tsc passed {mistake}"
    assert any(MISTAKES[mistake][1] in line for line in found), found


def test_biome_passes_a_clean_module(tmp_path: Path) -> None:
    done = _lint(tmp_path, GOOD)
    assert done.returncode == 0, done.stdout + done.stderr


def test_biome_fails_on_a_mistake(tmp_path: Path) -> None:
    done = _lint(tmp_path, GOOD.replace("  return", "  let seen;\n  if (seen = form.name) return [];\n  return"))
    assert done.returncode != 0
    assert "noAssignInExpressions" in done.stdout + done.stderr


def test_every_script_we_write_is_type_checked() -> None:
    ours = {p.relative_to(ROOT).as_posix() for pattern in ("docs/assets/javascripts/*.mjs", "hooks/codex/*.js",
                                                            "hooks/codex/sw/*.js", "hooks/codex/sw/*.mjs")
            for p in ROOT.glob(pattern)}
    checked: set[str] = set()
    for program in PROGRAMS:
        done = _run(_tool("tsc"), "-p", program, "--listFilesOnly")
        assert done.returncode == 0, done.stdout + done.stderr
        checked |= {Path(line).resolve().relative_to(ROOT).as_posix() for line in done.stdout.splitlines()
                    if line and Path(line).resolve().is_relative_to(ROOT) and "node_modules" not in line}
    assert ours - checked == set()


# A property of our own set on an object of the page (`form.__codexBusy = …`), not on window.
EXPANDO = re.compile(r"(?<!window)\.__\w+\s*=(?!=)")


def test_no_state_is_set_on_the_page_s_elements() -> None:
    """Per-form state lives in form-state.mjs. tsc cannot see a property set on a form (a form's
    named controls make any property name `any`), so this looks for one."""
    found = [f"{path.relative_to(ROOT)}:{n}: {line.strip()}"
             for path in sorted((ROOT / "docs" / "assets" / "javascripts").glob("*.mjs"))
             for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if EXPANDO.search(line)]
    assert found == []


@pytest.mark.parametrize("line", ["form.__codexBusy = true;", "  out.__codexShown = html;", "slot.__t=1"])
def test_the_expando_pattern_finds_one(line: str) -> None:
    assert EXPANDO.search(line)
    assert not EXPANDO.search("window.__codex = state;")
    assert not EXPANDO.search("if (a.__x === b) return;")
