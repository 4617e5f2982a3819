"""What the browser's calculator engine downloads: a trimmed standard library (stdlib.py) and
`assets/codex/runtime.mjs`, the one place that names the code the live calculators run.

The page and the worker import the addresses from that module, which the build writes: the
worker's script, Pyodide's versioned folder, the content-hashed calculators bundle and standard
library, all on the site's own origin. Nothing in a page (no `data-` attribute, no message to
the worker) can name code; the worker refuses a message that tries. It also says how many bytes
the engine's download comes to (for the progress shown while it loads)."""

from __future__ import annotations

import json
from pathlib import Path

import calculators

from .bundle import fingerprint
from .stdlib import named_imports, trimmed_stdlib

RUNTIME_MODULE = "assets/codex/runtime.mjs"
WORKER = "assets/javascripts/codex-worker.mjs"
STOCK_STDLIB = "python_stdlib.zip"
# The files the worker fetches (pyodide.asm.mjs comes by import(), which no fetch counts).
FETCHED = ("pyodide.asm.wasm", "pyodide-lock.json")


def defaults(engine: calculators.Engine) -> list[tuple[str, dict[str, object]]]:
    """Every calculator with its default inputs."""
    return [(c["id"], {i["name"]: i["default"] for i in c["inputs"]}) for c in engine.catalog()]


def runtime_files(root: Path, static: dict[str, Path], generated: dict[str, bytes], pyodide_dir: str,
                  bundle_uri: str, engine: calculators.Engine) -> dict[str, bytes]:
    """The trimmed standard library and runtime.mjs, by destination path."""
    stock = static[pyodide_dir + STOCK_STDLIB]
    bundle = generated[bundle_uri]
    stdlib, loaded = trimmed_stdlib(root, stock.parent, bundle, defaults(engine), named_imports(root / "calculators"))
    name = f"python_stdlib-{fingerprint(stdlib)}.zip"
    size = sum(static[pyodide_dir + f].stat().st_size for f in FETCHED) + len(stdlib) + len(bundle)
    stdlib_uri = f"assets/codex/{name}"
    module = runtime_module({"WORKER": WORKER, "PYODIDE": pyodide_dir, "BUNDLE": bundle_uri, "STDLIB": stdlib_uri},
                            {"BYTES": size, "STDLIB_FILES": len(loaded)})
    return {stdlib_uri: stdlib, RUNTIME_MODULE: module}


def runtime_module(addresses: dict[str, str], facts: dict[str, int]) -> bytes:
    """runtime.mjs: each address (a path from the site's root) as an absolute URL on the module's own
    origin, and the facts as numbers."""
    depth = "../" * RUNTIME_MODULE.count("/")  # from assets/codex/ back to the site's root
    lines = ["// Written by the build (hooks/codex/runtime.py): the one place that names the code the live",
             "// calculators run. Same origin as this file, content-hashed names; a page cannot change them.",
             "const root = new URL(" + json.dumps(depth) + ", import.meta.url);"]
    lines += [f"export const {key} = new URL({json.dumps(path)}, root).href;"
              for key, path in sorted(addresses.items())]
    lines += [f"export const {key} = {int(value)};" for key, value in sorted(facts.items())]
    return ("\n".join(lines) + "\n").encode()
