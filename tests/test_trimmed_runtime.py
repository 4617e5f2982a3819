"""The trimmed standard library: every calculator's defaults answer in the browser on it, and
the stock zip is neither shipped nor fetched. The engine's memory snapshot: every calculator's
defaults answer the same from it, a table tool's log folds into the same states, and a snapshot
whose bytes are not the build's is not used."""

from __future__ import annotations

import gzip
import json
import re
import zipfile
from pathlib import Path
from typing import Any

import pytest
from codex.runtime import defaults

from tests.support.browser import chromium, local_only
from tests.support.engine import engine
from tests.support.server import serve
from tests.test_table_log import WBS, example, press

CALCULATORS = Path(__file__).resolve().parents[1] / "calculators"

RUN_ALL = """async ([calcs, fold]) => {
  const { WORKER } = await import(new URL("/assets/codex/runtime.mjs", location.origin).href);
  const worker = new Worker(WORKER, { type: "module" });
  const replies = new Map();
  const ready = new Promise((resolve, reject) => worker.addEventListener("message", ({ data }) => {
    if (data.type === "ready") resolve(data.timings);
    else if (data.type === "failed") reject(new Error(data.message));
    else if (data.type === "result") replies.get(data.id)(data);
  }));
  worker.postMessage({ type: "init", calcs: calcs.map(([id]) => id) });
  const { classes, snapshot } = await ready;
  const out = { classes, snapshot };
  for (const [i, [id, inputs]] of calcs.entries()) {
    out[id] = await new Promise((resolve) => {
      replies.set(i, resolve);
      worker.postMessage({ type: "run", id: i, calc: id, inputs });
    });
  }
  if (fold) { // a table tool's log, folded into its states (as a page opening a kept game asks)
    out.fold = await new Promise((resolve) => {
      replies.set(-1, resolve);
      worker.postMessage({ type: "fold", id: -1, ...fold });
    });
  }
  return out;
}"""


def three_nexts() -> dict[str, Any]:
    """The combat tracker's example fight and three presses of Next, as a page's log holds them."""
    start = example(WBS)
    changes: list[dict[str, Any]] = []
    for _ in range(3):
        changes.append(press("next", engine().fold(WBS, start, changes)[-1] if changes else start))
    return {"calc": WBS, "start": start, "changes": changes}


# The snapshot in a cache of the origin, as the offline copy keeps it (the worker reads it from there):
# the build's bytes, or those bytes with one changed (as any script of the origin could write them).
KEEP_SNAPSHOT = """async (tampered) => {
  const { SNAPSHOT } = await import(new URL("/assets/codex/runtime.mjs", location.origin).href);
  const bytes = new Uint8Array(await (await fetch(SNAPSHOT)).arrayBuffer());
  if (tampered) bytes[bytes.length - 1] ^= 1;
  for (const name of await caches.keys()) await caches.delete(name);
  await (await caches.open("kept")).put(SNAPSHOT, new Response(bytes));
}"""


def test_the_trimmed_standard_library_is_what_the_site_ships(built_site: Path) -> None:
    module = (built_site / "assets" / "codex" / "runtime.mjs").read_text(encoding="utf-8")
    trimmed = built_site / re.search(r'STDLIB = new URL\("([^"]+)"', module).group(1)
    assert not list(built_site.glob("assets/pyodide/*/python_stdlib.zip")), "the stock zip is not shipped"
    with zipfile.ZipFile(trimmed) as z:
        names = set(z.namelist())
    assert {"json/__init__.pyc", "fractions.pyc", "_pyodide/__init__.pyc", "pyodide/__init__.pyc"} <= names
    assert not [n for n in names if n.endswith(".py")], "bytecode only: nothing to compile at start"
    assert not {n for n in names if n.startswith(("email/", "unittest/", "multiprocessing/", "xml/", "sqlite3/"))}
    stock = Path(__file__).resolve().parents[1] / "node_modules" / "pyodide" / "python_stdlib.zip"
    on_the_wire = len(gzip.compress(trimmed.read_bytes()))  # stored entries: the host's gzip compresses them
    assert on_the_wire < 0.6 * len(gzip.compress(stock.read_bytes()))


@pytest.mark.browser
@pytest.mark.slow
def test_every_calculator_answers_its_defaults_on_the_trimmed_runtime(built_site: Path, site_port: int) -> None:
    blocked: list[str] = []
    with serve(built_site, site_port) as (base, requests), chromium() as browser:
        context = browser.new_context(service_workers="block")
        page = context.new_page()
        local_only(page, blocked)
        page.goto(base + "wbs/attributes/")
        calcs = defaults(engine())
        fold = three_nexts()
        replies = page.evaluate(RUN_ALL, [calcs, fold])
        page.evaluate(KEEP_SNAPSHOT, False)
        restored = page.evaluate(RUN_ALL, [calcs, fold])
        page.evaluate(KEEP_SNAPSHOT, True)
        refused = page.evaluate(RUN_ALL, [calcs[:1], None])
        context.close()
    assert (replies["snapshot"], restored["snapshot"], refused["snapshot"]) == (False, True, False)
    for calc_id, inputs in calcs:
        assert replies[calc_id].get("ok") == engine().show(calc_id, inputs), (calc_id, replies[calc_id])
        assert restored[calc_id].get("ok") == replies[calc_id]["ok"], (calc_id, restored[calc_id])
    assert refused[calcs[0][0]].get("ok") == replies[calcs[0][0]]["ok"]
    folded = engine().fold(fold["calc"], fold["start"], fold["changes"], linked=True)
    assert replies["fold"]["states"] == restored["fold"]["states"] == json.loads(json.dumps(folded))
    # Every dataclass the worker made came with its methods compiled by the build (calculators/boot.py),
    # and the answers above are the engine's here: not one compiled in the worker. (Every game's
    # module is in: all but the few the build alone imports, such as the bestiary's checks.)
    made = sum(source.count("@dataclass") for source in (p.read_text("utf-8") for p in CALCULATORS.rglob("*.py")))
    assert replies["classes"]["compiled"] == 0 and replies["classes"]["precompiled"] >= 0.9 * made, replies["classes"]
    assert restored["classes"]["compiled"] == 0, restored["classes"]
    assert [r for r in requests if "python_stdlib-" in r] and not [r for r in requests if "/python_stdlib.zip" in r]
    assert blocked == []
