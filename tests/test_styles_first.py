"""Every page names its stylesheets by absolute addresses before it is drawn (hooks/codex/styles_first.py,
styles-first.js), so that the theme's instant navigation, which makes every address absolute once its
bundle runs, finds no stylesheet to apply again."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from codex.csp import inline_scripts, is_known_script, script_hash
from codex.styles_first import script, with_styles_first

from tests.test_browser import browser, site, tab  # noqa: F401  (shared fixtures)

PAGE = """<!doctype html><html><head><title>t</title>
<link rel="stylesheet" href="../a.css">
</head><body><p>x</p></body></html>"""


def test_the_script_is_code_with_no_comment_and_the_policy_allows_it() -> None:
    assert not script().startswith("//") and 'link[rel="stylesheet"]' in script()
    assert is_known_script(script()) and not is_known_script(script() + ";alert(1)")
    out = with_styles_first(PAGE)
    assert list(inline_scripts(out)) == [script()]
    assert out.index('rel="stylesheet"') < out.index(f"<script>{script()}</script>") < out.index("</head>")
    assert out[out.index("</head>"):] == PAGE[PAGE.index("</head>"):]


def test_a_page_without_a_stylesheet_is_left_as_it_is() -> None:
    page = PAGE.replace('<link rel="stylesheet" href="../a.css">', "")
    assert with_styles_first(page) == page
    body_only = PAGE.replace('<link rel="stylesheet" href="../a.css">\n</head><body>',
                             '</head><body><link rel="stylesheet" href="../a.css">')
    assert with_styles_first(body_only) == body_only


def test_every_built_page_runs_it_after_its_last_stylesheet(built_site: Path) -> None:
    for page in sorted(built_site.rglob("*.html")):
        html = page.read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        if '<link rel="stylesheet"' not in head:
            continue
        if page.name == "404.html" and page.parent == built_site:  # the theme's own page, drawn without the page events
            continue
        tag = f"<script>{script()}</script>"
        assert tag in head and head.rindex('<link rel="stylesheet"') < head.index(tag), page
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
        assert script_hash(script()) in policy, page


# Every change of a stylesheet's address, from the page's first script on (an init script runs before
# any of the page's own), and whether the parser had reached the body then.
WATCH = """window.__styleChanges = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    if (change.target.matches?.('link[rel="stylesheet"]')) {
      const parsed = document.body ? "body" : "head";
      window.__styleChanges.push([change.oldValue, change.target.getAttribute("href"), parsed]);
    }
  }
}).observe(document, { subtree: true, attributes: true, attributeFilter: ["href"], attributeOldValue: true });"""


@pytest.mark.browser
def test_the_theme_finds_no_stylesheet_address_to_change(site: tuple[str, list[str]],  # noqa: F811
                                                        tab: tuple[Any, dict]) -> None:  # noqa: F811
    base, requests = site
    page, seen = tab
    page.add_init_script(WATCH)
    for path in ("wbs/basics/", "xia/"):  # two depths: the addresses differ as written
        mark = len(requests)
        page.goto(base + path, wait_until="load")
        changes = page.evaluate("window.__styleChanges")
        # Each stylesheet changed once, while the head was parsed (no body yet: nothing drawn), to the
        # address the browser reads; never again once the theme's bundle ran, at the end of the body.
        assert changes and all(parsed == "head" and new.startswith(base) and not old.startswith(base)
                               for old, new, parsed in changes), changes
        hrefs = page.evaluate("""[...document.querySelectorAll('link[rel="stylesheet"]')]
                                   .map((link) => link.getAttribute("href"))""")
        assert len(changes) == len(hrefs) and all(h.startswith(base) for h in hrefs), (changes, hrefs)
        css = [r for r in requests[mark:] if ".css" in r]
        assert len(css) == len(set(css)), f"a stylesheet asked for twice: {css}"
    assert [m for m in seen["console"] if "Content Security Policy" in m] == []
