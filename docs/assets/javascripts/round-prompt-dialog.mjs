// The round prompt's dialog (round-prompt.mjs loads it at the first opening). Drawn from the
// engine's choices alone: each fighter's controls offer exactly the values the engine lists (the
// EVs their Core allows, …), set to what their row holds now. "Start the round" sets every choice
// on the rows as ONE change (rows.mjs setInputs: the table tool records it, the engine is asked), so
// the log says "Round 3 begins: Mei EV 2, Relaxes; …" and one Undo takes it all back. Cancel (or
// Escape) changes nothing. The dialog sits after the form: its controls are no inputs of the tool.

import { currentInputs, resultsCurrent, setInputs } from "./rows.mjs";

/**
 * @typedef {object} Ask one choice as the engine offers it (calculators/results.py `Ask`)
 * @property {string} field the row field it sets
 * @property {string} label
 * @property {"select" | "toggle"} kind a select of `options`, or a box
 * @property {[unknown, string][]} options (value, words): only what the rules allow now
 * @property {unknown} value what the row holds now
 * @property {string} said a toggle in words when on ("Relaxes")
 * @property {string} note what it costs or does
 * @typedef {object} FighterChoices
 * @property {string} name
 * @property {number} row the fighter's place in the rows input
 * @property {Ask[]} asks
 * @property {string} why why they choose nothing (or only Last Gasp)
 * @typedef {object} RoundChoices the engine's `round_choices` result
 * @property {number} round
 * @property {string} rows the rows input the choices set
 * @property {boolean} start
 * @property {FighterChoices[]} fighters
 * @property {string} note
 * @property {Ask[]} [table] what the whole table chooses (Xia: which conflicts run), each an input of the tool
 */

/** The choices the engine offers in `form`'s answer now, or null (not at a round's start).
 * @param {HTMLFormElement} form @returns {RoundChoices | null} */
function choicesOf(form) {
  /** @type {HTMLElement | null} */
  const holder = form.querySelector("[data-round-choices]");
  try {
    const data = JSON.parse(holder?.dataset.roundChoices || "null");
    return data && typeof data === "object" && data.start && Array.isArray(data.fighters) ? data : null;
  } catch {
    return null;
  }
}

/** @type {WeakMap<HTMLDialogElement, RoundChoices>} what each dialog shows */
const shown = new WeakMap();

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} className @param {string} text */
function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** The dialog for `form`, made once, filled with the engine's choices now and shown (null: none now).
 * @param {HTMLFormElement} form @param {HTMLDialogElement | null} made @returns {HTMLDialogElement | null} */
export function openRoundPrompt(form, made) {
  const data = choicesOf(form);
  if (!data) return null;
  const dialog = made ?? makeDialog(form);
  fill(dialog, data);
  say(dialog, "");
  if (!dialog.open) dialog.showModal();
  return dialog;
}

/** @param {HTMLFormElement} form @returns {HTMLDialogElement} */
function makeDialog(form) {
  const dialog = el("dialog", "codex-round-prompt");
  const id = `${form.id || form.dataset.calc?.replace(/\W/g, "-")}-round`;
  const title = el("h2", "codex-round-prompt__title");
  title.id = `${id}-title`;
  dialog.setAttribute("aria-labelledby", title.id);
  dialog.dataset.idBase = id;
  const note = el("p", "codex-round-prompt__note");
  const list = el("div", "codex-round-prompt__list");
  const status = el("p", "codex-round-prompt__status");
  status.setAttribute("role", "status");
  const actions = el("div", "codex-round-prompt__actions");
  const start = el("button", "md-button md-button--primary codex-round-prompt__start", "Start the round");
  start.type = "button";
  const cancel = el("button", "md-button codex-round-prompt__cancel", "Cancel");
  cancel.type = "button";
  actions.append(start, cancel);
  dialog.append(title, note, list, status, actions);
  form.after(dialog);
  start.addEventListener("click", () => startRound(form, dialog));
  cancel.addEventListener("click", () => dialog.close());
  return dialog;
}

/** @param {HTMLDialogElement} dialog @param {string} text */
function say(dialog, text) {
  const status = /** @type {HTMLElement} */ (dialog.querySelector(".codex-round-prompt__status"));
  status.textContent = text;
}

/** The id of one choice's control. @param {HTMLDialogElement} dialog @param {number | "table"} row @param {string} field */
function controlId(dialog, row, field) {
  return `${dialog.dataset.idBase}-${row}-${field}`;
}

