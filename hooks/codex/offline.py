"""The built site's service worker: every built file precached, so the site works offline.

`write_service_worker` runs after the build, on the built files themselves (node and the
pinned workbox-build: see hooks/codex/sw/). `mkdocs serve` gets a service worker that removes
itself instead, since a cache would hide every edit. The page side (offline.mjs) registers it
with workbox-window, which the build copies into the site (`window_module`).
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

SW_DIR = Path(__file__).resolve().parent / "sw"
SW_NAME = "sw.js"  # at the site's root: its scope is the whole site
WINDOW_MODULE = "assets/javascripts/workbox-window.mjs"  # offline.mjs imports it from beside itself


class ServiceWorkerFailed(Exception):
    """The precache list could not be made (node or workbox-build missing, or it failed)."""


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
    node = shutil.which("node")
    if node is None:
        raise ServiceWorkerFailed("node is needed to write the service worker (apt-get install nodejs npm)")
    proc = subprocess.run([node, str(SW_DIR / "precache.mjs"), str(site_dir)],
                          cwd=SW_DIR.parents[2], capture_output=True, text=True)
    if proc.returncode != 0:
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-5:]
        raise ServiceWorkerFailed("the service worker could not be written:\n  " + "\n  ".join(tail))
    return json.loads(proc.stdout.strip().splitlines()[-1])
