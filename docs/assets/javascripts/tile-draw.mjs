// "Draw" for the Refreshing Rain tile draw (rain.tile_draw): a button beside the draw code that
// picks a fresh 64-bit code with crypto.getRandomValues (tile-table.mjs's drawnCode: 13 characters,
// a form no typed code has, so the answer says "Drawn at random") and lets the form recompute,
// which also writes the code into the link. A code typed by hand is up to six digits, and the
// answer says it was chosen, not drawn.
// The page opens with code 0, nothing drawn, so no hand is known before someone draws. Without
// script the reader types a code; with it nothing else changes. No inline handlers (CSP).
import { everyPage } from "./every-page.mjs";
import { changed, whenAnswered } from "./form-changes.mjs";
import { drawnCode } from "./tile-table.mjs";

const CALC = "rain.tile_draw";

/** @param {HTMLInputElement} input */
function label(input) {
  return input.value.trim() && !/^0*$/.test(input.value.trim()) ? "Draw again" : "Draw";
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
    input.value = drawnCode();
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
