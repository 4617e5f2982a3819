// Named saves on this device (localStorage, one key per save, so a damaged one spoils no other)
// and export/import as a JSON file. Every message goes beside the controls; nothing the reader
// has in the form changes unless a save or file was read whole and checked. Nothing is replaced
// or deleted without a way back: a name already taken asks first, a deleted save can be put back,
// and a load or an import over the form can be undone.

import { sayWithButtons } from "./answers.mjs";
import { download, fileName, keysUnder, readText, removeKey, roomWords, writeText } from "./device-store.mjs";
import { askToKeep, showKeepingNow, timeWords, typeProblem } from "./kept.mjs";
import { formState } from "./form-state.mjs";
import { currentInputs, defaultInputs, rowFields, rowLimits, setInputs } from "./rows.mjs";
import { asChange, stateKey } from "./store.mjs";

const FORMAT = "jianghu-codex-save";
const VERSION = 1;
const NAME_LENGTH = 40;
const FILE_SIZE = 2_000_000; // bytes: a file larger than this is refused before it is read
// `recruits`: the fighters a saved character brings to a table tool's fight (recruit.mjs).
// `log`: a table tool's game as its log (store.mjs), so a saved or exported fight keeps its history.
// `fight`: the id of the table tool's game it holds; `kept`: the page made it from the fight it
// kept (the one copy of that fight, updated when the fight is set aside again: keptCopy).
const KEYS = new Set(["format", "version", "calc", "name", "saved", "inputs", "recruits", "log", "fight", "kept"]);

/**
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {import("./rows.mjs").Row} Row
 * @typedef {import("./rows.mjs").Field} Field
 * @typedef {import("./answers.mjs").Action} Action
 * @typedef {{ format: string, version: number, calc: string, name: string, saved: string, inputs: Inputs,
 *   recruits?: Record<string, Row>, log?: import("./store.mjs").LogData, fight?: string, kept?: boolean }} SaveRecord
 *   a save, as kept and as exported (checked by checkSave)
 */

const prefix = (/** @type {string} */ calc) => `codex.save.${calc}.`;
// The calculator a form is (bindSaves is called for calculator forms: each has data-calc).
const calcOf = (/** @type {HTMLFormElement} */ form) => /** @type {string} */ (form.dataset.calc);

// The saves box's controls (hooks/codex/widgets.py writes them): the save's name, the list of saves.
const nameField = (/** @type {HTMLElement} */ box) => /** @type {HTMLInputElement} */ (box.querySelector('[data-save="name"]'));
const pickOf = (/** @type {HTMLElement} */ box) => /** @type {HTMLSelectElement} */ (box.querySelector('[data-save="pick"]'));

/** @param {HTMLElement} box @param {string} error @param {Action[]} actions */
function say(box, error, status = "", ...actions) {
  const slot = /** @type {HTMLElement} */ (box.querySelector(".calc__error"));
  slot.textContent = error;
  slot.hidden = !error;
  sayWithButtons(/** @type {HTMLElement} */ (box.querySelector(".codex-saves__status")), status, actions, "codex-saves__answer");
}

/** The names of the saves of calculator `calc` on this device, sorted.
 * @param {string} calc */
