// Offline after one visit: registers the site's service worker (sw.js at the site's root,
// written by the build with every built file in its precache list) and, when a newer build
// has been installed beside this one, offers a reload. Nothing reloads by itself: a reader
// in the middle of a calculation chooses when. Where service workers are unavailable
// (private windows, file://) nothing here runs and the site works as it always has.
// workbox-window (copied into the site by the build) tells a newer build from the first install,
// and this tab's update from another tab's; the prompt and when to copy the site are ours.

import { Workbox } from "./workbox-window.mjs";

const ROOT = new URL("../../", import.meta.url); // this file is assets/javascripts/offline.mjs
/**
 * @typedef {object} OfflineState this tab's offline copy (window.__codexOffline: tests read it)
 * @property {ServiceWorkerRegistration | null | undefined} registration
 * @property {Workbox | null} workbox
 * @property {boolean} prompted the reader has been offered a reload
 * @property {boolean} reloading the reader asked for it
 * @property {boolean} complete every file of the build is in the copy (the service worker said COPIED)
 */
/** @type {OfflineState} */
const state = { registration: null, workbox: null, prompted: false, reloading: false, complete: false };
window.__codexOffline = state; // read by the project's browser tests

/** @param {string} reason */
function prompt(reason) {
  if (state.prompted) return;
  state.prompted = true;
  const bar = document.createElement("div");
  bar.className = "codex-update";
  bar.setAttribute("role", "status");
  const text = document.createElement("span");
  text.textContent = "A new version is available — ";
  const button = document.createElement("button");
  button.type = "button";
  button.textContent = "reload";
  button.addEventListener("click", () => {
    state.reloading = true;
    const waiting = state.registration?.waiting;
    if (waiting) /** @type {Workbox} registered before it can wait */ (state.workbox).messageSkipWaiting(); // reload once it has taken over
    else location.reload();
  });
  bar.dataset.reason = reason;
  bar.append(text, button);
  document.body.append(bar);
}

// A first copy holds what this page uses (the runtime, the site's files, this game's pages); the
// rest is asked for once the page is idle, and again on each page load until it is all there
// (the service worker fetches what its cache lacks, one file at a time, never while a page's own
// request is on its way).
function copyRest() {
  const ask = () => navigator.serviceWorker.controller?.postMessage({ type: "COPY_REST" });
  if ("requestIdleCallback" in window) requestIdleCallback(ask, { timeout: 5000 });
  else setTimeout(ask, 1000);
}
navigator.serviceWorker?.addEventListener("message", (event) => {
  if (event.data && event.data.type === "COPIED") state.complete = true;
});

// The first copy has taken this page over: the engine is primed from it (codex.mjs) and the rest
// is asked for. Said once, whichever comes first: workbox-window's "controlling", or a page that
// finds itself taken over when it registers (its registration waits for its first answer, and the
// first copy, started by an earlier page, can take it over before: workbox-window then says nothing).
const controlledAtLoad = Boolean(navigator.serviceWorker?.controller);
let announced = false;
function takenOver() {
  if (announced) return;
  announced = true;
  window.dispatchEvent(new Event("codex:offline"));
  copyRest();
}

function register() {
  const workbox = new Workbox(new URL("sw.js", ROOT).href, { scope: ROOT.pathname });
  state.workbox = workbox;
  // A newer build has installed beside this page's, found by this tab or another (the first
  // install has no page to replace and never waits).
  workbox.addEventListener("waiting", () => prompt("waiting"));
  workbox.addEventListener("controlling", (event) => {
    if (state.reloading) location.reload();
    // A page that had a copy serving it: another tab took the new build, this page is older. One
    // that had none (loaded while the first copy was made, in this tab or another): now it has one.
    else if (event.isUpdate) prompt("replaced");
    else takenOver();
  });
  workbox.register({ immediate: true })
    .then((registration) => {
      state.registration = registration;
      if (!controlledAtLoad && navigator.serviceWorker.controller) takenOver();
      // Instant navigation never reloads the page, so look for a new build now and then.
      document.addEventListener("visibilitychange", () => {
        if (document.visibilityState === "visible") workbox.update().catch(() => {});
      });
    })
    .catch((error) => console.info("Jianghu Codex: no offline copy in this browser:", error.message));
}

// Copy the site for offline use only once this page has what it needs, so that the copy never
// competes with it for the link: on a page with a calculator, after its first live answer (or,
// for a reader who changes nothing, once the engine has been ready for a while: its download is
// done); elsewhere once idle. The copy takes the engine's files from the HTTP cache (sw/).
const AFTER_READY = 10_000; // ms after the engine is ready without an answer asked for
/** @param {() => void} then */
function whenSettled(then) {
  const idle = () => ("requestIdleCallback" in window ? requestIdleCallback(then, { timeout: 5000 }) : setTimeout(then, 1000));
  const afterLoad = () => {
    if (!document.querySelector("form.calc[data-calc]")) return idle();
    let done = false;
    const once = () => { if (!done) { done = true; idle(); } };
    const ready = () => setTimeout(once, AFTER_READY);
    window.addEventListener("codex:answered", once, { once: true });
    window.addEventListener("codex:failed", once, { once: true });
    const timings = window.__codex?.timings;
    if (timings && timings.firstAnswer !== null) once();
    else if (timings && timings.ready !== null) ready();
    else window.addEventListener("codex:ready", ready, { once: true });
    setTimeout(once, 60_000); // a reader who never waits for the calculator still gets the copy
  };
  if (document.readyState === "complete") afterLoad();
  else window.addEventListener("load", afterLoad, { once: true });
}

if ("serviceWorker" in navigator && (location.protocol === "https:" || location.protocol === "http:")) {
  if (navigator.serviceWorker.controller) { // already offline-ready: watch for updates, finish the copy
    register();
    whenSettled(copyRest);
  } else whenSettled(register);
}
