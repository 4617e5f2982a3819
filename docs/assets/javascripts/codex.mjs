// Live calculators: binds every <form class="calc"> to one shared Web Worker running the
// calculators package in Pyodide. Pages without a calculator never start the worker, so
// they load no Pyodide byte. The worker lives as long as the tab: instant navigation
// (mkdocs-material's document$) re-binds forms without loading anything twice.

import { adopt } from "./engine-early.mjs";
import { everyPage, whenIdle } from "./every-page.mjs";
import { answered, whenChangedAsk } from "./form-changes.mjs";
import { formState } from "./form-state.mjs";
import { pending, progress, ready, settled } from "./loading.mjs";
import { storedReadings, whenReadingChosen } from "./readings.mjs";
import { bindRows, controls, defaultOf, inputsAfter, placed, resultsCurrent } from "./rows.mjs";
import { bindSaves } from "./saves.mjs";
import { withSecrets } from "./secrets.mjs";
import { WORKER } from "../codex/runtime.mjs";
import { address, addressPending, keepAddress, stateKey, stateOf, stateText, stateTicks, writeAddress } from "./url-state.mjs";

/**
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {RunReply & { timeout?: boolean, arrived?: number }} Reply the worker's reply as the page
 *   gets it: `arrived` when it came; `timeout` when the watchdog gave up waiting
 * @typedef {Reply & { asked: number }} Answer a form's answer (the `codex:answer` event's detail)
 * @typedef {{ inputs: Inputs, key: string, since: number }} Change one change of a form's inputs
 * @typedef {{ total: number, before: number, paint: number | null, wait: number | null,
 *   there: number | null, engine: number | null, back: number | null, page: number | null }} Detail
 * @typedef {object} CodexState this tab's engine (window.__codex: the benchmark and tests read it)
 * @property {Worker | null} worker the one Worker of this tab, created on first need
 * @property {Promise<void> | null} ready resolved when Pyodide and the calculators are loaded
 * @property {number} nextId
 * @property {number} runs "run" messages posted, all forms (tests count one per change)
 * @property {number} ahead "run" messages posted ahead of a change (`foresee`), all forms
 * @property {"starting" | "keeping" | "kept" | null} codeCache the worker that primes V8's compiled wasm
 * @property {Map<number, (reply: Reply) => void>} pending request id -> resolve
 * @property {{ workerStarted: number | null, early: boolean, ready: number | null, firstAnswer: number | null,
 *   load?: LoadTimings, answers: number[], detail: Detail[], rehearsals: number[] }} timings (early: the worker
 *   was started from the page's head: hooks/codex/engine-start.js; rehearsals: codex-worker.mjs `rehearse`)
 * @property {() => boolean} addressPending the inputs are not in the address yet (tests wait for it)
 * @property {() => void} writeAddress write the inputs into the address now (tests, once an answer is in)
 * @property {number} watchdogMs an answer that takes longer stops the worker
 * @property {() => Promise<number>} echo a round trip that does no work, in ms
 */

/** @type {CodexState} */
const state = {
  worker: null,      // the one Worker of this tab, created on first need
  ready: null,       // Promise resolved when Pyodide and the calculators are loaded
  nextId: 1,
  runs: 0,           // "run" messages posted, all forms (tests count one per change)
  ahead: 0,          // "run" messages posted ahead of a change (`foresee`), all forms
  codeCache: null,   // the worker that primes V8's compiled wasm beside the offline copy (below)
  pending: new Map(), // request id -> resolve
  // answers: ms from the reader's input event to the results in the page, one per answer;
  // detail: the same answers split (before the ask; the wait for the worker, as the trip there,
  // the engine inside it and the trip back; the page update) and `paint`, to the frame after the
  // update (filled in a frame later).
  timings: { workerStarted: null, early: false, ready: null, firstAnswer: null, answers: [], detail: [], rehearsals: [] },
  addressPending, // the inputs are not in the address yet (tests wait for it)
  writeAddress, // write them now, as a click on a link does (tests, once the answer is in)
  // Watchdog: an answer that takes longer than this stops the worker; the next need starts a new one.
  watchdogMs: 15000,
  echo,
};
window.__codex = state; // read by the project's benchmark and browser tests