export function saveNames(calc) {
  return keysUnder(prefix(calc)).map((key) => key.slice(prefix(calc).length)).sort((a, b) => a.localeCompare(b));
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function listSaves(form, box) {
  const pick = pickOf(box);
  const names = saveNames(calcOf(form));
  const chosen = pick.value;
  pick.replaceChildren(...names.map((name) => {
    const option = document.createElement("option");
    option.value = name;
    option.textContent = readSave(form, name).problem ? `${name} (damaged)` : name;
    return option;
  }));
  if (!names.length) {
    const none = document.createElement("option");
    none.value = "";
    none.textContent = "No saves yet";
    pick.append(none);
  } else if (names.includes(chosen)) pick.value = chosen;
  for (const b of /** @type {NodeListOf<HTMLButtonElement>} */ (box.querySelectorAll('[data-save="load"], [data-save="delete"]'))) b.disabled = !names.length;
}

// What is wrong with a save or an imported file, in words; "" when it can be used.
/** @param {HTMLFormElement} form @param {unknown} found */
// `strict` (a file being imported): the present inputs must also be ones the form's controls
// offer (a choice it lists, a number in its range), as a reader could have typed them.
/** @param {HTMLFormElement} form @param {unknown} found */
export function checkSave(form, found, strict = false) {
  if (!found || typeof found !== "object" || Array.isArray(found)) return "it is not a saved calculator";
  const data = /** @type {Record<string, unknown>} */ (found);
  if (data.format !== FORMAT) return "it is not a Jianghu Codex save";
  if (data.version !== VERSION) return `it was saved in format ${shortText(data.version)}, and this page reads format ${VERSION}`;
  if (data.calc !== calcOf(form)) return `it belongs to another calculator (${shortText(data.calc)})`;
  const stray = Object.keys(data).filter((k) => !KEYS.has(k));
  if (stray.length) return `it has fields this page does not know: ${stray.slice(0, 5).map(shortText).join(", ")}`;
  if (typeof data.name !== "string" || data.name.length > 400) return "its name is not a short text";
  if (typeof data.saved !== "string" || Number.isNaN(Date.parse(data.saved))) return "it has no time it was saved";
  if (data.fight !== undefined && (typeof data.fight !== "string" || data.fight.length > 40)) return "its fight id is not a short text";
  if (data.kept !== undefined && typeof data.kept !== "boolean") return "its mark of a kept fight is not yes or no";
  if (data.recruits !== undefined && recruitsProblem(data.recruits)) return "the fighters it brings to a fight are damaged";
  return checkInputs(form, data.inputs, strict) || (data.log === undefined ? "" : checkLog(form, data.log, data.inputs));
}

/** Whether a save's recruits (table tool → one row of plain values) are damaged. @param {unknown} found */
function recruitsProblem(found) {
  if (!found || typeof found !== "object" || Array.isArray(found)) return true;
  return Object.values(found).some((row) => typeProblem({ row: [row] }));
}

/** Any value as a few words of text (a hostile file's value is never printed whole). @param {unknown} value */
function shortText(value) {
  let text;
  try {
    text = typeof value === "string" ? value : JSON.stringify(value) ?? typeof value;
  } catch {
    text = typeof value;
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** What is wrong with a saved game's log (store.mjs LogData) for this form; "" if none. Its
 *  present state must be the save's inputs, and every state one this form takes.
 * @param {HTMLFormElement} form @param {unknown} found @param {unknown} inputs */
function checkLog(form, found, inputs) {
  if (!form.hasAttribute("data-table")) return "it holds a game's history, and this calculator keeps none";
  const log = /** @type {Record<string, unknown>} */ (found && typeof found === "object" && !Array.isArray(found) ? found : {});
  const { start, entries, at } = log;
  if (!Array.isArray(entries) || typeof at !== "number" || !Number.isInteger(at) || at < 0 || at > entries.length) {
    return "its history is damaged (no list of changes, or no place in it)";
  }
  if (entries.length > 500) return `its history holds ${entries.length} changes, and this page keeps at most 500`;
  const problem = checkInputs(form, start);
  if (problem) return `its history's start cannot be read (${problem})`;
  for (const [i, entry] of entries.entries()) {
    const bad = !entry || typeof entry !== "object" || !asChange(entry.change) ? "it is not a change" : checkInputs(form, entry.inputs);
    if (bad) return `change ${i + 1} of its history cannot be read (${bad})`;
  }
  const now = at ? entries[at - 1].inputs : start;
  return stateKey(now) === stateKey(inputs) ? "" : "its history does not end in the game it holds";
}

/** What is wrong with a set of inputs for this form (a save's, a kept fight's state); "" if none.
 * @param {HTMLFormElement} form @param {unknown} found */
// Every value is checked by type and by the form's own limits (a text's length, a list's count)
// before anything is set: a value of the wrong type is a damaged record, never a crash in the
// form. `strict` (a file imported): also what the control offers (its choices, its range).
/** @param {HTMLFormElement} form @param {unknown} found */
export function checkInputs(form, found, strict = false) {
  if (!found || typeof found !== "object" || Array.isArray(found)) return "it holds no inputs";
  const inputs = /** @type {Record<string, unknown>} */ (found);
  const listed = /** @type {(Element & { name: string })[]} every listed form element has a name */ ([...form.elements]);
  const named = new Map(listed.filter((c) => c.name).map((c) => [c.name, c]));
  const unknown = Object.keys(inputs).filter((k) => !named.has(k));
  if (unknown.length) return `it has inputs this calculator does not take: ${unknown.slice(0, 5).map(shortText).join(", ")}`;
  const limits = rowLimits(form);
  const rowFieldsOf = rowFields(form);
  for (const [name, fields] of Object.entries(rowFieldsOf)) {
    const rows = inputs[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== "object" || Array.isArray(r))) return `its ${name} are not a list of records`;
    const { max, item } = limits[name];
    // Refused before a row is drawn: a file of thousands of rows must not freeze the page.
    if (rows.length > max) return `it holds ${rows.length.toLocaleString("en")} ${item.toLowerCase()}s, and this page takes at most ${max}`;
    const known = new Map(fields.map((f) => [f.name, f]));
    for (const [i, row] of rows.entries()) {
      const extra = Object.keys(row).filter((k) => !known.has(k));
      if (extra.length) return `row ${i + 1} of its ${name} has fields this page does not know: ${extra.slice(0, 5).map(shortText).join(", ")}`;
      for (const [key, value] of Object.entries(row)) {
        const bad = fieldProblem(/** @type {Field} */ (known.get(key)), value, strict);
        if (bad) return `row ${i + 1} of its ${name}: its ${key} ${bad}`;
      }
    }
  }
  for (const [name, value] of Object.entries(inputs)) {
    if (name in rowFieldsOf) continue;
    const bad = controlProblem(/** @type {HTMLInputElement | HTMLSelectElement} */ (named.get(name)), value, strict);
    if (bad) return `its ${name} ${bad}`;
  }
  return "";
}

/** @param {unknown} value */
const plain = (value) => typeof value === "string" || (typeof value === "number" && Number.isFinite(value));

/** What is wrong with `value` for one column of a rows input; "" if nothing.
 * @param {Field} field @param {unknown} value @param {boolean} strict */
function fieldProblem(field, value, strict) {
  if (field.type === "bool") return typeof value === "boolean" ? "" : "is not yes or no";
  if (value === null || value === field.default) return "";
  if (!plain(value)) return "is not text or a number";
  const text = String(value);
  const most = field.max_length ?? 200;
  if (text.length > most) return `is ${text.length.toLocaleString("en")} characters long, and this page takes at most ${most}`;
  if (!strict) return "";
  if (field.type === "choice" && field.choices && !field.choices.some((c) => c.value === text)) return `is “${shortText(text)}”, not one of its choices`;
  if (field.type === "int" && text.trim() !== "") {
    const number = Number(text.trim().replace(/^\+/, ""));
    if (!Number.isInteger(number)) return `is “${shortText(text)}”, not a whole number`;
    if (field.min !== undefined && field.min !== null && number < field.min) return `is ${number}, below its least, ${field.min}`;
    if (field.max !== undefined && field.max !== null && number > field.max) return `is ${number}, above its most, ${field.max}`;
  }
  return "";
}

/** What is wrong with `value` for one of the form's own controls; "" if nothing.
 * @param {HTMLInputElement | HTMLSelectElement} control @param {unknown} value @param {boolean} strict */
function controlProblem(control, value, strict) {
  if (control instanceof HTMLInputElement && control.type === "checkbox") {
    return typeof value === "boolean" || value === "true" || value === "false" ? "" : "is not yes or no";
  }
  if (!plain(value)) return "is not text or a number";
  const text = String(value);
  const most = control instanceof HTMLInputElement && control.maxLength > 0 ? control.maxLength : 20_000;
  if (text.length > most) return `is ${text.length.toLocaleString("en")} characters long, and this page takes at most ${most}`;
  if (!strict) return "";
  if (control instanceof HTMLSelectElement) {
    return [...control.options].some((o) => o.value === text) ? "" : `is “${shortText(text)}”, not one of its choices`;
  }
  if (control.type === "number" && text.trim() !== "") {
    const number = Number(text);
    if (!Number.isFinite(number)) return `is “${shortText(text)}”, not a number`;
    if (control.min !== "" && number < Number(control.min)) return `is ${number}, below its least, ${control.min}`;
    if (control.max !== "" && number > Number(control.max)) return `is ${number}, above its most, ${control.max}`;
  }
  return "";
}

/** @param {string} calc @param {string} name
 * @returns {{ data: unknown, text: string, problem?: undefined } | { data?: undefined, text?: string, problem: string }} */
function readRaw(calc, name) {
  const text = readText(prefix(calc) + name);
  if (text === null) return { problem: "it is no longer on this device" };
  try {
    return { data: JSON.parse(text), text };
  } catch {
    return { problem: "it is damaged (not valid JSON)", text };
  }
}

/** @param {HTMLFormElement} form @param {string} name
 * @returns {{ data: SaveRecord, problem?: undefined } | { data?: undefined, problem: string }} */
function readSave(form, name) {
  const { data, problem } = readRaw(calcOf(form), name);
  if (problem) return { problem };
  const wrong = checkSave(form, data);
  return wrong ? { problem: wrong } : { data: /** @type {SaveRecord} checked */ (data) };
}

// The fighters this form's results offer to table tools ("Add to fight" buttons): kept with a save,
// so a saved character can join a fight later from the fight's own page.
/** @param {HTMLFormElement} form */
function recruitsOf(form) {
  /** @type {Record<string, Row>} */
  const recruits = {};
  for (const button of /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".calc__results .codex-recruit__button[data-recruit][data-row]"))) {
    try {
      recruits[/** @type {string} */ (button.dataset.recruit)] = JSON.parse(/** @type {string} */ (button.dataset.row));
    } catch { /* a button this page did not make: leave it out */ }
  }
  return recruits;
}

