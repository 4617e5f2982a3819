// The reader's light or dark palette, shown before the page is first drawn (the build writes this
// file's code just after the header's palette form, below these comment lines: hooks/codex/palette_first.py;
// the Content Security Policy allows it by its hash, csp.py). The theme's own palette code runs with
// its bundle, after the first paint, and changes the page even when the palette stays as it was: it
// marks the body as switching and unmarks it, and adds a colour-scheme tag to the head, and each of
// these makes Chromium compute the style of every element again. The build takes the form from the
// theme (palette_first.py), and here, while nothing is drawn, the palette is worked out as the theme
// works it out: the one the reader chose last (kept by the theme's storage helpers), or else the one
// whose media query the reader's system matches. Its colours go on the body, its toggle is shown
// (the theme's form has every toggle hidden) and the page's colour scheme follows it. The theme's own
// inline script after this one sets the same colours again, which changes nothing. palette.mjs
// switches the palette when the reader presses the toggle.
(() => {
  const inputs = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll('input[name="__palette"]')]);
  if (!inputs.length) return;
  /** @type {{ index?: unknown } | null} */
  let kept = null;
  try {
    const got = __md_get("__palette");
    kept = got && typeof got === "object" ? got : null;
  } catch {
    kept = null; // storage refused or unreadable: the system's choice
  }
  let index = kept && Number.isInteger(kept.index) ? /** @type {number} */ (kept.index)
    : inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media") || "not all").matches);
  index = Math.max(0, Math.min(index, inputs.length - 1));
  const chosen = inputs[index];
  /** @type {Record<string, string>} */
  const color = {};
  for (const key of ["media", "scheme", "primary", "accent"]) color[key] = chosen.getAttribute(`data-md-color-${key}`) || "";
  if (!kept) __md_set("__palette", { index, color }); // as the theme keeps it: the next page starts in it
  for (const [key, value] of Object.entries(color)) document.body.setAttribute(`data-md-color-${key}`, value);
  inputs.forEach((input, i) => {
    const toggle = input.nextElementSibling;
    if (toggle instanceof HTMLElement) toggle.hidden = i !== index;
  });
  // The theme's dark scheme is "slate" (its stylesheet gives it `color-scheme: dark`); every other is light.
  const scheme = document.createElement("meta");
  scheme.name = "color-scheme";
  scheme.content = document.body.getAttribute("data-md-color-scheme") === "slate" ? "dark" : "light";
  document.head.append(scheme);
})();
