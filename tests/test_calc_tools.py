"""Calculator tools in headless Chromium: "Try these numbers" however the page was reached
(a reload, instant navigation from the sidebar, instant navigation from a search result),
"copy link" and "reset to defaults", and long forms keeping their results in view on phones."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl, urlsplit

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.engine import engine
from tests.support.fixtures import open_context
from tests.support.warm import Tabs, visit

pytestmark = [pytest.mark.browser, pytest.mark.slow]
LIVE = 60_000
CALC = "wbs.derived"
FORM = f'form[data-calc="{CALC}"]'
TRY = '#example-wbs-player-a-derived .codex-example__try a'


@pytest.fixture(scope="module")
def desks(module_browser: Any, served_site: str) -> Iterator[Tabs]:
    """The module's desktop tab and its phone tab, each with its engine kept from test to test
    (tests/support/warm.py)."""
    with Tabs(module_browser, served_site, {"viewport": {"width": 1280, "height": 900}, "service_workers": "block"}) \
            as tabs:
        yield tabs


@pytest.fixture(scope="module")
def phones(module_browser: Any, served_site: str) -> Iterator[Tabs]:
    with Tabs(module_browser, served_site, {"viewport": {"width": 390, "height": 844}, "service_workers": "block"}) \
            as tabs:
        yield tabs


@pytest.fixture()
def desk(desks: Tabs, request: pytest.FixtureRequest) -> Iterator[Any]:
    with desks.lent(request) as page:
        yield page


@pytest.fixture()
def phone(phones: Tabs, request: pytest.FixtureRequest) -> Iterator[Any]:
    with phones.lent(request) as page:
        yield page


def example_inputs(page: Any) -> dict[str, str]:
    href = page.get_attribute(TRY, "href")
    return {k.removeprefix(CALC + "."): v for k, v in parse_qsl(urlsplit(href).query)}


def values(page: Any) -> dict[str, str]:
    return page.eval_on_selector_all(f"{FORM} input[name], {FORM} select[name]",
                                     "els => Object.fromEntries(els.map(e => [e.name, e.value]))")


def live_answer(page: Any) -> dict[str, str]:
    """The live answer, once it is in and the address holds the inputs (written at once, as a link's click does)."""
    page.wait_for_function(f"""() => {{ const f = document.querySelector('{FORM}');
        if (f.dataset.live !== "yes" || f.dataset.busy !== "no") return false;
        window.__codex.writeAddress();
        return !window.__codex.addressPending(); }}""", timeout=LIVE)
    return page.eval_on_selector_all(f"{FORM} output",
                                     "els => Object.fromEntries(els.map(e => [e.getAttribute('name'), e.innerHTML]))")


def try_numbers_and_check(page: Any) -> None:
    wanted = example_inputs(page)
    assert wanted, "the worked example has no inputs"
    page.click(TRY)
    page.wait_for_function(f"""() => {{ const f = document.querySelector('{FORM}');
        return f.dataset.live === "yes" && f.dataset.busy === "no"; }}""", timeout=LIVE)
    page.wait_for_function("want => Object.entries(want).every(([k, v]) => "
                           f"document.querySelector('{FORM} [name=\"' + k + '\"]').value === v)",
                           arg=wanted, timeout=LIVE)
    shown = values(page)
    assert all(shown[k] == v for k, v in wanted.items()), (wanted, shown)
    box = page.eval_on_selector(FORM, "f => { const r = f.getBoundingClientRect(); return [r.top, r.bottom]; }")
    assert box[0] < page.viewport_size["height"] and box[1] > 0, f"the calculator is not in view: {box}"
    expected = engine().show(CALC, {k: int(v) for k, v in wanted.items()})
    assert live_answer(page) == expected
    assert f"{CALC}.strength={wanted['strength']}" in page.url


@pytest.mark.parametrize("arrival", ["reload", "sidebar", "search"])
def test_try_these_numbers_however_the_page_was_reached(served_site: str, desk: Any, arrival: str) -> None:
    page = desk
    if arrival == "reload":
        visit(page, served_site + "wbs/attributes/")
        page.reload()
    elif arrival == "sidebar":
        visit(page, served_site + "wbs/energy/")
        page.evaluate("window.__sameDocument = true")
        page.click('nav.md-nav--primary a[href$="attributes/"]')
        page.wait_for_selector(FORM)
    else:
        visit(page, served_site + "wbs/energy/")
        page.evaluate("window.__sameDocument = true")
        # A query typed before the theme's search worker has its index is never answered: wait.
        page.wait_for_function("""() => { const m = document.querySelector(".md-search-result__meta");
            return m && m.textContent.trim() && !/initiali[sz]/i.test(m.textContent); }""", timeout=45_000)
        result = '.md-search-result__list > li > a[href*="wbs/attributes/"]'  # the page's own result
        for attempt in range(4):  # the theme may drop a query that lands while its worker is still busy
            # A tap elsewhere first: the theme opens its results when the box takes the focus, and the
            # end of the instant navigation may have closed them with the focus left in the box.
            page.locator("input.md-search__input").blur()
            page.fill("input.md-search__input", "")
            page.click("input.md-search__input")
            page.keyboard.type("derived attributes")  # as a reader types: the theme searches on key events
            try:
                page.wait_for_selector(result, timeout=15_000)
                break
            except PlaywrightTimeout:
                if attempt == 3:
                    raise
        page.click(result)
        page.wait_for_selector(FORM)
    try_numbers_and_check(page)
    if arrival != "reload":
        assert page.evaluate("window.__sameDocument") is True, "the page reloaded: no instant navigation"


def test_copy_link_and_reset(served_site: str, module_browser: Any) -> None:
    context, blocked, errors = open_context(module_browser)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=served_site.rstrip("/"))
    page = context.pages[0]
    page.goto(served_site + "wbs/attributes/")
    page.fill(f"{FORM} input[name=strength]", "6")
    live_answer(page)
    page.click(f"{FORM} .calc__tools button:has-text('Copy link')")
    page.wait_for_function(f"() => document.querySelector('{FORM}').dataset.copied")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert f"{CALC}.strength=6" in copied and copied.endswith("#calc-wbs-derived")
    # A change copied at once, before the page has paused to write its address, is in the link too.
    page.evaluate(f"() => document.querySelector('{FORM}').removeAttribute('data-copied')")
    page.fill(f"{FORM} input[name=strength]", "7")
    page.click(f"{FORM} .calc__tools button:has-text('Copy link')")
    page.wait_for_function(f"() => document.querySelector('{FORM}').dataset.copied")
    assert f"{CALC}.strength=7" in page.evaluate("() => navigator.clipboard.readText()")
    page.click(f"{FORM} .calc__tools button:has-text('Reset to defaults')")
    defaults = {i["name"]: i["default"] for i in engine().describe(CALC)["inputs"]}
    strength = f"document.querySelector('{FORM} input[name=strength]').value"
    page.wait_for_function(f"() => {strength} === '{defaults['strength']}'")
    assert live_answer(page) == engine().show(CALC, defaults)
    assert f"{CALC}.strength" not in page.url
    context.close()
    assert blocked == [] and errors == []


