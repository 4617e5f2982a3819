// The header's light/dark palette, in place of the theme's palette code (hooks/codex/palette_first.py says
// why; the build writes this file's code just after the header's palette form, below these comment
// lines, and the Content Security Policy allows it by its hash, csp.py). Before the page is first
// drawn it shows the palette the theme would: the one the reader chose last (the theme's storage
// helpers keep it, and its own inline script after this one reads it), else the one whose media query
// the reader's system matches. Then it switches the palette when the reader presses the toggle or
// Enter on it. The header outlives instant navigation, and so do these listeners.
(() => {
  const inputs = /** @type {HTMLInputElement[]} */ ([...document.querySelectorAll('input[name="__palette"]')]);
  if (!inputs.length) return;
  const scheme = document.createElement("meta");
  scheme.name = "color-scheme";
  document.head.append(scheme);
  let shown = 0;
  /** Palette `index`'s colours on the body, its toggle shown (the theme's has them all hidden), the
   * page's colour scheme (the theme's dark one is "slate"), and, if `keep`, kept for the next page.
   * @param {number} index @param {boolean} keep */
  const show = (index, keep) => {
    shown = index;
    /** @type {Record<string, string>} */
    const color = {};
    for (const key of ["media", "scheme", "primary", "accent"]) {
      color[key] = inputs[index].getAttribute(`data-md-color-${key}`) || "";
      document.body.setAttribute(`data-md-color-${key}`, color[key]);
    }
    inputs.forEach((input, i) => {
      if (input.nextElementSibling instanceof HTMLElement) input.nextElementSibling.hidden = i !== index;
    });
    scheme.content = color.scheme === "slate" ? "dark" : "light";
    if (keep) __md_set("__palette", { index, color });
  };
  /** @type {unknown} */
  let kept = null;
  try {
    kept = __md_get("__palette");
  } catch {
    kept = null; // storage refused or unreadable: the system's choice
  }
  const index = kept && typeof kept === "object" && "index" in kept && Number.isInteger(kept.index)
    ? /** @type {number} */ (kept.index)
    : inputs.findIndex((input) => matchMedia(input.getAttribute("data-md-color-media") || "not all").matches);
  show(Math.max(0, Math.min(index, inputs.length - 1)), !kept);
  document.addEventListener("change", (event) => {
    const i = inputs.indexOf(/** @type {HTMLInputElement} */ (event.target));
    if (i < 0 || !inputs[i].checked) return;
    // The theme's stylesheet stops every transition while the body is marked: the new colours are
    // styled at once (the layout read), then the mark goes.
    document.body.setAttribute("data-md-color-switching", "");
    show(i, true);
    document.documentElement.getBoundingClientRect();
    document.body.removeAttribute("data-md-color-switching");
  });
  document.addEventListener("keydown", (event) => {
    if (event.key !== "Enter" || !inputs.includes(/** @type {HTMLInputElement} */ (event.target))) return;
    event.preventDefault();
    const next = inputs[(shown + 1) % inputs.length];
    next.click();
    next.focus();
  });
})();
