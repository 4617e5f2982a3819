// Everything the site keeps on this device goes through here: one key of the browser's
// localStorage per record (a fight kept by a table tool, a save, a record set aside, the chosen
// readings), all under the prefix "codex.". A write of one key is whole or not at all (the browser
// writes a key's text in one step or throws), so a record is never half written; what this module
// adds is that no failure is swallowed (every write says whether it was done, and why not), that
// the room left is watched before it runs out, and that two tabs changing the same record take
// turns (Web Locks). Why localStorage and not IndexedDB: ARCHITECTURE.md, "What the device keeps".

export const PREFIX = "codex.";
// localStorage's room per site: 5 MiB in Firefox and Safari, 10 MiB of UTF-16 (5 M characters)
// in Chromium. The smaller, counted in characters of keys and values, is the room we plan for.
export const LOCAL_ROOM = 5_000_000;
const NEARLY = 0.8; // the share of the room after which the page warns and offers a backup

/** @typedef {"" | "full" | "refused"} Refusal why a write was not done ("" when it was) */

/** localStorage, or null where the browser refuses it (some private windows, a sandbox). */
export function storage() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The text kept under `key`, or null. @param {string} key */
export function readText(key) {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

/** Keep `text` under `key`: "" when written, else why not ("full": no room; "refused": no storage).
 * @param {string} key @param {string} text @returns {Refusal} */
export function writeText(key, text) {
  const store = storage();
  if (!store) return "refused";
  try {
    store.setItem(key, text);
  } catch (error) {
    return error instanceof DOMException && /quota/i.test(`${error.name} ${error.message}`) ? "full" : "refused";
  }
  checked = 0; // the room left changed: ask again at the next check
  return "";
}

/** Delete `key`; false when the browser would not. @param {string} key */
export function removeKey(key) {
  try {
    storage()?.removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** Every key kept whose name begins with `start`, sorted. @param {string} start */
export function keysUnder(start) {
  const store = storage();
  const keys = [];
  if (store) {
    for (let i = 0; i < store.length; i++) {
      const key = store.key(i);
      if (key?.startsWith(start)) keys.push(key);
    }
  }
  return keys.sort();
}

/** Characters the site's records take (keys and texts). */
export function used() {
  let total = 0;
  for (const key of keysUnder(PREFIX)) total += key.length + (readText(key)?.length ?? 0);
  return total;
}

/** A key for a record set aside from `key` that no record has yet: `<key>.unreadable.<time>`.
 * @param {string} key */
export function asideKey(key) {
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const base = `${key}.unreadable.${stamp}`;
  let aside = base;
  for (let n = 2; readText(aside) !== null; n++) aside = `${base}.${n}`;
  return aside;
}

/** Run `fn` while no other tab of this site runs one under the same `name` (Web Locks); at once
 *  where the browser has none. @template T @param {string} name @param {() => T} fn @returns {Promise<T>} */
export async function withLock(name, fn) {
  const locks = navigator.locks;
  if (!locks?.request) return fn();
  return /** @type {Promise<T>} */ (locks.request(name, () => fn()));
}

// ---- the room left --------------------------------------------------------------------------

let checked = 0; // when the room was last counted (performance.now()), 0: count at the next ask
/** @type {string} */
let lastWords = "";
const CHECK_EVERY = 10_000; // ms: counting reads every record, so not at every change

/** Words for the reader when the room is running out ("" while there is room): localStorage's own
 *  room, and the site's whole quota (navigator.storage.estimate, which the offline copy shares).
 *  @param {boolean} now count even if counted a moment ago */
export async function roomWords(now = false) {
  if (!now && checked && performance.now() - checked < CHECK_EVERY) return lastWords;
  checked = performance.now();
  const share = used() / LOCAL_ROOM;
  let words = "";
  if (share >= NEARLY) {
    words = `The room this site has on this device for fights and saves is ${Math.round(share * 100)}% full: ` +
      "export a backup file now, then delete saves you no longer need.";
  } else {
    try {
      const { usage, quota } = (await navigator.storage?.estimate?.()) ?? {};
      if (usage && quota && usage / quota >= NEARLY) {
        words = `This browser has ${Math.round((usage / quota) * 100)}% of this site's storage in use: ` +
          "export a backup file now, before a write fails.";
      }
    } catch { /* a browser without the estimate: localStorage's own count stands */ }
  }
  lastWords = words;
  return words;
}

/** Save `text` as a file named `name` (the browser's download). @param {string} name @param {string} text */
export function download(name, text) {
  const blob = new Blob([text], { type: "application/json" });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(blob);
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

/** A file name made of `words` (letters, digits and dashes), ending in .json. @param {string} words */
export function fileName(words) {
  return `${words.replace(/[^A-Za-z0-9-]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "codex"}.json`;
}
