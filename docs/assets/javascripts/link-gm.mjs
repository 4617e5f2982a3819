// The GM's side of the phone link, on a table page (loaded when "Link a phone" is pressed; then
// kept for the tab, so links outlive an instant navigation). The GM's device is the only
// authority: it sends each linked phone a projection of the game (the round, who acts now and
// next, each fighter's public name and state: never a fighter's numbers) after every answer its
// tool draws, and the whole projection again whenever a phone's channel opens, so a phone that
// comes back catches up. A phone that plays a fighter (its claim, one phone a fighter) is sent that
// fighter's numbers, conditions and round choices too, and no other phone is. A player's round
// choice is a request: checked against what the engine offers that fighter now, set on the rows as
// one change of the log ("Mei's phone: EV 2"), and undone if the engine then refuses the game. What
// a phone sends is checked field by field; anything else, or anything from a link that is no longer
// paired, is dropped and counted, never applied.

import { whenAnswered } from "./form-changes.mjs";
import { readText, writeText } from "./device-store.mjs";
import { formState } from "./form-state.mjs";
import { CodeError, acceptAnswer, answersOffer, cleanCode, makeOffer, parseMessage, textOf } from "./link.mjs";
import { checkChoice, choiceWords, chooseOf, claimOf, claimProblem, fighterCalled, roundChoicesOf } from "./players.mjs";
import { drawQr } from "./qr-draw.mjs";
import { currentInputs, resultsCurrent, setInputs } from "./rows.mjs";
import { scanInto } from "./scan-field.mjs";
import { askActOf, checkAct, phoneViewsOf, seatPartOf } from "./seats.mjs";
import { undoIf } from "./table-tools.mjs";

export const MAX_LINKS = 8; // phones linked to one GM's device at once
const CONNECT_WAIT = 20_000; // ms: a link whose channel has not opened by then is lost
const NAME_LENGTH = 40;

/**
 * @typedef {"waiting" | "connecting" | "connected" | "lost"} LinkState waiting: an offer not yet answered
 * @typedef {object} Link a phone, paired
 * @property {number} id
 * @property {string} name what the phone calls its player ("Phone 2" until it says)
 * @property {RTCPeerConnection} pc
 * @property {RTCDataChannel} channel
 * @property {LinkState} state
 * @property {string} sent the projection last sent on this channel ("" none since it opened)
 * @property {string} plays the fighter this phone's player plays ("" none)
 * @property {Peer | null} spare an offer the phone holds, to come back by with one scan of its answer if the link is lost
 * @typedef {import("./link.mjs").Peer} Peer
 * @typedef {import("./players.mjs").Yours} Yours
 * @typedef {import("./players.mjs").Fact} Fact
 * @typedef {import("./players.mjs").Condition} Condition
 * @typedef {{ link: Link, field: string, value: import("./players.mjs").Value }} Choice a phone's round choice
 * @typedef {{ link: Link, key: string, step: number }} Asked a phone's request for an act of the tile table
 * @typedef {Choice | Asked} Request a phone's request, waiting
 * @typedef {{ request: Request, label: string, timer: number }} Applying a request set on the form, its answer awaited
 * @typedef {import("./seats.mjs").PhoneViews} PhoneViews
 * @typedef {import("./seats.mjs").Board} Board
 * @typedef {{ name: string, state: string, facts: Fact[], conditions: Condition[] }} Private what the GM's page
 *   shows of one fighter
 * @typedef {object} Projection what every phone is sent
 * @property {"table"} t
 * @property {1} v
 * @property {string} title
 * @property {string} round
 * @property {string} now
 * @property {string} acting
 * @property {string} next
 * @property {{ name: string, state: string, current: boolean, numbers?: Fact[] }[]} fighters each fighter's public
 *   state, and its numbers where the GM shows every fighter's numbers ("numbers hidden by default")
 * @property {Yours | null} [you] to a phone that plays a fighter: that fighter's own part (null: it plays none)
 * @property {Board[]} [boards] the tile table's boards this phone may see (its seat's, or the table's own)
 * @property {import("./seats.mjs").SeatPart | null} [seat] to a phone that plays a seat: what it may ask for now
 */

