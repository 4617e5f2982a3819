"""Our stylesheets are shipped as one minified file (hooks/codex/styles.py): nothing a rule means is changed."""

from __future__ import annotations

from codex.styles import bundle, minify


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
