// The engine's worker as the page's <head> started it (hooks/codex/engine-start.js, written inline
// there by the build), on a page that names its calculators: on a first visit too, where the
// engine's download shares the link with the page's own loading. codex.mjs adopts it as its one
// worker, with any message it sent first.

/** The worker started early, once, with the messages it sent before this call and the error it
 * hit, if any (then no more is kept: the caller listens).
 * @returns {{ worker: Worker, startedAt: number, early: MessageEvent[], failed: ErrorEvent | null } | null} */
export function adopt() {
  const taken = window.codexEarlyEngine;
  if (!taken) return null;
  delete window.codexEarlyEngine;
  taken.worker.removeEventListener("message", taken.keep);
  taken.worker.removeEventListener("error", taken.fail);
  return { worker: taken.worker, startedAt: taken.startedAt, early: taken.early, failed: taken.failed };
}