/** @type {Link[]} */
const links = [];
const NUMBERS_KEY = "codex.link.numbers"; // "yes": the GM shows every fighter's numbers to the phones
let numbersShown = readText(NUMBERS_KEY) === "yes";
/** @type {Link | null} the offer on screen, waiting for a phone's answer (not yet listed) */
let pending = null;
let pendingUfrag = ""; // its ICE username (a phone's answer names it)
let taken = ""; // the answer code last taken
let dropped = 0; // messages dropped (malformed, or from a link no longer paired)
let count = 0; // links made in this tab (names "Phone 1", "Phone 2", …)
/** @type {HTMLElement | null} the table page's link section shown */
let section = null;
/** @type {HTMLFormElement | null} the table tool it projects */
let tool = null;
/** @type {WeakSet<HTMLElement>} */
const bound = new WeakSet();
/** @type {WeakSet<HTMLFormElement>} */
const followed = new WeakSet();
/** @type {Request[]} phones' round choices, applied one at a time (each waits for the answer to the last) */
const requests = [];
/** @type {Applying | null} */
let applying = null;
/** @type {{ said: string, state: "applied" | "refused" | "waiting", why: string }[]} the phones' requests, latest last (the GM's list) */
const asked = [];
const ASKED_SHOWN = 12;
/** @type {typeof import("./tile-table.mjs") | null} the tile table's own module, on its page (a request is applied as its buttons are) */
let tileTable = null;
const ANSWER_WAIT = 20_000; // ms: a request whose answer has not come by then is refused

/** @param {HTMLElement} holder @param {string} selector @returns {HTMLElement} the build writes it (calc-link.html.j2) */
const part = (holder, selector) => /** @type {HTMLElement} */ (holder.querySelector(selector));

/** @param {string} text */
function say(text) {
  if (section) part(section, "[data-link-status]").textContent = text;
}

// ---- the projection ---------------------------------------------------------------------------

/** @param {HTMLFormElement} form @param {string} name */
function outputText(form, name) {
  return (form.querySelector(`output[name="${name}"]`)?.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 1000);
}

/** @param {string} text */
const squash = (text) => text.replace(/\s+/g, " ").trim();
/** @param {Element | null | undefined} node */
const words = (node) => squash(node?.textContent ?? "");

/** A condition as every phone sees it: its name without its amount ("Channelled ReiKi 3" is
 *  "Channelled ReiKi"), the amount being the fighter's number. @param {string} name */
const publicCondition = (name) => name.replace(/\s*[−+-]?\d+$/, "");

/** The game as phones see it: the tool's own words for the round and the turn, and each fighter's
 *  name and public state (a card's name, its state and conditions, or the first two columns of a
 *  "fighters" table: no numbers); and apart, what the page shows of each fighter (their numbers
 *  and conditions), for the phone that plays them alone.
 * @param {HTMLFormElement} form @returns {{ shared: Projection, own: Private[] }} */
