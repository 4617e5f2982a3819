"""The bestiary at scale: N generated creatures, built against a plain mkdocs-material site.

    .venv/bin/python -m tests.benchmarks.bestiary_scale [--creatures 5000] [--rounds 3]

(`bench_site.py` runs the same comparison in its own run: `scale_lines`.)

The anchor is the best plain configuration of the same bestiary: mkdocs-material with its
search plugin and `navigation.prune`, each creature a Markdown page of its own (its stat block
as a table and a definition list), the pages in the navigation in √N sections of √N (one flat
section of N makes every page carry N links: seven minutes here for 5,000). Ours is this
project, copied with the creatures added to `rules_data/wbs/bestiary/`. The two builds alternate,
so a noisy minute hits both; the figures are medians of CPU seconds (the build and its
subprocesses: on a shared machine the wall clock also counts the neighbours' work), with the
wall clock beside them. Budget: ours ≤ 0.5 × the anchor.

It also weighs the search indexes a search fetches the first time it runs: the pages' entries
(`search/pages.json`; budget < 1.5 MB) and the creatures' (every page itself loads only the
search's settings, `search_index.json`).
"""

from __future__ import annotations

import argparse
import gzip
import math
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.support.creatures import creature_markdown, write_creatures
from tests.support.project_copy import copy_project

ROOT = Path(__file__).resolve().parents[2]
BUDGET_RATIO = 0.5
BUDGET_INDEX_BYTES = 1_500_000
PLAIN_CONFIG = """site_name: Plain bestiary
theme:
  name: material
  features:
    - navigation.prune
plugins:
  - search
markdown_extensions:
  - tables
  - def_list
  - toc:
      permalink: true
"""


def plain_project(to: Path, creatures: int) -> Path:
    """The anchor: a plain mkdocs-material site with one page per creature, in √N nav sections."""
    docs = to / "docs"
    per_section = max(1, math.isqrt(creatures - 1) + 1) if creatures > 1 else 1
    for n in range(creatures):
        section = docs / "bestiary" / f"part-{n // per_section:03d}"
        section.mkdir(parents=True, exist_ok=True)
        (section / f"beast-{n:05d}.md").write_text(creature_markdown(n), encoding="utf-8")
    (docs / "index.md").write_text("# Plain bestiary\n\nEvery creature has a page of its own.\n", encoding="utf-8")
    (to / "mkdocs.yml").write_text(PLAIN_CONFIG, encoding="utf-8")
    return to


def our_project(to: Path, creatures: int) -> Path:
    """This project, copied, with `creatures` generated creatures added to its bestiary."""
    copy_project(to, shared=("node_modules", ".venv"))
    write_creatures(to / "rules_data" / "wbs" / "bestiary", creatures)
    return to


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


@dataclass
class Build:
    """One build's cost: CPU seconds (the build and its subprocesses) and wall-clock seconds."""

    cpu: float
    wall: float


def build(project: Path, out: Path, site_url: str = "http://127.0.0.1:8000/") -> Build:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": site_url}
    started, before = time.perf_counter(), _children_cpu()
    proc = subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(out)], cwd=project,
                          env=env, capture_output=True, text=True)
    took = Build(_children_cpu() - before, time.perf_counter() - started)
    if proc.returncode:
        raise RuntimeError(f"mkdocs build in {project} failed:\n{proc.stderr[-3000:]}")
    return took


@dataclass
class IndexWeight:
    """A search index file's size: raw (what the search worker parses) and gzipped (on the wire)."""

    raw: int
    gzipped: int

    @classmethod
    def of(cls, path: Path) -> IndexWeight:
        if not path.is_file():
            return cls(0, 0)
        data = path.read_bytes()
        return cls(len(data), len(gzip.compress(data, 6)))


@dataclass
class ScaleReport:
    """Both sites' builds (alternated) and their search indexes."""

    creatures: int
    ours: list[Build] = field(default_factory=list)
    plain: list[Build] = field(default_factory=list)
    page_index: IndexWeight = field(default_factory=lambda: IndexWeight(0, 0))
    creature_index: IndexWeight = field(default_factory=lambda: IndexWeight(0, 0))
    plain_index: IndexWeight = field(default_factory=lambda: IndexWeight(0, 0))

    def median(self, builds: list[Build], part: str) -> float:
        return statistics.median(getattr(b, part) for b in builds)

    def lines(self) -> list[str]:
        cpu = self.median(self.ours, "cpu") / self.median(self.plain, "cpu")
        wall = self.median(self.ours, "wall") / self.median(self.plain, "wall")
        mb = 1_000_000
        return [
            f"bestiary at scale: {self.creatures} generated creatures, medians of {len(self.ours)} alternated builds "
            f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)",
            f"  plain mkdocs-material, prune   {self.median(self.plain, 'cpu'):6.1f} s CPU "
            f"{self.median(self.plain, 'wall'):6.1f} s wall",
            f"  ours                           {self.median(self.ours, 'cpu'):6.1f} s CPU "
            f"{self.median(self.ours, 'wall'):6.1f} s wall",
            f"  ratio                          {cpu:6.2f} × CPU  {wall:5.2f} × wall  (budget ≤ {BUDGET_RATIO:g} ×)",
            f"  pages' index, first search     {self.page_index.raw / mb:6.2f} MB "
            f"({self.page_index.gzipped / 1024:.0f} KiB gzipped; budget < {BUDGET_INDEX_BYTES / mb:g} MB); "
            f"the plain site's {self.plain_index.raw / mb:.2f} MB",
            f"  creatures' index, first search {self.creature_index.raw / mb:6.2f} MB "
            f"({self.creature_index.gzipped / 1024:.0f} KiB gzipped)",
        ]


def compare(creatures: int, rounds: int, workdir: Path) -> ScaleReport:
    """Build the anchor and ours `rounds` times each, alternating; weigh ours' search indexes."""
    ours = our_project(workdir / "ours", creatures)
    plain = plain_project(workdir / "plain", creatures)
    report = ScaleReport(creatures)
    for _ in range(rounds):
        report.plain.append(build(plain, workdir / "plain-site"))
        report.ours.append(build(ours, workdir / "our-site"))
    report.page_index = IndexWeight.of(workdir / "our-site" / "search" / "pages.json")
    report.creature_index = IndexWeight.of(workdir / "our-site" / "search" / "creatures.json")
    report.plain_index = IndexWeight.of(workdir / "plain-site" / "search" / "search_index.json")
    return report


def scale_lines(creatures: int, rounds: int) -> list[str]:
    """The report's lines for `creatures` creatures over `rounds` alternated builds (a temporary folder)."""
    with tempfile.TemporaryDirectory() as tmp:
        return compare(creatures, rounds, Path(tmp)).lines()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--creatures", type=int, default=5000)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    print("\n".join(scale_lines(args.creatures, args.rounds)))


if __name__ == "__main__":
    main()