// The worker's address comes from the build (runtime.mjs), never from the page's markup: a form
// may say which calculator it is, not which code runs it.
/** @returns {Promise<void>} */
function startWorker() {
  if (state.worker) return /** @type {Promise<void>} made with the worker */ (state.ready);
  if (new URL(WORKER).origin !== location.origin) return Promise.reject(new Error("the worker is not the site's own"));
  const early = adopt(); // started from the page's head while it loaded (engine-start.js), if it was
  state.timings.workerStarted = early ? early.startedAt : performance.now();
  state.timings.early = Boolean(early);
  const worker = early ? early.worker : new Worker(WORKER, { type: "module", name: "codex" });
  state.worker = worker;
  state.ready = new Promise((resolve, reject) => {
    const heard = (/** @type {MessageEvent} */ event) => {
      /** @type {FromWorker & { arrived?: number }} */
      const msg = event.data;
      if (msg.type === "ready") {
        state.timings.ready = performance.now();
        state.timings.load = msg.timings;
        resolve();
        ready();
        window.dispatchEvent(new Event("codex:ready"));
      } else if (msg.type === "failed") {
        console.error("Jianghu Codex: the calculator engine could not start:", msg.message);
        reject(new Error(msg.message));
        window.dispatchEvent(new Event("codex:failed"));
      } else if (msg.type === "refused") { // a message of ours the worker would not take: a bug of ours
        console.error("Jianghu Codex: the calculator engine refused a message:", msg.message);
        const done = msg.id === undefined ? undefined : state.pending.get(msg.id);
        if (msg.id !== undefined) state.pending.delete(msg.id);
        if (done) done({ crash: msg.message });
      } else if (msg.type === "progress") {
        progress(msg);
      } else if (msg.type === "rehearsed") {
        state.timings.rehearsals.push(msg.ms);
      } else if (msg.type === "result") {
        msg.arrived = performance.now();
        const done = state.pending.get(msg.id);
        state.pending.delete(msg.id);
        if (done) done(msg);
      }
    };
    const broke = (/** @type {ErrorEvent} */ event) => {
      console.error("Jianghu Codex: worker error", event.message);
      reject(new Error(event.message || "worker error"));
    };
    worker.addEventListener("message", heard);
    worker.addEventListener("error", broke);
    for (const event of early ? early.early : []) heard(event); // what it said before this page listened
    if (early?.failed) broke(early.failed);
  });
  // Only the ids of the page's calculators, to warm them: data, which the worker checks. (A worker
  // started early was told by the page's head; a second init is ignored.)
  /** @type {ToWorker} */
  const init = { type: "init", calcs: pageCalcs() };
  if (!early) worker.postMessage(init);
  return state.ready;
}

// V8 keeps compiled wasm beside the response it compiled, so once the offline copy is made a second
// worker starts from it and lives until V8 kept its code there: the next visit starts compiled. It
// answers nothing (`codeCache`: "starting", "keeping", "kept"), and starts the engine for the page's
// calculators: V8 keeps what it optimised (the next night's Python 1.21 → 1.09 s, phone, medians of 3).
const CODE_CACHE_MS = 10_000;
window.addEventListener("codex:offline", () => {
  if (!state.worker || state.codeCache) return; // a page without a calculator starts no engine
  state.codeCache = "starting";
  const warm = new Worker(WORKER, { type: "module", name: "codex-code-cache" });
  warm.addEventListener("message", ({ data }) => {
    if (data.type !== "ready" && data.type !== "failed") return;
    state.codeCache = "keeping";
    setTimeout(() => { warm.terminate(); state.codeCache = "kept"; }, CODE_CACHE_MS);
  });
  warm.postMessage({ type: "init", calcs: pageCalcs() });
});

function restartWorker() {
  if (state.worker) state.worker.terminate();
  state.worker = null;
  state.ready = null;
  for (const [id, done] of state.pending) { state.pending.delete(id); done({ timeout: true }); }
}

