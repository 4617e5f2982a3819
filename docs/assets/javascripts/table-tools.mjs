// Table tools: a calculator that runs a game at the table (a form marked `data-table`: the WBS
// fight, the Xia conflict, the Rain tile table), the same machinery for each:
// - the game is a log of changes (store.mjs); Undo and Redo move through it, never through a pick
//   or a change being entered (the form's draft inputs);
// - the log is kept on this device (kept.mjs) and carried by the address (the engine folds a
//   shared link's: codex.mjs `fold`);
// - a bar pinned to the bottom of the screen: who acts now, the last change, Undo, Redo, Next.
// codex.mjs has bound the form first (its module runs first): the address is read, the rows drawn.

import { sayWithButtons } from "./answers.mjs";
import { resetToDefaults } from "./calc-tools.mjs";
import { everyPage, whenIdle } from "./every-page.mjs";
import { changed, whenAnswered, whenChangedRecord } from "./form-changes.mjs";
import { download, fileName, readText, removeKey, roomWords, withLock } from "./device-store.mjs";
import { askToKeep, keptKey, keptNow, newFightId, readKept, setAside, timeWords, writeKept } from "./kept.mjs";
import { apply, currentInputs, draftOf, formValues, inputsAfter, resultsCurrent, setInputs } from "./rows.mjs";
import { checkInputs, freeName, keptCopy, saveRecord, storeSave } from "./saves.mjs";
import { fold, foresee, foreseen } from "./codex.mjs";
import { formState } from "./form-state.mjs";
import { Log, differences, logText, readLogText, stateKey } from "./store.mjs";
import { address, keepAddress, stateOf } from "./url-state.mjs";

/**
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {import("./kept.mjs").KeptRecord} KeptRecord
 * @typedef {import("./form-changes.mjs").Made} Made
 * @typedef {object} Tool a table tool: its form, its bar, its game's log and the game kept on the device
 * @property {HTMLFormElement} form
 * @property {HTMLElement} bar the bar pinned to the bottom of the screen
 * @property {HTMLElement} notice where the tool says what happened to the kept game
 * @property {Log} log the game's changes (open() makes it)
 * @property {Set<string>} drafts the inputs of the change being entered (not the game)
 * @property {string} fight this game's id (a kept game of another id is another game)
 * @property {string | null} written when this game was last kept (its `saved`)
 * @property {string} keptText the log as this page last kept it (JSON): the same game is not written twice
 * @property {number | null} timer waiting to keep the game
 * @property {EventTarget | null} lastTarget the field last typed in (keys close together are one change)
 * @property {number} lastAt when (performance.now())
 * @property {boolean} follow the next answer's pointer is to be followed (a Next)
 * @property {string} refused why the browser would not keep the game, as last said ("" while it does)
 * @property {string} blocked the kept record this page must not write over (unreadable, and not
 *   set aside for lack of room), or ""
 * @property {string} room the warning last given that the device's room runs short ("" none)
 * @property {number} frame the frame the bar is drawn in (0: none asked)
 * @property {boolean} following the pointer is followed at the next frame
 * @property {number | undefined} looking the timer that asks ahead for the states the next taps lead to (lookAhead)
 * @property {string} logDrawn what the log region shows (entries, place and game), to redraw only a change
 * @property {string} amount an amount button's amount waiting for the engine's answer to apply it ("" none)
 * @property {string} refusal why the engine refused the change being entered, as the bar says it ("": not refused)
 */

const WRITE_DELAY = 300; // ms after a change before the game is written to the device
const TYPING = 1500; // ms: keys typed in one field closer together than this are one change
const AHEAD_AFTER = 250; // ms without an answer before the next taps' states are asked for ahead
// The bar's change line: who (a name, or a tap on it), how much ("+4", "−2"), and to what.
const CHANGE = ["target", "change", "what"];
const AMOUNTS = ["\u22125", "\u22121", "+1", "+5"]; // the amount buttons (U+2212, as the change grammar reads it)
/** @type {Set<Tool>} */
const tools = new Set(); // the table tools of the page shown

/** @param {HTMLElement} slot @param {string} text @param {import("./answers.mjs").Action[]} actions */
function say(slot, text, ...actions) {
  sayWithButtons(slot, text, actions, "codex-table__answer");
  slot.hidden = !text;
}

/** @param {Tool} tool @param {string} text @param {import("./answers.mjs").Action[]} actions */
function notice(tool, text, ...actions) {
  say(tool.notice, text, ...actions);
}

/** @param {Tool} tool @param {string} text */
function showStep(tool, text) {
  const line = /** @type {Element} the build writes it */ (tool.bar.querySelector("[data-table-step]"));
  if (line.textContent !== text) line.textContent = text;
}

// The bar is redrawn at every answer; a write that changes nothing still costs the phone a style
// and layout pass (an attribute set to its own value is a mutation), so only changes are written.
/** @param {Element} el @param {string} name @param {string | null} value null: no attribute */
function setAttr(el, name, value) {
  if (el.getAttribute(name) === value) return;
  if (value === null) el.removeAttribute(name);
  else el.setAttribute(name, value);
}

/** @param {HTMLElement} el @param {string} name @param {string} value */
function setStyle(el, name, value) {
  if (el.style.getPropertyValue(name) !== value) el.style.setProperty(name, value);
}

/** The calculator a tool is (a table tool is a calculator form: it has data-calc). @param {Tool} tool */
const calcOf = (tool) => /** @type {string} */ (tool.form.dataset.calc);

// ---- the log ---------------------------------------------------------------------------

/** The game in `inputs`: all but the change being entered. @param {Tool} tool @param {Inputs} inputs @returns {Inputs} */
function gameOf(tool, inputs) {
  return Object.fromEntries(Object.entries(inputs).filter(([name]) => !tool.drafts.has(name)));
}

/** Show a state of the log in the form (Undo, Redo, a log opened): nothing is recorded.
 * @param {Tool} tool @param {string} label */
function show(tool, label) {
  setInputs(tool.form, tool.log.now, { label, shown: true });
}

