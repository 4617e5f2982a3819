"""MkDocs adapter for the Codex pipeline in hooks/codex/: it wires events, nothing more.

Everything that loads, checks or renders lives in hooks/codex/ as plain functions, so moving
to another site generator means rewriting this file alone.
"""

from __future__ import annotations

import mimetypes
import sys
from pathlib import Path
from typing import Any

from mkdocs.config.defaults import MkDocsConfig
from mkdocs.exceptions import PluginError
from mkdocs.plugins import event_priority
from mkdocs.structure.files import File, Files, InclusionLevel
from mkdocs.structure.pages import Page
from mkdocs.utils import get_relative_url

HOOKS = Path(__file__).resolve().parent
ROOT = HOOKS.parent

# A .wasm served with the wrong type makes Pyodide hang without a word; .mjs must be JavaScript
# or module scripts refuse to run. The dev server serves with these types.
mimetypes.add_type("application/wasm", ".wasm")
mimetypes.add_type("text/javascript", ".mjs")

_state: dict[str, Any] = {"codex": None, "pages": {}, "problems": [], "serving": False}


def on_startup(*, command: str, dirty: bool) -> None:
    """Remember whether this is `mkdocs serve`: no offline cache while editing, and no CSP, which
    would refuse the inline live-reload script it injects."""
    _state["serving"] = command == "serve"


def on_config(config: MkDocsConfig) -> MkDocsConfig:
    """Load and check the rules data; fail the build with every problem at once."""
    if mimetypes.guess_type("x.wasm")[0] != "application/wasm":
        raise PluginError("the dev server would serve .wasm with the wrong MIME type")
    for path in (str(ROOT), str(HOOKS)):
        if path not in sys.path:
            sys.path.insert(0, path)
    for name in [m for m in sys.modules if m.split(".")[0] in {"codex", "calculators"}]:
        del sys.modules[name]  # mkdocs serve: pick up edits to the engine on every rebuild
    from codex.csp import PolicyWriter
    from codex.problems import DataError
    from codex.pyodide_files import PyodideMissing
    from codex.site import Codex

    try:
        _state["codex"] = Codex(ROOT, edit_base=config.extra.get("edit_base", ""))
    except (DataError, PyodideMissing) as exc:
        raise PluginError(str(exc)) from None
    _state["pages"] = {}
    _state["problems"] = []
    _state["csp"] = None if _state["serving"] else PolicyWriter()
    return config


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    """Add Pyodide's runtime files, the calculators bundle and the offline files to the site."""
    codex = _state["codex"]
    from codex.runtime import NOT_SHIPPED, runtime_files
    from codex.stdlib import TraceFailed

    for dest, path in codex.static_files().items():
        if dest.rsplit("/", 1)[-1] not in NOT_SHIPPED:  # the trimmed standard library below stands in
            files.append(File.generated(config, dest, abs_src_path=str(path)))
    try:
        trimmed = runtime_files(ROOT, codex.static_files(), codex.pyodide_dir, codex.runtime.sources, codex.engine)
    except TraceFailed as exc:
        raise PluginError(str(exc)) from None
    for dest, content in trimmed.items():
        files.append(File.generated(config, dest, content=content))
    for src_uri, page in codex.generated_pages.items():
        files.append(File.generated(config, src_uri, content=page.markdown, inclusion=InclusionLevel.NOT_IN_NAV))
    from codex.fonts import CJK_CSS, cjk_characters, cjk_font, site_texts

    fonts, css = cjk_font(ROOT, cjk_characters(site_texts(ROOT)))  # only the slices our text uses
    for dest, path in fonts.items():
        files.append(File.generated(config, dest, abs_src_path=str(path)))
    files.append(File.generated(config, CJK_CSS, content=css))
    _add_offline_files(files, config)
    return files


def _add_offline_files(files: Files, config: MkDocsConfig) -> None:
    """The page side of the service worker: workbox-window, which offline.mjs imports."""
    from codex.offline import ServiceWorkerFailed, window_module

    try:
        made = window_module(ROOT)
    except ServiceWorkerFailed as exc:
        raise PluginError(str(exc)) from None
    for dest, content in made.items():
        files.append(File.generated(config, dest, content=content))


