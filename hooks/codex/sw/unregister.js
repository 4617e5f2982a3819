// The dev server's service worker: `mkdocs serve` rebuilds on every edit, so nothing may be
// served from a cache there. This one removes the site's caches and itself.
const sw = /** @type {ServiceWorkerGlobalScope & typeof globalThis} this script's global */ (self);
sw.addEventListener("install", () => sw.skipWaiting());
sw.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("codex-")) await caches.delete(name);
    await sw.registration.unregister();
  })());
});
