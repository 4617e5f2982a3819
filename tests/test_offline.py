"""Offline after one visit (the service worker), and the prompt when a new build is deployed.

A persistent Chromium profile, as a reader's browser keeps one. A service worker's own requests
bypass Playwright's routes, so every request of the context is recorded and any host other than
127.0.0.1 fails the test.
"""

from __future__ import annotations

import base64
import hashlib
import json
import re
import shutil
import time
from pathlib import Path
from typing import Any

import pytest
from codex.offline import write_service_worker

from tests.support.browser import persistent, record_hosts
from tests.support.engine import engine
from tests.support.server import Link, Requests, serve
from tests.test_browser import change, outputs

OFFLINE_READY = """() => { const o = window.__codexOffline;
  return Boolean(navigator.serviceWorker.controller && o && o.registration && o.registration.active
                 && o.registration.active.state === "activated"); }"""


COMPLETE = "() => Boolean(window.__codexOffline && window.__codexOffline.complete)"


def test_the_precache_list_is_every_built_file_with_a_revision(built_site: Path) -> None:
    text = (built_site / "sw.js").read_text(encoding="utf-8")
    entries = json.loads(re.search(r"const MANIFEST = (\[.*?\]);", text).group(1))
    listed = {e["url"]: e["revision"] for e in entries}
    built = {p.relative_to(built_site).as_posix() for p in built_site.rglob("*") if p.is_file()}
    left_out = {u for u in built if u.endswith(".map")} | {"sw.js", "sitemap.xml.gz", "_headers"}
    assert set(listed) == built - left_out
    for entry in entries:  # the hash the browser checks on every fetch and the service worker on every cache hit
        digest = base64.b64encode(hashlib.sha256((built_site / entry["url"]).read_bytes()).digest()).decode()
        assert entry["integrity"] == f"sha256-{digest}", entry["url"]
    versioned = {u for u, revision in listed.items() if revision is None}
    named_by_version = re.compile(r"^assets/pyodide/|(calculators(-[a-z]+)?|python_stdlib)-[0-9a-f]+\.zip$"
                                  r"|python_snapshot-[0-9a-f]+\.bin$|\.[0-9a-f]{8}\.min\.|^assets/stylesheets/codex\.[0-9a-f]{8}\.css$")
    assert all(named_by_version.search(u) for u in versioned)
    assert listed.get("index.html"), "pages are revisioned by content"
    # What a page loads only when used is kept too: the search's entries, a table page's modules.
    assert {"search/search_index.json", "search/pages.json", "search/creatures.json",
            "assets/javascripts/table-tools.mjs"} <= set(listed) and any(u.endswith("pyodide.asm.wasm") for u in listed)
    # Workbox's own code is in the file; nothing is loaded from elsewhere (its one address is a warning's).
    assert "importScripts" not in text and set(re.findall(r"https?://[^\s`'\"]*", text)) <= {"https://bit.ly/wb-precache"}


def test_the_precache_list_leaves_out_what_it_should_and_refuses_a_file_too_large(tmp_path: Path,
                                                                                  monkeypatch: Any) -> None:
    from codex import offline

    files = {"index.html": b"<h1>x</h1>", "a/b/index.html": b"b", "a/x.js.map": b"{}", "sitemap.xml.gz": b"z",
             "_headers": b"/*", "sw.js": b"old", ".hidden": b"h", "assets/pyodide/314.0.7/pyodide.asm.wasm": b"w",
             "assets/javascripts/bundle.d7400e89.min.js": b"j", "assets/codex/calculators-0123abcd.zip": b"c"}
    for name, data in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_bytes(data)
    entries, size = offline.precache_manifest(tmp_path)
    revisions = {e["url"]: e["revision"] for e in entries}
    assert set(revisions) == {"index.html", "a/b/index.html", "assets/pyodide/314.0.7/pyodide.asm.wasm",
                              "assets/javascripts/bundle.d7400e89.min.js", "assets/codex/calculators-0123abcd.zip"}
    assert [u for u, r in revisions.items() if r is None] == [
        "assets/codex/calculators-0123abcd.zip", "assets/javascripts/bundle.d7400e89.min.js",
        "assets/pyodide/314.0.7/pyodide.asm.wasm"]
    assert revisions["index.html"] != revisions["a/b/index.html"] and size == 14
    monkeypatch.setattr(offline, "LARGEST", 5)
    with pytest.raises(offline.ServiceWorkerFailed, match=re.escape("index.html (10 bytes)")):
        offline.precache_manifest(tmp_path)


def visit(page: Any, url: str) -> None:
    page.goto(url)
    assert page.locator("article h1").first.is_visible(), f"{url} did not load"
    assert "Jianghu Codex" in page.title()


