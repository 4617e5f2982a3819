"""The project's benchmark: build time, page weight, and live-answer latency in headless Chromium.

    .venv/bin/python -m tests.benchmarks.bench_site [--runs 5]

Prints medians (this machine is shared and noisy: compare ratios, not single runs). Measures:
- build: wall time of `mkdocs build` for the whole site;
- weight: bytes a rules page and a widget page fetch before any interaction;
- bare Pyodide: a worker that only loads Pyodide from the same files (the floor we build on);
- cold answer: from the first input event, no prewarm, to the answer on screen;
- prewarmed answer: the first answer after the worker warmed up while the reader read;
- later answers: in-page round trips (input event → output updated), p50 and p95;
- tracker answers: the same for the WBS combat tracker with 20 named combatants (`--tracker` runs
  only this case, on one build).
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from tests.support.browser import chromium, local_only
from tests.support.server import serve

ROOT = Path(__file__).resolve().parents[2]
BARE = """<!doctype html><meta charset=utf-8><title>bare pyodide</title><script type=module>
const src = `import {{ loadPyodide }} from "{base}pyodide.mjs";
const t0 = performance.now(); await loadPyodide({{ indexURL: "{base}" }});
postMessage(performance.now() - t0);`;
const url = URL.createObjectURL(new Blob([src], {{type: "text/javascript"}}));
const t = performance.now();
const w = new Worker(url, {{type: "module"}});
w.onmessage = (e) => {{ window.bare = performance.now() - t; }};
</script>"""


def build(out: Path, port: int) -> float:
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1", "CODEX_SITE_URL": f"http://127.0.0.1:{port}/"}
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "--quiet", "-d", str(out)], cwd=ROOT, env=env, check=True)
    return time.perf_counter() - started


def weigh(browser, url: str) -> int:
    context = browser.new_context()
    page = context.new_page()
    sizes: list[int] = []
    local_only(page, [])
    page.on("requestfinished", lambda r: sizes.append(r.sizes()["responseBodySize"]))
    page.goto(url, wait_until="load")
    page.wait_for_timeout(300)
    context.close()
    return sum(sizes)


def answer_after(browser, url: str, wait_ms: int) -> float:
    context = browser.new_context()
    page = context.new_page()
    local_only(page, [])
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_timeout(wait_ms)
    started = page.evaluate("performance.now()")
    page.fill('form[data-calc="wbs.derived"] input[name="strength"]', "4")
    page.wait_for_function("document.querySelector('form[data-calc=\"wbs.derived\"]').dataset.live === 'yes'",
                           timeout=120_000)
    done = page.evaluate("window.__codex.timings.firstAnswer")
    later = []
    for value in range(5, 65):
        page.fill('form[data-calc="wbs.derived"] input[name="strength"]', str(value))
        page.wait_for_function("document.querySelector('form[data-calc=\"wbs.derived\"]').dataset.busy === 'no'")
    later = page.evaluate("window.__codex.timings.answers.slice(1)")
    context.close()
    return done - started, later


TRACKER = "wbs.combat_tracker"


def tracker_url(base: str, fighters: int = 20) -> str:
    """The combat page with a fight of `fighters` named combatants in its address."""
    from urllib.parse import urlencode

    from calculators import rowcode
    from tests.support.engine import engine

    fields = next(i for i in engine().describe(TRACKER)["inputs"] if i["name"] == "combatants")["fields"]
    rows = [{"name": f"Fighter {n} of the Red Hill", "reflex": 3 + n % 9, "health": 8, "damage": n, "stamina": 7,
             "energy": 30 + n, "ev": n % 3, "kiai": n % 2, "relaxing": n % 4 == 0, "monster": n % 5 == 0}
            for n in range(fighters)]
    query = urlencode({f"{TRACKER}.combatants": rowcode.encode(fields, rows), f"{TRACKER}.tier": "adept"})
    return f"{base}wbs/combat/?{query}"


def tracker_answers(browser, url: str, changes: int = 60) -> list[float]:
    """In-page round trips of the tracker (a damage cell changed each time), after the first answer."""
    context = browser.new_context()
    page = context.new_page()
    local_only(page, [])
    form = f'form[data-calc="{TRACKER}"]'
    page.goto(url, wait_until="domcontentloaded")
    page.wait_for_function(f"document.querySelector('{form}').dataset.live === 'yes'", timeout=120_000)
    page.wait_for_function(f"document.querySelector('{form}').dataset.busy === 'no'")
    skip = page.evaluate("window.__codex.timings.answers.length")
    cell = page.locator(f'{form} tr[data-row="1"] [data-field="damage"]')
    for value in range(1, changes + 1):
        cell.fill(str(value))
        page.wait_for_function(f"document.querySelector('{form}').dataset.busy === 'no'")
    answers = page.evaluate(f"window.__codex.timings.answers.slice({skip})")
    context.close()
    return answers


def p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[max(0, int(len(ordered) * 0.95) - 1)]


def bare_pyodide(browser, base: str, site: Path) -> float:
    version_dir = next((site / "assets" / "pyodide").iterdir()).name
    (site / "bare.html").write_text(BARE.format(base=f"{base}assets/pyodide/{version_dir}/"))
    context = browser.new_context()
    page = context.new_page()
    local_only(page, [])
    page.goto(base + "bare.html")
    page.wait_for_function("window.bare !== undefined", timeout=120_000)
    took = page.evaluate("window.bare")
    context.close()
    return took


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--tracker", action="store_true", help="only the combat tracker case, on one build")
    args = parser.parse_args()
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "site"
        builds = [build(site, port) for _ in range(1 if args.tracker else args.runs)]
        with serve(site, port) as (base, _), chromium() as browser:
            tracker = [t for _ in range(args.runs) for t in tracker_answers(browser, tracker_url(base))]
            if args.tracker:
                _first, reference = answer_after(browser, base + "wbs/attributes/", 0)
                print(f"tracker answers, 20 combatants (n={len(tracker)}) p50 {statistics.median(tracker):.1f} ms, "
                      f"p95 {p95(tracker):.1f} ms")
                print(f"reference, wbs.derived (n={len(reference)})      p50 {statistics.median(reference):.1f} ms, "
                      f"p95 {p95(reference):.1f} ms")
                return
            rules_weight = weigh(browser, base + "wbs/tiers/")
            widget_weight = weigh(browser, base + "wbs/attributes/")
            bare = [bare_pyodide(browser, base, site) for _ in range(args.runs)]
            cold, warm, later = [], [], []
            for _ in range(args.runs):
                first, rest = answer_after(browser, base + "wbs/attributes/", 0)
                cold.append(first)
                later.extend(rest)
                first, _rest = answer_after(browser, base + "wbs/attributes/", 8000)
                warm.append(first)
    later_p95 = p95(later)
    print(f"build (whole site)            median {statistics.median(builds):.2f} s  over {args.runs}")
    print(f"rules page weight (wbs/tiers) {rules_weight / 1024:.0f} KiB, no Pyodide")
    print(f"widget page before input      {widget_weight / 1024:.0f} KiB")
    print(f"bare Pyodide load in a worker median {statistics.median(bare):.0f} ms")
    cold_median = statistics.median(cold)
    print(f"first answer, cold            median {cold_median:.0f} ms "
          f"(+{cold_median - statistics.median(bare):.0f} ms over bare Pyodide)")
    print(f"first answer, prewarmed       median {statistics.median(warm):.0f} ms")
    print(f"later answers (n={len(later)})        p50 {statistics.median(later):.1f} ms, p95 {later_p95:.1f} ms")
    print(f"tracker answers, 20 combatants (n={len(tracker)}) p50 {statistics.median(tracker):.1f} ms, "
          f"p95 {p95(tracker):.1f} ms")


if __name__ == "__main__":
    main()