export function projection(form) {
  const views = viewsNow(form);
  if (views) return seatsProjection(form, views);
  const fighters = [];
  /** @type {Private[]} */
  const own = [];
  const labels = [...form.querySelectorAll('output[name="fighters"] thead th')].map(words);
  for (const row of form.querySelectorAll('output[name="fighters"] :is(.codex-card, tbody tr)')) {
    const card = row.matches(".codex-card");
    const head = card ? row.querySelector(".codex-card__name") : row.children[0];
    const first = card ? row : row.children[1];
    if (!head) continue;
    const details = first ? [...first.querySelectorAll("details")] : [];
    const conditions = details.map((d) => ({ name: words(d.querySelector("summary")).slice(0, 100),
      rule: words(d.querySelector("p")).slice(0, 4000) }));
    const stated = card ? row.querySelector(".codex-card__state")?.textContent || "–" : (first?.textContent ?? "");
    const name = words(head).slice(0, 100);
    const state = (conditions.length ? conditions.map((c) => publicCondition(c.name)).join(", ") : squash(stated)).slice(0, 300);
    fighters.push({ name, state, current: row.hasAttribute("aria-current") });
    /** @type {Fact[]} */
    const facts = card
      ? [...row.querySelectorAll(".codex-card__fact")].map((f) => ({ label: words(f.querySelector("dt")), value: words(f.querySelector("dd")) }))
      : [...row.children].slice(2).map((cell, i) => ({ label: labels[i + 2] ?? "", value: words(cell) }));
    own.push({ name, state: (conditions.length ? conditions.map((c) => c.name).join(", ") : squash(stated)).slice(0, 300),
      facts: facts.slice(0, 32).map((f) => ({ label: f.label.slice(0, 100), value: f.value.slice(0, 1000) })),
      conditions: conditions.slice(0, 32) });
    if (fighters.length >= 64) break;
  }
  const shared = { t: /** @type {const} */ ("table"), v: /** @type {const} */ (1),
    title: (form.querySelector(".calc__title")?.textContent ?? "").trim().slice(0, 200),
    round: outputText(form, "round"), now: outputText(form, "now"), acting: outputText(form, "acting_now"),
    next: outputText(form, "next_up"), fighters };
  return { shared, own };
}

/** The tile table's projections for the phones, as its answer carries them (null: no session, or another tool).
 * @param {HTMLFormElement} form */
function viewsNow(form) {
  return phoneViewsOf(/** @type {HTMLElement | null} */ (form.querySelector("[data-phone-views]"))?.dataset.phoneViews);
}

/** The tile table as phones see it: the engine's words for the scene and the contest, each seat's count of tiles
 *  and Qi (what anyone at the table may know); a seat's tiles go to its phone alone (`partOf`).
 * @param {HTMLFormElement} form @param {PhoneViews} views @returns {{ shared: Projection, own: Private[] }} */
function seatsProjection(form, views) {
  const shared = { t: /** @type {const} */ ("table"), v: /** @type {const} */ (1),
    title: (form.querySelector(".calc__title")?.textContent ?? "").trim().slice(0, 200),
    round: views.round, now: views.now, acting: views.acting, next: "",
    fighters: views.seats.map((s) => ({ name: s.name, state: s.state, current: s.current })) };
  return { shared, own: views.seats.map((s) => ({ name: s.name, state: s.state, facts: [], conditions: [] })) };
}

/** The tile table's part of one phone's message: the boards it may see (its seat's own tiles face up, or no
 *  seat's) and what its seat may ask for now. @param {PhoneViews | null} views @param {string} plays */
function partOf(views, plays) {
  if (!views) return {};
  const mine = plays ? views.phones.filter((p) => p.name === plays) : [];
  return mine.length === 1 ? { boards: mine[0].boards, seat: seatPartOf(views, plays) } : { boards: views.shared, seat: null };
}

/** The round choices the tool's answer offers now (a WBS round's start), or null. @param {HTMLFormElement} form */
function choicesNow(form) {
  return roundChoicesOf(/** @type {HTMLElement | null} */ (form.querySelector("[data-round-choices]"))?.dataset.roundChoices);
}

/** What the phone that plays `name` is told of that fighter (null: it plays none).
 * @param {string} name @param {Private[]} own @param {import("./players.mjs").RoundChoices | null} choices @returns {Yours | null} */
function yours(name, own, choices) {
  if (!name) return null;
  const found = fighterCalled(own, name);
  if (typeof found === "string") return { name, here: false, state: found, facts: [], conditions: [], choices: null };
  const of = choices ? fighterCalled(choices.fighters, name) : null;
  const asked = of && typeof of !== "string" && choices ? { round: choices.round, asks: of.asks, why: of.why } : null;
  return { ...found, here: true, choices: asked };
}

