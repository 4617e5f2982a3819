// How a calculator's inputs sit in the page's address (?wbs.derived.strength=4). The format is
// defined once, in hooks/codex/links.py, and handed to each form as data-state
// ({"prefix": …, "on": …, "off": …}); nothing here knows the key format or the checkbox words.

const formats = new WeakMap();

function format(form) {
  let known = formats.get(form);
  if (!known) {
    known = JSON.parse(form.dataset.state);
    formats.set(form, known);
  }
  return known;
}

// The URL key of one input of this form.
export function stateKey(form, name) {
  return format(form).prefix + name;
}

// This form's inputs in a query, name → text; other calculators' keys are left out.
export function stateOf(form, params) {
  const { prefix } = format(form);
  return new Map([...params].filter(([k]) => k.startsWith(prefix)).map(([k, v]) => [k.slice(prefix.length), v]));
}

// An input's value as the URL writes it.
export function stateText(form, value) {
  if (value === true) return format(form).on;
  if (value === false) return format(form).off;
  return String(value);
}

// Whether a URL value ticks a checkbox.
export function stateTicks(form, text) {
  return text === true || text === format(form).on;
}

// ---- writing the address ----------------------------------------------------------------------
// Every answer keeps the inputs in the page's address, but rewriting it (history.replaceState)
// costs the page a few milliseconds with a long fight in it, and browsers ignore it when it comes
// too often. So the wanted address is kept here and written once the reader has paused (QUIET ms)
// and the page is idle. Before anything leaves or reads the address (a click, which may be the
// theme's instant navigation; the tab going to the background; the page closing) it is written at
// once. Readers of the address ask `address()`, which includes what is still to be written.

const QUIET = 250; // ms without a change before the address is written (then at the next idle moment)
let wanted = null; // { href, path }: the address to write, for the page it was made on
let timer = null; // waiting for the reader to pause
let idle = null; // then waiting for an idle moment
let listening = false;

export function address() {
  return wanted && wanted.path === location.pathname ? wanted.href : location.href;
}

function listen() {
  listening = true;
  document.addEventListener("click", writeAddress, true); // before the theme's instant navigation
  window.addEventListener("pagehide", writeAddress);
  document.addEventListener("visibilitychange", () => { if (document.visibilityState === "hidden") writeAddress(); });
}

export function keepAddress(href) {
  if (!listening) listen();
  if (href === address()) return;
  wanted = { href, path: location.pathname };
  clearTimeout(timer);
  timer = setTimeout(() => {
    timer = null;
    if ("requestIdleCallback" in window) idle = requestIdleCallback(writeAddress, { timeout: 300 });
    else writeAddress();
  }, QUIET);
}

export function writeAddress() {
  clearTimeout(timer);
  timer = null;
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

