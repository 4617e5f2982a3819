// "Add to fight": a stat block's or a saved character's fighter joins a table tool's fight.
// The engine draws each button (calculators/present.py add_to_fight_html) carrying the fighter as
// one row of the tool's rows input; this module adds a count ("3 × Goblin" become Goblin 1, 2 and 3,
// never a name the fight already has) and puts them in the fight: the form's own when the table
// page is this page, else the fight kept on this device, which the table page shows when it opens.
// Either way it is one step that Undo takes back. What each tool takes (its page, its rows and
// their bounds) comes from the build (widgets.TABLE_PAGES → assets/codex/tables.json).

import { everyPage } from "./every-page.mjs";
import { Log } from "./store.mjs";
import { readText, removeKey, writeText } from "./device-store.mjs";
import { keptKey, keptNow, newFightId, readKept, writeKept } from "./kept.mjs";
import { currentInputs, setInputs } from "./rows.mjs";
import { savedRecruits } from "./saves.mjs";

/**
 * @typedef {import("./rows.mjs").Row} Row
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {{ name: string, item: string, max: number, fields: import("./rows.mjs").Field[] }} RowsInfo
 * @typedef {{ page: string, rows: RowsInfo, picks?: number }} TableInfo what a table tool takes
 *   (widgets.TABLE_PAGES), and how many fighters its picker offers (widgets.table_picks)
 * @typedef {{ names: string[], total: number, undo?: () => boolean, problem?: undefined }
 *   | { problem: string, names?: undefined, total?: undefined, undo?: undefined }} Added
 */

const ROOT = new URL("../../", import.meta.url); // the site's root: this module is assets/javascripts/
/** @type {Map<string, Promise<unknown>>} the build's files asked for, by name (a failed one is asked again) */
const asked = new Map();

/** A JSON file the build writes in assets/codex/, fetched once for the tab (again after a failure).
 * @template T @param {string} name @returns {Promise<T>} */
export function buildFile(name) {
  let file = asked.get(name);
  if (!file) {
    file = fetch(new URL(`assets/codex/${name}`, ROOT)).then((r) => {
      if (!r.ok) throw new Error(`HTTP ${r.status}`);
      return r.json();
    });
    asked.set(name, file);
    file.catch(() => { asked.delete(name); }); // asked again at the next tap
  }
  return /** @type {Promise<T>} */ (file);
}

/** What each table tool takes, from the build: calc → {page, rows: {name, item, max, fields}}.
 * @returns {Promise<Record<string, TableInfo | undefined>>} */
export function tablesInfo() {
  return buildFile("tables.json");
}

// ---- names ---------------------------------------------------------------------------------

/** `count` names for fighters called `base` that clash with none of `taken` (nor each other):
 *  one Goblin is "Goblin"; several, or one more where a Goblin is, are "Goblin 1", "Goblin 2" …
 * @param {string} base @param {number} count @param {Iterable<unknown>} taken */
export function freshNames(base, count, taken, longest = 40) {
  const used = new Set([...taken].map((n) => String(n).trim().toLowerCase()));
  base = base.trim().slice(0, longest);
  if (count === 1 && !used.has(base.toLowerCase())) return [base];
  const names = [];
  for (let n = used.has(base.toLowerCase()) ? 2 : 1; names.length < count; n++) {
    const number = ` ${n}`;
    const name = base.slice(0, longest - number.length).trimEnd() + number;
    if (used.has(name.toLowerCase())) continue;
    used.add(name.toLowerCase());
    names.push(name);
  }
  return names;
}

/** "Goblin 1–3", "Orc", "Goblin 4 and Goblin 5": the names in a sentence.
 * @param {string[]} names */