/** @param {HTMLInputElement} control */
function wordsFor(control) {
  /** @type {HTMLElement | null} */
  const row = control.closest?.("tr[data-row]");
  /** @type {HTMLElement | null} */
  const field = control.closest?.("td[data-label]");
  if (row && field) {
    /** @type {HTMLInputElement | null} */
    const name = row.querySelector('[data-field="name"]');
    const who = name?.value.trim() || `row ${row.dataset.row}`;
    return `Changed ${who}: ${field.dataset.label}`;
  }
  const label = control.labels?.[0];
  return label ? `Changed ${label.textContent.trim()}` : "Changed a value";
}

/** A change to the game, dispatched: false when the game is as it was (only the change being
 *  entered moved, or nothing).
 * @param {Tool} tool @param {import("./store.mjs").Change | null} change null: an edit of what the form now holds
 * @param {string} label @param {boolean} merge
 * @param {string} summary what a pressed button did, as the engine said it beside the button ("": nothing said) */
function dispatch(tool, change, label, merge = false, summary = "") {
  const now = gameOf(tool, currentInputs(tool.form));
  const made = change ?? { do: "edit", label, sets: differences(tool.log.now, now) };
  if (!tool.log.dispatch(made, now, { merge })) return false;
  const entry = tool.log.entries[tool.log.at - 1];
  if (summary && entry) summaries.set(entry, summary);
  showStep(tool, tool.log.lastLabel);
  afterChange(tool);
  return true;
}

/** @param {Tool} tool */
function afterChange(tool) {
  soon(tool);
  keepSoon(tool); // the log is kept, and written into the address, once the GM pauses
  askToKeep();
}

// Another module set the form's inputs (form-changes.mjs): a change to the game unless it only
// showed a state of the log.
/** @param {Tool} tool @param {Made} made */
function onMade(tool, made) {
  tool.lastTarget = null;
  if (made.shown) return;
  if (made.fight) tool.fight = made.fight;
  if (made.log) takeLog(tool, made.log, made.label);
  else dispatch(tool, made.change ?? null, made.label, false, made.summary);
  soon(tool);
}

// A saved game with its history (a save loaded, a file imported): its start becomes a change of
// this log, its changes follow, so Undo walks back through them to the game it replaced.
/** @param {Tool} tool @param {import("./store.mjs").LogData} saved @param {string} label */
function takeLog(tool, saved, label) {
  const before = tool.log.now;
  const start = gameOf(tool, saved.start);
  const first = { change: /** @type {import("./store.mjs").Change} */ ({ do: "edit", label, sets: differences(before, start) }),
    inputs: start };
  const entries = saved.entries.map((e) => ({ change: e.change, inputs: gameOf(tool, e.inputs) }));
  tool.log = new Log(before, [first, ...entries], 1 + saved.at);
  showStep(tool, label);
  afterChange(tool);
}

// The reader typed or chose (the browser's own events): a change to the game, keys typed in one
// field close together being one; a pick or an amount typed in the bar is not the game.
/** @param {Tool} tool @param {Event} event */
function onTyped(tool, event) {
  if (!event.isTrusted) return; // what code sends is told through form-changes.mjs
  const target = /** @type {HTMLInputElement} or a select: its `type` is neither "text" nor "number" */ (event.target);
  if (tool.drafts.has(target.name)) {
    soon(tool);
    return;
  }
  const typed = event.type === "input" && (target.type === "text" || target.type === "number");
  const now = event.timeStamp;
  const merge = typed && target === tool.lastTarget && now - tool.lastAt < TYPING;
  if (!dispatch(tool, null, wordsFor(target), merge)) return;
  tool.lastTarget = typed ? target : null;
  tool.lastAt = now;
}

/** @param {Tool} tool @param {"undo" | "redo"} which */
function step(tool, which) {
  const moved = which === "undo" ? tool.log.undo() : tool.log.redo();
  if (!moved) return;
  tool.lastTarget = null;
  const label = `${which === "undo" ? "Undone" : "Redone"}: ${moved.change.label || "a change"}`;
  show(tool, label);
  showStep(tool, label);
  afterChange(tool);
}

/** Undo the game's last change if it is the one called `label` (a player's request the engine then
 *  refused, link-gm.mjs): false when it is not the last change any more (the GM made another).
 * @param {HTMLFormElement} form @param {string} label */
export function undoIf(form, label) {
  const tool = formState(form).table;
  if (!tool?.log.canUndo || tool.log.lastLabel !== label) return false;
  step(tool, "undo");
  return true;
}

// The log in the page's address, beside the inputs (a link from before the log opens without it).
/** @param {Tool} tool */
function logParam(tool) {
  return `log.${calcOf(tool)}`;
}

// A link stays short enough to share (LINK_LENGTH characters in all, with room for the inputs to
// grow by a fighter before the next change): it carries as many of the last changes as fit, the
// oldest folded into its start, or none.
const LINK_LENGTH = 2000;
const LINK_SPARE = 200;

/** @param {Tool} tool */
function writeLink(tool) {
  const url = new URL(address());
  url.searchParams.delete(logParam(tool));
  const room = LINK_LENGTH - LINK_SPARE - url.href.length - logParam(tool).length - 2;
  const linked = (/** @type {Inputs} */ inputs) => /** @type {Inputs} */ (inputsAfter(tool.form, inputs, {}) ?? inputs);
  for (let count = tool.log.at; count > 0; count = Math.floor(count / 2)) {
    const text = logText(tool.log, count, linked);
    if (text.length <= room) {
      url.searchParams.set(logParam(tool), text);
      break;
    }
  }
  keepAddress(url.href);
}

// A link's log: folded by the engine from its start; taken when it ends in the game the link shows.
/** @param {Tool} tool @param {string} text */
async function openLinkLog(tool, text) {
  const linked = readLogText(text);
  if (!linked?.changes.length) return;
  const shown = tool.log.key;
  const folded = await fold(calcOf(tool), linked.start, linked.changes);
  if (tool.log.key !== shown || tool.log.at) return; // the game changed while the engine folded
  if ("problem" in folded) {
    notice(tool, `This link's history could not be read (${folded.problem}); the game opens as the link shows it, without Undo.`);
    return;
  }
  const states = folded.states.map((s) => gameOf(tool, formValues(tool.form, s)));
  if (stateKey(states[states.length - 1]) !== shown) {
    notice(tool, "This link's history does not end in the game it shows (it was changed by hand?); the game opens as the link shows it, without Undo.");
    return;
  }
  const start = gameOf(tool, formValues(tool.form, linked.start));
  tool.log = new Log(start, linked.changes.map((change, i) => ({ change, inputs: states[i] })));
  showStep(tool, tool.log.lastLabel);
  soon(tool);
}

