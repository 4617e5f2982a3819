// The player's side of the phone link: the page "Join a table" (docs/join.md; loaded by
// link-bind.mjs on that page only). The phone reads the GM's offer (its camera, or the code typed
// or pasted), shows its own answer as a QR code and a code, and once linked shows what the GM's
// device sends: the round, who acts now and next, and each fighter's public state. The player picks
// the fighter they play ("I play …", a claim the GM's device grants to one phone a fighter); the
// phone then shows that fighter's numbers and conditions, and at a round's start their choices,
// each sent to the GM's device as a request and shown as sent, applied or refused (with why).
// Everything received is checked field by field and written as text (never as markup); a message
// that fails is dropped and counted, and the table shown stays as it was.

import { mark } from "./every-page.mjs";
import { CodeError, answerOffer, cleanCode, parseMessage, textOf } from "./link.mjs";
import { chosenOf, claimedOf, factsOf, yoursOf } from "./players.mjs";
import { drawQr } from "./qr-draw.mjs";
import { scanInto } from "./scan-field.mjs";
import { actedOf, boardsOf, seatPartFrom } from "./seats.mjs";

/**
 * @typedef {import("./link-gm.mjs").Projection} Projection
 * @typedef {import("./link.mjs").Peer} Peer
 * @typedef {import("./players.mjs").Yours} Yours
 * @typedef {import("./players.mjs").Ask} Ask
 * @typedef {import("./players.mjs").Value} Value
 * @typedef {{ value: Value, state: "sent" | "applied" | "refused" }} Sent a choice sent, and the GM's word on it
 * @typedef {import("./seats.mjs").Board} Board
 * @typedef {import("./seats.mjs").SeatPart} SeatPart
 */

/** @type {Peer | null} */
let peer = null;
let dropped = 0;
let answered = ""; // the offer code last answered, or being answered (the same code again makes no new answer)
let playing = ""; // the fighter the GM's device last said this phone plays (claimed again on a new link)
let picks = ""; // the fighters the "I play …" buttons offer, as drawn
let asksDrawn = ""; // the choices the controls offer, as drawn
/** @type {Map<string, Ask>} the choices shown, by field */
const asks = new Map();
/** @type {Map<string, Sent>} each field's choice last sent */
const sent = new Map();
/** @type {{ key: string, state: "sent" | "applied" | "refused", why: string, step: number } | null} the tile table
 *  request last sent, at the step the phone showed */
let request = null;
let actsDrawn = ""; // the seat's requests the buttons offer, as drawn
/** @type {SeatPart | null} */
let seatNow = null;
let shownOnce = false; // the table has been shown since the link opened
let spare = ""; // the GM's spare offer for this phone: answered at once if the link is lost (one scan, the GM's)

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
    // A fighter's numbers come only where the GM shows every fighter's (a GM's page from before sends none).
    const numbers = f.numbers === undefined ? [] : factsOf(f.numbers);
    if (name === null || state === null || typeof f.current !== "boolean" || numbers === null) return null;
    fighters.push({ name, state, current: f.current, numbers });
  }
  // A phone that plays a fighter is told that fighter's own part; a GM's page from before sends none.
  const you = m.you === undefined || m.you === null ? null : yoursOf(m.you);
  if (you === null && m.you !== undefined && m.you !== null) return null;
  // The tile table's: the boards this phone may see, and what its seat may ask for.
  const boards = m.boards === undefined ? [] : boardsOf(m.boards);
  const seat = m.seat === undefined || m.seat === null ? null : seatPartFrom(m.seat);
  if (boards === null || (seat === null && m.seat !== undefined && m.seat !== null)) return null;
  return { t: "table", v: 1, title, round, now, acting, next, fighters, you, boards, seat };
}

/** The table as the GM's device last sent it (text only). @param {HTMLElement} box @param {Projection} table */
function show(box, table) {
  const view = part(box, "[data-join-table]");
  view.hidden = false;
  if (!shownOnce) { // the first table after a link: brought to the top of the screen, once
    shownOnce = true;
    view.scrollIntoView({ block: "start" });
  }
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
    if (f.numbers?.length) {
      const numbers = document.createElement("span");
      numbers.className = "codex-join__numbers";
      numbers.textContent = f.numbers.map((n) => `${n.label} ${n.value}`).join(", ");
      item.append(document.createElement("br"), numbers);
    }
    if (f.current) item.setAttribute("aria-current", "step");
    return item;
  }));
  // The tile table's boards say what the list would (each seat's tiles and Qi), and more.
  list.hidden = !table.fighters.length || Boolean(table.boards?.length);
  if (box.dataset.joinScreen !== "yes") showYours(box, table);
  showBoards(box, table.boards ?? [], Boolean(table.seat));
  showSeat(box, table.seat ?? null);
}

