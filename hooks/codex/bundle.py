"""The browser's copy of the rules engine: the calculators package and the rules, zipped."""

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
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(package_dir.rglob("*.py")):
            name = f"calculators/{path.relative_to(package_dir).as_posix()}"
            archive.writestr(zipfile.ZipInfo(name, _FIXED_TIME), path.read_bytes(), zipfile.ZIP_DEFLATED)
        payload = json.dumps(rules, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        archive.writestr(zipfile.ZipInfo("calculators/rules.json", _FIXED_TIME), payload, zipfile.ZIP_DEFLATED)
        listing = json.dumps(index, sort_keys=True)
        archive.writestr(zipfile.ZipInfo("calculators/index.json", _FIXED_TIME), listing, zipfile.ZIP_DEFLATED)
    return buffer.getvalue()


def fingerprint(content: bytes) -> str:
    """A short content hash for cache-busting file names."""
    return hashlib.sha256(content).hexdigest()[:10]