// ---- the bar ----------------------------------------------------------------------------------

/** @param {HTMLFormElement} form @returns {HTMLButtonElement | null} */
function nextButton(form) {
  return form.querySelector('output[name="next"] button[data-apply]')
    || form.querySelector(".calc__results button[data-apply]");
}

/** @param {HTMLFormElement} form @param {HTMLElement | null} next */
function actingNow(form, next) {
  for (const name of ["acting_now", "now"]) {
    const named = form.querySelector(`output[name="${name}"]`);
    if (named?.textContent.trim()) return named.textContent.trim();
  }
  const summary = next?.closest(".codex-apply")?.querySelector(".codex-apply__summary");
  return summary ? summary.textContent.trim() : "";
}

/** @param {Tool} tool */
function drawBar(tool) {
  const { bar, form, log } = tool;
  // The bar's buttons and lines: the build writes them (hooks/codex/widgets.py).
  const undo = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="undo"]'));
  const redo = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="redo"]'));
  const next = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="next"]'));
  setAttr(undo, "disabled", log.canUndo ? null : "");
  setAttr(redo, "disabled", log.canRedo ? null : "");
  setAttr(undo, "title", log.canUndo ? `Undo: ${log.lastLabel || "the last change"}` : "Nothing to undo");
  setAttr(redo, "title", log.canRedo ? `Redo: ${log.nextLabel || "a change"}` : "Nothing to redo");
  const target = nextButton(form);
  const label = target ? target.textContent.trim() : "Next";
  if (next.textContent !== label) next.textContent = label;
  setAttr(next, "disabled", target ? null : "");
  setAttr(next, "hidden", target ? null : ""); // a tool whose results offer several ways on (the tile table) has no one Next
  // Held: the last tap's answer is on its way, or the results are not yet for the inputs shown.
  const held = form.dataset.applying === "yes" || !resultsCurrent(form);
  setAttr(next, "aria-disabled", held ? "true" : "false");
  const now = /** @type {Element} */ (bar.querySelector("[data-table-now]"));
  const text = actingNow(form, target);
  if (now.textContent !== text) now.textContent = text;
  drawChange(tool);
  drawLog(tool);
}

// ---- the log region ---------------------------------------------------------------------------
// Every change to the game, the latest first, each with where the game stood after it (the
// engine's "Now" for that state, noted when its answer arrived); changes undone are shown as
// such until a new change drops them. A projection of the log: nothing here is state.

/** @type {WeakMap<import("./store.mjs").Entry, string>} */
const said = new WeakMap();
/** @type {WeakMap<import("./store.mjs").Entry, HTMLLIElement>} each change's line */
const lines = new WeakMap();
/** What a pressed button did, as the engine said it beside the button when it was pressed on this
 *  page ("Apply and end Mei Ling's turn" names no target: its summary does).
 * @type {WeakMap<import("./store.mjs").Entry, string>} */
const summaries = new WeakMap();

/** What the engine's answer says of the game now ("Round 2, phase 1, tick 3"), for the log.
 * @param {Tool} tool */
function noteSaid(tool) {
  const entry = tool.log.entries[tool.log.at - 1];
  if (!entry || said.has(entry) || !resultsCurrent(tool.form)) return;
  const now = tool.form.querySelector('output[name="now"]')?.textContent.trim() || "";
  if (now) said.set(entry, now);
}

/** @param {Tool} tool */
function drawLog(tool) {
  /** @type {HTMLElement | null} */
  const region = tool.form.querySelector("[data-table-log]");
  const list = region?.querySelector("ol");
  if (!region || !list) return;
  const { entries, at } = tool.log;
  const drawn = `${entries.length}:${at}:${tool.log.key}:${entries.map((e) => said.get(e) ?? "").join("|").length}`;
  if (drawn === tool.logDrawn) return;
  tool.logDrawn = drawn;
  // Only what changed is written: a Next adds one line, where rebuilding redrew up to 51 lines.
  const items = entries.map((entry, i) => {
    const li = lines.get(entry) ?? document.createElement("li");
    lines.set(entry, li);
    const after = said.get(entry);
    const did = summaries.get(entry);
    const text = `${entry.change.label || "A change"}${did ? ` — ${did}` : ""}${after ? ` → ${after}` : ""}${i >= at ? " (undone)" : ""}`;
    if (li.textContent !== text) li.textContent = text;
    setAttr(li, "class", i >= at ? "codex-table-log__undone" : null);
    setAttr(li, "aria-current", i === at - 1 ? "step" : null);
    return li;
  }).reverse();
  let start = /** @type {HTMLLIElement | null} */ (list.lastElementChild);
  if (!start?.hasAttribute("data-start")) {
    start = document.createElement("li");
    start.setAttribute("data-start", "");
    start.textContent = "The game as it began (or as far back as Undo reaches)";
  }
  items.push(start);
  items.forEach((li, i) => { if (list.children[i] !== li) list.insertBefore(li, list.children[i] ?? null); });
  while (list.children.length > items.length) list.lastElementChild?.remove();
  region.hidden = false;
}

// `answered`: an answer is in place, so the pointer it marks is the one to follow (a Next's own
// change is drawn a frame before its answer arrives).
/** @param {Tool} tool */
function soon(tool, answered = false) {
  if (answered && tool.follow) {
    tool.follow = false;
    tool.following = true;
  }
  if (answered) drawBar(tool); // with the answer's own writes (it reads no layout): one layout for both
  if (tool.frame) return;
  tool.frame = requestAnimationFrame(() => {
    tool.frame = 0;
    drawBar(tool);
    followPointer(tool);
  });
}