const BACK = "\u{1F02B}"; // a Ma Jiang tile's back (calculators/present.py BACK)
const BACKS_SHOWN = 12; // past this many, a face-down pile is drawn as this many and its count (present.py)

/** The tile table as this phone may see it, drawn as the GM's page draws its boards (text only). A seat's own
 *  tiles (its first board) go at the top of its part, the rest below. @param {HTMLElement} box @param {Board[]} boards
 * @param {boolean} seated */
function showBoards(box, boards, seated) {
  const own = part(box, "[data-join-own]");
  own.replaceChildren(...(seated ? boards.slice(0, 1) : []).map(drawBoard));
  own.hidden = !seated || !boards.length;
  const rest = seated ? boards.slice(1) : boards;
  const holder = part(box, "[data-join-boards]");
  holder.hidden = !rest.length;
  holder.replaceChildren(...rest.map(drawBoard));
}

/** @param {Board} board */
function drawBoard(board) {
  const drawn = el("div", "codex-board");
  if (!board.sections.length) drawn.append(el("p", "calc-chart__empty", board.empty || "Nothing yet."));
  for (const s of board.sections) {
    const section = el("section", `codex-board__section${s.current ? " codex-board__section--current" : ""}`);
    section.append(el("p", "codex-board__title", s.title), ...s.lines.map((line) => el("p", "", line)));
    for (const hand of s.hands) {
      const row = el("div", `rain-row${hand.large ? " rain-row--large" : ""}`);
      const label = el("p", "rain-row__label", hand.label);
      if (hand.backs) label.append(el("span", hand.backs > BACKS_SHOWN ? "rain-row__more" : "calc-chart__sr", `${hand.backs} face down`));
      row.append(label);
      const tiles = el("ul", "rain-hand");
      for (const t of hand.tiles) {
        const tile = el("span", `rain-tile rain-tile--${t.category}${t.mark ? ` rain-tile--${t.mark}` : ""}`);
        const glyph = el("span", "rain-tile__glyph", t.glyph);
        glyph.setAttribute("aria-hidden", "true");
        tile.append(glyph, el("span", "rain-tile__name", t.name));
        const item = el("li");
        item.append(tile);
        tiles.append(item);
      }
      for (let n = 0; n < Math.min(hand.backs, BACKS_SHOWN); n++) {
        const item = el("li");
        item.setAttribute("aria-hidden", "true");
        const back = el("span", "rain-tile rain-tile--back");
        back.append(el("span", "rain-tile__glyph", BACK));
        item.append(back);
        tiles.append(item);
      }
      row.append(tiles.children.length ? tiles : el("p", "calc-chart__empty", "No tiles."));
      section.append(row);
    }
    drawn.append(section);
  }
  return drawn;
}

/** What this phone's seat may ask the GM's device for now: a button each, its word beside them.
 * @param {HTMLElement} box @param {SeatPart | null} seat */
function showSeat(box, seat) {
  seatNow = seat;
  const holder = part(box, "[data-join-seat]");
  holder.hidden = !seat;
  if (!seat) {
    actsDrawn = "";
    return;
  }
  part(holder, "[data-join-seat-note]").textContent = seat.note;
  const key = JSON.stringify([seat.step, seat.acts]);
  if (key !== actsDrawn) { // redrawn only when the offers change (a button keeps its focus)
    // The word on the last request stays while it is the news (its own step is the next one): later it is not.
    if (request && request.state !== "sent" && seat.step > request.step + 1) request = null;
    actsDrawn = key;
    part(holder, "[data-join-acts]").replaceChildren(...seat.acts.map((offer) => {
      const item = el("li");
      const button = el("button", "md-button codex-join__act", offer.label);
      button.type = "button";
      button.dataset.joinAct = offer.key;
      button.addEventListener("click", () => ask(box, offer.key, offer.label));
      item.append(button);
      return item;
    }));
  }
  part(holder, "[data-join-acts]").hidden = !seat.acts.length;
  sayRequest(box);
}

/** Ask the GM's device for one of the seat's acts, at the step this phone shows. @param {HTMLElement} box
 * @param {string} key @param {string} label */
function ask(box, key, label) {
  if (!seatNow || !send(box, { t: "act", v: 1, key, step: seatNow.step })) return;
  request = { key, state: "sent", why: label, step: seatNow.step };
  sayRequest(box);
}

