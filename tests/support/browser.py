"""Headless Debian Chromium through Playwright, with every request off 127.0.0.1 blocked."""

from __future__ import annotations

import atexit
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlparse

from playwright.sync_api import Browser, BrowserContext, Page, Playwright, Request, sync_playwright

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
    # Every request off the loopback goes to a proxy nobody answers, so it fails: the page's, its
    # workers' and its service worker's alike (Chromium never sends loopback through a proxy).
    "--proxy-server=http://127.0.0.1:9",
]
# Playwright's own --disable-features (1.65, chromiumSwitches.ts): a second such switch replaces
# the first, so ours repeats them (features_off).
_PLAYWRIGHT_OFF = (
    "AvoidUnnecessaryBeforeUnloadCheckSync", "DestroyProfileOnBrowserClose", "HttpsUpgrades",
    "HttpsFirstBalancedModeAutoEnable", "LensOverlay", "MediaRouter", "PaintHolding", "ThirdPartyStoragePartitioning",
    "AvoidCorsURLLoaderRestartOnRedirect", "TcpPortRandomizationWin", "OptimizationHints", "NetworkTimeServiceQuerying",
    "AimEnabled", "PreconnectToSearch")
# The address bar's popup, which a headless tab prepares in a renderer of its own (0.8 s of CPU per tab).
_UNSEEN_UI = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup", "WebUIOmniboxFullPopup")


def features_off(*names: str) -> str:
    """The one --disable-features switch: Playwright's own features and `names`."""
    return "--disable-features=" + ",".join((*_PLAYWRIGHT_OFF, *names))


def for_tests(*off: str) -> list[str]:
    """The tests' switches (with features `off` besides): not the benchmark's, which measures what a
    reader's browser does. They spend less of the machine's two cores on each page, and change
    nothing a page does: the engine's wasm runs as V8 first compiles it (not optimised again in the
    background: 1.5 s of CPU per engine start), and no tab prepares an address bar nobody sees."""
    return [*ARGS, "--js-flags=--liftoff-only", features_off(*_UNSEEN_UI, *off)]


TESTS = for_tests()


def for_readers(*off: str) -> list[str]:
    """The benchmarks' switches (with features `off` besides): a reader's browser, whose V8
    optimises the engine's wasm as it runs, minus the address bar's popup that a headless desktop
    tab prepares in a renderer of its own. That renderer takes 0.8-1 s of CPU per tab, on the same
    two cores as the page, in the second the page loads. A phone's browser prepares none, and on
    the phone profile it was most of the next night's contention: 2.3 s of an unthrottled core in a
    2.3 s visit, beside the page's own main thread, its worker and its service worker."""
    return [*ARGS, features_off(*_UNSEEN_UI, *off)]


# This process's Playwright and Chromium, started once (a test worker's, for all its modules: a
# launch costs the machine about 0.8 CPU-s) and stopped when the tests end (fixtures.py), or at exit.
_running: dict[str, Any] = {}


def playwright() -> Playwright:
    """This process's Playwright (the sync API allows one at a time per thread)."""
    if "playwright" not in _running:
        _running["playwright"] = sync_playwright().start()
        atexit.register(stop)
    return _running["playwright"]


def stop() -> None:
    """Close this process's Chromium and stop its Playwright (nothing if they never started)."""
    browser = _running.pop("browser", None)
    if browser is not None and browser.is_connected():
        browser.close()
    running = _running.pop("playwright", None)
    if running is not None:
        running.stop()


@contextmanager
def chromium() -> Iterator[Browser]:
    """The process's headless Chromium from Debian's package (never a Playwright download); the
    contexts a caller leaves open are closed when it is done, so the next one starts with none."""
    browser = _running.get("browser")
    if browser is None or not browser.is_connected():
        browser = _running["browser"] = playwright().chromium.launch(executable_path=CHROMIUM, args=TESTS,
                                                                     headless=True)
    try:
        yield browser
    finally:
        for context in browser.contexts:
            context.close()


def local_only(page: Page, blocked: list[str]) -> None:
    """Record in `blocked` every request of the page's context that is not to 127.0.0.1 (the
    browser refuses them all: ARGS). Not a Playwright route: routing turns the HTTP cache off,
    and the page would then fetch twice what it asks for early (the engine's prefetch)."""
    record_hosts(page.context, blocked)


@contextmanager
def persistent(profile: str, **options: object) -> Iterator[BrowserContext]:
    """A headless Chromium with a profile kept on disk, as a reader's browser keeps one
    (service workers and their caches survive between visits)."""
    context = playwright().chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=TESTS, headless=True, **options)
    try:
        yield context
    finally:
        context.close()


def record_hosts(context: BrowserContext, outside: list[str]) -> None:
    """Record every request the context makes, the service worker's own included (they bypass
    routes), whose host is not 127.0.0.1."""

    def seen(request: Request) -> None:
        url = request.url
        if not url.startswith(("data:", "blob:")) and urlparse(url).hostname != "127.0.0.1":
            outside.append(url)

    context.on("request", seen)
