// Calculator tools beside codex.mjs (which binds forms to the worker): "copy link" and
// "reset to defaults" on every calculator, long choices shown in full under their field, worked examples' "Try these numbers" filling the
// calculator in place however the page was reached, and results kept in view on phones
// when a form is taller than the screen. A change is said through form-changes.mjs, so a table
// tool records it and codex.mjs recomputes and keeps the URL as it does for a reader's typing.

import { everyPage } from "./every-page.mjs";
import { formState } from "./form-state.mjs";
import { changed as formChanged } from "./form-changes.mjs";
import { controls, defaultOf, refreshRows } from "./rows.mjs";
import { address, stateOf, stateTicks } from "./url-state.mjs";
import { reachableWhile } from "./reader.mjs";

/** @typedef {import("./rows.mjs").Control} Control */

const PHONE = window.matchMedia("(max-width: 44.9375em)");

/** @param {Control} el @param {unknown} value */
function setControl(el, value) {
  if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = stateTicks(/** @type {HTMLFormElement} */ (el.form), value);
  else el.value = String(value);
}

/** @param {HTMLFormElement} form @param {string} label */
function changed(form, label) {
  // A rows table is drawn from its hidden input's code (rows.mjs): draw it again from the new one.
  refreshRows(form);
  formChanged(form, { label });
  mirrorChoices(form);
}

/** @param {HTMLFormElement} form @param {string} text */
function say(form, text) {
  const slot = form.querySelector(".calc__tools-status");
  if (!slot) return;
  slot.textContent = text;
  const state = formState(form);
  clearTimeout(state.sayTimer);
  state.sayTimer = setTimeout(() => { slot.textContent = ""; }, 4000);
}

/** Every input back to the page's default (a table tool can undo it: its history names the step).
 * @param {HTMLFormElement} form */
export function resetToDefaults(form, step = "Reset to defaults") {
  for (const el of controls(form)) setControl(el, defaultOf(el));
  changed(form, step);
}

/** @param {HTMLFormElement} form */
function reset(form) {
  resetToDefaults(form);
  say(form, form.hasAttribute("data-table") ? "Back to the page's defaults: Undo brings the fight back."
    : "Back to the page's defaults.");
}

// Text onto the clipboard (the old way where the browser refuses the new one); false if neither works.
/** @param {string} text */
export async function copyText(text) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    const box = document.createElement("textarea");
    box.value = text;
    box.setAttribute("readonly", "");
    box.style.position = "fixed";
    box.style.opacity = "0";
    document.body.append(box);
    box.select();
    const ok = document.execCommand?.("copy");
    box.remove();
    return Boolean(ok);
  }
}

/** @param {HTMLFormElement} form */
async function copyLink(form) {
  const url = new URL(address()); // with the inputs not yet written to the address
  url.hash = form.id;
  const text = url.href;
  if (!(await copyText(text))) {
    say(form, `Copy this link: ${text}`);
    return;
  }
  form.dataset.copied = text;
  say(form, "Link copied: it opens this calculator with these values.");
}

// A small tool button (no inline handler: CSP).
/** @param {string} text @param {(event: MouseEvent) => void} onClick */
export function button(text, onClick, className = "calc__tool") {
  const b = document.createElement("button");
  b.type = "button";
  b.className = className;
  b.textContent = text;
  b.addEventListener("click", onClick);
  return b;
}

/** @param {HTMLFormElement} form */
function addTools(form) {
  if (form.querySelector(".calc__tools")) return;
  const tools = document.createElement("div");
  tools.className = "calc__tools";
  const status = document.createElement("span");
  status.className = "calc__tools-status";
  status.setAttribute("role", "status");
  tools.append(button("Copy link", () => copyLink(form)), button("Reset to defaults", () => reset(form)), status);
  (form.querySelector(".calc__head") || form).append(tools);
}

// "Try these numbers": fill the calculator on this page and bring it into view, without a
// navigation (instant navigation would swap the page and lose the values or the scroll).
/** @param {MouseEvent} event */
function tryNumbers(event) {
  const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest(".codex-example__try a[href]")) : null;
  if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const url = new URL(link.href, location.href);
  const form = document.getElementById(url.hash.slice(1));
  if (!(form instanceof HTMLFormElement) || !form.matches("form.calc")) return;
  event.preventDefault();
  event.stopPropagation();
  const wanted = stateOf(form, url.searchParams);
  for (const el of controls(form)) setControl(el, wanted.has(el.name) ? wanted.get(el.name) : defaultOf(el));
  changed(form, "Filled in from a worked example");
  form.scrollIntoView({ block: "start", behavior: "auto" });
  const first = controls(form)[0];
  if (first) first.focus({ preventScroll: true });
  say(form, "Filled in from the worked example.");
}

// A form taller than a phone's screen keeps its results pinned in view (CSS: .calc--long).
/** @param {HTMLFormElement} form */
function fitToScreen(form) {
  const tall = PHONE.matches && form.getBoundingClientRect().height > window.innerHeight;
  form.classList.toggle("calc--tall", tall);
  /** @type {HTMLElement | null} */
  const results = form.querySelector(".calc__results");
  if (results) reachableWhile(results, "Results", getComputedStyle(results).overflowY === "auto");
}

// A closed <select> shows one line; a long choice is cut off on a phone. Its full text is
// repeated under it, wrapping (screen readers already read the select's value).
const LONG_CHOICE = 40;

/** @param {HTMLFormElement} form */
function mirrorChoices(form) {
  for (const select of form.querySelectorAll("select")) {
    if (![...select.options].some((o) => o.text.length > LONG_CHOICE)) continue;
    let mirror = select.nextElementSibling;
    if (!mirror?.classList.contains("calc__choice-text")) {
      const made = document.createElement("p");
      made.className = "calc__choice-text";
      made.setAttribute("aria-hidden", "true");
      select.after(made);
      select.addEventListener("change", () => { made.textContent = select.selectedOptions[0]?.text || ""; });
      mirror = made;
    }
    mirror.textContent = select.selectedOptions[0]?.text || "";
  }
}

function bindAll() {
  const forms = [.../** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-calc][id]"))];
  for (const form of forms) {
    addTools(form);
    mirrorChoices(form);
    fitToScreen(form);
  }
  // Arriving on a calculator's address (a shared link, a reload, instant navigation): show it.
  // Its anchor is the form's id, which the build wrote (hooks/codex/links.py).
  const target = location.hash.length > 1 ? document.getElementById(location.hash.slice(1)) : null;
  if (target?.matches("form.calc")) requestAnimationFrame(() => target.scrollIntoView({ block: "start" }));
}

document.addEventListener("click", tryNumbers, true); // before the theme's instant navigation
window.addEventListener("resize", () => /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[id]")).forEach(fitToScreen));

everyPage(bindAll);
