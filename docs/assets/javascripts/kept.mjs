// What a table tool keeps on this device without being asked: the game's log (store.mjs), one
// record per table tool (`codex.table.<calc>`, through device-store.mjs), written as it changes
// and offered back when its page opens. Also the one place that asks the browser to keep the
// site's storage (navigator.storage.persist) and says what it answered. Records are checked here
// by type, every value of every state of the log included (a value of the wrong type makes the
// record damaged, never a crash later), and their inputs by their reader (table-tools.mjs, with
// saves.mjs's checkInputs) before anything in a form changes. A record of format 1 (a history of
// states) is read as a log of edits, once.

import { asideKey, readText, storage, writeText } from "./device-store.mjs";
import { asChange, differences } from "./store.mjs";

export { storage };

/**
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {import("./store.mjs").LogData} LogData
 * @typedef {{ format: string, version: number, calc: string, fight: string, saved: string, log: LogData }} KeptRecord
 *   a game as kept on the device (checked by readKept)
 * @typedef {{ record: KeptRecord, problem?: undefined, text?: undefined }
 *   | { record?: undefined, problem: string, text: string }} Kept what readKept found
 */

const FORMAT = "jianghu-codex-table";
const VERSION = 2;

export const keptKey = (/** @type {string} */ calc) => `codex.table.${calc}`;

/** @param {unknown} value @returns {value is Inputs} */
const isInputs = (value) => Boolean(value) && typeof value === "object" && !Array.isArray(value);

/** A format 1 record's history of states as a log of edits (each state's change is what it set).
 * @param {Record<string, unknown>} record @returns {LogData | null} */
function fromHistory(record) {
  if (!isInputs(record.inputs)) return null;
  const history = isInputs(record.history) ? /** @type {Record<string, unknown>} */ (record.history) : {};
  /** @param {unknown} list @returns {{ inputs: Inputs, label: string }[]} */
  const states = (list) => (Array.isArray(list) ? list.filter((e) => isInputs(e) && isInputs(e.inputs))
    .map((e) => ({ inputs: e.inputs, label: typeof e.label === "string" ? e.label : "" })) : []);
  const past = states(history.past);
  const all = [...past, { inputs: record.inputs, label: typeof history.label === "string" ? history.label : "" },
    ...states(history.future).reverse()];
  const entries = all.slice(1).map((s, i) => ({
    change: /** @type {import("./store.mjs").Change} */ ({ do: "edit", label: s.label, sets: differences(all[i].inputs, s.inputs) }),
    inputs: s.inputs }));
  return { start: all[0].inputs, entries, at: past.length };
}

// What a form's value may be: text, a number, a box's state; a rows input is a list of records of
// those. Anything else (an object where a value belongs, lists in lists) is damage.
/** @param {unknown} value */
const isPlain = (value) => typeof value === "string" || typeof value === "boolean"
  || (typeof value === "number" && Number.isFinite(value));

/** What is wrong with the types of a set of inputs, whatever the form; "" if nothing.
 * @param {unknown} inputs */
export function typeProblem(inputs) {
  if (!isInputs(inputs)) return "it holds no inputs";
  for (const [name, value] of Object.entries(/** @type {Record<string, unknown>} */ (inputs))) {
    if (isPlain(value)) continue;
    if (!Array.isArray(value)) return `its value for ${name} is not text, a number or a checkbox's state`;
    for (const [i, row] of value.entries()) {
      if (!isInputs(row)) return `row ${i + 1} of its ${name} is not a record`;
      const bad = Object.entries(/** @type {Record<string, unknown>} */ (row)).find(([, v]) => v !== null && !isPlain(v));
      if (bad) return `row ${i + 1} of its ${name} has a ${bad[0]} that is not text, a number or a checkbox's state`;
    }
  }
  return "";
}

/** What is wrong with a log as plain data (its start, its changes, its place); "" if nothing.
 * @param {unknown} found */
export function logProblem(found) {
  if (!isInputs(found)) return "it holds no history";
  const log = /** @type {Record<string, unknown>} */ (found);
  const start = typeProblem(log.start);
  if (start) return `the start of its history is damaged (${start})`;
  if (!Array.isArray(log.entries)) return "its history has no list of changes";
  if (typeof log.at !== "number" || !Number.isInteger(log.at) || log.at < 0 || log.at > log.entries.length) {
    return "its history has no place in its list of changes";
  }
  for (const [i, entry] of log.entries.entries()) {
    const bad = !isInputs(entry) || !asChange(entry.change) ? "it is not a change" : typeProblem(entry.inputs);
    if (bad) return `change ${i + 1} of its history is damaged (${bad})`;
  }
  return "";
}

/** The game kept for `calc`: {record}, {problem, text} when it cannot be read, or null when none.
 * @param {string} calc @returns {Kept | null} */
