// The dialog of "Add fighters" (picker.mjs binds its button and loads this on the first tap, so a
// table page that never adds a fighter never downloads it).

import { addToFight, buildFile, namesWords, tablesInfo } from "./recruit.mjs";
import { savedRecruits } from "./saves.mjs";

/** @typedef {import("./picker.mjs").Pick} Pick */

const COUNTS = [1, 2, 3, 4, 5, 6];
/** What each table page's picker offers, from the build (widgets.PICKS_FILE): calc → picks.
 * @returns {Promise<Record<string, Pick[] | undefined>>} */
function picksInfo() {
  return buildFile("picks.json");
}

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} className @param {string} text */
function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The picker's dialog for `form`, made once and filled afresh: shown.
 * @param {HTMLFormElement} form @param {HTMLDialogElement | null} made @returns {Promise<HTMLDialogElement>} */
export async function openPicker(form, made) {
  const dialog = made ?? makeDialog(form);
  await fill(form, dialog);
  dialog.showModal();
  return dialog;
}

// The dialog sits after the form, not in it: its search field and counts are no inputs of the tool.
/** @param {HTMLFormElement} form @returns {HTMLDialogElement} */
function makeDialog(form) {
  const dialog = el("dialog", "codex-picker");
  const id = `${form.id || form.dataset.calc?.replace(/\W/g, "-")}-picker`;
  const title = el("h2", "codex-picker__title", "Add fighters");
  title.id = `${id}-title`;
  dialog.setAttribute("aria-labelledby", title.id);
  const find = el("input", "codex-picker__find");
  find.type = "search";
  find.id = `${id}-find`;
  find.autocomplete = "off";
  const findLabel = el("label", "codex-picker__label", "Find");
  findLabel.htmlFor = find.id;
  const counts = el("div", "codex-picker__counts");
  counts.setAttribute("role", "group");
  counts.setAttribute("aria-label", "How many");
  counts.append(el("span", "codex-picker__label", "How many"));
  for (const n of COUNTS) {
    const b = el("button", "codex-picker__count", String(n));
    b.type = "button";
    b.dataset.count = String(n);
    b.setAttribute("aria-pressed", n === 1 ? "true" : "false");
    counts.append(b);
  }
  const list = el("div", "codex-picker__list");
  const status = el("p", "codex-picker__status");
  status.setAttribute("role", "status");
  const done = el("button", "codex-picker__done md-button", "Done");
  done.type = "button";
  dialog.append(title, status, findLabel, find, counts, list, done);
  form.after(dialog);

  counts.addEventListener("click", (event) => {
    const b = event.target instanceof Element ? event.target.closest("[data-count]") : null;
    if (!b) return;
    for (const other of counts.querySelectorAll("[data-count]")) other.setAttribute("aria-pressed", other === b ? "true" : "false");
  });
  find.addEventListener("input", () => {
    const words = find.value.trim().toLowerCase();
    for (const item of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll("[data-pick-name]"))) {
      item.hidden = Boolean(words) && !(item.dataset.pickName || "").includes(words);
    }
    for (const group of /** @type {NodeListOf<HTMLElement>} */ (list.querySelectorAll(".codex-picker__group"))) {
      group.hidden = !group.querySelector("[data-pick-name]:not([hidden])");
    }
  });
  list.addEventListener("click", (event) => {
    const b = event.target instanceof Element ? event.target.closest("button[data-pick]") : null;
    if (b instanceof HTMLElement) add(form, dialog, b);
  });
  done.addEventListener("click", () => dialog.close());
  return dialog;
}

/** What the dialog offers: the build's picks for this tool, then the saved characters.
 * @param {HTMLFormElement} form @param {HTMLDialogElement} dialog */
async function fill(form, dialog) {
  const calc = /** @type {string} a table tool is a calculator */ (form.dataset.calc);
  const list = /** @type {HTMLElement} */ (dialog.querySelector(".codex-picker__list"));
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".codex-picker__status"));
  status.textContent = "";
  /** @type {Pick[]} */
  let picks = [];
  try {
    picks = (await picksInfo())[calc] ?? [];
  } catch {
    status.textContent = "The list of creatures could not be read (offline before this site was kept on this device?); saved characters are below.";
  }
  const saved = savedRecruits(calc).map(({ name, row }) => ({ name, group: "Saved characters", note: "", row }));
  /** @type {Map<string, Pick[]>} */
  const groups = new Map();
  for (const pick of [...saved, ...picks]) groups.set(pick.group, [...(groups.get(pick.group) ?? []), pick]);
  list.replaceChildren(...[...groups].map(([group, members]) => {
    const section = el("section", "codex-picker__group");
    section.append(el("h3", "codex-picker__group-title", group));
    const ul = el("ul", "codex-picker__items");
    for (const pick of members) {
      const li = el("li", "codex-picker__item");
      li.dataset.pickName = `${pick.name} ${pick.note}`.toLowerCase();
      const b = el("button", "codex-picker__pick", pick.name);
      b.type = "button";
      b.dataset.pick = JSON.stringify(pick.row);
      li.append(b);
      if (pick.note) li.append(el("span", "codex-picker__note", pick.note));
      ul.append(li);
    }
    section.append(ul);
    return section;
  }));
  if (!groups.size) list.replaceChildren(el("p", "", "Nothing to add yet: save a character from the builder, or add a row by hand."));
  const find = /** @type {HTMLInputElement} */ (dialog.querySelector(".codex-picker__find"));
  find.value = "";
}

/** @param {HTMLFormElement} form @param {HTMLDialogElement} dialog @param {HTMLElement} button */
async function add(form, dialog, button) {
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".codex-picker__status"));
  const calc = /** @type {string} */ (form.dataset.calc);
  const count = Number(dialog.querySelector('[data-count][aria-pressed="true"]')?.getAttribute("data-count") || 1);
  let row;
  try {
    row = JSON.parse(/** @type {string} */ (button.dataset.pick));
  } catch {
    status.textContent = "This fighter could not be read; nothing was added.";
    return;
  }
  let tool;
  try {
    tool = (await tablesInfo())[calc];
  } catch {
    tool = undefined;
  }
  if (!tool?.rows) {
    status.textContent = "This page could not read what its fight takes; nothing was added.";
    return;
  }
  const done = addToFight(calc, tool, row, count);
  if (done.problem !== undefined) {
    status.textContent = done.problem.charAt(0).toUpperCase() + done.problem.slice(1);
    return;
  }
  const item = tool.rows.item.toLowerCase();
  status.textContent = `${namesWords(done.names)} joined the fight (${done.total} ${item}${done.total === 1 ? "" : "s"}); Undo in the bar takes them out.`;
}
