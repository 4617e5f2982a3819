// One backup file of everything the site keeps on this device (fights kept by the table tools,
// saves and the characters in them, tile sessions, records set aside, chosen readings), and its
// restore into this or another browser: merged by id (a save by its calculator and name, a kept
// game by its fight id, the readings note by note), asking when the file and the device disagree.
// Also the page "On this device" ([data-device]): what is kept, how much room it takes, and the
// backup's buttons. Every write says whether it was done; nothing is replaced unasked.

import { sayWithButtons } from "./answers.mjs";
import { LOCAL_ROOM, PREFIX, download, keysUnder, readText, removeKey, used, writeText } from "./device-store.mjs";
import { everyPage } from "./every-page.mjs";
import { timeWords } from "./kept.mjs";

const FORMAT = "jianghu-codex-backup";
const VERSION = 1;
const FILE_SIZE = 20_000_000; // bytes: more than the browser's room for the site, so a real backup fits
const READINGS = "codex.readings";

/**
 * @typedef {{ key: string, text: string }} Item one record as the device keeps it
 * @typedef {{ format: string, version: number, made: string, items: Item[] }} Backup
 * @typedef {{ item: Item, here: string, why: string }} Clash a record the file and the device hold differently
 */

/** Everything the site keeps here, as a backup. @returns {Backup} */
export function backupNow() {
  const items = keysUnder(PREFIX).map((key) => ({ key, text: readText(key) ?? "" }));
  return { format: FORMAT, version: VERSION, made: new Date().toISOString(), items };
}

/** Download the backup file; its name says when. */
export function exportBackup() {
  const backup = backupNow();
  const day = backup.made.slice(0, 10);
  download(`jianghu-codex-backup-${day}.json`, JSON.stringify(backup));
  return backup;
}

/** @param {unknown} value @returns {Record<string, unknown> | null} */
function record(value) {
  return value && typeof value === "object" && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : null;
}

/** @param {string} text */
function parsed(text) {
  try {
    return record(JSON.parse(text));
  } catch {
    return null;
  }
}

/** What is wrong with a backup as read from a file; "" when it can be restored. @param {unknown} data */
export function backupProblem(data) {
  const backup = record(data);
  if (!backup || backup.format !== FORMAT) return "it is not a Jianghu Codex backup file";
  if (backup.version !== VERSION) return `it is a backup of format ${String(backup.version).slice(0, 20)}, and this page reads format ${VERSION}`;
  if (!Array.isArray(backup.items)) return "it lists no records";
  for (const [i, item] of backup.items.entries()) {
    const it = record(item);
    if (!it || typeof it.key !== "string" || typeof it.text !== "string") return `its record ${i + 1} is not a key and a text`;
    if (!it.key.startsWith(PREFIX) || it.key.length > 300) return `its record ${i + 1} is not one this site keeps`;
  }
  return "";
}

/** The fight id and time of a kept game's text, or null. @param {string} text */
function keptFight(text) {
  const data = parsed(text);
  const game = data?.format === "jianghu-codex-table" || data?.kept === true;
  return data && game && typeof data.fight === "string" && typeof data.saved === "string" ? { fight: data.fight, saved: data.saved } : null;
}

/** The readings of both, the device's where they disagree. @param {string} here @param {string} file */
function mergedReadings(here, file) {
  return JSON.stringify({ ...(parsed(file) ?? {}), ...(parsed(here) ?? {}) });
}

/** A key no record has yet, like `key` with " (from backup)", " (from backup 2)", … after it.
 * @param {string} key */
function freeKey(key) {
  for (let n = 1; ; n++) {
    const next = `${key} (from backup${n > 1 ? ` ${n}` : ""})`;
    if (readText(next) === null) return next;
  }
}

/** Restore what needs no question: new records written, same ones left, the same fight kept later
 *  taken, readings merged. {restored, same, failed, clashes}. @param {Backup} backup */
