// The tile table's part of the phone link, as plain data (no page, no connection): the engine's
// projections for the phones (calculators/rain/phones.py, the tile table's `data-phone-views`),
// each board checked by shape before a phone draws it, a player's request (an act its seat is
// offered now) checked against those projections, and the messages' shapes. Loaded by link-gm.mjs
// (the GM's device) and join.mjs (the phone), and run by node in the unit tests.

const NAME_LENGTH = 100;
const TEXT_LENGTH = 1000;
const KEY_LENGTH = 40; // an act's key ("yang0", "aspect1-water", "split2-3")
const MAX_SECTIONS = 16;
const MAX_LINES = 64;
const MAX_HANDS = 8;
const MAX_TILES = 160; // more than a whole set (144 tiles and the Flowers and Seasons)
const MAX_ACTS = 32;
const MAX_SEATS = 16;

/**
 * @typedef {{ id: string, name: string, glyph: string, category: string, mark: string }} Tile a tile face up
 * @typedef {{ label: string, tiles: Tile[], backs: number, large: boolean }} Hand tiles in a row, then face-down ones
 * @typedef {{ title: string, lines: string[], hands: Hand[], current: boolean }} Section
 * @typedef {{ sections: Section[], empty: string }} Board a view of the table, as the engine draws it (no buttons)
 * @typedef {{ key: string, label: string }} Offer an act a phone may ask for, as the phone sees it
 * @typedef {{ key: string, label: string, sets: Record<string, unknown> }} Act an act as the GM's device holds it
 * @typedef {{ name: string, state: string, current: boolean }} Seated a seat as everyone sees it
 * @typedef {{ name: string, boards: Board[], acts: Act[], note: string }} SeatPhone one seat's phone's part
 * @typedef {object} PhoneViews the engine's projections of the tile table at one step
 * @property {number} step
 * @property {string} round
 * @property {string} now
 * @property {string} acting
 * @property {Seated[]} seats
 * @property {Board[]} shared for a phone that plays no seat, and the shared screen
 * @property {SeatPhone[]} phones
 * @typedef {{ name: string, step: number, note: string, acts: Offer[] }} SeatPart what one phone is told it may ask
 * @typedef {{ key: string, step: number }} AskAct a phone's request
 * @typedef {{ key: string, ok: boolean, why: string }} Acted the GM's word on it
 */

/** @param {unknown} value @param {number} most @returns {string | null} */
function text(value, most) {
  return typeof value === "string" && value.length <= most ? value : null;
}

/** @param {unknown} value @returns {value is Record<string, unknown>} */
function isRecord(value) {
  return Boolean(value) && typeof value === "object" && !Array.isArray(value);
}

/** @param {unknown} value @param {number} most @returns {value is unknown[]} */
function list(value, most) {
  return Array.isArray(value) && value.length <= most;
}

/** @param {unknown} t @returns {Tile | null} */
function tileOf(t) {
  if (!isRecord(t)) return null;
  const id = text(t.id, NAME_LENGTH);
  const name = text(t.name, NAME_LENGTH);
  const glyph = text(t.glyph, 8);
  const category = text(t.category, 20);
  const mark = text(t.mark ?? "", 20);
  if (id === null || name === null || glyph === null || category === null || mark === null) return null;
  // A class name is made of it on the phone: letters only, as the engine writes them.
  if (!/^[a-z]*$/.test(category) || !/^[a-z]*$/.test(mark)) return null;
  return { id, name, glyph, category, mark };
}

/** @param {unknown} h @returns {Hand | null} */
function handOf(h) {
  if (!isRecord(h) || !list(h.tiles, MAX_TILES)) return null;
  const label = text(h.label, TEXT_LENGTH);
  const backs = h.backs ?? 0;
  if (label === null || !Number.isInteger(backs) || /** @type {number} */ (backs) < 0 || /** @type {number} */ (backs) > MAX_TILES) return null;
  // A hand of the GM's page may hold buttons drawn as tiles (picks): a phone is sent tiles only.
  const tiles = h.tiles.map(tileOf);
  if (tiles.some((t) => t === null)) return null;
  return { label, tiles: /** @type {Tile[]} */ (tiles), backs: /** @type {number} */ (backs), large: h.large === true };
}

/** A board as a phone may draw it, checked: null when any part is not what the engine writes.
 * @param {unknown} b @returns {Board | null} */
export function boardOf(b) {
  if (!isRecord(b) || !list(b.sections, MAX_SECTIONS)) return null;
  const empty = text(b.empty ?? "", TEXT_LENGTH);
  if (empty === null) return null;
  /** @type {Section[]} */
  const sections = [];
  for (const s of b.sections) {
    if (!isRecord(s) || !list(s.lines, MAX_LINES) || !list(s.hands ?? [], MAX_HANDS)) return null;
    const title = text(s.title, TEXT_LENGTH);
    const lines = s.lines.map((l) => text(l, TEXT_LENGTH));
    const hands = /** @type {unknown[]} */ (s.hands ?? []).map(handOf);
    if (title === null || lines.some((l) => l === null) || hands.some((h) => h === null)) return null;
    sections.push({ title, lines: /** @type {string[]} */ (lines), hands: /** @type {Hand[]} */ (hands), current: s.mark === "current" || s.current === true });
  }
  return { sections, empty };
}

/** @param {unknown} value @param {number} most @returns {Board[] | null} */
export function boardsOf(value, most = 4) {
  if (!list(value, most)) return null;
  const boards = value.map(boardOf);
  return boards.some((b) => b === null) ? null : /** @type {Board[]} */ (boards);
}

