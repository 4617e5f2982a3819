// What players' phones and the GM's device say to each other about a player's own fighter, as
// plain data (no page, no connection): the checks of each message by shape, the check of a round
// choice against what the engine offers now, and a choice in the log's words. Loaded by
// link-gm.mjs (the GM's device) and join.mjs (the phone), and run by node in the unit tests.

const FIELD_LENGTH = 40; // a row field's name ("ev", "last_gasp")
const NAME_LENGTH = 100; // a fighter's name, as the projection carries it
const TEXT_LENGTH = 1000;
const MAX_ASKS = 16;
const MAX_OPTIONS = 64;

/**
 * @typedef {boolean | number | string} Value a row field's value
 * @typedef {object} Ask one choice as the engine offers it (calculators/results.py `Ask`)
 * @property {string} field the row field it sets
 * @property {string} label
 * @property {"select" | "toggle"} kind a select of `options`, or a box
 * @property {[Value, string][]} options (value, words): only what the rules allow now
 * @property {Value} value what the row holds now
 * @property {string} said a toggle in words when on ("Relaxes")
 * @property {string} note what it costs or does
 * @typedef {object} FighterChoices
 * @property {string} name
 * @property {number} row the fighter's place in the rows input
 * @property {Ask[]} asks
 * @property {string} why why they choose nothing (or only Last Gasp)
 * @typedef {object} RoundChoices the engine's `round_choices` result, at a round's start
 * @property {number} round
 * @property {string} rows the rows input the choices set
 * @property {boolean} start
 * @property {FighterChoices[]} fighters
 * @typedef {{ label: string, value: string }} Fact one of a fighter's numbers as the GM's page shows it
 * @typedef {{ name: string, rule: string }} Condition
 * @typedef {object} Yours what one phone is told of the fighter it plays (and no other phone is)
 * @property {string} name
 * @property {boolean} here the fighter is in the fight now (one fighter of that name)
 * @property {string} state
 * @property {Fact[]} facts
 * @property {Condition[]} conditions
 * @property {{ round: number, asks: Ask[], why: string } | null} choices at a round's start
 * @typedef {{ fighter: string }} Claim a phone's "I play …" ("" lets its fighter go)
 * @typedef {{ field: string, value: Value }} Choose a phone's round choice
 * @typedef {{ fighter: string, ok: boolean, why: string }} Claimed the GM's word on a claim
 * @typedef {{ field: string, value: Value, ok: boolean, why: string }} Chosen the GM's word on a choice
 */