// A result table wider than the phone scrolls sideways in its place, and takes the focus (for a
// keyboard) while it is wider than its room. Asked when a box or its table changes size (after
// layout: reading widths then forces nothing; asking every frame laid out the results out of view).
/** @param {HTMLFormElement} form */
function watchScrollers(form) {
  const boxes = /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".calc__result--table > dd"));
  // All widths read, then all marks written (a write between two reads would lay the page out again);
  // a box whose result is kept out of view (content-visibility) is left until it comes into view:
  // reading its width would lay out what the page skips (100 ms an Apply on a phone, measured).
  /** @param {Iterable<HTMLElement | null>} some */
  const mark = (some) => {
    const shown = /** @type {HTMLElement[]} */ ([...new Set(some)].filter((box) => box?.checkVisibility({ contentVisibilityAuto: true })));
    const wide = shown.map((box) => /** @type {[HTMLElement, boolean]} */ ([box, box.scrollWidth > box.clientWidth + 1]));
    for (const [box, scrolls] of wide) setAttr(box, "tabindex", scrolls ? "0" : null);
  };
  /** @param {Element} target */
  const boxOf = (target) => /** @type {HTMLElement | null} */ (target.closest(".calc__result--table > dd"));
  // Marked at idle, not in the frame that resized them (a round's end resizes every table).
  /** @type {Set<HTMLElement | null>} */
  const due = new Set();
  /** @param {Iterable<HTMLElement | null>} some */
  const markSoon = (some) => {
    const first = due.size === 0;
    for (const box of some) due.add(box);
    if (!first || due.size === 0) return;
    whenIdle(() => { const boxes = [...due]; due.clear(); mark(boxes); }, 500);
  };
  const sized = new ResizeObserver((entries) => markSoon(entries.map(({ target }) => boxOf(target))));
  const seen = new IntersectionObserver((entries) => markSoon(entries.filter((e) => e.isIntersecting).map((e) => boxOf(e.target))));
  for (const box of boxes) seen.observe(box);
  /** @type {Map<Element, Element | null>} each box's table being watched (a replaced one is let go) */
  const tables = new Map();
  const watch = () => {
    for (const box of boxes) {
      const table = box.querySelector("table");
      const old = tables.get(box);
      if (old === table && tables.has(box)) continue;
      if (old) sized.unobserve(old);
      if (table) sized.observe(table);
      if (!tables.has(box)) sized.observe(box);
      tables.set(box, table);
    }
  };
  watch();
  mark(boxes); // those in view now; the others as they come into view
  whenAnswered(form, watch); // an answer draws new tables
}

/** @param {Tool} tool */
function next(tool) {
  const target = nextButton(tool.form);
  if (!target) return;
  tool.follow = true; // before the tap: an answer asked ahead is drawn within it
  if (!apply(tool.form, target)) tool.follow = false;
}

// Once an answer is in and the GM pauses (AHEAD_AFTER ms without another answer: a burst of keys
// asks nothing ahead, so no question of ours stands in the worker's way), the states a GM's next
// taps lead to (Next, and the bar's Apply when a change is entered) are asked for ahead, so the
// tap draws its answer at once (codex.mjs `foresee`); a change typed in the bar has its Apply asked
// as soon as its preview is drawn. A results button the tool does not name is asked when tapped.
/** @param {Tool} tool */
function lookAhead(tool) {
  const source = applyButton(tool.form);
  if (source?.dataset.apply && /** @type {HTMLInputElement | null} */ (tool.form.querySelector('input[name="change"]'))?.value.trim()) {
    try {
      foresee(tool.form, [JSON.parse(source.dataset.apply)]);
    } catch { /* a button that carries no state is asked when tapped */ }
  }
  const go = () => {
    tool.looking = undefined;
    /** @type {Record<string, unknown>[]} */
    const sets = [];
    for (const button of [applyButton(tool.form), nextButton(tool.form)]) { // a change entered is applied next
      try {
        if (button?.dataset.apply) sets.push(JSON.parse(button.dataset.apply));
      } catch { /* a button that carries no state is asked when tapped */ }
    }
    // A fighter picked: the amounts first (the likelier next tap), then Next and Apply.
    amountsAhead(tool).then(() => { if (sets.length) foresee(tool.form, sets); });
  };
  clearTimeout(tool.looking);
  tool.looking = setTimeout(() => {
    if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 250 });
    else go();
  }, AHEAD_AFTER);
}

// With a fighter picked and no change typed, the bar's amounts are a tap away: each amount's
// change, and the state its Apply leads to, are asked ahead too, so −5 −1 +1 +5 apply with no
// trip to the worker (only the applied game drawn in the tap: applyAmount).
/** @param {Tool} tool */
async function amountsAhead(tool) {
  const { form, bar } = tool;
  const target = /** @type {HTMLInputElement | HTMLSelectElement | null} */ (form.querySelector(':is(input, select)[name="target"]'));
  const change = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="change"]'));
  if (!target?.value.trim() || !change || change.value.trim()) return;
  // the small amounts first (the likelier taps), each with the state its Apply leads to
  const amounts = [...bar.querySelectorAll("[data-table-amount]")].map((b) => /** @type {HTMLElement} */ (b).dataset.tableAmount || "")
    .sort((a, b) => a.length - b.length || a.localeCompare(b));
  for (const amount of amounts) {
    await foresee(form, [{ change: amount }]);
    const offer = offerFor(form, amount);
    if (!offer) return; // not asked ahead (the reader acted first): the rest waits for the next pause
    if (offer.sets) await foresee(form, [offer.sets]);
  }
}

/** What the answer asked ahead for `amount` offers: its Apply button and the state that sets (null
 *  for an amount the rules refuse), or null when that answer is not known.
 * @param {HTMLFormElement} form @param {string} amount
 * @returns {{ button: HTMLElement, sets: Record<string, unknown> } | { button: null, sets: null } | null} */
function offerFor(form, amount) {
  const html = foreseen(form, { change: amount })?.apply;
  if (!html) return null;
  const shell = document.createElement("template");
  shell.innerHTML = html;
  const button = /** @type {HTMLElement | null} */ (shell.content.querySelector("button[data-apply]"));
  try {
    if (button?.dataset.apply) return { button, sets: JSON.parse(button.dataset.apply) };
  } catch { /* a button that carries no state is asked when tapped */ }
  return { button: null, sets: null };
}

