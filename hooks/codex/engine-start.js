// The engine's worker, started by an inline script at the end of the page's <head> (the build
// writes this file's code there, below these comment lines: hooks/codex/early_engine.py; the
// Content Security Policy allows it by its hash, csp.py). A module script, even async, ran only
// once it and runtime.mjs had come and the main thread was free: on the phone profile, next
// night, from the offline copy, that was 0.8 s after navigation while the page was being parsed.
// The worker's address and the calculators to warm are the build's, in the <meta> before this;
// codex.mjs adopts the worker (engine-early.mjs `adopt`), with any message it sent first.
(() => {
  const meta = /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="codex-calculators"]'));
  if (!meta?.dataset.worker) return;
  const address = new URL(meta.dataset.worker, location.href);
  if (address.origin !== location.origin) return; // the same refusal as codex.mjs
  const calcs = meta.content.split(/\s+/).filter((id) => /^[a-z0-9_]+\.[a-z0-9_]+$/.test(id));
  const startedAt = performance.now();
  const worker = new Worker(address, { type: "module", name: "codex" });
  /** @type {EarlyEngine} */
  const made = { worker, startedAt, early: [], failed: null, keep: (event) => { made.early.push(event); },
                 fail: (event) => { made.failed = event; } };
  worker.addEventListener("message", made.keep);
  worker.addEventListener("error", made.fail);
  worker.postMessage({ type: "init", calcs });
  Object.defineProperty(window, "codexEarlyEngine", { value: made, configurable: true });
})();
