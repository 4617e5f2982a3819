"""Glossary tooltips as a reader meets them in Chromium: by mouse, by keyboard, by screen reader."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_browser import browser, site, tab  # noqa: F401  (shared fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]
BUBBLE = ".codex-term-bubble"


def bubble(page: Any) -> dict[str, Any]:
    return page.evaluate(f"""() => {{
        const b = document.querySelector('{BUBBLE}');
        const body = getComputedStyle(document.querySelector('.md-content .md-typeset p'));
        return b ? {{ shown: !b.hidden && b.offsetWidth > 0, text: b.textContent,
                     size: parseFloat(getComputedStyle(b).fontSize), body: parseFloat(body.fontSize),
                     inView: b.getBoundingClientRect().right <= innerWidth && b.getBoundingClientRect().left >= 0 }}
                 : {{ shown: false }};
    }}""")


def test_tab_reaches_a_term_its_definition_shows_and_enter_follows_the_link(
        site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:  # noqa: F811
    page, _ = tab
    page.goto(site[0] + "wbs/energy/")
    for _presses in range(120):
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement.matches('a.codex-term')"):
            break
    else:
        pytest.fail("Tab never reached a glossary term")
    focused = page.evaluate("""() => { const a = document.activeElement;
        const tip = document.getElementById(a.getAttribute('aria-describedby'));
        return { text: a.textContent, href: a.getAttribute('href'), tip: tip && tip.textContent }; }""")
    assert focused["tip"], "aria-describedby must name the tooltip's text (what a screen reader announces)"
    shown = bubble(page)
    assert shown["shown"] and shown["text"] == focused["tip"]
    assert shown["size"] >= shown["body"] - 2, shown
    page.keyboard.press("Escape")
    assert not bubble(page)["shown"]
    anchor = focused["href"].split("#", 1)[1]
    page.keyboard.press("Enter")
    page.wait_for_url(f"**/wbs/glossary/#{anchor}")
    page.locator(f"#{anchor}").wait_for(state="visible")  # instant navigation swaps the content in


@pytest.mark.parametrize("width", [1280, 390])
def test_hover_shows_the_tooltip_inside_the_screen(site: tuple[str, list[str]], tab: tuple[Any, dict],  # noqa: F811
                                                  width: int) -> None:
    page, _ = tab
    page.set_viewport_size({"width": width, "height": 800})
    page.goto(site[0] + "wbs/energy/")
    term = page.locator("article a.codex-term").first
    term.hover()
    shown = bubble(page)
    tip = term.evaluate("a => document.getElementById(a.getAttribute('aria-describedby')).textContent")
    assert shown["shown"] and shown["text"] == tip and shown["inView"], shown
    page.mouse.move(1, 1)
    assert not bubble(page)["shown"]


def test_stat_block_abbreviations_explain_themselves_without_a_title(
        site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:  # noqa: F811
    page, _ = tab
    page.goto(site[0] + "wbs/bestiary/goblin/")
    abbr = page.locator("abbr[data-codex-tip]").first
    assert abbr.get_attribute("title") is None
    abbr.focus()
    shown = bubble(page)
    assert shown["shown"] and shown["text"] == abbr.get_attribute("data-codex-tip")
