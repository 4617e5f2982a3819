// The dialog of "Add fighters" (picker.mjs binds its button and loads this on the first tap, so a
// table page that never adds a fighter never downloads it).

import { sayWithButtons } from "./answers.mjs";
import { GROUP_NAME, dropGroup, groupsOf, keepGroup, putBackGroup } from "./groups.mjs";
import { addRows, addToFight, buildFile, namesWords, tablesInfo } from "./recruit.mjs";
import { currentInputs } from "./rows.mjs";
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
  dialog.append(title, status, keepBox(form, dialog, id), findLabel, find, counts, list, done);
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
    const target = event.target instanceof Element ? event.target : null;
    const b = target?.closest("button[data-pick]");
    if (b instanceof HTMLElement) add(form, dialog, b);
    const group = target?.closest("button[data-group]");
    if (group instanceof HTMLElement) addGroup(form, dialog, /** @type {string} */ (group.dataset.group));
    const drop = target?.closest("button[data-drop-group]");
    if (drop instanceof HTMLElement) deleteGroup(form, dialog, /** @type {string} */ (drop.dataset.dropGroup));
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
  list.replaceChildren(...groupsSection(calc), ...[...groups].map(([group, members]) => {
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
  if (!list.childElementCount) list.replaceChildren(el("p", "", "Nothing to add yet: save a character from the builder, or add a row by hand."));
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

// ---- parties and encounters (groups.mjs) ------------------------------------------------------

/** The kept parties and encounters of `calc`, each added at once with a tap, each with Delete.
 * @param {string} calc @returns {HTMLElement[]} */
function groupsSection(calc) {
  const kept = groupsOf(calc);
  if (!kept.length) return [];
  const section = el("section", "codex-picker__group codex-picker__group--kept");
  section.append(el("h3", "codex-picker__group-title", "Parties and encounters"));
  const ul = el("ul", "codex-picker__items");
  for (const group of kept) {
    const li = el("li", "codex-picker__item");
    li.dataset.pickName = `${group.name} ${group.rows?.map((r) => r.name).join(" ") ?? ""}`.toLowerCase();
    const b = el("button", "codex-picker__pick", group.name);
    b.type = "button";
    if (group.rows) b.dataset.group = group.name;
    else b.disabled = true;
    const drop = el("button", "codex-picker__drop", "Delete");
    drop.type = "button";
    drop.dataset.dropGroup = group.name;
    drop.setAttribute("aria-label", `Delete ${group.name}`);
    const note = group.rows ? namesWords(group.rows.map((r) => String(r.name ?? ""))) : `damaged: ${group.problem}`;
    li.append(b, el("span", "codex-picker__note", note), drop);
    ul.append(li);
  }
  section.append(ul);
  return [section];
}

/** "Save these as a party or encounter": a name and a button, under the list.
 * @param {HTMLFormElement} form @param {HTMLDialogElement} dialog @param {string} id */
function keepBox(form, dialog, id) {
  const box = el("div", "codex-picker__keep");
  const name = el("input", "codex-picker__find codex-picker__keep-name");
  name.type = "text";
  name.id = `${id}-group-name`;
  name.maxLength = GROUP_NAME;
  name.autocomplete = "off";
  const label = el("label", "codex-picker__label", "Name of a party or encounter");
  label.htmlFor = name.id;
  const error = el("p", "calc__error codex-picker__keep-error");
  error.id = `${id}-group-error`;
  error.setAttribute("role", "alert");
  error.hidden = true;
  name.setAttribute("aria-describedby", error.id);
  // Only some of the fighters: a box per fighter, drawn from the fight as it is when opened.
  const choose = el("details", "codex-picker__choose");
  const summary = el("summary", "codex-picker__choose-title", "Only some of them…");
  const chosen = el("ul", "codex-picker__chosen");
  chosen.setAttribute("aria-label", "Fighters to keep");
  choose.append(summary, chosen);
  choose.addEventListener("toggle", () => { if (choose.open) drawChoices(form, chosen, `${id}-keep`); });
  const keep = el("button", "codex-picker__keep-button md-button", "Save these as a party or encounter");
  keep.type = "button";
  keep.addEventListener("click", () => keepGroupOf(form, dialog, name, error));
  box.append(label, name, error, choose, keep);
  return box;
}

/** A ticked box per fighter now in the fight. @param {HTMLFormElement} form @param {HTMLElement} list @param {string} id */
function drawChoices(form, list, id) {
  const holder = form.querySelector(".codex-rows[data-rows]");
  const rows = holder instanceof HTMLElement ? currentInputs(form)[holder.dataset.rows || ""] : [];
  list.replaceChildren(...(Array.isArray(rows) ? rows : []).map((row, i) => {
    const li = el("li", "codex-picker__chosen-item");
    const box = el("input");
    box.type = "checkbox";
    box.id = `${id}-${i + 1}`;
    box.checked = true;
    box.dataset.keepName = String(row.name ?? "");
    const label = el("label", "", String(row.name ?? "") || `Fighter ${i + 1}`);
    label.htmlFor = box.id;
    li.append(box, label);
    return li;
  }));
}

/** The fighters to keep: those ticked, when the GM chose some, else all.
 * @param {HTMLDialogElement} dialog @param {import("./rows.mjs").Row[]} rows */
function chosenRows(dialog, rows) {
  const choose = dialog.querySelector(".codex-picker__choose");
  if (!(choose instanceof HTMLDetailsElement) || !choose.open) return rows;
  const ticked = new Set([.../** @type {NodeListOf<HTMLInputElement>} */ (choose.querySelectorAll("input[data-keep-name]"))]
    .filter((b) => b.checked).map((b) => b.dataset.keepName));
  return rows.filter((row) => ticked.has(String(row.name ?? "")));
}

/** @param {HTMLFormElement} form @param {HTMLDialogElement} dialog @param {HTMLInputElement} field @param {HTMLElement} error */
async function keepGroupOf(form, dialog, field, error) {
  const calc = /** @type {string} */ (form.dataset.calc);
  const wrong = (/** @type {string} */ text) => {
    error.textContent = text;
    error.hidden = !text;
    if (text) field.setAttribute("aria-invalid", "true");
    else field.removeAttribute("aria-invalid");
  };
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this takes out of a name
  const name = field.value.replace(/[\x00-\x1f\x7f]/g, " ").trim();
  if (!name) return wrong("Give the party or encounter a name first.");
  let tool;
  try {
    tool = (await tablesInfo())[calc];
  } catch {
    tool = undefined;
  }
  if (!tool?.rows) return wrong("This page could not read what its fight takes; nothing was kept.");
  const all = currentInputs(form)[tool.rows.name];
  if (!Array.isArray(all) || !all.length) return wrong("There is nobody in the fight to keep yet: add fighters first.");
  const rows = chosenRows(dialog, all);
  if (!rows.length) return wrong("No fighter is ticked: tick the ones to keep.");
  if (groupsOf(calc).some((g) => g.name === name)) {
    return wrong(`A party or encounter named “${name}” is kept already: give another name, or delete that one first.`);
  }
  const refused = keepGroup(calc, name, rows);
  if (refused === "full") {
    return wrong(`This browser's storage for this site is full, so “${name}” was not kept: export a backup file from “On this device”, then delete what you no longer need.`);
  }
  if (refused) return wrong("This browser would not keep it (a private window, or storage turned off); nothing was kept.");
  wrong("");
  field.value = "";
  await fill(form, dialog);
  say(dialog, `Kept “${name}” on this device (${namesWords(rows.map((r) => String(r.name ?? "")))}): it is listed below, to add at once in one tap.`);
}

/** @param {HTMLDialogElement} dialog @param {string} text @param {import("./answers.mjs").Action[]} actions */
function say(dialog, text, ...actions) {
  sayWithButtons(/** @type {HTMLElement} */ (dialog.querySelector(".codex-picker__status")), text, actions, "codex-picker__answer");
}

/** @param {HTMLFormElement} form @param {HTMLDialogElement} dialog @param {string} name */
async function addGroup(form, dialog, name) {
  const calc = /** @type {string} */ (form.dataset.calc);
  const group = groupsOf(calc).find((g) => g.name === name);
  if (!group?.rows) return say(dialog, `“${name}” could not be read; nothing was added.`);
  let tool;
  try {
    tool = (await tablesInfo())[calc];
  } catch {
    tool = undefined;
  }
  if (!tool?.rows) return say(dialog, "This page could not read what its fight takes; nothing was added.");
  const done = addRows(calc, tool, group.rows, `Added “${name}”`);
  if (done.problem !== undefined) return say(dialog, done.problem.charAt(0).toUpperCase() + done.problem.slice(1));
  const item = tool.rows.item.toLowerCase();
  say(dialog, `“${name}” joined the fight: ${namesWords(done.names)} (${done.total} ${item}${done.total === 1 ? "" : "s"}); Undo in the bar takes them out.`);
}

/** @param {HTMLFormElement} form @param {HTMLDialogElement} dialog @param {string} name */
async function deleteGroup(form, dialog, name) {
  const calc = /** @type {string} */ (form.dataset.calc);
  const text = dropGroup(calc, name);
  if (text === null) return say(dialog, `This browser would not delete “${name}”.`);
  await fill(form, dialog);
  say(dialog, `Deleted “${name}”.`, ["Put it back", async () => {
    const refused = putBackGroup(calc, name, text);
    await fill(form, dialog);
    say(dialog, refused ? `“${name}” could not be put back (this browser's storage ${refused === "full" ? "is full" : "refused it"}).` : `“${name}” is back.`);
  }]);
}
