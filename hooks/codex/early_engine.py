"""A page with calculators names them in its `<head>` and loads `engine-early.mjs` there.

Module scripts at the end of the body run only once the whole page is parsed and the theme's
bundle has run: on a phone that is over a second. An async module in the head starts the engine's
worker at once (engine-early.mjs), reading which calculators to warm from the `<meta>` written
before it: from the offline copy, or on a first visit from the network beside the page's own
loading (measured there: the first answer sooner, the first paint no later). Pages without a
calculator get neither, and start no engine.

The engine's two big downloads (the wasm and the trimmed standard library) are asked for from the
head as well (`<link rel="prefetch">`): the worker's own requests for them, a second later, find
them in the HTTP cache, on their way or done (one download each: a preload would be the same, but
Chromium warns of a preload the page itself does not read). On a phone's link that second is the
page's own loading, the worker's start and Pyodide's module, during which the link would carry
nothing of the engine. Measured (phone profile, from navigation, against stock Pyodide): the first
answer 0.78–0.86 × before, 0.75 × after (medians of two runs on a quiet machine); the fight page's
first Next 0.79–0.99 × before, 0.85 × after; the first paint no later.
"""

from __future__ import annotations

import html
import re
from collections.abc import Sequence

MODULE = "assets/javascripts/engine-early.mjs"
META = "codex-calculators"
# The forms the build writes: <form class="calc …" … data-calc="game.id">
_FORM = re.compile(r'<form\b[^>]*\bdata-calc="([a-z0-9_.]+)"')
_HEAD_END = re.compile(r"</head\s*>", re.IGNORECASE)


def calculators(page_html: str) -> list[str]:
    """The calculator ids of the page's forms, each once, in page order."""
    return list(dict.fromkeys(_FORM.findall(page_html)))


def with_early_engine(page_html: str, module_url: str, downloads: Sequence[str] = ()) -> str:
    """The page with the meta, the head module and the engine's big downloads asked for at once
    (`downloads`: relative URLs), if it has a calculator; else unchanged."""
    ids = calculators(page_html)
    head = _HEAD_END.search(page_html)
    if not ids or head is None:
        return page_html
    tags = (f'<meta name="{META}" content="{html.escape(" ".join(ids))}">\n'
            f'<script type="module" async src="{html.escape(module_url)}"></script>\n')
    tags += "".join(f'<link rel="prefetch" href="{html.escape(url)}">\n' for url in downloads)
    return page_html[: head.start()] + tags + page_html[head.start():]
