// Table tools: a calculator that runs a fight at the table (a form marked `data-table`: the WBS
// fight, the Xia conflict, the Rain tile table). The same machinery for each, nothing per game:
// - every change is a step of the fight's history: Undo and Redo walk it (history.mjs);
// - the fight is kept on this device as it changes, with its history, and comes back when its page
//   opens; a link that brings another fight offers the kept one back instead (kept.mjs);
// - a bar pinned to the bottom of the screen: who acts now, the last change, Undo, Redo, Next.
// codex.mjs has bound the form first (its module runs first): the address is read, the rows drawn.

import { sayWithButtons } from "./answers.mjs";
import { resetToDefaults } from "./calc-tools.mjs";
import { everyPage } from "./every-page.mjs";
import { History, markStep, stateKey, takeStep } from "./history.mjs";
import { askToKeep, keptKey, newFightId, readKept, setAside, timeWords, writeKept } from "./kept.mjs";
import { apply, currentInputs, holdTaps, releaseIfUnchanged, resultsCurrent, setInputs } from "./rows.mjs";
import { checkInputs, freeName, saveRecord, storeSave } from "./saves.mjs";
import { foresee } from "./codex.mjs";
import { formState } from "./form-state.mjs";
import { stateOf } from "./url-state.mjs";

/**
 * @typedef {import("./rows.mjs").Inputs} Inputs
 * @typedef {import("./kept.mjs").KeptRecord} KeptRecord
 * @typedef {object} Tool a table tool: its form, its bar, its history and the fight kept on the device
 * @property {HTMLFormElement} form
 * @property {HTMLElement} bar the bar pinned to the bottom of the screen
 * @property {HTMLElement} notice where the tool says what happened to the kept fight
 * @property {History} history the form's states, Undo and Redo (open() makes it)
 * @property {string} fight this fight's id (a kept fight of another id is another fight)
 * @property {string | null} written when this fight was last kept (its `saved`)
 * @property {number | null} timer waiting to keep the fight
 * @property {boolean} quiet a state being shown (Undo, Redo), not a change to record
 * @property {EventTarget | null} lastTarget the field last typed in (keys close together are one step)
 * @property {number} lastAt when
 * @property {boolean} follow the next answer's pointer is to be followed (a Next)
 * @property {boolean} refused the browser would not keep the fight (said once)
 * @property {boolean} making the last step was a change being entered
 * @property {number} frame the frame the bar is drawn in (0: none asked)
 * @property {boolean} following the pointer is followed at the next frame
 * @property {number | undefined} looking the timer that asks ahead for the states the next taps lead to (lookAhead)
 */

const WRITE_DELAY = 300; // ms after a change before the fight is written to the device
const TYPING = 1500; // ms: keys typed in one field closer together than this are one step
const AHEAD_AFTER = 250; // ms without an answer before the next taps' states are asked for ahead
// A change being made, in the game's terms: who (a name, or a tap on it), how much ("+4", "−2"),
// and to what. Editing these is one step until it is applied (the apply is a step of its own).
const CHANGE = ["target", "change", "what"];
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

/** The calculator a tool is (a table tool is a calculator form: it has data-calc). @param {Tool} tool */
const calcOf = (tool) => /** @type {string} */ (tool.form.dataset.calc);

// ---- the history ----------------------------------------------------------------------------

// Put a state into the form without recording it (Undo, Redo, a fight brought back).
/** @param {Tool} tool @param {Inputs} inputs */
function show(tool, inputs) {
  tool.quiet = true;
  try {
    setInputs(tool.form, inputs);
  } finally {
    tool.quiet = false;
  }
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

/** @param {Tool} tool @param {Event} event */
function onChange(tool, event) {
  if (tool.quiet) return;
  const target = /** @type {HTMLInputElement} or a select: its `type` is neither "text" nor "number" */ (event.target);
  const typed = event.isTrusted && event.type === "input" && (target.type === "text" || target.type === "number");
  const now = performance.now();
  const given = takeStep(tool.form);
  const making = CHANGE.includes(target.name); // a change being made, not yet applied
  const merge = (typed && target === tool.lastTarget && now - tool.lastAt < TYPING) || (making && tool.making);
  const label = given || (making ? "Entered a change" : event.isTrusted ? wordsFor(target) : "Changed the fight");
  if (!tool.history.record(currentInputs(tool.form), { label, merge })) return;
  tool.lastTarget = typed ? target : null;
  tool.lastAt = now;
  tool.making = making;
  showStep(tool, tool.history.lastLabel);
  soon(tool);
  keepSoon(tool);
  askToKeep();
}

/** @param {Tool} tool @param {"undo" | "redo"} which */
function step(tool, which) {
  const moved = which === "undo" ? tool.history.undo() : tool.history.redo();
  if (!moved) return;
  show(tool, moved.inputs);
  showStep(tool, `${which === "undo" ? "Undone" : "Redone"}: ${moved.label || "a change"}`);
  soon(tool);
  keepSoon(tool);
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
  const { bar, form, history } = tool;
  // The bar's buttons and lines: the build writes them (hooks/codex/widgets.py).
  const undo = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="undo"]'));
  const redo = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="redo"]'));
  const next = /** @type {HTMLButtonElement} */ (bar.querySelector('[data-table-action="next"]'));
  setAttr(undo, "disabled", history.canUndo ? null : "");
  setAttr(redo, "disabled", history.canRedo ? null : "");
  setAttr(undo, "title", history.canUndo ? `Undo: ${history.lastLabel || "the last change"}` : "Nothing to undo");
  setAttr(redo, "title", history.canRedo ? `Redo: ${history.future[history.future.length - 1].label || "a change"}` : "Nothing to redo");
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
}