@pytest.mark.browser
@pytest.mark.slow
def test_the_whole_site_works_offline_after_one_visit(built_site: Path, site_port: int, tmp_path: Path) -> None:
    outside: list[str] = []
    with serve(built_site, site_port) as (base, _), persistent(str(tmp_path / "profile")) as context:
        record_hosts(context, outside)
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, base + "wbs/attributes/")
        change(page, "wbs.derived", {"strength": 5})
        page.wait_for_function(OFFLINE_READY, timeout=120_000)  # the copy is made once the calculator is live
        # Then the engine is started once from the copy, for V8 to keep its compiled wasm beside it.
        page.wait_for_function("() => window.__codex.codeCache === 'kept'", timeout=120_000)
        visit(page, base + "xia/conflicts/")
        page.wait_for_function(COMPLETE, timeout=120_000)  # the other games' pages, once the page was idle

        context.set_offline(True)
        for path in ("wbs/tiers/", "xia/chi/", "rain/tiles/"):  # never visited, one per game
            visit(page, base + path)
        page.reload()
        assert page.locator("article h1").first.inner_text().startswith("Tiles")

        page.keyboard.press("/")  # Material's key for search
        page.keyboard.type("GenKi")
        first = page.locator(".md-search-result__item a").first
        first.wait_for(timeout=30_000)
        first.click()
        page.wait_for_function("() => location.pathname.startsWith('/wbs/')")
        # The page search found may start an engine of its own: its wasm must have arrived before counting starts.
        page.wait_for_load_state("load")
        page.wait_for_function("""() => { const t = window.__codex && window.__codex.timings;
            return !t || t.workerStarted === null || t.ready !== null; }""", timeout=60_000)

        wasm: list[tuple[int, bool]] = []  # the engine's wasm as this page gets it: (status, from the copy)
        context.on("response", lambda r: wasm.append((r.status, r.from_service_worker))
                   if r.url.endswith("pyodide.asm.wasm") else None)
        visit(page, base + "wbs/energy/")  # served by the offline copy: the engine starts from the page's head
        page.wait_for_function("() => window.__codex.timings.ready !== null", timeout=60_000)
        # The head's prefetch is answered with nothing by the copy (204), the worker's request with the file.
        assert sorted(wasm) == [(200, True), (204, True)], wasm
        early, started, loaded = page.evaluate("""() => { const t = window.__codex.timings;
            const [nav] = performance.getEntriesByType('navigation');
            return [t.early, t.workerStarted, nav.domContentLoadedEventStart]; }""")
        assert early is True, "the worker was not started from the page's head (engine-start.js)"
        # The copy is whole: Python comes from the build's memory snapshot it keeps (snapshot.py).
        assert page.evaluate("window.__codex.timings.load.snapshot") is True
        assert started is not None and started <= loaded, f"not before the page was parsed: {started} > {loaded}"
        visit(page, base + "rain/elements/?rain.aspect.alchemy=3")  # never visited, a link's values
        change(page, "rain.aspect", {"element": "fire"})
        assert outputs(page, "rain.aspect") == engine().show("rain.aspect", {"element": "fire", "alchemy": 3})
    assert outside == [], f"requests left 127.0.0.1: {outside}"


REGISTERED_AT = """(() => { const register = ServiceWorkerContainer.prototype.register;
  ServiceWorkerContainer.prototype.register = function (...args) {
    window.__registeredAt = performance.now();
    return register.apply(this, args);
  }; })();"""


