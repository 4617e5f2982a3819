"""The tile draw in Debian's headless Chromium: one link, the same tiles in every browser."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.support.browser import chromium, local_only
from tests.support.engine import engine
from tests.support.server import serve
from tests.test_browser import outputs, settled

pytestmark = [pytest.mark.browser, pytest.mark.slow]
CALC = "rain.tile_draw"
HANDS = ("my_hand", "their_hand", "my_compared", "their_compared", "winner", "exchange")


@pytest.fixture(scope="module")
def tile_site(built_site: Path, site_port: int) -> Iterator[str]:
    with serve(built_site, site_port) as (base, _):
        yield base


@pytest.fixture(scope="module")
def chrome() -> Iterator[Any]:
    with chromium() as browser:
        yield browser


def fresh_tab(browser: Any, width: int = 1280) -> tuple[Any, Any, list[str], list[str]]:
    """A new browser context (nothing shared with any other), its page, blocked requests and errors."""
    context = browser.new_context(viewport={"width": width, "height": 900}, service_workers="block")
    page = context.new_page()
    blocked: list[str] = []
    errors: list[str] = []
    local_only(page, blocked)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, page, blocked, errors


def hands(page: Any) -> dict[str, str]:
    return {k: v for k, v in outputs(page, CALC).items() if k in HANDS}


def seed_in(url: str) -> str:
    return parse_qs(urlparse(url).query)[f"{CALC}.seed"][0]


def test_one_link_shows_the_same_tiles_in_two_browsers_and_draw_again_changes_them(
        tile_site: str, chrome: Any) -> None:
    link = tile_site + f"rain/contests/?{CALC}.seed=123456&{CALC}.my_yang=1"
    inputs = {"seed": 123456, "my_yang": 1}
    seen = []
    for _ in range(2):
        context, page, blocked, errors = fresh_tab(chrome)
        page.goto(link)
        settled(page, CALC)
        seen.append(hands(page))
        assert blocked == [] and errors == []
        context.close()
    assert seen[0] == seen[1]
    expected = engine().show(CALC, inputs)
    assert seen[0] == {k: expected[k] for k in HANDS}  # the browser's Pyodide draws what CPython draws
    assert seen[0]["my_hand"].count("<li>") == 5  # 4 (Metal Creates Water), one more for the Yang

    context, page, blocked, errors = fresh_tab(chrome, width=390)
    page.goto(link)
    settled(page, CALC)
    button = page.get_by_role("button", name="Draw again")
    button.click()
    page.wait_for_function(f"() => !location.search.includes('{CALC}.seed=123456')")
    settled(page, CALC)
    code = seed_in(page.url)
    assert page.input_value(f'form[data-calc="{CALC}"] input[name="seed"]') == code
    after = hands(page)
    assert after != seen[0]
    shown = engine().show(CALC, {"seed": code, "my_yang": 1})
    assert after == {k: shown[k] for k in HANDS}
    # At phone width the hands wrap inside the form: nothing runs off the side of the page.
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0
    assert blocked == [] and errors == []
    context.close()


def test_the_page_opens_with_nothing_drawn_and_draw_makes_a_fresh_code(tile_site: str, chrome: Any) -> None:
    context, page, blocked, errors = fresh_tab(chrome, width=390)
    page.goto(tile_site + "rain/contests/")
    form = page.locator(f'form[data-calc="{CALC}"]')
    assert form.locator('output[name="my_hand"] .rain-tile').count() == 0  # no known hand at first paint
    button = form.get_by_role("button", name="Draw", exact=True)
    button.click()
    page.wait_for_function(f"() => location.search.includes('{CALC}.seed=')")
    settled(page, CALC)
    code = seed_in(page.url)
    assert len(code.replace("-", "")) == 13 and form.locator('output[name="my_hand"] .rain-tile').count() == 4
    assert form.get_by_role("button", name="Draw again").is_visible()
    assert blocked == [] and errors == []
    context.close()


def test_a_code_out_of_range_is_told_beside_its_field(tile_site: str, chrome: Any) -> None:
    context, page, _, errors = fresh_tab(chrome)
    page.goto(tile_site + f"rain/contests/?{CALC}.seed=-5")
    settled(page, CALC)
    alert = page.locator(f'form[data-calc="{CALC}"] [id$="-seed-error"][role="alert"]')
    assert alert.is_visible() and "13 characters" in alert.inner_text()
    page.locator(f'form[data-calc="{CALC}"] .calc__draw-again').click()  # a fresh code fixes it
    page.wait_for_function("() => !location.search.includes('seed=-5')")
    settled(page, CALC)
    assert not alert.is_visible()
    assert "Traceback" not in page.inner_text("body") and errors == []
    # Printed, the tiles and the code stay and the button goes.
    page.emulate_media(media="print")
    form = page.locator(f'form[data-calc="{CALC}"]')
    assert form.locator(".rain-hand").first.is_visible() and form.locator('input[name="seed"]').is_visible()
    assert not form.locator(".calc__draw-again").is_visible()
    context.close()
