"""MkDocs adapter for the Codex pipeline in hooks/codex/: it wires events, nothing more.

Everything that loads, checks or renders lives in hooks/codex/ as plain functions, so moving
to another site generator means rewriting this file alone.
"""

from __future__ import annotations

import mimetypes
import os
import sys
from pathlib import Path
from typing import Any

import jinja2
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

_state: dict[str, Any] = {"codex": None, "pages": {}, "problems": [], "serving": False, "shells": {},
                          "unsearched": {}}


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
    _state["unsearched"] = {}
    from codex.stamp import families

    # CODEX_STAMP=0 has the theme draw every page itself: the test that stamping changes no byte.
    stamping = os.environ.get("CODEX_STAMP", "1") != "0"
    _state["families"] = families(_state["codex"].generated_pages) if stamping else {}
    _state["shells"] = {pages[0]: family for family, pages in _state["families"].items()}
    _state["csp"] = None if _state["serving"] else PolicyWriter()
    return config


def on_env(env: jinja2.Environment, *, config: MkDocsConfig, files: Files) -> jinja2.Environment:
    """The theme's templates, compiled once and kept in .cache/templates/ (Jinja2 compiles again a
    template whose source changed, and writes each file whole before it is read): a build compiled
    all of them again, about 0.4 s of CPU of each build's 4.5."""
    folder = ROOT / ".cache" / "templates"
    folder.mkdir(parents=True, exist_ok=True)
    env.bytecode_cache = jinja2.FileSystemBytecodeCache(str(folder))
    return env


def on_files(files: Files, *, config: MkDocsConfig) -> Files:
    """Add Pyodide's runtime files, the calculators bundle and the offline files to the site."""
    codex = _state["codex"]
    from codex.page_code import imported
    from codex.runtime import NOT_SHIPPED, early_downloads, runtime_files
    from codex.stdlib import TraceFailed

    imported.cache_clear()  # the modules' imports as this build finds them (mkdocs serve builds again)

    for dest, path in codex.static_files().items():
        if dest.rsplit("/", 1)[-1] not in NOT_SHIPPED:  # the trimmed standard library below stands in
            files.append(File.generated(config, dest, abs_src_path=str(path)))
    try:
        trimmed = runtime_files(ROOT, codex.static_files(), codex.pyodide_dir, codex.runtime.sources, codex.engine)
    except TraceFailed as exc:
        raise PluginError(str(exc)) from None
    _state["early_downloads"] = early_downloads(codex.pyodide_dir, trimmed)
    for dest, content in {**trimmed, **codex.generated_files()}.items():
        files.append(File.generated(config, dest, content=content))
    from codex.stamp import shell_markdown

    filled = {src_uri for family in _state["families"].values() for src_uri in family[1:]}
    for src_uri, page in codex.generated_pages.items():
        if src_uri in filled:
            continue  # drawn by filling its family's shell after the build (_stamp_families)
        markdown = shell_markdown(page.markdown) if src_uri in _state["shells"] else page.markdown
        files.append(File.generated(config, src_uri, content=markdown, inclusion=InclusionLevel.NOT_IN_NAV))
    from codex.fonts import CJK_CSS, cjk_characters, cjk_font, site_texts

    fonts, css = cjk_font(ROOT, cjk_characters(site_texts(ROOT)))  # only the slices our text uses
    for dest, path in fonts.items():
        files.append(File.generated(config, dest, abs_src_path=str(path)))
    files.append(File.generated(config, CJK_CSS, content=css))
    _bundle_styles(files, config)
    _add_search_worker(files, config)
    _add_offline_files(files, config)
    return files


def _bundle_styles(files: Files, config: MkDocsConfig) -> None:
    """Our stylesheets (extra_css, the generated CJK one included) as one file the pages link alone
    (codex/styles.py); the separate files stay out of the site."""
    from codex.styles import NotBundled, bundle

    sheets = {}
    for path in config.extra_css:
        found = files.get_file_from_path(path)
        if found is None:
            raise PluginError(f"extra_css lists {path}, which is not a file of the site")
        sheets[path] = found.content_string
        files.remove(found)
    try:
        name, text = bundle(sheets)
    except NotBundled as exc:
        raise PluginError(str(exc)) from None
    files.append(File.generated(config, name, content=text))
    config.extra_css = [name]


def _add_search_worker(files: Files, config: MkDocsConfig) -> None:
    """The site's search worker, beside the theme's, which it wraps (see codex/search.py)."""
    from codex.search import THEME_WORKER, WORKER, search_worker

    theme = [m.group(1) for f in files if (m := THEME_WORKER.fullmatch(f.src_uri))]
    if len(theme) != 1:
        raise PluginError(f"expected the theme's one search worker in assets/javascripts/workers/, found {theme}")
    files.append(File.generated(config, WORKER, content=search_worker(theme[0])))


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
    """Refuse the live markup the HTML holds that the source scan took for code; put the blocks' HTML
    in place (a family's shell keeps the token its pages' content fills)."""
    if page.file.src_uri in _state["shells"]:
        from codex.stamp import CONTENT

        return CONTENT
    result = _state["pages"].get(page.file.src_uri)
    if result is None:
        return html
    _state["problems"].extend(_state["codex"].markup_problems(html, result))  # markup Markdown did not take as code
    return _state["codex"].content_html(html, result)


