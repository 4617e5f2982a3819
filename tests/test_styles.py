"""Our stylesheets are shipped as one minified file (hooks/codex/styles.py): nothing a rule means is changed."""

from __future__ import annotations

import re
from pathlib import Path

from codex.styles import bundle, minify

ROOT = Path(__file__).resolve().parents[1]


def test_comments_and_spare_whitespace_go_and_nothing_that_matters_does() -> None:
    css = """/* a note for contributors */
    .md-typeset a :hover , b > c {
      width: calc(1px + 2em) ;
      content: "/* not a comment */  two spaces" ;
    }
    @media (min-width: 45em) { .x { color: red } }
    a /* between */ b { quotes: '«' '»'; }"""
    assert minify(css) == ('.md-typeset a :hover,b>c{width: calc(1px + 2em);content: "/* not a comment */  two spaces"}'
                           "@media (min-width: 45em){.x{color: red}}a b{quotes: '«' '»'}")


def test_the_bundle_is_named_by_its_minified_bytes() -> None:
    name, text = bundle({"assets/stylesheets/a.css": "a {  color: red; }\n", "assets/stylesheets/b.css": "b{x:y}"})
    assert text == "/* a.css */\na{color: red}\n/* b.css */\nb{x:y}\n"
    assert name.startswith("assets/stylesheets/codex.") and name.endswith(".css")


def _outside_print(css: str) -> str:
    """`css` without comments and without its `@media print { … }` blocks (no reader's screen styles those)."""
    css = re.sub(r"/\*.*?\*/", "", css, flags=re.S)
    out, at = [], 0
    for found in re.finditer(r"@media\s+print\s*\{", css):
        if found.start() < at:
            continue
        out.append(css[at:found.start()])
        depth, i = 1, found.end()
        while depth:
            depth += {"{": 1, "}": -1}.get(css[i], 0)
            i += 1
        at = i
    return "".join(out) + css[at:]


def test_no_rule_asks_the_whole_page_what_it_has() -> None:
    """A `:has()` on <html>, <body> or the page's content is checked by Chromium against the whole page
    at every change inside it, and can restyle all of it: most of a phone's frame after a tap at the
    table (1,326 elements restyled per Next, measured). The page's kind is a class on <html> instead
    (every-page.mjs `mark`). On <html> or <body>, a `:has()` looking at children only (`body:has(> …)`)
    is cheap and allowed; on the page's content, none is (`.md-typeset:has(> …) > :not(…)` restyled the
    whole page at every change)."""
    wide = re.compile(r"(?:^|[\s,>}(])(?:(?:html|body)(?:\.[\w-]+)*:has\(\s*(?!>)|\.md-typeset(?:\.[\w-]+)*:has\()")
    sheets = sorted((ROOT / "docs/assets/stylesheets").glob("*.css"))
    found = [f"{sheet.name}: {m.group(0).strip()}…" for sheet in sheets
             for m in wide.finditer(_outside_print(sheet.read_text(encoding="utf-8")))]
    assert not found, found
    assert wide.search(" body:has(.x) .md-top {}") and wide.search(".md-typeset:has(> .x) {}")
    assert wide.search("body:has(> .x) .y {}") is None
    assert "body:has(.y)" not in _outside_print("@media print { body:has(.y) .z { a: b } } .w {}")