// `answered`: an answer is in place, so the pointer it marks is the one to follow (a Next's own
// change is drawn a frame before its answer arrives).
/** @param {Tool} tool */
function soon(tool, answered = false) {
  if (answered && tool.follow) {
    tool.follow = false;
    tool.following = true;
  }
  if (tool.frame) return;
  tool.frame = requestAnimationFrame(() => {
    tool.frame = 0;
    drawBar(tool);
    followPointer(tool);
  });
}

// A result table wider than the phone scrolls sideways in its place; a keyboard must reach it too,
// so it takes the focus while (and only while) it is wider than its room (its <dt> names it).
// Asked when a box or its table changes size (a ResizeObserver reports after layout, so reading
// the widths then forces nothing; asking every frame laid out the results kept out of view).
/** @param {HTMLFormElement} form */
function watchScrollers(form) {
  const boxes = /** @type {NodeListOf<HTMLElement>} */ (form.querySelectorAll(".calc__result--table > dd"));
  const sized = new ResizeObserver((entries) => {
    for (const { target } of entries) {
      const box = /** @type {HTMLElement} */ (target.closest(".calc__result--table > dd"));
      const wide = box.scrollWidth > box.clientWidth + 1;
      if (wide === box.hasAttribute("tabindex")) continue;
      if (wide) box.tabIndex = 0;
      else box.removeAttribute("tabindex");
    }
  });
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
  form.addEventListener("codex:answer", watch); // an answer draws new tables
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
// tap draws its answer at once (codex.mjs `foresee`). A results button the tool does not name is
// left to be asked when tapped.
/** @param {Tool} tool */
function lookAhead(tool) {
  const go = () => {
    tool.looking = undefined;
    /** @type {Record<string, unknown>[]} */
    const sets = [];
    for (const button of [applyButton(tool.form), nextButton(tool.form)]) { // a change entered is applied next
      try {
        if (button?.dataset.apply) sets.push(JSON.parse(button.dataset.apply));
      } catch { /* a button that carries no state is asked when tapped */ }
    }
    if (sets.length) foresee(tool.form, sets);
  };
  clearTimeout(tool.looking);
  tool.looking = setTimeout(() => {
    if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 250 });
    else go();
  }, AHEAD_AFTER);
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
  const go = document.createElement("button");
  go.type = "button";
  go.className = "codex-table-bar__apply";
  go.dataset.tableAction = "apply";
  go.textContent = "Apply";
  line.append(go);
  line.hidden = false;
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
}

// A tap on a fighter's name in the results makes them the target; the change field is next.
/** @param {Tool} tool @param {HTMLElement} button */
function pick(tool, button) {
  /** @type {HTMLInputElement | HTMLSelectElement | null} */
  const target = tool.form.querySelector(':is(input, select)[name="target"]');
  if (!target) return;
  markStep(tool.form, `Picked ${button.dataset.pick}`);
  target.value = /** @type {string} the button's selector asks for it */ (button.dataset.pick);
  target.dispatchEvent(new Event("input", { bubbles: true }));
  target.dispatchEvent(new Event("change", { bubbles: true }));
  /** @type {HTMLInputElement | null} */
  const change = tool.form.querySelector('input[name="change"]');
  if (change) change.focus({ preventScroll: true });
}

// After Next the view stays on the fight's pointer (the row marked as now), never far below it.
// "nearest": no move when it is in view; the page's scroll padding keeps it clear of the header and
// of the bar. (Its rectangle cannot be asked first: a result out of view is not laid out.)
/** @param {Tool} tool */
function followPointer(tool) {
  if (!tool.following) return;
  tool.following = false;
  const pointer = tool.form.querySelector(".calc__results [aria-current]");
  if (pointer) pointer.scrollIntoView({ block: "nearest" });
}

