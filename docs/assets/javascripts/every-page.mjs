// Run a function on every page the reader sees: after each instant navigation (the theme's
// document$), or once when the theme's navigation is off.
/** @param {() => void} fn */
export function everyPage(fn) {
  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(fn);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fn);
  } else {
    fn();
  }
}

// What kind of page this is, as a class on <html> for the stylesheets (gm-tools.css, codex.css):
// "table" a table tool's page, "long" a long form's (site.mjs, at every page; the build writes them
// into a page's HTML too, hooks/codex/page_code.py `with_page_kind`, so that a page loaded whole
// does not change its root's class once drawn, which restyles every element); "joined" a phone
// linked to a table (join.mjs; site.mjs takes it off at the next page). Classes, not `html:has(…)`
// or `body:has(…)`: Chromium checks such a :has() against the whole page at every change inside it
// (on a phone, a fifth of the frame after a tap, measured).
/** @param {"table" | "long" | "joined"} kind @param {boolean} on */
export function mark(kind, on) {
  document.documentElement.classList.toggle(`codex-page--${kind}`, on);
}

/** Run `fn` once the page is idle (at most `timeout` ms from now), or soon where the browser has no
 *  idle callbacks. @param {() => void} fn @param {number} timeout */
export function whenIdle(fn, timeout) {
  if ("requestIdleCallback" in window) requestIdleCallback(fn, { timeout });
  else setTimeout(fn, Math.min(timeout, 200));
}
