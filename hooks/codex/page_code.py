"""A page loads the code its own parts use, and no other.

Every page runs `site.mjs` (the one script mkdocs.yml lists): framing, reader aids, glossary
tooltips, the offline copy. The code of a page's parts (a calculator, a table tool, the tile
table, Add to fight, a sortable table, a house-rule choice) is named by the build, which sees the
page's HTML: `with_page_code` writes, for a page that has such parts,

- `<meta name="codex-modules" content="codex.mjs calc-tools.mjs …">` in its `<head>`: the
  theme's instant navigation swaps the head's tags for the next page's (and never runs the scripts
  at the end of the next page's body), so `site.mjs` reads this after every page change and
  imports, in this order, the modules not yet loaded;
- a `<script type="module">` per module after `site.mjs` at the end of the body, so a page loaded
  whole fetches them as it parses and runs them in order, as before (importing a module twice runs
  it once).

`PARTS` is in the order the modules run: codex.mjs binds a form (its address read, its rows drawn)
before the tools that extend it.
"""

from __future__ import annotations

import html
import re

ENTRY = "assets/javascripts/site.mjs"
FOLDER = "assets/javascripts/"
META = "codex-modules"
_CALC = r'<form\b[^>]*\bdata-calc="'
# module → what in a page's HTML needs it
PARTS: tuple[tuple[str, re.Pattern[str]], ...] = tuple((name, re.compile(pattern)) for name, pattern in (
    ("readings.mjs", r"\bdata-reading-for="),  # house rules: a source note's reading chosen
    ("older-links.mjs", r'<form\b[^>]*\bdata-calc="rain\.tile_table"'),  # before codex.mjs reads the address
    ("codex.mjs", _CALC),
    ("tables.mjs", r"\bdata-codex-table\b"),
    ("calc-tools.mjs", _CALC),
    ("tile-table.mjs", r'<form\b[^>]*\bdata-calc="rain\.tile_(?:table|seat)"'),
    ("tile-draw.mjs", r'<form\b[^>]*\bdata-calc="rain\.tile_draw"'),
    ("table-tools.mjs", r"<form\b[^>]*\bdata-table\b"),
    ("recruit.mjs", r'class="codex-recruit\b|<form\b[^>]*\bdata-table\b'),
    ("picker.mjs", r"<form\b[^>]*\bdata-table\b"),  # "Add fighters"
    ("round-prompt.mjs", r"\bdata-round-choices="),  # the round's choices (WBS), after table-tools.mjs binds the bar
    ("device.mjs", r"\bdata-device\b"),  # the page "On this device"
))
_HEAD_END = re.compile(r"</head\s*>", re.I)
_ENTRY_TAG = re.compile(r'<script src="(?P<base>[^"]*)' + re.escape(ENTRY) + r'" type="module"></script>')


# The words each part's pattern cannot match without (any one of them): a page is searched for a
# pattern only if one is in it. A plain `in` is many times faster than a pattern over a 50 KB page,
# and a bestiary of 5,000 stat blocks asks this of each page.
_HINTS = {"readings.mjs": ("data-reading-for=",), "older-links.mjs": ("rain.tile_table",),
          "codex.mjs": ("data-calc=",), "tables.mjs": ("data-codex-table",),
          "calc-tools.mjs": ("data-calc=",), "tile-table.mjs": ("rain.tile_",), "tile-draw.mjs": ("rain.tile_draw",),
          "table-tools.mjs": ("data-table",), "recruit.mjs": ("codex-recruit", "data-table"),
          "picker.mjs": ("data-table",), "round-prompt.mjs": ("data-round-choices=",), "device.mjs": ("data-device",)}


def modules(page_html: str) -> list[str]:
    """The modules of `PARTS` the page's parts use, in `PARTS` order."""
    return [name for name, needs in PARTS
            if any(hint in page_html for hint in _HINTS.get(name, ("",))) and needs.search(page_html)]


def with_page_code(page_html: str) -> str:
    """The page with its parts' modules named in its head and loaded after `site.mjs`; unchanged if
    it has none. A page without `site.mjs` (the theme drew no scripts) is left as it is."""
    names = modules(page_html)
    entry = _ENTRY_TAG.search(page_html)
    head = _HEAD_END.search(page_html)
    if not names or entry is None or head is None:
        return page_html
    tags = "".join(f'<script src="{html.escape(entry["base"] + FOLDER + name)}" type="module"></script>'
                   for name in names)
    page_html = page_html[: entry.end()] + tags + page_html[entry.end():]
    meta = f'<meta name="{META}" content="{html.escape(" ".join(names))}">\n'
    return page_html[: head.start()] + meta + page_html[head.start():]