// ---- kept on this device -----------------------------------------------------------------

/** @param {Tool} tool */
function keepSoon(tool) {
  clearTimeout(tool.timer ?? undefined);
  tool.timer = setTimeout(() => keepNow(tool), WRITE_DELAY);
}

/** @param {Tool} tool */
function keepNow(tool) {
  clearTimeout(tool.timer ?? undefined);
  tool.timer = null;
  const calc = calcOf(tool);
  const stored = readKept(calc);
  const other = stored?.record;
  if (other && other.fight !== tool.fight && other.saved !== tool.written
      && stateKey(other.inputs) !== tool.history.present.key) {
    // Another fight is kept here (the one this page's link replaced, or another tab's): it
    // becomes a named save before this fight takes its place, so nothing is lost.
    const name = freeName(calc, `Fight kept at ${timeWords(other.saved)}`.slice(0, 40));
    if (storeSave(saveRecord(calc, name, other.inputs, other.saved))) {
      notice(tool, `The fight that was kept on this device (${timeWords(other.saved)}) is now the save “${name}”: ` +
        "load it from Saved on this device.");
    }
  }
  const written = writeKept(calc, { fight: tool.fight, inputs: tool.history.now, history: tool.history.toJSON() });
  if (written) {
    tool.written = written.saved;
    tool.form.dataset.kept = written.saved;
  } else if (!tool.refused) {
    tool.refused = true;
    notice(tool, "This browser would not keep the fight on this device (a private window, or its storage is full): " +
      "save it as a file (Export as a file) before you close the page.");
  }
}

function flush() {
  for (const tool of tools) if (tool.timer !== null) keepNow(tool);
}

// A kept state can be shown if this form takes it (a record from an older page is not forced in).
/** @param {Tool} tool @param {Inputs} inputs */
function usable(tool, inputs) {
  return !checkInputs(tool.form, inputs);
}

/** @param {Tool} tool @param {KeptRecord} record */
function historyOf(tool, record) {
  const good = (/** @type {import("./history.mjs").Step[]} */ list) => list.filter((e) => usable(tool, e.inputs));
  return History.from(currentInputs(tool.form),
    { past: good(record.history.past), future: good(record.history.future), label: record.history.label });
}

/** @param {Tool} tool @param {KeptRecord} record */
function resume(tool, record) {
  show(tool, record.inputs);
  tool.history = historyOf(tool, record);
  tool.fight = record.fight || newFightId();
  tool.written = record.saved;
}

// What the page shows when it opens: the kept fight, or the link's with the kept one offered.
/** @param {Tool} tool */
function open(tool) {
  const { form } = tool;
  const calc = calcOf(tool);
  const shown = currentInputs(form);
  tool.history = new History(shown);
  tool.fight = newFightId();
  const kept = readKept(calc);
  if (!kept) return;
  const { record } = kept;
  const problem = record ? checkInputs(form, record.inputs) : kept.problem;
  if (problem || !record) {
    const aside = setAside(calc, kept.text ?? JSON.stringify(kept.record));
    notice(tool, `The fight kept on this device could not be read (${problem}); it was set aside (as ${aside} in ` +
      "this browser's storage) and this page starts from its own fight.");
    return;
  }
  const key = stateKey(shown);
  const when = timeWords(record.saved);
  if (stateKey(record.inputs) === key) {
    tool.history = historyOf(tool, record);
    tool.fight = record.fight || tool.fight;
    tool.written = record.saved;
    return;
  }
  const fromLink = stateOf(form, new URLSearchParams(location.search)).size > 0;
  const stale = [...record.history.past, ...record.history.future].some((e) => stateKey(e.inputs) === key);
  if (!fromLink || stale) {
    // The page's own defaults, or an older address of this same fight: the kept fight is newer.
    resume(tool, record);
    notice(tool, `Resumed the fight kept on this device at ${when}.`,
      ["Start a new fight", () => newFight(tool)]);
    showStep(tool, `Resumed the fight from ${when}`);
    return;
  }
  notice(tool, `This link opened a fight of its own. Resume the fight kept on this device at ${when}?`,
    ["Resume it", () => {
      markStep(form, `Resumed the fight from ${when}`);
      setInputs(form, record.inputs);
      tool.fight = record.fight || tool.fight;
      tool.written = record.saved;
      notice(tool, "");
    }]);
}

/** @param {Tool} tool */
function newFight(tool) {
  resetToDefaults(tool.form, "Started a new fight");
  notice(tool, "A new fight, from the page's defaults: Undo brings the last one back.");
}

