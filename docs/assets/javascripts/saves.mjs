// Named saves on this device (localStorage, one key per save, so a damaged one spoils no other)
// and export/import as a JSON file. Every message goes beside the controls; nothing the reader
// has in the form changes unless a save or file was read whole and checked.

import { currentInputs, rowFields, setInputs } from "./rows.mjs";

const FORMAT = "jianghu-codex-save";
const VERSION = 1;
const NAME_LENGTH = 40;
const KEYS = new Set(["format", "version", "calc", "name", "saved", "inputs"]);

const prefix = (form) => `codex.save.${form.dataset.calc}.`;

function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function say(box, error, status = "") {
  const slot = box.querySelector(".calc__error");
  slot.textContent = error;
  slot.hidden = !error;
  box.querySelector(".codex-saves__status").textContent = status;
}

function listSaves(form, box) {
  const pick = box.querySelector('[data-save="pick"]');
  const store = storage();
  const names = [];
  if (store) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key && key.startsWith(prefix(form))) names.push(key.slice(prefix(form).length));
    }
  }
  names.sort((a, b) => a.localeCompare(b));
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
  }
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
  if (!data.inputs || typeof data.inputs !== "object") return "it holds no inputs";
  const names = new Set([...form.elements].filter((c) => c.name).map((c) => c.name));
  const unknown = Object.keys(data.inputs).filter((k) => !names.has(k));
  if (unknown.length) return `it has inputs this calculator does not take: ${unknown.join(", ")}`;
  for (const [name, fields] of Object.entries(rowFields(form))) {
    const rows = data.inputs[name];
    if (rows === undefined) continue;
    if (!Array.isArray(rows) || rows.some((r) => !r || typeof r !== "object" || Array.isArray(r))) return `its ${name} are not a list of records`;
    const known = new Set(fields.map((f) => f.name));
    for (const [i, row] of rows.entries()) {
      const extra = Object.keys(row).filter((k) => !known.has(k));
      if (extra.length) return `row ${i + 1} of its ${name} has fields this page does not know: ${extra.join(", ")}`;
    }
  }
  return "";
}

function readSave(form, name) {
  const store = storage();
  const text = store && store.getItem(prefix(form) + name);
  if (text === null || text === undefined) return { problem: "it is no longer on this device" };
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    return { problem: "it is damaged (not valid JSON)" };
  }
  const problem = checkSave(form, data);
  return problem ? { problem } : { data };
}

function snapshot(form, name) {
  return { format: FORMAT, version: VERSION, calc: form.dataset.calc, name, saved: new Date().toISOString(),
    inputs: currentInputs(form) };
}

function nameOf(box) {
  const name = box.querySelector('[data-save="name"]').value.replace(/[\x00-\x1f\x7f]/g, " ").trim();
  if (!name) return [null, "Give the save a name first."];
  if (name.length > NAME_LENGTH) return [null, `A save's name can be at most ${NAME_LENGTH} characters (this one has ${name.length}).`];
  return [name, ""];
}

function save(form, box) {
  const [name, problem] = nameOf(box);
  if (!name) return say(box, problem);
  const store = storage();
  try {
    if (!store) throw new Error("no storage");
    store.setItem(prefix(form) + name, JSON.stringify(snapshot(form, name)));
  } catch {
    return say(box, "This browser would not keep the save (private browsing, or its storage is full); export a file instead.");
  }
  listSaves(form, box);
  box.querySelector('[data-save="pick"]').value = name;
  say(box, "", `Saved “${name}” on this device.`);
}

function load(form, box) {
  const name = box.querySelector('[data-save="pick"]').value;
  if (!name) return say(box, "There is no save to load yet.");
  const { data, problem } = readSave(form, name);
  if (problem) return say(box, `The save “${name}” could not be loaded: ${problem}. Nothing was changed, and your other saves are kept.`);
  setInputs(form, data.inputs);
  box.querySelector('[data-save="name"]').value = name;
  say(box, "", `Loaded “${name}”.`);
}

function remove(form, box) {
  const name = box.querySelector('[data-save="pick"]').value;
  if (!name) return;
  storage()?.removeItem(prefix(form) + name);
  listSaves(form, box);
  say(box, "", `Deleted “${name}”.`);
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
  setInputs(form, data.inputs);
  const name = typeof data.name === "string" ? data.name.trim().slice(0, NAME_LENGTH) : "";
  if (name) box.querySelector('[data-save="name"]').value = name;
  say(box, "", `Imported ${file.name}. Save it to keep it on this device.`);
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
}