export function restore(backup) {
  /** @type {Clash[]} */
  const clashes = [];
  let restored = 0;
  let same = 0;
  /** @type {string[]} */
  const failed = [];
  const put = (/** @type {string} */ key, /** @type {string} */ text) => {
    if (writeText(key, text)) failed.push(key);
    else restored += 1;
  };
  for (const item of backup.items) {
    const here = readText(item.key);
    if (here === null) put(item.key, item.text);
    else if (here === item.text) same += 1;
    else if (item.key === READINGS) put(item.key, mergedReadings(here, item.text));
    else {
      // A kept game, or the copy of one the page made: the same fight's later copy is taken.
      // (A save the reader named is a moment they chose: it is never merged, only asked about.)
      const mine = keptFight(here);
      const theirs = keptFight(item.text);
      if (mine && theirs && mine.fight && mine.fight === theirs.fight) { // the same fight: the later copy
        if (Date.parse(theirs.saved) > Date.parse(mine.saved)) put(item.key, item.text);
        else same += 1;
      } else clashes.push({ item, here, why: describe(item.key) });
    }
  }
  return { restored, same, failed, clashes };
}

/** Settle clashes: "both" keeps the device's and adds the file's beside it, "file" takes the
 *  file's, "device" keeps the device's. The keys that could not be written.
 * @param {Clash[]} clashes @param {"both" | "file" | "device"} choice */
export function settle(clashes, choice) {
  /** @type {string[]} */
  const failed = [];
  if (choice === "device") return failed;
  for (const { item } of clashes) {
    let key = item.key;
    let text = item.text;
    if (choice === "both") {
      const game = /^codex\.table\.([a-z]+\.[a-z0-9_]+)$/.exec(item.key);
      const data = parsed(item.text);
      if (game && data && record(data.log)) { // another fight: it becomes a save of its own
        const log = /** @type {Record<string, unknown>} */ (data.log);
        const entries = Array.isArray(log.entries) ? log.entries : [];
        const at = typeof log.at === "number" ? log.at : 0;
        const now = at > 0 ? record(entries[at - 1])?.inputs : log.start;
        const saved = typeof data.saved === "string" ? data.saved : new Date().toISOString();
        const name = `Fight kept at ${timeWords(saved)}`.slice(0, 28);
        key = freeKey(`codex.save.${game[1]}.${name}`);
        text = JSON.stringify({ format: "jianghu-codex-save", version: 1, calc: game[1], name: key.slice(`codex.save.${game[1]}.`.length),
          saved, inputs: now, log: data.log, fight: data.fight, kept: true });
      } else key = freeKey(item.key);
    }
    if (writeText(key, text)) failed.push(key);
  }
  return failed;
}

/** A record's key in the reader's words. @param {string} key */
export function describe(key) {
  const save = /^codex\.save\.([a-z]+\.[a-z0-9_]+)\.(.*)$/s.exec(key);
  if (save) return `the save “${save[2]}” of ${save[1]}`;
  const group = /^codex\.group\.([a-z]+\.[a-z0-9_]+)\.(.*)$/s.exec(key);
  if (group) return `the party or encounter “${group[2]}” of ${group[1]}`;
  const aside = /^codex\.table\.([a-z]+\.[a-z0-9_]+)\.unreadable\.(.*)$/.exec(key);
  if (aside) {
    const stamp = /^(\d{4}-\d\d-\d\dT\d\d)-(\d\d)-(\d\d)-(\d+)Z/.exec(aside[2]);
    const at = stamp ? `${stamp[1]}:${stamp[2]}:${stamp[3]}.${stamp[4]}Z` : "";
    return `an unreadable game of ${aside[1]}, set aside${at && !Number.isNaN(Date.parse(at)) ? ` at ${timeWords(at)}` : ""}`;
  }
  const game = /^codex\.table\.([a-z]+\.[a-z0-9_]+)$/.exec(key);
  if (game) return `the game kept by ${game[1]}`;
  if (key === READINGS) return "the readings chosen for source notes";
  const tableKey = /^codex\.key\.rain\.tile_table\.(\d{6})$/.exec(key);
  if (tableKey) return `this device's key for tile-table session ${tableKey[1]} (it signs the players' codes)`;
  return key;
}

// ---- the page "On this device" -------------------------------------------------------------

/** @param {HTMLElement} box @param {string} text @param {import("./answers.mjs").Action[]} actions */
function say(box, text, ...actions) {
  const slot = /** @type {HTMLElement} */ (box.querySelector("[data-device-status]"));
  sayWithButtons(slot, text, actions, "codex-saves__answer");
}