/** The word on the request last sent. @param {HTMLElement} box */
function sayRequest(box) {
  const status = part(box, "[data-join-act-status]");
  status.textContent = !request ? "" : request.state === "sent" ? `Sent: ${request.why}…`
    : request.state === "applied" ? `Applied: ${request.why}.` : `Refused: ${request.why}`;
}

/** @template {keyof HTMLElementTagNameMap} K @param {K} tag @param {string} className @param {string} text */
function el(tag, className = "", text = "") {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text) node.textContent = text;
  return node;
}

/** @param {HTMLElement} box @param {string} text */
function sayClaim(box, text) {
  part(box, "[data-join-claim-status]").textContent = text;
}

/** @param {HTMLElement} box @param {unknown} message */
function send(box, message) {
  if (peer?.channel.readyState !== "open") {
    sayClaim(box, "Not linked to the GM's device: nothing was sent.");
    return false;
  }
  peer.channel.send(JSON.stringify(message));
  return true;
}

/** "I play …": ask the GM's device for the fighter ("" lets it go). @param {HTMLElement} box @param {string} fighter */
function claim(box, fighter) {
  if (send(box, { t: "claim", v: 1, fighter })) sayClaim(box, fighter ? `Asking the GM's device for ${fighter}…` : "Letting your fighter go…");
}

/** The player's own fighter: the buttons to pick one, or what the GM's device sends of theirs.
 * @param {HTMLElement} box @param {Projection} table */
function showYours(box, table) {
  const you = table.you ?? null;
  playing = you?.name ?? "";
  const pick = part(box, "[data-join-pick]");
  const mine = part(box, "[data-join-mine]");
  pick.hidden = Boolean(you);
  mine.hidden = !you;
  // The tile table's players play seats, a fight's play fighters.
  const seats = Boolean(table.boards?.length);
  const noun = seats ? "seat" : "fighter";
  part(box, "[data-join-you-title]").textContent = you ? `You play ${you.name}` : `Your ${noun}`;
  part(box, "[data-join-unclaim]").textContent = `Play another ${noun}`;
  part(box, "[data-join-pick-words]").textContent = seats
    ? "Which seat do you play? The GM's device sends this phone that seat's tiles face up, and takes your requests."
    : "Which fighter do you play? The GM's device sends this phone that fighter's numbers, and takes your round choices.";
  if (!you) {
    const names = JSON.stringify(table.fighters.map((f) => f.name));
    if (names !== picks) { // redrawn only when the fighters change (a button keeps its focus)
      picks = names;
      part(box, "[data-join-pick-list]").replaceChildren(...table.fighters.map((f) => {
        const item = el("li");
        const button = el("button", "md-button codex-join__play", `I play ${f.name}`);
        button.type = "button";
        button.addEventListener("click", () => claim(box, f.name));
        item.append(button);
        return item;
      }));
    }
    showChoices(box, null);
    return;
  }
  picks = "";
  part(mine, "[data-join-mine-state]").textContent = you.here ? `State: ${you.state}` : you.state;
  part(mine, "[data-join-mine-facts]").replaceChildren(...you.facts.flatMap((f) => {
    const dd = el("dd", "", f.value);
    dd.dataset.joinMine = f.label;
    return [el("dt", "", f.label), dd];
  }));
  const conditions = part(mine, "[data-join-mine-conditions]");
  conditions.replaceChildren(...you.conditions.map((c) => {
    const item = el("li");
    const details = el("details", "codex-condition");
    details.append(el("summary", "", c.name), el("p", "", c.rule));
    item.append(details);
    return item;
  }));
  conditions.hidden = !you.conditions.length;
  showChoices(box, you.choices);
}

/** The round's choices as the GM's device offers them: a control each, sent when changed.
 * @param {HTMLElement} box @param {Yours["choices"]} choices */
function showChoices(box, choices) {
  const set = part(box, "[data-join-choices]");
  if (!choices || (!choices.asks.length && !choices.why)) {
    set.hidden = true;
    asksDrawn = "";
    asks.clear();
    return;
  }
  set.hidden = false;
  part(set, "[data-join-choices-title]").textContent = `Round ${choices.round}: your choices`;
  const why = part(set, "[data-join-choices-why]");
  why.textContent = choices.why;
  why.hidden = !choices.why;
  const key = JSON.stringify([choices.round, choices.asks.map((a) => [a.field, a.kind, a.label, a.options])]);
  if (key !== asksDrawn) {
    if (JSON.parse(asksDrawn || "[0]")[0] !== choices.round) sent.clear(); // a new round: last round's words go
    asksDrawn = key;
    part(set, "[data-join-asks]").replaceChildren(...choices.asks.map((ask, i) => control(box, ask, i)));
  }
  asks.clear();
  for (const [i, ask] of choices.asks.entries()) {
    asks.set(ask.field, ask);
    // A choice on its way keeps what the player set until the GM's device answers it.
    if (sent.get(ask.field)?.state !== "sent") setControl(box, i, ask, ask.value);
    const note = box.querySelector(`#join-ask-${i}-note`);
    if (note) note.textContent = ask.note;
  }
}

