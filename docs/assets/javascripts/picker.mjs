// "Add fighters": the table page's own picker, so a fight is built without leaving it. A dialog
// lists what the build offers for this tool (the WBS bestiary, Xia's example characters: each as
// exactly the row its own "Add to fight" carries, assets/codex/picks.json), the parties and
// encounters kept on this device (groups.mjs) and the saved characters; a count (1 to 6) and a tap
// add them, as one step Undo takes back ("3 × Goblin": Add fighters, 3, Goblin). The dialog stays
// open for the next, and says who joined.
//
// The button sits at the head of the fighters. A new fight starts empty: there, the page says so
// and offers the tool's example fight (the rows holder's data-example, the engine's), added in one
// step Undo takes back.

import { everyPage } from "./every-page.mjs";
import { whenAnswered } from "./form-changes.mjs";
import { addRows, tablesInfo } from "./recruit.mjs";
import { codeRows, decode } from "./rows.mjs";

/** @typedef {{ name: string, group: string, note: string, row: import("./rows.mjs").Row }} Pick */

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} className @param {string} text */
function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The form's rows table (a table tool has one). @param {HTMLFormElement} form @returns {HTMLElement | null} */
function rowsHolder(form) {
  return form.querySelector(".codex-rows[data-rows]");
}

/** Whether the fight has nobody in it, read from the rows input's code. @param {HTMLFormElement} form */
function empty(form) {
  const holder = rowsHolder(form);
  /** @type {HTMLInputElement | null | undefined} */
  const code = holder?.querySelector("input[data-rows-code]");
  return Boolean(code) && codeRows(/** @type {HTMLInputElement} */ (code).value) === 0;
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function showEmpty(form, box) {
  const none = empty(form);
  for (const part of /** @type {NodeListOf<HTMLElement>} */ (box.querySelectorAll("[data-when-empty]"))) part.hidden = !none;
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
async function tryExample(form, box) {
  const holder = /** @type {HTMLElement} the button is made only where there is one */ (rowsHolder(form));
  const status = /** @type {HTMLElement} */ (box.querySelector(".codex-build__status"));
  const calc = /** @type {string} a table tool is a calculator */ (form.dataset.calc);
  let tool;
  let example;
  try {
    tool = (await tablesInfo())[calc];
    example = decode(JSON.parse(/** @type {string} */ (holder.dataset.fields)), /** @type {string} */ (holder.dataset.example));
  } catch {
    tool = undefined;
  }
  if (!tool?.rows || !example) {
    status.textContent = "This page could not read its example fight; nothing was added.";
    return;
  }
  const done = addRows(calc, tool, example, "Tried an example fight");
  status.textContent = done.problem === undefined ? "" : done.problem.charAt(0).toUpperCase() + done.problem.slice(1);
}

/** @param {HTMLFormElement} form */
function bindPicker(form) {
  /** @type {HTMLElement | null} */
  const fighters = form.querySelector('output[name="fighters"]');
  if (!fighters || form.querySelector(".codex-build")) return;
  const box = el("div", "codex-build");
  const none = el("p", "codex-build__empty", "No fighters yet.");
  none.dataset.whenEmpty = "";
  const open = el("button", "codex-picker__open md-button md-button--primary", "Add fighters");
  open.type = "button";
  box.append(none, open);
  if (rowsHolder(form)?.dataset.example) {
    const example = el("button", "codex-build__example md-button", "Try an example fight");
    example.type = "button";
    example.dataset.whenEmpty = "";
    example.addEventListener("click", () => tryExample(form, box));
    box.append(example);
  }
  const status = el("p", "codex-build__status");
  status.setAttribute("role", "status");
  box.append(status);
  fighters.before(box);
  showEmpty(form, box);
  whenAnswered(form, () => showEmpty(form, box));
  /** @type {HTMLDialogElement | null} */
  let dialog = null;
  open.addEventListener("click", async () => {
    status.textContent = "";
    const { openPicker } = await import("./picker-dialog.mjs");
    dialog = await openPicker(form, dialog);
  });
}

everyPage(() => {
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) bindPicker(form);
});