export function namesWords(names) {
  const numbered = names.map((n) => /^(.*) (\d+)$/.exec(n));
  if (names.length >= 3 && numbered.every((m) => m && m[1] === numbered[0]?.[1])) {
    const all = /** @type {RegExpExecArray[]} every one matched */ (numbered);
    if (all.every((m, i) => Number(m[2]) === Number(all[0][2]) + i)) return `${all[0][1]} ${all[0][2]}–${all[all.length - 1][2]}`;
  }
  if (names.length <= 2) return names.join(" and ");
  return `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

// ---- adding --------------------------------------------------------------------------------

/** @param {Inputs} inputs @param {RowsInfo} rows @returns {unknown[]} */
function rowsOf(inputs, rows) {
  const list = inputs?.[rows.name];
  return Array.isArray(list) ? list : [];
}

/** @param {RowsInfo} rows @param {number} have @param {number} count */
function fullWords(rows, have, count) {
  const item = rows.item.toLowerCase();
  const room = Math.max(0, rows.max - have);
  return `The fight is full: it takes at most ${rows.max} ${item}s and has ${have}, so ${count} more ` +
    `${count === 1 ? "does" : "do"} not fit${room ? ` (${room} would)` : ""}. Nothing was added.`;
}

/** Add `count` of `row` to the fight of `calc`: {names, total} or {problem}; `undo` when the
 *  fight is the kept one (the form's own is undone with its history).
 * @param {string} calc @param {TableInfo} tool @param {Row} row @param {number} count @returns {Added} */
export function addToFight(calc, tool, row, count) {
  return addRows(calc, tool, Array.from({ length: count }, () => row));
}

/** `wanted` named afresh against the fighters `have`: fighters of one name numbered together
 *  ("Goblin 1–3"), a name already in the fight numbered on.
 * @param {Row[]} wanted @param {Row[]} have @param {RowsInfo} rows @returns {Row[]} */
function named(wanted, have, rows) {
  const longest = rows.fields.find((f) => f.name === "name")?.max_length || 40;
  const taken = have.map((r) => r.name || "");
  /** @type {Map<string, number[]>} */
  const bases = new Map(); // a name → the places of the wanted rows that have it
  for (const [i, row] of wanted.entries()) {
    const base = (typeof row.name === "string" && row.name.trim()) || rows.item;
    bases.set(base, [...(bases.get(base) ?? []), i]);
  }
  const out = [...wanted];
  for (const [base, places] of bases) {
    const names = freshNames(base, places.length, taken, longest);
    taken.push(...names);
    places.forEach((place, n) => { out[place] = { ...wanted[place], name: names[n] }; });
  }
  return out;
}

/** Add `wanted` (rows of the tool's rows input) to the fight of `calc` as one change, named afresh:
 *  {names, total} or {problem}; `undo` when the fight is the kept one. `label`: the change's words
 *  in the log (by default "Added" and the names).
 * @param {string} calc @param {TableInfo} tool @param {Row[]} wanted @param {string} [label] @returns {Added} */
export function addRows(calc, tool, wanted, label) {
  const rows = tool.rows;
  /** @type {HTMLFormElement | null} */
  const form = document.querySelector(`form.calc[data-table][data-calc="${CSS.escape(calc)}"]`);
  const kept = form ? null : readKept(calc);
  if (kept?.problem) return { problem: `the fight kept on this device could not be read (${kept.problem}); open the fight's page to see it` };
  const record = kept?.record;
  const inputs = form ? currentInputs(form) : record ? keptNow(record) : {};
  const listed = rowsOf(inputs, rows);
  // A kept fight is checked as a whole by its page; here its rows must at least be records.
  if (listed.some((r) => !r || typeof r !== "object" || Array.isArray(r))) {
    return { problem: `the fight kept on this device could not be read (its ${rows.item.toLowerCase()}s are not a list of records); open the fight's page to see it` };
  }
  const have = /** @type {Row[]} checked just above */ (listed);
  if (have.length + wanted.length > rows.max) return { problem: fullWords(rows, have.length, wanted.length) };
  const added = named(wanted, have, rows);
  const names = added.map((r) => String(r.name));
  label ||= `Added ${namesWords(names)}`;
  const after = [...have, ...added];
  if (form) {
    setInputs(form, { [rows.name]: after }, { label });
    return { names, total: after.length };
  }
  const before = readText(keptKey(calc));
  const now = { ...inputs, [rows.name]: after };
  const log = record ? Log.from(record.log, () => true) : new Log(now);
  log.dispatch({ do: "edit", label, sets: { [rows.name]: after } }, now);
  const written = writeKept(calc, { fight: record?.fight || newFightId(), log: log.toJSON() });
  if (!written.record) {
    return { problem: written.refused === "full"
      ? "this browser's storage for this site is full, so the fight kept on this device was left as it was (export a backup file, then delete saves you no longer need)"
      : "this browser would not keep the fight on this device (a private window, or storage turned off)" };
  }
  const saved = written.record.saved;
  const undo = () => {
    const now = readKept(calc);
    if (!now?.record || now.record.saved !== saved) return false; // changed since: undo it there
    return before === null ? removeKey(keptKey(calc)) : !writeText(keptKey(calc), before);
  };
  return { names, total: after.length, undo };
}

