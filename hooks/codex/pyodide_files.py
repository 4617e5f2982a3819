"""Which Pyodide files the site ships, and where they come from (the pinned npm package)."""

from __future__ import annotations

import json
from pathlib import Path

RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


class PyodideMissing(Exception):
    """node_modules/pyodide is not installed, or is missing a runtime file."""


def pyodide_runtime(project_root: Path) -> tuple[str, dict[str, Path]]:
    """The installed Pyodide version and its five runtime files."""
    package = project_root / "node_modules" / "pyodide"
    manifest = package / "package.json"
    if not manifest.is_file():
        raise PyodideMissing("node_modules/pyodide is missing: run ./dev serve (or npm ci) to install it")
    version = json.loads(manifest.read_text(encoding="utf-8"))["version"]
    files = {name: package / name for name in RUNTIME_FILES}
    missing = [name for name, path in files.items() if not path.is_file()]
    if missing:
        raise PyodideMissing(f"node_modules/pyodide {version} lacks {', '.join(missing)}: reinstall with npm ci")
    return version, files
