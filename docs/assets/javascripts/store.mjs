// A table tool's game as a log of changes (the browser's side of calculators/table_log.py).
// The log starts from the game's inputs and keeps each change with the game as it stood after it,
// so Undo and Redo move through changes to the game and need no engine. What is kept on the
// device, shared by link and exported is this log; the engine folds a log that comes with its
// changes only (a shared link) into the same states (table_log.fold).
// The game is the tool's inputs less its draft inputs (the change being entered: who, how much),
// which the form names in data-draft: a pick or a typed amount is never a step of the log.

/** @typedef {import("./rows.mjs").Inputs} Inputs */
/**
 * @typedef {{ do: "edit", label: string, sets: Inputs }} Edit inputs set as they are
 * @typedef {{ do: "press", label: string, output: string, draft: Inputs }} Press a button the engine offered, pressed
 * @typedef {Edit | Press} Change
 * @typedef {{ change: Change, inputs: Inputs }} Entry a change and the game after it
 * @typedef {{ start: Inputs, entries: Entry[], at: number }} LogData a log as plain data (kept on the device)
 */

export const KEPT_CHANGES = 50; // changes kept behind the present (the start moves on past them)

/** Inputs as text that is the same for the same values, whatever order the form lists them in:
 *  keys sorted at every level.
 * @param {unknown} value @returns {string} */
export function stateKey(value) {
  if (Array.isArray(value)) return `[${value.map(stateKey).join(",")}]`;
  if (value && typeof value === "object") {
    const record = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${stateKey(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The inputs of `after` that differ from `before` (an edit's sets).
 * @param {Inputs} before @param {Inputs} after @returns {Inputs} */
export function differences(before, after) {
  /** @type {Inputs} */
  const sets = {};
  for (const [name, value] of Object.entries(after)) {
    if (stateKey(value) !== stateKey(before[name])) sets[name] = value;
  }
  return sets;
}

/** A change as plain data, checked: null when it is not one.
 * @param {unknown} value @returns {Change | null} */
export function asChange(value) {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const c = /** @type {Record<string, unknown>} */ (value);
  const label = typeof c.label === "string" ? c.label.slice(0, 200) : "";
  const record = (/** @type {unknown} */ v) => (v && typeof v === "object" && !Array.isArray(v) ? /** @type {Inputs} */ (v) : null);
  if (c.do === "edit" && record(c.sets)) return { do: "edit", label, sets: /** @type {Inputs} */ (record(c.sets)) };
  if (c.do === "press" && typeof c.output === "string" && record(c.draft)) {
    return { do: "press", label, output: c.output, draft: /** @type {Inputs} */ (record(c.draft)) };
  }
  return null;
}

export class Log {
  /** @param {Inputs} start @param {Entry[]} entries @param {number} at how many of them are done (the rest can be redone) */
  constructor(start, entries = [], at = entries.length) {
    this.start = start;
    this.entries = entries;
    this.at = Math.max(0, Math.min(at, entries.length));
    this.key = stateKey(this.now);
  }

  /** The game now. @returns {Inputs} */
  get now() {
    return this.at ? this.entries[this.at - 1].inputs : this.start;
  }

  get canUndo() {
    return this.at > 0;
  }

  get canRedo() {
    return this.at < this.entries.length;
  }

  /** The name of the change that led to the game now ("" at the start). */
  get lastLabel() {
    return this.at ? this.entries[this.at - 1].change.label : "";
  }

  /** The name of the change Redo would make again. */
  get nextLabel() {
    return this.canRedo ? this.entries[this.at].change.label : "";
  }

  /** The changes done, as a link or the engine's fold takes them. @returns {Change[]} */
  get changes() {
    return this.entries.slice(0, this.at).map((e) => e.change);
  }

  /** A change made: the game is now `inputs`. The changes undone are dropped. With `merge`, the
   *  same edit still going on (keys typed in one field): the last change takes it in. False when
   *  the game did not change.
   * @param {Change} change @param {Inputs} inputs */
  dispatch(change, inputs, { merge = false } = {}) {
    const key = stateKey(inputs);
    if (key === this.key) return false;
    this.entries.length = this.at;
    const last = this.entries[this.at - 1];
    if (merge && last && last.change.do === "edit" && change.do === "edit") {
      const before = this.at > 1 ? this.entries[this.at - 2].inputs : this.start;
      this.entries[this.at - 1] = { change: { ...last.change, sets: differences(before, inputs) }, inputs };
    } else {
      this.entries.push({ change, inputs });
      this.at += 1;
      if (this.entries.length > KEPT_CHANGES) { // the oldest change is folded into the start
        const dropped = this.entries.length - KEPT_CHANGES;
        this.start = this.entries[dropped - 1].inputs;
        this.entries.splice(0, dropped);
        this.at -= dropped;
      }
    }
    this.key = key;
    return true;
  }

  /** Step back: the change undone, or null. @returns {Entry | null} */
  undo() {
    if (!this.canUndo) return null;
    this.at -= 1;
    this.key = stateKey(this.now);
    return this.entries[this.at];
  }

  /** Step forward again: the change redone, or null. @returns {Entry | null} */
  redo() {
    if (!this.canRedo) return null;
    this.at += 1;
    this.key = stateKey(this.now);
    return this.entries[this.at - 1];
  }

  /** @returns {LogData} */
  toJSON() {
    return { start: this.start, entries: this.entries, at: this.at };
  }

  /** A log from its plain data; entries that are not a change with its game are dropped (with
   *  those after them: a later state cannot follow a missing one).
   * @param {{ start: Inputs, entries?: unknown, at?: unknown }} data @param {(inputs: Inputs) => boolean} usable */
  static from(data, usable) {
    /** @type {Entry[]} */
    const entries = [];
    for (const e of Array.isArray(data.entries) ? data.entries : []) {
      const change = asChange(e?.change);
      const inputs = e?.inputs;
      if (!change || !inputs || typeof inputs !== "object" || Array.isArray(inputs) || !usable(inputs)) break;
      entries.push({ change, inputs });
    }
    const at = typeof data.at === "number" && Number.isInteger(data.at) ? data.at : entries.length;
    return new Log(data.start, entries, at);
  }
}

/** A log as a link carries it: the game before its last `count` changes done, and those changes,
 *  as text safe in an address. `linked` writes inputs as a link does (rows as their codes).
 * @param {Log} log @param {number} count @param {(inputs: Inputs) => Inputs} linked */
export function logText(log, count, linked) {
  const first = Math.max(0, log.at - count);
  const start = first ? log.entries[first - 1].inputs : log.start;
  const changes = log.entries.slice(first, log.at).map(({ change }) => (change.do === "edit"
    ? { ...change, sets: linked(change.sets) } : { ...change, draft: linked(change.draft) }));
  const json = JSON.stringify({ start: linked(start), changes });
  const bytes = new TextEncoder().encode(json);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** The start and changes a link's log text holds, or null when it holds none that can be read.
 * @param {string} text @returns {{ start: Inputs, changes: Change[] } | null} */
export function readLogText(text) {
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const data = JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (/** @type {string} */ c) => c.charCodeAt(0))));
    if (!data || typeof data !== "object" || !data.start || typeof data.start !== "object" || Array.isArray(data.start)
        || !Array.isArray(data.changes)) return null;
    /** @type {(Change | null)[]} */
    const changes = data.changes.map(asChange);
    if (changes.some((c) => c === null)) return null;
    return { start: data.start, changes: /** @type {Change[]} none is null: checked above */ (changes) };
  } catch {
    return null;
  }
}