// ---- the change being made ----------------------------------------------------------------

/** @param {HTMLFormElement} form @returns {HTMLButtonElement | null} */
function applyButton(form) {
  return form.querySelector('output[name="apply"] button[data-apply]');
}

// The tool's change fields move into the bar, beside an Apply that presses the tool's own (the
// result that carries the change): a GM taps a name, types "+4" and applies without scrolling.
/** @param {Tool} tool */
function bindChange(tool) {
  const { form, bar } = tool;
  /** @type {HTMLElement | null} */
  const line = bar.querySelector("[data-table-change]");
  const fields = CHANGE.map((name) => form.querySelector(`:is(input, select)[name="${name}"]`)?.closest(".calc__field"))
    .filter((field) => field instanceof Element);
  if (!line || !fields.length) return;
  line.append(...fields);
  // −5 −1 +1 +5: one tap puts the amount in the change and applies it to the fighter picked.
  if (form.querySelector('input[name="change"]')) {
    const amounts = document.createElement("div");
    amounts.className = "codex-table-bar__amounts";
    amounts.setAttribute("role", "group");
    amounts.setAttribute("aria-label", "Apply an amount");
    for (const amount of AMOUNTS) {
      const b = document.createElement("button");
      b.type = "button";
      b.dataset.tableAmount = amount;
      b.textContent = amount;
      amounts.append(b);
    }
    line.append(amounts);
  }
  const go = document.createElement("button");
  go.type = "button";
  go.className = "codex-table-bar__apply";
  go.dataset.tableAction = "apply";
  go.textContent = "Apply";
  line.append(go);
  line.hidden = false;
}

// An amount button: the amount goes into the change being entered (a draft: nothing recorded), and
// the engine's answer, once it is for this change, is applied (or its refusal shown, as Apply's).
/** @param {Tool} tool @param {string} amount */
function applyAmount(tool, amount) {
  const { form } = tool;
  /** @type {HTMLInputElement | null} */
  const change = form.querySelector('input[name="change"]');
  /** @type {HTMLInputElement | HTMLSelectElement | null} */
  const target = form.querySelector(':is(input, select)[name="target"]');
  if (!change) return;
  if (target && !target.value.trim()) {
    showStep(tool, "Tap a fighter's name first, then the amount.");
    return;
  }
  // both answers asked ahead (amountsAhead): applied at once, only the applied game drawn
  const offer = offerFor(form, amount);
  if (offer?.sets && foreseen(form, offer.sets)
      && apply(form, offer.button, { output: "apply", draft: { ...draftOf(form), change: amount } })) return;
  change.value = amount;
  tool.amount = amount;
  changed(form, { label: `Typed ${amount}` }); // a draft: asked, not recorded
}

/** The answer for an amount button's change is in: apply it (asked again when the last tap's hold
 *  ends, if it is still held: two amounts tapped in a row are two changes). @param {Tool} tool */
function amountAnswered(tool) {
  if (!tool.amount || !resultsCurrent(tool.form)) return;
  const change = /** @type {HTMLInputElement | null} */ (tool.form.querySelector('input[name="change"]'));
  const source = applyButton(tool.form);
  if (change?.value !== tool.amount || !source) {
    tool.amount = "";
    return;
  }
  if (tool.form.dataset.applying === "yes") return; // the form's own watcher asks again when released
  tool.amount = "";
  apply(tool.form, source);
}

// A change being entered that the engine refuses (an extra attack the rules do not allow, say) is
// said with the engine's own reasons where the change is applied: the results shown are those of the
// last inputs it took, whose Apply still said "nothing to apply yet". Each reason also sits beside its
// field; the bar repeats those whose field is not in it (the attack box, a channel), so a GM on a
// phone reads why without scrolling.
/** @param {Tool} tool @param {import("./codex.mjs").Answer} answer */
function takeRefusal(tool, answer) {
  const problems = answer.error ? answer.error.problems || [answer.error] : [];
  const mine = problems.filter((p) => tool.drafts.has(p.field));
  const away = mine.filter((p) => !tool.bar.querySelector(`[name="${CSS.escape(p.field)}"]`));
  tool.refusal = away.length ? `Not applied: ${away.map((p) => p.message).join(" ")}` : "";
  const out = tool.form.querySelector('output[name="apply"]');
  if (!out || !mine.length) return;
  const line = document.createElement("p");
  line.className = "calc-chart__empty codex-table__refused";
  line.textContent = `Not applied: ${mine.map((p) => p.message).join(" ")}`;
  out.replaceChildren(line);
  formState(tool.form).shown.delete(out); // the next answer's Apply is drawn whatever was drawn before
}

/** @param {Tool} tool */
function drawChange(tool) {
  /** @type {HTMLButtonElement | null} */
  const go = tool.bar.querySelector('[data-table-action="apply"]');
  if (!go) return;
  const source = applyButton(tool.form);
  setAttr(go, "disabled", source ? null : "");
  // Held as Next is (apply() ignores a tap while the last one's answer is on its way or within
  // HOLD ms of it): shown, so a held tap is never a silent one.
  const held = tool.form.dataset.applying === "yes" || !resultsCurrent(tool.form);
  setAttr(go, "aria-disabled", source && held ? "true" : "false");
  const label = source ? source.textContent.trim() : "Apply";
  if (go.textContent !== label) go.textContent = label;
  /** @type {HTMLElement | null} */
  const refusal = tool.bar.querySelector("[data-table-refusal]");
  if (refusal) {
    if (refusal.textContent !== tool.refusal) refusal.textContent = tool.refusal;
    setAttr(refusal, "hidden", tool.refusal ? null : "");
  }
}

