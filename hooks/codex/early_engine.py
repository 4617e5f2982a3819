"""A page with calculators names them in its `<head>` and starts its engine's worker there.

Module scripts at the end of the body run only once the whole page is parsed and the theme's
bundle has run: on a phone that is over a second. An inline script at the end of the head
(`engine-start.js`, the same text on every page, allowed by its hash: csp.py) starts the engine's
worker as soon as the parser reaches it, reading the worker's address and the calculators to warm
from the `<meta>` written before it: from the offline copy, or on a first visit from the network
beside the page's own loading (measured there: the first answer sooner, the first paint no later).
It was an async module script (`engine-early.mjs`), which ran only once it, runtime.mjs and a free
main thread were there: on the phone profile, the next night, from the offline copy, the worker
then started 0.8 s after navigation, while the page was still being parsed. Pages without a
calculator get neither, and start no engine.

The engine's two big downloads (the wasm and the trimmed standard library) are asked for from the
head as well (`<link rel="prefetch">`): the worker's own requests for them, a second later, find
them in the HTTP cache, on their way or done (one download each: a preload would be the same, but
Chromium warns of a preload the page itself does not read). On a phone's link that second is the
page's own loading, the worker's start and Pyodide's module, during which the link would carry
nothing of the engine. Measured (phone profile, from navigation, against stock Pyodide): the first
answer 0.78–0.86 × before, 0.75 × after (medians of two runs on a quiet machine); the fight page's
first Next 0.79–0.99 × before, 0.85 × after; the first paint no later.

Where they are asked: on a table tool's page (the fight, the conflict, the tile table), before the
page's stylesheets, so the link carries the engine from the moment the head arrives; elsewhere after
them, so the stylesheets have the link to themselves and the page is drawn first. Measured on the
phone profile (alternated, fresh profiles): before the stylesheets, the fight page's first Next
came 7.28 → 7.05 s after navigation and its first paint 0.51 → 0.61 s (medians of 6; of 3 in
another run, 7.16 → 6.89 s and 0.49 → 0.53 s); a calculator page's first answer 6.28 → 6.09 s, but
its first paint 0.44 → 0.58 s (medians of 3), a price a page read first does not pay.

On a reading page they come right after its last stylesheet, before the inline scripts of the head.
The parser stops at an inline script until the stylesheets are in, so the links written after those
scripts were only found then, and were asked for a request's latency after the stylesheets were done
(0.34 s after navigation; the link carried nothing in between). Found with the stylesheets, they are
asked for the moment the stylesheets are in: Chromium holds a prefetch back while a stylesheet is on
its way, so the stylesheets still have the link to themselves. Measured on the phone profile
(`wbs/attributes/`, alternated, fresh profiles, medians of 5): the first answer 6.22 → 6.05 s after
navigation, the first paint 0.42 → 0.39 s (no later).
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence
from functools import cache
from pathlib import Path

from .inline_js import inline_code

STARTER_FILE = Path(__file__).resolve().parent / "engine-start.js"
META = "codex-calculators"
# The forms the build writes: <form class="calc …" … data-calc="game.id">
_FORM = re.compile(r'<form\b[^>]*\bdata-calc="([a-z0-9_.]+)"')
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)
_STYLESHEET_TAG = re.compile(r'<link rel="stylesheet"[^>]*>')
_TABLE_FORM = re.compile(r'<form\b[^>]*\bdata-table(?=[\s>])')  # a table tool's form (widgets.py)


@cache
def starter() -> str:
    """The inline script's text: engine-start.js without its comments (inline_js.py)."""
    return inline_code(STARTER_FILE)


def calculators(page_html: str) -> list[str]:
    """The calculator ids of the page's forms, each once, in page order."""
    return list(dict.fromkeys(_FORM.findall(page_html)))


def with_early_engine(page_html: str, worker_url: str, downloads: Sequence[str] = ()) -> str:
    """The page with the meta (the calculators, the worker's relative URL), the starter script and
    the engine's big downloads asked for at once (`downloads`: relative URLs), if it has a
    calculator; else unchanged."""
    ids = calculators(page_html)
    head = _HEAD_END.search(page_html)
    if not ids or head is None:
        return page_html
    tags = (f'<meta name="{META}" content="{html.escape(" ".join(ids))}" data-worker="{html.escape(worker_url)}">\n'
            f"<script>{starter()}</script>\n")
    asked = "".join(f'<link rel="prefetch" href="{html.escape(url)}">\n' for url in downloads)
    # A table tool's page asks before its stylesheets, a reading page just after them, before any
    # script the parser would stop at (see the module's doc).
    styles = list(_STYLESHEET_TAG.finditer(page_html, 0, head.start()))
    if not styles:
        at = head.start()
    elif _TABLE_FORM.search(page_html):
        at = styles[0].start()
    else:
        at = styles[-1].end()
    return page_html[:at] + asked + page_html[at: head.start()] + tags + page_html[head.start():]
