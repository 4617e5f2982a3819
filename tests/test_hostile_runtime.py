"""The hostile cases of the browser runtime (tests/hostile/cases/runtime_*.yaml, issue 23): what
runs the calculators' code, what the offline cache may hold, what the policy allows, who may frame
the site. Each is played against a copy of the session's build, changed as the attack changed it."""

from __future__ import annotations

import contextlib
import hashlib
import html
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from codex.csp import WORKER_POLICY, PolicyWriter, script_hash
from codex.offline import write_service_worker
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.support.browser import chromium, local_only, record_hosts
from tests.support.engine import engine
from tests.support.server import serve
from tests.test_browser import change, outputs, settled

CASES = {path.stem: yaml.safe_load(path.read_text(encoding="utf-8"))
         for path in sorted((Path(__file__).parent / "hostile" / "cases").glob("runtime_*.yaml"))}
OFFLINE_READY = """() => { const o = window.__codexOffline;
  return Boolean(navigator.serviceWorker.controller && o && o.registration && o.registration.active
                 && o.registration.active.state === "activated"); }"""
COMPLETE = "() => Boolean(window.__codexOffline && window.__codexOffline.complete)"


def case(kind: str) -> dict[str, Any]:
    return next(c["runtime"] for c in CASES.values() if c["runtime"]["kind"] == kind)


def pwned(requests: list[str]) -> list[str]:
    return [r for r in requests if r.startswith("/__pwned") or "not-the-worker" in r]


def test_every_runtime_case_has_an_issue_and_a_test() -> None:
    assert {c["runtime"]["kind"] for c in CASES.values()} == {"worker-address", "poisoned-cache", "inline-script",
                                                              "framing"}
    assert all(c["issue"] == 23 and c["item"] in (1, 2, 8) for c in CASES.values())


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with chromium() as b:
        yield b


# ---- item 1: the worker's code is the build's --------------------------------------------------

def with_attributes(page: str, calc: str, attributes: dict[str, str]) -> str:
    """The page with `attributes` on its calculator's form, as markup in docs/ would put them."""
    extra = "".join(f' {name}="{html.escape(value)}"' for name, value in attributes.items())
    mark = f'data-calc="{calc}"'
    assert mark in page
    return page.replace(mark, mark + extra, 1)