/** @param {unknown} value @param {number} most @returns {string | null} */
function text(value, most) {
  return typeof value === "string" && value.length <= most ? value : null;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** The message has exactly these keys. @param {Record<string, unknown>} m @param {string[]} keys */
function keysAre(m, keys) {
  const have = Object.keys(m);
  return have.length === keys.length && keys.every((k) => Object.hasOwn(m, k));
}

/** @param {unknown} v @returns {v is Value} */
function isValue(v) {
  return typeof v === "boolean" || (typeof v === "number" && Number.isFinite(v)) || (typeof v === "string" && v.length <= NAME_LENGTH);
}

/** A phone's claim, checked by shape: null when it is not one. @param {Record<string, unknown>} m @returns {Claim | null} */
export function claimOf(m) {
  if (m.t !== "claim" || m.v !== 1 || !keysAre(m, ["t", "v", "fighter"])) return null;
  const fighter = text(m.fighter, NAME_LENGTH);
  return fighter === null ? null : { fighter };
}

/** A phone's round choice, checked by shape: null when it is not one. @param {Record<string, unknown>} m @returns {Choose | null} */
export function chooseOf(m) {
  if (m.t !== "choose" || m.v !== 1 || !keysAre(m, ["t", "v", "field", "value"])) return null;
  const field = text(m.field, FIELD_LENGTH);
  return field && isValue(m.value) ? { field, value: m.value } : null;
}

/** The GM's word on a claim, checked: null when it is not one. @param {Record<string, unknown>} m @returns {Claimed | null} */
export function claimedOf(m) {
  if (m.t !== "claimed" || m.v !== 1) return null;
  const fighter = text(m.fighter, NAME_LENGTH);
  const why = text(m.why, TEXT_LENGTH);
  return fighter === null || why === null || typeof m.ok !== "boolean" ? null : { fighter, ok: m.ok, why };
}

/** The GM's word on a round choice, checked: null when it is not one. @param {Record<string, unknown>} m @returns {Chosen | null} */
export function chosenOf(m) {
  if (m.t !== "chosen" || m.v !== 1) return null;
  const field = text(m.field, FIELD_LENGTH);
  const why = text(m.why, TEXT_LENGTH);
  return field === null || why === null || !isValue(m.value) || typeof m.ok !== "boolean" ? null
    : { field, value: m.value, ok: m.ok, why };
}

/** One ask, checked: null when any part is not what the engine writes. @param {unknown} a @returns {Ask | null} */
function askOf(a) {
  if (!isRecord(a) || (a.kind !== "select" && a.kind !== "toggle") || !Array.isArray(a.options) || a.options.length > MAX_OPTIONS) return null;
  const field = text(a.field, FIELD_LENGTH);
  const label = text(a.label, NAME_LENGTH);
  const said = text(a.said, NAME_LENGTH);
  const note = text(a.note, TEXT_LENGTH);
  if (!field || label === null || said === null || note === null || !isValue(a.value)) return null;
  /** @type {[Value, string][]} */
  const options = [];
  for (const o of a.options) {
    const words = Array.isArray(o) && o.length === 2 ? text(o[1], NAME_LENGTH) : null;
    if (words === null || !isValue(o[0])) return null;
    options.push([o[0], words]);
  }
  return { field, label, kind: a.kind, options, value: a.value, said, note };
}

/** The round choices a form's answer carries (its `data-round-choices`), checked: null when it
 *  is not a round's start, or not what the engine writes. @param {string | undefined} json @returns {RoundChoices | null} */
export function roundChoicesOf(json) {
  let data;
  try {
    data = JSON.parse(json || "null");
  } catch {
    return null;
  }
  if (!isRecord(data) || data.start !== true || !Number.isInteger(data.round) || typeof data.rows !== "string"
      || !Array.isArray(data.fighters)) return null;
  /** @type {FighterChoices[]} */
  const fighters = [];
  for (const f of data.fighters) {
    if (!isRecord(f) || !Array.isArray(f.asks) || f.asks.length > MAX_ASKS || !Number.isInteger(f.row)) return null;
    const name = text(f.name, NAME_LENGTH);
    const why = text(f.why, TEXT_LENGTH);
    const asks = f.asks.map(askOf);
    if (name === null || why === null || asks.some((a) => a === null)) return null;
    fighters.push({ name, row: /** @type {number} */ (f.row), asks: /** @type {Ask[]} */ (asks), why });
  }
  return { round: /** @type {number} */ (data.round), rows: data.rows, start: true, fighters };
}

/** The one fighter of this name, or why there is not one. @template {{ name: string }} F
 * @param {F[]} fighters @param {string} name @returns {F | string} */
export function fighterCalled(fighters, name) {
  const found = fighters.filter((f) => f.name === name);
  if (found.length === 1) return found[0];
  return found.length ? `Two fighters are called ${name}: ask the GM to rename one.` : `No fighter called ${name} is in the fight now.`;
}

/** Why a phone may not play `fighter` now, or "". `taken`: the fighters other phones play.
 * @param {{ name: string }[]} fighters @param {string} fighter @param {string[]} taken */
export function claimProblem(fighters, fighter, taken) {
  if (!fighter) return "";
  const found = fighterCalled(fighters, fighter);
  if (typeof found === "string") return found;
  return taken.includes(fighter) ? `Another phone plays ${fighter}: ask the GM.` : "";
}

/** The ask a phone playing `fighter` may set to `value` now, or why not.
 * @param {RoundChoices | null} choices @param {string} fighter ("": the phone plays nobody) @param {Choose} choose
 * @returns {{ of: FighterChoices, ask: Ask } | string} */
export function checkChoice(choices, fighter, { field, value }) {
  if (!fighter) return "This phone plays no fighter: pick yours first.";
  if (!choices) return "It is not a round's start: choices are made as a round starts.";
  const of = fighterCalled(choices.fighters, fighter);
  if (typeof of === "string") return of;
  const ask = of.asks.find((a) => a.field === field);
  if (!ask) return `${fighter} has no such choice this round.`;
  const allowed = ask.kind === "toggle" ? typeof value === "boolean" : ask.options.some(([v]) => v === value);
  return allowed ? { of, ask } : `${ask.label} cannot be ${String(value)} for ${fighter} now.`;
}

/** A choice in the log's words ("EV 2", "Relaxes", "no Relax"). @param {Ask} ask @param {Value} value */
export function choiceWords(ask, value) {
  if (ask.kind === "toggle") return value ? ask.said || ask.label : `no ${ask.label}`;
  const offered = ask.options.find(([v]) => v === value);
  return `${ask.label} ${offered ? offered[1] : String(value)}`;
}

/** A fighter's labelled numbers as a message carries them, checked: null when any is not text.
 * @param {unknown} list @returns {Fact[] | null} */
export function factsOf(list) {
  if (!Array.isArray(list) || list.length > 32) return null;
  const facts = [];
  for (const f of list) {
    const label = isRecord(f) ? text(f.label, NAME_LENGTH) : null;
    const value = isRecord(f) ? text(f.value, TEXT_LENGTH) : null;
    if (label === null || value === null) return null;
    facts.push({ label, value });
  }
  return facts;
}

/** What one phone is told of the fighter it plays, checked: null when it is not that.
 * @param {unknown} y @returns {Yours | null} */
export function yoursOf(y) {
  if (!isRecord(y) || typeof y.here !== "boolean" || !Array.isArray(y.facts) || y.facts.length > 32
      || !Array.isArray(y.conditions) || y.conditions.length > 32) return null;
  const name = text(y.name, NAME_LENGTH);
  const state = text(y.state, TEXT_LENGTH);
  if (name === null || state === null) return null;
  const facts = factsOf(y.facts);
  if (facts === null) return null;
  const conditions = [];
  for (const c of y.conditions) {
    const cname = isRecord(c) ? text(c.name, NAME_LENGTH) : null;
    const rule = isRecord(c) ? text(c.rule, TEXT_LENGTH * 4) : null;
    if (cname === null || rule === null) return null;
    conditions.push({ name: cname, rule });
  }
  let choices = null;
  if (y.choices !== null) {
    const c = y.choices;
    if (!isRecord(c) || !Number.isInteger(c.round) || !Array.isArray(c.asks) || c.asks.length > MAX_ASKS) return null;
    const why = text(c.why, TEXT_LENGTH);
    const asks = c.asks.map(askOf);
    if (why === null || asks.some((a) => a === null)) return null;
    choices = { round: /** @type {number} */ (c.round), asks: /** @type {Ask[]} */ (asks), why };
  }
  return { name, here: y.here, state, facts, conditions, choices };
}
