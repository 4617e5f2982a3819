// The player's side of the phone link: the page "Join a table" (docs/join.md; loaded by
// link-bind.mjs on that page only). The phone reads the GM's offer (its camera, or the code typed
// or pasted), shows its own answer as a QR code and a code, and once linked shows what the GM's
// device sends: the round, who acts now and next, and each fighter's public state. Everything
// received is checked field by field and written as text (never as markup); a message that fails
// is dropped and counted, and the table shown stays as it was.

import { CodeError, answerOffer, cleanCode, parseMessage, textOf } from "./link.mjs";
import { drawQr } from "./qr-draw.mjs";
import { scanInto } from "./scan-field.mjs";

/**
 * @typedef {import("./link-gm.mjs").Projection} Projection
 * @typedef {import("./link.mjs").Peer} Peer
 */

/** @type {Peer | null} */
let peer = null;
let dropped = 0;
let answered = ""; // the offer code last answered, or being answered (the same code again makes no new answer)

/** @param {HTMLElement} box @param {string} selector @returns {HTMLElement} the page writes it (docs/join.md) */
const part = (box, selector) => /** @type {HTMLElement} */ (box.querySelector(selector));

/** @param {HTMLElement} box @param {string} text */
function say(box, text) {
  part(box, "[data-join-status]").textContent = text;
}

/** The projection in a message, checked: null when any field is not what the GM's page sends.
 * @param {Record<string, unknown>} m @returns {Projection | null} */
export function tableOf(m) {
  if (m.t !== "table" || m.v !== 1 || !Array.isArray(m.fighters) || m.fighters.length > 64) return null;
  const title = textOf(m.title, 200);
  const round = textOf(m.round, 1000);
  const now = textOf(m.now, 1000);
  const acting = textOf(m.acting, 1000);
  const next = textOf(m.next, 1000);
  if (title === null || round === null || now === null || acting === null || next === null) return null;
  const fighters = [];
  for (const f of m.fighters) {
    if (!f || typeof f !== "object" || Array.isArray(f)) return null;
    const name = textOf(f.name, 100);
    const state = textOf(f.state, 300);
    if (name === null || state === null || typeof f.current !== "boolean") return null;
    fighters.push({ name, state, current: f.current });
  }
  return { t: "table", v: 1, title, round, now, acting, next, fighters };
}

/** The table as the GM's device last sent it (text only). @param {HTMLElement} box @param {Projection} table */
function show(box, table) {
  const view = part(box, "[data-join-table]");
  view.hidden = false;
  part(view, "[data-join-title]").textContent = table.title || "The table";
  const facts = part(view, "[data-join-facts]");
  /** @type {HTMLElement[]} */
  const rows = [];
  for (const [label, text] of [["Round", table.round], ["Now", table.now], ["Acting now", table.acting], ["Next", table.next]]) {
    if (!text) continue;
    const dt = document.createElement("dt");
    dt.textContent = label;
    const dd = document.createElement("dd");
    dd.textContent = text;
    dd.dataset.joinFact = label.toLowerCase().replace(" ", "-");
    rows.push(dt, dd);
  }
  facts.replaceChildren(...rows);
  const list = part(view, "[data-join-fighters]");
  list.replaceChildren(...table.fighters.map((f) => {
    const item = document.createElement("li");
    item.textContent = f.state ? `${f.name}: ${f.state}` : f.name;
    if (f.current) item.setAttribute("aria-current", "step");
    return item;
  }));
  list.hidden = !table.fighters.length;
}

/** @param {HTMLElement} box @param {MessageEvent} event @param {Peer} from */
function heard(box, event, from) {
  const message = from === peer ? parseMessage(event.data) : null;
  const table = message ? tableOf(message) : null;
  if (!table) {
    dropped += 1;
    part(box, "[data-join-table]").dataset.joinDropped = String(dropped);
    return;
  }
  show(box, table);
}

