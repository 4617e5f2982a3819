"""Expand the invisible markers in a page into HTML built from the rules data.

A marker is an HTML comment on a line of its own, so the Markdown source still reads cleanly:

    <!-- codex:table wbs.tiers -->
    <!-- codex:calc wbs.derived -->

The marker's kind picks a block renderer, its argument names what to show. An unknown kind or
argument is a problem reported with the page's file and line, and fails the build. A rule's
value inside a sentence is the one inline marker, `<!-- codex:value FILE:FIELD.PATH -->`
(`values.py`).

Blocks are inserted in two steps: `expand` swaps each marker for a placeholder paragraph, and
`substitute` swaps placeholders for the block's HTML after Markdown has run, so Markdown never
touches generated HTML.
"""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import jinja2
import jinja2.bccache

from calculators import Engine, InputError

from .load import RulesData
from .marker_scan import Ranges, code_ranges, unique_ids
from .page_markup import live_markup
from .problems import NotRun, Problem
from .unsound import NotChecked
from .values import expand_values

TEMPLATES = Path(__file__).parent / "templates"
_MARKER = re.compile(r"^[ \t]*<!--\s*codex:(?P<kind>[a-z0-9_-]+)(?:[ \t]+(?P<arg>[^\s]+?))?\s*-->[ \t]*$", re.M)
_BLOCK_TOKEN = "CODEXBLOCK"
_LOOSE = re.compile(r"<!--\s*codex\b", re.I)


@dataclass(slots=True)
class Site:
    """What block renderers may read: the rules data, its engine, templates, and where things live."""

    data: RulesData
    env: jinja2.Environment
    edit_base: str = ""
    # The rules engine of `data`; made from it when not given, so a renderer always has one.
    engine: Engine = None  # type: ignore[assignment]

    def __post_init__(self) -> None:
        if self.engine is None:
            self.engine = Engine(self.data.export())

    def edit_url(self, key: str) -> str:
        """Where a contributor edits rules_data/<key>.yaml."""
        return f"{self.edit_base}{self.data.source_of(key)}" if self.edit_base else ""

    def source(self, key: str) -> dict[str, str]:
        """The data file behind a block, for its "from … · edit" line."""
        return {"path": self.data.source_of(key), "edit": self.edit_url(key)}

    def render(self, template: str, **context: Any) -> str:
        """Render one template (autoescaped, undefined names are errors)."""
        return self.env.get_template(template).render(**context)


class BlockError(Exception):
    """A marker names something that does not exist."""


Block = Callable[[Site, str, "PageInfo"], str]
BLOCKS: dict[str, Block] = {}


@dataclass(slots=True)
class PageInfo:
    """The page a marker sits in: its source path and URL, relative to docs/."""

    src_uri: str
    url: str = ""
    uses_widgets: bool = False
    data_sources: list[str] = field(default_factory=list)
    not_run: list[NotRun] = field(default_factory=list)  # markers that read a value with a problem

    def link(self, target: str) -> str:
        """A relative link from this page to `target`, a site path like `source-notes/#x`."""
        depth = self.url.count("/") if self.url.endswith("/") or "/" in self.url else 0
        return "../" * depth + target


def block(kind: str) -> Callable[[Block], Block]:
    """Register a block renderer for `<!-- codex:KIND ARG -->`."""

    def register(func: Block) -> Block:
        BLOCKS[kind] = func
        return func

    return register


Table = Callable[[Site], str]
TABLES: dict[str, Table] = {}


def table(name: str) -> Callable[[Table], Table]:
    """Register a table built from rules data, shown by `<!-- codex:table NAME -->`."""

    def register(func: Table) -> Table:
        TABLES[name] = func
        return func

    return register


@dataclass(frozen=True, slots=True)
class GeneratedPage:
    """A page made from rules data: its Markdown, and the rules file a reader would edit.

    `stamped`: one of a family made by the thousand (all in one folder, all alike but for their
    title and content), drawn by filling one page shell the theme draws once (`stamp.py`).
    """

    markdown: str
    source_key: str
    stamped: bool = False


def page_clashes(made: Mapping[str, GeneratedPage], docs: Path, data: RulesData) -> list[Problem]:
    """Generated pages that would take the place of a page in docs/ (a creature with the id `index`
    would replace the Bestiary itself; one with the id `goblin` would be written where
    docs/wbs/bestiary/goblin/index.md is), each reported at the id in the rules file it is made from."""
    written = {page_url(path.relative_to(docs).as_posix()): path.relative_to(docs).as_posix()
               for path in docs.rglob("*.md")}
    return [Problem(data.source_of(page.source_key), data.line_of(page.source_key, ("id",)), "id",
                    f"its page would be written where docs/{written[page_url(src_uri)]} is, a page of the site "
                    "already: choose another id")
            for src_uri, page in sorted(made.items()) if page_url(src_uri) in written]


def page_url(src_uri: str) -> str:
    """The URL MkDocs gives a page with directory URLs: `wbs/tiers.md`, `wbs/tiers/index.md` and
    `wbs/tiers/README.md` are all `wbs/tiers/`, `index.md` is ``."""
    stem = src_uri.removesuffix(".md")
    for own in ("index", "README"):
        if stem == own or stem.endswith("/" + own):
            return stem.removesuffix(own)
    return stem + "/"


