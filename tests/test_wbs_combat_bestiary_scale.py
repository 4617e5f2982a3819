"""The bestiary stays fast and light: 5,000 generated creatures cost little each, and the search
index every page downloads does not grow with them.

The creatures are written into a temporary copy of the repository, never into the real one.
The build is measured against the same project built without them, in CPU seconds (on a shared
machine the wall clock also counts the neighbours' work): what a creature adds is its own work
(its file read and checked, its stat block drawn, its page written), never the site's again.
`tests/benchmarks/bestiary_scale.py` measures the whole build against a plain mkdocs-material
site of the same creatures (the budget there: half its time).
"""

from __future__ import annotations

import json
import os
import re
import resource
import subprocess
import sys
from pathlib import Path

import pytest
from codex.search import CREATURE_INDEX, PAGE_INDEX

from tests.support.creatures import write_creatures
from tests.support.project_copy import copy_project

ROOT = Path(__file__).resolve().parent.parent
CREATURES = 5000
# What 5,000 creatures add to the site's own build, as a multiple of it (both in CPU seconds, measured
# one after the other, so a busy machine slows both alike: on this shared machine a creature took
# 2 to 4 ms of CPU from one run to the next). When the theme drew every stat block page with the
# whole site's navigation, the creatures added 13 times the site's own build; now 4 to 7 times. The
# line is loose on purpose: what the theme draws is counted exactly (its log), the time guards
# against a cost that grows faster than the bestiary.
LIMIT_TIMES_THE_SITE = 10
INDEX_LIMIT_BYTES = 1_500_000


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _build(repo: Path, out: Path) -> tuple[float, str]:
    """CPU seconds of `mkdocs build --verbose` in `repo` (its subprocesses included), and its log."""
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": "http://127.0.0.1:8000/"}
    before = _children_cpu()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--verbose", "-d", str(out)], cwd=repo,
                          env=env, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-4000:]
    return _children_cpu() - before, proc.stdout + proc.stderr


@pytest.mark.slow
def test_five_thousand_creatures_cost_little_each(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is missing: run ./dev serve or npm ci first")
    repo = copy_project(tmp_path / "repo", shared=("node_modules",))
    _build(repo, tmp_path / "site-without")  # fills the copy's caches (the traced standard library)
    without, _ = _build(repo, tmp_path / "site-without")
    write_creatures(repo / "rules_data" / "wbs" / "bestiary", CREATURES)
    out = tmp_path / "site"
    seconds, log = _build(repo, out)
    added = (seconds - without) / without
    print(f"\n{CREATURES} creatures: {seconds:.1f} s of CPU against {without:.1f} s without them "
          f"({(seconds - without) / CREATURES * 1000:.2f} ms each; {added:.1f} × the site's own build)")

    # The theme draws the bestiary's page shell once, not each of the 5,000 stat block pages.
    assert len(re.findall(r"Building page wbs/bestiary/(?!index\.md)", log)) == 1
    ours = len(list((ROOT / "rules_data" / "wbs" / "bestiary").glob("*.yaml")))
    assert (out / "wbs" / "bestiary" / f"beast-{CREATURES - 1:05d}" / "index.html").is_file()
    index = (out / "wbs" / "bestiary" / "index.html").read_text(encoding="utf-8")
    assert index.count('data-spark="') == CREATURES + ours  # the generated ones and the project's own
    sitemap = (out / "sitemap.xml").read_text(encoding="utf-8")
    assert len(re.findall(r"<loc>[^<]*/wbs/bestiary/[^<]+/</loc>", sitemap)) == CREATURES + ours

    page_index = out / PAGE_INDEX  # the pages' entries the first search fetches
    assert page_index.stat().st_size < INDEX_LIMIT_BYTES, page_index.stat().st_size
    locations = [d["location"] for d in json.loads(page_index.read_text(encoding="utf-8"))["docs"]]
    assert not [loc for loc in locations if re.match(r"wbs/bestiary/[^#]", loc)]
    creatures = json.loads((out / CREATURE_INDEX).read_text(encoding="utf-8"))["docs"]
    assert len(creatures) == CREATURES + ours

    assert added < LIMIT_TIMES_THE_SITE, (
        f"{CREATURES} creatures add {added:.1f} × the site's own build: per-creature work that repeats the "
        "site's (the theme drawing the navigation for each stat block page, glossary or note look-ups that scan "
        "every rules file, a search entry parsed from each page) makes the build grow faster than the bestiary")