// ---- the buttons ----------------------------------------------------------------------------

/** @param {Element} holder @param {string} text @param {Node[]} parts */
function say(holder, text, ...parts) {
  let line = holder.querySelector(".codex-recruit__status");
  if (!line) {
    line = document.createElement("p");
    line.className = "codex-recruit__status";
    line.setAttribute("role", "status");
    holder.append(line);
  }
  line.replaceChildren(text, ...parts.flatMap((p) => [" ", p]));
}

/** @param {string} text @param {() => void} act */
function button(text, act) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = text;
  b.className = "codex-recruit__answer";
  b.addEventListener("click", act, { once: true });
  return b;
}

/** @param {Element} holder */
function countOf(holder) {
  /** @type {HTMLInputElement | null} */
  const field = holder.querySelector(".codex-recruit__count input");
  const n = field ? Number(field.value) : 1;
  return Number.isInteger(n) && n >= 1 ? n : NaN;
}

/** @param {HTMLElement} trigger */
async function onRecruit(trigger) {
  const holder = /** @type {Element} every trigger sits in one (the engine's, or savedBox's) */ (trigger.closest(".codex-recruit"));
  const calc = /** @type {string} the trigger's selector asks for it */ (trigger.dataset.recruit);
  let row;
  try {
    row = JSON.parse(/** @type {string} JSON.parse(undefined) throws too */ (trigger.dataset.row));
  } catch {
    row = null;
  }
  if (!row || typeof row !== "object" || Array.isArray(row)) return say(holder, "This fighter could not be read; nothing was added.");
  const count = countOf(holder);
  if (Number.isNaN(count)) return say(holder, "How many? Enter a whole number from 1 up.");
  let info;
  try {
    info = await tablesInfo();
  } catch {
    return say(holder, "The fight's page could not be reached (offline before this site was kept on this device?); nothing was added.");
  }
  const tool = info[calc];
  if (!tool?.rows) return say(holder, "This page does not know that fight; nothing was added.");
  const done = addToFight(calc, tool, row, count);
  if (done.problem !== undefined) return say(holder, done.problem.charAt(0).toUpperCase() + done.problem.slice(1));
  const item = tool.rows.item.toLowerCase();
  const words = `${namesWords(done.names)} joined the fight (${done.total} ${item}${done.total === 1 ? "" : "s"}).`;
  const { undo, names } = done;
  if (!undo) return say(holder, `${words} Undo is in the bar below.`);
  const link = document.createElement("a");
  link.href = new URL(tool.page, ROOT).href;
  link.textContent = "Open the fight";
  link.className = "codex-recruit__open";
  say(holder, words, link, button("Undo", () => {
    say(holder, undo() ? `${namesWords(names)} left the fight again.`
      : "The fight has changed since: undo it on the fight's page.");
  }));
}