export function readKept(calc) {
  const text = readText(keptKey(calc));
  if (text === null) return null;
  let record;
  try {
    record = JSON.parse(text);
  } catch {
    return { problem: "it is not valid JSON", text };
  }
  if (!isInputs(record)) return { problem: "it is not a kept fight", text };
  if (record.format !== FORMAT) return { problem: "it is not a kept fight", text };
  if (record.version !== VERSION && record.version !== 1) {
    return { problem: `it was kept in format ${record.version}, and this page reads format ${VERSION}`, text };
  }
  if (record.calc !== calc) return { problem: "it belongs to another tool", text };
  if (typeof record.saved !== "string" || Number.isNaN(Date.parse(record.saved))) return { problem: "it has no time", text };
  const log = record.version === 1 ? fromHistory(record) : record.log;
  const problem = log ? logProblem(log) : "it holds no inputs";
  if (problem || !log) return { problem, text };
  const checked = /** @type {LogData} logProblem found none */ (log);
  return { record: { format: FORMAT, version: VERSION, calc, saved: record.saved,
    fight: typeof record.fight === "string" ? record.fight.slice(0, 40) : "",
    log: { start: checked.start, entries: checked.entries, at: checked.at } } };
}

/** The game a kept record holds now (its log's present state), unchecked. @param {KeptRecord} record @returns {Inputs} */
export function keptNow(record) {
  const { entries, at, start } = record.log;
  const entry = at > 0 ? entries[Math.min(at, entries.length) - 1] : null;
  return entry && isInputs(entry.inputs) ? entry.inputs : start;
}

/** Keep this game on the device: {record} written, or {refused} and why not ("full", "refused").
 * @param {string} calc @param {{ fight: string, log: LogData }} game
 * @returns {{ record: KeptRecord, refused?: undefined } | { record?: undefined, refused: "full" | "refused" }} */
export function writeKept(calc, { fight, log }) {
  /** @type {KeptRecord} */
  const record = { format: FORMAT, version: VERSION, calc, fight, saved: new Date().toISOString(), log };
  const refused = writeText(keptKey(calc), JSON.stringify(record));
  return refused ? { refused } : { record };
}

/** Copy an unreadable record aside under a key of its own (time-stamped, never an earlier one's):
 *  its key, or "" when the browser would not write it (then it stays where it was).
 * @param {string} calc @param {string} text */
export function setAside(calc, text) {
  const key = asideKey(keptKey(calc));
  return writeText(key, text) ? "" : key;
}

export function newFightId() {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  return [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** "21:40" today, "Tue 1 Dec, 21:40" another day: when a fight or a save was kept. */
/** @param {string} iso */
export function timeWords(iso) {
  const when = new Date(iso);
  const time = when.toLocaleTimeString([], { hour: "numeric", minute: "2-digit" });
  if (when.toDateString() === new Date().toDateString()) return time;
  const day = when.toLocaleDateString([], { weekday: "short", day: "numeric", month: "short" });
  return `${day}, ${time}`;
}

// ---- asking the browser to keep the site's storage ------------------------------------------
// Browsers may clear a site's storage when space runs short, unless it is persistent; Safari on
// iOS clears it after seven days without a visit unless the site is a Home Screen app.

/** @typedef {"kept" | "refused" | "unknown" | "not yet"} Keeping what the browser said */
/** @type {Promise<Keeping> | null} */
let asked = null;

/** Ask once per page load (a change or a save asks; opening a page does not); "kept",
 *  "refused" or "unknown" (a browser without the API).
 * @returns {Promise<Keeping>} */
export function askToKeep() {
  if (!asked) {
    asked = (async () => {
      const api = navigator.storage;
      if (!api?.persist) return "unknown";
      try {
        if (await api.persisted()) return "kept";
        return (await api.persist()) ? "kept" : "refused";
      } catch {
        return "unknown";
      }
    })();
    asked.then(showKeeping);
  }
  return asked;
}

/** What the browser has said so far, without asking: "kept", or "not yet".
 * @returns {Promise<Keeping>} */
async function keptAlready() {
  try {
    return navigator.storage?.persisted && (await navigator.storage.persisted()) ? "kept" : "not yet";
  } catch {
    return "not yet";
  }
}

const WORDS = {
  kept: "This browser has promised to keep what this site stores on this device until you delete it.",
  refused: "This browser did not promise to keep what this site stores: it may clear it when the device " +
    "runs short of space. Export a file of anything you cannot lose.",
  unknown: "This browser does not say whether it will keep what this site stores: export a file of " +
    "anything you cannot lose.",
  "not yet": "",
};

/** Say in every `[data-keeping]` line of the page what the browser answered. */
/** @param {Keeping} answer */
export function showKeeping(answer) {
  for (const line of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-keeping]"))) {
    line.textContent = WORDS[answer] ?? "";
    line.dataset.keeping = answer;
    line.hidden = !line.textContent;
  }
}

/** Fill the keeping lines of a new page with what is known already (no question asked). */
export async function showKeepingNow() {
  showKeeping(asked ? await asked : await keptAlready());
}
