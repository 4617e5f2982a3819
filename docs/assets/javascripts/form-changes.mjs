// The one way a module tells the others that a form changed, by direct calls in a fixed order:
// no synthetic `input`/`change` events, no capture listeners, no timers between modules.
// - `changed(form, made)`: code set some of the form's inputs (a row added, a save loaded, a
//   button pressed). The form's table tool records it first (store.mjs: a change to the game, or
//   the change being entered), then the engine is asked (codex.mjs).
// - `answered(form, answer)`: an answer was drawn. Each module that follows answers is called.
// A reader's own typing reaches codex.mjs and table-tools.mjs as the browser's events.

/**
 * @typedef {import("./store.mjs").Change} Change
 * @typedef {object} Made what code changed in a form
 * @property {string} label the change in the GM's words ("Removed Goblin 2", "Next: phase 2, tick 3")
 * @property {string} [summary] what a pressed button does, as the engine said it beside the button
 *   ("Goblin 2 takes 3 physical damage; Next: Mei Ling"): a table tool's log shows it after the label
 * @property {Change | null} [change] the change to the game, as the log keeps it (null: the form's
 *   inputs as they now stand are the change, an edit)
 * @property {boolean} [shown] a state being shown (Undo, Redo, a log opened): nothing to record
 * @property {import("./store.mjs").LogData} [log] a saved game's history, now in the form (a table tool
 *   takes it after the game it replaced)
 * @property {string} [fight] the id of the saved game now in the form (a table tool goes on as that fight)
 * @typedef {(made: Made) => void} OnChanged
 * @typedef {(answer: import("./codex.mjs").Answer) => void} OnAnswered
 */

/** @type {WeakMap<HTMLFormElement, { record: OnChanged | null, ask: OnChanged | null, answers: OnAnswered[] }>} */
const hubs = new WeakMap();

/** @param {HTMLFormElement} form */
function hub(form) {
  let h = hubs.get(form);
  if (!h) {
    h = { record: null, ask: null, answers: [] };
    hubs.set(form, h);
  }
  return h;
}

/** The form's table tool records what code changes (store.mjs). @param {HTMLFormElement} form @param {OnChanged} fn */
export function whenChangedRecord(form, fn) {
  hub(form).record = fn;
}

/** The engine is asked after each change (codex.mjs). @param {HTMLFormElement} form @param {OnChanged} fn */
export function whenChangedAsk(form, fn) {
  hub(form).ask = fn;
}

/** Code set some of `form`'s inputs: recorded, then asked. @param {HTMLFormElement} form @param {Made} made */
export function changed(form, made) {
  const h = hub(form);
  h.record?.(made);
  h.ask?.(made);
}

/** Call `fn` after every answer drawn in `form`. @param {HTMLFormElement} form @param {OnAnswered} fn */
export function whenAnswered(form, fn) {
  hub(form).answers.push(fn);
}

/** An answer was drawn in `form`. @param {HTMLFormElement} form @param {import("./codex.mjs").Answer} answer */
export function answered(form, answer) {
  for (const fn of hub(form).answers) fn(answer);
}