@pytest.fixture(scope="module")
def markup_site(built_site: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The build, with a script of the origin that is not the worker, and the case's page once per
    set of attributes, at wbs/hostile-<n>/ (the depth of the page it copies)."""
    hostile = case("worker-address")
    site = tmp_path_factory.mktemp("markup") / "site"
    shutil.copytree(built_site, site)
    stray = hostile["stray_script"]
    (site / stray["path"]).write_text(stray["text"], encoding="utf-8")
    page = (site / hostile["visit"] / "index.html").read_text(encoding="utf-8")
    for number, attributes in enumerate(hostile["attributes"]):
        (site / "wbs" / f"hostile-{number}").mkdir()
        (site / "wbs" / f"hostile-{number}" / "index.html").write_text(
            with_attributes(page, hostile["calc"], attributes), encoding="utf-8")
    return site


@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("number", range(len(case("worker-address")["attributes"])))
def test_a_form_cannot_name_the_workers_code(markup_site: Path, site_port: int, browser: Any, number: int) -> None:
    hostile = case("worker-address")
    blocked: list[str] = []
    with serve(markup_site, site_port) as (base, requests):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        local_only(page, blocked)
        form = f'form[data-calc="{hostile["calc"]}"]'
        try:
            page.goto(f"{base}wbs/hostile-{number}/")
            page.fill(f'{form} input[name="strength"]', "5")
            with contextlib.suppress(PlaywrightTimeout):  # the answer, or the engine's failure
                page.wait_for_function(f"""() => document.querySelector('{form}').dataset.live === 'yes'
                    || document.querySelector('{form} .calc__status[data-state="failed"]')""", timeout=60_000)
            assert pwned(requests) == [], "the page's markup chose the code the worker ran"
            settled(page, hostile["calc"])  # the build's worker answers
            assert outputs(page, hostile["calc"]) == engine().show(hostile["calc"], {"strength": 5})
        finally:
            context.close()
    assert blocked == []


SEND = """async (messages) => {
  const { WORKER } = await import(new URL("/assets/codex/runtime.mjs", location.origin).href);
  const worker = new Worker(WORKER, { type: "module" });
  const replies = [];
  for (const message of messages) {
    replies.push(await new Promise((resolve) => {
      worker.addEventListener("message", ({ data }) => resolve(data), { once: true });
      worker.postMessage(message);
    }));
  }
  worker.terminate();
  return replies;
}"""


@pytest.mark.browser
@pytest.mark.slow
def test_the_worker_refuses_a_message_that_names_code(markup_site: Path, site_port: int, browser: Any) -> None:
    hostile = case("worker-address")
    with serve(markup_site, site_port) as (base, requests):
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        local_only(page, [])
        try:
            page.goto(base)
            replies = page.evaluate(SEND, hostile["messages"])
            served = page.request.get(page.evaluate(
                "async () => (await import('/assets/codex/runtime.mjs')).WORKER"))
            policy = served.headers.get("content-security-policy", "")
        finally:
            context.close()
    assert [r["type"] for r in replies] == ["refused"] * len(hostile["messages"]), replies
    assert pwned(requests) == []
    assert WORKER_POLICY in policy, "the worker's script is served with its own policy where the host sends headers"


# ---- item 1: the offline cache holds only what the build wrote ---------------------------------

POISON = """async (entries) => {
  let written = 0;
  for (const name of await caches.keys()) {
    if (!name.startsWith("codex")) continue;
    const cache = await caches.open(name);
    for (const key of await cache.keys()) {
      const entry = entries.find((e) => new URL(key.url).pathname === "/" + e.url);
      if (!entry) continue;
      await cache.put(key, new Response(entry.body, { headers: { "Content-Type": entry.type } }));
      written += 1;
    }
  }
  return written;
}"""

CACHED = """async () => {
  const hex = (buffer) => [...new Uint8Array(buffer)].map((b) => b.toString(16).padStart(2, "0")).join("");
  const found = [];
  for (const name of await caches.keys()) {
    const cache = await caches.open(name);
    for (const key of await cache.keys()) {
      const bytes = await (await cache.match(key)).arrayBuffer();
      found.push([name, new URL(key.url).pathname, hex(await crypto.subtle.digest("SHA-256", bytes))]);
    }
  }
  return found;
}"""


def poison(page: Any, entries: list[dict[str, str]]) -> None:
    assert page.evaluate(POISON, entries) >= len(entries), "every entry to poison is in the cache"


def second_build(first: Path, to: Path) -> Path:
    """A copy of `first` with a changed home page and its own service worker, as a deploy brings."""
    shutil.copytree(first, to)
    home = to / "index.html"
    home.write_text(home.read_text(encoding="utf-8").replace("</h1>", " (second build)</h1>", 1), encoding="utf-8")
    write_service_worker(to)
    return to


@pytest.mark.browser
@pytest.mark.slow
def test_a_poisoned_cache_is_never_served_nor_kept(built_site: Path, site_port: int, browser: Any,
                                                   tmp_path: Path) -> None:
    hostile = case("poisoned-cache")
    second = second_build(built_site, tmp_path / "second")
    outside: list[str] = []
    seen: list[str] = []
    context = browser.new_context()  # service workers on, one profile for both builds
    try:
        record_hosts(context, outside)
        page = context.new_page()
        with serve(built_site, site_port) as (base, requests):
            page.goto(base + hostile["first_visit"])
            change(page, "wbs.derived", {"strength": 5})
            page.wait_for_function(OFFLINE_READY, timeout=120_000)
            page.wait_for_function(COMPLETE, timeout=120_000)  # the other games' pages too (xia/chi/)
            poison(page, hostile["poison"])
            for path in hostile["visit_after"]:  # served by the service worker: the build's page
                page.goto(base + path)
                assert "poisoned" not in page.locator("h1").first.inner_text()
            page.wait_for_timeout(500)
            poison(page, hostile["poison"])  # again, for the deploy to find
            seen += requests
        with serve(second, site_port) as (_, requests):
            page.goto(base + "wbs/tiers/")  # a navigation: the browser looks for a new sw.js
            prompt = page.locator(".codex-update")
            prompt.wait_for(timeout=120_000)
            with page.expect_navigation():
                prompt.locator("button").click()
            page.goto(base)
            assert "(second build)" in page.locator("article h1").first.inner_text()
            page.wait_for_function(OFFLINE_READY, timeout=60_000)
            cached = page.evaluate(CACHED)
            seen += requests
    finally:
        context.close()
    assert pwned(seen) == [], "a poisoned entry was served"
    assert outside == []
    differ = []
    for name, path, digest in cached:
        file = second / path.lstrip("/")
        if not file.is_file() or hashlib.sha256(file.read_bytes()).hexdigest() != digest:
            differ.append((name, path))
    assert cached and differ == [], f"the cache holds what the second build did not write: {differ}"


# ---- item 2: the policy allows the theme's known inline scripts and no other -------------------

def theme_base_script(scope: str) -> str:
    """The theme's first inline script as it writes it for a page at `scope` from the root."""
    import material

    partial = Path(material.__file__).parent / "templates" / "partials" / "javascripts" / "base.html"
    body = re.search(r"<script>(.*?)</script>", partial.read_text(encoding="utf-8"), re.S).group(1)
    return re.sub(r"\{\{.*?\}\}", scope, body)


def test_a_contributors_inline_script_is_not_in_the_policy() -> None:
    script = case("inline-script")["script"]
    writer = PolicyWriter()
    theme = theme_base_script("..")
    page = writer.page(f"<html><head><script>{theme}</script></head><body><script>{script}</script></body></html>",
                       "site/some/index.html")
    policy = re.search(r'content="([^"]*)"', page).group(1)
    assert script_hash(theme) in policy, "the theme's known script runs"
    assert script_hash(script) not in policy, "a contributor's inline script is not allowed by the policy"
    assert writer.refused and "site/some/index.html" in writer.refused[0] and script[:20] in writer.refused[0]


# ---- item 8: no other page frames the site ------------------------------------------------------

@pytest.mark.browser
@pytest.mark.slow
@pytest.mark.parametrize("headers", [True, False], ids=["headers", "no-headers"])
def test_another_page_cannot_frame_the_site(built_site: Path, site_port: int, browser: Any, tmp_path: Path,
                                            headers: bool) -> None:
    framed = case("framing")["framed"]
    with serve(built_site, site_port, headers=headers) as (base, _):
        (tmp_path / "index.html").write_text(
            f'<!doctype html><title>look-alike</title><iframe src="{base}{framed}" width="900" height="700"></iframe>')
        with serve(tmp_path) as (other, _):
            context = browser.new_context(service_workers="block")
            page = context.new_page()
            local_only(page, [])
            try:
                page.goto(other)
                page.wait_for_timeout(1500)
                frame = page.frame_locator("iframe")
                assert frame.locator("article h1").count() == 0, "the site's page is shown inside another page"
                if not headers:  # the site script's answer: a link that opens the page on its own
                    link = frame.locator(".codex-framed a")
                    link.wait_for(timeout=10_000)
                    assert link.get_attribute("target") == "_top"
                    assert link.get_attribute("href") == base + framed
            finally:
                context.close()
