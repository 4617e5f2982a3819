// The calculators' Web Worker: loads the self-hosted Pyodide and the zipped calculators
// package in parallel, unpacks, imports, then answers "run" messages. It only ever runs our
// own reviewed package; what the reader types reaches Python as data (JSON), never as code.

import { meterFetch } from "./meter.mjs";

// What the build says about the runtime (hooks/codex/runtime.py): its size, for the progress.
const RUNTIME = new URL("../codex/runtime.json", import.meta.url);

let bridge = null;
let ready = null;

async function init({ pyodide, bundle, calcs }) {
  const t0 = performance.now();
  let total = 0;
  const stopMeter = meterFetch((loaded) => self.postMessage({ type: "progress", loaded, total }));
  const runtime = fetch(RUNTIME).then((r) => (r.ok ? r.json() : {})).catch(() => ({}));
  runtime.then((facts) => { total = facts.bytes || 0; });
  const [{ loadPyodide }, zip, facts] = await Promise.all([
    import(pyodide + "pyodide.mjs"),
    fetch(bundle).then((response) => {
      if (!response.ok) throw new Error(`calculators bundle: HTTP ${response.status}`);
      return response.arrayBuffer();
    }),
    runtime,
  ]);
  // The build's trimmed standard library: only the modules the calculators import.
  const stdLibURL = facts.stdlib ? new URL(facts.stdlib, RUNTIME).href : undefined;
  // packageBaseUrl: Pyodide would otherwise fall back to its CDN for any package it lacks.
  const py = await loadPyodide({ indexURL: pyodide, packageBaseUrl: pyodide, fullStdLib: false, stdLibURL });
  stopMeter();
  const t1 = performance.now();
  py.unpackArchive(zip, "zip", { extractDir: "/home/pyodide/codex" });
  py.runPython("import sys\nsys.path.insert(0, '/home/pyodide/codex')");
  // The engine is made here, from the rules.json in the bundle: the one door into the rules.
  const door = py.pyimport("calculators.browser").start(JSON.stringify(calcs || []));
  bridge = (calc, inputs) => door.answer(calc, inputs);
  const t2 = performance.now();
  return { pyodide: t1 - t0, calculators: t2 - t1 };
}

self.addEventListener("message", async (event) => {
  const msg = event.data;
  if (msg.type === "init") {
    if (!ready) {
      ready = init(msg);
      ready.then(
        (timings) => self.postMessage({ type: "ready", timings }),
        (error) => self.postMessage({ type: "failed", message: String(error && error.message || error) }),
      );
    }
    return;
  }
  if (msg.type === "echo") { // the benchmark's floor: a round trip that does no work
    self.postMessage({ type: "result", id: msg.id, echo: true });
    return;
  }
  if (msg.type === "run") {
    try {
      await ready;
    } catch {
      self.postMessage({ type: "result", id: msg.id, crash: "engine not loaded" });
      return;
    }
    const started = performance.now();
    const reply = JSON.parse(bridge(msg.calc, JSON.stringify(msg.inputs)));
    const done = performance.now();
    // Clock times (timeOrigin + now) let the page tell the trip to the worker from the trip back.
    self.postMessage({ type: "result", id: msg.id, startedAt: performance.timeOrigin + started,
                       sentAt: performance.timeOrigin + done, ...reply });
  }
});
