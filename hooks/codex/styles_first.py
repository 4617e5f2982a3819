"""Every page's stylesheets are named by absolute addresses before the page is first drawn.

mkdocs-material's instant navigation, once its bundle runs, makes each relative `href` and `src` of
the page absolute (`vi` in its bundle: `el.href = el.href`), so that the next page's `<head>`, made
absolute the same way, compares equal to this one's. A stylesheet `<link>` given a new address is a
new stylesheet to Chromium: it is applied again, every element's style is computed again and the
page is laid out again, just after the first time. An inline script at the end of the `<head>`
(`styles-first.js`, the same text on every page, allowed by its hash: csp.py) does it while the
stylesheets are still on their way and nothing is drawn; the theme then finds them absolute and
leaves them. The rest of the page's addresses (links, scripts) the theme still rewrites: changing
them costs no stylesheet. Measured on `wbs/attributes/` at 1× from the HTTP cache, the main
thread's CPU per load (medians of 10, alternated): 253 → 227 ms, of it layout 23 → 15 ms and style
77 → 67 ms; with no second request for any stylesheet.

The script also gives the root the classes the bundle gives it first thing ("js" for "no-js", and
"js-focus-visible" from its focus polyfill). Any change of the root's class attribute makes Chromium
compute every element's style again (the theme's stylesheet reads `[class]` above whole subtrees:
`.md-typeset table:not([class]) td`); done by the bundle, after the first paint, that was a full
style recalculation of the page (traced on `wbs/attributes/`); here it costs nothing, and the
bundle finds nothing to change.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from .inline_js import inline_code

SCRIPT_FILE = Path(__file__).resolve().parent / "styles-first.js"
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_STYLESHEET = re.compile(r'<link rel="stylesheet"')


@cache
def script() -> str:
    """The inline script's text: styles-first.js without its comments (inline_js.py)."""
    return inline_code(SCRIPT_FILE)


def with_styles_first(page_html: str) -> str:
    """The page with the script at the end of its `<head>`, if the head links a stylesheet."""
    head = _HEAD_END.search(page_html)
    if head is None or not _STYLESHEET.search(page_html, 0, head.start()):
        return page_html
    return page_html[:head.start()] + f"<script>{script()}</script>\n" + page_html[head.start():]
