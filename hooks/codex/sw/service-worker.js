// The Jianghu Codex's service worker: the whole site, offline after one visit, and only as built.
// Built by hooks/codex/offline.py: Workbox's own production builds of workbox-core, -routing,
// -strategies and -precaching (pinned in package-lock.json) come first in the file, then this;
// the build puts the list of every built file in place of Workbox's manifest marker, each with
// its revision and the SHA-256 of its bytes (`integrity`).
//
// What Workbox does here: the precache (one cache, each file under its address + revision, so a
// new build downloads only the files that changed, and the old build's keys stay until the new
// one takes over: never a mix), fetching each file with its `integrity`, which the browser checks
// against the bytes, and serving them (a page's address with or without index.html, its query
// ignored). What is ours: the check of every entry already in the cache against its hash, on
// install and on every use (`verified`: a fetch checks its bytes, a cache hit does not, and any
// script of the site's origin can write the cache); the install in a few lanes at once (Workbox
// installs one file at a time, and a first visit's copy is a few hundred small files); the
// network's page when the cache cannot answer, and the 404 page offline; what the page already
// fetched taken from the HTTP cache, not asked again.

/** This script's global: a service worker's (install, activate, clients, skipWaiting). */
const sw = /** @type {ServiceWorkerGlobalScope & typeof globalThis} */ (self);
const MANIFEST = self.__WB_MANIFEST; // Workbox's marker, which the build replaces with the list
const { PrecacheController, PrecacheRoute } = workbox.precaching;
const { NavigationRoute, registerRoute, setCatchHandler } = workbox.routing;

workbox.core.setCacheNameDetails({ prefix: "codex" });
const LANES = 4; // files fetched at once while installing

/** @param {ArrayBuffer} buffer */
function base64(buffer) {
  let text = "";
  for (const byte of new Uint8Array(buffer)) text += String.fromCharCode(byte);
  return btoa(text);
}

// Whether a response's bytes are those the build wrote (integrity "sha256-<base64>").
/** @param {Response} response @param {string} integrity */
async function matches(response, integrity) {
  const [algorithm, expected] = integrity.split(/-(.*)/s);
  if (algorithm !== "sha256") return false;
  return base64(await crypto.subtle.digest("SHA-256", await response.arrayBuffer())) === expected;
}

// A cached entry is used only if its bytes match the manifest; otherwise Workbox fetches the file
// again (checked by the fetch's integrity) and puts the right bytes in its place.
/** @type {import("workbox-core/types").WorkboxPlugin} */
const verified = {
  cachedResponseWillBeUsed: async ({ request, cachedResponse }) => {
    if (!cachedResponse) return null;
    const integrity = controller.getIntegrityForCacheKey(request.url); // made below, before any request
    if (integrity && (await matches(cachedResponse.clone(), integrity))) return cachedResponse;
    return null;
  },
};
// The page's own requests that go to the network (a cache hit uses no link): while one is on its
// way, the rest of a first copy waits (`calm`), so a page waiting for an answer never queues behind it.
let pageFetches = 0;
/** @type {(() => void)[]} */
const calmed = [];
const fromPage = (/** @type {Event | undefined} */ event) => event?.type === "fetch";
function pageFetched() {
  pageFetches -= 1;
  if (pageFetches === 0) for (const resolve of calmed.splice(0)) resolve();
}
const calm = () => (pageFetches ? new Promise((resolve) => { calmed.push(() => resolve(undefined)); }) : Promise.resolve());
/** @type {import("workbox-core/types").WorkboxPlugin} */
const watched = {
  requestWillFetch: async ({ request, event }) => {
    if (fromPage(event)) pageFetches += 1;
    // The rest of a copy (COPY_REST, a message) waits here too, the last moment before its request
    // leaves: a page's request that came after copyRest's own wait would otherwise find it on the link.
    else if (event?.type === "message") await calm();
    return request;
  },
  fetchDidSucceed: async ({ response, event }) => {
    if (fromPage(event)) pageFetched();
    return response;
  },
  fetchDidFail: async ({ event }) => {
    if (fromPage(event)) pageFetched();
  },
};
const controller = new PrecacheController({ plugins: [verified, watched] });
controller.addToCacheList(MANIFEST);
const SCOPE = sw.registration.scope;

// A first copy installs what the reader is using first: every file but the pages (the runtime, the
// scripts, styles, fonts and search), the site's own pages and the pages of the sections (games)
// open in its windows; the other sections' pages, their games' engine code, and the engine's memory
// snapshot (only a later visit uses it) wait for the page to say the link is idle (COPY_REST). A new build's copy, made while the old one serves, installs
// every file at once, so that no page is missing offline when it takes over.
/** @param {string} url @param {Set<string>} open */
function later(url, open) {
  const path = url.startsWith(SCOPE) ? url.slice(SCOPE.length) : url;
  const section = path.includes("/") ? path.slice(0, path.indexOf("/")) : "";
  const code = /^assets\/codex\/calculators-([a-z]+)-[0-9a-f]+\.zip$/.exec(path); // a game's (runtime.py)
  if (code) return !open.has(code[1]);
  if (/^assets\/codex\/python_snapshot-[0-9a-f]+\.bin$/.test(path)) return true; // runtime.py
  return path.endsWith(".html") && section !== "" && section !== "assets" && !open.has(section);
}

