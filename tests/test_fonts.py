"""Chinese characters and Mahjong tiles in headless Chromium: the self-hosted Noto Sans TC
slices load (only those a page needs), and tile glyphs are shown large enough to read."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from codex.fonts import cjk_characters, cjk_font, site_texts

from tests.support.fixtures import open_context

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_only_needed_slices_are_shipped(root: Path) -> None:
    files, css = cjk_font(root, cjk_characters(site_texts(root)))
    slices = [d for d in files if d.endswith(".woff2")]
    assert 0 < len(slices) < 40, f"{len(slices)} slices shipped"
    assert css.count("@font-face") == len(slices) and "unicode-range" in css
    assert all(p.is_file() for p in files.values())


def test_tiles_page_loads_our_cjk_slices_and_big_tiles(served_site: str, module_browser: Any) -> None:
    context, blocked, errors = open_context(module_browser, width=390, height=844)
    fonts: list[str] = []
    context.on("response", lambda r: fonts.append(r.url) if "/assets/fonts/noto-sans-tc-" in r.url else None)
    page = context.pages[0]
    page.goto(served_site + "rain/tiles/")
    page.evaluate("document.fonts.ready")
    page.wait_for_function("""() => [...document.fonts].some(
        f => f.family.includes("Codex CJK") && f.status === "loaded")""", timeout=15_000)
    shipped = len(list((Path(__file__).resolve().parent.parent / "node_modules" / "@fontsource" / "noto-sans-tc"
                        / "files").glob("*-400-normal.woff2")))
    assert 0 < len(set(fonts)) < shipped, f"{len(set(fonts))} slices downloaded"
    sizes = page.evaluate("""() => { const size = el => parseFloat(getComputedStyle(el).fontSize);
        const q = s => document.querySelector(s);
        return [size(q(".md-typeset .codex-tile")), size(q(".md-typeset"))]; }""")
    assert sizes[0] >= 20 and sizes[0] >= 1.25 * sizes[1], sizes  # was 12.8 px, smaller than the text
    context.close()
    assert blocked == [] and errors == []
