// A table tool's history: the states its form went through, so every change can be undone and
// redone. A state is the form's inputs as plain data (rows as records, as saves hold them); each
// remembers the change that led to it ("Removed Goblin 2", "Next"), which Undo and Redo name.
// Nothing here knows a page: table-tools.mjs records and restores, and the modules that make a
// change (a row removed, a save loaded, Next) name it first with markStep.

import { formState } from "./form-state.mjs";

/** @typedef {import("./rows.mjs").Inputs} Inputs */
/** @typedef {{ inputs: Inputs, label: string }} Step a state and the change that led to it */
/** @typedef {Step & { key: string }} Entry a step with its stateKey */
/** @typedef {{ past: Step[], label: string, future: Step[] }} HistoryData a history as plain data */

export const KEPT_STATES = 50; // states kept behind the present; the issue asks for at least 20

/** Name the next change of `form` (the next state recorded takes the name).
 * @param {HTMLFormElement} form @param {string} label */
export function markStep(form, label) {
  formState(form).step = label;
}

/** The name given to the change that just happened, once; "" when none was given.
 * @param {HTMLFormElement} form */
export function takeStep(form) {
  const state = formState(form);
  const label = state.step || "";
  state.step = "";
  return label;
}

/** Inputs as text that is the same for the same values, whatever order the form lists them in
 *  (a table tool moves some of its fields into its bar): keys sorted at every level.
 * @param {unknown} value @returns {string} */
export function stateKey(value) {
  if (Array.isArray(value)) return `[${value.map(stateKey).join(",")}]`;
  if (value && typeof value === "object") {
    const record = /** @type {Record<string, unknown>} */ (value);
    return `{${Object.keys(record).sort().map((k) => `${JSON.stringify(k)}:${stateKey(record[k])}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** @param {Inputs} inputs @returns {Entry} */
function entry(inputs, label = "") {
  return { inputs, label, key: stateKey(inputs) };
}

export class History {
  /** `now` is the present state; `past` and `future` lists of {inputs, label}, oldest first.
   * @param {Inputs} now @param {Step[]} past @param {Step[]} future */
  constructor(now, past = [], future = []) {
    this.present = entry(now, "");
    this.past = past.map((e) => entry(e.inputs, e.label));
    this.future = future.map((e) => entry(e.inputs, e.label));
  }

  get now() {
    return this.present.inputs;
  }

  get canUndo() {
    return this.past.length > 0;
  }

  get canRedo() {
    return this.future.length > 0;
  }

  /** The form now shows `inputs`. A new state (the old one goes into the past, the redo list is
   *  dropped), or with `merge` the same step still going on (typing in one field): the present
   *  is replaced. False when nothing changed.
   * @param {Inputs} inputs */
  record(inputs, { label = "", merge = false } = {}) {
    const next = entry(inputs, label);
    if (next.key === this.present.key) return false;
    if (merge && this.past.length) {
      next.label = this.present.label || label;
    } else {
      this.past.push(this.present);
      if (this.past.length > KEPT_STATES) this.past.splice(0, this.past.length - KEPT_STATES);
    }
    this.present = next;
    this.future = [];
    return true;
  }

  /** Step back: {inputs to show, label of the change undone}, or null. */
  undo() {
    if (!this.past.length) return null;
    const undone = this.present;
    this.future.push(undone);
    this.present = /** @type {Entry} not empty: checked above */ (this.past.pop());
    return { inputs: this.present.inputs, label: undone.label };
  }

  /** Step forward again: {inputs to show, label of the change redone}, or null. */
  redo() {
    if (!this.future.length) return null;
    this.past.push(this.present);
    this.present = /** @type {Entry} not empty: checked above */ (this.future.pop());
    return { inputs: this.present.inputs, label: this.present.label };
  }

  /** The label of the change that led to the present state. */
  get lastLabel() {
    return this.present.label;
  }

  /** Plain data for the device's copy (table-tools.mjs keeps it with the fight).
   * @returns {HistoryData} */
  toJSON() {
    const plain = (/** @type {Entry} */ e) => ({ inputs: e.inputs, label: e.label });
    return { past: this.past.map(plain), label: this.present.label, future: this.future.map(plain) };
  }

  /** A history from its plain data, with `now` as the present; the label of the present comes too.
   * @param {Inputs} now @param {{ past?: Step[], future?: Step[], label?: unknown }} kept */
  static from(now, kept) {
    const history = new History(now, kept.past || [], kept.future || []);
    history.present.label = typeof kept.label === "string" ? kept.label : "";
    return history;
  }
}