PageMaker = Callable[[RulesData], dict[str, GeneratedPage]]
PAGE_MAKERS: list[PageMaker] = []


def pages(func: PageMaker) -> PageMaker:
    """Register a function that makes pages (`src_uri` → GeneratedPage) from the rules data.

    Generated pages are kept out of the navigation (an index page links to them), so a
    bestiary of thousands of entries does not make every page carry thousands of links.
    """
    PAGE_MAKERS.append(func)
    return func


class _CompiledTemplates(jinja2.BytecodeCache):
    """The process's compiled templates, kept by name and used again only for the same source
    (Jinja2 compares the source's checksum): a process that builds or checks many times (`mkdocs
    serve`, the hostile corpus's checks) compiles each template once, not once a build."""

    def __init__(self) -> None:
        self._code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        if bucket.key in self._code:
            bucket.bytecode_from_string(self._code[bucket.key])

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self._code[bucket.key] = bucket.bytecode_to_string()


_COMPILED = _CompiledTemplates()


def make_env() -> jinja2.Environment:
    """The Jinja2 environment: autoescaped, and any undefined name is an error. Each build makes
    its own, so templates are read once per build (no check of the file before every render:
    a stat block is rendered thousands of times), and compiled once per process (`_COMPILED`)."""
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(TEMPLATES),
        bytecode_cache=_COMPILED,
        auto_reload=False,
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=False,
    )


def expand(markdown: str, site: Site, page: PageInfo, shown_path: str) -> tuple[str, dict[str, str], list[Problem]]:
    """Swap markers for placeholders; return the Markdown, placeholder → HTML, and problems."""
    refused = list(live_markup(markdown, shown_path))  # raw script, frames, handlers: never in a page
    markdown, rendered, problems = expand_values(markdown, site.data, shown_path, page.not_run)  # values first
    problems[:0] = refused
    values = len(rendered)
    in_code = Ranges(code_ranges(markdown))  # a marker shown in a code block is an example
    markers: set[int] = set()
    ids: set[str] = set()

    def replace(match: re.Match[str]) -> str:
        if match.start() in in_code:
            return match.group(0)
        markers.add(match.start() + match.group(0).index("<!--"))
        line = markdown.count("\n", 0, match.start()) + 1
        kind, arg = match["kind"], match["arg"] or ""
        renderer = BLOCKS.get(kind)
        if renderer is None:
            known = ", ".join(sorted(BLOCKS))
            problems.append(Problem(shown_path, line, "", f"unknown marker 'codex:{kind}' (known: {known})"))
            return ""
        try:
            html = renderer(site, arg, page)
        except BlockError as exc:
            problems.append(Problem(shown_path, line, "", f"codex:{kind} {arg}: {exc}"))
            return ""
        except NotChecked as exc:  # it reads a value with a problem of its own, reported at the value
            page.not_run.append(NotRun(shown_path, line, f"codex:{kind} {arg}".rstrip(), exc.unsound.where))
            return ""
        except InputError as exc:  # the rules data gives a calculator a value its form refuses
            problems.append(Problem(shown_path, line, "", f"codex:{kind} {arg}: the rules data gives "
                                                          f"{exc.field} a value the form refuses: {exc.message}"))
            return ""
        except Exception as exc:
            problems.append(Problem(shown_path, line, "", f"codex:{kind} {arg}: could not be drawn "
                                                          f"({type(exc).__name__}: {str(exc)[:200]})"))
            return ""
        token = f"{_BLOCK_TOKEN}{secrets.token_hex(6).upper()}"
        rendered[token] = unique_ids(_one_line_blocks(html), ids, len(rendered) - values + 1)
        return f"\n{token}\n"

    out = _MARKER.sub(replace, markdown)
    for match in _LOOSE.finditer(markdown):  # line numbers of the page as written
        if match.start() in in_code or match.start() in markers:
            continue
        line = markdown.count("\n", 0, match.start()) + 1
        wrong_case = "codex" not in match.group(0)
        problems.append(Problem(shown_path, line, "", "markers are written in lower case: <!-- codex:KIND ARG -->"
                                if wrong_case else
                                "malformed marker: write <!-- codex:KIND ARG --> on a line of its own"))
    return out, rendered, problems


def substitute(html: str, rendered: Mapping[str, str]) -> str:
    """Put each block's HTML where Markdown left its placeholder paragraph."""
    for token, block_html in rendered.items():
        if token.startswith(_BLOCK_TOKEN):  # a block replaces its paragraph; a value stays in its sentence
            html = html.replace(f"<p>{token}</p>", block_html)
        html = html.replace(token, block_html)
    return html


def _one_line_blocks(html: str) -> str:
    return "\n".join(line for line in html.splitlines() if line.strip())


def split_id(arg: str, what: str) -> tuple[str, str]:
    """`wbs.derived-limit` → (`wbs`, `derived-limit`); BlockError if there is no game part."""
    game, _, name = arg.partition(".")
    if not game or not name:
        raise BlockError(f"expected GAME.ID for the {what} (got {arg!r})")
    return game, name
