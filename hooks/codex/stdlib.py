"""A trimmed python_stdlib.zip: only the standard-library files the browser's engine imports.

Found by tracing, not listed by hand: `stdlib_trace/trace.mjs` runs the pinned Pyodide in node
as the worker does (its own bootstrap, unpacking the bundle, warming every calculator), imports
every standard-library module the calculators package names anywhere, answers every
calculator's defaults, and reports which files of the stock zip were loaded; the same Pyodide
compiles them, and the calculators package, to bytecode, so the browser compiles no source at
start. The result is kept in .cache/ by a hash of the code it depends on: a build with no new
code traces nothing.
"""

from __future__ import annotations

import ast
import fcntl
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

TRACE = Path(__file__).resolve().parent / "stdlib_trace" / "trace.mjs"


class TraceFailed(Exception):
    """The import trace could not run (node missing) or the engine failed under it."""


def named_imports(package_dir: Path) -> list[str]:
    """Every standard-library module a .py file of the package imports, at any depth."""
    names: set[str] = set()
    for path in sorted(package_dir.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
            if isinstance(node, ast.Import):
                names.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names.add(node.module)
    return sorted(n for n in names if n.split(".")[0] in sys.stdlib_module_names and n != "__future__")


@dataclass(frozen=True, slots=True)
class Traced:
    """What the trace makes: the trimmed standard library (the files loaded, as bytecode), those
    files' names, and the calculators package as bytecode (sourceless .pyc, a zip of its own)."""

    stdlib: bytes
    files: list[str]
    code: bytes


def trimmed_stdlib(root: Path, pyodide_dir: Path, bundle: bytes, calcs: list[tuple[str, dict]]) -> Traced:
    """The trace's products, cached in .cache/stdlib/ by the code they depend on (the modules the
    calculators import are read from that code only when it is traced: 0.3 s of a build otherwise)."""
    # Keyed by the code, not the rules data (which the bundle carries too): data changes every
    # day and never brings an import; a test runs every calculator on the trimmed runtime.
    key = hashlib.sha256()
    code = sorted((root / "calculators").rglob("*.py"))
    for part in (TRACE.read_bytes(), (pyodide_dir / "package.json").read_bytes(), *(p.read_bytes() for p in code)):
        key.update(hashlib.sha256(part).digest())
    cached = root / ".cache" / "stdlib" / key.hexdigest()[:20]
    if (cached / "files.json").is_file():
        return _read(cached)
    node = shutil.which("node")
    if node is None:
        raise TraceFailed("node is needed to trace the standard library the calculators import")
    cached.mkdir(parents=True, exist_ok=True)
    # Two builds at once (the tests' two workers on a fresh clone, `mkdocs serve` beside a build)
    # trace once: the second waits for the first and reads what it wrote, never a half-written zip.
    with open(cached / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if (cached / "files.json").is_file():
            return _read(cached)
        imports = named_imports(root / "calculators")
        job = json.dumps({"calcs": calcs, "imports": sorted(imports)}, sort_keys=True).encode()
        return _trace(node, cached, bundle, job, pyodide_dir)


def _trace(node: str, cached: Path, bundle: bytes, job: bytes, pyodide_dir: Path) -> Traced:
    """Run the trace in node and keep its products in `cached` (files.json last: it marks them whole)."""
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "bundle.zip").write_bytes(bundle)
        (Path(tmp) / "job.json").write_bytes(job)
        proc = subprocess.run([node, str(TRACE), str(pyodide_dir), f"{tmp}/bundle.zip", f"{tmp}/job.json",
                               str(cached / "python_stdlib.zip"), str(cached / "calculators.zip")],
                              capture_output=True, text=True)
    if proc.returncode != 0:
        raise TraceFailed(f"tracing the calculators' imports failed: {proc.stderr.strip()[-1500:]}")
    files = json.loads(proc.stdout.strip().splitlines()[-1])
    (cached / "files.json").write_text(json.dumps(files), encoding="utf-8")  # last: marks the entry complete
    return _read(cached)


def _read(cached: Path) -> Traced:
    return Traced((cached / "python_stdlib.zip").read_bytes(), json.loads((cached / "files.json").read_text("utf-8")),
                  (cached / "calculators.zip").read_bytes())
