"""Honest loading: while the results are not the answer to the inputs shown, the panel says so.

A phone-sized page on a throttled network opens a link with its own values: the pinned results
panel says "Updating", in view, dims the page's default results, and counts the engine's
download; once the answer is in, the marking goes and the results are the link's.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import chromium, local_only
from tests.support.engine import engine
from tests.support.says import says
from tests.support.server import serve
from tests.test_browser import change, outputs, settled

pytestmark = [pytest.mark.browser, pytest.mark.slow]
FORM = 'form[data-calc="wbs.energy"]'
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}
NO_THROTTLE = {"offline": False, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}


@pytest.fixture()
def phone(built_site: Path, site_port: int) -> Iterator[tuple[str, Any, Any, list[str]]]:
    blocked: list[str] = []
    with serve(built_site, site_port) as (base, _), chromium() as browser:
        context = browser.new_context(viewport={"width": 390, "height": 844}, service_workers="block")
        page = context.new_page()
        local_only(page, blocked)
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        yield base, page, cdp, blocked
        context.close()
    assert blocked == []


def state(page: Any) -> dict[str, Any]:
    return page.evaluate(f"""() => {{
        const form = document.querySelector('{FORM}');
        const note = form.querySelector('.calc__pending');
        const box = note && note.getBoundingClientRect();
        return {{
          pending: form.dataset.pending || null,
          classes: form.className,
          note: note && !note.hidden ? note.innerText : null,
          inView: Boolean(box && box.height > 0 && box.top >= 0 && box.bottom <= innerHeight),
          inLiveRegion: Boolean(note && note.closest('[aria-live]')),
          busy: form.querySelector('.calc__results dl').getAttribute('aria-busy'),
          opacity: Number(getComputedStyle(form.querySelector('output')).opacity),
        }}; }}""")


def test_a_link_on_a_slow_phone_is_marked_stale_with_the_download_counted(phone: tuple) -> None:
    base, page, cdp, _ = phone
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    page.goto(base + "wbs/energy/?wbs.energy.strength=6", wait_until="domcontentloaded")
    page.wait_for_function(  # at least a megabyte in
        f"() => /^[1-9]/.test(document.querySelector('{FORM} .calc__pending-bytes')?.textContent || '')",
        timeout=60_000)
    page.locator(f'{FORM} input[name="strength"]').scroll_into_view_if_needed()  # the reader is at the form
    page.wait_for_timeout(300)  # the pinned panel settles at the screen's foot
    page.screenshot(path=str(Path(__file__).parent / ".artifacts" / "loading-390.png"))
    first = state(page)
    assert first["pending"] == "starting"
    says(first["note"], "Updating", "MB")
    assert first["inView"] and first["inLiveRegion"], first  # where the reader is looking, and read out
    assert first["busy"] == "true" and first["opacity"] < 0.6, first
    before = float(page.inner_text(f"{FORM} .calc__pending-bytes").split()[0])
    page.wait_for_function(  # the bar may pause while pyodide.asm.mjs (an import, not a fetch) comes in
        f"() => parseFloat(document.querySelector('{FORM} .calc__pending-bytes').textContent) > {before}",
        timeout=30_000)

    cdp.send("Network.emulateNetworkConditions", NO_THROTTLE)
    settled(page, "wbs.energy")
    done = state(page)
    assert done["pending"] is None and done["note"] is None and done["busy"] is None and done["opacity"] == 1, done
    # Marked by an attribute, never a class: a class written on the form restyles every element in it
    # (the rows of a whole fight too) in the frame that shows the first answer.
    assert done["classes"] == first["classes"], (first["classes"], done["classes"])
    assert outputs(page, "wbs.energy") == engine().show("wbs.energy", {"strength": 6})

    # A quick answer (the engine running) is never marked: no flicker on every keystroke.
    page.evaluate(f"""() => {{ window.__marks = 0; new MutationObserver(() => {{
        if (document.querySelector('{FORM}').dataset.pending) window.__marks++; }})
        .observe(document.querySelector('{FORM}'), {{ attributes: true }}); }}""")
    change(page, "wbs.energy", {"strength": 7})
    assert page.evaluate("window.__marks") == 0