// A tap on a fighter's name in the results makes them the target of the change being entered
// (not a change to the game: nothing is recorded); the change field is next.
/** @param {Tool} tool @param {HTMLElement} button */
function pick(tool, button) {
  /** @type {HTMLInputElement | HTMLSelectElement | null} */
  const target = tool.form.querySelector(':is(input, select)[name="target"]');
  if (!target) return;
  target.value = /** @type {string} the button's selector asks for it */ (button.dataset.pick);
  changed(tool.form, { label: `Picked ${button.dataset.pick}` }); // a draft: asked, not recorded
  /** @type {HTMLInputElement | null} */
  const change = tool.form.querySelector('input[name="change"]');
  if (change) change.focus({ preventScroll: true });
}

// After Next the view stays on the fight's pointer (the row marked as now): no move while it is in
// view; once it leaves, it goes to the top, so the next turns move nothing (every scroll makes the
// theme rewrite the history entry, tens of milliseconds on a phone).
/** @param {Tool} tool */
function followPointer(tool) {
  if (!tool.following) return;
  tool.following = false;
  const pointer = tool.form.querySelector(".calc__results [aria-current]");
  if (!pointer) return;
  // In view already (below the header, above the bar): no scroll, so nothing that follows scrolling
  // (the theme keeps the scroll place in the history) runs after every Next.
  const box = pointer.getBoundingClientRect();
  const header = /** @type {HTMLElement | null} */ (document.querySelector(".md-header"))?.offsetHeight ?? 0;
  if (box.top >= header && box.bottom <= window.innerHeight - tool.bar.offsetHeight) return;
  pointer.scrollIntoView({ block: "start" });
}

// ---- kept on this device -----------------------------------------------------------------

/** @param {Tool} tool */
function keepSoon(tool) {
  clearTimeout(tool.timer ?? undefined);
  tool.timer = setTimeout(() => keepNow(tool), WRITE_DELAY);
}

/** @param {Tool} tool */
// Keeping runs under a lock per tool (Web Locks), so two tabs never read and write the kept game
// in between each other's steps; leaving the page (flush) keeps at once, as the browser will not
// wait for a lock then.
/** @param {Tool} tool */
function keepNow(tool) {
  clearTimeout(tool.timer ?? undefined);
  tool.timer = null;
  writeLink(tool); // off the tap's path: encoding the log costs the phone a frame
  withLock(keptKey(calcOf(tool)), () => keepGame(tool));
}

/** @param {Tool} tool */
function keepGame(tool) {
  const calc = calcOf(tool);
  const stored = readKept(calc);
  if (stored?.problem) { // damaged since the page opened (another tab, a hand): set aside first
    if (!setAsideKept(tool, stored.problem, stored.text)) return;
  }
  if (tool.blocked) return;
  const other = stored?.record;
  let told = "";
  if (other && other.fight !== tool.fight && other.saved !== tool.written && stateKey(gameOf(tool, keptNow(other))) !== tool.log.key) {
    // Another game is kept here (the one this page's link replaced, or another tab's): it becomes
    // a save before this game takes its place (its one copy: a fight set aside before updates the
    // same save), and if that cannot be written, it stays kept and this game is not.
    told = saveAside(tool, other);
    if (!told) return;
  }
  const log = tool.log.toJSON();
  const text = JSON.stringify(log);
  // kept as it is already (a keep that waited for the lock): not written again
  if (other && other.saved === tool.written && other.fight === tool.fight && text === tool.keptText) return;
  const written = writeKept(calc, { fight: tool.fight, log });
  if (written.record) {
    tool.keptText = text;
    tool.written = written.record.saved;
    tool.form.dataset.kept = written.record.saved;
    if (tool.refused) told = `${told} This fight is kept on this device again.`.trim();
    tool.refused = "";
    if (told) notice(tool, told);
    warnRoom(tool);
  } else refuse(tool, written.refused === "full"
    ? "This browser's storage for this site is full: this fight's last changes are not kept on this device. " +
      "Export it as a file now, or delete saves you no longer need."
    : "This browser would not keep the fight on this device (a private window, or storage turned off): " +
      "export it as a file before you close the page.");
}

/** Say once (until it changes) that the game is not kept, with a way to export it. @param {Tool} tool @param {string} why */
function refuse(tool, why) {
  if (tool.refused === why) return;
  tool.refused = why;
  notice(tool, why, ["Export this fight as a file", () => exportGame(tool)]);
}

/** This game, with its history, as a file a save box imports. @param {Tool} tool */
function exportGame(tool) {
  const record = { ...saveRecord(calcOf(tool), `Fight of ${timeWords(new Date().toISOString())}`.slice(0, 40), tool.log.now),
    log: tool.log.toJSON(), fight: tool.fight };
  download(fileName(`${calcOf(tool)}-${record.name}`), JSON.stringify(record, null, 2));
}

/** Warn, once per warning, that the device's room runs short (a backup file offered). @param {Tool} tool */
function warnRoom(tool) {
  roomWords().then((words) => {
    if (!words || words === tool.room) return;
    tool.room = words;
    notice(tool, words, ["Export a backup file", () => import("./device.mjs").then((m) => m.exportBackup())]);
  });
}

// The kept game of another fight, as a save: its one copy (the save made of it before, or a new
// one). What to tell the reader, or "" (and said) when it could not be written: then nothing
// replaces it.
/** @param {Tool} tool @param {KeptRecord} other */
function saveAside(tool, other) {
  const calc = calcOf(tool);
  const copy = keptCopy(calc, other.fight);
  const name = copy || freeName(calc, `Fight kept at ${timeWords(other.saved)}`.slice(0, 40));
  const record = { ...saveRecord(calc, name, keptNow(other), other.saved), log: other.log, fight: other.fight, kept: true };
  // Its history too, where there is room; without it if that is what fits.
  const refused = storeSave(record) && storeSave(saveRecord(calc, name, keptNow(other), other.saved));
  if (refused) {
    refuse(tool, `The fight kept on this device (${timeWords(other.saved)}) is another fight, and there is no room to ` +
      "save it before this one takes its place: it stays kept, and this fight is not kept on this device. " +
      "Export this fight as a file, or delete saves you no longer need.");
    return "";
  }
  return `The fight that was kept on this device (${timeWords(other.saved)}) is ${copy ? "saved again as" : "now the save"} “${name}”: ` +
    "load it from Saved on this device.";
}

