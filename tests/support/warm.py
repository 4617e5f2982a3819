"""One warm engine per test module: a phone's tab kept from test to test, reset between them.

Starting the engine costs a fresh tab about 2 CPU-seconds (Pyodide, then the rules), most of a
table test's own cost. A tab kept for the module keeps its engine's worker while it moves from page
to page by the theme's instant navigation, as a reader's tab does; each test gets it reset: left
for a page with no table (so nothing the last test's page kept is still to be written), its storage
cleared, nothing the last test registered still listening. A test that changed the tab in a way a
reset cannot undo (it installed a clock, opened a second page, listens to the tab or its context,
closed it) leaves it, and the next test gets a new one; a test that installs a clock or a script
to run before the page's own starts in a new one (`needs_new_tab`).

`visit` opens a page of the site in such a tab as a link in it would (a fresh tab loads it).
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

# A link followed as a reader's tap follows it: the theme's instant navigation takes it over.
_FOLLOW = """url => { const a = document.createElement("a");
  a.href = url; document.body.append(a); a.click(); a.remove(); }"""
# Cleared until it stays empty: the last page's table writes what it kept as the tab leaves it
# (table-tools.mjs flush, under a Web Lock: a moment later).
_CLEAR = """async () => { for (let i = 0; i < 20; i++) {
  localStorage.clear(); sessionStorage.clear();
  await new Promise((done) => setTimeout(done, 50));
  if (!localStorage.length && !sessionStorage.length) return; } }"""
# A clock installed by Playwright replaces Date.now: that tab's time is the test's from then on.
_OWN_CLOCK = "() => !String(Date.now).includes('[native code]')"
NEUTRAL = "wbs/basics/"


def visit(page: Any, url: str) -> None:
    """Open `url` (a page of the site): by a link in the page when it shows another page of the site
    (its engine kept), else by loading it."""
    here, there = urlsplit(page.url), urlsplit(url)
    # Another page of the site (the theme takes a link to the page shown, with other values, as the
    # same page: that one loads).
    old = page.query_selector("article") if here.netloc == there.netloc and here.path != there.path else None
    if old is None:
        page.goto(url)
        return
    page.evaluate(_FOLLOW, url)
    # The new page is in once the old one's content has left and the address is the link's page.
    page.wait_for_function("el => !el.isConnected", arg=old)
    page.wait_for_function("path => location.pathname === path && document.querySelector('article')", arg=there.path)


def needs_new_tab(request: Any) -> bool:
    """Whether a test needs what only a new tab gives: it is marked `new_tab` (its engine must be
    starting), or it reaches for Playwright's clock (it takes over the timers a page has running, so
    it goes into a tab that has none yet) or a script run before a page's own (`add_init_script`:
    only a page loaded after it runs it)."""
    return wants_new_tab(request.node)


def wants_new_tab(item: Any) -> bool:
    """`needs_new_tab` for a collected test (`item`): tests/conftest.py runs these last in their module,
    so the warm tab they cannot use is opened once for the module, not again after each of them."""
    function = getattr(item, "function", None)
    return (item.get_closest_marker("new_tab") is not None
            or (function is not None and bool({"clock", "add_init_script"} & set(function.__code__.co_names))))


def may_change_tab(item: Any) -> bool:
    """Whether a collected test may leave its tab changed for good (it adds a listener, `.on(…)`, or opens
    a second page): tests/conftest.py runs these after the others of their module, whose warm tab they
    may close."""
    function = getattr(item, "function", None)
    return function is not None and bool({"on", "new_page"} & set(function.__code__.co_names))


def _listeners(emitter: Any) -> int:
    impl = emitter._impl_obj  # Playwright's own object (not the page's state): its pyee emitter
    return sum(len(impl.listeners(name)) for name in impl.event_names())


class Tabs:
    """The module's warm tab (`with Tabs(...)` for the module): `lent(request)` for each test."""

    def __init__(self, browser: Any, base: str, options: dict[str, Any]) -> None:
        self.browser, self.base, self.options = browser, base, options
        self.context: Any = None
        self.page: Any = None
        self.blocked: list[str] = []
        self.errors: list[str] = []
        self._counts = (0, 0)

    def __enter__(self) -> Tabs:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

    @contextmanager
    def lent(self, request: Any) -> Iterator[Any]:
        """The tab for one test (`request`'s); after it, no request has left 127.0.0.1 and no page
        error was thrown."""
        page = self.take(fresh=needs_new_tab(request))
        try:
            yield page
            assert self.blocked == [] and self.errors == [], (self.blocked, self.errors)
        finally:
            self.give_back()

    def take(self, fresh: bool = False) -> Any:
        """The tab for a test; a new one if `fresh` (`needs_new_tab`)."""
        if fresh:
            self.close()
        if self.page is None:
            self._open()
        else:
            self._reset()
        self.blocked.clear()
        self.errors.clear()
        self._counts = (_listeners(self.page), _listeners(self.context))
        return self.page

    def _open(self) -> None:
        from tests.support.browser import local_only

        self.context = self.browser.new_context(**self.options)
        self.page = self.context.new_page()
        local_only(self.page, self.blocked)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _reset(self) -> None:
        page = self.page
        visit(page, self.base + NEUTRAL)
        page.evaluate(_CLEAR)

    def give_back(self) -> None:
        """After a test: keep the tab for the next one, or close it if the test changed it for good."""
        page, context = self.page, self.context
        if page is None:
            return
        keep = (not page.is_closed() and len(context.pages) == 1 and page.url.startswith(self.base)
                and (_listeners(page), _listeners(context)) == self._counts)
        if keep:
            try:
                keep = not page.evaluate(_OWN_CLOCK)
            except Exception:  # a page that cannot answer is no page to keep
                keep = False
        if not keep:
            self.close()

    def close(self) -> None:
        if self.context is not None:
            self.context.close()
        self.context = self.page = None
