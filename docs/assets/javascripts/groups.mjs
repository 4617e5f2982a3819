// Parties and encounters: a table tool's fighters kept on this device under a name, to be added to
// a fight at once from its picker ("Add fighters"). One key per group, through device-store.mjs
// (codex.group.<calc>.<name>), so the backup file of "On this device" carries them with the rest;
// every write says whether it was done, and why not.

import { keysUnder, readText, removeKey, writeText } from "./device-store.mjs";
import { typeProblem } from "./kept.mjs";

/** @typedef {import("./rows.mjs").Row} Row */
/** @typedef {{ name: string, rows: Row[], problem?: undefined } | { name: string, problem: string, rows?: undefined }} Group */

const FORMAT = "jianghu-codex-group";
const VERSION = 1;
export const GROUP_NAME = 40; // characters: a group's name, as long as a save's

const prefix = (/** @type {string} */ calc) => `codex.group.${calc}.`;

/** The key of the group `name` of table tool `calc`. @param {string} calc @param {string} name */
export function groupKey(calc, name) {
  return prefix(calc) + name;
}

/** What is wrong with a group's record for `calc` ("" if nothing): checked by type before it is used.
 * @param {unknown} data @param {string} calc */
function groupProblem(data, calc) {
  if (!data || typeof data !== "object" || Array.isArray(data)) return "it is not a party or encounter";
  const record = /** @type {Record<string, unknown>} */ (data);
  if (record.format !== FORMAT) return "it is not a party or encounter";
  if (record.version !== VERSION) return `it was kept in format ${String(record.version).slice(0, 20)}, and this page reads format ${VERSION}`;
  if (record.calc !== calc) return "it belongs to another tool";
  if (!Array.isArray(record.rows) || !record.rows.length) return "it holds no fighters";
  return typeProblem({ rows: record.rows });
}

/** The groups kept for table tool `calc`, sorted by name; a damaged one says why.
 * @param {string} calc @returns {Group[]} */
export function groupsOf(calc) {
  return keysUnder(prefix(calc)).map((key) => {
    const name = key.slice(prefix(calc).length);
    let data;
    try {
      data = JSON.parse(readText(key) ?? "");
    } catch {
      return { name, problem: "it is not valid JSON" };
    }
    const problem = groupProblem(data, calc);
    return problem ? { name, problem } : { name, rows: /** @type {Row[]} checked above */ (data.rows) };
  }).sort((a, b) => a.name.localeCompare(b.name));
}

/** Keep `rows` as the group `name` of `calc`: "" when kept, else why not ("full", "refused").
 * @param {string} calc @param {string} name @param {Row[]} rows */
export function keepGroup(calc, name, rows) {
  const record = { format: FORMAT, version: VERSION, calc, name, saved: new Date().toISOString(), rows };
  return writeText(groupKey(calc, name), JSON.stringify(record));
}

/** Delete the group `name` of `calc`: its text, to put it back, or null when the browser would not.
 * @param {string} calc @param {string} name */
export function dropGroup(calc, name) {
  const text = readText(groupKey(calc, name));
  return text !== null && removeKey(groupKey(calc, name)) ? text : null;
}

/** Put back a deleted group's text: "" when done, else why not. @param {string} calc @param {string} name @param {string} text */
export function putBackGroup(calc, name, text) {
  return writeText(groupKey(calc, name), text);
}
