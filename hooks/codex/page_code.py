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

The head also asks at once (`<link rel="modulepreload">`) for every module those scripts import,
to any depth (`imported`): a browser finds an import only once the module that names it has
arrived, so a page's code otherwise arrives level by level (site.mjs, codex.mjs, rows.mjs, …), a
round trip each, five deep. What a module loads on demand (a dialog's code, at its first tap) is
not asked for. At low priority, behind the stylesheets and fonts the first paint waits for.
Measured on the phone profile (CPU ×4, 9 Mbit/s, 40 ms a request; medians of 8 alternated loads):
a calculator page's engine ready and its tools drawn 8,128 → 7,463 ms from navigation, its first
paint 632 → 708 ms; a rules page's first paint 526 → 484 ms, its DOMContentLoaded 110 ms sooner.
(At normal priority the calculator page's first paint came about 300 ms later.)
"""

from __future__ import annotations

import html
import re
from functools import cache
from pathlib import Path

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
_SRC = re.compile(r'<script\b[^>]*\bsrc="([^"]+)"')
_PRELOAD_TAG = re.compile(r'<link rel="modulepreload" fetchpriority="low" href="[^"]+">\n')
# A static import or re-export of a module beside it (what loads on demand, import("./x.mjs"), is no statement).
_STATIC = re.compile(r'^\s*(?:import|export)\s+(?:[^"\';]*?\s+from\s+)?["\'](\.{1,2}/[^"\']+\.mjs)["\']', re.M)
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


@cache
def imported(path: str, docs: Path) -> tuple[str, ...]:
    """Every module the module at `path` (from the site's root) imports statically, to any depth,
    each once, nearest first; a module the build writes (not in `docs`) imports nothing. Kept for
    one build (`mkdocs serve` clears it before the next: a module's imports may have changed)."""
    source = docs / path
    if not source.is_file():
        return ()
    found: list[str] = []
    folder = path.rsplit("/", 1)[0]
    for ref in _STATIC.findall(source.read_text(encoding="utf-8")):
        parts = folder.split("/")
        for step in ref.split("/"):
            if step == "..":
                parts.pop()
            elif step != ".":
                parts.append(step)
        target = "/".join(parts)
        for name in (target, *imported(target, docs)):
            if name not in found and name != path:
                found.append(name)
    return tuple(found)


def with_page_code(page_html: str, docs: Path) -> str:
    """The page with its parts' modules named in its head and loaded after `site.mjs`, and every
    module its scripts import (read in `docs`, the site's sources) asked for from its head. A page
    without `site.mjs` (the theme drew no scripts) is left as it is."""
    names = modules(page_html)
    # A stamped page's shell had a first pass (with no parts): its list is made again, whole, so that
    # the page is what the theme would have drawn.
    page_html = _PRELOAD_TAG.sub("", page_html)
    entry = _ENTRY_TAG.search(page_html)
    head = _HEAD_END.search(page_html)
    if entry is None or head is None:
        return page_html
    base = entry["base"]
    tags = "".join(f'<script src="{html.escape(base + FOLDER + name)}" type="module"></script>'
                   for name in names)
    page_html = page_html[: entry.end()] + tags + page_html[entry.end():]
    scripts = [ENTRY, *(FOLDER + name for name in names)]
    loaded = set(_SRC.findall(page_html))  # scripts the page names already: asked for once
    needed = dict.fromkeys(path for script in scripts for path in imported(script, docs)
                           if path not in scripts and base + path not in loaded)
    head_tags = f'<meta name="{META}" content="{html.escape(" ".join(names))}">\n' if names else ""
    head_tags += "".join(f'<link rel="modulepreload" fetchpriority="low" href="{html.escape(base + path)}">\n'
                         for path in needed)
    return page_html[: head.start()] + head_tags + page_html[head.start():]


# The page's kind as classes on <html>, for the stylesheets: site.mjs sets them at every page
# (every-page.mjs `mark`), and the build writes those it can see here too, so that a page loaded
# whole has them before it is drawn and site.mjs finds nothing to change. A change of the root's
# class makes Chromium compute the style of every element of the page again (the theme's stylesheet
# reads `[class]` above whole subtrees): on the fight page, traced at CPU ×4, about 60 ms just after
# its code ran. "long" is also set for a form measured taller than a phone's screen (calc-tools.mjs
# `calc--tall`), which only the page can see.
_KINDS = (("codex-page--table", re.compile(r'<form\b[^>]*\bclass="calc\b[^"]*\bcalc--table\b')),
          ("codex-page--long", re.compile(r'<form\b[^>]*\bclass="calc\b[^"]*\bcalc--long\b')))
_ROOT_CLASS = re.compile(r'<html\b[^>]*?\bclass="([^"]*)"', re.I)


def with_page_kind(page_html: str) -> str:
    """The page with the classes of its kind on its root element (once, whatever else is there)."""
    kinds = [name for name, pattern in _KINDS if "calc--" in page_html and pattern.search(page_html)]
    root = _ROOT_CLASS.search(page_html)
    if not kinds or root is None:
        return page_html
    have = root[1].split()
    classes = " ".join(have + [kind for kind in kinds if kind not in have])
    return page_html[: root.start(1)] + classes + page_html[root.end(1):]