/** Send each open link the projection, where it changed since its last. */
function broadcast() {
  // Nothing is read from the page while no phone listens (this runs after every answer).
  if (!tool?.isConnected || !links.some((l) => l.state === "connected")) return;
  const { shared, own } = projection(tool);
  if (numbersShown) shared.fighters = shared.fighters.map((f, i) => ({ ...f, numbers: own[i]?.facts ?? [] }));
  const choices = choicesNow(tool);
  const views = viewsNow(tool);
  for (const link of links) {
    if (link.state !== "connected" || link.channel.readyState !== "open") continue;
    // Each phone its own message: the shared projection, and the fighter (or seat) it plays alone.
    const text = JSON.stringify({ ...shared, you: yours(link.plays, own, choices), ...partOf(views, link.plays) });
    if (link.sent === text) continue;
    try {
      link.channel.send(text);
      link.sent = text;
    } catch { /* a channel closing: its close event marks it lost */ }
  }
}

// ---- links --------------------------------------------------------------------------------------

/** @param {Link} link @param {LinkState} state */
function mark(link, state) {
  if (link.state === state) return;
  link.state = state;
  if (state === "lost") link.pc.close();
  draw();
}

/** @param {Link} link @param {unknown} message */
function reply(link, message) {
  if (link.state !== "connected" || link.channel.readyState !== "open") return;
  try {
    link.channel.send(JSON.stringify(message));
  } catch { /* a channel closing: its close event marks it lost */ }
}

/** @param {Link} link @param {MessageEvent} event */
function heard(link, event) {
  if (link.state === "connecting" && link.channel.readyState === "open") opened(link); // its open event may come second
  // A link not listed was never paired (an offer no answer was taken for) or is let go: dropped.
  const message = links.includes(link) && link.state === "connected" ? parseMessage(event.data) : null;
  const claim = message ? claimOf(message) : null;
  const choose = message ? chooseOf(message) : null;
  const wants = message ? askActOf(message) : null;
  const name = message?.t === "hello" && message.v === 1 ? textOf(message.name ?? "", NAME_LENGTH) : null;
  if (claim) claimed(link, claim.fighter);
  else if (choose || wants) {
    requests.push(choose ? { link, ...choose } : { link, .../** @type {import("./seats.mjs").AskAct} */ (wants) });
    pump();
  } else if (!message || name === null) {
    dropped += 1;
    draw();
  } else {
    const named = name.trim() || link.name;
    // The same player linked again (a phone that reloaded): the lost link it replaces goes.
    for (const old of links.filter((l) => l !== link && l.state === "lost" && l.name === named)) {
      links.splice(links.indexOf(old), 1);
      old.spare?.pc.close();
    }
    link.name = named;
    draw();
  }
}

/** @type {Map<Link, string>} phones' claims made before the fight's first answer was in, checked once it is */
const claims = new Map();

/** A phone's "I play …": one phone a fighter (a lost link holds none); "" lets its fighter go.
 * @param {Link} link @param {string} fighter */
function claimed(link, fighter) {
  const state = tool ? formState(tool) : null;
  if (tool && !resultsCurrent(tool) && (state?.answered === undefined || state?.busy || state?.waiting)) {
    claims.set(link, fighter); // the fight's answer is on its way (a page just opened or reloaded): checked then
    return;
  }
  claims.delete(link);
  const taken = links.filter((l) => l !== link && l.state !== "lost" && l.plays).map((l) => l.plays);
  const why = tool ? claimProblem(projection(tool).shared.fighters, fighter, taken) : "The GM's table is not open.";
  if (!why) link.plays = fighter;
  reply(link, { t: "claimed", v: 1, fighter, ok: !why, why });
  draw();
  broadcast();
}

// ---- players' requests ----------------------------------------------------------------------

/** Answer a phone's request, and keep it in the GM's list of requests.
 * @param {Request} request @param {boolean} ok @param {string} why @param {string} said the request in the log's words */