/** @param {unknown} a @returns {Act | null} */
function actOf(a) {
  if (!isRecord(a) || !Array.isArray(a.sets)) return null;
  const key = text(a.key, KEY_LENGTH);
  const label = text(a.label, TEXT_LENGTH);
  if (!key || label === null) return null;
  /** @type {Record<string, unknown>} */
  const sets = {};
  for (const pair of a.sets) {
    if (!Array.isArray(pair) || pair.length !== 2 || typeof pair[0] !== "string") return null;
    sets[pair[0]] = pair[1];
  }
  return { key, label, sets };
}

/** The tile table's projections for the phones (its answer's `data-phone-views`), checked: null when
 *  there is no session, or it is not what the engine writes. @param {string | undefined} json @returns {PhoneViews | null} */
export function phoneViewsOf(json) {
  let data;
  try {
    data = JSON.parse(json || "null");
  } catch {
    return null;
  }
  if (!isRecord(data) || !Number.isInteger(data.step) || !list(data.seats, MAX_SEATS) || !list(data.phones, MAX_SEATS)) return null;
  const round = text(data.round, TEXT_LENGTH);
  const now = text(data.now, TEXT_LENGTH);
  const acting = text(data.acting, TEXT_LENGTH);
  const shared = boardsOf(data.shared);
  if (round === null || now === null || acting === null || !shared) return null;
  /** @type {Seated[]} */
  const seats = [];
  for (const s of data.seats) {
    const name = isRecord(s) ? text(s.name, NAME_LENGTH) : null;
    const state = isRecord(s) ? text(s.state, TEXT_LENGTH) : null;
    if (name === null || state === null) return null;
    seats.push({ name, state, current: /** @type {Record<string, unknown>} */ (s).current === true });
  }
  /** @type {SeatPhone[]} */
  const phones = [];
  for (const p of data.phones) {
    if (!isRecord(p) || !list(p.acts, MAX_ACTS)) return null;
    const name = text(p.name, NAME_LENGTH);
    const note = text(p.note, TEXT_LENGTH);
    const boards = boardsOf(p.boards);
    const acts = p.acts.map(actOf);
    if (name === null || note === null || !boards || acts.some((a) => a === null)) return null;
    phones.push({ name, boards, acts: /** @type {Act[]} */ (acts), note });
  }
  if (phones.length !== seats.length) return null;
  return { step: /** @type {number} */ (data.step), round, now, acting, seats, shared, phones };
}

/** What the phone that plays seat `name` is told it may ask for (never an act's sets: the GM's device
 *  applies its own). @param {PhoneViews} views @param {string} name @returns {SeatPart | null} */
export function seatPartOf(views, name) {
  const found = views.phones.filter((p) => p.name === name);
  if (found.length !== 1) return null;
  const [phone] = found;
  return { name, step: views.step, note: phone.note, acts: phone.acts.map(({ key, label }) => ({ key, label })) };
}

/** A phone's request for an act, checked by shape: null when it is not one. @param {Record<string, unknown>} m @returns {AskAct | null} */
export function askActOf(m) {
  if (m.t !== "act" || m.v !== 1 || Object.keys(m).length !== 4 || !Number.isInteger(m.step)) return null;
  const key = text(m.key, KEY_LENGTH);
  return key ? { key, step: /** @type {number} */ (m.step) } : null;
}

/** The GM's word on a request, checked: null when it is not one. @param {Record<string, unknown>} m @returns {Acted | null} */
export function actedOf(m) {
  if (m.t !== "acted" || m.v !== 1) return null;
  const key = text(m.key, KEY_LENGTH);
  const why = text(m.why, TEXT_LENGTH);
  return key === null || why === null || typeof m.ok !== "boolean" ? null : { key, ok: m.ok, why };
}

/** The seat's part a phone is told, checked: null when it is not that. @param {unknown} s @returns {SeatPart | null} */
export function seatPartFrom(s) {
  if (!isRecord(s) || !Number.isInteger(s.step) || !list(s.acts, MAX_ACTS)) return null;
  const name = text(s.name, NAME_LENGTH);
  const note = text(s.note, TEXT_LENGTH);
  if (name === null || note === null) return null;
  /** @type {Offer[]} */
  const acts = [];
  for (const a of s.acts) {
    const key = isRecord(a) ? text(a.key, KEY_LENGTH) : null;
    const label = isRecord(a) ? text(a.label, TEXT_LENGTH) : null;
    if (!key || label === null) return null;
    acts.push({ key, label });
  }
  return { name, step: /** @type {number} */ (s.step), note, acts };
}

/** The act a phone playing seat `name` may have now, or why not: the step it saw must be the
 *  table's step (a request that crossed a change of the GM's is refused, never applied to a game
 *  its player did not see), and the act one its seat is offered now.
 * @param {PhoneViews | null} views @param {string} name ("": the phone plays no seat) @param {AskAct} ask @returns {Act | string} */
export function checkAct(views, name, { key, step }) {
  if (!name) return "This phone plays no seat: pick yours first.";
  if (!views) return "The GM's tile table has no session going.";
  const found = views.phones.filter((p) => p.name === name);
  if (found.length !== 1) return found.length ? `Two seats are called ${name}: ask the GM to rename one.` : `No seat called ${name} is at the table now.`;
  if (step !== views.step) return `The table moved on before your request came (it is at step ${views.step} now): look again, then ask again.`;
  const act = found[0].acts.find((a) => a.key === key);
  return act ?? `${name} cannot ask for that now.`;
}
