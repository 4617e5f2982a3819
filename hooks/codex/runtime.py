"""What the browser's calculator engine downloads: a trimmed standard library and the calculators
bundle as bytecode (both from stdlib.py's trace; the bundle's core apart from each game's code),
and `assets/codex/runtime.mjs`, the one place that names the code the live calculators run.

The page and the worker import the addresses from that module, which the build writes: the
worker's script, Pyodide's versioned folder, the content-hashed calculators bundle and standard
library, all on the site's own origin. Nothing in a page (no `data-` attribute, no message to
the worker) can name code; the worker refuses a message that tries. It also says how many bytes
the engine's download comes to (for the progress shown while it loads)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import calculators

from .bundle import compiled_bundle, fingerprint, split_bundle
from .snapshot import memory_snapshot
from .stdlib import trimmed_stdlib

RUNTIME_MODULE = "assets/codex/runtime.mjs"
WORKER = "assets/javascripts/codex-worker.mjs"
STOCK_STDLIB = "python_stdlib.zip"
LOCK_FILE = "pyodide-lock.json"
# Pyodide's files the site does not ship: the trimmed standard library stands in for the stock one,
# and runtime.mjs carries the lock file's facts (the engine loads no package), so none is fetched.
NOT_SHIPPED = (STOCK_STDLIB, LOCK_FILE)
# Where the worker writes the core bundle and each game's code in Pyodide's file system (the
# memory snapshot is made with them at the same places).
CORE_AT = "/home/pyodide/calculators.zip"
GAME_AT = "/home/pyodide/calculators-{game}.zip"
# The files the worker fetches (pyodide.asm.mjs comes by import(), which no fetch counts).
FETCHED = ("pyodide.asm.wasm",)


def defaults(engine: calculators.Engine) -> list[tuple[str, dict[str, object]]]:
    """Every calculator with its default inputs."""
    return [(c["id"], {i["name"]: i["default"] for i in c["inputs"]}) for c in engine.catalog()]


def runtime_files(root: Path, static: dict[str, Path], pyodide_dir: str, sources: bytes,
                  engine: calculators.Engine) -> dict[str, bytes]:
    """The trimmed standard library, the compiled calculators bundle and runtime.mjs, by destination
    path (`sources`: the calculators bundle as `bundle.calculators_zip` makes it)."""
    stock = static[pyodide_dir + STOCK_STDLIB]
    traced = trimmed_stdlib(root, stock.parent, sources, defaults(engine))
    # The core, and each game's modules apart: a page fetches the core and its own games' code (a WBS
    # page none of Rain's), and the worker fetches another game's when a page of it is opened later.
    core, games = split_bundle(compiled_bundle(sources, traced.code), calculators.GAMES)
    stdlib_uri = f"assets/codex/python_stdlib-{fingerprint(traced.stdlib)}.zip"
    bundle_uri = f"assets/codex/calculators-{fingerprint(core)}.zip"
    game_uris = {game: f"assets/codex/calculators-{game}-{fingerprint(code)}.zip" for game, code in games.items()}
    size = sum(static[pyodide_dir + f].stat().st_size for f in FETCHED) + len(traced.stdlib) + len(core)
    # The snapshot is made from the code alone: the same split of the package's bytecode, no rules.
    code_core, code_games = split_bundle(traced.code, calculators.GAMES)
    at = {game: GAME_AT.format(game=game) for game in games}
    snapshot = memory_snapshot(root, stock.parent, traced.stdlib, (CORE_AT, code_core),
                               {game: (at[game], code) for game, code in code_games.items()})
    snapshot_uri = f"assets/codex/python_snapshot-{fingerprint(snapshot)}.bin"
    lock = json.loads(static[pyodide_dir + LOCK_FILE].read_text(encoding="utf-8"))
    module = runtime_module({"WORKER": WORKER, "PYODIDE": pyodide_dir, "BUNDLE": bundle_uri, "STDLIB": stdlib_uri,
                             "SNAPSHOT": snapshot_uri},
                            {"BYTES": size, "STDLIB_FILES": len(traced.files)},
                            {"LOCKFILE": {"info": lock["info"], "packages": {}},
                             "GAME_BYTES": {game: len(code) for game, code in games.items()},
                             "SNAPSHOT_SHA256": hashlib.sha256(snapshot).hexdigest(),
                             "FILES_AT": {"core": CORE_AT, "games": at}},
                            {"GAMES": game_uris})
    return {stdlib_uri: traced.stdlib, bundle_uri: core, **{game_uris[g]: code for g, code in games.items()},
            snapshot_uri: snapshot, RUNTIME_MODULE: module}


def early_downloads(pyodide_dir: str, files: dict[str, bytes]) -> list[str]:
    """The engine's two big downloads (the wasm, the trimmed standard library), by path from the
    site's root: what a page with a calculator asks for from its head (early_engine.py)."""
    stdlib = next(dest for dest in files if dest.startswith("assets/codex/python_stdlib-"))
    return [pyodide_dir + "pyodide.asm.wasm", stdlib]


def runtime_module(addresses: dict[str, str], facts: dict[str, int], data: dict[str, object],
                   groups: dict[str, dict[str, str]] | None = None) -> bytes:
    """runtime.mjs: each address (a path from the site's root) as an absolute URL on the module's own
    origin, each group of addresses as an object of such URLs, the facts as numbers, the data as JSON."""
    depth = "../" * RUNTIME_MODULE.count("/")  # from assets/codex/ back to the site's root
    lines = ["// Written by the build (hooks/codex/runtime.py): the engine's code, named once, on this origin.",
             "const root = new URL(" + json.dumps(depth) + ", import.meta.url);"]
    lines += [f"export const {key} = new URL({json.dumps(path)}, root).href;"
              for key, path in sorted(addresses.items())]
    lines += [f"export const {key} = {{" + ", ".join(f"{json.dumps(name)}: new URL({json.dumps(path)}, root).href"
                                                   for name, path in sorted(group.items())) + "};"
              for key, group in sorted((groups or {}).items())]
    lines += [f"export const {key} = {int(value)};" for key, value in sorted(facts.items())]
    lines += [f"export const {key} = {json.dumps(value, sort_keys=True)};" for key, value in sorted(data.items())]
    return ("\n".join(lines) + "\n").encode()
