// Named saves on this device (localStorage, one key per save, so a damaged one spoils no other)
// and export/import as a JSON file. Every message goes beside the controls; nothing the reader
// has in the form changes unless a save or file was read whole and checked. Nothing is replaced
// or deleted without a way back: a name already taken asks first, a deleted save can be put back,
// and a load or an import over the form can be undone.

import { sayWithButtons } from "./answers.mjs";
import { markStep } from "./history.mjs";
import { askToKeep, showKeepingNow, storage, timeWords } from "./kept.mjs";
import { currentInputs, rowFields, rowLimits, setInputs } from "./rows.mjs";

const FORMAT = "jianghu-codex-save";
const VERSION = 1;
const NAME_LENGTH = 40;
// `recruits`: the fighters a saved character brings to a table tool's fight (recruit.mjs).
const KEYS = new Set(["format", "version", "calc", "name", "saved", "inputs", "recruits"]);

const prefix = (calc) => `codex.save.${calc}.`;

function say(box, error, status = "", ...actions) {
  const slot = box.querySelector(".calc__error");
  slot.textContent = error;
  slot.hidden = !error;
  sayWithButtons(box.querySelector(".codex-saves__status"), status, actions, "codex-saves__answer");
}

/** The names of the saves of calculator `calc` on this device, sorted. */
export function saveNames(calc) {
  const store = storage();
  const names = [];
  if (store) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(prefix(calc))) names.push(key.slice(prefix(calc).length));
    }
  }
  return names.sort((a, b) => a.localeCompare(b));
}

function listSaves(form, box) {
  const pick = box.querySelector('[data-save="pick"]');
  const names = saveNames(form.dataset.calc);
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
  for (const b of box.querySelectorAll('[data-save="load"], [data-save="delete"]')) b.disabled = !names.length;
}

// What is wrong with a save or an imported file, in words; "" when it can be used.
export function checkSave(form, data) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "it is not a saved calculator";
  if (data.format !== FORMAT) return "it is not a Jianghu Codex save";
  if (data.version !== VERSION) return `it was saved in format ${data.version}, and this page reads format ${VERSION}`;
  if (data.calc !== form.dataset.calc) return `it belongs to another calculator (${String(data.calc)})`;
  const stray = Object.keys(data).filter((k) => !KEYS.has(k));
  if (stray.length) return `it has fields this page does not know: ${stray.join(", ")}`;
  return checkInputs(form, data.inputs);
}

/** What is wrong with a set of inputs for this form (a save's, a kept fight's state); "" if none. */
export function checkInputs(form, inputs) {
  if (!inputs || typeof inputs !== "object" || Array.isArray(inputs)) return "it holds no inputs";
  const names = new Set([...form.elements].filter((c) => c.name).map((c) => c.name));
  const unknown = Object.keys(inputs).filter((k) => !names.has(k));
  if (unknown.length) return `it has inputs this calculator does not take: ${unknown.join(", ")}`;
  const limits = rowLimits(form);
  for (const [name, fields] of Object.entries(rowFields(form))) {
    const rows = inputs[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== "object" || Array.isArray(r))) return `its ${name} are not a list of records`;
    const { max, item } = limits[name];
    // Refused before a row is drawn: a file of thousands of rows must not freeze the page.
    if (rows.length > max) return `it holds ${rows.length.toLocaleString("en")} ${item.toLowerCase()}s, and this page takes at most ${max}`;
    const known = new Set(fields.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      const extra = Object.keys(row).filter((k) => !known.has(k));
      if (extra.length) return `row ${i + 1} of its ${name} has fields this page does not know: ${extra.join(", ")}`;
    }
  }
  return "";
}

function readRaw(calc, name) {
  const store = storage();
  const text = store && store.getItem(prefix(calc) + name);
  if (text === null || text === undefined) return { problem: "it is no longer on this device" };
  try {
    return { data: JSON.parse(text), text };
  } catch {
    return { problem: "it is damaged (not valid JSON)", text };
  }
}

