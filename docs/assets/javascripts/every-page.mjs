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