@event_priority(50)  # before the search plugin indexes the page's content
def on_page_context(context: dict[str, Any], *, page: Page, config: MkDocsConfig, nav: Any) -> dict[str, Any]:
    """Point the page's edit button at its source (no repo_url: nothing is fetched from a forge);
    list the section's pages at `codex:pages`; put a stat block under its bestiary; set aside what
    the search plugin is not to read; give a family's shell the tokens of a page's own parts."""
    page.edit_url = _state["codex"].edit_url_for(page.file.src_uri) or None
    from codex.navigation import adopt, fill_pages

    if adopt(page, nav.pages):
        page.active = True  # marks the bestiary, the game's section and its tab as active
    page.content = fill_pages(page.content or "", page, lambda url: get_relative_url(url, page.url))
    from codex.search import set_aside

    page.content, _state["unsearched"][page.file.src_uri] = set_aside(page.content)
    if page.file.src_uri in _state["shells"]:
        from codex.stamp import ADDRESS, EDIT

        page.edit_url = EDIT if page.edit_url else None
        page.canonical_url = ADDRESS if page.canonical_url else None
    return context


def on_post_page(output: str, *, page: Page, config: MkDocsConfig) -> str:
    """Put back what the search index was not to read, name the site's search worker; before the page
    is drawn, name its stylesheets by absolute addresses (codex/styles_first.py), show the reader's
    palette (codex/palette_first.py) and give the root its kind's classes (codex/page_code.py); start
    a page's engine from its head (codex/early_engine.py), name the code its parts use (codex/page_code.py);
    then put the Content Security Policy in the page
    (not under `mkdocs serve`: see on_startup)."""
    from codex.early_engine import with_early_engine
    from codex.page_code import with_page_code, with_page_kind
    from codex.palette_first import with_palette_first
    from codex.runtime import WORKER
    from codex.search import put_back, use_site_worker
    from codex.styles_first import with_styles_first

    output = use_site_worker(put_back(output, _state["unsearched"].pop(page.file.src_uri, {})))
    downloads = [get_relative_url(path, page.url) for path in _state["early_downloads"]]
    first = with_page_kind(with_palette_first(with_styles_first(output)))
    output = with_page_code(with_early_engine(first, get_relative_url(WORKER, page.url), downloads),
                            Path(config.docs_dir))
    return _state["csp"].page(output, page.file.abs_dest_path) if _state.get("csp") else output


@event_priority(-100)  # after the search plugin has written its index
def on_post_build(*, config: MkDocsConfig) -> None:
    """Tune the search index and write the creatures' own; finish the CSP of every page and the
    hosts' headers; draw the stamped pages from their finished shells; fail the build if any page
    had a marker problem or an inline script the policy refuses, or any file the build wrote still
    holds a value marker as text, listing them all; then write the
    service worker, whose precache revisions are those of the finished files."""
    _write_search_indexes(Path(config.site_dir))
    refused = _finish_policy(Path(config.site_dir))
    _stamp_families(config)
    from codex.values import unrendered

    problems = sorted(set(_state["problems"])) + refused + unrendered(Path(config.site_dir))
    if problems:
        listing = "\n".join(f"  {p}" for p in problems)
        raise PluginError(f"{len(problems)} problem(s) in docs/:\n{listing}")
    from codex.offline import ServiceWorkerFailed, write_service_worker

    try:
        write_service_worker(Path(config.site_dir), serving=_state["serving"])
    except ServiceWorkerFailed as exc:
        raise PluginError(str(exc)) from None


def _write_search_indexes(site_dir: Path) -> None:
    """Tune the theme's search index (games, glossary keywords) and keep its entries apart from the
    settings every page fetches; write the creatures' own index;
    have the theme's own pages (404.html, drawn without the page events) name the site's worker."""
    from codex.glossary import search_keywords
    from codex.search import (
        CREATURE_INDEX,
        PAGE_INDEX,
        UnknownSection,
        creature_index,
        settings_only,
        tune_index,
        use_site_worker,
    )

    from calculators import GAMES

    not_found = site_dir / "404.html"
    if not_found.is_file():
        not_found.write_text(use_site_worker(not_found.read_text(encoding="utf-8")), encoding="utf-8")
    index = site_dir / "search" / "search_index.json"
    if not index.is_file():
        return
    data = _state["codex"].data
    try:
        tuned = tune_index(index.read_text(encoding="utf-8"), search_keywords(data, GAMES))
    except UnknownSection as exc:
        raise PluginError(f"glossary defined_in names sections the site does not have: {exc}") from None
    settings, pages = settings_only(tuned)  # the page fetches the settings; the first search the entries
    index.write_text(settings, encoding="utf-8")
    (site_dir / PAGE_INDEX).write_text(pages, encoding="utf-8")
    (site_dir / CREATURE_INDEX).write_text(creature_index(data), encoding="utf-8")


def _stamp_families(config: MkDocsConfig) -> None:
    """Draw every stamped page from its family's shell (written by the theme, its policy finished),
    with its own parts rendered by the site's Markdown converter; list them in the sitemap."""
    import markdown
    from codex.page_code import with_page_code
    from codex.stamp import list_in_sitemap, write_family

    converter = markdown.Markdown(extensions=config.markdown_extensions, extension_configs=config.mdx_configs)

    def convert(text: str) -> str:
        converter.reset()
        return converter.convert(text)

    for src_uris in _state["families"].values():
        made, problems = _state["codex"].stamped_pages(src_uris, convert, config.site_url or "")
        _state["problems"].extend(problems)
        # the shell's content named no code
        write_family(Path(config.site_dir), made, lambda page_html: with_page_code(page_html, Path(config.docs_dir)))
        list_in_sitemap(Path(config.site_dir), made)


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