/** The sections of the site the reader's windows show. */
async function openSections() {
  const windows = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
  return new Set(windows.map((w) => (w.url.startsWith(SCOPE) ? w.url.slice(SCOPE.length).split("/")[0] : "")));
}

/** Put one entry in the cache: from the HTTP cache if the page fetched it, else from the network.
 * @param {[string, string]} entry its address and cache key @param {ExtendableEvent} event */
async function copy([url, cacheKey], event) {
  const integrity = controller.getIntegrityForCacheKey(cacheKey);
  const take = (/** @type {Request} */ request) =>
    Promise.all(controller.strategy.handleAll({ params: { cacheKey, integrity }, request, event }));
  // What the page already fetched is taken from the HTTP cache without asking the network, even
  // to revalidate, under the address the page used (a page's folder for its index.html): the
  // integrity tells the build's bytes from a stale copy, which fails and is fetched below.
  try {
    await take(new Request(url.endsWith("/index.html") ? url.slice(0, -"index.html".length) : url,
                           { integrity, cache: "only-if-cached", mode: "same-origin", credentials: "same-origin" }));
    return;
  } catch { /* not in the HTTP cache, or not the build's bytes */ }
  // A name without a version may sit stale in the HTTP cache: revalidate it (a 304 costs no body).
  const revisioned = cacheKey !== url;
  await take(new Request(url, { integrity, cache: revisioned ? "no-cache" : "default", credentials: "same-origin" }));
}

/** @param {ExtendableEvent} event */
async function install(event) {
  const open = sw.registration.active ? null : await openSections(); // null: a new build's copy, whole
  const todo = [...controller.getURLsToCacheKeys()].filter(([url]) => !open || !later(url, open));
  await Promise.all(Array.from({ length: LANES }, async () => {
    while (todo.length) await copy(/** @type {[string, string]} not empty */ (todo.shift()), event);
  }));
}

// The rest of a first copy (or of any copy cut short): what the cache lacks, one file at a time,
// each once no page's request is on its way. Then every window hears COPIED.
/** @type {Promise<void> | null} */
let copying = null;
/** @param {ExtendableEvent} event */
async function copyRest(event) {
  const cache = await caches.open(controller.strategy.cacheName);
  const have = new Set((await cache.keys()).map((request) => request.url));
  for (const entry of controller.getURLsToCacheKeys()) {
    if (have.has(entry[1])) continue;
    await calm();
    try {
      await copy(entry, event);
    } catch (error) {
      console.warn("offline copy:", entry[0], error); // offline again: the next page asks again
      return;
    }
  }
  for (const client of await sw.clients.matchAll({ type: "window" })) client.postMessage({ type: "COPIED" });
}

sw.addEventListener("install", (event) => event.waitUntil(install(event)));

sw.addEventListener("activate", (event) => {
  controller.activate(event); // removes the entries of every other build
  event.waitUntil((async () => {
    const own = controller.strategy.cacheName;
    for (const name of await caches.keys()) { // another cache of ours (an older service worker's)
      if (name.startsWith("codex-") && name !== own) await caches.delete(name);
    }
    await sw.clients.claim();
  })());
});

sw.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") sw.skipWaiting();
  if (event.data && event.data.type === "COPY_REST") { // from a page it controls: this is the active worker
    copying = copying || copyRest(event).finally(() => { copying = null; });
    event.waitUntil(copying);
  }
});

// A page with a calculator asks for the engine's downloads from its head (early_engine.py, a
// `<link rel="prefetch">`), to fill the HTTP cache on a first visit. A page this copy serves has
// them here already, and its worker asks for them itself: the prefetch is answered with nothing,
// not read from the copy (and its integrity checked) twice.
registerRoute(({ request }) => (request.headers.get("Sec-Purpose") || "").startsWith("prefetch"),
              async () => new Response(null, { status: 204 }));
// Every built file, whatever query its address carries (calculator inputs live in the query).
registerRoute(new PrecacheRoute(controller, { ignoreURLParametersMatching: [/./], directoryIndex: "index.html",
                                              cleanURLs: false }));
// A page that is not in the build (a mistyped address): the network's answer, or offline the 404 page.
registerRoute(new NavigationRoute(new workbox.strategies.NetworkOnly({ plugins: [watched] })));
const notFound = controller.createHandlerBoundToURL("404.html"); // checked as every other entry
setCatchHandler(async ({ request, event }) => {
  pageFetches += 1;
  try {
    return await fetch(request); // the cache could not answer with the build's bytes: the network's
  } catch (error) {
    if (request.mode === "navigate") return notFound({ request, event, url: new URL(request.url) });
    throw error;
  } finally {
    pageFetched();
  }
});