/** A save of `calc`'s inputs under `name` (made `saved`, an ISO time, now if not given).
 * @param {string} calc @param {string} name @param {Inputs} inputs @returns {SaveRecord} */
export function saveRecord(calc, name, inputs, saved = new Date().toISOString()) {
  return { format: FORMAT, version: VERSION, calc, name, saved, inputs };
}

/** @param {HTMLFormElement} form @param {string} name */
function snapshot(form, name) {
  const data = saveRecord(calcOf(form), name, currentInputs(form));
  const table = formState(form).table;
  if (table) { // a table tool's game: its history comes along, and its present is the save's inputs
    data.log = table.log.toJSON();
    data.inputs = table.log.now;
    data.fight = table.fight;
  }
  const recruits = recruitsOf(form);
  if (Object.keys(recruits).length) data.recruits = recruits;
  return data;
}

/** A name like `wanted` that no save of `calc` has yet: "Orc camp", else "Orc camp (2)", …
 * @param {string} calc @param {string} wanted */
export function freeName(calc, wanted) {
  const taken = new Set(saveNames(calc));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const name = wanted.slice(0, NAME_LENGTH - suffix.length) + suffix;
    if (!taken.has(name)) return name;
  }
}

/** Keep `data` (a save) under its name: "" when written, else why not ("full", "refused").
 * @param {SaveRecord} data @returns {import("./device-store.mjs").Refusal} */
