// The calculators' Web Worker: loads the self-hosted Pyodide and the zipped calculators
// package, puts the bundle on sys.path, imports, then answers "run" messages. It only ever runs our
// own reviewed package; what the reader types reaches Python as data (JSON), never as code.
// Which code that is, the build says (runtime.mjs); a message that names an address is refused.

import { BUNDLE, BYTES, FILES_AT, GAME_BYTES, GAMES, LOCKFILE, PYODIDE, SNAPSHOT, SNAPSHOT_SHA256, STDLIB } from "../codex/runtime.mjs";
import { meterFetch } from "./meter.mjs";

/** @type {((calc: string, inputs: string) => string) | null} */
let bridge = null; // the engine's door: a calculator's answer (JSON) to its inputs (JSON)
/** @type {((calc: string, log: string) => string) | null} */
let folder = null; // a table tool's log (JSON) folded into its states (JSON)
/** @type {((calc: string, inputs: string) => number) | null} */
let rehearser = null; // the last answer worked out again in full, thrown away (calculators/browser.py `rehearse`)
/** @type {Promise<LoadTimings> | null} */
let ready = null;
/** @type {Map<string, Promise<void>>} each game whose code is in, or on its way (see `withGame`) */
const games = new Map();

// The site's own files only: the build's addresses must sit on this worker's origin.
for (const address of [PYODIDE, BUNDLE, STDLIB, SNAPSHOT, ...Object.values(GAMES)]) {
  if (new URL(address).origin !== self.location.origin) throw new Error(`refused: ${address} is not the site's own`);
}

// What a page may send: the message's type and its own fields, nothing else (an unknown field,
// such as an address, is refused rather than ignored, so a page that tries is seen trying).
/** @type {Record<ToWorker["type"], string[]>} */
const FIELDS = { init: ["calcs"], run: ["id", "calc", "inputs"], echo: ["id"], fold: ["id", "calc", "start", "changes"] };
const CALC_ID = /^[a-z]+\.[a-z0-9_]+$/;

/** Why a message is refused, or null when it is one of ours.
 * @param {any} msg anything a page posted
 * @returns {string | null} */
function refusal(msg) {
  if (!msg || typeof msg !== "object" || !(msg.type in FIELDS)) return "an unknown message";
  const extra = Object.keys(msg).filter((key) => key !== "type" && !FIELDS[/** @type {ToWorker["type"]} */ (msg.type)].includes(key));
  if (extra.length) return `a ${msg.type} message may not carry ${extra.join(", ")}`;
  if (msg.type === "init" && !(Array.isArray(msg.calcs) && msg.calcs.every((/** @type {unknown} */ id) => typeof id === "string" && CALC_ID.test(id)))) {
    return "calcs is a list of calculator ids";
  }
  return null;
}

/** The games a page's calculators belong to (an id's first part: `wbs.energy`), those the build made code for.
 * @param {string[]} calcs @returns {string[]} */
const gamesOf = (calcs) => [...new Set(calcs.map((id) => id.split(".")[0]))].filter((game) => Object.hasOwn(GAMES, game));

