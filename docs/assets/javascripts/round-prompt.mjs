// The round's prompt (WBS): as a round starts, each fighter is asked afresh for the round's choices
// (EV, Relax, Kiai, Strain, holding channelled ReiKi, Last Gasp), so nothing carries unasked. The
// engine says what each may choose now and what their row holds (the tracker's `choices` output,
// drawn with its data in `data-round-choices`); this module puts "Round choices" in the table bar
// while the fight is at a round's start, and opens the prompt by itself once when a new round
// begins. Its dialog (round-prompt-dialog.mjs, loaded at the first opening) applies the choices as
// one change to the game, so one Undo takes the whole prompt back.

import { everyPage } from "./every-page.mjs";
import { whenAnswered } from "./form-changes.mjs";
import { formState } from "./form-state.mjs";

/**
 * @typedef {object} Ask one choice as the engine offers it (calculators/results.py `Ask`)
 * @property {string} field the row field it sets
 * @property {string} label
 * @property {"select" | "toggle"} kind
 * @property {[unknown, string][]} options (value, words), only what the rules allow now
 * @property {unknown} value what the row holds now
 * @property {string} said the choice in words when made ("Relaxes")
 * @property {string} note what it costs or does
 * @typedef {object} FighterChoices
 * @property {string} name
 * @property {number} row the fighter's place in the rows input
 * @property {Ask[]} asks
 * @property {string} why why they choose nothing (or only Last Gasp)
 * @typedef {object} RoundChoices the engine's `round_choices` result
 * @property {number} round
 * @property {string} rows the rows input the choices set
 * @property {boolean} start
 * @property {FighterChoices[]} fighters
 * @property {string} note
 * @typedef {object} RoundPrompt a table tool's round prompt
 * @property {HTMLButtonElement} open "Round choices", in the table bar
 * @property {number} seen the latest round seen starting (a later one opens the prompt by itself)
 * @property {HTMLDialogElement | null} dialog made at the first opening
 */

/** The choices the engine offers in `form`'s answer now, or null (not at a round's start, or nobody to ask).
 * @param {HTMLFormElement} form @returns {RoundChoices | null} */
export function choicesOf(form) {
  /** @type {HTMLElement | null} */
  const holder = form.querySelector("[data-round-choices]");
  if (!holder) return null;
  try {
    const data = JSON.parse(holder.dataset.roundChoices || "");
    return data && typeof data === "object" && data.start && Array.isArray(data.fighters) && data.fighters.length ? data : null;
  } catch {
    return null;
  }
}

/** @param {HTMLFormElement} form @param {RoundPrompt} prompt */
async function show(form, prompt) {
  const data = choicesOf(form);
  if (!data) return;
  const { openRoundPrompt } = await import("./round-prompt-dialog.mjs");
  prompt.dialog = openRoundPrompt(form, prompt.dialog, data);
}

// After each answer: the button while the fight is at a round's start; the prompt by itself when a
// round later than any seen has begun (not a round met again by Undo, nor the one the page opened at).
/** @param {HTMLFormElement} form @param {RoundPrompt} prompt */
function update(form, prompt) {
  const data = choicesOf(form);
  if (prompt.open.hidden !== !data) prompt.open.hidden = !data;
  if (!data || data.round <= prompt.seen) return;
  prompt.seen = data.round;
  if (!document.querySelector("dialog[open]")) show(form, prompt); // never over another dialog (Add fighters)
}

/** @param {HTMLFormElement} form */
function bindPrompt(form) {
  const state = formState(form);
  if (state.roundPrompt || !form.querySelector('output[name="choices"]')) return;
  const controls = form.querySelector("[data-table-bar] .codex-table-bar__controls");
  if (!controls) return;
  const open = document.createElement("button");
  open.type = "button";
  open.className = "codex-table-bar__round";
  open.textContent = "Round choices";
  open.setAttribute("aria-haspopup", "dialog");
  open.hidden = true;
  controls.querySelector('[data-table-action="next"]')?.before(open);
  /** @type {HTMLInputElement | null} */
  const round = form.querySelector('input[name="round"]');
  // The round the page opens at (its kept fight is in the form by now: table-tools.mjs ran first).
  const prompt = { open, seen: Number(round?.value) || (choicesOf(form)?.round ?? 0), dialog: null };
  state.roundPrompt = prompt;
  open.addEventListener("click", () => show(form, prompt));
  whenAnswered(form, () => update(form, prompt));
  update(form, prompt);
}

everyPage(() => {
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) bindPrompt(form);
});