export function storeSave(data) {
  const refused = writeText(prefix(data.calc) + data.name, JSON.stringify(data));
  if (!refused) askToKeep();
  return refused;
}

/** The name of the save the page made of fight `fight` when it set it aside before (its one copy),
 *  or "". @param {string} calc @param {string} fight */
export function keptCopy(calc, fight) {
  if (!fight) return "";
  for (const name of saveNames(calc)) {
    const data = /** @type {Partial<SaveRecord> | null} any JSON */ (readRaw(calc, name).data);
    if (data?.kept === true && data.fight === fight) return name;
  }
  return "";
}

/** Every save on this device that brings a fighter to table tool `tracker`: [{calc, name, row}].
 * @param {string} tracker */
export function savedRecruits(tracker) {
  /** @type {{ calc: string, name: string, row: Row }[]} */
  const found = [];
  for (const key of keysUnder("codex.save.")) {
    const match = /^codex\.save\.([a-z]+\.[a-z0-9_]+)\.(.*)$/s.exec(key);
    if (!match) continue;
    const data = /** @type {Partial<SaveRecord> | null} any JSON: each step is checked */ (readRaw(match[1], match[2]).data);
    const row = data && data.format === FORMAT && data.recruits?.[tracker];
    if (row && typeof row === "object" && !Array.isArray(row)) found.push({ calc: match[1], name: match[2], row });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

/** The name typed for the save, or null and why not.
 * @param {HTMLElement} box @returns {[string, ""] | [null, string]} */
function nameOf(box) {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this takes out of a name
  const name = nameField(box).value.replace(/[\x00-\x1f\x7f]/g, " ").trim();
  if (!name) return [null, "Give the save a name first."];
  if (name.length > NAME_LENGTH) return [null, `A save's name can be at most ${NAME_LENGTH} characters (this one has ${name.length}).`];
  return [name, ""];
}

/** @param {HTMLFormElement} form @param {HTMLElement} box @param {string} name */
function keep(form, box, name) {
  const refused = storeSave(snapshot(form, name));
  if (refused) {
    return say(box, refused === "full"
      ? "This browser's storage for this site is full: the save was not kept. Export a file instead, or delete saves you no longer need."
      : "This browser would not keep the save (a private window, or storage turned off): export a file instead.",
    "", ["Export as a file", () => exportFile(form, box)]);
  }
  listSaves(form, box);
  pickOf(box).value = name;
  nameField(box).value = name;
  say(box, "", `Saved “${name}” on this device.`);
  roomWords().then((words) => { if (words) say(box, "", `Saved “${name}” on this device. ${words}`, backupAction()); });
}

/** The button that makes a backup file of everything the site keeps (device.mjs, loaded on demand). */
function backupAction() {
  return /** @type {Action} */ (["Export a backup file", () => import("./device.mjs").then((m) => m.exportBackup())]);
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function save(form, box) {
  const [name, problem] = nameOf(box);
  if (!name) return say(box, problem);
  const existing = readRaw(calcOf(form), name);
  if (existing.problem === "it is no longer on this device") return keep(form, box, name);
  // A name already taken (a shared file of the same name, say): ask, never replace silently.
  const saved = /** @type {Partial<SaveRecord> | null} any JSON */ (existing.data)?.saved;
  const when = typeof saved === "string" ? ` (saved ${timeWords(saved)})` : "";
  const other = freeName(calcOf(form), name);
  say(box, "", `A save named “${name}”${when} is already on this device.`,
    [`Save as “${other}”`, () => keep(form, box, other)],
    [`Replace “${name}”`, () => keep(form, box, name), "danger"]);
}

// Put inputs into the form, with a way back: table tools undo it from their history (the bar's
// Undo); any other form gets an Undo beside the message.
/** @param {HTMLFormElement} form @param {HTMLElement} box @param {SaveRecord} data @param {string} label @param {string} message */
function replaceInputs(form, box, data, label, message) {
  const before = currentInputs(form);
  // A table tool takes a saved game's history after the game it replaces (its log's present is
  // the save's inputs: checkSave holds them equal).
  // A save is the whole state: what it does not hold is the tool's default (an imported fight with no
  // fighters has none), never what the form held before. A save with a log holds every input (checkSave).
  const inputs = data.log ? data.inputs : { ...defaultInputs(form), ...data.inputs };
  setInputs(form, inputs, { label, log: data.log, fight: data.fight });
  if (form.hasAttribute("data-table")) return say(box, "", `${message} Undo brings back what was there.`);
  say(box, "", message, ["Undo", () => {
    setInputs(form, before, { label: "Put back what was there before" });
    say(box, "", "Put back what was there before.");
  }]);
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function load(form, box) {
  const name = pickOf(box).value;
  if (!name) return say(box, "There is no save to load yet.");
  const { data, problem } = readSave(form, name);
  if (!data) return say(box, `The save “${name}” could not be loaded: ${problem}. Nothing was changed, and your other saves are kept.`);
  nameField(box).value = name;
  replaceInputs(form, box, data, `Loaded “${name}”`, `Loaded “${name}”.`);
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function remove(form, box) {
  const name = pickOf(box).value;
  if (!name) return;
  const key = prefix(calcOf(form)) + name;
  const text = readText(key);
  if (!removeKey(key)) return say(box, `This browser would not delete “${name}”.`);
  listSaves(form, box);
  say(box, "", `Deleted “${name}”.`, ["Undo", () => {
    if (text !== null && writeText(key, text)) {
      return say(box, `“${name}” could not be put back: this browser's storage is full.`);
    }
    listSaves(form, box);
    pickOf(box).value = name;
    say(box, "", `“${name}” is back.`);
  }]);
}

/** @param {HTMLFormElement} form @param {HTMLElement} box */
function exportFile(form, box) {
  const name = nameOf(box)[0] || calcOf(form);
  const file = fileName(name);
  download(file, JSON.stringify(snapshot(form, name), null, 2));
  say(box, "", `Exported “${name}” as ${file}.`);
}

// Every file gets an answer beside the control: imported, or refused with why (a file too large
// to read, not JSON, not a save, a value of the wrong type or past the form's limits; anything
// else that goes wrong is said too). The last file's answer is cleared as the next is read.
/** @param {HTMLFormElement} form @param {HTMLElement} box @param {HTMLInputElement} input */
async function importFile(form, box, input) {
  const file = input.files?.[0];
  if (!file) return;
  input.value = "";
  const refuse = (/** @type {string} */ why) => say(box, `${file.name} could not be imported: ${why}. Nothing was changed.`);
  say(box, "", `Reading ${file.name}…`);
  if (file.size > FILE_SIZE) {
    return refuse(`it is ${(file.size / 1e6).toFixed(1)} MB, and this page reads files of at most ${FILE_SIZE / 1e6} MB`);
  }
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch (error) {
    return refuse(error instanceof RangeError ? "it is nested too deeply to read" : "it is not valid JSON");
  }
  try {
    importChecked(form, box, file.name, data);
  } catch {
    refuse("it holds values this page cannot use");
  }
}

/** @param {HTMLFormElement} form @param {HTMLElement} box @param {string} file @param {unknown} data */
function importChecked(form, box, file, data) {
  const problem = checkSave(form, data, true);
  if (problem) return say(box, `${file} could not be imported: ${problem}. Nothing was changed.`);
  /** @type {SaveRecord} checked */
  const checked = /** @type {SaveRecord} */ (data);
  const name = typeof checked.name === "string" ? checked.name.trim().slice(0, NAME_LENGTH) : "";
  if (name) nameField(box).value = name;
  replaceInputs(form, box, checked, `Imported ${file}`,
    `Imported ${file}. Save it to keep it on this device${name && saveNames(calcOf(form)).includes(name)
      ? ` (a save named “${name}” is already here: saving asks before anything is replaced)` : ""}.`);
}

/** @param {HTMLFormElement} form */
export function bindSaves(form) {
  /** @type {HTMLElement | null} */
  const box = form.querySelector("[data-saves]");
  if (!box) return;
  box.hidden = false;
  // The save controls are not calculator inputs: keep their events from asking for an answer.
  for (const type of ["input", "change"]) box.addEventListener(type, (event) => event.stopPropagation());
  /** @type {Record<string, (form: HTMLFormElement, box: HTMLElement) => void>} */
  const acts = { save, load, delete: remove, export: exportFile, print: () => window.print() };
  box.addEventListener("click", (event) => {
    /** @type {HTMLElement | null} */
    const button = /** @type {Element} */ (event.target).closest("button[data-save]");
    if (!button) return;
    acts[/** @type {string} */ (button.dataset.save)]?.(form, box);
  });
  const file = /** @type {HTMLInputElement} */ (box.querySelector('[data-save="import"]'));
  file.addEventListener("change", () => importFile(form, box, file));
  listSaves(form, box);
  showKeepingNow();
}