/** @param {HTMLElement} box @param {number} i @param {Ask} ask @param {Value} value */
function setControl(box, i, ask, value) {
  const input = box.querySelector(`#join-ask-${i}`);
  if (input instanceof HTMLInputElement) input.checked = Boolean(value);
  else if (input instanceof HTMLSelectElement) input.value = String(ask.options.findIndex(([v]) => v === value));
}

/** One choice's control, its note and its status (drawn as the round prompt's, gm-tools.css). @param {HTMLElement} box @param {Ask} ask @param {number} i */
function control(box, ask, i) {
  const id = `join-ask-${i}`;
  const holder = el("div", "codex-round-prompt__ask");
  const label = el("label", "codex-round-prompt__label", ask.label);
  label.htmlFor = id;
  const note = el("span", "codex-round-prompt__help", ask.note);
  note.id = `${id}-note`;
  const status = el("span", "codex-round-prompt__help", sentWords(sent.get(ask.field)));
  status.id = `${id}-status`;
  status.setAttribute("role", "status");
  status.dataset.joinSent = ask.field;
  /** @type {HTMLInputElement | HTMLSelectElement} */
  let input;
  if (ask.kind === "toggle") {
    input = el("input", "codex-round-prompt__box");
    input.type = "checkbox";
    holder.append(input, label);
  } else {
    input = el("select", "codex-round-prompt__select");
    for (const [n, [, words]] of ask.options.entries()) {
      const option = el("option", "", words);
      option.value = String(n);
      input.append(option);
    }
    holder.append(label, input);
  }
  input.id = id;
  input.setAttribute("aria-describedby", `${note.id} ${status.id}`);
  input.addEventListener("change", () => {
    const now = asks.get(ask.field) ?? ask;
    const value = input instanceof HTMLInputElement ? input.checked : now.options[Number(input.value)]?.[0];
    if (value === undefined) return;
    choose(box, ask.field, value);
  });
  holder.append(note, status);
  return holder;
}

/** @param {Sent | undefined} s */
function sentWords(s) {
  return !s ? "" : s.state === "sent" ? "Sent…" : s.state === "applied" ? "Applied" : "";
}

/** A round choice sent to the GM's device. @param {HTMLElement} box @param {string} field @param {Value} value */
function choose(box, field, value) {
  if (!send(box, { t: "choose", v: 1, field, value })) return;
  sent.set(field, { value, state: "sent" });
  const status = /** @type {HTMLElement | null} */ (box.querySelector(`[data-join-sent="${CSS.escape(field)}"]`));
  if (status) status.textContent = "Sent…";
}

/** The GM's device on a choice: applied, or refused and why (the control shows the fighter's again).
 * @param {HTMLElement} box @param {import("./players.mjs").Chosen} chosen */
function chosenHeard(box, chosen) {
  const mine = sent.get(chosen.field);
  if (!mine || mine.value !== chosen.value) return; // an earlier choice's answer: the latest is still on its way
  mine.state = chosen.ok ? "applied" : "refused";
  const status = /** @type {HTMLElement | null} */ (box.querySelector(`[data-join-sent="${CSS.escape(chosen.field)}"]`));
  if (status) status.textContent = chosen.ok ? "Applied" : `Refused: ${chosen.why}`;
  const ask = asks.get(chosen.field);
  const i = [...asks.keys()].indexOf(chosen.field);
  if (!chosen.ok && ask) setControl(box, i, ask, ask.value);
}

/** @type {string[]} every message this page received, as it came (read by the browser tests) */
const heardAll = [];

