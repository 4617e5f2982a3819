"""The calculator anchor and URL-state format are defined once (hooks/codex/links.py) and the
JavaScript follows them: it is handed the format on each form (data-state) and finds forms by id.

A browser test opens a link Python wrote and checks the form shows it, then checks the URL the
JavaScript writes back reads, in Python, as the values the reader set.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from codex.links import anchor, read_state, state_format, state_link, state_query

from tests.support.engine import engine
from tests.support.fixtures import open_context

JS = Path(__file__).resolve().parents[1] / "docs" / "assets" / "javascripts"
LIVE = 60_000


def test_state_link_reads_back() -> None:
    values = {"strength": 4, "tie": True, "attack_critical": False, "weapon": "jian"}
    link = state_link("wbs.damage", values)
    query, _, fragment = link.removeprefix("?").partition("#")
    assert fragment == anchor("wbs.damage") == "calc-wbs-damage"
    assert read_state("wbs.damage", query) == {"strength": "4", "tie": "true", "attack_critical": "false",
                                               "weapon": "jian"}
    assert read_state("wbs.derived", query) == {}
    fmt = json.loads(state_format("wbs.damage"))
    assert f"{fmt['prefix']}tie={fmt['on']}" in query and f"{fmt['prefix']}attack_critical={fmt['off']}" in query


def test_every_form_carries_the_format(built_site: Path) -> None:
    forms = 0
    for page in built_site.rglob("*.html"):
        for tag in re.findall(r"<form [^>]*class=\"calc[^>]*>", page.read_text(encoding="utf-8")):
            calc = re.search(r'data-calc="([^"]+)"', tag).group(1)
            state = re.search(r'data-state="([^"]+)"', tag)
            assert state, f"{page}: the form of {calc} has no data-state"
            assert json.loads(state.group(1).replace("&#34;", '"')) == json.loads(state_format(calc))
            assert re.search(r'id="([^"]+)"', tag).group(1).startswith(anchor(calc)), (page, calc)
            forms += 1
    assert forms > 20


def test_the_javascript_writes_neither_format() -> None:
    """Only url-state.mjs reads the URL's keys, and it learns their format from the form."""
    for path in sorted(JS.glob("*.mjs")):
        text = path.read_text(encoding="utf-8")
        built_anchor = '"#calc-' in text or '"calc-"' in text or "'calc-" in text
        assert not built_anchor, f"{path.name} builds the anchor"
        assert not re.search(r"dataset\.calc\s*\+\s*\"\.\"|`\$\{form\.dataset\.calc\}\.", text), \
            f"{path.name} builds the URL keys itself"
        if path.name == "url-state.mjs":
            assert '"true"' not in text and '"false"' not in text and "prefix" in text
        else:
            assert not re.search(r"\bstartsWith\(prefix\)", text), f"{path.name} filters URL keys itself"


@pytest.mark.browser
@pytest.mark.slow
def test_python_links_open_and_the_javascript_writes_them_back(served_site: str, module_browser: Any) -> None:
    calc = "wbs.damage"
    form = f'form[data-calc="{calc}"]'
    defaults = {i["name"]: i["default"] for i in engine().describe(calc)["inputs"]}
    wanted = {"strength": 5, "tie": True}
    assert all(defaults[k] != v for k, v in wanted.items())
    context, blocked, errors = open_context(module_browser, height=700)
    page = context.pages[0]
    page.goto(served_site + "wbs/attacks/" + state_link(calc, wanted))
    page.wait_for_selector(form)
    assert page.is_checked(f"{form} input[name=tie]")
    assert page.input_value(f"{form} input[name=strength]") == "5"
    page.wait_for_function(f"""() => {{ const r = document.querySelector('{form}').getBoundingClientRect();
        return r.top < window.innerHeight && r.bottom > 0; }}""", timeout=10_000)
    page.check(f"{form} input[name=attack_critical]")
    page.uncheck(f"{form} input[name=tie]")
    page.fill(f"{form} input[name=target_dr]", "7")
    page.wait_for_function(f"""() => {{ const f = document.querySelector('{form}');
        return f.dataset.live === "yes" && f.dataset.busy === "no"; }}""", timeout=LIVE)
    expected = {"strength": 5, "attack_critical": True, "target_dr": 7}
    page.wait_for_function("want => want.every((k) => location.search.includes(k))",
                           arg=[k for k in state_query(calc, expected).split("&")], timeout=10_000)
    assert read_state(calc, urlsplit(page.url).query) == read_state(calc, state_query(calc, expected))
    context.close()
    assert blocked == [] and errors == []


@pytest.mark.browser
@pytest.mark.slow
def test_the_address_is_written_before_a_navigation_and_never_onto_another_page(served_site: str,
                                                                                 module_browser: Any) -> None:
    # The address is rewritten when the page is idle (a long fight's replaceState costs the page
    # milliseconds, and browsers ignore it when it comes too often). A change followed at once by a
    # click on a link must still leave the inputs in the page's history entry, and the deferred
    # write must never land on the page the click went to.
    calc = "wbs.derived"
    form = f'form[data-calc="{calc}"]'
    context, blocked, errors = open_context(module_browser, height=700)
    page = context.pages[0]
    page.goto(served_site + "wbs/attributes/")
    page.wait_for_function("() => window.__codex && window.__codex.timings.ready !== null", timeout=LIVE)
    page.evaluate(f"""() => {{  // many changes in a burst (one write at the end, not ten), then a click
        const el = document.querySelector('{form} input[name=strength]');
        for (let value = 2; value < 12; value++) {{
          el.value = String(value);
          el.dispatchEvent(new Event('input', {{ bubbles: true }}));
        }}
        window.__pendingAtClick = window.__codex.addressPending();
        document.querySelector('a[href$="/wbs/combat/"], a[href="../combat/"]').click(); }}""")
    page.wait_for_url(re.compile(r"/wbs/combat/"), timeout=10_000)
    page.wait_for_selector('form[data-calc="wbs.ticks"]')
    page.wait_for_timeout(600)  # longer than any idle write would wait
    assert page.evaluate("window.__pendingAtClick") is True, "the burst left a write pending at the click"
    assert "strength" not in urlsplit(page.url).query, "the old page's inputs were written onto the new page"
    page.go_back()
    page.wait_for_url(re.compile(r"/wbs/attributes/"), timeout=10_000)
    assert read_state(calc, urlsplit(page.url).query) == {"strength": "11"}
    context.close()
    assert blocked == [] and errors == []
