"""The site as an installable app: its manifest, its icons (drawn from the favicon, safe under any
launcher's mask), Chromium's installability check, and the table pages opening offline."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from codex.widgets import TABLE_PAGES

from tests.support import png
from tests.support.app_icons import BACKGROUND, SIZES, draw, icon_path
from tests.support.browser import persistent, record_hosts
from tests.support.server import serve
from tests.test_browser import settled
from tests.test_offline import COMPLETE, OFFLINE_READY

ROOT = Path(__file__).resolve().parent.parent
MANIFEST = ROOT / "docs" / "manifest.webmanifest"


def manifest() -> dict[str, Any]:
    return json.loads(MANIFEST.read_text(encoding="utf-8"))


def test_the_manifest_makes_a_standalone_app_that_reaches_every_table_page() -> None:
    app = manifest()
    assert app["name"] == "Jianghu Codex" and 0 < len(app["short_name"]) <= 12
    assert app["display"] == "standalone" and app["start_url"] == app["scope"] == "./"
    assert app["theme_color"].startswith("#") and app["background_color"] == BACKGROUND
    assert sorted(s["url"] for s in app["shortcuts"]) == sorted(TABLE_PAGES.values())
    for purpose in ("any", "maskable"):
        sizes = {i["sizes"] for i in app["icons"] if i["purpose"] == purpose}
        assert sizes == {"192x192", "512x512"}, purpose
    for icon in app["icons"]:
        width, height = png.size((MANIFEST.parent / icon["src"]).read_bytes())
        assert f"{width}x{height}" == icon["sizes"] and icon["type"] == "image/png"


def _corner_and_edges(image: png.Image) -> set[tuple[int, ...]]:
    last = image.width - 1
    return {image.pixel(x, y)[:3] for x, y in ((0, 0), (last, 0), (0, last), (last, last), (last // 2, 0),
                                               (0, last // 2))}


@pytest.mark.browser
@pytest.mark.slow
def test_the_icons_are_the_favicon_drawn_safe_for_any_mask() -> None:
    fresh = draw()
    background = tuple(int(BACKGROUND[i:i + 2], 16) for i in (1, 3, 5))
    for size in SIZES:
        committed = png.read(icon_path(size).read_bytes())
        drawn = png.read(fresh[size])
        assert (committed.width, committed.height) == (drawn.width, drawn.height) == (size, size)
        # Full bleed: no transparent corner for a launcher to fill with black.
        assert _corner_and_edges(committed) == {background}
        if committed.channels == 4:
            assert all(committed.data[i] == 255 for i in range(3, len(committed.data), 4))
        # Nothing but background outside the safe circle (80 % of the width) that every mask keeps.
        centre, safe = (size - 1) / 2, 0.4 * size
        for y in range(0, size, 4):
            for x in range(0, size, 4):
                if (x - centre) ** 2 + (y - centre) ** 2 > safe ** 2:
                    assert max(abs(a - b) for a, b in zip(committed.pixel(x, y)[:3], background, strict=True)) <= 8
        # The committed icon is still the favicon's drawing (regenerate: python -m tests.support.app_icons).
        differ = sum(abs(a - b) for a, b in zip(committed.data, drawn.data, strict=False)) / len(drawn.data)
        assert committed.channels == drawn.channels and differ < 2, f"app-icon-{size}.png differs by {differ:.1f}"


@pytest.mark.browser
@pytest.mark.slow
def test_chromium_can_install_the_site_and_it_opens_offline_on_the_table_pages(built_site: Path, site_port: int,
                                                                               tmp_path: Path) -> None:
    outside: list[str] = []
    with serve(built_site, site_port) as (base, _), persistent(str(tmp_path / "profile"), viewport={
            "width": 390, "height": 844}, has_touch=True, is_mobile=True) as context:
        record_hosts(context, outside)
        page = context.pages[0] if context.pages else context.new_page()
        page.goto(base + "wbs/fight/")
        page.wait_for_selector('form[data-calc="wbs.combat_tracker"][data-table-ready="yes"]')
        page.tap('form[data-calc="wbs.combat_tracker"] .codex-build__example')  # a new fight starts empty
        settled(page, "wbs.combat_tracker")
        page.locator('form[data-calc="wbs.combat_tracker"] tr[data-row="1"] [data-field="name"]').fill("Mei Lin")
        settled(page, "wbs.combat_tracker")
        page.wait_for_function(OFFLINE_READY, timeout=120_000)
        page.wait_for_function(COMPLETE, timeout=120_000)  # the other games' table pages (its shortcuts) too
        cdp = context.new_cdp_session(page)
        assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []
        found = cdp.send("Page.getAppManifest")
        assert found["errors"] == [] and found["url"] == base + "manifest.webmanifest"

        context.set_offline(True)
        app = manifest()
        for url in [app["start_url"], *(s["url"] for s in app["shortcuts"])]:
            page.goto(base + url.removeprefix("./"))
            assert page.locator("article h1").first.is_visible(), url
        page.goto(base + "wbs/fight/")
        form = 'form[data-calc="wbs.combat_tracker"]'
        page.wait_for_selector(f'{form}[data-table-ready="yes"]')
        assert page.locator(f'{form} tr[data-row="1"] [data-field="name"]').input_value() == "Mei Lin"
        page.tap('[data-table-action="next"]')  # the engine answers offline: Next moves to the first tick
        page.wait_for_function(f"() => document.querySelector('{form} input[name=phase]').value !== '0'",
                               timeout=120_000)
        settled(page, "wbs.combat_tracker")
    assert outside == [], f"requests left 127.0.0.1: {outside}"
