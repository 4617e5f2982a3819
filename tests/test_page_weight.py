"""A page loads only what it uses (issue 34): budgets per kind of page, from the built pages.

What a built page references is read from its HTML: the stylesheets it links, the scripts it runs
with every module they import (read from the built files), and what the theme fetches on every
page (its search settings, the search worker it starts). A rules page runs no calculator's or
table tool's code and downloads no search entry; each kind of page links one stylesheet of ours.
A browser then loads wbs/basics/ with every request off 127.0.0.1 blocked and counts the bytes
the server sent, and follows instant navigation to a table page, whose tool must still come alive.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import urljoin, urlsplit

import pytest
from codex.page_code import ENTRY, PARTS

from tests.support.browser import local_only
from tests.support.server import serve

KINDS = {"rules": "wbs/basics/", "calculator": "wbs/energy/", "table": "wbs/fight/"}
# Gzipped bytes (as a host sends them) of the page, its stylesheets, its scripts with their imports
# and what the theme fetches on every page. Measured at 97, 139 and 161 KB (392, 532 and 627 KB as
# built); before issue 34 every page loaded about 290 KB (1,036 KB as built), 105 KB of it the
# search index, and the theme's own files (its bundle and stylesheets) are 60 KB of a rules page's.
# Issues 29 and 32 then added the device store's typed checks, the fighters' cards, the bar's amounts,
# the log region and the picker's button (its dialog loads at the first tap): 146 and 177 KB.
# Issue 28's tap (answers asked ahead parsed at idle, a rows field's caret let go, the round prompt
# loaded at idle): the table page 181 KB, its comments cut to a line each; 182 is its budget.
# The header's palette shown before the first paint and switched by our inline script, not the theme's
# palette code (hooks/codex/palette_first.py: about 0.9 s less main thread per load on a phone), added
# 0.8 KB to every page's HTML (the script, its hash in the policy): 98, 150.5 and 182.3 KB.
BUDGET_KB = {"rules": 100, "calculator": 151, "table": 183}
THEME_FETCHES = ("search/search_index.json", "assets/javascripts/workers/codex-search.js")
# Code only a calculator, a table tool or the tile table runs (and the search's entries).
PART_CODE = {name for name, _ in PARTS} | {"rows.mjs", "saves.mjs", "kept.mjs", "store.mjs", "loading.mjs",
                                           "url-state.mjs", "form-changes.mjs", "form-state.mjs", "engine-early.mjs",
                                           "secrets.mjs"}
_LINK = re.compile(r'<link rel="stylesheet" href="([^"]+)"')
_SCRIPT = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
_IMPORT = re.compile(r'^\s*import\s+(?:[^"\';]*?\s+from\s+)?["\']([^"\']+)["\']', re.M)


def _site_path(base: str, ref: str) -> str:
    return urlsplit(urljoin(base, ref)).path.lstrip("/")


@cache
def _imports(site: Path, path: str) -> tuple[str, ...]:
    """Every module `path` imports statically, itself first, each once."""
    seen = [path]
    for ref in _IMPORT.findall((site / path).read_text(encoding="utf-8")):
        for found in _imports(site, _site_path(f"http://x/{path}", ref)):
            if found not in seen:
                seen.append(found)
    return tuple(seen)


def references(site: Path, url: str) -> dict[str, list[str]]:
    """The files the page at `url` loads as it opens: by kind."""
    html = (site / url / "index.html").read_text(encoding="utf-8")
    base = f"http://x/{url}"
    scripts: list[str] = []
    for ref in _SCRIPT.findall(html):
        path = _site_path(base, ref)
        for found in _imports(site, path) if path.endswith(".mjs") else (path,):
            if found not in scripts:
                scripts.append(found)
    return {"page": [f"{url}index.html"], "styles": [_site_path(base, ref) for ref in _LINK.findall(html)],
            "scripts": scripts, "theme": list(THEME_FETCHES)}


def gzipped(site: Path, paths: list[str]) -> int:
    return sum(len(gzip.compress((site / p).read_bytes(), compresslevel=6, mtime=0)) for p in paths)


@pytest.mark.parametrize("kind", KINDS)
def test_each_kind_of_page_keeps_to_its_budget(built_site: Path, kind: str) -> None:
    loaded = references(built_site, KINDS[kind])
    ours = [p for p in loaded["styles"] if not re.search(r"\.[0-9a-f]{8}\.min\.css$", p)]
    assert len(ours) == 1 and re.fullmatch(r"assets/stylesheets/codex\.[0-9a-f]{8}\.css", ours[0]), loaded["styles"]
    every = [p for p in loaded.values() for p in p]
    size = gzipped(built_site, every) / 1024
    print(f"\n{kind} ({KINDS[kind]}): {len(every)} files, {size:.0f} KB gzipped, "
          f"{sum((built_site / p).stat().st_size for p in every) / 1024:.0f} KB as built")
    assert size <= BUDGET_KB[kind], f"{kind} page loads {size:.0f} KB gzipped (budget {BUDGET_KB[kind]}): {every}"
    names = {p.rsplit("/", 1)[-1] for p in loaded["scripts"]}
    if kind == "rules":
        assert not names & PART_CODE, names & PART_CODE
    else:
        assert {"codex.mjs", "calc-tools.mjs"} <= names
        assert ("table-tools.mjs" in names) == (kind == "table")


def test_the_search_settings_every_page_fetches_hold_no_entry(built_site: Path) -> None:
    index = (built_site / "search" / "search_index.json").read_bytes()
    assert len(index) < 2048 and b'"docs":[]' in index


def test_a_page_runs_part_code_only_for_the_parts_it_has(built_site: Path) -> None:
    """Every built page: its scripts are every page's (site.mjs and its imports) and the modules of
    the parts its HTML has (page_code.PARTS), with their imports."""
    common = set(_imports(built_site, ENTRY))
    wrong = []
    for page in sorted(built_site.rglob("index.html")):
        url = page.parent.relative_to(built_site).as_posix() + "/"
        url = "" if url == "./" else url
        html = page.read_text(encoding="utf-8")
        allowed = set(common) | {"assets/javascripts/bundle.d7400e89.min.js"}
        for name, needs in PARTS:
            if needs.search(html):
                allowed |= set(_imports(built_site, f"assets/javascripts/{name}"))
        extra = [p for p in references(built_site, url)["scripts"] if p not in allowed and ".min.js" not in p]
        if extra:
            wrong.append(f"{url}: {extra}")
    assert wrong == []


_PRELOAD = re.compile(r'<link rel="modulepreload" fetchpriority="low" href="([^"]+)">')


def test_a_page_asks_from_its_head_for_every_module_its_scripts_import(built_site: Path) -> None:
    """The modules a page's scripts import, to any depth, are asked for from its head at once
    (page_code.py): no more (no code on demand, nothing twice), no fewer, each a file of the site."""
    wrong = []
    for page in sorted(built_site.rglob("index.html")):
        url = page.parent.relative_to(built_site).as_posix() + "/"
        url = "" if url == "./" else url
        html = page.read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        base = f"http://x/{url}"
        scripts = [_site_path(base, ref) for ref in _SCRIPT.findall(html) if ref.endswith(".mjs")]
        wanted = {found for path in scripts for found in _imports(built_site, path)} - set(scripts)
        preloaded = [_site_path(base, ref) for ref in _PRELOAD.findall(head)]
        if sorted(preloaded) != sorted(wanted) or len(set(preloaded)) != len(preloaded):
            wrong.append(f"{url}: preloads {sorted(preloaded)}, its scripts import {sorted(wanted)}")
        wrong += [f"{url}: {path} is no file" for path in preloaded if not (built_site / path).is_file()]
    assert wrong == []
    fight = (built_site / "wbs" / "fight" / "index.html").read_text(encoding="utf-8")
    assert {"../../assets/javascripts/rows.mjs", "../../assets/javascripts/workbox-window.mjs"} <= set(
        _PRELOAD.findall(fight)), "the fight page's deepest imports are not asked for early"


@pytest.fixture(scope="module")
def fresh_site(built_site: Path, site_port: int) -> Iterator[tuple[str, Any]]:
    """The built site served with the server's record of every response's bytes."""
    with serve(built_site, site_port) as (base, requests):
        yield base, requests


@pytest.mark.browser
def test_a_rules_page_transfers_its_budget_and_navigates_to_a_live_table(fresh_site: tuple[str, Any],
                                                                          module_browser: Any) -> None:
    base, requests = fresh_site
    # No service worker: its offline copy fetches every file, after the page, on purpose (offline.mjs).
    context = module_browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    blocked: list[str] = []
    errors: list[str] = []
    page = context.new_page()
    local_only(page, blocked)
    page.on("pageerror", lambda e: errors.append(str(e)))
    requests.sent.clear()
    page.goto(base + KINDS["rules"], wait_until="load")
    page.wait_for_timeout(2000)  # idle: what the page fetches once loaded (the sitemap, the search settings)
    sent = {urlsplit(p).path.lstrip("/"): n for p, n in requests.sent}
    total = sum(sent.values()) / 1024
    print(f"\nwbs/basics/: {len(sent)} files, {total:.0f} KB sent: {sorted(sent)}")
    assert total <= BUDGET_KB["rules"] + 5, sent  # the sitemap (instant navigation's) and the favicon besides
    names = {p.rsplit("/", 1)[-1] for p in sent}
    assert not names & (PART_CODE | {"pages.json", "creatures.json"}), names
    assert not [p for p in sent if "/workers/search." in p or "pyodide" in p]

    page.evaluate("window.__sameDocument = true")
    page.click('nav.md-nav--primary a[href$="/fight/"]')  # instant navigation: no script of its body runs
    page.wait_for_selector('form[data-calc="wbs.combat_tracker"][data-table-ready="yes"]', timeout=60_000)
    page.wait_for_selector('form[data-calc="wbs.combat_tracker"] .calc__tools', timeout=10_000)
    assert page.evaluate("window.__sameDocument") is True, "navigation reloaded the page"
    assert blocked == [] and errors == []
    context.close()


# Modules no page names: the calculators' worker and what it loads.
_DYNAMIC = re.compile(r'import\("\./([\w-]+\.mjs)"\)')
NOT_PAGE_PARTS = {"codex-worker.mjs", "meter.mjs"}


def test_every_page_module_is_loaded_by_some_page(built_site: Path) -> None:
    """A module of docs/assets/javascripts/ runs only if site.mjs or a module of page_code.PARTS
    imports it (mkdocs.yml lists site.mjs alone): a new module goes in PARTS, with what in a page's
    HTML needs it, or is imported by one that is there."""
    root = Path(__file__).resolve().parent.parent / "docs" / "assets" / "javascripts"
    reached = set(_imports(built_site, ENTRY))
    for name, _ in PARTS:
        reached |= set(_imports(built_site, f"assets/javascripts/{name}"))
    # and what those load on demand (a dialog's code at its first tap: import("./picker-dialog.mjs"))
    # (to any depth: the link's page code loads its camera's only when Scan is pressed)
    seen: set[str] = set()
    while reached - seen:
        path = sorted(reached - seen)[0]
        seen.add(path)
        for ref in _DYNAMIC.findall((built_site / path).read_text(encoding="utf-8")):
            reached |= set(_imports(built_site, f"assets/javascripts/{ref}"))
    names = {p.rsplit("/", 1)[-1] for p in reached}
    unreached = sorted(p.name for p in root.glob("*.mjs") if p.name not in names | NOT_PAGE_PARTS)
    assert unreached == [], f"no page loads {unreached}: name them in hooks/codex/page_code.py PARTS"


def test_every_part_has_its_hints() -> None:
    """page_code searches a page for a part's pattern only when one of its hints is in it."""
    from codex.page_code import _HINTS
    assert {name for name, _ in PARTS} == set(_HINTS)
    for name, pattern in PARTS:
        words = pattern.pattern.replace("\\b", "").replace("\\", "")
        assert any(hint in words or hint.rstrip("=") in words for hint in _HINTS[name]), (name, _HINTS[name])