/** @param {string} address @param {string} what @returns {Promise<ArrayBuffer>} */
async function download(address, what) {
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${what}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

/** A game's code (runtime.py `GAMES`). @param {string} game */
const codeOf = (game) => download(GAMES[game], `the ${game} calculators`);

// The bundle (the engine's core, and the page's games' code) is needed only once Python has started,
// so it is fetched once Pyodide's own big downloads (the wasm, the standard library) are in: on a
// slow link it then arrives while Python starts, instead of making Python wait for it.
/** @param {Promise<unknown>} pyodideStarted @param {string[]} wanted the page's games */
function bundleAfter(pyodideStarted, wanted) {
  /** @type {Promise<ArrayBuffer[]> | null} */
  let asked = null;
  const ask = () => {
    if (!asked) {
      asked = Promise.all([download(BUNDLE, "calculators bundle"),
                           ...wanted.map(codeOf)]);
      asked.catch(() => {}); // reported where it is awaited (init), not as an unhandled rejection
    }
    return asked;
  };
  const waiting = new Set([new URL("pyodide.asm.wasm", PYODIDE).href, STDLIB]);
  pyodideStarted.then(ask, ask); // whatever happened to those downloads, not later than this
  return { arrived: (/** @type {string} */ url) => { if (waiting.delete(url) && !waiting.size) ask(); }, bundle: () => ask() };
}

/** @type {import("pyodide").PyodideAPI | null} */
let pyodide = null;

// A game's code is a zip of `calculators/<game>/`: on the package's path beside the core, Python
// imports that game's modules from it as from the core.
/** @param {import("pyodide").PyodideAPI} py @param {string} game @param {ArrayBuffer} code */
function addGame(py, game, code) {
  const path = FILES_AT.games[game];
  py.FS.writeFile(path, new Uint8Array(code));
  py.runPython(`import calculators\ncalculators.__path__.append("${path}/calculators")`);
}

// A page opened later in the same document (the theme's instant navigation keeps this worker) may
// be another game's: its code is fetched once, before its first answer.
/** @param {string} calc @returns {Promise<void>} */
function withGame(calc) {
  const game = typeof calc === "string" ? calc.split(".")[0] : "";
  if (!Object.hasOwn(GAMES, game) || !pyodide) return Promise.resolve();
  let coming = games.get(game);
  if (!coming) {
    const py = pyodide;
    coming = codeOf(game).then((code) => addGame(py, game, code));
    coming.catch(() => games.delete(game)); // asked again by the next answer (the link may be back)
    games.set(game, coming);
  }
  return coming;
}

// The engine's memory snapshot (hooks/codex/snapshot.py), if the offline copy holds it: only read
// from the copy, never fetched for an answer (a first visit's link has better things to carry).
/** @returns {Promise<Response | null>} */
async function keptSnapshot() {
  try {
    return (await self.caches?.match(SNAPSHOT)) || null;
  } catch { // no cache storage here (a private window may have none): start as on a first visit
    return null;
  }
}

/** @param {ArrayBuffer} bytes @returns {Promise<string>} their SHA-256, in hex */
async function sha256(bytes) {
  return [...new Uint8Array(await crypto.subtle.digest("SHA-256", bytes))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

// The snapshot's memory, from its gzipped sparse file (hooks/codex/snapshot.py, stdlib_trace/snapshot.mjs),
// once its bytes are the build's: any script of the origin can write the cache, and this memory runs
// as the engine. Its pages are written into the memory as they come out of the gzip, never held whole.
/** @param {Response} kept @returns {Promise<Uint8Array>} */
async function expanded(kept) {
  const packed = await kept.arrayBuffer();
  if ((await sha256(packed)) !== SNAPSHOT_SHA256) throw new Error("the kept snapshot is not this build's");
  const reader = new Blob([packed]).stream().pipeThrough(new DecompressionStream("gzip")).getReader();
  let held = new Uint8Array(0); // the head's bytes, until it is whole
  /** @param {number} size @returns {Promise<void>} */
  const hold = async (size) => {
    while (held.length < size) {
      const { done, value } = await reader.read();
      if (done) throw new Error("the snapshot ends within its head");
      const more = new Uint8Array(held.length + value.length);
      more.set(held);
      more.set(value, held.length);
      held = more;
    }
  };
  await hold(12);
  const word = (/** @type {number} */ i) => new DataView(held.buffer).getUint32(4 * i, true);
  const [length, page, count] = [word(0), word(1), word(2)];
  await hold(4 * (3 + count));
  const starts = Array.from({ length: count }, (_, i) => word(3 + i) * page);
  const memory = new Uint8Array(length);
  let written = 0; // bytes of the pages, in their order in the file
  /** @param {Uint8Array} bytes */
  const put = (bytes) => {
    for (let at = 0; at < bytes.length;) {
      const [i, within] = [Math.floor(written / page), written % page];
      const size = Math.min(bytes.length - at, page - within, length - (starts[i] ?? length) - within);
      if (size <= 0) throw new Error("the snapshot holds more than its memory");
      memory.set(bytes.subarray(at, at + size), starts[i] + within);
      at += size;
      written += size;
    }
  };
  put(held.subarray(4 * (3 + count)));
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) put(chunk.value);
  const whole = starts.reduce((sum, start) => sum + Math.min(page, length - start), 0);
  if (written !== whole) throw new Error("the snapshot ends within its pages");
  return memory;
}

/** @param {{ calcs: string[] }} init @returns {Promise<LoadTimings>} */
async function init({ calcs }) {
  const t0 = performance.now();
  /** @type {ReturnType<typeof bundleAfter> | null} */
  let later = null;
  const kept = keptSnapshot();
  const wanted = gamesOf(calcs || []);
  const total = wanted.reduce((sum, game) => sum + GAME_BYTES[game], BYTES);
  const stopMeter = meterFetch((loaded) => self.postMessage({ type: "progress", loaded, total }),
                               (url) => later?.arrived(url));
  /** @type {typeof import("pyodide")} the pinned package's module, self-hosted (hooks/codex/pyodide_files.py) */
  const { loadPyodide } = await import(`${PYODIDE}pyodide.mjs`);
  const t1 = performance.now();
  // stdLibURL: the build's trimmed standard library, only the modules the calculators import.
  // lockFileContents: the lock file's facts, no package (the engine loads none): nothing to fetch.
  // packageBaseUrl: Pyodide would otherwise fall back to its CDN for any package it lacks.
  const options = { indexURL: PYODIDE, packageBaseUrl: PYODIDE, stdLibURL: STDLIB, lockFileContents: LOCKFILE };
  /** @type {import("pyodide").PyodideAPI | null} */
  let py = null;
  const snapshot = await kept;
  if (snapshot) {
    // Python started with every module of the package imported: its games' code included, so
    // only the core bundle (for its rules) is fetched, at once.
    const bundle = download(BUNDLE, "calculators bundle");
    bundle.catch(() => {}); // reported where it is awaited
    try {
      py = await loadPyodide({ ...options, _loadSnapshot: expanded(snapshot) });
    } catch (error) { // not this build's bytes, or a memory the browser refused: start as without it
      console.warn("Jianghu Codex worker: the engine's snapshot was not used:", error);
    }
    if (py) {
      const core = await bundle;
      stopMeter();
      const t2 = performance.now();
      py.FS.writeFile(FILES_AT.core, new Uint8Array(core));
      // The core's zip is this build's, with the rules: Python reads its list of files again.
      py.pyimport("calculators.browser").reread(FILES_AT.core);
      for (const game of Object.keys(GAMES)) games.set(game, Promise.resolve());
      return { ...started(py, calcs, t2), fetched: t1 - t0, python: t2 - t1, snapshot: true };
    }
  }
  const starting = loadPyodide(options);
  later = bundleAfter(starting, wanted);
  py = await starting;
  const [core, ...codes] = await later.bundle();
  stopMeter();
  const t2 = performance.now();
  // The bundle goes on sys.path as it is: Python imports its bytecode from the zip, nothing unpacked.
  py.FS.writeFile(FILES_AT.core, new Uint8Array(core));
  py.runPython(`import sys\nsys.path.insert(0, "${FILES_AT.core}")\nimport calculators`);
  wanted.forEach((game, i) => {
    addGame(/** @type {import("pyodide").PyodideAPI} */ (py), game, codes[i]);
    games.set(game, Promise.resolve());
  });
  return { ...started(py, calcs, t2), fetched: t1 - t0, python: t2 - t1, snapshot: false };
}

/** The engine made from the bundle's rules, as the door the page's messages go through.
 * @param {import("pyodide").PyodideAPI} py @param {string[]} calcs @param {number} t2 when Python was ready
 * @returns {{ engine: number, classes: { precompiled: number, compiled: number } }} */
function started(py, calcs, t2) {
  pyodide = py;
  // The engine is made here, from the rules.json in the bundle: the one door into the rules.
  const door = py.pyimport("calculators.browser").start(JSON.stringify(calcs || []));
  bridge = (calc, inputs) => door.answer(calc, inputs);
  folder = (calc, log) => door.fold(calc, log);
  rehearser = (calc, inputs) => door.rehearse(calc, inputs);
  const engine = performance.now() - t2;
  // Its classes' methods as the build compiled them, or compiled here (calculators/boot.py).
  const classes = JSON.parse(py.runPython("import json, calculators.boot\njson.dumps(calculators.boot.counts)"));
  // Where the start went (the benchmark prints it): Pyodide's module fetched; Python started (the
  // wasm, the standard library, the bundle's download beside them; or the snapshot restored and the
  // core bundle read); the engine imported and made.
  return { engine, classes };
}

// V8 runs the engine's code as first compiled until that code has run a while, then compiles its
// busiest parts for speed, beside it: a page's first few answers after it goes live took 20 to 50 ms
// in the engine, later ones 4 to 8 (a 20-fighter fight, desktop). So once the reader has had an
// answer and the worker has heard nothing for a moment, it works that answer out again in full, a
// few times, and throws it away: the reader reads, and their next change runs the faster code. Each
// rehearsal is its own task, so a message from the page waits for one at most; any message puts
// the rest off until the worker is quiet again. A worker rehearses a few times in its life, not per
// change (the speed it buys is the browser's, kept for every calculator of the page).
const REHEARSE_AFTER_MS = 400;
const REHEARSAL_GAP_MS = 20; // between two: the page's messages, and a phone's other work, go first
let rehearsalsLeft = 8;
/** @type {{ calc: string, inputs: string } | null} */
let toRehearse = null;
let rehearsalTimer = 0;

/** Rehearse the answer given last, once the worker has been quiet a while. */
function whenQuiet() {
  clearTimeout(rehearsalTimer);
  if (toRehearse && rehearsalsLeft > 0) rehearsalTimer = setTimeout(rehearse, REHEARSE_AFTER_MS);
}

function rehearse() {
  if (!toRehearse || !rehearser || rehearsalsLeft <= 0) return;
  rehearsalsLeft--;
  const ms = rehearser(toRehearse.calc, toRehearse.inputs);
  self.postMessage({ type: "rehearsed", ms }); // the page counts them (the benchmark prints them)
  if (rehearsalsLeft > 0) rehearsalTimer = setTimeout(rehearse, REHEARSAL_GAP_MS); // a page's message first, if one came
}

/** @type {DedicatedWorkerGlobalScope} this worker's scope: its `message` events are the page's */ (self).addEventListener("message", async (event) => {
  clearTimeout(rehearsalTimer); // the page speaks: rehearsals wait until it is quiet again
  const posted = event.data;
  const refused = refusal(posted);
  if (refused) {
    console.error("Jianghu Codex worker: refused", refused);
    self.postMessage({ type: "refused", message: refused, id: posted?.id });
    return;
  }
  /** @type {ToWorker} refusal() found it is one */
  const msg = posted;
  if (msg.type === "init") {
    if (!ready) {
      ready = init(msg);
      ready.then(
        (timings) => self.postMessage({ type: "ready", timings }),
        (error) => self.postMessage({ type: "failed", message: String(error?.message || error) }),
      );
    }
    return;
  }
  if (msg.type === "echo") { // the benchmark's floor: a round trip that does no work
    self.postMessage({ type: "result", id: msg.id, echo: true });
    whenQuiet();
    return;
  }
  try {
    await ready; // a run or a fold: the engine first
  } catch {
    self.postMessage({ type: "result", id: msg.id, crash: "engine not loaded" });
    return;
  }
  try {
    await withGame(msg.calc); // and its game's code
  } catch (error) { // the link, not a bug: said so on the page
    self.postMessage({ type: "result", id: msg.id, unreachable: String(/** @type {Error} */ (error)?.message || error) });
    return;
  }
  if (msg.type === "fold") {
    const reply = JSON.parse(/** @type {NonNullable<typeof folder>} init made it */ (folder)(msg.calc,
      JSON.stringify({ start: msg.start, changes: msg.changes })));
    self.postMessage({ type: "result", id: msg.id, states: reply.ok, error: reply.error, crash: reply.crash });
    whenQuiet();
    return;
  }
  const started = performance.now();
  const inputs = JSON.stringify(msg.inputs);
  const reply = JSON.parse(/** @type {NonNullable<typeof bridge>} init made it: ready resolved */ (bridge)(msg.calc, inputs));
  const done = performance.now();
  if (reply.ok) toRehearse = { calc: msg.calc, inputs };
  whenQuiet();
  // Clock times (timeOrigin + now) let the page tell the trip to the worker from the trip back.
  self.postMessage({ type: "result", id: msg.id, startedAt: performance.timeOrigin + started,
                     sentAt: performance.timeOrigin + done, ...reply });
});
