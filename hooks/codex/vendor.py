"""Small browser modules from pinned npm packages, copied into the site as they are (as Pyodide is).

The site fetches nothing from outside its own origin, so a module a page needs in the browser
comes from `package-lock.json` and is served from the site itself.
"""

from __future__ import annotations

from pathlib import Path

from .pyodide_files import PyodideMissing

# The QR code encoder the tile table and the phone link draw each player's code with (tile-table.mjs imports it).
VENDORED = {
    "assets/javascripts/vendor/uqr.mjs": ("uqr", "dist/index.mjs"),
    "assets/javascripts/vendor/uqr-LICENSE.txt": ("uqr", "LICENSE"),
    # The QR code reader a phone's page falls back on where the browser has no BarcodeDetector
    # (scan.mjs imports it when the reader presses Scan; its bundle sets `self.jsQR`).
    "assets/javascripts/vendor/jsQR.js": ("jsqr", "dist/jsQR.js"),
    "assets/javascripts/vendor/jsQR-LICENSE.txt": ("jsqr", "LICENSE"),
}


def vendor_files(project_root: Path) -> dict[str, Path]:
    """The vendored files to copy into the site, by destination path."""
    files = {dest: project_root / "node_modules" / package / path for dest, (package, path) in VENDORED.items()}
    missing = [str(p.relative_to(project_root)) for p in files.values() if not p.is_file()]
    if missing:
        raise PyodideMissing(f"{', '.join(missing)} missing: run ./dev serve (or npm ci) to install it")
    return files