function readSave(form, name) {
  const { data, problem } = readRaw(form.dataset.calc, name);
  if (problem) return { problem };
  const wrong = checkSave(form, data);
  return wrong ? { problem: wrong } : { data };
}

// The fighters this form's results offer to table tools ("Add to fight" buttons): kept with a save,
// so a saved character can join a fight later from the fight's own page.
function recruitsOf(form) {
  const recruits = {};
  for (const button of form.querySelectorAll(".calc__results .codex-recruit__button[data-recruit][data-row]")) {
    try {
      recruits[button.dataset.recruit] = JSON.parse(button.dataset.row);
    } catch { /* a button this page did not make: leave it out */ }
  }
  return recruits;
}

/** A save of `calc`'s inputs under `name` (made `saved`, an ISO time, now if not given). */
export function saveRecord(calc, name, inputs, saved = new Date().toISOString()) {
  return { format: FORMAT, version: VERSION, calc, name, saved, inputs };
}

function snapshot(form, name) {
  const data = saveRecord(form.dataset.calc, name, currentInputs(form));
  const recruits = recruitsOf(form);
  if (Object.keys(recruits).length) data.recruits = recruits;
  return data;
}

/** A name like `wanted` that no save of `calc` has yet: "Orc camp", else "Orc camp (2)", … */
export function freeName(calc, wanted) {
  const taken = new Set(saveNames(calc));
  if (!taken.has(wanted)) return wanted;
  for (let n = 2; ; n++) {
    const suffix = ` (${n})`;
    const name = wanted.slice(0, NAME_LENGTH - suffix.length) + suffix;
    if (!taken.has(name)) return name;
  }
}

/** Keep `data` (a save) under its name; false when the browser would not. */
export function storeSave(data) {
  const store = storage();
  try {
    if (!store) throw new Error("no storage");
    store.setItem(prefix(data.calc) + data.name, JSON.stringify(data));
  } catch {
    return false;
  }
  askToKeep();
  return true;
}

