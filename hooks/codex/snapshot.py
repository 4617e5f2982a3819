"""The engine's memory snapshot: Python started and every module of the calculators package
imported, made by the build in node (`stdlib_trace/snapshot.mjs`) from the files the site ships.

A worker that finds it in the offline copy, with the bytes the build wrote (runtime.mjs names its
SHA-256, and the worker checks it), restores it instead of starting Python and importing. It is
never fetched for an answer: the offline copy takes it when the link is idle, so it serves the
visits after the copy is whole. The rules data is not in it (the worker makes the engine from the
core bundle's rules.json after restoring), so it depends on the code alone and is kept in .cache/
by the hash of what it was made from: a build whose code did not change makes none.
"""

from __future__ import annotations

import fcntl
import gzip
import hashlib
import json
import shutil
import subprocess
import tempfile
from pathlib import Path

from .stdlib import TraceFailed

SCRIPT = Path(__file__).resolve().parent / "stdlib_trace" / "snapshot.mjs"


def memory_snapshot(root: Path, pyodide_dir: Path, stdlib: bytes, core: tuple[str, bytes],
                    games: dict[str, tuple[str, bytes]]) -> bytes:
    """The sparse snapshot (snapshot.mjs says its layout), gzipped, of Pyodide with `stdlib` as its standard
    library, `core` (where the worker writes it, its bytes) first on sys.path and each game's code on
    the package's path, every module imported. Cached in .cache/snapshot/ by all of those."""
    key = hashlib.sha256()
    for part in (SCRIPT.read_bytes(), Path(__file__).read_bytes(), (pyodide_dir / "package.json").read_bytes(), stdlib,
                 json.dumps([core[0], sorted((g, at) for g, (at, _) in games.items())]).encode(), core[1],
                 *(code for _, (_, code) in sorted(games.items()))):
        key.update(hashlib.sha256(part).digest())
    cached = root / ".cache" / "snapshot" / key.hexdigest()[:20]
    done = cached / "snapshot.bin"
    if done.is_file():
        return done.read_bytes()
    node = shutil.which("node")
    if node is None:
        raise TraceFailed("node is needed to make the engine's memory snapshot")
    cached.mkdir(parents=True, exist_ok=True)
    with open(cached / ".lock", "w") as lock:  # two builds at once make it once (as the trace)
        fcntl.flock(lock, fcntl.LOCK_EX)
        if done.is_file():
            return done.read_bytes()
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            (folder / "stdlib.zip").write_bytes(stdlib)
            (folder / "core.zip").write_bytes(core[1])
            for game, (_, code) in games.items():
                (folder / f"{game}.zip").write_bytes(code)
            job = {"stdlib": str(folder / "stdlib.zip"), "core": [core[0], str(folder / "core.zip")],
                   "games": [[at, str(folder / f"{game}.zip")] for game, (at, _) in sorted(games.items())]}
            (folder / "job.json").write_text(json.dumps(job), encoding="utf-8")
            command = [node, str(SCRIPT), str(pyodide_dir), str(folder / "job.json"), str(folder / "out.bin")]
            proc = subprocess.run(command, capture_output=True, text=True)
            if proc.returncode != 0:
                raise TraceFailed(f"making the engine's memory snapshot failed: {proc.stderr.strip()[-1500:]}")
            # Gzipped here, not by the host: a host sends a file of its own type as it is (the test
            # server and GitHub Pages compress zips and wasm, not an unknown type), and the offline
            # copy keeps, and the worker reads and checks, 5 MB instead of 15.
            packed = gzip.compress((folder / "out.bin").read_bytes(), compresslevel=9, mtime=0)
            (cached / "snapshot.part").write_bytes(packed)
            (cached / "snapshot.part").replace(done)  # whole, or not there
    return done.read_bytes()
