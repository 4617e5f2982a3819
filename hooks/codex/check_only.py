"""`./dev check`: every check the build makes on the rules data and the pages' markers, no build.

A contributor who fixes one number wants the answer in a second or two, not after a site build
and the browser tests. `check_project` runs the same steps the build runs, through the same
functions: `load_rules` with the build's `CHECKS` (strict YAML, schemas, references, worked
examples), then `expand` on every page of `docs/` and every page made from the data (each
marker rendered, so a creature file that names a missing skill fails here as in the build), and
a page of `docs/` through the site's Markdown, for the live markup only its HTML shows.
Every step runs whatever the one before found: a value with a problem is out of use, and what
reads it is listed as not checked, with the reason (see unsound.py). Nothing is written and
neither Pyodide nor any npm package is needed.

    .venv/bin/python -m codex.check_only [PROJECT_ROOT]    (what `./dev check` runs)
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import markdown as python_markdown
import yaml

from calculators import Engine

from . import blocks, navigation, table_types, widgets  # noqa: F401  (importing registers the block renderers)
from .checks import CHECKS
from .load import Loaded, RulesData, load_rules
from .page_markup import hidden_markup
from .problems import DataError, NotRun, Problem
from .render import PAGE_MAKERS, GeneratedPage, PageInfo, Site, expand, make_env, page_clashes, page_url
from .unsound import NotChecked, not_run


def load_project(project_root: Path) -> Loaded:
    """The rules data, loaded and checked exactly as the build does, with the build's one engine."""
    return load_rules(project_root / "rules_data", CHECKS, base=project_root)


def load_checked(project_root: Path) -> RulesData:
    """The rules data, loaded and checked; DataError lists every problem."""
    loaded = load_project(project_root)
    if loaded.problems:
        raise DataError(loaded.problems, loaded.not_run)
    return loaded.data


def generated_pages(data: RulesData, waits: list[NotRun]) -> dict[str, GeneratedPage]:
    """Pages made from the rules data; a maker that reads a value with a problem waits (in `waits`)."""
    made: dict[str, GeneratedPage] = {}
    for make in PAGE_MAKERS:
        try:
            made.update(make(data))
        except NotChecked as exc:
            waits.append(not_run(f"the pages made by {make.__name__}", exc))
    return made


def site_markdown() -> python_markdown.Markdown:
    """The Markdown converter of the site: mkdocs.yml's extensions after MkDocs' own three."""

    class _Config(yaml.SafeLoader):
        pass

    _Config.add_constructor("!ENV", lambda loader, node: None)
    config = yaml.load((Path(__file__).resolve().parents[2] / "mkdocs.yml").read_text(encoding="utf-8"), _Config)
    names, options = ["toc", "tables", "fenced_code"], {}
    for entry in config["markdown_extensions"]:
        name, settings = next(iter(entry.items())) if isinstance(entry, dict) else (entry, None)
        names.append(name)
        options[name] = settings or {}
    return python_markdown.Markdown(extensions=list(dict.fromkeys(names)), extension_configs=options)


@dataclass(slots=True)
class PagesChecked:
    """What the pages' markers gave: problems, markers that waited, and how many pages."""

    problems: list[Problem] = field(default_factory=list)
    not_run: list[NotRun] = field(default_factory=list)
    pages: int = 0


def check_pages(project_root: Path, data: RulesData, engine: Engine) -> PagesChecked:
    """Expand every marker of every page (hand-written and generated), with the build's engine."""
    site = Site(data, make_env(), engine=engine)
    checked = PagesChecked()
    docs = project_root / "docs"
    pages: dict[str, tuple[str, str | None]] = {
        path.relative_to(docs).as_posix(): (path.read_text(encoding="utf-8"), None)
        for path in sorted(docs.rglob("*.md"))}
    made = generated_pages(data, checked.not_run)
    converter = site_markdown()
    checked.problems.extend(page_clashes(made, docs, data))
    pages.update({src: (page.markdown, page.source_key) for src, page in made.items() if src not in pages})
    for src_uri, (markdown, source_key) in sorted(pages.items()):
        info = PageInfo(src_uri=src_uri, url=page_url(src_uri))
        expanded, _, found = expand(markdown, site, info, f"docs/{src_uri}")
        waits = info.not_run
        if source_key is None:  # a page of docs/: what Markdown makes of it, as the build's on_page_content
            found += hidden_markup(markdown, converter.reset().convert(expanded), f"docs/{src_uri}")
        if source_key is not None:  # a generated page: the file to fix is the YAML it is made from
            shown = data.source_of(source_key)
            found = [Problem(shown, 1, p.path, p.message.replace(f"{shown}: ", "")) for p in found]
            waits = [NotRun(shown, 1, w.what, w.because) for w in waits]
        checked.problems.extend(found)
        checked.not_run.extend(waits)
    checked.pages = len(pages)
    return checked


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What `./dev check` found: every problem, sorted; what waited for them; how much it looked at."""

    problems: list[Problem]
    files: int = 0
    pages: int = 0
    not_run: list[NotRun] = field(default_factory=list)


def check_project(project_root: Path) -> CheckReport:
    """Every problem the build would report for the data and the markers, sorted by file and line."""
    loaded = load_project(project_root)
    pages = check_pages(project_root, loaded.data, loaded.engine)
    typed = table_types.stale(project_root)
    return CheckReport(sorted(set(loaded.problems + pages.problems + typed)), len(loaded.data.files), pages.pages,
                       sorted(set(loaded.not_run + pages.not_run)))


def main(argv: list[str]) -> int:
    """Print every problem as `file:line: field.path: message`; exit 1 if there is any."""
    root = Path(argv[0]).resolve() if argv else Path.cwd()
    started = time.perf_counter()
    report = check_project(root)
    took = time.perf_counter() - started
    for problem in report.problems:
        print(problem)
    count = len(report.problems)
    if report.not_run:
        print("Not checked until the problems they read are fixed:", file=sys.stderr)
        for waiting in report.not_run:
            print(f"  {waiting}", file=sys.stderr)
    if count:
        print(f"{count} problem{'s' if count != 1 else ''}: fix them all, then run ./dev check again "
              f"({took:.2f} s)", file=sys.stderr)
        return 1
    if report.not_run:  # a check stopped on sound data: a bug, reported as one
        return 1
    print(f"{report.files} rules files and the markers of {report.pages} pages are fine ({took:.2f} s)",
          file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
