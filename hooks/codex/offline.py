"""The built site's service worker: every built file precached, so the site works offline.

`write_service_worker` runs after the build, on the built files themselves: `sw.js` is Workbox's
own production builds of workbox-core, -routing, -strategies and -precaching (pinned in
package-lock.json, read from node_modules; nothing from a CDN) followed by
`sw/service-worker.js`, with Workbox's manifest marker replaced by the list of every built file,
each with its revision and the SHA-256 of its bytes (`integrity`): the list workbox-build's
injectManifest wrote, made here with one read and one hash per file (at 5,000 creatures the Node
step took 2.8 s of CPU, a tenth of the plain theme's whole build). `mkdocs serve` gets a service
worker that removes itself instead, since a cache would hide every edit. The page side
(offline.mjs) registers it with workbox-window, which the build copies into the site
(`window_module`).
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import re
import shutil
from pathlib import Path

SW_DIR = Path(__file__).resolve().parent / "sw"
SW_NAME = "sw.js"  # at the site's root: its scope is the whole site
WINDOW_MODULE = "assets/javascripts/workbox-window.mjs"  # offline.mjs imports it from beside itself


# In the order they depend on each other; each sets its part of the `workbox` global.
LIBRARIES = ("workbox-core", "workbox-routing", "workbox-strategies", "workbox-precaching")
MARKER = "self.__WB_MANIFEST"  # Workbox's manifest marker, in service-worker.js once
# Not precached: source maps are for developers, the gzipped sitemap for crawlers, _headers for
# the host, and sw.js is the service worker itself.
LEFT_OUT = re.compile(r"(^|/)[^/]*\.map$|^sitemap\.xml\.gz$|^_headers$|^sw\.js$")
# Versioned or hashed names keep no revision (their URL is their version, so the HTTP cache can
# answer for them): assets/pyodide/<version>/, our zips' and the engine's snapshot's -<hash>,
# Material's bundles and our stylesheet's (styles.py).
VERSIONED = re.compile(r"^assets/pyodide/[^/]+/|^assets/codex/(calculators(-[a-z]+)?|python_stdlib)-[0-9a-f]+\.zip$"
                       r"|^assets/codex/python_snapshot-[0-9a-f]+\.bin$"
                       r"|\.[0-9a-f]{8}\.min\.(js|css)$|^assets/stylesheets/codex\.[0-9a-f]{8}\.css$")
LARGEST = 64 * 1024 * 1024  # a file larger than this is an error (Pyodide's wasm is about 9.6 MB)


class ServiceWorkerFailed(Exception):
    """The service worker could not be written (Workbox missing from node_modules, a file too large)."""


def window_module(project_root: Path) -> dict[str, bytes]:
    """workbox-window's production module (pinned in package-lock.json), for the site: by path."""
    built = project_root / "node_modules" / "workbox-window" / "build" / "workbox-window.prod.mjs"
    if not built.is_file():
        raise ServiceWorkerFailed("node_modules/workbox-window is missing: run ./dev build (npm ci) to install it")
    text = re.sub(r"\n//# sourceMappingURL=\S*\s*$", "\n", built.read_text(encoding="utf-8"))  # no map is shipped
    return {WINDOW_MODULE: text.encode()}


def write_service_worker(site_dir: Path, *, serving: bool = False) -> dict[str, int]:
    """Write `sw.js` into the built site; return how many files (and bytes) it precaches."""
    if serving:
        shutil.copyfile(SW_DIR / "unregister.js", site_dir / SW_NAME)
        return {"count": 0, "size": 0}
    source = service_worker_source(SW_DIR.parents[2])
    entries, size = precache_manifest(site_dir)
    listed = json.dumps(entries, sort_keys=True, separators=(",", ":"))
    (site_dir / SW_NAME).write_text(source.replace(MARKER, listed, 1), encoding="utf-8")
    return {"count": len(entries), "size": size}


def service_worker_source(project_root: Path) -> str:
    """Workbox's production builds, then service-worker.js (which holds the marker once)."""
    parts = []
    for name in LIBRARIES:
        built = project_root / "node_modules" / name / "build" / f"{name}.prod.js"
        if not built.is_file():
            raise ServiceWorkerFailed(f"node_modules/{name} is missing: run ./dev build (npm ci) to install it")
        parts.append(re.sub(r"\n//# sourceMappingURL=.*\n?$", "\n", built.read_text(encoding="utf-8")))
    own = (SW_DIR / "service-worker.js").read_text(encoding="utf-8")
    if own.count(MARKER) != 1:
        raise ServiceWorkerFailed(f"hooks/codex/sw/service-worker.js must hold {MARKER} exactly once")
    return "\n".join([*parts, own])


def precache_manifest(site_dir: Path) -> tuple[list[dict[str, str | None]], int]:
    """Every built file (but LEFT_OUT, and names starting with a dot, as Workbox's glob skips them):
    its address, its revision (none for VERSIONED names) and the SHA-256 of its bytes, by address;
    and their bytes in all."""
    entries: list[dict[str, str | None]] = []
    too_large = []
    size = 0
    for folder, dirs, files in os.walk(site_dir):
        dirs[:] = sorted(d for d in dirs if not d.startswith("."))
        for name in sorted(files):
            if name.startswith("."):
                continue
            path = Path(folder) / name
            url = path.relative_to(site_dir).as_posix()
            if LEFT_OUT.search(url):
                continue
            data = path.read_bytes()
            if len(data) > LARGEST:
                too_large.append(f"{url} ({len(data):,} bytes)")
                continue
            size += len(data)
            digest = hashlib.sha256(data).digest()
            entries.append({"url": url, "revision": None if VERSIONED.search(url) else digest.hex()[:32],
                            "integrity": "sha256-" + base64.b64encode(digest).decode()})
    if too_large:
        raise ServiceWorkerFailed("too large to keep offline (over 64 MiB): " + ", ".join(too_large))
    return entries, size