@pytest.mark.browser
@pytest.mark.slow
def test_the_copy_waits_for_the_first_answer_and_downloads_nothing_twice(
    built_site: Path, site_port: int, tmp_path: Path
) -> None:
    """On a first visit the engine's download comes first (started from the page's head): the
    offline copy starts after the first live answer (the reader here reads a while before changing
    a value), and takes what the page already fetched from the HTTP cache: no file comes over the
    wire twice (issue 24, 3), nor is asked for twice (issue 34, 2)."""
    with serve(built_site, site_port) as (base, requests), persistent(str(tmp_path / "profile")) as context:
        page = context.pages[0] if context.pages else context.new_page()
        page.add_init_script(REGISTERED_AT)
        visit(page, base + "wbs/attributes/")
        page.wait_for_function("() => window.__codex && window.__codex.timings.ready !== null", timeout=120_000)
        page.wait_for_timeout(2500)  # reading: the engine is ready, nothing asked yet
        change(page, "wbs.derived", {"strength": 5})
        page.wait_for_function(OFFLINE_READY, timeout=120_000)
        registered, answered, early = page.evaluate(
            "[window.__registeredAt, window.__codex.timings.firstAnswer, window.__codex.timings.early]")
        page.wait_for_function(COMPLETE, timeout=120_000)
        sent = [path for path, _ in requests.sent]
        asked = list(requests)
    assert registered > answered, "the offline copy started before the first live answer"
    assert early is True, "a first visit did not start the engine from the page's head (engine-start.js)"
    twice = sorted({path for path in sent if sent.count(path) > 1})
    assert twice == [], f"downloaded more than once: {twice}"
    # Nor asked again: what the page fetched is in the HTTP cache, the page itself under its folder.
    # Save the service worker's own script: the browser checks it for a newer build on its own
    # schedule (a soft update after a load it served; a 304 here), which no page can put off.
    again = sorted({path for path in asked if asked.count(path) > 1} - {"/sw.js"})
    assert again == [], f"asked the network more than once (a 304 is a request): {again}"
    assert asked.count("/sw.js") <= 2, "the service worker's script was asked for again besides its update check"
    # The runtime, the site's files and this game's pages first; the other games' pages and engine
    # code, and the engine's memory snapshot (only a later visit reads it), after them.
    others = re.compile(r"^/(xia|rain)/|^/assets/codex/(calculators-(xia|rain)-|python_snapshot-)")
    first = [i for i, path in enumerate(asked)
             if path.startswith(("/assets/", "/wbs/", "/search/")) and not others.match(path)]
    rest = [i for i, path in enumerate(asked) if others.match(path)]
    assert rest and max(first) < min(rest), [asked[i] for i in rest[:3]]
    assert {"xia", "rain"} <= {m[1] for path in asked if (m := re.match(r"/assets/codex/calculators-([a-z]+)-", path))}
    assert any(path.endswith(".wasm") for path in sent)


class _Timeline(list[tuple[str, str, float]]):
    """The server's requests as they arrive ("ask") and as their bodies are sent ("done")."""

    def sent_list(self) -> list[tuple[str, int]]:
        timeline = self

        class Sent(list[tuple[str, int]]):
            def append(self, item: tuple[str, int]) -> None:
                timeline.append(("done", item[0], time.monotonic()))
                super().append(item)

        return Sent()


@pytest.mark.browser
@pytest.mark.slow
def test_a_page_s_request_never_queues_behind_the_rest_of_the_copy(
    built_site: Path, site_port: int, tmp_path: Path, monkeypatch: Any
) -> None:
    """The other games' pages are copied one at a time, and none is asked for while a page's own
    request is on its way (each response here waits 0.3 s, as a slow link's would)."""
    timeline = _Timeline()
    monkeypatch.setattr(Requests, "append", lambda self, path: (timeline.append(("ask", path, time.monotonic())),
                                                                list.append(self, path))[-1])
    target = "/xia/tasks-and-experience/"  # the last page the rest copies
    with serve(built_site, site_port, link=Link(bits_per_second=1e9, latency=0.3)) as (base, requests), \
            persistent(str(tmp_path / "profile")) as context:
        requests.sent = timeline.sent_list()
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, base + "wbs/attributes/")
        change(page, "wbs.derived", {"strength": 5})
        page.wait_for_function(OFFLINE_READY, timeout=180_000)
        deadline = time.monotonic() + 120
        while not [e for e in timeline if e[0] == "ask" and e[1].startswith(("/rain/", "/xia/"))]:
            assert time.monotonic() < deadline, "the rest of the copy never started"
            page.wait_for_timeout(100)
        visit(page, base + target.lstrip("/"))  # while the rest is copied
        page.wait_for_function(COMPLETE, timeout=180_000)
    asked = next(e[2] for e in timeline if e[0] == "ask" and e[1] == target)
    done = next(e[2] for e in timeline if e[0] == "done" and e[1] == target)
    copies = [e for e in timeline if e[0] == "ask" and e[1].endswith("index.html")]
    during = [e[1] for e in copies if asked < e[2] < done]
    assert during == [], f"copied while the page waited for {target}: {during}"
    starts = sorted(e[2] for e in copies if e[1].startswith(("/rain/", "/xia/")))
    ends = sorted(e[2] for e in timeline if e[0] == "done" and e[1].endswith("index.html")
                  and e[1].startswith(("/rain/", "/xia/")))
    overlapping = [t for t in starts if sum(1 for a in starts if a <= t) - sum(1 for d in ends if d <= t) > 1]
    assert overlapping == [], "the rest of the copy fetched more than one file at a time"


