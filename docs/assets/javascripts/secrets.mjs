// What a device holds and sends with a question, never shown, linked, saved or logged: a
// calculator's secret inputs (spec.Input.secret), which the form draws no control for. One for now:
// the tile table's key (rain.tile_table `table_key`), 32 bytes drawn from crypto.getRandomValues on
// the GM's device the first time it asks about a session, kept under the session's id with
// device-store.mjs, and sent with each question so the engine signs the players' codes and checks a
// code brought back (calculators/rain/seat_code.py). A phone that only opens a seat's code never
// asks the tile table, and so never holds a key. Why: ARCHITECTURE.md, "Secrets without the link".
import { PREFIX, readText, writeText } from "./device-store.mjs";

/** @typedef {import("./rows.mjs").Inputs} Inputs */

const TABLE = "rain.tile_table";
const SESSION = /^R1(\d{6})/; // a session's code opens with its id (calculators/rain/session_code.py)
const KEY_BYTES = 32;

/** The key kept for a tile-table session. @param {string} session its six digits */
export const tableKeyName = (session) => `${PREFIX}key.${TABLE}.${session}`;

/** This device's key for the session `code` opens (drawn and kept the first time), or "" where
 *  there is no session or the device would not keep one (the engine then says its codes carry no check).
 * @param {unknown} code */
function tableKey(code) {
  const found = typeof code === "string" ? SESSION.exec(code.replace(/\s+/g, "")) : null;
  if (!found) return "";
  const name = tableKeyName(found[1]);
  const kept = readText(name);
  if (kept && /^[0-9a-f]{64}$/.test(kept)) return kept;
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  const key = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return writeText(name, key) === "" ? key : "";
}

/** The inputs as the engine is asked them: the form's, and the secrets this device adds.
 * @param {HTMLFormElement} form @param {Inputs} inputs @returns {Inputs} */
export function withSecrets(form, inputs) {
  if (form.dataset.calc !== TABLE) return inputs;
  const key = tableKey(inputs.session);
  return key ? { ...inputs, table_key: key } : inputs;
}
