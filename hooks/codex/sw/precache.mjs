// Writes the built site's service worker: node hooks/codex/sw/precache.mjs <site dir>
// sw.js is Workbox's production builds (pinned in package-lock.json; nothing from a CDN) followed
// by service-worker.js, with the precache list in place of its marker: every built file with a
// revision (workbox-build's injectManifest, never a hand-kept list) and the SHA-256 of its bytes
// (`integrity`, which the browser checks on every fetch and service-worker.js on every cache hit).
// Files whose names carry a version or a content hash keep no revision (their URL is their
// version), so the HTTP cache can answer for them.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
/** @type {typeof import("workbox-build")} */
const { injectManifest } = require("workbox-build");
const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(process.argv[2] || "site");
// In the order they depend on each other; each sets its part of the `workbox` global.
const LIBRARIES = ["workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching"];

/** @param {string} name */
async function library(name) {
  const text = await readFile(require.resolve(`${name}/build/${name}.prod.js`), "utf8");
  return text.replace(/\n\/\/# sourceMappingURL=.*\n?$/, "\n");
}

/** @type {import("workbox-build").ManifestTransform} */
async function integrity(entries) {
  const manifest = await Promise.all(entries.map(async (entry) => {
    const bytes = await readFile(path.join(site, entry.url));
    return { ...entry, integrity: `sha256-${createHash("sha256").update(bytes).digest("base64")}` };
  }));
  return { manifest, warnings: [] };
}

const work = await mkdtemp(path.join(os.tmpdir(), "codex-sw-"));
try {
  const source = path.join(work, "sw.js");
  const parts = await Promise.all([...LIBRARIES.map(library), readFile(path.join(here, "service-worker.js"), "utf8")]);
  await writeFile(source, parts.join("\n"));
  const { count, size, warnings } = await injectManifest({
    swSrc: source,
    swDest: path.join(site, "sw.js"),
    globDirectory: site,
    globPatterns: ["**/*"],
    // Source maps are for developers; the gzipped sitemap is for crawlers; _headers is for the host.
    globIgnores: ["**/*.map", "sitemap.xml.gz", "_headers"],
    // Pyodide's wasm is about 9.6 MB.
    maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
    // Versioned or hashed names: assets/pyodide/<version>/, our zips' -<hash>, Material's bundles.
    dontCacheBustURLsMatching: /^assets\/pyodide\/[^/]+\/|^assets\/codex\/(calculators|python_stdlib)-[0-9a-f]+\.zip$|\.[0-9a-f]{8}\.min\.(js|css)$/,
    manifestTransforms: [integrity],
  });
  for (const warning of warnings) console.error(`service worker: ${warning}`);
  console.log(JSON.stringify({ count, size }));
} finally {
  await rm(work, { recursive: true, force: true });
}
