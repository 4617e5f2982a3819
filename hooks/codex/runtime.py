"""What the browser's calculator engine downloads: a trimmed standard library (stdlib.py) and
`assets/codex/runtime.json`, which tells the worker that file's name and how many bytes the
engine's download comes to (for the progress shown while it loads)."""

from __future__ import annotations

import json
from pathlib import Path

import calculators

from .bundle import fingerprint
from .stdlib import named_imports, trimmed_stdlib

RUNTIME_JSON = "assets/codex/runtime.json"
STOCK_STDLIB = "python_stdlib.zip"
# The files the worker fetches (pyodide.asm.mjs comes by import(), which no fetch counts).
FETCHED = ("pyodide.asm.wasm", "pyodide-lock.json")


def defaults(engine: calculators.Engine) -> list[tuple[str, dict[str, object]]]:
    """Every calculator with its default inputs."""
    return [(c["id"], {i["name"]: i["default"] for i in c["inputs"]}) for c in engine.catalog()]


def runtime_files(root: Path, static: dict[str, Path], generated: dict[str, bytes], pyodide_dir: str,
                  bundle_uri: str, engine: calculators.Engine) -> dict[str, bytes]:
    """The trimmed standard library and runtime.json, by destination path."""
    stock = static[pyodide_dir + STOCK_STDLIB]
    bundle = generated[bundle_uri]
    stdlib, loaded = trimmed_stdlib(root, stock.parent, bundle, defaults(engine), named_imports(root / "calculators"))
    name = f"python_stdlib-{fingerprint(stdlib)}.zip"
    size = sum(static[pyodide_dir + f].stat().st_size for f in FETCHED) + len(stdlib) + len(bundle)
    facts = {"bytes": size, "stdlib": name, "stdlib_files": len(loaded)}
    return {f"assets/codex/{name}": stdlib, RUNTIME_JSON: json.dumps(facts, sort_keys=True).encode()}