/** Answer an offer: a new connection, its answer on screen. @param {HTMLElement} box @param {string} code */
async function answer(box, code) {
  const clean = cleanCode(code);
  if (clean === answered) return; // answered, or being answered (a paste, then the field left)
  answered = clean;
  peer?.pc.close();
  peer = null;
  say(box, "Making this phone's answer…");
  /** @type {Peer} */
  let made;
  try {
    made = await answerOffer(clean);
  } catch (error) {
    if (answered === clean) answered = "";
    throw error;
  }
  if (answered !== clean) { // another offer came while this one was answered
    made.pc.close();
    return;
  }
  peer = made;
  made.channel.addEventListener("open", () => {
    if (made !== peer) return;
    hello(box);
    part(box, "[data-join-answer]").hidden = true;
    box.dataset.joinLinked = "yes";
    say(box, "Linked to the GM's table.");
  });
  const lost = () => {
    if (made !== peer) return;
    box.dataset.joinLinked = "no";
    say(box, "The link to the GM's device is lost. Ask the GM to press “Link a phone” again, then read the new offer.");
  };
  made.channel.addEventListener("close", lost);
  made.pc.addEventListener("connectionstatechange", () => { if (["failed", "closed"].includes(made.pc.connectionState)) lost(); });
  made.channel.addEventListener("message", (event) => heard(box, event, made));
  const shown = part(box, "[data-join-answer]");
  shown.hidden = false;
  /** @type {HTMLTextAreaElement} */ (part(shown, "[data-join-answer-code]")).value = made.code;
  await drawQr(part(shown, "[data-join-qr]"), made.code, "QR code of this phone's answer: scan it on the GM's device");
  say(box, "Show this answer to the GM's device (its camera, or read out the code); the table appears here once linked.");
}

/** Tell the GM's device this player's name (when linked, and when the name changes). @param {HTMLElement} box */
function hello(box) {
  const name = /** @type {HTMLInputElement} */ (part(box, "[data-join-name]"));
  if (peer?.channel.readyState === "open") peer.channel.send(JSON.stringify({ t: "hello", v: 1, name: name.value.trim().slice(0, 40) }));
}

/** @param {HTMLElement} box @param {string} value @param {boolean} finished */
async function tryAnswer(box, value, finished) {
  if (cleanCode(value).length < 40 && !finished) return;
  try {
    await answer(box, value);
  } catch (error) {
    if (error instanceof CodeError) { if (finished) say(box, error.message); } else say(box, `This phone could not answer: ${String(error)}`);
  }
}

/** @param {HTMLElement} box */
function scanOffer(box) {
  return scanInto(/** @type {HTMLVideoElement} */ (part(box, "video")), /** @type {HTMLTextAreaElement} */ (part(box, "[data-join-offer]")), {
    say: (text) => say(box, text),
    aim: "Point the camera at the offer on the GM's screen.",
    instead: "type the offer code instead.",
    read: (text) => tryAnswer(box, text, true),
  });
}

/** Bind the page's join box (once). @param {HTMLElement} box */
export function bind(box) {
  if (box.dataset.joinReady === "yes") return;
  box.hidden = false;
  const field = /** @type {HTMLTextAreaElement} */ (part(box, "[data-join-offer]"));
  field.addEventListener("input", () => tryAnswer(box, field.value, false));
  field.addEventListener("change", () => tryAnswer(box, field.value, true));
  part(box, "[data-join-action=scan]").addEventListener("click", () => scanOffer(box));
  part(box, "[data-join-name]").addEventListener("change", () => hello(box));
  box.dataset.joinReady = "yes";
}

// Read by the project's browser tests: the count of messages dropped, and a way to send the GM's
// device a message as it is (to show the GM drops what it cannot read).
window.__codexJoin = {
  dropped: () => dropped,
  sendRaw: (text) => { if (peer?.channel.readyState === "open") peer.channel.send(text); },
};