/** @param {HTMLDialogElement} dialog @param {RoundChoices} data */
function fill(dialog, data) {
  shown.set(dialog, data);
  /** @type {HTMLElement} */ (dialog.querySelector(".codex-round-prompt__title")).textContent = `Round ${data.round}: the fighters' choices`;
  /** @type {HTMLElement} */ (dialog.querySelector(".codex-round-prompt__note")).textContent =
    `Set to what each fighter holds now: confirm or change. ${data.note ? `${data.note}.` : ""}`;
  const list = /** @type {HTMLElement} */ (dialog.querySelector(".codex-round-prompt__list"));
  const table = data.table ?? [];
  /** @type {HTMLElement[]} */
  const whole = [];
  if (table.length) {
    const set = el("fieldset", "codex-round-prompt__fighter codex-round-prompt__table");
    set.append(el("legend", "codex-round-prompt__name", "The whole table"));
    for (const ask of table) set.append(control(dialog, "table", ask));
    whole.push(set);
  }
  list.replaceChildren(...whole, ...data.fighters.map((fighter) => {
    // A fighter asked only boxes (Xia: which conflicts) has them side by side, the legend naming them.
    const boxes = fighter.asks.length > 1 && fighter.asks.every((ask) => ask.kind === "toggle");
    const set = el("fieldset", `codex-round-prompt__fighter${boxes ? " codex-round-prompt__fighter--boxes" : ""}`);
    set.append(el("legend", "codex-round-prompt__name", fighter.name));
    if (fighter.why) set.append(el("p", "codex-round-prompt__why", fighter.why));
    for (const ask of fighter.asks) set.append(control(dialog, fighter.row, ask));
    return set;
  }));
}

/** One choice's control, its label and its note. @param {HTMLDialogElement} dialog @param {number | "table"} row @param {Ask} ask */
function control(dialog, row, ask) {
  const id = controlId(dialog, row, ask.field);
  const holder = el("div", `codex-round-prompt__ask codex-round-prompt__ask--${ask.kind}`);
  const label = el("label", "codex-round-prompt__label", ask.label);
  label.htmlFor = id;
  const note = ask.note ? el("span", "codex-round-prompt__help", ask.note) : null;
  if (note) note.id = `${id}-note`;
  if (ask.kind === "toggle") {
    const box = el("input", "codex-round-prompt__box");
    box.type = "checkbox";
    box.id = id;
    box.checked = Boolean(ask.value);
    if (note) box.setAttribute("aria-describedby", note.id);
    holder.append(box, label);
  } else {
    const select = el("select", "codex-round-prompt__select");
    select.id = id;
    for (const [value, words] of ask.options) {
      const option = el("option", "", words);
      option.value = JSON.stringify(value);
      option.selected = value === ask.value;
      select.append(option);
    }
    if (note) select.setAttribute("aria-describedby", note.id);
    holder.append(label, select);
  }
  if (note) holder.append(note);
  return holder;
}

/** What one choice's control holds, as the field's value. @param {HTMLDialogElement} dialog @param {number | "table"} row @param {Ask} ask */
function chosen(dialog, row, ask) {
  const input = dialog.querySelector(`#${CSS.escape(controlId(dialog, row, ask.field))}`);
  if (input instanceof HTMLInputElement) return input.checked;
  if (input instanceof HTMLSelectElement) {
    const offered = ask.options.find(([value]) => JSON.stringify(value) === input.value);
    return offered ? offered[0] : ask.value;
  }
  return ask.value;
}

/** The choice in the log's words, or "" when it is not made. @param {Ask} ask @param {unknown} value */
function words(ask, value) {
  if (!value) return "";
  if (ask.kind === "toggle") return ask.said || ask.label;
  const offered = ask.options.find(([v]) => v === value);
  return `${ask.label} ${offered ? offered[1] : String(value)}`;
}

/** Every choice set on the rows, as one change to the game. @param {HTMLFormElement} form @param {HTMLDialogElement} dialog */
function startRound(form, dialog) {
  const data = shown.get(dialog);
  const now = choicesOf(form);
  if (!data) return;
  if (!resultsCurrent(form)) {
    say(dialog, "The fight's latest answer is still on its way: start the round again in a moment.");
    return;
  }
  if (!now || JSON.stringify(now) !== JSON.stringify(data)) { // the fight moved on while the dialog was open
    if (now) fill(dialog, now);
    say(dialog, now
      ? "The fight changed while this was open: these are its choices as it stands now. Check them, then start the round."
      : "The fight is no longer at a round's start: nothing was changed.");
    return;
  }
  const rows = currentInputs(form)[data.rows];
  if (!Array.isArray(rows) || rows.length !== data.fighters.length) {
    say(dialog, "The fighters shown are not the fight's now: nothing was changed.");
    return;
  }
  const after = rows.map((row) => ({ ...row }));
  const said = [];
  for (const fighter of data.fighters) {
    const row = after[fighter.row];
    const made = [];
    let moved = false;
    for (const ask of fighter.asks) {
      const value = chosen(dialog, fighter.row, ask);
      moved ||= value !== ask.value;
      row[ask.field] = /** @type {string | number | boolean} */ (value);
      const word = words(ask, value);
      if (word) made.push(word);
    }
    if (made.length || moved) said.push(`${fighter.name} ${made.join(", ") || "chooses nothing"}`);
  }
  /** @type {Record<string, unknown>} */
  const inputs = { [data.rows]: after };
  const table = [];
  for (const ask of data.table ?? []) {
    const value = chosen(dialog, "table", ask);
    inputs[ask.field] = value;
    if (value !== ask.value) table.push(value ? ask.said || ask.label : `not ${(ask.said || ask.label).toLowerCase()}`);
  }
  dialog.close();
  const made = [...table, ...said].join("; ") || "nobody chose anything";
  setInputs(form, /** @type {import("./rows.mjs").Inputs} */ (inputs), { label: `Round ${data.round} begins: ${made}` });
}
