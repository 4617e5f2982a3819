// The `workbox` global of sw.js: hooks/codex/sw/precache.mjs puts Workbox's production builds of
// these four packages (pinned in package-lock.json) before service-worker.js, each setting its part.
declare var workbox: {
  core: typeof import("workbox-core");
  routing: typeof import("workbox-routing");
  strategies: typeof import("workbox-strategies");
  precaching: typeof import("workbox-precaching");
};

/** workbox-build's injectManifest replaces `self.__WB_MANIFEST` with the list of every built file. */
declare var __WB_MANIFEST: (string | import("workbox-precaching").PrecacheEntry)[];
