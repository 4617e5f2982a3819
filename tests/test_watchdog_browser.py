"""A calculator run that never answers: the worker is restarted and the form says so."""

from __future__ import annotations

from typing import Any

import pytest

from tests.test_browser import browser, change, settled, site, tab  # noqa: F401  (shared fixtures)

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_hung_run_reports_beside_the_form_and_restarts_the_worker(
        site: tuple[str, list[str]], tab: tuple[Any, dict]) -> None:  # noqa: F811
    page, _ = tab
    page.goto(site[0] + "wbs/energy/")
    form = 'form[data-calc="wbs.energy"]'
    change(page, "wbs.energy", {"strength": 4})
    first = page.evaluate("window.__codex.worker")
    assert first is not None
    # The worker swallows the next run, as a hang in Python would.
    page.evaluate("""() => { const s = window.__codex; s.watchdogMs = 800;
        const post = s.worker.postMessage;
        s.worker.postMessage = function (msg) { if (msg.type !== 'run') post.call(this, msg); }; }""")
    page.locator(f'{form} [name="strength"]').fill("5")
    page.wait_for_function(f"""() => document.querySelector('{form} .calc__status').dataset.state === 'failed'""",
                           timeout=10_000)
    assert "restarted" in page.locator(f"{form} .calc__status").text_content()
    assert page.evaluate("window.__codex.worker === null")
    page.evaluate("window.__codex.watchdogMs = 60000")
    change(page, "wbs.energy", {"strength": 6})
    settled(page, "wbs.energy")
    assert page.locator(f"{form} .calc__status").get_attribute("data-state") == "live"
