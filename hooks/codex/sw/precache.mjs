// Writes the built site's service worker: node hooks/codex/sw/precache.mjs <site dir>
// The precache list is every built file with a revision (workbox-build's injectManifest),
// never a hand-kept list. Files whose names carry a version or a content hash keep no
// revision (their URL is their version), so the HTTP cache can answer for them.
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const require = createRequire(import.meta.url);
const { injectManifest } = require("workbox-build");
const here = path.dirname(fileURLToPath(import.meta.url));
const site = path.resolve(process.argv[2] || "site");

const { count, size, warnings } = await injectManifest({
  swSrc: path.join(here, "service-worker.js"),
  swDest: path.join(site, "sw.js"),
  globDirectory: site,
  globPatterns: ["**/*"],
  // Source maps are for developers; the gzipped sitemap is for crawlers.
  globIgnores: ["**/*.map", "sitemap.xml.gz"],
  // Pyodide's wasm is about 9.6 MB.
  maximumFileSizeToCacheInBytes: 64 * 1024 * 1024,
  // Versioned or hashed names: assets/pyodide/<version>/, our zips' -<hash>, Material's bundles.
  dontCacheBustURLsMatching: /^assets\/pyodide\/[^/]+\/|^assets\/codex\/(calculators|python_stdlib)-[0-9a-f]+\.zip$|\.[0-9a-f]{8}\.min\.(js|css)$/,
});
for (const warning of warnings) console.error(`service worker: ${warning}`);
console.log(JSON.stringify({ count, size }));
