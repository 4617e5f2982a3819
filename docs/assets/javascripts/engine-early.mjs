// The engine's worker, started from the page's <head> while the page still loads (see
// hooks/codex/early_engine.py), on a page that names its calculators: on a first visit too, where
// the engine's download shares the link with the page's own loading. Measured on the phone profile
// (CPU ×4, 9 Mbit/s shaped at the server, fresh profiles, alternated): a shared fight's first Next
// came 16% sooner (10.6 → 8.9 s from navigation), a calculator page's first answer 6% sooner, and
// the first paint no later (within the run's noise). Module scripts at the end of the body run only
// once the page is parsed and the theme's bundle has run: on a phone, over a second of idle link.
// codex.mjs adopts this worker as its one worker (`adopt`), with any message it sent first.

import { WORKER } from "../codex/runtime.mjs";

/**
 * @typedef {{ worker: Worker, startedAt: number, early: MessageEvent[], failed: ErrorEvent | null,
 *   keep: (event: MessageEvent) => void, fail: (event: ErrorEvent) => void }} Early
 */

/** @returns {Early | null} */
function start() {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="codex-calculators"]'));
  if (!meta) return null;
  if (new URL(WORKER).origin !== location.origin) return null; // the same refusal as codex.mjs
  const calcs = meta.content.split(/\s+/).filter((id) => /^[a-z0-9_]+\.[a-z0-9_]+$/.test(id));
  const startedAt = performance.now();
  const worker = new Worker(WORKER, { type: "module", name: "codex" });
  /** @type {MessageEvent[]} */
  const early = [];
  const keep = (/** @type {MessageEvent} */ event) => { early.push(event); };
  /** @type {Early} */
  const made = { worker, startedAt, early, failed: null, keep, fail: (event) => { made.failed = event; } };
  worker.addEventListener("message", keep);
  worker.addEventListener("error", made.fail);
  worker.postMessage({ type: "init", calcs });
  return made;
}

let started = start();

/** The worker started early, once, with the messages it sent before this call and the error it
 * hit, if any (then no more is kept: the caller listens).
 * @returns {{ worker: Worker, startedAt: number, early: MessageEvent[], failed: ErrorEvent | null } | null} */
export function adopt() {
  const taken = started;
  started = null;
  if (!taken) return null;
  taken.worker.removeEventListener("message", taken.keep);
  taken.worker.removeEventListener("error", taken.fail);
  return { worker: taken.worker, startedAt: taken.startedAt, early: taken.early, failed: taken.failed };
}