/** @param {HTMLElement} box @param {MessageEvent} event @param {Peer} from */
function heard(box, event, from) {
  if (typeof event.data === "string" && heardAll.length < 2000) heardAll.push(event.data);
  const message = from === peer ? parseMessage(event.data) : null;
  const claimed = message ? claimedOf(message) : null;
  const chosen = message ? chosenOf(message) : null;
  const acted = message ? actedOf(message) : null;
  if (message?.t === "spare" && message.v === 1 && Object.keys(message).length === 3) {
    const offer = textOf(message.offer, 400);
    if (offer) {
      spare = offer;
      return;
    }
  }
  if (acted) {
    if (request?.key === acted.key && request.state === "sent") {
      request = { ...request, state: acted.ok ? "applied" : "refused", why: acted.ok ? request.why : acted.why };
      sayRequest(box);
    }
    return;
  }
  if (claimed) {
    sayClaim(box, claimed.ok ? (claimed.fighter ? `You play ${claimed.fighter}.` : "You play no fighter now.") : `Refused: ${claimed.why}`);
    return;
  }
  if (chosen) {
    chosenHeard(box, chosen);
    return;
  }
  const table = message ? tableOf(message) : null;
  if (!table) {
    dropped += 1;
    part(box, "[data-join-table]").dataset.joinDropped = String(dropped);
    return;
  }
  show(box, table);
}

/** Answer an offer: a new connection, its answer on screen. @param {HTMLElement} box @param {string} code
 * @param {string} [then] what to say once the answer is on screen */
async function answer(box, code, then) {
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
    if (playing) claim(box, playing); // linked again: the same fighter
    part(box, "[data-join-answer]").hidden = true;
    // Linked: the codes give their place to the table (they come back if the link is lost).
    part(box, "[data-join-pair]").hidden = true;
    box.dataset.joinLinked = "yes";
    mark("joined", true); // gm-tools.css: the table takes the page
    say(box, "Linked to the GM's table.");
    shownOnce = false;
  });
  const lost = () => {
    if (made !== peer || box.dataset.joinLinked === "no") return;
    box.dataset.joinLinked = "no";
    mark("joined", false);
    part(box, "[data-join-pair]").hidden = false;
    const back = spare;
    spare = "";
    if (!back) {
      say(box, "The link to the GM's device is lost. Ask the GM to press “Link a phone” again, then read the new offer.");
      return;
    }
    // The GM's device gave this phone an offer to come back by: its answer is made now, for the GM to scan.
    answer(box, back, "The link to the GM's device is lost. Show this phone's new answer to the GM's device: the GM "
      + "presses “Link a phone” and scans it (or types its code). Nothing to scan here, unless the GM's page was "
      + "reloaded: then press Scan and read its new offer.").catch(() => {
      say(box, "The link to the GM's device is lost. Ask the GM to press “Link a phone” again, then read the new offer.");
    });
  };
  made.channel.addEventListener("close", lost);
  made.pc.addEventListener("connectionstatechange", () => { if (["failed", "closed"].includes(made.pc.connectionState)) lost(); });
  made.channel.addEventListener("message", (event) => heard(box, event, made));
  const shown = part(box, "[data-join-answer]");
  shown.hidden = false;
  /** @type {HTMLTextAreaElement} */ (part(shown, "[data-join-answer-code]")).value = made.code;
  await drawQr(part(shown, "[data-join-qr]"), made.code, "QR code of this phone's answer: scan it on the GM's device");
  say(box, then ?? "Show this answer to the GM's device (its camera, or read out the code); the table appears here once linked.");
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
  // The shared screen (a laptop or a TV everyone sees, opened from the GM's "Shared screen"): linked as a
  // phone is, it plays no fighter and no seat, so the GM's device sends it only what every phone sees.
  if (new URLSearchParams(location.search).has("screen")) {
    box.dataset.joinScreen = "yes";
    /** @type {HTMLInputElement} */ (part(box, "[data-join-name]")).value = "Shared screen";
    part(box, "[data-join-name-holder]").hidden = true;
    part(box, "[data-join-screen-note]").hidden = false;
    part(box, "[data-join-you]").hidden = true;
  }
  const field = /** @type {HTMLTextAreaElement} */ (part(box, "[data-join-offer]"));
  field.addEventListener("input", () => tryAnswer(box, field.value, false));
  field.addEventListener("change", () => tryAnswer(box, field.value, true));
  part(box, "[data-join-action=scan]").addEventListener("click", () => scanOffer(box));
  part(box, "[data-join-name]").addEventListener("change", () => hello(box));
  part(box, "[data-join-action=unclaim]").addEventListener("click", () => claim(box, ""));
  box.dataset.joinReady = "yes";
}

// Read by the project's browser tests: the count of messages dropped, and a way to send the GM's
// device a message as it is (to show the GM drops what it cannot read).
window.__codexJoin = {
  dropped: () => dropped,
  heard: () => [...heardAll],
  sendRaw: (text) => { if (peer?.channel.readyState === "open") peer.channel.send(text); },
  spare: () => spare !== "",
};