/** The page's calculator forms. */
function forms() {
  return /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-calc]"));
}

/** The ids of the page's calculators, an engine's to warm. @returns {string[]} */
function pageCalcs() {
  return [...forms()].map((f) => /** @type {string} */ (f.dataset.calc));
}

/** The worker's reply to `inputs` for calculator `calc`, or a timeout's.
 * @param {string} calc @param {Inputs} inputs @returns {Promise<Reply>} */
function ask(calc, inputs, ahead = false) {
  if (ahead) state.ahead += 1;
  else state.runs += 1;
  return post((id) => ({ type: "run", id, calc, inputs }));
}

/** Post the message `make` builds with a fresh id; its reply, or a timeout's (the watchdog then
 *  restarts the worker). @param {(id: number) => ToWorker} make @returns {Promise<Reply>} */
function post(make) {
  const id = state.nextId++;
  return new Promise((resolve) => {
    const timer = setTimeout(restartWorker, state.watchdogMs);
    state.pending.set(id, (msg) => { clearTimeout(timer); resolve(msg); });
    /** @type {Worker} answerFor or fold started it */ (state.worker).postMessage(make(id));
  });
}

/** A table tool's log folded by the engine (calculators/table_log.py): its inputs after each change,
 *  or the problem that stopped the fold (in the reader's words).
 * @param {string} calc @param {Inputs} start @param {unknown[]} changes
 * @returns {Promise<{ states: Inputs[] } | { problem: string }>} */
export async function fold(calc, start, changes) {
  try {
    await startWorker();
  } catch {
    return { problem: "the live calculator could not start" };
  }
  const reply = await post((id) => ({ type: "fold", id, calc, start, changes }));
  if (reply.states) return { states: reply.states };
  if (reply.error) return { problem: reply.error.message };
  if (reply.unreachable) return { problem: "this game's calculators could not be downloaded" };
  return { problem: reply.timeout ? "the engine took too long" : "the engine could not read it" };
}

/** The engine's answer to `inputs` for `calc`, asked once and drawn nowhere (an older link's seat
 *  view worked out from it: tile-table.mjs), or null when the engine could not start.
 * @param {string} calc @param {Inputs} inputs @returns {Promise<Reply | null>} */
export async function runOnce(calc, inputs) {
  try {
    await startWorker();
  } catch {
    return null;
  }
  return ask(calc, inputs);
}

// A round trip to the worker that does no work: the benchmark's floor for an answer's wait.
async function echo() {
  const started = performance.now();
  const id = state.nextId++;
  /** @type {Reply} */
  const reply = await new Promise((resolve) => {
    state.pending.set(id, resolve);
    /** @type {ToWorker} */
    const message = { type: "echo", id };
    /** @type {Worker} the benchmark asks once the engine is ready */ (state.worker).postMessage(message);
  });
  return /** @type {number} set on every result */ (reply.arrived) - started;
}

/** @param {EventTarget | null} el */
function typed(el) {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && !["checkbox", "radio", "file", "hidden"].includes(el.type));
}

/** @param {HTMLFormElement} form */
function readInputs(form) {
  /** @type {Record<string, string | boolean>} */
  const inputs = {};
  for (const el of controls(form)) {
    if (el.type === "checkbox") inputs[el.name] = /** @type {HTMLInputElement} */ (el).checked;
    else if (el.type === "number" && el.validity.badInput) inputs[el.name] = "not a number";
    else inputs[el.name] = el.value;
  }
  return inputs;
}

/** @param {HTMLFormElement} form */
function defaultsOf(form) {
  /** @type {Record<string, string | boolean>} */
  const defaults = {};
  for (const el of controls(form)) defaults[el.name] = defaultOf(el);
  return defaults;
}

