"""The whole pipeline for one build, as plain functions over plain data (no MkDocs here).

Three jobs, one after the other: loading (`load`: the rules data checked, the engine made),
bundling (`Runtime`: Pyodide, fonts and the zipped engine the browser gets) and page rendering
(`Codex.page`: each page's Markdown with placeholders, then its HTML with the blocks in place).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urljoin

import calculators

from . import blocks, navigation, widgets  # noqa: F401  (importing registers the block renderers)
from .bundle import calculators_zip
from .check_only import load_project, page_url
from .fonts import font_files, tile_glyphs
from .load import RulesData
from .page_markup import hidden_markup
from .problems import DataError, Problem
from .pyodide_files import pyodide_runtime
from .render import PAGE_MAKERS, GeneratedPage, PageInfo, Site, expand, make_env, page_clashes, substitute
from .search import spaced_cells
from .stamp import StampedPage, page_parts, split_front_matter, with_anchor
from .terms import glossary_from, mark_terms
from .vendor import vendor_files


@dataclass(slots=True)
class PageResult:
    """A page after marker expansion: Markdown with placeholders, and their HTML."""

    markdown: str
    blocks: dict[str, str]
    uses_widgets: bool
    problems: list[Problem] = field(default_factory=list)
    info: PageInfo | None = None
    source: str = ""  # the page's Markdown as written, for the lines of what its HTML holds


def load(project_root: Path) -> tuple[RulesData, calculators.Engine]:
    """Loading: rules_data/ read, validated and checked, and the build's one rules engine, made from it."""
    loaded = load_project(project_root)  # the same checks as `./dev check`, with the engine they used
    if loaded.problems:
        raise DataError(loaded.problems, loaded.not_run)
    return loaded.data, loaded.engine


def browser_rules(data: RulesData) -> dict[str, object]:
    """The rules the browser's calculators get: all but bestiary entries, which pages show
    at build time (a bestiary of thousands would otherwise weigh on every calculator)."""
    return {key: value for key, value in data.export().items() if "/bestiary/" not in f"/{key}"}


@dataclass(frozen=True, slots=True)
class Runtime:
    """Bundling: what the browser needs besides the pages (Pyodide, fonts, the zipped engine)."""

    pyodide_version: str
    pyodide_files: dict[str, Path]
    fonts: dict[str, Path]
    sources: bytes  # the calculators package and the browser's rules, zipped (runtime.py compiles it)

    @classmethod
    def build(cls, project_root: Path, data: RulesData) -> Runtime:
        """Locate Pyodide and the fonts, zip the calculators package with the browser's rules."""
        version, files = pyodide_runtime(project_root)
        sources = calculators_zip(project_root / "calculators", browser_rules(data), calculators.modules())
        return cls(version, files, font_files(project_root), sources)


def generate_pages(data: RulesData) -> dict[str, GeneratedPage]:
    """Pages made from the rules data (a bestiary entry each), by source path."""
    made: dict[str, GeneratedPage] = {}
    for make in PAGE_MAKERS:
        made.update(make(data))
    return made


class Codex:
    """One build's view of the project: data loaded and checked, runtime bundled, pages rendered."""

    def __init__(self, project_root: Path, *, edit_base: str = "") -> None:
        self.root = project_root
        self.data, self.engine = load(project_root)
        self.runtime = Runtime.build(project_root, self.data)
        self.site = Site(self.data, make_env(), edit_base=edit_base, engine=self.engine)
        self.generated_pages = generate_pages(self.data)
        if clashes := page_clashes(self.generated_pages, project_root / "docs", self.data):
            raise DataError(clashes)
        self.glossary = glossary_from(self.data, calculators.GAMES)

    @property
    def pyodide_version(self) -> str:
        """The Pyodide release the site ships."""
        return self.runtime.pyodide_version

    def browser_rules(self) -> dict[str, object]:
        """The rules the browser's calculators get (see `browser_rules`)."""
        return browser_rules(self.data)

    @property
    def pyodide_dir(self) -> str:
        """Where Pyodide lives in the built site: versioned, so caches never mix releases."""
        return f"assets/pyodide/{self.pyodide_version}/"

    def static_files(self) -> dict[str, Path]:
        """Files copied as they are into the site, by destination path."""
        pyodide = {self.pyodide_dir + name: path for name, path in self.runtime.pyodide_files.items()}
        return {**pyodide, **self.runtime.fonts, **vendor_files(self.root)}

    def generated_files(self) -> dict[str, bytes]:
        """Files made by the build from the engine, by destination path (the runtime's are runtime.py's)."""
        picks = widgets.table_picks(self.engine, self.data)
        tools = widgets.table_tools(self.engine, picks)
        return {widgets.TABLES_FILE: json.dumps(tools, separators=(",", ":")).encode(),
                widgets.PICKS_FILE: json.dumps(picks, separators=(",", ":")).encode()}

    def page(self, markdown: str, src_uri: str, url: str) -> PageResult:
        """Expand a page's markers."""
        info = PageInfo(src_uri=src_uri, url=url)
        out, rendered, problems = expand(markdown, self.site, info, f"docs/{src_uri}")
        return PageResult(out, rendered, info.uses_widgets, problems, info, markdown)

    def markup_problems(self, html: str, result: PageResult) -> list[Problem]:
        """Live markup in the HTML Markdown made of a page that its source scan took for code."""
        return hidden_markup(result.source, html, f"docs/{result.info.src_uri}") if result.info else []

    def page_html(self, html: str, result: PageResult) -> str:
        """Put the blocks' HTML in place of their placeholders; link the glossary terms in it."""
        html = substitute(html, result.blocks)
        return mark_terms(self.glossary, html, result.info, calculators.GAMES) if result.info else html

    def content_html(self, html: str, result: PageResult) -> str:
        """A page's content as the site shows it: its blocks in place and its glossary terms
        linked (`page_html`), table cells spaced for search, tile glyphs marked for their font."""
        return tile_glyphs(spaced_cells(self.page_html(html, result)))

    def stamped_pages(self, src_uris: list[str], convert: Callable[[str], str], site_url: str = ""
                      ) -> tuple[list[StampedPage], list[Problem]]:
        """Stamped pages' own parts (see stamp.py), rendered as the site renders a page: markers
        expanded, Markdown converted by `convert` (the site's converter), blocks put in and terms
        linked; `site_url` makes their addresses. Also the problems of their markers."""
        base = site_url if site_url.endswith("/") else site_url + "/"
        pages, problems = [], []
        for src_uri in src_uris:
            meta, body = split_front_matter(self.generated_pages[src_uri].markdown)
            url = page_url(src_uri)
            result = self.page(body, src_uri, url)
            html, anchor = with_anchor(convert(result.markdown))
            parts = page_parts(str(meta["title"]), anchor, self.edit_url_for(src_uri),
                               urljoin(base, url) if site_url else "", self.content_html(html, result))
            pages.append(StampedPage(src_uri, url, parts))
            problems.extend(result.problems)
        return pages, problems

    def edit_url_for(self, src_uri: str) -> str:
        """The edit link of a page: its Markdown, or for a generated page the YAML it comes from."""
        if not self.site.edit_base:
            return ""
        generated = self.generated_pages.get(src_uri)
        if generated:
            return self.site.edit_url(generated.source_key)
        return f"{self.site.edit_base}docs/{src_uri}"