@pytest.mark.parametrize("path", ["wbs/attributes/", "wbs/builder/", "rain/contests/", "wbs/items/"])
def test_tall_forms_keep_results_in_view_on_a_phone(served_site: str, phone: Any, path: str) -> None:
    page = phone
    visit(page, served_site + path)
    for form in page.query_selector_all("form.calc"):
        if form.evaluate("f => f.getBoundingClientRect().height") <= 844:
            continue
        field = form.query_selector("input, select")
        field.scroll_into_view_if_needed()
        field.focus()
        results = form.query_selector(".calc__results")
        top, bottom = results.evaluate("r => { const b = r.getBoundingClientRect(); return [b.top, b.bottom]; }")
        name = form.get_attribute("data-calc")
        assert top < 844 and bottom > 0, f"{path} {name}: results off screen ({top}, {bottom})"


def test_long_choices_wrap_on_a_phone(served_site: str, phone: Any) -> None:
    page = phone
    visit(page, served_site + "rain/contests/")
    select = 'form[data-calc="rain.contest"] select[name="rank_order"]'
    page.wait_for_selector(f"{select} + .calc__choice-text")
    shown = page.eval_on_selector(f"{select} + .calc__choice-text", """p => ({text: p.textContent,
        right: p.getBoundingClientRect().right, lines: Math.round(p.getBoundingClientRect().height /
        parseFloat(getComputedStyle(p).lineHeight))})""")
    assert shown["text"] == page.eval_on_selector(select, "s => s.selectedOptions[0].text")
    assert shown["right"] <= 390 and shown["lines"] > 1, shown
    page.select_option(select, index=1)
    assert page.eval_on_selector(f"{select} + .calc__choice-text", "p => p.textContent") == \
        page.eval_on_selector(select, "s => s.selectedOptions[0].text")