@pytest.mark.browser
@pytest.mark.slow
def test_a_page_opened_while_the_first_copy_is_made_offers_no_reload(
    built_site: Path, site_port: int, tmp_path: Path
) -> None:
    """The GM who reloads while the first copy is made: the copy taking over that page is no new
    build, so no prompt; the engine is then primed from the copy (codeCache), and the rest of the copy
    asked for, even when the copy took the page over before the page registered (the page registers
    after its first answer; the copy can finish first)."""
    with serve(built_site, site_port) as (base, _), persistent(str(tmp_path / "profile")) as context:
        page = context.pages[0] if context.pages else context.new_page()
        visit(page, base + "wbs/attributes/")
        change(page, "wbs.derived", {"strength": 5})
        page.wait_for_function("""() => { const o = window.__codexOffline;
            return Boolean(o && o.registration && (o.registration.installing || o.registration.active)); }""",
                               timeout=120_000)
        visit(page, base + "wbs/attributes/")  # again, while the copy is being made
        assert page.evaluate("() => !window.__codexOffline.registration"), "registered before its first answer"
        page.wait_for_function("() => Boolean(navigator.serviceWorker.controller)", timeout=120_000)
        change(page, "wbs.derived", {"strength": 6})  # its first answer: now it registers
        page.wait_for_function(OFFLINE_READY, timeout=120_000)
        page.wait_for_function("() => window.__codex.codeCache === 'kept'", timeout=120_000)
        page.wait_for_function(COMPLETE, timeout=120_000)  # the rest asked for by this page
        assert page.locator(".codex-update").count() == 0, "the first copy was offered as a new version"


@pytest.mark.browser
@pytest.mark.slow
def test_a_new_build_offers_a_reload_and_never_reloads_by_itself(
    built_site: Path, site_port: int, tmp_path: Path
) -> None:
    second = tmp_path / "second"
    shutil.copytree(built_site, second)
    home = second / "index.html"
    home.write_text(home.read_text(encoding="utf-8").replace("</h1>", " (second build)</h1>", 1), encoding="utf-8")
    write_service_worker(second)
    outside: list[str] = []
    with persistent(str(tmp_path / "profile")) as context:
        record_hosts(context, outside)
        page = context.pages[0] if context.pages else context.new_page()
        with serve(built_site, site_port) as (base, _):
            visit(page, base)
            page.wait_for_function(OFFLINE_READY, timeout=120_000)
        with serve(second, site_port):
            visit(page, base + "wbs/energy/")  # a navigation: the browser looks for a new sw.js
            change(page, "wbs.energy", {"strength": 6})
            page.evaluate("window.__samePage = true")
            prompt = page.locator(".codex-update")
            prompt.wait_for(timeout=120_000)
            assert "A new version is available" in prompt.inner_text()
            page.wait_for_timeout(500)
            assert page.evaluate("window.__samePage") is True, "the page reloaded by itself"
            assert page.input_value('form[data-calc="wbs.energy"] input[name="strength"]') == "6"
            assert_prompt_covers_nothing_on_a_phone(page)
            with page.expect_navigation():
                prompt.locator("button").click()
            assert page.input_value('form[data-calc="wbs.energy"] input[name="strength"]') == "6"  # kept in the URL
            visit(page, base)
            heading = page.locator("article h1").first.inner_text()
            # What served the page, said if it is the old build (seen once, under a double load: unexplained).
            served = "" if "(second build)" in heading else page.evaluate("""async () => {
                const r = await navigator.serviceWorker.getRegistration();
                return JSON.stringify({controller: navigator.serviceWorker.controller?.scriptURL,
                    active: r?.active?.state, waiting: r?.waiting?.state, installing: r?.installing?.state,
                    caches: await caches.keys()}); }""")
            assert "(second build)" in heading, served
    assert outside == [], f"requests left 127.0.0.1: {outside}"


def assert_prompt_covers_nothing_on_a_phone(page: Any) -> None:
    """At 390 px the prompt is a strip along the bottom; the pinned results sit above it, and the
    page's last line can be scrolled clear of it."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator('form[data-calc="wbs.energy"] input[name="strength"]').scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    boxes = page.evaluate("""() => {
        const box = (el) => { const r = el.getBoundingClientRect(); return [r.top, r.bottom, r.left, r.right]; };
        const results = document.querySelector('form[data-calc="wbs.energy"] .calc__results');
        return { prompt: box(document.querySelector('.codex-update')), results: box(results),
                 pinned: getComputedStyle(results).position,
                 room: parseFloat(getComputedStyle(document.body).paddingBottom) };
    }""")
    prompt, results = boxes["prompt"], boxes["results"]
    assert boxes["pinned"] == "sticky", "the energy form's results are pinned on a phone"
    assert prompt[1] == pytest.approx(844, abs=1) and prompt[2] == 0 and prompt[3] == pytest.approx(390, abs=1)
    assert results[1] <= prompt[0] + 0.5, f"the prompt covers the pinned results: {boxes}"
    assert boxes["room"] >= prompt[1] - prompt[0] - 0.5, "the page keeps room below its last line for the prompt"
