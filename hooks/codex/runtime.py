"""What the browser's calculator engine downloads, described for the worker (runtime.json).

The worker reads `assets/codex/runtime.json` beside the calculators bundle: how many bytes
the engine's download comes to (the progress shown while it loads)."""

from __future__ import annotations

import json
from pathlib import Path

RUNTIME_JSON = "assets/codex/runtime.json"
# The files the worker fetches (pyodide.asm.mjs comes by import(), which no fetch counts).
FETCHED = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def runtime_json(static: dict[str, Path], generated: dict[str, bytes], pyodide_dir: str, bundle_uri: str) -> bytes:
    """The runtime description: bytes the worker fetches, decoded (as its stream counts them)."""
    size = sum(static[pyodide_dir + name].stat().st_size for name in FETCHED) + len(generated[bundle_uri])
    return json.dumps({"bytes": size}, sort_keys=True).encode()
