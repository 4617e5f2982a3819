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
 *   was started from the page's head: hooks/codex/engine-start.js; rehearsals: the ms of each answer the worker
 *   worked out again while the reader read, codex-worker.mjs)
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

// V8 keeps compiled wasm beside the response it compiled (a first visit's: the network's), so once
// the offline copy is made a second worker starts from it and lives until V8 kept its code there:
// the next visit starts compiled. It answers nothing; `codeCache`: "starting", "keeping", "kept".
// It starts the engine for the page's calculators, as the page's own worker did: V8 keeps the code
// it optimised, and a start with no calculator optimised less of what the next visit runs (phone
// profile, the next night's Python 1.21 s before, 1.09 s after: medians of 3, alternated).
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
  const kept = examples.get(form); // asked at every change: the page's rows tables stay as built
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
}

// An output redrawn changes in a few places (a Next moves every fighter's ticks by one and the
// marker): an element of the same tag is kept, its attributes that differ are set, and only what
// differs inside it is replaced, down to a text's characters, so the browser styles and lays out
// those alone, not the twelve cards and the tables around them (on a phone, most of the frame after
// an answer). Form controls are replaced whole (their value is not an attribute).
const WHOLE = new Set(["INPUT", "SELECT", "TEXTAREA", "OPTION"]);

/** `out`, which shows `was`, made to show `html` (exported for the browser tests).
 * @param {Element} out @param {string} html @param {string} was the HTML drawn in it */
export function patch(out, html, was) {
  const ready = prepared.size ? prepared.get(html) : undefined; // (a long string's lookup costs its hash)
  if (ready) {
    prepared.delete(html);
    return reconcile(out, ready);
  }
  const part = narrowed(out, was, html);
  const tag = part?.tag === undefined ? null : attributesOf(part.tag);
  if (!part || (part.tag !== undefined && !tag)) return reconcile(out, parsed(html));
  if (tag) sameAttributes(part.within, tag);
  if (part.content !== undefined) reconcile(part.within, parsed(part.content));
}

