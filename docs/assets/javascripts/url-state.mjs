// How a calculator's inputs sit in the page's address (?wbs.derived.strength=4). The format is
// defined once, in hooks/codex/links.py, and handed to each form as data-state
// ({"prefix": …, "on": …, "off": …}); nothing here knows the key format or the checkbox words.

import { formState } from "./form-state.mjs";

/** @typedef {{ prefix: string, on: string, off: string }} StateFormat a form's data-state */

/** @param {HTMLFormElement} form @returns {StateFormat} */
function format(form) {
  const state = formState(form);
  if (!state.format) state.format = JSON.parse(/** @type {string} every calculator form has data-state */ (form.dataset.state));
  return /** @type {StateFormat} */ (state.format);
}

/** The URL key of one input of this form.
 * @param {HTMLFormElement} form @param {string} name */
export function stateKey(form, name) {
  return format(form).prefix + name;
}

/** This form's inputs in a query, name → text; other calculators' keys are left out.
 * @param {HTMLFormElement} form @param {URLSearchParams} params @returns {Map<string, string>} */
export function stateOf(form, params) {
  const { prefix } = format(form);
  return new Map([...params].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
}

/** An input's value as the URL writes it.
 * @param {HTMLFormElement} form @param {unknown} value */
export function stateText(form, value) {
  if (value === true) return format(form).on;
  if (value === false) return format(form).off;
  return String(value);
}

/** Whether a URL value ticks a checkbox.
 * @param {HTMLFormElement} form @param {unknown} text */
export function stateTicks(form, text) {
  return text === true || text === format(form).on;
}

// ---- writing the address ----------------------------------------------------------------------
// Every answer keeps the inputs in the page's address, but rewriting it (history.replaceState)
// costs the page a few milliseconds with a long fight in it, and browsers ignore it when it comes
// too often. So the wanted address is kept here and written once the reader has paused (QUIET ms)
// and the page is idle. Before anything leaves or reads the address (a click on a link, which may be
// the theme's instant navigation; the tab going to the background; the page closing) it is written at
// once. Readers of the address ask `address()`, which includes what is still to be written.

const QUIET = 250; // ms without a change before the address is written (then at the next idle moment)
/** @type {{ href: string, path: string } | null} */
let wanted = null; // the address to write, for the page it was made on
/** @type {number | undefined} */
let timer; // waiting for the reader to pause
/** @type {number | null} */
let idle = null; // then waiting for an idle moment
let listening = false;

export function address() {
  return wanted && wanted.path === location.pathname ? wanted.href : location.href;
}

function listen() {
  listening = true;
  // Before the theme's instant navigation follows a link; a tap on anything else (Next, an amount)
  // waits for nothing: the write costs a phone tens of milliseconds.
  document.addEventListener("click", (event) => {
    if (event.target instanceof Element && event.target.closest("a[href]")) writeAddress();
  }, true);
  window.addEventListener("pagehide", writeAddress);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") writeAddress(); });
}

/** @param {string} href */
export function keepAddress(href) {
  if (!listening) listen();
  if (href === address()) return;
  wanted = { href, path: location.pathname };
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = undefined;
    if ("requestIdleCallback" in window) idle = requestIdleCallback(writeAddress, { timeout: 300 });
    else writeAddress();
  }, QUIET);
}

export function writeAddress() {
  clearTimeout(timer);
  timer = undefined;
  if (idle !== null) cancelIdleCallback(idle);
  idle = null;
  const next = wanted;
  wanted = null;
  // Written only on the page it was made for: after a navigation it would overwrite the new address.
  if (next && next.path === location.pathname && next.href !== location.href) {
    history.replaceState(history.state, "", next.href);
  }
}

export function addressPending() {
  return wanted !== null;
}