// An unreadable kept record is copied aside under a key of its own before anything is written
// over it; where that cannot be written, it stays where it is, the page keeps nothing over it and
// says so, with the record to download and then to delete.
/** @param {Tool} tool @param {string} problem @param {string} text */
function setAsideKept(tool, problem, text) {
  const calc = calcOf(tool);
  const aside = setAside(calc, text);
  if (aside) { // its copy is safe: the slot is free for this game
    if (readText(keptKey(calc)) === text) removeKey(keptKey(calc));
    tool.blocked = "";
    notice(tool, `The fight kept on this device could not be read (${problem}), so it was set aside and this page ` +
      "starts from its own fight. The page “On this device” lists it, to download or delete.");
    return true;
  }
  tool.blocked = text;
  const file = fileName(`${keptKey(calc)}-unreadable`);
  notice(tool, `The fight kept on this device could not be read (${problem}), and there is no room to set it aside: ` +
    "it stays where it is, and this page keeps nothing over it until you download it or delete it.",
  ["Download it", () => download(file, text)],
  ["Delete it", () => {
    if (readText(keptKey(calc)) === text) removeKey(keptKey(calc));
    tool.blocked = "";
    notice(tool, "The unreadable fight was deleted; this fight is kept on this device from now on.");
    keepSoon(tool);
  }, "danger"]);
  return false;
}

function flush() {
  for (const tool of tools) if (tool.timer !== null) {
    clearTimeout(tool.timer);
    tool.timer = null;
    writeLink(tool);
    keepGame(tool);
  }
}

// A kept state can be shown if this form takes it (a record from an older page is not forced in).
/** @param {Tool} tool @param {Inputs} inputs */
function usable(tool, inputs) {
  return !checkInputs(tool.form, inputs);
}

/** The kept record's log, its states that this form takes. @param {Tool} tool @param {KeptRecord} record */
function logOf(tool, record) {
  return Log.from({ ...record.log, start: gameOf(tool, record.log.start) }, (inputs) => usable(tool, inputs));
}

/** @param {Tool} tool @param {KeptRecord} record @param {string} label */
// `kept`: the record is the one on the device now (another tab wrote it): the address follows,
// and nothing is written back (two tabs of one fight would otherwise answer each other's writes).
/** @param {Tool} tool @param {KeptRecord} record @param {string} label */
function resume(tool, record, label, kept = false) {
  tool.log = logOf(tool, record);
  tool.fight = record.fight || newFightId();
  tool.written = record.saved;
  show(tool, label);
  showStep(tool, label);
  if (kept) {
    tool.form.dataset.kept = record.saved;
    writeLink(tool);
  } else keepSoon(tool);
  soon(tool);
}

// A kept game taken in as a change of this one (Undo brings back the game it replaced).
/** @param {Tool} tool @param {KeptRecord} record @param {string} label */
function take(tool, record, label) {
  tool.fight = record.fight || tool.fight;
  tool.written = record.saved;
  setInputs(tool.form, keptNow(record), { label });
}

// What the page shows when it opens: the kept game, or the link's with the kept one offered.
/** @param {Tool} tool */
function open(tool) {
  const { form } = tool;
  const calc = calcOf(tool);
  tool.log = new Log(gameOf(tool, currentInputs(form)));
  tool.fight = newFightId();
  const params = new URLSearchParams(location.search);
  const linkLog = params.get(logParam(tool));
  const kept = readKept(calc);
  if (kept) {
    try {
      openKept(tool, kept, params);
    } catch { // a record that passed every check and still could not be shown: set it aside
      tool.log = new Log(gameOf(tool, currentInputs(form)));
      setAsideKept(tool, "the page could not show it", kept.text ?? JSON.stringify(kept.record));
    }
  }
  if (linkLog && !tool.log.at) openLinkLog(tool, linkLog);
}

/** @param {Tool} tool @param {import("./kept.mjs").Kept} kept @param {URLSearchParams} params */
function openKept(tool, kept, params) {
  const { form } = tool;
  const { record } = kept;
  const now = record ? keptNow(record) : null;
  const problem = record && now ? checkInputs(form, now) || checkInputs(form, record.log.start) : kept.problem;
  if (problem || !record) {
    setAsideKept(tool, problem || "it is damaged", kept.text ?? JSON.stringify(kept.record));
    return;
  }
  const key = tool.log.key;
  const when = timeWords(record.saved);
  if (stateKey(gameOf(tool, /** @type {Inputs} */ (now))) === key) {
    tool.log = logOf(tool, record);
    tool.fight = record.fight || tool.fight;
    tool.written = record.saved;
    return;
  }
  const fromLink = stateOf(form, params).size > 0 || params.has(logParam(tool));
  const states = [record.log.start, ...record.log.entries.map((e) => e?.inputs)];
  const stale = states.some((inputs) => inputs && typeof inputs === "object" && stateKey(gameOf(tool, inputs)) === key);
  if (!fromLink || stale) {
    // The page's own defaults, or an older address of this same game: the kept game is newer.
    resume(tool, record, `Resumed the fight from ${when}`);
    notice(tool, `Resumed the fight kept on this device at ${when}.`,
      ["Start a new fight", () => newFight(tool)]);
    return;
  }
  notice(tool, `This link opened a fight of its own. Resume the fight kept on this device at ${when}?`,
    ["Resume it", () => {
      take(tool, record, `Resumed the fight from ${when}`);
      notice(tool, "");
    }]);
}

/** @param {Tool} tool */
function newFight(tool) {
  resetToDefaults(tool.form, "Started a new fight");
  notice(tool, "A new fight, from the page's defaults: Undo brings the last one back.");
}

// The kept game changed outside this page (a stat block added to it from another tab, or this
// page coming back from the browser's cache): take its log in.
/** @param {Tool} tool */
function catchUp(tool) {
  const kept = readKept(calcOf(tool));
  const record = kept?.record;
  if (!record || record.saved === tool.written || !usable(tool, keptNow(record))) return;
  if (stateKey(gameOf(tool, keptNow(record))) === tool.log.key) {
    tool.written = record.saved;
    tool.form.dataset.kept = record.saved;
    return;
  }
  const when = timeWords(record.saved);
  if (record.fight !== tool.fight && tool.log.canUndo) {
    notice(tool, `Another page keeps a different fight on this device now (${when}).`,
      ["Show that fight", () => {
        take(tool, record, `Took the fight from ${when}`);
        notice(tool, "");
      }]);
    return;
  }
  resume(tool, record, record.log.entries[record.log.at - 1]?.change?.label || "Changed on another page", true);
}

