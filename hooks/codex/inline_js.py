"""Our inline scripts' text, read from their files (engine-start.js, styles-first.js,
palette-first.js): their comments are for their readers and the type checker (tsc reads the JSDoc),
and every page carries the script, so the page gets the code alone."""

from __future__ import annotations

import re
from pathlib import Path

_JSDOC = re.compile(r"/\*\*.*?\*/[ \t]?", re.S)


def inline_code(path: Path) -> str:
    """The file's code without its comments (its `/** … */` blocks, and its lines that are a `//`
    comment alone); refused if it holds '</' (it is written inside a <script> element, which that
    would close)."""
    code = _JSDOC.sub("", path.read_text(encoding="utf-8"))
    lines = [line for line in code.splitlines() if line.strip() and not line.lstrip().startswith("//")]
    text = "\n".join(lines).strip()
    if "</" in text:
        raise ValueError(f"{path.name} may not hold '</': it is written inside a <script> element")
    return text
