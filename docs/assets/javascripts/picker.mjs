// "Add fighters": the table page's own picker, so a fight is built without leaving it. A dialog
// lists what the build offers for this tool (the WBS bestiary, Xia's example characters: each as
// exactly the row its own "Add to fight" carries, assets/codex/tables.json) and the saved
// characters on this device; a count (1 to 6) and a tap add them, as one step Undo takes back
// ("3 × Goblin": Add fighters, 3, Goblin). The dialog stays open for the next, and says who joined.

import { everyPage } from "./every-page.mjs";
import { tablesInfo } from "./recruit.mjs";
import { savedRecruits } from "./saves.mjs";

/** @typedef {{ name: string, group: string, note: string, row: import("./rows.mjs").Row }} Pick */

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} className @param {string} text */
function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** @param {HTMLFormElement} form */
function bindPicker(form) {
  const place = form.querySelector(".codex-rows__add");
  if (!place || form.querySelector(".codex-picker__open")) return;
  const open = el("button", "codex-picker__open", "Add fighters");
  open.type = "button";
  open.hidden = true; // shown once it is known there is something to pick for this tool
  place.after(open);
  const calc = /** @type {string} */ (form.dataset.calc);
  tablesInfo().then((info) => { open.hidden = !(info[calc]?.picks || savedRecruits(calc).length); },
    () => { open.hidden = !savedRecruits(calc).length; });
  /** @type {HTMLDialogElement | null} */
  let dialog = null;
  open.addEventListener("click", async () => {
    const { openPicker } = await import("./picker-dialog.mjs");
    dialog = await openPicker(form, dialog);
  });
}

everyPage(() => {
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) bindPicker(form);
});
