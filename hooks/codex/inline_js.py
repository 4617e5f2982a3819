"""Our inline scripts' text, read from their files (engine-start.js, styles-first.js,
palette-first.js): each file
begins with comment lines for its readers, which the page does not need."""

from __future__ import annotations

from pathlib import Path


def inline_code(path: Path) -> str:
    """The file's code without its leading comment lines; refused if it holds '</' (it is written
    inside a <script> element, which that would close)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    while lines and lines[0].startswith("//"):
        lines.pop(0)
    text = "\n".join(lines).strip()
    if "</" in text:
        raise ValueError(f"{path.name} may not hold '</': it is written inside a <script> element")
    return text
