// Reader aids on every page: skip links that move the focus, names for the theme's search
// dialog and progress bar (screen readers announce them), and a second skip link straight to
// the first calculator, so a keyboard reader reaches its first field in a few presses instead
// of tabbing through the nav. A region that scrolls (a wide table on a phone) takes the focus,
// so the keyboard can scroll it, and is named (calc-tools.mjs does the same for pinned results).

import { everyPage } from "./every-page.mjs";

/** @param {string} selector @param {string} name */
function label(selector, name) {
  for (const el of document.querySelectorAll(selector)) {
    if (!el.getAttribute("aria-label")) el.setAttribute("aria-label", name);
  }
}

function skipToCalculator() {
  const holder = document.querySelector('[data-md-component="skip"]');
  const form = document.querySelector("form.calc[id]");
  if (!holder) return;
  let link = /** @type {HTMLAnchorElement | null} */ (holder.querySelector("a.codex-skip"));
  if (!form) {
    if (link) link.remove();
    return;
  }
  if (!link) {
    link = document.createElement("a");
    link.className = "md-skip codex-skip";
    link.textContent = "Skip to the calculator";
    holder.append(link);
  }
  link.href = `#${form.id}`;
}

// Capture phase, before the theme's instant navigation treats the link as a page anchor.
document.addEventListener("click", (event) => {
  const link = event.target instanceof Element ? /** @type {HTMLAnchorElement | null} */ (event.target.closest("a.md-skip")) : null;
  const target = link && document.getElementById(decodeURIComponent(link.hash.slice(1)));
  if (!target) return;
  event.preventDefault();
  event.stopPropagation();
  // The calculator's skip link lands on its first field; the theme's on the page's heading,
  // focused so the next Tab continues in the content, not back at the top.
  /** @type {HTMLElement | null} */
  let focus = link.classList.contains("codex-skip") ? target.querySelector("input, select") : null;
  if (!focus) {
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    focus = target;
  }
  target.scrollIntoView({ block: "start" });
  focus.focus({ preventScroll: true });
}, true);

/** While `el` scrolls it is a named region in the Tab order (arrow keys scroll it); once it does
 *  not, it is plain again. @param {HTMLElement} el @param {string} name @param {boolean} scrolls */
export function reachableWhile(el, name, scrolls) {
  if (scrolls) {
    el.tabIndex = 0;
    el.setAttribute("role", "region");
    el.setAttribute("aria-label", name);
  } else if (el.getAttribute("role") === "region") {
    el.removeAttribute("tabindex");
    el.removeAttribute("role");
    el.removeAttribute("aria-label");
  }
}

// The theme wraps each table of the content in a scroller (its own, so named here).
function wideTables() {
  for (const wrap of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll(".md-typeset__scrollwrap"))) {
    const caption = wrap.querySelector("caption")?.textContent?.trim();
    reachableWhile(wrap, caption ? `Table: ${caption}` : "Table", wrap.scrollWidth > wrap.clientWidth + 1);
  }
}

function mainLandmark() {
  const main = document.querySelector("main.md-main");
  if (main && !main.id) main.id = "codex-main";
}

function improve() {
  label('.md-search[role="dialog"]', "Search");
  label('.md-progress, [role="progressbar"]', "Loading the page");
  mainLandmark();
  skipToCalculator();
  wideTables();
}

everyPage(improve);
window.addEventListener("resize", wideTables);