function answerRequest(request, ok, why, said) {
  if ("key" in request) reply(request.link, { t: "acted", v: 1, key: request.key, ok, why });
  else reply(request.link, { t: "chosen", v: 1, field: request.field, value: request.value, ok, why });
  note(said || `${request.link.name}'s request`, ok ? "applied" : "refused", why);
}

/** One request in the GM's list ("Lan's phone: Spend 1 Yang …: applied"); its answer replaces it.
 * @param {string} said @param {"applied" | "refused" | "waiting"} state @param {string} why */
function note(said, state, why = "") {
  const last = asked.at(-1);
  if (last?.state === "waiting" && last.said === said) asked.pop();
  asked.push({ said, state, why });
  if (asked.length > ASKED_SHOWN) asked.shift();
  draw();
}

/** A phone's request for one of the tile table's acts: checked against what the engine offers that seat at this
 *  step, then applied as the GM's own button applies it (one change, in the log, with the phone's name).
 * @param {HTMLFormElement} form @param {Asked} request */
function applyAct(form, request) {
  const { link } = request;
  const checked = checkAct(viewsNow(form), link.plays, request);
  const asking = `${link.plays || link.name}'s phone`;
  if (typeof checked === "string" || !tileTable) {
    dropped += 1; // not this phone's to ask, or asked of a table that has moved on: never applied
    answerRequest(request, false, typeof checked === "string" ? checked : "The GM's tile table is still loading.", `${asking} asked`);
    return;
  }
  const label = `${asking}: ${checked.label}`;
  const timer = window.setTimeout(() => settle(null), ANSWER_WAIT);
  applying = { request, label, timer };
  note(label, "waiting");
  tileTable.apply(form, /** @type {import("./rows.mjs").Inputs} */ (checked.sets), label);
}

/** The next phone's round choice, checked against the choices the engine offers now and set on
 *  the rows as one change: one at a time, each once the answer before it is in. */
function pump() {
  const form = tool;
  while (!applying && requests.length && form?.isConnected) {
    const state = formState(form);
    if (!resultsCurrent(form) && (state.busy || state.waiting)) return; // its answer is on its way: then
    const request = /** @type {Request} */ (requests.shift());
    const { link } = request;
    if (!links.includes(link) || link.state !== "connected") continue;
    if (!resultsCurrent(form)) {
      answerRequest(request, false, "The GM's table shows a change it refused: ask again once the GM has fixed it.", `${link.plays || link.name}'s phone asked`);
      continue;
    }
    if ("key" in request) {
      applyAct(form, request);
      continue;
    }
    const choices = choicesNow(form);
    const checked = checkChoice(choices, link.plays, request);
    const rows = choices ? currentInputs(form)[choices.rows] : null;
    if (typeof checked === "string" || !choices || !Array.isArray(rows) || rows.length !== choices.fighters.length) {
      dropped += 1; // not this phone's to choose, or not a value the rules allow now: never applied
      answerRequest(request, false, typeof checked === "string" ? checked : "The fighters are not the fight's now.", `${link.plays || link.name}'s phone asked`);
      draw();
      continue;
    }
    const { of, ask } = checked;
    const label = `${of.name}'s phone: ${choiceWords(ask, request.value)}`;
    if (ask.value === request.value) {
      answerRequest(request, true, "", label);
      continue;
    }
    const after = rows.map((row) => ({ ...row }));
    after[of.row][ask.field] = request.value;
    const timer = window.setTimeout(() => settle(null), ANSWER_WAIT);
    applying = { request, label, timer };
    note(label, "waiting");
    setInputs(form, { [choices.rows]: after }, { label }); // one change: in the log, one Undo takes it back
  }
}

/** The answer to the game a request made (null: none came): applied, or undone and refused.
 * @param {import("./codex.mjs").Answer | null} answer */
function settle(answer) {
  const done = applying;
  if (!done) return;
  applying = null;
  clearTimeout(done.timer);
  if (answer?.ok) answerRequest(done.request, true, "", done.label);
  else {
    const problems = answer?.error ? (answer.error.problems || [answer.error]).map((p) => p.message).join(" ") : "";
    if (tool) undoIf(tool, done.label);
    answerRequest(done.request, false, problems || "The GM's device found no answer to it.", done.label);
  }
}

