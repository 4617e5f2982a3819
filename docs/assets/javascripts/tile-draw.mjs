// "Draw" for the Refreshing Rain tile draw (rain.tile_draw): a button beside the draw code that
// picks a fresh code with crypto.getRandomValues (tile-table.mjs's freshCode) and lets the form
// recompute, which also writes the code into the link (codex.mjs listens for the input event).
// The page opens with code 0, nothing drawn, so no hand is known before someone draws. Without
// script the reader types a code; with it nothing else changes. No inline handlers (CSP).
import { everyPage } from "./every-page.mjs";
import { changed, whenAnswered } from "./form-changes.mjs";
import { FRESH, freshCode } from "./tile-table.mjs";

const CALC = "rain.tile_draw";

/** @param {HTMLInputElement} input */
function label(input) {
  return Number(input.value) > 0 ? "Draw again" : "Draw";
}

/** @param {HTMLFormElement} form */
function bind(form) {
  const input = /** @type {HTMLInputElement | null} */ (form.querySelector('input[name="seed"]'));
  if (!input || form.querySelector(".calc__draw-again")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button calc__draw-again";
  button.textContent = label(input);
  button.addEventListener("click", () => {
    let code;
    do code = freshCode(FRESH.low, Number(input.max || FRESH.high)); while (String(code) === input.value);
    input.value = String(code);
    button.textContent = label(input);
    changed(form, { label: "Drew again" });
  });
  form.addEventListener("input", () => { button.textContent = label(input); });
  whenAnswered(form, () => { button.textContent = label(input); });
  input.insertAdjacentElement("afterend", button);
}

function bindAll() {
  /** @type {NodeListOf<HTMLFormElement>} */ (document.querySelectorAll(`form.calc[data-calc="${CALC}"]`)).forEach(bind);
}

everyPage(bindAll);
