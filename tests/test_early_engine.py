"""A page with calculators starts its engine from its head (hooks/codex/early_engine.py writes the
head's tags; its inline script, engine-start.js, starts the worker; tests/test_offline.py shows the
browser doing it, from the offline copy and on a first visit)."""

from __future__ import annotations

import re
from pathlib import Path

from codex.csp import inline_scripts, is_known_script, script_hash
from codex.early_engine import META, calculators, starter, with_early_engine

PAGE = """<!doctype html><html><head><title>t</title>
</head><body>
<form class="calc" data-calc="wbs.derived"></form>
<p>data-calc="not.a.form"</p>
<form id="x" class="calc calc--long" data-calc="wbs.combat_tracker"></form>
<form class="calc" data-calc="wbs.derived"></form>
</body></html>"""


def test_the_head_names_each_calculator_once_and_starts_the_worker_before_it_closes() -> None:
    out = with_early_engine(PAGE, "../../assets/javascripts/codex-worker.mjs")
    head = out[: out.index("</head>")]
    meta = (f'<meta name="{META}" content="wbs.derived wbs.combat_tracker" '
            'data-worker="../../assets/javascripts/codex-worker.mjs">')
    assert meta in head
    assert head.index(meta) < head.index(f"<script>{starter()}</script>")
    assert out[out.index("</head>"):] == PAGE[PAGE.index("</head>"):]


def test_the_starter_is_code_with_no_comment_and_the_policy_allows_it() -> None:
    assert not starter().startswith("//") and "new Worker(" in starter()
    assert is_known_script(starter()) and not is_known_script(starter() + ";alert(1)")
    assert list(inline_scripts(with_early_engine(PAGE, "w.mjs"))) == [starter()]


def test_the_head_asks_for_the_engine_s_downloads_at_once_and_escapes_them() -> None:
    out = with_early_engine(PAGE, "e.mjs", ["../a/pyodide.asm.wasm", 'b"<.zip'])
    head = out[: out.index("</head>")]
    assert '<link rel="prefetch" href="../a/pyodide.asm.wasm">' in head
    assert '<link rel="prefetch" href="b&quot;&lt;.zip">' in head


def test_a_table_tool_s_page_asks_for_the_downloads_before_its_stylesheets_a_reading_page_after() -> None:
    styled = PAGE.replace("<title>t</title>", '<title>t</title><link rel="stylesheet" href="a.css">')
    styled = styled.replace("</head>", "<script>x()</script></head>")
    reading = with_early_engine(styled, "w.mjs", ["p.wasm"])
    # after the stylesheets, before the head's first script (where the parser waits for them)
    assert reading.index('rel="stylesheet"') < reading.index('<link rel="prefetch" href="p.wasm">')
    assert reading.index('<link rel="prefetch" href="p.wasm">') < reading.index("<script>x()</script>")
    tool = styled.replace('data-calc="wbs.combat_tracker"', 'data-calc="wbs.combat_tracker" data-table')
    table = with_early_engine(tool, "w.mjs", ["p.wasm"])
    assert table.index('<link rel="prefetch" href="p.wasm">') < table.index('rel="stylesheet"')
    assert table.index('rel="stylesheet"') < table.index(f"<script>{starter()}</script>")  # the starter stays last


def test_a_page_without_a_calculator_is_left_as_it_is() -> None:
    page = PAGE.replace("<form", "<div").replace("</form>", "</div>")
    assert calculators(page) == []
    assert with_early_engine(page, "x.mjs") == page


def test_the_worker_address_is_escaped() -> None:
    out = with_early_engine(PAGE, 'a"b<c>.mjs')
    assert 'data-worker="a&quot;b&lt;c&gt;.mjs"' in out


def test_the_built_pages_with_calculators_and_only_they_start_their_engine_early(built_site: Path) -> None:
    for name in ("wbs/fight/index.html", "wbs/attributes/index.html", "xia/conflict/index.html"):
        html = (built_site / name).read_text(encoding="utf-8")
        head = html[: html.index("</head>")]
        ids = re.search(rf'<meta name="{META}" content="([^"]*)"', head).group(1).split()
        assert ids == calculators(html) and ids, name
        depth = name.count("/")  # wbs/fight/index.html is two folders down
        assert f'data-worker="{"../" * depth}assets/javascripts/codex-worker.mjs">' in head
        assert f"<script>{starter()}</script>" in head
        policy = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)"', html).group(1)
        assert script_hash(starter()) in policy
        # the engine's two big downloads, asked for from the head: the files the worker fetches
        runtime = (built_site / "assets/codex/runtime.mjs").read_text(encoding="utf-8")
        stdlib = re.search(r'STDLIB = new URL\("([^"]+)"', runtime).group(1)
        pyodide = re.search(r'PYODIDE = new URL\("([^"]+)"', runtime).group(1)
        preloads = re.findall(r'<link rel="prefetch" href="([^"]+)">', head)
        first_style = head.index('rel="stylesheet"')
        table = name != "wbs/attributes/index.html"  # the fight and the conflict are table tools' pages
        assert (head.index('rel="prefetch"') < first_style) == table, name
        assert head.index('rel="prefetch"') < head.index("<script"), name  # found before the parser waits
        assert preloads == ["../" * depth + pyodide + "pyodide.asm.wasm", "../" * depth + stdlib], name
        assert all((built_site / name).parent.joinpath(url).resolve().is_file() for url in preloads), name
    for name in ("wbs/tiers/index.html", "index.html"):
        assert META not in (built_site / name).read_text(encoding="utf-8"), name
        assert 'rel="prefetch"' not in (built_site / name).read_text(encoding="utf-8"), name
    assert (built_site / "assets/javascripts/engine-early.mjs").is_file()
