"""The browser's copy of the rules engine: the calculators package and the rules, zipped.

The entries are stored, not deflated: the host's HTTP compression then works across the whole
file, which gzips smaller than a zip of deflated entries (and deflated entries cannot shrink again).
`calculators_zip` holds the sources (the build's trace runs it); `compiled_bundle` is what the site
ships, the same with each module as the bytecode the trace compiled."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from pathlib import Path
from typing import Any

_FIXED_TIME = (2020, 1, 1, 0, 0, 0)  # same bytes for the same sources: stable hash, cacheable


def calculators_zip(package_dir: Path, rules: dict[str, Any], index: dict[str, str]) -> bytes:
    """calculators/*.py, rules.json and index.json (calc id → module), for Pyodide's unpackArchive."""
    payload = json.dumps(rules, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
    files = {f"calculators/{path.relative_to(package_dir).as_posix()}": path.read_bytes()
             for path in sorted(package_dir.rglob("*.py"))}
    return _stored({**files, "calculators/rules.json": payload.encode(),
                    "calculators/index.json": json.dumps(index, sort_keys=True).encode()})


def compiled_bundle(sources: bytes, code: bytes) -> bytes:
    """The bundle of `calculators_zip` with its modules replaced by their bytecode (`code`, a zip
    of the package's .pyc); the rules and the index as they are."""
    with zipfile.ZipFile(io.BytesIO(sources)) as source, zipfile.ZipFile(io.BytesIO(code)) as compiled:
        data = {name: source.read(name) for name in source.namelist() if not name.endswith(".py")}
        return _stored({**{name: compiled.read(name) for name in compiled.namelist()}, **data})


def _stored(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, content in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(name, _FIXED_TIME), content)
    return buffer.getvalue()


def fingerprint(content: bytes) -> str:
    """A short content hash for cache-busting file names."""
    return hashlib.sha256(content).hexdigest()[:10]