// A count beside each "Add to fight": − and + for a thumb, or a number typed.
/** @param {Element} holder */
function withCount(holder) {
  if (holder.querySelector(".codex-recruit__count")) return;
  /** @type {HTMLElement | null} */
  const trigger = holder.querySelector(".codex-recruit__button");
  if (!trigger) return;
  const count = document.createElement("span");
  count.className = "codex-recruit__count";
  const field = document.createElement("input");
  field.type = "number";
  field.inputMode = "numeric";
  field.min = "1";
  field.step = "1";
  field.value = "1";
  const name = (() => {
    try {
      return JSON.parse(/** @type {string} JSON.parse(undefined) throws too */ (trigger.dataset.row)).name || "fighter";
    } catch {
      return "fighter";
    }
  })();
  field.setAttribute("aria-label", `How many ${name}`);
  const less = document.createElement("button");
  less.type = "button";
  less.textContent = "−";
  less.setAttribute("aria-label", "One fewer");
  less.dataset.recruitStep = "-1";
  const more = document.createElement("button");
  more.type = "button";
  more.textContent = "+";
  more.setAttribute("aria-label", "One more");
  more.dataset.recruitStep = "1";
  const times = document.createElement("span");
  times.textContent = "×";
  times.setAttribute("aria-hidden", "true");
  count.append(less, field, more, times);
  trigger.before(count);
  // The count is no calculator input: its events must not ask the form for an answer.
  for (const type of ["input", "change"]) holder.addEventListener(type, (event) => event.stopPropagation());
}

// On a table page: the saved characters (the builder's saves) that can join this fight.
/** @param {HTMLFormElement} form */
function savedBox(form) {
  const calc = /** @type {string} a table tool is a calculator */ (form.dataset.calc);
  const saved = savedRecruits(calc);
  const place = form.querySelector(".codex-rows__add");
  /** @type {HTMLElement | null} */
  let box = form.querySelector(".codex-recruit--saved");
  if (!saved.length || !place) {
    if (box) box.hidden = true;
    return;
  }
  if (!box) {
    box = document.createElement("div");
    box.className = "codex-recruit codex-recruit--saved";
    const id = `${form.id}-saved-character`;
    const label = document.createElement("label");
    label.htmlFor = id;
    label.textContent = "Add a saved character";
    const pick = document.createElement("select");
    pick.id = id;
    const add = document.createElement("button");
    add.type = "button";
    add.className = "codex-recruit__button";
    add.dataset.recruit = calc;
    add.textContent = "Add to fight";
    pick.addEventListener("change", () => { add.dataset.row = pick.value; });
    box.append(label, pick, add);
    place.after(box);
  }
  const pick = /** @type {HTMLSelectElement} made above */ (box.querySelector("select"));
  pick.replaceChildren(...saved.map(({ name, row }) => {
    const option = document.createElement("option");
    option.value = JSON.stringify(row);
    option.textContent = name;
    return option;
  }));
  /** @type {HTMLElement} made above */ (box.querySelector(".codex-recruit__button")).dataset.row = pick.value;
  box.hidden = false;
  withCount(box);
}

/** @param {ParentNode} root */
function enhance(root) {
  for (const holder of root.querySelectorAll(".codex-recruit")) withCount(holder);
}

document.addEventListener("click", (event) => {
  const target = event.target instanceof Element ? event.target : null;
  /** @type {HTMLElement | null | undefined} */
  const trigger = target?.closest(".codex-recruit__button[data-recruit]");
  if (trigger) {
    onRecruit(trigger);
    return;
  }
  /** @type {HTMLElement | null | undefined} */
  const stepper = target?.closest("[data-recruit-step]");
  if (stepper) {
    const field = /** @type {HTMLInputElement} withCount puts the steppers beside it */ (stepper.parentElement?.querySelector("input"));
    field.value = String(Math.max(1, (Number(field.value) || 1) + Number(stepper.dataset.recruitStep)));
  }
});

// Results are redrawn with every answer: a new "Add to fight" gets its count as it appears.
const watch = new MutationObserver((changes) => {
  for (const change of changes) {
    for (const node of change.addedNodes) {
      if (!(node instanceof Element)) continue;
      if (node.matches(".codex-recruit")) withCount(node);
      else if (node.querySelector(".codex-recruit")) enhance(node);
    }
  }
});

everyPage(() => {
  enhance(document);
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) savedBox(form);
  watch.disconnect();
  watch.observe(document.body, { childList: true, subtree: true });
});
