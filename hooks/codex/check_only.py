"""`./dev check`: every check the build makes on the rules data and the pages' markers, no build.

A contributor who fixes one number wants the answer in a second or two, not after a site build
and the browser tests. `check_project` runs the same two steps the build runs, through the same
functions: `load_rules_data` with the build's `CHECKS` (strict YAML, schemas, references, worked
examples), then `expand` on every page of `docs/` and every page made from the data (each
marker rendered, so a creature file that names a missing skill fails here as in the build).
Nothing is written and neither Pyodide nor any npm package is needed.

    .venv/bin/python -m codex.check_only [PROJECT_ROOT]    (what `./dev check` runs)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from pathlib import Path

import calculators

from . import blocks, navigation, widgets  # noqa: F401  (importing registers the block renderers)
from .checks import CHECKS
from .load import RulesData, load_rules_data
from .problems import DataError, Problem
from .render import PAGE_MAKERS, PageInfo, Site, expand, make_env


def load_checked(project_root: Path) -> RulesData:
    """The rules data, loaded and checked exactly as the build does; DataError lists every problem."""
    return load_rules_data(project_root / "rules_data", CHECKS, base=project_root)


def page_url(src_uri: str) -> str:
    """The URL MkDocs gives a page with directory URLs (`wbs/tiers.md` → `wbs/tiers/`)."""
    stem = src_uri.removesuffix(".md")
    if stem == "index":
        return ""
    return stem.removesuffix("/index") + "/"


def check_pages(project_root: Path, data: RulesData) -> tuple[list[Problem], int]:
    """Expand every marker of every page (hand-written and generated); the problems, and how many pages."""
    site = Site(data, make_env(), engine=calculators.Engine(data.export()))
    problems: list[Problem] = []
    docs = project_root / "docs"
    pages = {path.relative_to(docs).as_posix(): (path.read_text(encoding="utf-8"), None)
             for path in sorted(docs.rglob("*.md"))}
    for make in PAGE_MAKERS:
        pages.update({src: (page.markdown, page.source_key) for src, page in make(data).items()})
    for src_uri, (markdown, source_key) in sorted(pages.items()):
        info = PageInfo(src_uri=src_uri, url=page_url(src_uri))
        _, _, found = expand(markdown, site, info, f"docs/{src_uri}")
        if source_key is not None:  # a generated page: the file to fix is the YAML it is made from
            shown = data.source_of(source_key)
            found = [Problem(shown, 1, p.path, p.message.replace(f"{shown}: ", "")) for p in found]
        problems.extend(found)
    return problems, len(pages)


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What `./dev check` found: every problem, sorted, and how much it looked at."""

    problems: list[Problem]
    files: int = 0
    pages: int = 0


def check_project(project_root: Path) -> CheckReport:
    """Every problem the build would report for the data and the markers, sorted by file and line."""
    try:
        data = load_checked(project_root)
    except DataError as exc:
        return CheckReport(exc.problems)  # markers are checked against loaded data: they wait for a clean load
    problems, pages = check_pages(project_root, data)
    return CheckReport(sorted(set(problems)), len(data.files), pages)


def main(argv: list[str]) -> int:
    """Print every problem as `file:line: field.path: message`; exit 1 if there is any."""
    root = Path(argv[0]).resolve() if argv else Path.cwd()
    started = time.perf_counter()
    report = check_project(root)
    took = time.perf_counter() - started
    for problem in report.problems:
        print(problem)
    count = len(report.problems)
    if count:
        print(f"{count} problem{'s' if count != 1 else ''}: fix them all, then run ./dev check again "
              f"({took:.2f} s)", file=sys.stderr)
        return 1
    print(f"{report.files} rules files and the markers of {report.pages} pages are fine ({took:.2f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