// ---- binding -------------------------------------------------------------------------------

/** @param {HTMLFormElement} form */
function bindTable(form) {
  const state = formState(form);
  if (state.table) return;
  /** @type {HTMLElement | null} */
  const bar = form.querySelector("[data-table-bar]");
  /** @type {HTMLElement | null} */
  const notes = form.querySelector("[data-table-notice]");
  if (!bar || !notes) return;
  /** @type {Tool} */
  const tool = { form, bar, notice: notes, log: new Log({}), fight: "", written: null, keptText: "", timer: null,
    drafts: new Set((form.dataset.draft || "").split(" ").filter(Boolean)), blocked: "", room: "",
    lastTarget: null, lastAt: 0, follow: false, refused: "", frame: 0, following: false, looking: undefined, logDrawn: "", amount: "",
    refusal: "" };
  state.table = tool;
  tools.add(tool);
  bindChange(tool);
  open(tool);
  whenChangedRecord(form, (made) => onMade(tool, made));
  form.addEventListener("input", (event) => onTyped(tool, event));
  form.addEventListener("change", (event) => onTyped(tool, event));
  // The results' buttons: a name picks the change's target; Next and the other buttons the engine
  // offers are pressed here (rows.mjs leaves a table tool's to it), a Next marked to be followed
  // first (its answer may be drawn within the tap, if it was asked ahead).
  form.addEventListener("click", (event) => {
    /** @type {HTMLElement | null} */
    const button = event.target instanceof Element ? event.target.closest("button[data-apply], button.codex-pick[data-pick]") : null;
    if (!button) { // a tap elsewhere on a fighter's card picks them, as a tap on the name does
      const card = event.target instanceof Element && !event.target.closest("button, a, summary, input, select")
        ? event.target.closest(".codex-card") : null;
      /** @type {HTMLElement | null | undefined} */
      const name = card?.querySelector("button.codex-pick[data-pick]");
      if (name && form.contains(name)) pick(tool, name);
      return;
    }
    if (!button.closest(".calc__results") || !form.contains(button)) return;
    if (button.matches(".codex-pick")) {
      pick(tool, button);
      return;
    }
    const moves = Boolean(button.closest('output[name="next"]') || !button.closest('output[name="apply"]'));
    tool.follow = moves;
    if (!apply(form, button, { focus: true })) tool.follow = false;
  });
  // The bar is drawn with the answer, in its task (it reads no layout, so the frame lays the page out
  // once for both); the pointer is followed at the next frame, where reading its place costs nothing more.
  whenAnswered(form, (answer) => {
    takeRefusal(tool, answer);
    noteSaid(tool);
    amountAnswered(tool);
    soon(tool, true);
    lookAhead(tool);
  });
  // The page's first tap too: the results the page opened with are asked ahead of once the engine
  // is ready (now, if it already is: a page reached by instant navigation).
  window.addEventListener("codex:ready", () => lookAhead(tool), { once: true });
  lookAhead(tool);
  bar.addEventListener("click", (event) => {
    const action = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-table-action]"))?.dataset.tableAction;
    if (action === "undo" || action === "redo") step(tool, action);
    else if (action === "next") next(tool);
    else if (action === "apply") {
      const source = applyButton(form);
      if (source) apply(form, source);
    }
    const amount = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-table-amount]"))?.dataset.tableAmount;
    if (amount) applyAmount(tool, amount);
  });
  // The bar shows when a tap would be held off: watch the form's answer state.
  new MutationObserver(() => {
    soon(tool);
    amountAnswered(tool);
  }).observe(form, { attributes: true,
    attributeFilter: ["data-busy", "data-applying", "class"] });
  bar.hidden = false;
  // Room for the bar (scroll padding, the footer), set on those two elements alone: a custom property
  // on the root restyled the whole page whenever the bar grew (100 ms of a phone's Apply, measured).
  new ResizeObserver(() => {
    const room = Math.ceil(bar.offsetHeight);
    setStyle(document.documentElement, "scroll-padding-bottom", `${room + 8}px`);
    const footer = /** @type {HTMLElement | null} */ (document.querySelector(".md-footer"));
    if (footer) setStyle(footer, "padding-bottom", `${room}px`);
  }).observe(bar);
  form.dataset.tableReady = "yes";
  drawBar(tool);
  watchScrollers(form);
}

// Ctrl+Z and Ctrl+Shift+Z (or Ctrl+Y) undo and redo the fight, except in a text field, where
// they undo the typing as usual.
/** @param {KeyboardEvent} event */
function onKey(event) {
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  const key = event.key.toLowerCase();
  if (key !== "z" && key !== "y") return;
  const field = event.target instanceof Element && event.target.closest('input[type="text"], input[type="number"], textarea');
  if (field) return;
  const tool = [...tools][0];
  if (!tool) return;
  event.preventDefault();
  step(tool, key === "y" || event.shiftKey ? "redo" : "undo");
}

function bindAll() {
  flush();
  for (const tool of tools) if (!tool.form.isConnected) tools.delete(tool);
  const forms = /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"));
  if (!forms.length) { // a page reached by instant navigation keeps the html element: no room for a bar here
    document.documentElement.style.removeProperty("scroll-padding-bottom");
    /** @type {HTMLElement | null} */ (document.querySelector(".md-footer"))?.style.removeProperty("padding-bottom");
  }
  for (const form of forms) bindTable(form);
}

window.addEventListener("pagehide", flush);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") flush();
  else for (const tool of tools) catchUp(tool);
});
window.addEventListener("pageshow", (event) => { if (event.persisted) for (const tool of tools) catchUp(tool); });
window.addEventListener("storage", (event) => {
  for (const tool of tools) if (event.key === keptKey(calcOf(tool))) catchUp(tool);
});
document.addEventListener("keydown", onKey);

everyPage(bindAll);
