"""The reader's palette is shown before the page is first drawn, and the theme's bundle leaves it alone.

mkdocs-material's palette code (`mountPalette` in its bundle) runs after the first paint and, on every
page, changes the page although the palette stays as it was: it marks the body as switching
(`data-md-color-switching`, which its stylesheet reads for every element) and unmarks it at the next
task, and it adds a `<meta name="color-scheme">` to the head and then fills it in. Each of these four
changes makes Chromium compute the style of every element of the page again (traced on
`wbs/attributes/`: four full style recalculations of about 540 elements, 24-87 ms each at CPU ×4).

The build takes the header's palette form from the theme (its `data-md-component`, by which the
bundle finds it, is dropped) and writes an inline script just after it (`palette-first.js`, the same
text on every page, allowed by its hash: csp.py) that does what the theme's code did at load, before
anything is drawn, and switches the palette when the reader presses the toggle, as the theme did.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from .csp import ThemeChanged
from .inline_js import inline_code

SCRIPT_FILE = Path(__file__).resolve().parent / "palette-first.js"
# The theme's form (partials/palette.html) as it writes it; the bundle mounts its palette on that attribute.
_FORM = re.compile(r'<form class="md-header__option" data-md-component="palette">(.*?)</form>', re.S)
_HEADER = 'data-md-component="header"'


@cache
def script() -> str:
    """The inline script's text: palette-first.js without its comments (inline_js.py)."""
    return inline_code(SCRIPT_FILE)


def with_palette_first(page_html: str) -> str:
    """The page with the theme's palette form taken from its bundle and the script just after it; a
    page without the theme's header (none has a palette) is left as it is."""
    form = _FORM.search(page_html)
    if form is None:
        if _HEADER in page_html and 'name="__palette"' in page_html:
            raise ThemeChanged("the theme's palette form is not written as hooks/codex/palette_first.py expects")
        return page_html
    ours = f'<form class="md-header__option" data-codex-palette>{form.group(1)}</form><script>{script()}</script>'
    return page_html[:form.start()] + ours + page_html[form.end():]