/** Every save on this device that brings a fighter to table tool `tracker`: [{calc, name, row}]. */
export function savedRecruits(tracker) {
  const store = storage();
  const found = [];
  if (!store) return found;
  for (let i = 0; i < store.length; i++) {
    const key = store.key(i);
    const match = key && /^codex\.save\.([a-z]+\.[a-z0-9_]+)\.(.*)$/s.exec(key);
    if (!match) continue;
    const { data } = readRaw(match[1], match[2]);
    const row = data && data.format === FORMAT && data.recruits && data.recruits[tracker];
    if (row && typeof row === "object" && !Array.isArray(row)) found.push({ calc: match[1], name: match[2], row });
  }
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

function nameOf(box) {
  const name = box.querySelector('[data-save="name"]').value.replace(/[\x00-\x1f\x7f]/g, " ").trim();
  if (!name) return [null, "Give the save a name first."];
  if (name.length > NAME_LENGTH) return [null, `A save's name can be at most ${NAME_LENGTH} characters (this one has ${name.length}).`];
  return [name, ""];
}

function keep(form, box, name) {
  if (!storeSave(snapshot(form, name))) {
    return say(box, "This browser would not keep the save (private browsing, or its storage is full); export a file instead.");
  }
  listSaves(form, box);
  box.querySelector('[data-save="pick"]').value = name;
  box.querySelector('[data-save="name"]').value = name;
  say(box, "", `Saved “${name}” on this device.`);
}

function save(form, box) {
  const [name, problem] = nameOf(box);
  if (!name) return say(box, problem);
  const existing = readRaw(form.dataset.calc, name);
  if (existing.problem === "it is no longer on this device") return keep(form, box, name);
  // A name already taken (a shared file of the same name, say): ask, never replace silently.
  const when = existing.data && typeof existing.data.saved === "string" ? ` (saved ${timeWords(existing.data.saved)})` : "";
  const other = freeName(form.dataset.calc, name);
  say(box, "", `A save named “${name}”${when} is already on this device.`,
    [`Save as “${other}”`, () => keep(form, box, other)],
    [`Replace “${name}”`, () => keep(form, box, name), "danger"]);
}

// Put inputs into the form, with a way back: table tools undo it from their history (the bar's
// Undo); any other form gets an Undo beside the message.
function replaceInputs(form, box, inputs, label, message) {
  const before = currentInputs(form);
  markStep(form, label);
  setInputs(form, inputs);
  if (form.hasAttribute("data-table")) return say(box, "", `${message} Undo brings back what was there.`);
  say(box, "", message, ["Undo", () => {
    setInputs(form, before);
    say(box, "", "Put back what was there before.");
  }]);
}

function load(form, box) {
  const name = box.querySelector('[data-save="pick"]').value;
  if (!name) return say(box, "There is no save to load yet.");
  const { data, problem } = readSave(form, name);
  if (problem) return say(box, `The save “${name}” could not be loaded: ${problem}. Nothing was changed, and your other saves are kept.`);
  box.querySelector('[data-save="name"]').value = name;
  replaceInputs(form, box, data.inputs, `Loaded “${name}”`, `Loaded “${name}”.`);
}

function remove(form, box) {
  const name = box.querySelector('[data-save="pick"]').value;
  if (!name) return;
  const store = storage();
  const text = store?.getItem(prefix(form.dataset.calc) + name);
  store?.removeItem(prefix(form.dataset.calc) + name);
  listSaves(form, box);
  say(box, "", `Deleted “${name}”.`, ["Undo", () => {
    try {
      if (text !== null && text !== undefined) store.setItem(prefix(form.dataset.calc) + name, text);
    } catch {
      return say(box, `“${name}” could not be put back: this browser's storage is full.`);
    }
    listSaves(form, box);
    box.querySelector('[data-save="pick"]').value = name;
    say(box, "", `“${name}” is back.`);
  }]);
}

function exportFile(form, box) {
  const name = nameOf(box)[0] || form.dataset.calc;
  const blob = new Blob([JSON.stringify(snapshot(form, name), null, 2)], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = `${name.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-|-$/g, "") || "save"}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  say(box, "", `Exported “${name}” as ${link.download}.`);
}

async function importFile(form, box, input) {
  const file = input.files && input.files[0];
  if (!file) return;
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    input.value = "";
    return say(box, `${file.name} could not be imported: it is not valid JSON. Nothing was changed.`);
  }
  input.value = "";
  const problem = checkSave(form, data);
  if (problem) return say(box, `${file.name} could not be imported: ${problem}. Nothing was changed.`);
  const name = typeof data.name === "string" ? data.name.trim().slice(0, NAME_LENGTH) : "";
  if (name) box.querySelector('[data-save="name"]').value = name;
  replaceInputs(form, box, data.inputs, `Imported ${file.name}`,
    `Imported ${file.name}. Save it to keep it on this device${name && saveNames(form.dataset.calc).includes(name)
      ? ` (a save named “${name}” is already here: saving asks before anything is replaced)` : ""}.`);
}

export function bindSaves(form) {
  const box = form.querySelector("[data-saves]");
  if (!box) return;
  box.hidden = false;
  // The save controls are not calculator inputs: keep their events from asking for an answer.
  for (const type of ["input", "change"]) box.addEventListener(type, (event) => event.stopPropagation());
  box.addEventListener("click", (event) => {
    const button = event.target.closest("button[data-save]");
    if (!button) return;
    ({ save, load, delete: remove, export: exportFile, print: () => window.print() })[button.dataset.save]?.(form, box);
  });
  const file = box.querySelector('[data-save="import"]');
  file.addEventListener("change", () => importFile(form, box, file));
  listSaves(form, box);
  showKeepingNow();
}