/** The offer's end, listened to from the start (on a fast network its channel may open, and the
 *  phone's first message come, while the answer is still being set).
 * @param {Peer} peer @returns {Link} */
function waiting(peer) {
  /** @type {Link} */
  const link = { id: 0, name: "", pc: peer.pc, channel: peer.channel, state: "waiting", sent: "", plays: "", spare: null };
  listen(link, peer, () => opened(link));
  return link;
}

/** A link's events on one connection, heard while that connection is the link's (a spare taken over
 *  replaces it; the lost one's events then say nothing). @param {Link} link @param {Peer} peer @param {() => void} onOpen */
function listen(link, peer, onOpen) {
  const mine = () => link.channel === peer.channel;
  peer.channel.addEventListener("open", () => { if (mine()) onOpen(); });
  peer.channel.addEventListener("close", () => { if (mine()) mark(link, "lost"); });
  peer.channel.addEventListener("message", (event) => { if (mine()) heard(link, event); });
  peer.pc.addEventListener("connectionstatechange", () => {
    if (mine() && ["failed", "closed"].includes(peer.pc.connectionState)) mark(link, "lost");
  });
}

/** A spare offer for a linked phone, sent to it over the link: if the link is lost, the phone
 *  answers it at once and the GM's device scans that answer (one scan, no new offer to read).
 * @param {Link} link */
async function spareFor(link) {
  if (link.spare || link.state !== "connected") return;
  /** @type {Peer} */
  let made;
  try {
    made = await makeOffer();
  } catch {
    return; // the link goes on; only its way back is the two codes
  }
  if (!links.includes(link) || link.spare) {
    made.pc.close();
    return;
  }
  link.spare = made;
  const peer = made;
  // Its channel opens once the phone's answer is taken: the link goes on over it.
  peer.channel.addEventListener("open", () => {
    if (link.spare !== peer) return;
    const old = link.pc;
    Object.assign(link, { pc: peer.pc, channel: peer.channel, spare: null, state: "connecting" });
    if (old !== peer.pc) old.close();
    listen(link, peer, () => opened(link));
    opened(link);
  });
  reply(link, { t: "spare", v: 1, offer: made.code });
}

/** A phone's answer: the pending offer's connection becomes a link, or a linked phone's spare takes
 *  over its lost link. @param {string} code */
async function answer(code) {
  if (cleanCode(code) === taken) return false; // this answer is taken (a paste, then the field left)
  const to = answersOffer(code);
  const back = to ? links.find((l) => l.spare?.ufrag === to) : undefined;
  if (back?.spare) {
    const spare = back.spare;
    const before = back.state;
    taken = cleanCode(code);
    // Linking before the answer is set: its channel may open while it is (then the link is connected).
    mark(back, "connecting");
    try {
      await acceptAnswer(spare.pc, code);
    } catch (error) {
      taken = "";
      if (back.spare === spare) mark(back, before);
      throw error;
    }
    setTimeout(() => { if (back.state === "connecting" && back.spare === spare) mark(back, "lost"); }, CONNECT_WAIT);
    if (section) /** @type {HTMLTextAreaElement} */ (part(section, "[data-link-answer]")).value = "";
    say(`${back.name} answered: linking again…`);
    return true;
  }
  if (to && pending && to !== pendingUfrag) {
    throw new CodeError("This answer is to an offer this page no longer holds (an older one, one made before this page "
      + "was reloaded, or another device's): on the phone, press Scan and read this offer.");
  }
  const link = pending;
  if (!link) {
    say("Press “Link a phone” first: the answer belongs to an offer.");
    return false;
  }
  // Taken at once: the same answer pasted, then the field left, is one answer, not two.
  pending = null;
  taken = cleanCode(code);
  count += 1;
  Object.assign(link, { id: count, name: `Phone ${count}`, state: "connecting" });
  links.push(link);
  try {
    await acceptAnswer(link.pc, code);
  } catch (error) { // not this offer's answer: the offer still waits for one
    links.splice(links.indexOf(link), 1);
    count -= 1;
    link.state = "waiting";
    pending ??= link;
    taken = "";
    throw error;
  }
  setTimeout(() => { if (link.state === "connecting") mark(link, "lost"); }, CONNECT_WAIT);
  if (link.channel.readyState === "open") opened(link);
  if (section) {
    part(section, "[data-link-panel]").hidden = true;
    part(section, "[data-link-qr]").replaceChildren();
    /** @type {HTMLTextAreaElement} */ (part(section, "[data-link-offer]")).value = "";
    /** @type {HTMLTextAreaElement} */ (part(section, "[data-link-answer]")).value = "";
  }
  if (link.state === "connecting") say(`${link.name} answered: linking…`);
  draw();
  return true;
}

