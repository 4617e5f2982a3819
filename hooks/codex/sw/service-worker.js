// The Jianghu Codex's service worker: the whole site, offline after one visit.
// Built from this file by hooks/codex/sw/precache.mjs (workbox-build's injectManifest), which
// puts the list of every built file, each with its revision, in place of the manifest marker.
// One cache per build ("codex-<version>"): a page and the calculators bundle it talks to always
// come from the same build. A new build installs beside the old one (unchanged files are copied
// across, not downloaded again) and waits until the reader chooses to reload; on activation
// every other build's cache is removed.

const MANIFEST = self.__WB_MANIFEST;
const PREFIX = "codex-";

// FNV-1a over the manifest: the build's version, so the cache name changes with any file.
function version(entries) {
  let hash = 0x811c9dc5;
  const text = JSON.stringify(entries);
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, "0");
}

const CACHE = PREFIX + version(MANIFEST);
const SCOPE = self.registration.scope;
// url (absolute, no query) -> cache key: the url itself when its name is versioned, else url + revision.
const KEYS = new Map(MANIFEST.map((entry) => {
  const url = new URL(entry.url, SCOPE);
  const key = new URL(url);
  if (entry.revision) key.searchParams.set("__codex_revision", entry.revision);
  return [url.href, { key: key.href, versioned: !entry.revision }];
}));

async function fromOlderBuilds(key) {
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const hit = await (await caches.open(name)).match(key);
    if (hit) return hit;
  }
  return null;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const have = new Set((await cache.keys()).map((request) => request.url));
  const todo = [...KEYS].filter(([, { key }]) => !have.has(key));
  const one = async ([url, { key, versioned }]) => {
    let response = await fromOlderBuilds(key);
    if (!response) {
      // A name without a version may sit stale in the HTTP cache: ask the server again.
      response = await fetch(url, { cache: versioned ? "default" : "no-cache", credentials: "same-origin" });
      if (!response.ok) throw new Error(`precache ${url}: HTTP ${response.status}`);
    }
    await cache.put(key, response);
  };
  const lanes = Array.from({ length: 6 }, async () => {
    while (todo.length) await one(todo.shift());
  });
  await Promise.all(lanes);
}

self.addEventListener("install", (event) => event.waitUntil(precache()));

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

// The file a request names: its query (calculator inputs) and fragment never change the file.
function entryFor(request) {
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return null;
  url.search = "";
  url.hash = "";
  if (url.pathname.endsWith("/")) url.pathname += "index.html";
  return KEYS.get(url.href) || null;
}

async function respond(request, entry) {
  const cache = await caches.open(CACHE);
  if (entry) {
    const hit = await cache.match(entry.key);
    if (hit) return hit;
  }
  try {
    return await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") {
      const missing = KEYS.get(new URL("404.html", SCOPE).href);
      const page = missing && (await cache.match(missing.key));
      if (page) return page;
    }
    throw error;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || request.headers.has("range")) return;
  const entry = entryFor(request);
  if (!entry && request.mode !== "navigate") return;
  event.respondWith(respond(request, entry));
});
