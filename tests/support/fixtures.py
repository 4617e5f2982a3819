"""Browser fixtures shared by the browser test modules (registered in tests/conftest.py)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.support.browser import chromium, local_only, stop
from tests.support.server import serve


@pytest.fixture(scope="module")
def served_site(built_site: Path, site_port: int) -> Iterator[str]:
    """The built site's base URL, served on 127.0.0.1 (its site_url's port) for one module;
    other modules serve on the same port in turn."""
    with serve(built_site, site_port) as (base, _):
        yield base


@pytest.fixture(scope="session", autouse=True)
def _browser_stopped() -> Iterator[None]:
    """The tests' Chromium (one per test worker, started by the first module that asks) is closed
    when the worker's tests end."""
    yield
    stop()


@pytest.fixture(scope="module")
def module_browser() -> Iterator[Any]:
    """The worker's headless Chromium, for one module (its contexts closed after it)."""
    if not Path("/usr/bin/chromium").exists():
        pytest.fail("Debian's chromium is missing: ./dev test installs it (apt-get install chromium)")
    with chromium() as b:
        yield b


def open_context(browser: Any, width: int = 1280, height: int = 900,
                 scheme: str = "light", touch: bool = False) -> tuple[Any, list[str], list[str]]:
    """A context that blocks every request off 127.0.0.1 (a phone's, by touch, when `touch`), with no
    service worker (a private window's view: the offline copy would download the whole site in the
    background of every test; test_offline and test_app test it); returns it, the blocked URLs and
    page errors."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme,
                                  has_touch=touch, is_mobile=touch, service_workers="block")
    blocked: list[str] = []
    errors: list[str] = []
    page = context.new_page()
    local_only(page, blocked)
    page.on("pageerror", lambda e: errors.append(str(e)))
    return context, blocked, errors
