"""Accessibility in headless Chromium: axe-core (pinned in package.json, injected from
node_modules, never a CDN) on every page type in light and dark, a visible focus ring on the
calculator's fields, and the keyboard reaching the first field in a few presses."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.support.fixtures import open_context
from tests.support.warm import visit

pytestmark = [pytest.mark.browser, pytest.mark.slow]
AXE = Path(__file__).resolve().parent.parent / "node_modules" / "axe-core" / "axe.min.js"
PAGE_TYPES = {
    "home": "",
    "rules page": "wbs/combat/",
    "glossary": "wbs/glossary/",
    "calculator page": "wbs/attributes/",
    "bestiary index": "wbs/bestiary/",
    "stat block": "wbs/bestiary/goblin/",
    "source notes": "source-notes/",
    "table with a numbered column": "xia/chi/",
    "tiles": "rain/tiles/",
    "table page (WBS fight)": "wbs/fight/",
    "table page (Xia conflict)": "xia/conflict/",
    "calculator with a results table (Taiji)": "rain/contests/",
    "on this device": "device/",
}
SERIOUS = {"serious", "critical"}
# Named in issues, whatever their impact: target-size is WCAG 2.2's 24 × 24 px (a thumb at the table).
ALSO_FAILS = {"empty-table-header", "link-in-text-block", "target-size"}
# axe-core ships target-size turned off; it is on here.
AXE_OPTIONS = '{resultTypes: ["violations"], rules: {"target-size": {enabled: true}}}'


def axe_violations(page: Any) -> list[dict[str, Any]]:
    # Evaluated through the DevTools protocol: the page's CSP rightly refuses an injected <script>.
    if not page.evaluate("typeof axe !== 'undefined'"):
        page.evaluate(AXE.read_text(encoding="utf-8") + "\n;undefined")
    # A section with content-visibility: auto is laid out only near the screen; out of it, it keeps the
    # size it last had, and what changed in it since overflows that size (axe then measured buttons
    # under the next section: a layout no reader sees). Everything laid out, as seen.
    page.evaluate("""async () => {
        for (const e of document.querySelectorAll("*"))
            if (getComputedStyle(e).contentVisibility === "auto") e.style.contentVisibility = "visible";
        await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))); }""")
    # What was not laid out took its style only now, so its links start the fade into a colour scheme
    # chosen since (the theme's, 125 ms) only now: axe measured terms there mid-fade (3.19:1).
    page.wait_for_function("""() => document.getAnimations()
        .every(a => !(a instanceof CSSTransition) || a.playState !== "running")""")
    return page.evaluate(f"""async () => (await axe.run(document, {AXE_OPTIONS})).violations
        .map(v => ({{id: v.id, impact: v.impact,
                    nodes: v.nodes.slice(0, 5).map(n => n.target.join(" ") + ": " + n.failureSummary
                      // What it is measured against (a neighbour, or what covers it), and where it stood.
                      + " [near: " + [...n.any, ...n.all, ...n.none].flatMap(c => c.relatedNodes || [])
                        .map(r => r.target.join(" ") + " at "
                             + JSON.stringify(document.querySelector(r.target.join(" "))?.getBoundingClientRect()))
                        .slice(0, 3).join(", ") + "; scrolled " + window.scrollY + "; at "
                      + JSON.stringify(document.querySelector(n.target.join(" "))?.getBoundingClientRect())
                      + "]")}}))""")


def report(violations: list[dict[str, Any]]) -> str:
    """Violations whole, one node a line (pytest cuts a long repr short, and the failure is in its middle)."""
    return "\n".join(f"{v['id']} ({v['impact']}): {node}" for v in violations for node in v["nodes"])


def serious(kind: str, violation: dict[str, Any]) -> bool:
    return violation["impact"] in SERIOUS or violation["id"] in ALSO_FAILS


# The theme's palette for each scheme the reader's system asks for (mkdocs.yml: palette).
PALETTE = {"light": "default", "dark": "slate"}


def violations_on(browser: Any, site: str, pages: dict[str, str], failing: Callable[[str, dict[str, Any]], bool],
                  schemes: tuple[str, ...] = ("light",), **context: Any) -> dict[str, list[dict[str, Any]]]:
    """Each page's axe violations that are `failing` for its kind, once its code has bound it, in
    each of `schemes` in turn (the header's toggle pressed, as a reader switches; the theme keeps the
    choice for the next page, which starts in it). One tab goes from page to page as a reader's does
    (tests/support/warm.py `visit`: a link followed, the engine started once for them all)."""
    opened, blocked, errors = open_context(browser, scheme=schemes[0], **context)
    page = opened.pages[0]
    found = {}
    try:
        for kind, path in pages.items():
            visit(page, site + path)
            bound(page)
            for scheme in schemes:
                if page.evaluate("document.body.dataset.mdColorScheme") != PALETTE[scheme]:
                    # the header's toggle (a phone's header, and the home page's, may fold it away)
                    page.evaluate("s => document.querySelector(`label[title='Switch to ${s} mode']`).click()", scheme)
                    page.wait_for_function("want => document.body.dataset.mdColorScheme === want", arg=PALETTE[scheme])
                page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
                bad = [v for v in axe_violations(page) if failing(kind, v)]
                if bad:
                    found[f"{kind} ({scheme})" if len(schemes) > 1 else kind] = bad
    finally:
        opened.close()
    assert blocked == [] and errors == []
    return found


def bound(page: Any) -> None:
    """Wait until the page's code has bound it: every calculator's tools drawn, every table tool ready,
    and no answer on its way (a slow one dims the outputs while it comes: on a loaded machine axe
    measured that fade's contrast, not the page a reader reads)."""
    page.wait_for_function("""() => [...document.querySelectorAll("form.calc[data-calc][id]")].every(f =>
        f.querySelector(".calc__tools") && (!f.matches("[data-table]") || f.dataset.tableReady === "yes")
        && f.dataset.busy !== "yes" && !("pending" in f.dataset))""")
    page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")


def test_no_serious_axe_violations_on_any_page_type_light_and_dark(served_site: str, module_browser: Any) -> None:
    assert AXE.is_file(), "axe-core is missing: npm ci installs it (package.json devDependencies)"
    found = violations_on(module_browser, served_site, PAGE_TYPES, serious, schemes=("light", "dark"))
    assert not found, f"serious or critical axe violations: {found}"


PHONE_PAGES = {"home": "", "table page (WBS fight)": "wbs/fight/", "table page (Xia conflict)": "xia/conflict/",
               "rules page": "wbs/energy/", "stat block": "wbs/bestiary/goblin/", "calculator page": "wbs/builder/"}
TABLE_PAGES = {"home", "table page (WBS fight)", "table page (Xia conflict)"}


def test_every_target_is_a_thumbs_on_a_phone(served_site: str, module_browser: Any) -> None:
    # On a phone every target is a thumb's: target-size counts most at 390 px, on every page type;
    # the pages a GM plays from pass every serious rule there too.
    found = violations_on(module_browser, served_site, PHONE_PAGES,
                          lambda kind, v: v["id"] == "target-size" or (kind in TABLE_PAGES and serious(kind, v)),
                          width=390, height=844)
    assert not found, f"axe violations at 390 px: {found}"


# Every kind of page a GM or a player opens at the table, on a phone (390 × 844, by touch).
AT_THE_TABLE = {
    "rules page": "wbs/combat/",
    "calculator page": "wbs/attributes/",
    "table page (WBS fight)": "wbs/fight/",
    "table page (Xia conflict)": "xia/conflict/",
    "table page (Rain tile table)": "rain/table/",
    "calculator with a results table (Taiji)": "rain/contests/",
    "bestiary index": "wbs/bestiary/",
    "join a table": "join/",
    "on this device": "device/",
}


def test_no_serious_axe_violations_at_the_table_on_a_phone_light_and_dark(served_site: str,
                                                                          module_browser: Any) -> None:
    # On a phone a wide table and a long form's pinned results scroll: axe asks that the keyboard
    # reach them (scrollable-region-focusable), besides target-size and every serious rule.
    found = violations_on(module_browser, served_site, AT_THE_TABLE, serious,
                          width=390, height=844, schemes=("light", "dark"), touch=True)
    assert not found, f"serious or critical axe violations at 390 px by touch: {found}"


def test_a_region_that_scrolls_takes_the_focus_only_while_it_scrolls(served_site: str, module_browser: Any) -> None:
    """A wide table on a phone, and a long form's results pinned below it, are named regions in the
    Tab order; at a desktop's width, where neither scrolls, they are plain again."""
    context, _, errors = open_context(module_browser, width=390, height=844, touch=True)
    page = context.pages[0]
    try:
        page.goto(served_site + "wbs/combat/")
        bound(page)
        regions = """() => [...document.querySelectorAll(".md-typeset__scrollwrap, .calc__results")]
            .filter(e => e.getAttribute("role") === "region").map(e => [e.tabIndex, e.getAttribute("aria-label")])"""
        phone = page.evaluate(regions)
        assert [0, "Results"] in phone, phone
        assert any(label.startswith("Table: ") for _, label in phone), phone
        page.set_viewport_size({"width": 1280, "height": 900})
        page.wait_for_function(f"() => ({regions})().length === 0")
    finally:
        context.close()
    assert errors == []


def test_fields_show_a_focus_ring_and_the_keyboard_reaches_them_fast(served_site: str, module_browser: Any) -> None:
    context, blocked, _ = open_context(module_browser)
    page = context.pages[0]
    page.goto(served_site + "wbs/attributes/")
    presses = 0
    while presses < 10:
        page.keyboard.press("Tab")
        presses += 1
        focused = page.evaluate("() => document.activeElement.matches('form.calc input, form.calc select')")
        if focused:
            break
        if page.evaluate("() => document.activeElement.classList.contains('codex-skip')"):
            page.keyboard.press("Enter")
            presses += 1
            break
    where = page.evaluate("() => document.activeElement.outerHTML.slice(0, 80)")
    assert page.evaluate("() => document.activeElement.matches('form.calc input, form.calc select')"), \
        f"after {presses} key presses the focus is on {where}"
    assert presses <= 4, f"{presses} key presses before the first calculator field"
    ring = page.evaluate("""() => { const s = getComputedStyle(document.activeElement);
        return {style: s.outlineStyle, width: parseFloat(s.outlineWidth)}; }""")
    assert ring["style"] != "none" and ring["width"] >= 2, ring
    context.close()
    assert blocked == []


def test_skip_link_reaches_the_content(served_site: str, module_browser: Any) -> None:
    context, _, _ = open_context(module_browser)
    page = context.pages[0]
    page.goto(served_site + "wbs/combat/")
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.matches('a.md-skip')")
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")
    inside = page.evaluate("() => !!document.activeElement.closest('article.md-content__inner')")
    assert inside, page.evaluate("() => document.activeElement.outerHTML.slice(0, 120)")
    context.close()
