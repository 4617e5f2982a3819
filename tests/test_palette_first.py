"""A page shows the reader's palette, and its kind's classes, before it is first drawn, and nothing
restyles the whole page after that (hooks/codex/palette_first.py, palette-first.js, styles-first.js,
page_code.py `with_page_kind`); the header's toggle still switches the palette (palette-first.js)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from codex.csp import ThemeChanged, inline_scripts, is_known_script, script_hash
from codex.page_code import with_page_kind
from codex.palette_first import script, with_palette_first

from tests.test_browser import browser, site  # noqa: F401  (shared fixtures)

FORM = ('<form class="md-header__option" data-md-component="palette">\n'
        '<input class="md-option" data-md-color-media="(prefers-color-scheme: light)" data-md-color-scheme="default"'
        ' type="radio" name="__palette" id="__palette_0">\n'
        '<label class="md-header__button md-icon" title="Switch to dark mode" for="__palette_1" hidden></label>\n'
        '</form>')
PAGE = f"""<!doctype html><html lang="en" class="no-js"><head><title>t</title></head><body>
<header class="md-header" data-md-component="header">{FORM}<script>theme()</script></header>
<article class="md-content__inner md-typeset"><p>x</p></article></body></html>"""


def test_the_form_is_taken_from_the_theme_and_the_script_runs_just_after_it() -> None:
    assert not script().startswith("//") and "__palette" in script()
    assert is_known_script(script()) and not is_known_script(script() + ";alert(1)")
    out = with_palette_first(PAGE)
    assert 'data-md-component="palette"' not in out and "<form class=\"md-header__option\" data-codex-palette>" in out
    assert f"</form><script>{script()}</script><script>theme()</script>" in out
    back = out.replace(f"<script>{script()}</script>", "")
    assert back.replace(" data-codex-palette", ' data-md-component="palette"') == PAGE
    assert list(inline_scripts(out)) == [script(), "theme()"]


def test_a_page_without_the_header_is_left_as_it_is_and_a_changed_theme_form_fails_the_build() -> None:
    bare = "<!doctype html><html><head></head><body><p>404</p></body></html>"
    assert with_palette_first(bare) == bare
    changed = PAGE.replace('data-md-component="palette"', 'data-md-component="palette" data-new')
    with pytest.raises(ThemeChanged, match="palette form"):
        with_palette_first(changed)


TABLE = '<form id="f" class="calc calc--long calc--table" data-calc="wbs.combat_tracker" data-table>'


def test_the_root_gets_the_classes_of_the_page_s_kind_once() -> None:
    page = PAGE.replace("<p>x</p>", TABLE + "</form>")
    out = with_page_kind(page)
    assert '<html lang="en" class="no-js codex-page--table codex-page--long">' in out
    assert with_page_kind(out) == out  # a stamped page passes twice
    assert with_page_kind(PAGE) == PAGE  # a rules page: no kind
    long_only = PAGE.replace("<p>x</p>", '<form id="g" class="calc calc--long" data-calc="wbs.builder"></form>')
    assert 'class="no-js codex-page--long"' in with_page_kind(long_only)
    # Words in the page's text are not a form's classes.
    words = PAGE.replace("<p>x</p>", "<p>calc--table</p>")
    assert with_page_kind(words) == words


def test_every_built_page_with_a_header_has_the_script_after_the_form(built_site: Path) -> None:
    for page in sorted(built_site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        if 'name="__palette"' not in html or (page.name == "404.html" and page.parent == built_site):
            continue  # the theme's own 404 page is drawn without the page events: the theme's palette code runs there
        assert 'data-md-component="palette"' not in html, page
        assert re.search(r"<form class=\"md-header__option\" data-codex-palette>.*?</form><script>"
                         + re.escape(script()) + "</script>", html, re.S), page
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
        assert script_hash(script()) in policy, page
    fight = (built_site / "wbs" / "fight" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html [^>]*class="no-js codex-page--table codex-page--long"', fight)
    rules = (built_site / "wbs" / "basics" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<html [^>]*class="no-js"', rules)


# Style recalculations of (nearly) every element of the page, from a trace of its load. The page's
# first style may be one (or be computed in parts as the parser goes); the theme's palette code and
# class swaps, once its bundle ran, made four or five more on every page (CPU x4: 24-143 ms each).
def whole_page_restyles(browser: Any, url: str, scheme: str, *, visits: int = 2) -> list[list[int]]:  # noqa: F811
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block",
                                  color_scheme=scheme)
    page = context.new_page()
    # The engine's worker is not started: this counts the page's style, and Pyodide's start in the
    # worker would cost the suite seconds of CPU per load at x4.
    page.route("**/codex-worker.mjs", lambda route: route.abort())
    # A phone's CPU (x4): on a fast one the theme's bundle runs before the page's first style is computed.
    context.new_cdp_session(page).send("Emulation.setCPUThrottlingRate", {"rate": 4})
    found = []
    try:
        for _ in range(visits):  # the first visit keeps the palette, the next one starts from it
            browser.start_tracing(page=page, categories=["devtools.timeline", "disabled-by-default-devtools.timeline"])
            page.goto(url, wait_until="load")
            page.evaluate("() => new Promise((r) => setTimeout(r, 800))")  # the bundle's timers, our modules
            trace = json.loads(browser.stop_tracing())
            elements = page.evaluate("document.getElementsByTagName('*').length")
            events = trace["traceEvents"] if isinstance(trace, dict) else trace
            main = {(e["pid"], e["tid"]) for e in events if e.get("name") == "thread_name"
                    and e.get("args", {}).get("name") == "CrRendererMain"}
            mine = sorted((e for e in events if (e["pid"], e["tid"]) in main and e.get("ph") == "X"),
                          key=lambda e: e["ts"])
            start = next(e["ts"] for e in mine if e["name"] == "ParseHTML"
                         and e.get("args", {}).get("beginData", {}).get("url", "").startswith(url))
            found.append([e["args"]["elementCount"] for e in mine if e["name"] == "UpdateLayoutTree" and e["ts"] > start
                          and (e.get("args", {}).get("elementCount") or 0) >= 0.75 * elements])
    finally:
        context.close()
    return found


# A change of the root's class once the body is there (the head's own script, styles-first.js, runs
# before anything is drawn): site.mjs's page kinds, the theme's class swaps.
ROOT_CLASS = """window.__rootClass = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const now = document.documentElement.className;
    if (change.target === document.documentElement && document.body && change.oldValue !== now) {
      window.__rootClass.push([change.oldValue, now]);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["class"], attributeOldValue: true });"""


@pytest.mark.browser
def test_a_page_s_style_is_computed_whole_at_most_once(site: tuple[str, list[str]], browser: Any) -> None:  # noqa: F811
    base, _ = site
    # A calculator's page: the reader's first visit (the palette kept) and the next, light; dark, the
    # first visit (where the theme switched the palette to the system's).
    assert all(len(visit) <= 1 for visit in whole_page_restyles(browser, base + "wbs/attributes/", "light")), "light"
    assert all(len(visit) <= 1 for visit in whole_page_restyles(browser, base + "wbs/attributes/", "dark", visits=1)), \
        "dark"
    # The fight page (its kind's classes written by the build): its root's class is never changed once
    # the body is parsed, so nothing restyles its thousand elements.
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    page.route("**/codex-worker.mjs", lambda route: route.abort())  # its tool binds without an engine
    page.add_init_script(ROOT_CLASS)
    try:
        page.goto(base + "wbs/fight/", wait_until="load")
        page.wait_for_selector('form[data-table-ready="yes"]', timeout=60_000)  # its table tool bound, its bar shown
        assert page.evaluate("window.__rootClass") == []
        assert sorted(page.evaluate("document.documentElement.className").split()) == \
            ["codex-page--long", "codex-page--table", "js", "js-focus-visible"]
    finally:
        context.close()


PALETTE = """() => ({ scheme: document.body.dataset.mdColorScheme,
  meta: [...document.querySelectorAll('meta[name="color-scheme"]')].map((m) => m.content),
  shown: [...document.querySelectorAll('form[data-codex-palette] label')].filter((l) => !l.hidden)
    .map((l) => l.htmlFor),
  root: document.documentElement.className })"""


@pytest.mark.browser
def test_the_toggle_switches_the_palette_keeps_it_and_enter_switches_back(site: tuple[str, list[str]],  # noqa: F811
                                                                          browser: Any) -> None:  # noqa: F811
    base, _ = site
    context = browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    try:
        page.goto(base + "wbs/basics/", wait_until="load")
        assert page.evaluate(PALETTE) == {"scheme": "default", "meta": ["light"], "shown": ["__palette_1"],
                                          "root": "js js-focus-visible"}
        page.locator('label[for="__palette_1"]').click()  # the header's "Switch to dark mode"
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'slate'")
        assert page.evaluate(PALETTE)["meta"] == ["dark"] and page.evaluate(PALETTE)["shown"] == ["__palette_0"]
        page.wait_for_function("() => !document.body.hasAttribute('data-md-color-switching')")
        # Kept: the next page, loaded whole, starts dark, and so does one reached by the theme's instant navigation.
        page.goto(base + "wbs/attributes/", wait_until="load")
        assert page.evaluate(PALETTE)["scheme"] == "slate" and page.evaluate(PALETTE)["meta"] == ["dark"]
        page.locator(".md-nav--primary").get_by_role("link", name="The basics", exact=True).click()
        page.wait_for_url(base + "wbs/basics/")
        assert page.evaluate(PALETTE)["scheme"] == "slate"
        # Enter on the focused option switches, as the theme had it.
        page.locator("#__palette_1").focus()
        page.keyboard.press("Enter")
        page.wait_for_function("() => document.body.dataset.mdColorScheme === 'default'")
        assert page.evaluate(PALETTE)["shown"] == ["__palette_1"]
        assert page.evaluate("document.activeElement.id") == "__palette_0"
    finally:
        context.close()
    assert errors == []


@pytest.mark.browser
@pytest.mark.parametrize(("kept", "scheme", "shown"), [('{"index": 1e9}', "slate", ["__palette_0"]),
                                                       ('{"index": "dark", "color": 7}', "default", ["__palette_1"]),
                                                       ("null", "default", ["__palette_1"])])
def test_a_palette_kept_wrong_still_gives_one_palette_and_its_toggle(site: tuple[str, list[str]],  # noqa: F811
                                                                   browser: Any, kept: str,  # noqa: F811
                                                                   scheme: str, shown: list[str]) -> None:
    base, _ = site
    context = browser.new_context(service_workers="block", color_scheme="light")
    page = context.new_page()
    # The theme's storage key, scoped to the site's root (its base script: `__md_scope`).
    page.add_init_script(f"localStorage.setItem('/.__palette', {json.dumps(kept)})")
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    try:
        page.goto(base + "wbs/basics/", wait_until="load")
        got = page.evaluate(PALETTE)
        assert (got["scheme"], got["shown"]) == (scheme, shown)
    finally:
        context.close()
    assert errors == []