const ATTRIBUTE = /\s+([^\s"'>/=]+)(?:="([^"]*)")?/y;
/** @type {Record<string, string>} */
const ENTITY = { "&amp;": "&", "&quot;": '"', "&lt;": "<", "&gt;": ">", "&#39;": "'", "&nbsp;": "\u00a0" };

/** A start tag's attributes as the parser reads them, or null where it is not one the engine writes
 * (a value not in double quotes, an entity it never writes): Next's button carries every fighter in
 * one attribute, which the parser took longer to read than the rest of the answer.
 * @param {string} tag @returns {{ name: string, value: string }[] | null} */
function attributesOf(tag) {
  const name = /^<[a-zA-Z][^\s/>]*/.exec(tag);
  if (!name) return null;
  /** @type {{ name: string, value: string }[]} */
  const found = [];
  let end = name[0].length; // where the attributes read so far end
  ATTRIBUTE.lastIndex = end;
  for (let got = ATTRIBUTE.exec(tag); got; got = ATTRIBUTE.exec(tag)) {
    end = ATTRIBUTE.lastIndex;
    const value = (got[2] ?? "").replace(/&[a-z0-9#]*;?/g, (entity) => ENTITY[entity] ?? "\u0000");
    if (value.includes("\u0000") || found.some((a) => a.name === got[1].toLowerCase())) return null;
    found.push({ name: got[1].toLowerCase(), value });
  }
  return /^\s*\/?>$/.test(tag.slice(end)) ? found : null;
}

/** @typedef {{ name: string, at: number, start: number, children: number }} Open an element open in the HTML
 * drawn last: its name, its index among its parent's child nodes, where its content starts, its children so far */
/** @typedef {{ within: Element, content?: string, tag?: string }} Narrowed the element to draw again: its new
 * content (its children reconciled), its new start tag (its attributes set) */

// An output drawn again most often differs from the last in one place (a fighter's damage and its
// bar, in one card of twenty): only the smallest element that holds every difference is parsed
// again (parsing a twenty-card output was most of the page's part of an answer), and it is found in
// the page by its place in the HTML drawn last. The engine escapes < and > in every text and
// attribute (calculators/present.py), so each < in its HTML opens a tag. Where the page does not
// follow the HTML drawn last (a table's implied tbody, a count of children that differs), inside
// SVG (parsed alone, it would not be SVG), a form control (replaced whole), or a comment, the whole
// output is parsed, as before.
const VOID = new Set(["area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"]);
const ALONE = new Set(["svg", "math", "select", "option", "textarea", "script", "style", "title", "template"]);

/** The element of `out` that holds every difference between `was` (the HTML drawn in it) and `html`: its
 * new content, and its new start tag where that differs too (a card whose name it is labelled by
 * changed) or alone (Next's rows, carried in its data-apply); null where the whole output is parsed.
 * @param {Element} out @param {string} was @param {string} html @returns {Narrowed | null} */
export function narrowed(out, was, html) {
  const from = alike(was, html, Math.min(was.length, html.length), 1); // the first character that differs
  const to = was.length - alike(was, html, Math.min(was.length, html.length) - from, -1); // `was` differs in [from, to)
  const shift = html.length - was.length; // where `was` and `html` are the same after `to`
  /** @type {Open[]} the elements open at the scan, `out` first */
  const open = [{ name: "", at: 0, start: 0, children: 0 }];
  let holding = -1; // the elements open at `from`, then the fewest open up to `to`: the holder is the last of them
  /** @type {Open[]} */
  let path = [];
  let tagAt = -1; // where the holder's start tag begins, when `from` is inside it
  for (let i = 0; ;) {
    const lt = was.indexOf("<", i);
    const next = lt < 0 ? was.length : lt;
    if (next > i) open[open.length - 1].children++; // a text node
    if (holding < 0 && next >= from) { holding = open.length; path = open.slice(); }
    if (lt < 0) return null; // the output itself holds the differences: parsed whole
    const gt = was.indexOf(">", lt);
    if (gt < 0 || was[lt + 1] === "!") return null;
    const closing = was[lt + 1] === "/";
    const name = tagName(was, lt + (closing ? 2 : 1));
    if (!name) return null;
    const inside = holding < 0 && gt >= from; // `from` is inside this tag
    if (closing) {
      if (inside) { holding = open.length; path = open.slice(); }
      const top = open.pop();
      if (!top || top.name !== name || !open.length) return null;
      if (lt < to) holding = Math.min(holding, open.length);
      else if (open.length === holding - 1) { // the holder's end tag: its children are all counted
        if (top !== path[holding - 1]) return null;
        const within = tagAt < 0 ? null : html.indexOf(">", tagAt) + 1; // its content's start in `html`
        if (within === 0) return null;
        return found(out, path.slice(0, holding), top, {
          content: html.slice(within ?? top.start, lt + shift),
          ...(within === null ? {} : { tag: html.slice(tagAt, within) }),
        });
      }
    } else {
      const parent = open[open.length - 1];
      const child = { name, at: parent.children++, start: gt + 1, children: 0 };
      const empty = VOID.has(name) || was[gt - 1] === "/";
      if (inside && to <= gt) { // every difference is in this start tag: its attributes alone, if the new
        const tag = html.slice(lt, gt + 1 + shift); // is one tag too (its end may be another's, as in `closed`)
        if (tag.indexOf(">") !== tag.length - 1 || tag.lastIndexOf("<") !== 0) return null;
        return found(out, [...open, child], null, { tag });
      }
      if (inside && empty) { holding = open.length; path = open.slice(); }
      if (!empty) open.push(child);
      if (inside && !empty) { holding = open.length; path = open.slice(); tagAt = lt; }
    }
    if (tagAt >= 0 && holding < path.length) tagAt = -1; // the element closed before `to`: its parent holds it all
    i = gt + 1;
  }
}

const NAME = /[a-zA-Z][^\s/>]*/y;

/** The tag name at `at` in `html`, in lower case ("" if none). @param {string} html @param {number} at */
function tagName(html, at) {
  NAME.lastIndex = at;
  return NAME.exec(html)?.[0]?.toLowerCase() ?? "";
}

/** How many characters `a` and `b` share at their start (`way` 1) or end (−1), `most` at most: by halves, each
 * comparison the engine's own (comparing character by character in a script took a millisecond an answer).
 * @param {string} a @param {string} b @param {number} most @param {1 | -1} way */
function alike(a, b, most, way) {
  const part = (/** @type {string} */ s, /** @type {number} */ i, /** @type {number} */ j) =>
    way === 1 ? s.slice(i, j) : s.slice(s.length - j, s.length - i);
  let same = 0;
  for (let hi = most; same < hi;) {
    const mid = (same + hi + 1) >> 1;
    if (part(a, same, mid) === part(b, same, mid)) same = mid;
    else hi = mid - 1;
  }
  return same;
}

/** The element the path names in `out`, if the page follows the HTML drawn last that far (and, for its
 * content, has as many children as the HTML drawn last gave it).
 * @param {Element} out @param {Open[]} path `out` first @param {Open | null} holder null for its start tag alone
 * @param {{ content?: string, tag?: string }} made @returns {Narrowed | null} */
function found(out, path, holder, made) {
  /** @type {Element} */
  let node = out;
  for (const step of path.slice(1)) {
    if (ALONE.has(step.name)) return null;
    const child = node.childNodes[step.at];
    if (!(child instanceof Element) || child.localName !== step.name) return null;
    node = child;
  }
  if (node === out || (made.tag !== undefined && WHOLE.has(node.tagName))) return null;
  if (holder && node.childNodes.length !== holder.children) return null;
  // A table's rows parsed alone would have no tbody, where the page's parser adds one.
  if (made.content !== undefined && (node.localName === "table" || !closed(made.content))) return null;
  return { within: node, ...made };
}

// The last characters of the HTML drawn last and of the new are the same, but in the new they may close
// another element (a card added after one that changed: "…</li>" ends the changed card in the one, the
// new card in the other): the new content must close each element it opens, and only those.
/** @param {string} content @returns {boolean} */
function closed(content) {
  /** @type {string[]} */
  const opened = [];
  for (let lt = content.indexOf("<"); lt >= 0; lt = content.indexOf("<", lt + 1)) {
    const gt = content.indexOf(">", lt);
    const closing = content[lt + 1] === "/";
    const name = tagName(content, lt + (closing ? 2 : 1));
    if (gt < 0 || !name) return false;
    if (closing && opened.pop() !== name) return false;
    if (!closing && !VOID.has(name) && content[gt - 1] !== "/") opened.push(name);
  }
  return opened.length === 0;
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
