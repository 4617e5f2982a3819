"""The whole hostile corpus through `./dev check` in one process, and through `mkdocs build` one case
a build: each under a minute and under 500 MB.

Each case that the checks must refuse (tests/hostile/cases/, data and pages alike) is applied to
its own copy of `rules_data/` and `docs/` and checked exactly as `./dev check` checks the project
(every layer, the pages' markers included). One process runs them all, so its peak memory (its own,
VmHWM) is the most any one case needed and its time is the corpus's (issue 23: one number used to
take minutes and gigabytes, a nested list or a deep chain of dice ended in a traceback). The build runs every
case the same way, as the real `mkdocs build` (its command line) in a process of its own, and must
stop with the case's problems at their lines: their time and memory are the build processes' own,
as the driver that waited for them counts them (RUSAGE_CHILDREN). Each build is forked from the
driver after it has imported MkDocs and the theme: that part of a build's start is the same for
every case (about 0.3 s of CPU a case).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_hostile import CASES

ROOT = Path(__file__).resolve().parent.parent
REFUSED = sorted(name for name, case in CASES.items() if "rejected" in case)

_DRIVER = """
import json, resource, shutil, sys, tempfile, time
from pathlib import Path
sys.path[:0] = [{root!r}, {hooks!r}]
from codex.check_only import check_project
from tests.test_hostile import CASES, apply_edits
root, found = Path({root!r}), {{}}
started = time.perf_counter()
for name in {names!r}:
    case = CASES[name]
    with tempfile.TemporaryDirectory() as tmp:
        project = Path(tmp)
        for folder in ("rules_data", "docs"):
            shutil.copytree(root / folder, project / folder)
        apply_edits(project, case.get("edits", []))
        if "page" in case:
            page = project / "docs" / case["page"]
            page.parent.mkdir(parents=True, exist_ok=True)
            page.write_text(case["text"], encoding="utf-8")
        report = check_project(project)
        found[name] = [str(p) for p in report.problems]
usage = resource.getrusage(resource.RUSAGE_SELF)
# This process's own peak (VmHWM): its ru_maxrss also holds the peak of the process it was started from,
# which Linux keeps across exec (a test worker's: 500 MB in a suite run, for this driver's 78).
with open("/proc/self/status", encoding="ascii") as status:
    peak_kb = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
print(json.dumps({{"wall": time.perf_counter() - started, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": peak_kb / 1024, "found": found}}))
"""


@pytest.mark.slow
def test_the_whole_hostile_corpus_is_checked_in_a_minute_and_500_mb() -> None:
    script = _DRIVER.format(root=str(ROOT), hooks=str(ROOT / "hooks"), names=REFUSED)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.splitlines()[-1])
    for name in REFUSED:
        reported = result["found"][name]
        for want in CASES[name]["rejected"]:
            assert any(line.startswith(want) for line in reported), f"{name}: expected {want}\n" + "\n".join(reported)
    print(f"\n{len(REFUSED)} cases checked in {result['cpu']:.1f} s of CPU ({result['wall']:.1f} s on the clock), "
          f"peak {result['peak_mb']:.0f} MB")
    # CPU time, not the clock: on a machine shared with other jobs the clock measures them too.
    assert result["cpu"] < 60, result
    assert result["peak_mb"] < 500, result["peak_mb"]


_BUILD_DRIVER = """
import json, os, resource, shutil, signal, sys, time
from pathlib import Path
sys.path[:0] = [{root!r}, {hooks!r}]
from tests.support.project_copy import copy_project
from tests.test_hostile import CASES, apply_edits
# What every build imports before it reads the project: imported once here, so each case's build,
# a process forked from this one, does the build's own work only.
import mkdocs.__main__, mkdocs.config, material.plugins.search.plugin, pymdownx.superfences, jsonschema
root, tmp, found = Path({root!r}), Path({tmp!r}), {{}}
project = copy_project(tmp / "project")
os.environ["NO_MKDOCS_2_WARNING"] = "1"
started = time.perf_counter()
for name in {names!r}:
    case = CASES[name]
    for folder in ("rules_data", "docs"):
        shutil.rmtree(project / folder)
        shutil.copytree(root / folder, project / folder)
    apply_edits(project, case.get("edits", []))
    if "page" in case:
        (project / "docs" / case["page"]).write_text(case["text"], encoding="utf-8")
    errors = tmp / "stderr"
    pid = os.fork()
    if pid == 0:  # the build: `mkdocs build -q` in the project, its messages to a file
        code = 1
        try:
            signal.alarm(60)  # a build that hangs is killed (and the case fails) after a minute
            os.chdir(project)
            fd = os.open(errors, os.O_WRONLY | os.O_CREAT | os.O_TRUNC)
            os.dup2(fd, 2)
            os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
            sys.argv = ["mkdocs", "build", "-q", "-d", str(tmp / "site")]
            mkdocs.__main__.cli()
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 1
        finally:
            sys.stderr.flush()
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    found[name] = [os.waitstatus_to_exitcode(status),
                   [line.strip() for line in errors.read_text(encoding="utf-8").splitlines()]]
usage = resource.getrusage(resource.RUSAGE_CHILDREN)
print(json.dumps({{"wall": time.perf_counter() - started, "cpu": usage.ru_utime + usage.ru_stime,
                  "peak_mb": usage.ru_maxrss / 1024, "found": found}}))
"""


@pytest.mark.slow
def test_a_build_of_each_hostile_case_stops_at_its_lines_in_a_minute_and_500_mb(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is missing: run ./dev test")
    script = _BUILD_DRIVER.format(root=str(ROOT), hooks=str(ROOT / "hooks"), tmp=str(tmp_path), names=REFUSED)
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=1200, cwd=ROOT,
                          env={**os.environ, "CODEX_SITE_URL": "http://127.0.0.1:8000/"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    result = json.loads(proc.stdout.splitlines()[-1])
    for name in REFUSED:
        code, reported = result["found"][name]
        assert code != 0, f"{name}: the build passed"
        for want in CASES[name]["rejected"]:
            assert any(line.startswith(want) for line in reported), f"{name}: expected {want}\n" + "\n".join(reported)
    print(f"\n{len(REFUSED)} builds in {result['cpu']:.1f} s of CPU ({result['wall']:.1f} s on the clock), "
          f"the largest {result['peak_mb']:.0f} MB")
    assert result["cpu"] < 60, result  # CPU time: the clock of a shared machine measures its other jobs too
    assert result["peak_mb"] < 500, result["peak_mb"]
