// The phone link's binder, on every page and nothing more: the link's code (link-gm.mjs, join.mjs,
// link.mjs) is fetched only where it is used: a table page, when "Link a phone" is pressed; the
// page "Join a table" when it opens.

import { everyPage } from "./every-page.mjs";

/** @type {Promise<typeof import("./link-gm.mjs")> | null} the GM's side, once loaded (kept for the tab) */
let gm = null;

function bind() {
  for (const section of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("[data-link-for]"))) {
    const button = section.querySelector("[data-link-action=open]");
    if (!button || section.dataset.linkReady === "yes") continue;
    section.dataset.linkReady = "yes";
    section.hidden = false;
    // The page "Join a table" as the table's shared screen (this module is assets/javascripts/).
    const screen = section.querySelector("a[data-link-screen]");
    if (screen instanceof HTMLAnchorElement) screen.href = new URL("../../join/?screen", import.meta.url).href;
    button.addEventListener("click", () => {
      gm ??= import("./link-gm.mjs");
      gm.then((m) => m.open(section), () => {
        // Said, not swallowed: a press that loads nothing would otherwise look like a dead button.
        // A browser may keep a module that failed for the page's life: a reload asks again.
        gm = null;
        const status = section.querySelector("[data-link-status]");
        if (status) status.textContent = "The link's code could not be loaded. Reload the page (nothing on the table is lost) and press “Link a phone” again.";
      });
    });
    gm?.then((m) => m.attach(section), () => {}); // links made on an earlier page go on here
  }
  const box = /** @type {HTMLElement | null} */ (document.querySelector("[data-join]"));
  if (box) import("./join.mjs").then((m) => m.bind(box));
}

everyPage(bind);
