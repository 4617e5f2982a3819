// "Draw again" for the Refreshing Rain tile draw (rain.tile_draw): a button beside the draw
// code that picks a fresh code with crypto.getRandomValues and lets the form recompute, which
// also writes the code into the link (codex.mjs listens for the input event). Without script
// the reader types a code; with it nothing else changes. No inline handlers (CSP).
import { everyPage } from "./every-page.mjs";

const CALC = "rain.tile_draw";

function freshCode(input) {
  const low = Number(input.min || 1);
  const high = Number(input.max || 999999);
  const span = high - low + 1;
  const limit = Math.floor(0x100000000 / span) * span; // redraw past the last full cycle: no bias
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0] >= limit) continue;
    const code = low + (word[0] % span);
    if (String(code) !== input.value) return code;
  }
}

function bind(form) {
  const input = form.querySelector('input[name="seed"]');
  if (!input || form.querySelector(".calc__draw-again")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "md-button calc__draw-again";
  button.textContent = "Draw again";
  button.addEventListener("click", () => {
    input.value = String(freshCode(input));
    input.dispatchEvent(new Event("input", { bubbles: true }));
  });
  input.insertAdjacentElement("afterend", button);
}

function bindAll() {
  document.querySelectorAll(`form.calc[data-calc="${CALC}"]`).forEach(bind);
}

everyPage(bindAll);
