"""The project's benchmark: build time, page weight, and live-answer latency in headless Chromium.

    .venv/bin/python -m tests.benchmarks.bench_site [--runs 5] [--builds 3]

The site is served as a static host serves it (tests/support/server.py: gzip, a ten-minute
cache), so bytes are bytes on the wire, counted by the server. Prints medians (this machine is
shared and noisy: compare ratios within one run, not single figures). Two profiles:

desktop (no throttling), as before:
- build: wall time of `mkdocs build` for the whole site;
- weight: bytes a rules page and a widget page fetch before any interaction;
- bare Pyodide: a worker that only loads stock Pyodide from the same files (the floor we build on);
- cold answer: from the first input event, no prewarm, to the answer on screen;
- prewarmed answer: the first answer after the worker warmed up while the reader read;
- later answers: from the reader's input event to the results updated in the page, p50 and p95,
  with where the time goes (before the ask; the trip to the worker; the engine inside it; the trip
  back, which waits while the page's main thread renders; drawing the answer into the page),
  beside a round trip to the same worker that does no work (the floor) and the time to the frame
  after the update. The changes are typed by a script in the page (an input event on the focused
  field, then two frames: a burst, as when a GM types a number), so the driver adds no work of
  its own to the page's main thread (the address is written once the reader pauses, so a burst
  ends with one write: url-state.mjs);
  the same changes made with Playwright's `fill` (which runs its own script in the page and
  polls it every frame) are shown beside them;
- tracker answers: the same for the WBS combat tracker with 20 named combatants (`--tracker` runs
  only this case, on one build).

phone (CDP: CPU ×4, 9 Mbit/s down and up, 40 ms latency), each visit in a fresh profile:
- bare Pyodide, as above, stock standard library;
- cold: first visit, input event at once → the live number on screen;
- repeat: the same page opened again once the service worker holds the site;
- repeat offline: the same, with the network off.
Budget: phone cold ≤ 0.85 × phone bare; phone repeat ≤ 0.4 × phone cold; desktop later p95 ≤ 10 ms.
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from tests.support.browser import chromium, local_only
from tests.support.server import Requests, serve

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT / "hooks") not in sys.path:  # the tracker case makes its link with the engine (tests.support.engine)
    sys.path.insert(0, str(ROOT / "hooks"))
WIDGET_PAGE = "wbs/attributes/"
FORM = 'form[data-calc="wbs.derived"]'
PHONE_CPU = 4
PHONE_NETWORK = {"offline": False, "latency": 40, "downloadThroughput": 9e6 / 8, "uploadThroughput": 9e6 / 8}
BARE = """<!doctype html><meta charset=utf-8><title>bare pyodide</title><script type=module>
const src = `import {{ loadPyodide }} from "{base}pyodide.mjs";
const t0 = performance.now(); await loadPyodide({{ indexURL: "{base}" }});
postMessage(performance.now() - t0);`;
const url = URL.createObjectURL(new Blob([src], {{type: "text/javascript"}}));
const t = performance.now();
const w = new Worker(url, {{type: "module"}});
w.onmessage = (e) => {{ window.bare = performance.now() - t; }};
</script>"""
OFFLINE_READY = """() => { const o = window.__codexOffline;
  return Boolean(navigator.serviceWorker.controller && o && o.registration && o.registration.active
                 && o.registration.active.state === "activated"); }"""


def build(out: Path, port: int) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": f"http://127.0.0.1:{port}/"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(out)], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - started


def add_bare_page(site: Path, base: str) -> str:
    """bare.html loads stock Pyodide from the site's own runtime files plus the stock standard
    library (the site itself ships a trimmed one); returns its path."""
    version_dir = next((site / "assets" / "pyodide").iterdir())
    shutil.copyfile(ROOT / "node_modules" / "pyodide" / "python_stdlib.zip", version_dir / "python_stdlib.zip")
    (site / "bare.html").write_text(BARE.format(base=f"{base}assets/pyodide/{version_dir.name}/"))
    return "bare.html"


def bytes_since(requests: Requests, mark: int) -> int:
    return sum(size for _, size in requests.sent[mark:])


def phone(context: Any, page: Any) -> None:
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    cdp.send("Network.emulateNetworkConditions", PHONE_NETWORK)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": PHONE_CPU})


def weigh(browser: Any, url: str, requests: Requests) -> int:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    local_only(page, [])
    mark = len(requests.sent)
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)
    context.close()
    return bytes_since(requests, mark)


def first_answer(page: Any, url: str, wait_ms: int = 0) -> float:
    """Open `url`, wait `wait_ms`, change strength: ms from that input event to the live answer."""
    page.goto(url, wait_until="domcontentloaded")
    if wait_ms:
        page.wait_for_timeout(wait_ms)
    started = page.evaluate("performance.now()")
    page.fill(f'{FORM} input[name="strength"]', "4")
    page.wait_for_function(f"() => document.querySelector('{FORM}').dataset.live === 'yes'", timeout=300_000)
    return page.evaluate("window.__codex.timings.firstAnswer") - started


# Types `values` into the field one change at a time, as a reader would: an input event on the
# focused field, the answer, two frames; then a round trip to the worker that does no work.
TYPE_IN_PAGE = """async ([form, field, values]) => {
  const holder = document.querySelector(form);
  const control = holder.querySelector(field);
  control.focus();
  const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const skip = window.__codex.timings.detail.length;
  const echoes = [];
  for (const value of values) {
    const answered = new Promise((done) => holder.addEventListener("codex:answer", done, { once: true }));
    control.value = String(value);
    control.dispatchEvent(new Event("input", { bubbles: true }));
    await answered;
    await frame();
    await frame();
    echoes.push(await window.__codex.echo());
  }
  return { detail: window.__codex.timings.detail.slice(skip), echoes };
}"""


class Answers:
    """Later answers of one kind, over every run: the in-page driver's detail, and fill's totals."""

    def __init__(self) -> None:
        self.detail: list[dict[str, float]] = []
        self.echoes: list[float] = []
        self.filled: list[float] = []

    def add(self, typed: dict[str, Any], filled: list[float]) -> None:
        self.detail += typed["detail"]
        self.echoes += typed["echoes"]
        self.filled += filled

    def part(self, name: str) -> list[float]:
        return [d[name] for d in self.detail if d.get(name) is not None]

    def lines(self, title: str, budget: float) -> list[str]:
        total = self.part("total")
        split = ", ".join(f"{name} {median(self.part(name)):.1f}/{p95(self.part(name)):.1f}"
                          for name in ("before", "there", "engine", "back", "page"))
        return [f"  {title} (n={len(total)})  p50 {median(total):.1f} ms, p95 {p95(total):.1f} ms "
                f"(budget ≤ {budget:g})",
                f"    p50/p95: {split} ms; a round trip that does no work {median(self.echoes):.2f} ms; "
                f"to the next frame {median(self.part('paint')):.1f} ms",
                f"    the same changes by Playwright's fill: p50 {median(self.filled):.1f} ms, "
                f"p95 {p95(self.filled):.1f} ms"]


def later_answers(page: Any, form: str, field: str, values: list[int]) -> tuple[dict[str, Any], list[float]]:
    """The page's answers to `values` typed in page, then the same values made with Playwright's fill."""
    typed = page.evaluate(TYPE_IN_PAGE, [form, field, values])
    skip = page.evaluate("window.__codex.timings.answers.length")
    control = page.locator(f"{form} {field}")
    for value in values:
        control.fill(str(value))
        page.wait_for_function(f"() => document.querySelector('{form}').dataset.busy === 'no'")
    return typed, page.evaluate(f"window.__codex.timings.answers.slice({skip})")


def desktop_answers(browser: Any, url: str, wait_ms: int, answers: Answers | None = None) -> float:
    """The first answer (ms); with `answers`, 60 later ones are added to it."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    local_only(page, [])
    first = first_answer(page, url, wait_ms)
    if answers is not None:
        answers.add(*later_answers(page, FORM, 'input[name="strength"]', list(range(5, 65))))
    context.close()
    return first