/** A link's channel is open: the whole projection goes (a phone that comes back catches up). @param {Link} link */
function opened(link) {
  if (link.state !== "connecting") return;
  mark(link, "connected");
  link.sent = "";
  broadcast();
  spareFor(link);
}

const WORDS = { waiting: "waiting for its answer", connecting: "linking…", connected: "connected",
  lost: "link lost (its phone shows an answer: press “Link a phone” and scan it)" };

/** The list of linked phones, as the GM sees it. */
function draw() {
  if (!section) return;
  const list = part(section, "[data-link-list]");
  list.dataset.linkDropped = String(dropped);
  list.replaceChildren(...links.map((link) => {
    const item = document.createElement("li");
    item.dataset.linkState = link.state;
    item.textContent = `${link.name}: ${WORDS[link.state]}${link.plays && link.state !== "lost" ? `, plays ${link.plays}` : ""}`;
    return item;
  }));
  list.hidden = !links.length;
  const refused = part(section, "[data-link-refused]");
  refused.textContent = dropped ? `${dropped} ${dropped === 1 ? "message" : "messages"} from phones refused (not understood, or not theirs to ask).` : "";
  refused.hidden = !dropped;
  const requestList = part(section, "[data-link-requests]");
  requestList.replaceChildren(...asked.map((a) => {
    const item = document.createElement("li");
    item.dataset.linkRequest = a.state;
    item.textContent = a.state === "refused" ? `${a.said}: refused (${a.why})` : a.state === "applied" ? `${a.said}: applied` : `${a.said}…`;
    return item;
  }));
  requestList.hidden = !asked.length;
  const live = links.filter((l) => l.state === "connected").length;
  if (live && !pending) say(`${live} ${live === 1 ? "phone" : "phones"} linked.`);
}

/** A new offer on screen (a pending one not yet answered is let go). */
async function offer() {
  if (!section) return;
  for (const old of links.filter((l) => l.state === "lost")) {
    if (links.length < MAX_LINKS) break;
    links.splice(links.indexOf(old), 1);
    old.spare?.pc.close();
  }
  draw();
  if (links.length >= MAX_LINKS) {
    say(`${MAX_LINKS} phones are linked: the most one table takes.`);
    return;
  }
  pending?.pc.close();
  pending = null;
  const panel = part(section, "[data-link-panel]");
  panel.hidden = false;
  // The last offer goes at once: an answer to it could no longer be taken.
  const field = /** @type {HTMLTextAreaElement} */ (part(section, "[data-link-offer]"));
  field.value = "";
  part(section, "[data-link-qr]").replaceChildren();
  say("Making an offer…");
  const made = await makeOffer();
  pending = waiting(made);
  pendingUfrag = made.ufrag;
  field.value = made.code;
  await drawQr(part(section, "[data-link-qr]"), made.code, "QR code of the offer: scan it on the phone's page “Join a table”");
  say("On the phone, open “Join a table” and scan this code (or type it there), then enter the phone's answer here.");
}

