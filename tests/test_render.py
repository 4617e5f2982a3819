"""Rendered output: markers, escaping, the widget contract, and the built site as a whole."""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from codex.site import Codex

from tests.support.engine import engine

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT, edit_base="https://example.invalid/edit/")


def render(codex: Codex, markdown: str, src: str = "wbs/test.md", url: str = "wbs/test/") -> str:
    result = codex.page(markdown, src, url)
    assert not result.problems, [str(p) for p in result.problems]
    return codex.page_html(result.markdown, result)


def test_unknown_marker_and_unknown_id_are_problems_with_file_and_line(codex: Codex) -> None:
    text = "# T\n\n<!-- codex:tabel wbs.tiers -->\n\n<!-- codex:calc wbs.nothing -->\n<!-- codex table -->\n"
    result = codex.page(text, "wbs/t.md", "wbs/t/")
    shown = [str(p) for p in result.problems]
    assert any(s.startswith("docs/wbs/t.md:3: unknown marker 'codex:tabel'") for s in shown), shown
    assert any(s.startswith("docs/wbs/t.md:5: codex:calc wbs.nothing: no calculator") for s in shown), shown
    assert any(s.startswith("docs/wbs/t.md:6: malformed marker") for s in shown), shown


@pytest.mark.parametrize("marker", ["table wbs.nope", "note wbs.nope", "example wbs.nope", "glossary nope",
                                    "note nodot"])
def test_markers_naming_missing_data_fail(codex: Codex, marker: str) -> None:
    result = codex.page(f"<!-- codex:{marker} -->\n", "wbs/t.md", "wbs/t/")
    assert len(result.problems) == 1


def test_a_template_is_compiled_once_a_process_and_again_when_its_source_changes() -> None:
    import jinja2
    from codex import render

    def made(source: str) -> jinja2.Template:
        return jinja2.Environment(loader=jinja2.DictLoader({"t.html": source}),
                                  bytecode_cache=render._COMPILED).get_template("t.html")

    assert made("one {{ x }}").render(x=1) == "one 1"
    assert made("two {{ x }}").render(x=2) == "two 2"  # the same name, another source: compiled anew
    assert made("one {{ x }}").render(x=3) == "one 3"


def test_yaml_strings_are_escaped(codex: Codex) -> None:
    tiers = codex.data["wbs/tiers"]["tiers"]
    saved = tiers[0]["summary"]
    tiers[0]["summary"] = '<script>alert("x")</script><img src=x onerror=alert(1)>'
    try:
        out = render(codex, "<!-- codex:table wbs.tiers -->\n")
    finally:
        tiers[0]["summary"] = saved
    assert "<script>" not in out and "<img" not in out
    assert "&lt;script&gt;" in out


class _Forms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


def test_widget_follows_the_html_contract(codex: Codex) -> None:
    out = render(codex, "<!-- codex:calc wbs.derived -->\n")
    parser = _Forms()
    parser.feed(out)
    forms = [a for t, a in parser.tags if t == "form"]
    assert forms and forms[0]["class"] == "calc" and forms[0]["data-calc"] == "wbs.derived"
    entry = engine().describe("wbs.derived")
    controls = {a["name"]: a for t, a in parser.tags if t in {"input", "select"}}
    labels = {a["for"] for t, a in parser.tags if t == "label"}
    assert set(controls) == {i["name"] for i in entry["inputs"]}
    for control in controls.values():
        assert control["id"] in labels
        error_id = f"{control['id']}-error"
        assert any(t == "p" and a.get("id") == error_id and a.get("role") == "alert" for t, a in parser.tags)
    outputs = {a["name"] for t, a in parser.tags if t == "output"}
    assert outputs == {o["name"] for o in entry["outputs"]}
    assert 'aria-live="polite"' in out
    assert not any(t == "button" or a.get("type") == "submit" for t, a in parser.tags)


def test_widget_bakes_the_cpython_result_for_its_defaults(codex: Codex) -> None:
    out = render(codex, "<!-- codex:calc wbs.energy -->\n")
    shown = engine().show("wbs.energy", {})
    for name, value in shown.items():
        assert re.search(rf'<output name="{name}"[^>]*>{re.escape(value)}</output>', out), name


def test_example_block_shows_book_and_calculator(codex: Codex) -> None:
    out = render(codex, "<!-- codex:example wbs.player-a-derived -->\n")
    assert "Player A" in out and "wbs.derived.strength=3" in html.unescape(out)
    assert "rules_data/wbs/examples.yaml" in out


def test_data_blocks_link_to_their_yaml_source(codex: Codex) -> None:
    out = render(codex, "<!-- codex:table wbs.target-numbers -->\n")
    assert 'href="https://example.invalid/edit/rules_data/wbs/target_numbers.yaml"' in out


