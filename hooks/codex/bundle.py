"""The browser's copy of the rules engine: the calculators package and the rules, zipped.

The entries are stored, not deflated: the host's HTTP compression then works across the whole
file, which gzips smaller than a zip of deflated entries (and deflated entries cannot shrink again).
`calculators_zip` holds the sources (the build's trace runs it); `compiled_bundle` is the same with
each module as the bytecode the trace compiled; `split_bundle` cuts that into what the site ships: the
core, and one zip per game, so a page fetches only its own games' code."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from collections.abc import Iterable
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


# Read by the type checker alone (rules.py imports it under TYPE_CHECKING): no page needs its bytes.
TYPES_ONLY = frozenset({"calculators/rules_types.pyc"})


def split_bundle(bundle: bytes, games: Iterable[str]) -> tuple[bytes, dict[str, bytes]]:
    """The compiled bundle as the browser fetches it: the core (the package's own modules, the rules
    and the index) and, by game, `calculators/<game>/` (each game's modules import no other game's)."""
    parts: dict[str, dict[str, bytes]] = {"": {}, **{game: {} for game in games}}
    with zipfile.ZipFile(io.BytesIO(bundle)) as archive:
        for name in archive.namelist():
            if name in TYPES_ONLY:
                continue
            folder = name.split("/")[1] if name.count("/") >= 2 else ""
            parts[folder if folder in parts else ""][name] = archive.read(name)
    core = parts.pop("")
    return _stored(core), {game: _stored(files) for game, files in parts.items()}


def _stored(files: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_STORED) as archive:
        for name, content in sorted(files.items()):
            archive.writestr(zipfile.ZipInfo(name, _FIXED_TIME), content)
    return buffer.getvalue()


def fingerprint(content: bytes) -> str:
    """A short content hash for cache-busting file names."""
    return hashlib.sha256(content).hexdigest()[:10]