/** A code read whole (a scan, a paste): one whose check holds, refused now, not once the field is left.
 * @param {string} value */
function whole(value) {
  try {
    answersOffer(value);
    return true;
  } catch {
    return false;
  }
}

/** @param {string} value @param {boolean} finished the reader is done typing (say why a code is refused) */
async function tryAnswer(value, finished) {
  if (cleanCode(value).length < 40 && !finished) return;
  try {
    await answer(value);
  } catch (error) {
    if (!(error instanceof CodeError)) say(`The phone's answer could not be taken: ${String(error)}`);
    else if (finished || whole(value)) say(error.message); // a code still being typed is not refused yet
  }
}

/** Bind the page's link section (once per section), and follow its tool's answers. @param {HTMLElement} holder */
export function attach(holder) {
  section = holder;
  const form = document.getElementById(holder.dataset.linkFor ?? "");
  tool = form instanceof HTMLFormElement ? form : null;
  // The tile table's page has its module loaded already: a player's request is applied through it.
  if (tool?.dataset.calc === "rain.tile_table" && !tileTable) import("./tile-table.mjs").then((m) => { tileTable = m; });
  if (tool && !followed.has(tool)) {
    followed.add(tool);
    const mine = tool;
    whenAnswered(mine, (answer) => {
      if (mine !== tool) return;
      settle(answer); // the answer to a phone's request, if one was applied
      for (const [link, fighter] of [...claims]) if (links.includes(link)) claimed(link, fighter); else claims.delete(link);
      broadcast();
      pump();
    });
  }
  if (!bound.has(holder)) {
    bound.add(holder);
    const field = /** @type {HTMLTextAreaElement} */ (part(holder, "[data-link-answer]"));
    field.addEventListener("input", () => tryAnswer(field.value, false));
    field.addEventListener("change", () => tryAnswer(field.value, true));
    part(holder, "[data-link-action=scan]").addEventListener("click", () => scanAnswer(holder));
    // Foes' numbers stay on the GM's device unless the GM shows them (the tile table has none to show).
    const numbers = /** @type {HTMLInputElement} */ (part(holder, "[data-link-numbers]"));
    part(holder, "[data-link-numbers-holder]").hidden = tool?.dataset.calc === "rain.tile_table";
    numbers.checked = numbersShown;
    numbers.addEventListener("change", () => {
      numbersShown = numbers.checked;
      const why = writeText(NUMBERS_KEY, numbersShown ? "yes" : "no");
      say(`${numbersShown ? "Every fighter's numbers are shown on the phones" : "Only each player's own numbers are sent to their phone"}`
        + (why ? `; not kept on this device (${why}): after a reload, check it again.` : "."));
      broadcast();
    });
  }
  draw();
  broadcast();
}

/** @param {HTMLElement} holder */
function scanAnswer(holder) {
  return scanInto(/** @type {HTMLVideoElement} */ (part(holder, "video")), /** @type {HTMLTextAreaElement} */ (part(holder, "[data-link-answer]")), {
    say,
    aim: "Point the camera at the phone's answer.",
    instead: "type the phone's answer code instead.",
    read: (text) => tryAnswer(text, true),
  });
}

/** "Link a phone" pressed. @param {HTMLElement} holder */
export async function open(holder) {
  attach(holder);
  try {
    await offer();
  } catch (error) {
    say(`This browser could not make an offer (${error instanceof Error ? error.message : String(error)}).`);
  }
}

// Read by the project's browser tests: the links' states, the count of messages dropped, and a way
// to send every open link a message as it is (to show a phone drops what it cannot read).
window.__codexLink = {
  dropped: () => dropped,
  // Every link lost at once, as when the GM's device loses the Wi-Fi: its connections closed.
  lose: () => {
    for (const link of links) {
      const { pc } = link;
      mark(link, "lost");
      pc.close();
    }
  },
  states: () => links.map((l) => l.state),
  sendRaw: (text) => {
    for (const link of links) if (link.channel.readyState === "open") link.channel.send(text);
  },
};
