"""The whole pipeline for one build, as plain functions over plain data (no MkDocs here).

`Codex` loads and checks the rules data once, then turns each page's Markdown into Markdown
with placeholders and each page's HTML into HTML with the blocks in place, and lists the
files the built site needs besides the pages (Pyodide's runtime and the calculators bundle).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import calculators

from . import blocks, navigation, widgets  # noqa: F401  (importing registers the block renderers)
from .bundle import calculators_zip, fingerprint
from .checks import CHECKS
from .fonts import font_files
from .load import RulesData, load_rules_data
from .problems import Problem
from .pyodide_files import pyodide_runtime
from .render import PAGE_MAKERS, GeneratedPage, PageInfo, Site, expand, make_env, substitute

GAME_DIRS = ("wbs", "xia", "rain")
WORKER = "assets/javascripts/codex-worker.mjs"


@dataclass(slots=True)
class PageResult:
    """A page after marker expansion: Markdown with placeholders, and their HTML."""

    markdown: str
    blocks: dict[str, str]
    uses_widgets: bool
    problems: list[Problem] = field(default_factory=list)


class Codex:
    """One build's view of the project: data loaded and checked, runtime files located."""

    def __init__(self, project_root: Path, *, edit_base: str = "") -> None:
        self.root = project_root
        self.data: RulesData = load_rules_data(project_root / "rules_data", CHECKS)
        calculators.load_rules(self.data.export())
        self.site = Site(self.data, make_env(), edit_base=edit_base)
        self.pyodide_version, self._pyodide_files = pyodide_runtime(project_root)
        self._fonts = font_files(project_root)
        bundle = calculators_zip(project_root / "calculators", self.browser_rules(), calculators.modules())
        self.bundle_uri = f"assets/codex/calculators-{fingerprint(bundle)}.zip"
        self._bundle = bundle
        self._abbreviations: dict[str, str] = {}
        self.generated_pages: dict[str, GeneratedPage] = {}
        for make in PAGE_MAKERS:
            self.generated_pages.update(make(self.data))

    def browser_rules(self) -> dict[str, object]:
        """The rules the browser's calculators get: all but bestiary entries, which pages show
        at build time (a bestiary of thousands would otherwise weigh on every calculator)."""
        return {key: value for key, value in self.data.export().items() if "/bestiary/" not in f"/{key}"}

    @property
    def pyodide_dir(self) -> str:
        """Where Pyodide lives in the built site: versioned, so caches never mix releases."""
        return f"assets/pyodide/{self.pyodide_version}/"

    def static_files(self) -> dict[str, Path]:
        """Files copied as they are into the site, by destination path."""
        return {**{self.pyodide_dir + name: path for name, path in self._pyodide_files.items()}, **self._fonts}

    def generated_files(self) -> dict[str, bytes]:
        """Files made by the build, by destination path."""
        return {self.bundle_uri: self._bundle}

    def page(self, markdown: str, src_uri: str, url: str) -> PageResult:
        """Expand a page's markers; append its game's glossary as tooltips."""
        info = PageInfo(src_uri=src_uri, url=url)
        self.site.assets = {
            "pyodide": info.link(self.pyodide_dir),
            "bundle": info.link(self.bundle_uri),
            "worker": info.link(WORKER),
        }
        out, rendered, problems = expand(markdown, self.site, info, f"docs/{src_uri}")
        game = src_uri.split("/", 1)[0]
        # Generated pages (a bestiary entry) show their data as HTML blocks, which tooltips never reach.
        if game in GAME_DIRS and "/" in src_uri and src_uri not in self.generated_pages:
            out = out.rstrip("\n") + "\n\n" + self.abbreviations(game)
        return PageResult(out, rendered, info.uses_widgets, problems)

    @staticmethod
    def page_html(html: str, result: PageResult) -> str:
        """Put the blocks' HTML in place of their placeholders."""
        return substitute(html, result.blocks)

    def abbreviations(self, game: str) -> str:
        """The game's glossary as Markdown abbreviations: a tooltip on every use of a term."""
        if game not in self._abbreviations:
            self._abbreviations[game] = self._glossary_lines(game)
        return self._abbreviations[game]

    def _glossary_lines(self, game: str) -> str:
        lines = []
        for term in (t for key in self.data.family(game, "glossary") for t in self.data[key]["terms"]):
            tip = term["tooltip"].replace("\n", " ")
            lines.append(f"*[{term['term']}]: {tip}")
        return "\n".join(lines) + "\n" if lines else ""

    def edit_url_for(self, src_uri: str) -> str:
        """The edit link of a page: its Markdown, or for a generated page the YAML it comes from."""
        if not self.site.edit_base:
            return ""
        generated = self.generated_pages.get(src_uri)
        if generated:
            return self.site.edit_url(generated.source_key)
        return f"{self.site.edit_base}docs/{src_uri}"