TRACKER = "wbs.combat_tracker"


def tracker_url(base: str, fighters: int = 20) -> str:
    """The fight page with a fight of `fighters` named combatants in its address."""
    from urllib.parse import urlencode

    from calculators import rowcode
    from tests.support.engine import engine

    fields = next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]
    rows = [{"name": f"Fighter {n} of the Red Hill", "reflex": 3 + n % 9, "health": 8, "damage": n, "stamina": 7,
             "energy": 30 + n, "ev": n % 3, "kiai": n % 2, "relaxing": n % 4 == 0, "monster": n % 5 == 0,
             "core": 20}
            for n in range(fighters)]
    query = urlencode({f"{TRACKER}.combatants": rowcode.encode(fields, rows), f"{TRACKER}.tier": "adept"})
    return f"{base}wbs/fight/?{query}"


def tracker_answers(browser: Any, url: str, answers: Answers, changes: int = 60) -> None:
    """Later answers of the tracker (a damage cell changed each time), after the first answer."""
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    local_only(page, [])
    form = f'form[data-calc="{TRACKER}"]'
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function(f"() => document.querySelector('{form}').dataset.live === 'yes'", timeout=120_000)
    page.wait_for_function(f"() => document.querySelector('{form}').dataset.busy === 'no'")
    answers.add(*later_answers(page, form, 'tr[data-row="1"] [data-field="damage"]', list(range(1, changes + 1))))
    context.close()


def p95(values: list[float]) -> float:
    """The 95th percentile (nearest rank)."""
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def bare_pyodide(browser: Any, url: str, requests: Requests, *, on_phone: bool) -> tuple[float, int]:
    context = browser.new_context(service_workers="block")
    page = context.new_page()
    local_only(page, [])
    if on_phone:
        phone(context, page)
    mark = len(requests.sent)
    page.goto(url)
    page.wait_for_function("() => window.bare !== undefined", timeout=120_000)
    took = page.evaluate("window.bare")
    context.close()
    return took, bytes_since(requests, mark)


