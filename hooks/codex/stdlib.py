"""A trimmed python_stdlib.zip: only the standard-library files the browser's engine imports.

Found by tracing, not listed by hand: `stdlib_trace/trace.mjs` runs the pinned Pyodide in node
as the worker does (its own bootstrap, unpacking the bundle, warming every calculator), imports
every standard-library module the calculators package names anywhere, answers every
calculator's defaults, and reports which files of the stock zip were loaded. The result is
kept in .cache/ by a hash of the code it depends on, so a build with no new code traces nothing.
"""

from __future__ import annotations

import ast
import hashlib
import io
import json
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable
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


def traced_files(root: Path, pyodide_dir: Path, bundle: bytes, calcs: list[tuple[str, dict]],
                 imports: Iterable[str]) -> list[str]:
    """The stock zip's files the engine loads (cached in .cache/stdlib/ by what they depend on)."""
    job = json.dumps({"calcs": calcs, "imports": sorted(imports)}, sort_keys=True).encode()
    # Keyed by the code, not the rules data (which the bundle carries too): data changes every
    # day and never brings an import; a test runs every calculator on the trimmed runtime.
    key = hashlib.sha256()
    code = sorted((root / "calculators").rglob("*.py"))
    for part in (TRACE.read_bytes(), (pyodide_dir / "package.json").read_bytes(), *(p.read_bytes() for p in code)):
        key.update(hashlib.sha256(part).digest())
    cached = root / ".cache" / "stdlib" / f"{key.hexdigest()[:20]}.json"
    if cached.is_file():
        return json.loads(cached.read_text(encoding="utf-8"))
    node = shutil.which("node")
    if node is None:
        raise TraceFailed("node is needed to trace the standard library the calculators import")
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "bundle.zip").write_bytes(bundle)
        (Path(tmp) / "job.json").write_bytes(job)
        proc = subprocess.run([node, str(TRACE), str(pyodide_dir), f"{tmp}/bundle.zip", f"{tmp}/job.json"],
                              capture_output=True, text=True)
    if proc.returncode != 0:
        raise TraceFailed(f"tracing the calculators' imports failed: {proc.stderr.strip()[-1500:]}")
    files = json.loads(proc.stdout.strip().splitlines()[-1])
    cached.parent.mkdir(parents=True, exist_ok=True)
    cached.write_text(json.dumps(files), encoding="utf-8")
    return files


def trimmed_zip(stock: Path, files: Iterable[str]) -> bytes:
    """The stock zip with only `files` (and their packages' directory entries)."""
    wanted = set(files)
    wanted |= {f"{'/'.join(f.split('/')[:i])}/" for f in list(wanted) for i in range(1, f.count("/") + 1)}
    out = io.BytesIO()
    with zipfile.ZipFile(stock) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as dest:
        missing = wanted - set(source.namelist()) - {n for n in wanted if n.endswith("/")}
        if missing:
            raise TraceFailed(f"the trace named files the stock zip lacks: {sorted(missing)[:5]}")
        for info in source.infolist():
            if info.filename in wanted:
                entry = zipfile.ZipInfo(info.filename, date_time=info.date_time)
                entry.external_attr = info.external_attr
                entry.compress_type = zipfile.ZIP_STORED if info.is_dir() else zipfile.ZIP_DEFLATED
                dest.writestr(entry, source.read(info))
    return out.getvalue()