// The kept fight changed outside this page (a stat block added to it from another tab, or this
// page coming back from the browser's cache): take the change in as a step of this fight.
/** @param {Tool} tool */
function catchUp(tool) {
  const kept = readKept(calcOf(tool));
  const record = kept?.record;
  if (!record || record.saved === tool.written || !usable(tool, record.inputs)) return;
  if (stateKey(record.inputs) === tool.history.present.key) {
    tool.written = record.saved;
    return;
  }
  if (record.fight !== tool.fight && tool.history.canUndo) {
    notice(tool, `Another page keeps a different fight on this device now (${timeWords(record.saved)}).`,
      ["Show that fight", () => {
        markStep(tool.form, `Took the fight from ${timeWords(record.saved)}`);
        setInputs(tool.form, record.inputs);
        tool.fight = record.fight;
        tool.written = record.saved;
        notice(tool, "");
      }]);
    return;
  }
  markStep(tool.form, record.history.label || "Changed on another page");
  tool.fight = record.fight || tool.fight;
  tool.written = record.saved;
  setInputs(tool.form, record.inputs);
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
  const tool = { form, bar, notice: notes, history: /** @type {History} open() makes it, below */ (/** @type {unknown} */ (null)),
    fight: "", written: null, timer: null, quiet: false,
    lastTarget: null, lastAt: 0, follow: false, refused: false, making: false, frame: 0, following: false,
    looking: undefined };
  state.table = tool;
  tools.add(tool);
  bindChange(tool);
  open(tool);
  form.addEventListener("input", (event) => onChange(tool, event));
  form.addEventListener("change", (event) => onChange(tool, event));
  // Captured, so a Next in the results is marked to be followed before rows.mjs applies it (its
  // answer may be drawn within the tap, if it was asked ahead).
  form.addEventListener("click", (event) => {
    /** @type {HTMLElement | null} */
    const button = event.target instanceof Element ? event.target.closest("button[data-apply], button.codex-pick[data-pick]") : null;
    if (!button?.closest(".calc__results")) return;
    if (button.matches(".codex-pick")) pick(tool, button);
    else if (button.closest('output[name="next"]') || !button.closest('output[name="apply"]')) tool.follow = true;
  }, { capture: true });
  // Other buttons that act on the whole tool (the tile table's `data-act`, handled by its own
  // module): named as the step they make, and held off like Next until their answer is in.
  form.addEventListener("click", (event) => {
    /** @type {HTMLButtonElement | null} */
    const button = event.target instanceof Element ? event.target.closest("button[data-act]") : null;
    if (!button || !form.contains(button) || button.disabled) return;
    const before = holdTaps(form);
    if (before === null) {
      event.stopImmediatePropagation();
      event.preventDefault();
      return;
    }
    markStep(form, (button.textContent ?? "").trim());
    setTimeout(() => releaseIfUnchanged(form, before), 0); // after the button's own module has acted
  }, true);
  // Drawn at the next frame, with the answer's own layout: a bar drawn or a pointer followed at
  // once would lay the page out twice before the reader sees the answer.
  form.addEventListener("codex:answer", () => {
    soon(tool, true);
    lookAhead(tool);
  });
  // The page's first tap too: the results the page opened with are asked ahead of once the engine
  // is ready (now, if it already is: a page reached by instant navigation).
  window.addEventListener("codex:ready", () => lookAhead(tool), { once: true });
  lookAhead(tool);
  form.addEventListener("codex:applied", () => soon(tool));
  bar.addEventListener("click", (event) => {
    const action = /** @type {HTMLElement | null} */ (/** @type {Element} */ (event.target).closest("[data-table-action]"))?.dataset.tableAction;
    if (action === "undo" || action === "redo") step(tool, action);
    else if (action === "next") next(tool);
    else if (action === "apply") {
      const source = applyButton(form);
      if (source) apply(form, source);
    }
  });
  // The bar shows when a tap would be held off: watch the form's answer state.
  new MutationObserver(() => soon(tool)).observe(form, { attributes: true,
    attributeFilter: ["data-busy", "data-applying", "class"] });
  bar.hidden = false;
  // The page keeps its own room for the bar (scroll padding, the footer): as tall as the bar is.
  // (A custom property on the root restyles the whole page: set only when the height changes.)
  new ResizeObserver(() => {
    const room = `${Math.ceil(bar.offsetHeight)}px`;
    const root = document.documentElement.style;
    if (root.getPropertyValue("--codex-table-bar") !== room) root.setProperty("--codex-table-bar", room);
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
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) bindTable(form);
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
