"""The bestiary stays fast: 5,000 generated creatures build in well under a minute on two cores.

The creatures are written into a temporary copy of the repository, never into the real one.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.support.project_copy import copy_project

ROOT = Path(__file__).resolve().parent.parent
CREATURES = 5000
LIMIT_SECONDS = 60
SPARKS = ("jaki", "seiki", "yoki")
TAGS = ("beast", "spirit", "demon", "shrine", "swarm", "brute", "sneak", "undead")


def creature_yaml(n: int) -> str:
    """A valid creature file, different for each n."""
    a = [1 + (n * k) % 5 for k in (1, 2, 3, 5, 7, 11)]
    spark = SPARKS[n % len(SPARKS)]
    tags = sorted({TAGS[n % len(TAGS)], TAGS[(n // 7) % len(TAGS)]})
    return (
        "# yaml-language-server: $schema=../../schema/wbs-bestiary.schema.json\n"
        f"id: beast-{n:05d}\n"
        f"name: Generated beast {n}\n"
        "source: book\n"  # it carries book_points, as the book's own creatures do
        "tier: experienced\n"
        f"spark: {spark}\n"
        f"tags: [{', '.join(tags)}]\n"
        "summary: A creature made up by the scale test.\n"
        f"attributes: {{strength: {a[0]}, constitution: {a[1]}, dexterity: {a[2]}, smarts: {a[3]}, "
        f"charisma: {a[4]}, wits: {a[5]}}}\n"
        f"derived_bought: {{health: {n % 3}, speed: 0, reflex: {n % 2}, stamina: 1}}\n"
        "skills:\n"
        "  - core: melee\n"
        f"    ranks: {{medium: {1 + n % 3}}}\n"
        "  - core: strikes\n"
        f"    ranks: {{strong: {1 + n % 2}}}\n"
        f"spirit_skills: {{barrier: {1 + n % 4}, efficiency: 1}}\n"
        "attacks:\n"
        "  - name: Claws\n"
        "    strike: strong\n"
        "    weapon: medium\n"
        "    damage_type: slash\n"
        "    skills: [medium, strong]\n"
        f"book_points: {{total: {100 + n % 60}, primary: 60, derived: 10, skills: 30}}\n"
    )


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@pytest.mark.slow
def test_five_thousand_creatures_build_in_under_a_minute(tmp_path: Path) -> None:
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        pytest.skip("node_modules/pyodide is missing: run ./dev serve or npm ci first")
    repo = tmp_path / "repo"
    copy_project(repo, shared=("node_modules",))
    bestiary = repo / "rules_data" / "wbs" / "bestiary"
    for n in range(CREATURES):
        (bestiary / f"beast-{n:05d}.yaml").write_text(creature_yaml(n), encoding="utf-8")
    out = tmp_path / "site"
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    started, before = time.perf_counter(), _children_cpu()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-d", str(out)], cwd=repo, env=env,
                          capture_output=True, text=True)
    wall = time.perf_counter() - started
    # The build's own CPU time: on a shared machine the wall clock also counts the neighbours' work.
    seconds = _children_cpu() - before
    print(f"\n{CREATURES} creatures built in {seconds:.1f} s of CPU ({wall:.1f} s on the wall clock)")
    assert proc.returncode == 0, proc.stderr[-4000:]
    assert (out / "wbs" / "bestiary" / f"beast-{CREATURES - 1:05d}" / "index.html").is_file()
    index = (out / "wbs" / "bestiary" / "index.html").read_text(encoding="utf-8")
    ours = len(list((ROOT / "rules_data" / "wbs" / "bestiary").glob("*.yaml")))
    assert index.count('data-spark="') == CREATURES + ours  # the generated ones and the project's own
    assert seconds < LIMIT_SECONDS, (
        f"{CREATURES} creatures took {seconds:.0f} s: per-page costs that grow with the number of files or of "
        "glossary terms (glossary abbreviations appended to generated pages, note references checked per file) "
        "make the build superlinear")