def test_glossary_terms_link_to_their_entry_on_game_pages(codex: Codex) -> None:
    out = render(codex, "GenKi and EV.\n", "wbs/x.md", "wbs/x/")
    assert '<a class="codex-term" href="../../wbs/glossary/#term-genki"' in out
    assert 'aria-describedby="codex-tip-wbs-ev"' in out and '<span id="codex-tip-wbs-ev">' in out
    assert "*[" not in codex.page("GenKi.\n", "wbs/x.md", "wbs/x/").markdown


# ---- the built site ------------------------------------------------------------------

EXTERNAL = re.compile(r"""(?:src|href)=["'](?:https?:)?//(?!127\.0\.0\.1)""")


def test_site_builds_with_pyodide_and_bundle(built_site: Path) -> None:
    pyodide = next((built_site / "assets" / "pyodide").iterdir())
    # No lock file: runtime.mjs hands Pyodide its facts (the engine loads no package).
    assert sorted(p.name for p in pyodide.iterdir()) == sorted(["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm"])
    assert list((built_site / "assets" / "codex").glob("calculators-*.zip"))
    assert list((built_site / "assets" / "codex").glob("python_stdlib-*.zip"))  # trimmed (hooks/codex/stdlib.py)


def test_built_pages_load_nothing_from_outside(built_site: Path) -> None:
    for page in built_site.rglob("*.html"):
        text = page.read_text()
        for match in EXTERNAL.finditer(text):
            context = text[match.start():match.start() + 120]
            # Links a reader may follow are fine (edit links, permalinks); loads are not.
            assert context.startswith("href="), f"{page}: {context}"
        assert "fonts.googleapis" not in text and "fonts.gstatic" not in text
        # mkdocs-material fetches Mermaid from a CDN for pages with a diagram: none may have one.
        assert 'class="mermaid"' not in text, f"{page}: a Mermaid diagram would load a CDN script"
    for asset in list(built_site.rglob("*.css")) + list(built_site.rglob("*.js")):
        text = asset.read_text(errors="replace")
        assert "fonts.googleapis" not in text and "cdn.jsdelivr" not in text, asset


def test_pages_without_widgets_mention_no_pyodide(built_site: Path) -> None:
    tiers = (built_site / "wbs" / "tiers" / "index.html").read_text()
    assert 'class="calc"' not in tiers and "pyodide" not in tiers
    attributes = (built_site / "wbs" / "attributes" / "index.html").read_text()
    assert 'data-calc="wbs.derived"' in attributes


def test_every_page_has_an_edit_link(built_site: Path) -> None:
    page = (built_site / "wbs" / "attributes" / "index.html").read_text()
    assert "edit/main/docs/wbs/attributes.md" in page


def test_generated_pages_are_built_and_edit_their_yaml(tmp_path: Path) -> None:
    from codex import render

    def maker(data):  # type: ignore[no-untyped-def]
        return {"wbs/made/tiers.md": render.GeneratedPage("# Tiers\n\n<!-- codex:table wbs.tiers -->\n", "wbs/tiers")}

    render.PAGE_MAKERS.append(maker)
    try:
        codex = Codex(ROOT, edit_base="https://example.invalid/edit/")
    finally:
        render.PAGE_MAKERS.remove(maker)
    assert "wbs/made/tiers.md" in codex.generated_pages
    assert codex.edit_url_for("wbs/made/tiers.md") == "https://example.invalid/edit/rules_data/wbs/tiers.yaml"
    assert codex.edit_url_for("wbs/tiers.md") == "https://example.invalid/edit/docs/wbs/tiers.md"


def test_reading_inputs_are_linked_to_their_source_note(codex: Codex) -> None:
    entry = engine().describe("wbs.derived")
    reading = next(i for i in entry["inputs"] if i["name"] == "derived_limit")
    assert reading["note"] == "wbs.derived-limit"
    out = render(codex, "<!-- codex:calc wbs.derived -->\n\n<!-- codex:note wbs.derived-limit -->\n")
    assert 'data-note="wbs.derived-limit"' in out and 'data-reading-for="wbs.derived-limit"' in out


def test_symbol_font_is_self_hosted_and_loaded_on_demand(built_site: Path) -> None:
    assert (built_site / "assets" / "fonts" / "noto-sans-symbols-2-symbols.woff2").stat().st_size > 10_000
    (bundle,) = (built_site / "assets" / "stylesheets").glob("codex.*.css")  # codex.css is in it (styles.py)
    css = bundle.read_text()
    assert "unicode-range: U+1F000-1F02F" in css and 'url("../fonts/noto-sans-symbols-2-symbols.woff2")' in css
