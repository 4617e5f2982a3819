// What the page's modules remember about one calculator form, in one typed record per form: the
// only place per-form state lives (no property is set on a form or on its elements). Kept in a
// WeakMap, so a form that leaves the page (instant navigation) takes its record with it. What CSS,
// tests and the benchmark read stays on the form as data-* attributes (data-busy, data-live,
// data-answered, data-applying, data-pending, …), written by the module that owns each.

/**
 * @typedef {import("./codex.mjs").Change} Change
 * @typedef {import("./rows.mjs").Row} Row
 * @typedef {import("./table-tools.mjs").Tool} Tool
 * @typedef {import("./round-prompt.mjs").RoundPrompt} RoundPrompt
 * @typedef {import("./url-state.mjs").StateFormat} StateFormat
 */

/**
 * @typedef {object} FormState
 * @property {boolean} bound codex.mjs has bound the form to the worker (once per form)
 * @property {string | null} sent codex.mjs: the inputs last sent to the worker, as JSON
 * @property {boolean} busy codex.mjs: an answer is on its way
 * @property {Change | null} waiting codex.mjs: the newest change made while an answer was on its way
 * @property {Map<Element, string>} shown codex.mjs: each output's HTML as last drawn (not read back from the DOM)
 * @property {Map<string, Record<string, string>>} known codex.mjs: the outputs of recent answers, by their
 *   inputs (JSON), newest last: a state met again (undo, a Next asked ahead) is drawn at once
 * @property {boolean} foreseeing codex.mjs: a question asked ahead (`foresee`) is on its way
 * @property {{ key: string, reply: Promise<import("./codex.mjs").Answer> } | null} ahead codex.mjs: that
 *   question's inputs (JSON) and its reply to come (a tap on the state it asks for awaits it, not a second trip)
 * @property {Record<string, unknown>[] | null} later codex.mjs: states to ask ahead for once the answer on
 *   its way is drawn
 * @property {StateFormat | null} format url-state.mjs: how the form's inputs sit in the address (its data-state)
 * @property {string} step history.mjs: the name of the change about to happen ("" when none)
 * @property {number | undefined} pendingTimer loading.mjs: the timer that marks a slow answer
 * @property {number | undefined} sayTimer calc-tools.mjs: the timer that clears the tools' status line
 * @property {Map<Element, RowsTable>} rowTables rows.mjs: each rows table's rows, by its holder
 * @property {string | null | undefined} answered rows.mjs: the inputs (formKey) the results shown answer
 * @property {boolean} applyFocus rows.mjs: after the answer, focus the next apply button
 * @property {{ since: number } | null} applying rows.mjs: an apply tap held off until its answer is in
 * @property {number | undefined} applyTimer rows.mjs: the timer that ends the hold
 * @property {boolean} tileTableBound tile-table.mjs has bound the form's buttons
 * @property {string | undefined} actKey tile-table.mjs: the key of the button last tapped (the focus returns to it)
 * @property {string} actOutput tile-table.mjs: the output that button sat in
 * @property {Tool | null} table table-tools.mjs: the form's table tool (history, bar, kept fight)
 * @property {RoundPrompt | null} roundPrompt round-prompt.mjs: the round's prompt (its button, the round last seen)
 */

/**
 * @typedef {object} RowsTable
 * @property {boolean} drawn rows.mjs has drawn the table once (its own shape from then on)
 * @property {Row[]} rows the rows as records, as the table shows them
 */

/** @type {WeakMap<HTMLFormElement, FormState>} */
const states = new WeakMap();

/** The record of `form`, made empty the first time it is asked for.
 * @param {HTMLFormElement} form
 * @returns {FormState} */
export function formState(form) {
  let state = states.get(form);
  if (!state) {
    state = {
      bound: false, sent: null, busy: false, waiting: null, shown: new Map(), known: new Map(), foreseeing: false, ahead: null, later: null,
      format: null, step: "",
      pendingTimer: undefined, sayTimer: undefined, rowTables: new Map(), answered: undefined,
      applyFocus: false, applying: null, applyTimer: undefined, tileTableBound: false, actKey: undefined,
      actOutput: "", table: null, roundPrompt: null,
    };
    states.set(form, state);
  }
  return state;
}