def phone_visits(browser: Any, url: str, requests: Requests) -> dict[str, tuple[float, int]]:
    """Cold, repeat and repeat-offline first answers in one fresh profile: (ms, bytes) each."""
    context = browser.new_context()
    page = context.new_page()
    outside: list[str] = []
    context.on("request", lambda r: outside.append(r.url) if "//127.0.0.1:" not in r.url else None)
    phone(context, page)
    out = {}
    mark = len(requests.sent)
    out["cold"] = (first_answer(page, url), bytes_since(requests, mark))
    page.wait_for_function(OFFLINE_READY, timeout=300_000)  # the copy is made after the first answer
    page.goto("about:blank")
    mark = len(requests.sent)
    out["repeat"] = (first_answer(page, url), bytes_since(requests, mark))
    page.goto("about:blank")
    context.set_offline(True)
    mark = len(requests.sent)
    out["repeat offline"] = (first_answer(page, url), bytes_since(requests, mark))
    context.close()
    assert not outside, f"requests left 127.0.0.1: {outside}"
    return out


def median(values: list[float]) -> float:
    return statistics.median(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--builds", type=int, default=3)
    parser.add_argument("--tracker", action="store_true", help="only the combat tracker case, on one build")
    args = parser.parse_args()
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        builds = [build(site, port) for _ in range(1 if args.tracker else args.builds)]
        bare_page = add_bare_page(site, f"http://127.0.0.1:{port}/")
        with serve(site, port) as (base, requests), chromium() as browser:
            tracker, later = Answers(), Answers()
            if args.tracker:
                for _ in range(args.runs):
                    tracker_answers(browser, tracker_url(base), tracker)
                    desktop_answers(browser, base + WIDGET_PAGE, 0, later)
                print("\n".join(tracker.lines("tracker answers, 20 combatants", 20)
                                + later.lines("reference, wbs.derived", 10)))
                return
            rules_weight = weigh(browser, base + "wbs/tiers/", requests)
            widget_weight = weigh(browser, base + WIDGET_PAGE, requests)
            bare, cold, warm = [], [], []
            phone_bare: list[tuple[float, int]] = []
            visits: list[dict[str, tuple[float, int]]] = []
            for _ in range(args.runs):  # interleaved, so a noisy minute hits every figure alike
                bare.append(bare_pyodide(browser, base + bare_page, requests, on_phone=False)[0])
                cold.append(desktop_answers(browser, base + WIDGET_PAGE, 0, later))
                warm.append(desktop_answers(browser, base + WIDGET_PAGE, 8000))
                tracker_answers(browser, tracker_url(base), tracker)
                phone_bare.append(bare_pyodide(browser, base + bare_page, requests, on_phone=True))
                visits.append(phone_visits(browser, base + WIDGET_PAGE, requests))
    print(f"desktop (no throttling), medians of {args.runs} runs")
    print(f"  build (whole site)            median {median(builds):.2f} s  over {args.builds}")
    print(f"  rules page weight (wbs/tiers) {rules_weight / 1024:.0f} KiB on the wire, no Pyodide")
    print(f"  widget page before input      {widget_weight / 1024:.0f} KiB on the wire")
    print(f"  bare Pyodide load in a worker {median(bare):.0f} ms")
    print(f"  first answer, cold            {median(cold):.0f} ms ({median(cold) / median(bare):.2f} × bare)")
    print(f"  first answer, prewarmed       {median(warm):.0f} ms")
    print("\n".join(later.lines("later answers, wbs.derived", 10)
                     + tracker.lines("tracker answers, 20 combatants", 20)))
    bare_ms = median([t for t, _ in phone_bare])
    rows = [("bare Pyodide (stock)", bare_ms, median([b for _, b in phone_bare]))]
    for name in ("cold", "repeat", "repeat offline"):
        rows.append((f"ours, {name}", median([v[name][0] for v in visits]), median([v[name][1] for v in visits])))
    cold_ms = rows[1][1]
    print(f"phone (CPU ×{PHONE_CPU}, 9 Mbit/s, 40 ms; gzip), medians of {args.runs} runs, input event → number")
    print(f"  {'':24} {'ms':>7} {'× bare':>7} {'× cold':>7} {'KiB':>8}")
    for name, ms, size in rows:
        print(f"  {name:24} {ms:7.0f} {ms / bare_ms:7.2f} {ms / cold_ms:7.2f} {size / 1024:8.0f}")
    print(f"  budget: cold ≤ 0.85 × bare ({cold_ms / bare_ms:.2f}); repeat ≤ 0.4 × cold ({rows[2][1] / cold_ms:.2f})")


if __name__ == "__main__":
    main()