/** @param {HTMLElement} box */
function list(box) {
  const holder = /** @type {HTMLElement} */ (box.querySelector("[data-device-list]"));
  const keys = keysUnder(PREFIX);
  const share = Math.round((used() / LOCAL_ROOM) * 100);
  const room = /** @type {HTMLElement} */ (box.querySelector("[data-device-room]"));
  room.textContent = `${keys.length} ${keys.length === 1 ? "record" : "records"} kept, using about ${share}% of the room this browser gives the site.`;
  if (!keys.length) {
    holder.replaceChildren("Nothing is kept on this device yet.");
    return;
  }
  const ul = document.createElement("ul");
  for (const key of keys) {
    const li = document.createElement("li");
    const text = readText(key) ?? "";
    const data = parsed(text);
    const when = data && typeof data.saved === "string" && !Number.isNaN(Date.parse(data.saved)) ? ` (kept ${timeWords(data.saved)})` : "";
    li.textContent = `${describe(key)}${when} `;
    if (key.includes(".unreadable.")) {
      const get = document.createElement("button");
      get.type = "button";
      get.className = "codex-saves__answer";
      get.textContent = "Download it";
      get.addEventListener("click", () => download(`${key.replace(/[^A-Za-z0-9-]+/g, "-")}.json`, text));
      const drop = document.createElement("button");
      drop.type = "button";
      drop.className = "codex-saves__answer codex-saves__answer--danger";
      drop.textContent = "Delete it";
      drop.addEventListener("click", () => {
        if (!removeKey(key)) return say(box, "This browser would not delete it.");
        list(box);
        say(box, `Deleted ${describe(key)}.`, ["Undo", () => {
          if (writeText(key, text)) say(box, "It could not be put back: this browser's storage is full.");
          else {
            list(box);
            say(box, "It is back.");
          }
        }]);
      });
      li.append(get, " ", drop);
    }
    ul.append(li);
  }
  holder.replaceChildren(ul);
}

/** @param {HTMLElement} box @param {HTMLInputElement} input */
async function restoreFile(box, input) {
  const file = input.files?.[0];
  if (!file) return;
  input.value = "";
  const refuse = (/** @type {string} */ why) => say(box, `${file.name} could not be restored: ${why}. Nothing was changed.`);
  say(box, `Reading ${file.name}…`);
  if (file.size > FILE_SIZE) return refuse(`it is ${(file.size / 1e6).toFixed(1)} MB, more than a backup of this site can be`);
  let data;
  try {
    data = JSON.parse(await file.text());
  } catch {
    return refuse("it is not valid JSON");
  }
  const problem = backupProblem(data);
  if (problem) return refuse(problem);
  const { restored, same, failed, clashes } = restore(/** @type {Backup} */ (data));
  list(box);
  const parts = [`Restored ${restored} of the ${data.items.length} records in ${file.name}`];
  if (same) parts.push(`${same} ${same === 1 ? "was" : "were"} here already`);
  if (failed.length) parts.push(`${failed.length} could not be written (this browser's storage is full): ${failed.map(describe).join("; ")}`);
  const done = `${parts.join("; ")}.`;
  if (!clashes.length) return say(box, done);
  const after = (/** @type {string[]} */ more, /** @type {string} */ what) => {
    list(box);
    say(box, more.length ? `${what}, except ${more.map(describe).join("; ")}: this browser's storage is full.` : `${what}.`);
  };
  say(box, `${done} ${clashes.length} ${clashes.length === 1 ? "record differs" : "records differ"} from what this device holds: ` +
    `${clashes.map((c) => c.why).join("; ")}.`,
  ["Keep both", () => after(settle(clashes, "both"), "Kept both: the file's copies are beside this device's")],
  ["Keep this device's", () => after(settle(clashes, "device"), "Kept this device's records")],
  ["Use the file's", () => after(settle(clashes, "file"), "Replaced them with the file's"), "danger"]);
}

function bindPage() {
  for (const box of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-device]"))) {
    if (box.dataset.deviceReady) continue;
    box.dataset.deviceReady = "yes";
    box.hidden = false;
    list(box);
    box.querySelector('[data-device-action="export"]')?.addEventListener("click", () => {
      const backup = exportBackup();
      say(box, `Exported ${backup.items.length} ${backup.items.length === 1 ? "record" : "records"} as a backup file.`);
    });
    const input = /** @type {HTMLInputElement | null} */ (box.querySelector('[data-device-action="restore"]'));
    input?.addEventListener("change", () => restoreFile(box, input));
  }
}

everyPage(bindPage);