// URL state (url-state.mjs): every input that differs from its default.
// A table tool starts empty; before it did, its default rows were its example fight, and a link
// left them out. So a link carrying any input of a tool with an example (the rows holder's
// data-example) carries its rows too (saveToUrl), and a link without them is from before: its
// rows are the example, as they were when it was made.
/** @param {HTMLFormElement} form @returns {HTMLElement[]} */
function exampleHolders(form) {
  const kept = examples.get(form); // asked at every change
  if (kept?.every((holder) => holder.isConnected)) return kept;
  const found = [.../** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".codex-rows[data-rows][data-example]"))];
  examples.set(form, found);
  return found;
}

/** @type {WeakMap<HTMLFormElement, HTMLElement[]>} */
const examples = new WeakMap();

/** @param {HTMLFormElement} form */
function restoreFromUrl(form) {
  let changed = false;
  const linked = stateOf(form, new URLSearchParams(location.search));
  for (const [name, value] of linked) {
    const el = controls(form).find((c) => c.name === name);
    if (!el) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = stateTicks(form, value);
    else el.value = value;
    changed = true;
  }
  for (const holder of changed ? exampleHolders(form) : []) {
    const el = controls(form).find((c) => c.name === holder.dataset.rows);
    if (el && !linked.has(el.name)) el.value = /** @type {string} the selector asks for it */ (holder.dataset.example);
  }
  return changed;
}

/** @param {HTMLFormElement} form @param {Record<string, string | boolean>} inputs */
function saveToUrl(form, inputs) {
  const url = new URL(address());
  const defaults = defaultsOf(form);
  for (const name of stateOf(form, url.searchParams).keys()) url.searchParams.delete(stateKey(form, name));
  for (const [name, value] of Object.entries(inputs)) {
    const text = stateText(form, value);
    if (text !== stateText(form, defaults[name])) url.searchParams.set(stateKey(form, name), text);
  }
  if (stateOf(form, url.searchParams).size) { // with any input, the rows of a tool with an example (above)
    for (const name of exampleHolders(form).map((h) => h.dataset.rows)) {
      if (name && name in inputs) url.searchParams.set(stateKey(form, name), stateText(form, inputs[name]));
    }
  }
  keepAddress(url.href); // written when the page is idle (url-state.mjs)
}

/** @param {HTMLFormElement} form @param {InputProblem[]} problems */
function showErrors(form, problems) {
  const byField = new Map(problems.map((p) => [p.field, p.message]));
  for (const el of controls(form)) {
    /** @type {HTMLElement | null} */
    const slot = form.querySelector(`#${CSS.escape(el.id)}-error`);
    const message = byField.get(el.name);
    if (message) {
      el.setAttribute("aria-invalid", "true");
      if (slot) { slot.textContent = message; slot.hidden = false; }
    } else {
      el.removeAttribute("aria-invalid");
      if (slot && !slot.hidden) { slot.textContent = ""; slot.hidden = true; }
    }
  }
}

/** @param {HTMLFormElement} form @param {string} text @param {string} stateName */
function setStatus(form, text, stateName) {
  /** @type {HTMLElement | null} */
  const status = form.querySelector(".calc__status");
  if (!status) return;
  status.textContent = text;
  status.dataset.state = stateName;
}

// One answer per change. Per form: the inputs last sent to the worker (as JSON), whether an answer
// is on its way, and the newest change that came while it was (a newer one replaces it). A change
// whose inputs are those last sent asks nothing; one made while an answer is on its way waits for
// it, and only the newest waiting change is then asked (the answer drawn is always the newest).
// (form-state.mjs: sent, busy, waiting.)

// dataset.busy is "yes" while an answer is on its way (tests and the benchmark wait on it).
/** @param {HTMLFormElement} form */
async function recompute(form, since = performance.now()) {
  const shown = readInputs(form);
  saveToUrl(form, shown);
  const inputs = withSecrets(form, shown); // a secret is sent, never put in the address (secrets.mjs)
  /** @type {Change} */
  const change = { inputs, key: JSON.stringify(inputs), since };
  const asking = formState(form);
  if (asking.busy) { // the answer on its way is for these inputs, or this change waits for it
    asking.waiting = change.key === asking.sent ? null : change;
    return;
  }
  if (change.key === asking.sent) return; // the answer shown is for these inputs
  const known = asking.known.get(change.key);
  if (known) { // met before (undo, redo) or asked ahead (Next, Apply): drawn now, in this event's task
    asking.sent = change.key;
    draw(form, { ok: known, asked: performance.now() }, since, change.key);
    return;
  }
  asking.busy = true;
  form.dataset.busy = "yes";
  pending(form);
  try {
    /** @type {Change | null} */
    let next = change;
    while (next) {
      asking.sent = next.key;
      asking.waiting = null;
      const known = asking.known.get(next.key);
      // Asked ahead and still on its way (Apply tapped as its look-ahead left): that reply, not a second trip.
      const ahead = asking.ahead?.key === next.key ? asking.ahead.reply : null;
      const answer = known ? { ok: known, asked: performance.now() } : await (ahead ?? answerFor(form, next.inputs));
      if (answer && !answer.ok && !answer.error) asking.sent = null; // no answer: the same inputs may ask again
      if (asking.waiting) { next = asking.waiting; continue; } // a newer change came: its answer is the one to draw
      if (answer) draw(form, answer, next.since, next.key);
      // A change made while the answer was drawn (a module that follows answers applied one: an
      // amount button's change, once previewed) is asked next, not dropped.
      next = /** @type {Change | null} */ (asking.waiting);
    }
  } finally {
    asking.busy = false;
    form.dataset.busy = "no";
    settled(form);
  }
  const later = asking.later;
  asking.later = null;
  if (later) foresee(form, later); // asked while this answer was on its way: now the worker is free
}

// The worker's answer to `inputs` (started first if need be), or null if it could not start.
/** @param {HTMLFormElement} form @param {Inputs} inputs @returns {Promise<Answer | null>} */
async function answerFor(form, inputs) {
  if (!state.worker || form.dataset.live !== "yes") setStatus(form, "", "loading"); // loading.mjs says so at the top
  try {
    await startWorker();
  } catch {
    setStatus(form, "The live calculator could not start; the results shown are for the page's defaults.", "failed");
    return null;
  }
  const asked = performance.now();
  return { ...(await ask(/** @type {string} */ (form.dataset.calc), inputs)), asked };
}

/** @type {WeakMap<HTMLFormElement, Map<string, Element | null>>} each form's outputs by name, found once */
const outputsOf = new WeakMap();

/** The form's output called `name` (found once; found again if it left the page).
 * @param {HTMLFormElement} form @param {string} name @returns {Element | null} */
function outputNamed(form, name) {
  let named = outputsOf.get(form);
  if (!named) {
    named = new Map();
    outputsOf.set(form, named);
  }
  let out = named.get(name);
  if (out === undefined || (out && !out.isConnected)) {
    out = form.querySelector(`output[name="${CSS.escape(name)}"]`);
    named.set(name, out);
  }
  return out;
}

/** @param {HTMLFormElement} form @param {Answer} answer @param {number} since @param {string} key its inputs */
function draw(form, answer, since, key) {
  form.dataset.live = "yes";
  if (answer.ok) {
    remember(form, key, answer.ok);
    showErrors(form, []);
    const drawn = formState(form).shown;
    for (const [name, html] of Object.entries(answer.ok)) {
      const out = outputNamed(form, name);
      if (!out) continue;
      // The page's own HTML is compared once; after that, the string last drawn (no DOM serialising).
      const shown = drawn.get(out) ?? out.innerHTML;
      if (shown !== html) patch(out, html, shown);
      drawn.set(out, html);
    }
    if (form.classList.contains("calc--stale")) form.classList.remove("calc--stale"); // no class write when none
    setStatus(form, "", "live");
  } else if (answer.error) {
    showErrors(form, answer.error.problems || [answer.error]);
    form.classList.add("calc--stale");
    const names = new Set(controls(form).map((el) => el.name));
    const stray = (answer.error.problems || []).filter((p) => !names.has(p.field) && !placed(form, p.field)).map((p) => p.message);
    setStatus(form, stray.length ? stray.join(" ")
      : "Fix the marked value; the results shown are for the last valid inputs.", "invalid");
  } else if (answer.unreachable) {
    form.classList.add("calc--stale");
    setStatus(form, "This calculator's code could not be downloaded (is the connection down?): change a value to try again.", "failed");
  } else if (answer.timeout) {
    form.classList.add("calc--stale");
    setStatus(form, `No answer after ${state.watchdogMs / 1000} s: the calculator was restarted; change a value to try again.`, "failed");
  } else {
    console.error("Jianghu Codex: calculator failure", answer.crash);
    form.classList.add("calc--stale");
    setStatus(form, "This calculator hit a problem it could not handle; the results shown are the last good ones.", "failed");
  }
  answered(form, answer); // the page's modules that follow answers (form-changes.mjs)
  // For observers outside the page's modules (tests, the benchmark): no module of ours listens.
  form.dispatchEvent(new CustomEvent("codex:answer", { detail: answer }));
  record(since, answer.asked, answer);
  form.dataset.answered = String(Number(form.dataset.answered || 0) + 1);
  if (!redrawing) whenIdle(() => { redrawn(); }, 5000);
}

// An output redrawn keeps each element of the same tag, sets its attributes that differ and replaces
// only what differs inside, so the browser styles and lays out those alone (on a phone, most of the
// frame after an answer). Form controls are replaced whole (their value is not an attribute).
const WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);

/** @param {Element} out @param {string} html @param {string} was the HTML drawn in it (exported for tests) */
export function patch(out, html, was) {
  const ready = prepared.size ? prepared.get(html) : undefined;
  if (ready) {
    prepared.delete(html);
    return reconcile(out, ready);
  }
  const part = redraw ? redraw.narrowed(out, was, html) : null;
  const tag = redraw && part?.tag !== undefined ? redraw.attributesOf(part.tag) : null;
  if (!part || (part.tag !== undefined && !tag)) return reconcile(out, parsed(html));
  if (tag) sameAttributes(part.within, tag);
  if (part.content !== undefined) reconcile(part.within, parsed(part.content));
}

// redraw.mjs (which part changed) loads at idle after an answer; until then outputs are parsed whole.
/** @type {typeof import("./redraw.mjs") | null} */
let redraw = null;
/** @type {Promise<typeof import("./redraw.mjs")> | null} */
let redrawing = null;

export function redrawn() {
  redrawing ??= import("./redraw.mjs").then((loaded) => { redraw = loaded; return loaded; });
  redrawing.catch(() => { redrawing = null; }); // asked again after the next answer
  return redrawing;
}

/** @param {string} html @returns {DocumentFragment} */
function parsed(html) {
  const fresh = document.createElement("template");
  fresh.innerHTML = html;
  return fresh.content;
}

// Answers asked ahead are parsed at idle (outputs that differ, the newest few); each used once.
/** @type {Map<string, DocumentFragment>} an output's HTML → its nodes, not yet in the page */
const prepared = new Map();
const PREPARED = 32;

/** @param {HTMLFormElement} form @param {Record<string, string>} outputs */
function prepareSoon(form, outputs) {
  whenIdle(() => {
    const drawn = formState(form).shown;
    for (const [name, html] of Object.entries(outputs)) {
      const out = outputNamed(form, name);
      if (!out || prepared.has(html) || (drawn.has(out) ? drawn.get(out) : out.innerHTML) === html) continue;
      prepared.set(html, parsed(html));
      if (prepared.size > PREPARED) prepared.delete(/** @type {string} there is one */ (prepared.keys().next().value));
    }
  }, 1000);
}

/** Whether `now` can be drawn into `was` in place (same tag, not a form control). @param {Node} was @param {Node} now
 * @returns {now is Element} */
function sameKind(was, now) {
  return was instanceof Element && now instanceof Element && was.tagName === now.tagName && !WHOLE.has(was.tagName);
}

/** `was`'s attributes made equal to `now`'s, in `now`'s order (the page's HTML reads as the engine's):
 * each one that differs is set, and from the first one out of place on, the rest are set again in
 * order. The element is kept, so only what those attributes select is styled again.
 * @param {Element} was @param {Element | { name: string, value: string }[]} now an element, or its attributes */
function sameAttributes(was, now) {
  const old = was.attributes;
  const fresh = now instanceof Element ? now.attributes : now;
  let i = 0;
  for (; i < old.length && i < fresh.length && old[i].name === fresh[i].name; i++) {
    if (old[i].value !== fresh[i].value) was.setAttribute(fresh[i].name, fresh[i].value);
  }
  for (const { name } of [...old].slice(i)) was.removeAttribute(name);
  for (const { name, value } of [...fresh].slice(i)) was.setAttribute(name, value);
}

/** `parent`'s children made equal to `fresh`'s, replacing only what differs. @param {Node} parent @param {Node} fresh */
function reconcile(parent, fresh) {
  const was = [...parent.childNodes];
  const now = [...fresh.childNodes];
  if (was.length !== now.length) {
    /** @type {Element | DocumentFragment} */ (parent).replaceChildren(...now);
    return;
  }
  for (let i = 0; i < now.length; i++) {
    const old = was[i];
    const made = now[i];
    if (old.isEqualNode(made)) continue;
    if (old instanceof Text && made instanceof Text) old.data = made.data;
    else if (sameKind(old, made)) {
      sameAttributes(/** @type {Element} */ (old), made);
      reconcile(old, made);
    } else /** @type {ChildNode} */ (old).replaceWith(made);
  }
}

/** @param {number} since @param {number} asked @param {Answer} answer */
function record(since, asked, answer) {
  const now = performance.now();
  if (state.timings.firstAnswer === null) {
    state.timings.firstAnswer = now;
    window.dispatchEvent(new Event("codex:answered")); // offline.mjs copies the site after this
  }
  state.timings.answers.push(now - since);
  const clock = performance.timeOrigin; // the worker's times are clock times (its own origin differs)
  const { arrived, startedAt, sentAt } = answer;
  // Not for a timeout (nothing arrived), nor for the worker's word that it has no engine (no times).
  const timed = arrived !== undefined && startedAt !== undefined && sentAt !== undefined;
  /** @type {Detail} */
  const detail = { total: now - since, before: asked - since, paint: null,
    wait: timed ? arrived - asked : null, there: timed ? startedAt - (clock + asked) : null,
    engine: timed ? sentAt - startedAt : null, back: timed ? clock + arrived - sentAt : null,
    page: timed ? now - arrived : null };
  state.timings.detail.push(detail);
  requestAnimationFrame(() => setTimeout(() => { detail.paint = performance.now() - since; }, 0));
}

// ---- answers met before, and answers asked ahead ----------------------------------------
// A fight goes back and forth (undo, redo) and mostly forward by the same few taps (Next, Apply),
// whose next inputs the results already carry. The outputs of recent answers are kept by their
// inputs, and while the reader reads, the states those taps lead to are asked for ahead: the tap
// then draws its answer in its own event's task, before any frame, with no trip to the worker.
// The engine's answer depends on the inputs alone (house readings are inputs too).
const KNOWN = 24; // answers kept per form

/** @param {HTMLFormElement} form @param {string} key @param {Record<string, string>} outputs */
function remember(form, key, outputs) {
  const { known } = formState(form);
  known.delete(key); // newest last
  known.set(key, outputs);
  if (known.size > KNOWN) known.delete(/** @type {string} there is one */ (known.keys().next().value));
}

/** Ask now for the answers to the states `sets` would make (each as an apply button carries it),
 *  one at a time, and keep them: once the engine is ready, only while the results shown answer the
 *  inputs shown (the buttons' states are worked out from them) and no change is on its way, and
 *  never twice. It starts no engine.
 * @param {HTMLFormElement} form @param {Record<string, unknown>[]} sets */
export async function foresee(form, sets) {
  const mine = formState(form);
  if (mine.busy && !mine.foreseeing) { // the answer on its way is drawn first; then these are asked
    mine.later = sets;
    return;
  }
  if (mine.foreseeing || !state.worker || state.timings.ready === null || !resultsCurrent(form)) return;
  mine.foreseeing = true;
  form.dataset.foreseeing = "yes"; // a question asked ahead is on its way (tests wait for it to come back)
  try {
    for (const set of sets) {
      if (mine.busy || !resultsCurrent(form)) return; // the reader's change goes first
      const after = inputsAfter(form, set, readInputs(form));
      if (!after) continue;
      const inputs = withSecrets(form, after);
      const key = JSON.stringify(inputs);
      if (key === mine.sent || mine.known.has(key)) continue;
      const asked = performance.now();
      const reply = ask(/** @type {string} */ (form.dataset.calc), inputs, true).then((r) => ({ ...r, asked }));
      mine.ahead = { key, reply };
      const answer = await reply;
      if (mine.ahead?.reply === reply) mine.ahead = null;
      if (answer.ok) {
        remember(form, key, answer.ok);
        prepareSoon(form, answer.ok);
      }
    }
  } finally {
    mine.foreseeing = false;
    form.dataset.foreseeing = "no";
  }
}

/** The outputs already known for the state `set` would make (asked ahead, or met before), or null.
 * @param {HTMLFormElement} form @param {Record<string, unknown>} set @returns {Record<string, string> | null} */
export function foreseen(form, set) {
  const inputs = inputsAfter(form, set, readInputs(form));
  return inputs ? formState(form).known.get(JSON.stringify(inputs)) ?? null : null;
}

// House rules (readings.mjs): a reading chosen beside its note is followed by every input that
// picks that note's reading.
whenReadingChosen((note, reading) => {
  for (const form of forms()) {
    if (controls(form).some((el) => el.dataset.note === note && el.value !== reading)) {
      for (const el of controls(form)) if (el.dataset.note === note) el.value = reading;
      recompute(form);
    }
  }
});

/** @param {HTMLFormElement} form @param {boolean} fromUrl */
function applyReadings(form, fromUrl) {
  const readings = storedReadings();
  const inUrl = stateOf(form, new URLSearchParams(location.search));
  let changed = false;
  for (const el of controls(form)) {
    const note = el.dataset.note;
    if (!note || !(note in readings) || inUrl.has(el.name)) continue;
    const wanted = readings[note];
    const select = /** @type {HTMLSelectElement} an input with a note is a reading's select */ (el);
    if (el.value !== wanted && [...select.options].some((o) => o.value === wanted)) {
      el.value = wanted;
      changed = true;
    }
  }
  return changed || fromUrl;
}

/** @param {HTMLFormElement} form */
function bind(form) {
  const mine = formState(form);
  if (mine.bound) return;
  mine.bound = true;
  form.dataset.busy = "no"; // "yes" while an answer is on its way (an answer drawn within a tap never is)
  form.addEventListener("submit", (event) => event.preventDefault());
  // One event per change: a field typed in answers on `input` (as the reader types), a choice (a
  // select, a box) on `change`; the other event of each pair carries the same values and is left
  // alone. Events other code sends (rows, tools, a test's driver) all count: the inputs decide.
  const onChange = (/** @type {Event} */ event) => {
    if (event.isTrusted && (event.type === "input") !== typed(event.target)) return;
    recompute(form, event.timeStamp);
  };
  form.addEventListener("input", onChange);
  form.addEventListener("change", onChange);
  whenChangedAsk(form, () => recompute(form)); // code set the inputs (form-changes.mjs)
  // A finger on a field comes before the first change: start the engine now, not at the change.
  form.addEventListener("focusin", () => startWorker().catch(() => {}), { once: true });
  const fromUrl = restoreFromUrl(form);
  bindRows(form); // rows and saves: rows.mjs, saves.mjs
  bindSaves(form);
  if (applyReadings(form, fromUrl)) recompute(form);
}

function bindAll() {
  const calcs = forms();
  calcs.forEach(bind);
  if (calcs.length && !state.worker) {
    // Prewarm while the reader reads, so the first change answers at once. A page loaded whole
    // started it from its head already (engine-start.js; adopted here); a page reached by instant
    // navigation runs no head script: at once when the offline copy serves it, else once it is idle.
    const warm = () => startWorker().catch(() => {});
    if (navigator.serviceWorker?.controller) warm();
    else if ("requestIdleCallback" in window) requestIdleCallback(warm, { timeout: 2000 });
    else setTimeout(warm, 200);
  }
}

everyPage(bindAll);
