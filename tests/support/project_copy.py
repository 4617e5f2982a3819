"""A throwaway copy of the project, for tests that edit files as a contributor would.

The installed tools are shared, not copied: `.venv` and `node_modules` are symlinks to this
worktree's, and `requirements.txt`/`package-lock.json` are copied unchanged, so `./dev` in the
copy finds everything installed and installs nothing.
"""

from __future__ import annotations

import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
LEFT_OUT = {".venv", "node_modules", "site", ".git", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis",
            "__pycache__"}
SHARED = (".venv", "node_modules")
CACHE = ".cache"


def copy_project(to: Path, shared: tuple[str, ...] = SHARED) -> Path:
    """Copy the project into `to` (created), linking the installed tools named in `shared` and the
    build's cache (`.cache/`: the standard library's trace, kept by the code it depends on, so a
    copy whose code is the project's finds it made, and one whose code differs makes its own under
    another key; two builds at once trace once, hooks/codex/stdlib.py); return it."""
    to.mkdir(parents=True)
    (ROOT / CACHE).mkdir(exist_ok=True)
    (to / CACHE).symlink_to((ROOT / CACHE).resolve(), target_is_directory=True)
    for item in ROOT.iterdir():
        if item.name in LEFT_OUT or item.name == CACHE:
            continue
        if item.is_dir():
            shutil.copytree(item, to / item.name, ignore=shutil.ignore_patterns("__pycache__"))
        else:
            shutil.copy2(item, to / item.name)
    for name in shared:
        if (ROOT / name).exists():
            (to / name).symlink_to((ROOT / name).resolve(), target_is_directory=True)
    return to
