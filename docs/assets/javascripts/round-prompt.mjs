// The round's prompt (WBS: each fighter's choices; Xia: which conflicts run and who is in each):
// "Round choices" in the table bar at a round's start (the engine's `choices` output); the dialog
// opens by itself when Next ends a round, and loads when opened.

import { everyPage, whenIdle } from "./every-page.mjs";
import { whenAnswered } from "./form-changes.mjs";
import { formState } from "./form-state.mjs";

/**
 * @typedef {object} RoundPrompt
 * @property {HTMLButtonElement} open "Round choices"
 * @property {number} seen the latest round seen starting
 * @property {HTMLDialogElement | null} dialog
 */

/** The round starting, or 0. @param {HTMLFormElement} form */
const roundOf = (form) => Number(/** @type {HTMLElement | null} */ (form.querySelector("[data-round-choices]"))?.dataset.round || 0);

/** @param {HTMLFormElement} form @param {RoundPrompt} prompt */
async function show(form, prompt) {
  const { openRoundPrompt } = await import("./round-prompt-dialog.mjs");
  prompt.dialog = openRoundPrompt(form, prompt.dialog) ?? prompt.dialog;
}

// By itself when Next ends a round (not an import, nor Redo), over no dialog.
/** @param {HTMLFormElement} form @param {RoundPrompt} prompt */
function update(form, prompt) {
  const round = roundOf(form);
  const log = formState(form).table?.log;
  const change = log?.at ? log.entries[log.at - 1].change : null;
  if (prompt.open.hidden !== !round) prompt.open.hidden = !round;
  if (round <= prompt.seen) return;
  prompt.seen = round;
  if (change?.do === "press" && change.output === "next" && !document.querySelector("dialog[open]")) show(form, prompt);
}

/** @param {HTMLFormElement} form */
function bindPrompt(form) {
  const state = formState(form);
  const now = form.querySelector("[data-table-bar] [data-table-now]");
  if (state.roundPrompt || !now || !form.querySelector('output[name="choices"]')) return;
  const open = document.createElement("button");
  open.type = "button";
  open.className = "codex-table-bar__round";
  open.textContent = "Round choices";
  open.setAttribute("aria-haspopup", "dialog");
  open.hidden = true;
  now.after(open); // in the step line's place while it shows (gm-tools.css)
  /** @type {HTMLInputElement | null} the kept fight's round (table-tools.mjs ran first) */
  const round = form.querySelector('input[name="round"]');
  const prompt = { open, seen: Number(round?.value) || roundOf(form), dialog: null };
  state.roundPrompt = prompt;
  open.addEventListener("click", () => show(form, prompt));
  whenAnswered(form, () => update(form, prompt));
  update(form, prompt);
  // Loaded at idle: the tap that ends a round fetches nothing.
  whenIdle(() => { import("./round-prompt-dialog.mjs").catch(() => {}); }, 5000);
}

everyPage(() => {
  for (const form of /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll("form.calc[data-table]"))) bindPrompt(form);
});
