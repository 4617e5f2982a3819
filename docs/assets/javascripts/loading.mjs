// Honest loading: while the results a form shows are not the answer to the inputs it shows
// (the live calculator is starting, an answer has been on its way for more than DELAY ms, the
// inputs came from a link or a house rule), the results panel says so at its top, where the
// reader is looking (inside the pinned panel on phones), dims the stale values, and shows the
// engine's download as bytes of the total. Screen readers hear "Updating" once, then the new
// result once: the results list is aria-busy until the answer is in place.

import { formState } from "./form-state.mjs";

const DELAY = 150; // ms: a quicker answer needs no word
const engine = { ready: false, loaded: 0, total: 0 };
/** @type {Set<HTMLFormElement>} */
const marked = new Set(); // the forms whose results say "Updating" (progress and ready redraw them)

/** @param {number} bytes */
function megabytes(bytes) {
  return (bytes / 1e6).toFixed(1);
}

/** @param {HTMLFormElement} form @returns {HTMLElement} */
function noteOf(form) {
  /** @type {HTMLElement | null} */
  let note = form.querySelector(".calc__pending");
  if (note) return note;
  note = document.createElement("div");
  note.className = "calc__pending";
  note.hidden = true;
  const text = document.createElement("p");
  text.className = "calc__pending-text";
  const bar = document.createElement("progress");
  bar.className = "calc__pending-bar";
  bar.setAttribute("aria-label", "Downloading the live calculator");
  const bytes = document.createElement("span");
  bytes.className = "calc__pending-bytes";
  bytes.setAttribute("aria-hidden", "true"); // the bar carries the figures; no announcement per chunk
  note.append(text, bar, bytes);
  const results = form.querySelector(".calc__results");
  const title = results?.querySelector(".calc__results-title");
  if (title) title.after(note);
  else if (results) results.prepend(note);
  return note;
}

/** @param {HTMLFormElement} form */
function draw(form) {
  const note = noteOf(form);
  const starting = !engine.ready;
  const text = starting
    ? "Updating: the live calculator is starting. The results shown are not yet for these inputs."
    : "Updating…";
  const line = /** @type {HTMLElement} */ (note.querySelector(".calc__pending-text"));
  if (line.textContent !== text) line.textContent = text;
  const bar = /** @type {HTMLProgressElement} */ (note.querySelector(".calc__pending-bar"));
  const bytes = /** @type {HTMLElement} */ (note.querySelector(".calc__pending-bytes"));
  const showBytes = starting && engine.total > 0;
  bar.hidden = bytes.hidden = !showBytes;
  if (showBytes) {
    bar.max = engine.total;
    bar.value = Math.min(engine.loaded, engine.total);
    bytes.textContent = `${megabytes(Math.min(engine.loaded, engine.total))} of ${megabytes(engine.total)} MB`;
  }
}

/** @param {HTMLFormElement} form */
function mark(form) {
  const list = form.querySelector(".calc__results dl");
  if (list) list.setAttribute("aria-busy", "true");
  draw(form);
  noteOf(form).hidden = false;
  form.dataset.pending = engine.ready ? "updating" : "starting";
  marked.add(form);
}

/** An answer for `form` has been asked for: mark it now if the engine is still starting, else
 *  once the answer has taken longer than DELAY ms.
 * @param {HTMLFormElement} form */
export function pending(form) {
  const state = formState(form);
  clearTimeout(state.pendingTimer);
  if (!engine.ready) mark(form);
  else if (!marked.has(form)) state.pendingTimer = setTimeout(() => mark(form), DELAY);
}

/** Every answer asked for `form` is in place (or failed, and the form says why).
 * @param {HTMLFormElement} form */
export function settled(form) {
  clearTimeout(formState(form).pendingTimer);
  if (!marked.delete(form)) return;
  delete form.dataset.pending;
  const note = noteOf(form);
  note.hidden = true;
  /** @type {HTMLElement} */ (note.querySelector(".calc__pending-text")).textContent = "";
  const list = form.querySelector(".calc__results dl");
  if (list) list.removeAttribute("aria-busy"); // now the new result is read, once
}

/** The engine's download, from the worker: bytes received of the total.
 * @param {{ loaded: number, total: number }} progress */
export function progress({ loaded, total }) {
  engine.loaded = loaded;
  engine.total = total;
  for (const form of marked) if (form.isConnected) draw(form);
}

/** The engine is running: later answers are marked only when slow. */
export function ready() {
  engine.ready = true;
  for (const form of marked) if (form.isConnected) { draw(form); form.dataset.pending = "updating"; }
}
