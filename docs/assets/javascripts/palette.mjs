// The header's light/dark toggle. The build takes the palette form from the theme's bundle, whose
// palette code changed the page at every load (hooks/codex/palette_first.py), and an inline script
// after the form shows the reader's palette before the first paint (palette-first.js). This switches
// it when the reader asks, as the theme did: the chosen option's colours on the body (every element's
// transition stopped meanwhile, by the theme's stylesheet), its toggle shown and the others hidden,
// the page's colour scheme following, and the choice kept for the next page (the theme's storage
// helpers, whose key the theme's inline script reads). The form is the header's, which instant
// navigation keeps: one listener on the document serves every page.

const FORM = "form[data-codex-palette]";

/** Switch to the palette of `input` (one of the form's options). @param {HTMLInputElement} input */
function switchTo(input) {
  const form = input.closest(FORM);
  if (!form) return;
  const inputs = /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll('input[name="__palette"]')]);
  const index = inputs.indexOf(input);
  /** @type {Record<string, string>} */
  const color = {};
  for (const key of ["media", "scheme", "primary", "accent"]) color[key] = input.getAttribute(`data-md-color-${key}`) || "";
  document.body.setAttribute("data-md-color-switching", "");
  for (const [key, value] of Object.entries(color)) document.body.setAttribute(`data-md-color-${key}`, value);
  inputs.forEach((each, i) => {
    const toggle = each.nextElementSibling;
    if (toggle instanceof HTMLElement) toggle.hidden = i !== index;
  });
  __md_set("__palette", { index, color });
  const scheme = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="color-scheme"]'));
  if (scheme) scheme.content = getComputedStyle(document.body).colorScheme;
  setTimeout(() => document.body.removeAttribute("data-md-color-switching"), 0);
}

document.addEventListener("change", (event) => {
  const input = event.target;
  if (input instanceof HTMLInputElement && input.name === "__palette" && input.checked) switchTo(input);
});

// Enter on the focused option switches too, as the theme had it (Space, a radio's own key, checks it).
document.addEventListener("keydown", (event) => {
  const input = event.target;
  if (event.key !== "Enter" || !(input instanceof HTMLInputElement) || input.name !== "__palette") return;
  const form = input.closest(FORM);
  if (!form) return;
  event.preventDefault();
  const inputs = /** @type {HTMLInputElement[]} */ ([...form.querySelectorAll('input[name="__palette"]')]);
  const current = inputs.findIndex((each) => !(/** @type {HTMLElement} */ (each.nextElementSibling)?.hidden ?? true));
  const next = inputs[(Math.max(current, 0) + 1) % inputs.length];
  next.click();
  next.focus();
});