def on_page_markdown(markdown: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Swap the page's markers for placeholders, remembering the blocks' HTML."""
    result = _state["codex"].page(markdown, page.file.src_uri, page.url)
    _state["pages"][page.file.src_uri] = result
    _state["problems"].extend(result.problems)
    return result.markdown


def on_page_content(html: str, *, page: Page, config: MkDocsConfig, files: Files) -> str:
    """Put the blocks' HTML in place."""
    result = _state["pages"].get(page.file.src_uri)
    from codex.fonts import tile_glyphs
    from codex.search import spaced_cells

    return tile_glyphs(spaced_cells(_state["codex"].page_html(html, result) if result else html))


@event_priority(50)  # before the search plugin indexes the page's content
def on_page_context(context: dict[str, Any], *, page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """Point the page's edit button at its source (no repo_url: nothing is fetched from a forge);
    list the section's pages at `codex:pages`; put a stat block under its bestiary."""
    page.edit_url = _state["codex"].edit_url_for(page.file.src_uri) or None
    from codex.navigation import adopt, fill_pages

    if adopt(page, nav.pages):
        page.active = True  # marks the bestiary, the game's section and its tab as active
    page.content = fill_pages(page.content or "", page, lambda url: get_relative_url(url, page.url))
    return context


def on_post_page(output: str, *, page: Page, config: MkDocsConfig) -> str:
    """Put the Content Security Policy in the page (not under `mkdocs serve`: see on_startup)."""
    return _state["csp"].page(output, page.file.abs_dest_path) if _state.get("csp") else output


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(*, config: MkDocsConfig) -> None:
    """Tune the search index; finish the CSP of every page; fail the build if any page had a marker
    problem or an inline script the policy refuses, listing them all; then write the service
    worker, whose precache revisions are those of the finished files."""
    from codex.glossary import search_keywords
    from codex.search import UnknownSection, creature_entries, tune_index

    from calculators import GAMES

    index = Path(config.site_dir) / "search" / "search_index.json"
    if index.is_file():
        data = _state["codex"].data
        try:
            tuned = tune_index(index.read_text(encoding="utf-8"), search_keywords(data, GAMES),
                               creature_entries(data))
        except UnknownSection as exc:
            raise PluginError(f"glossary defined_in names sections the site does not have: {exc}") from None
        index.write_text(tuned, encoding="utf-8")
    refused = _finish_policy(Path(config.site_dir))
    problems = sorted(set(_state["problems"])) + refused
    if problems:
        listing = "\n".join(f"  {p}" for p in problems)
        raise PluginError(f"{len(problems)} problem(s) in docs/:\n{listing}")
    from codex.offline import ServiceWorkerFailed, write_service_worker

    try:
        write_service_worker(Path(config.site_dir), serving=_state["serving"])
    except ServiceWorkerFailed as exc:
        raise PluginError(str(exc)) from None


def _finish_policy(site_dir: Path) -> list[str]:
    """Bring every page's CSP up to date and write the headers for hosts that send them; the
    inline scripts the policy refuses (none may be in a page the build writes)."""
    writer = _state.get("csp")
    if writer is None:  # mkdocs serve: no policy (see on_startup)
        return []
    from codex.csp import HEADERS_FILE, headers_file, host_headers
    from codex.offline import SW_NAME
    from codex.runtime import WORKER

    writer.finish(site_dir)
    (site_dir / HEADERS_FILE).write_text(headers_file(host_headers(WORKER, SW_NAME)), encoding="utf-8")
    return writer.refused


def on_serve(server: Any, *, config: MkDocsConfig, builder: Any) -> Any:
    """Rebuild when rules data, the engine or the pipeline change."""
    for folder in ("rules_data", "calculators", "hooks"):
        server.watch(str(ROOT / folder))
    return server
