"""Self-hosted fonts from the pinned npm packages: glyphs that system fonts often lack."""

from __future__ import annotations

from pathlib import Path

from .pyodide_files import PyodideMissing

# Noto Sans Symbols 2, "symbols" subset: Mahjong tiles (U+1F000…), trigrams (U+2630…),
# hexagrams. The CSS declares it with a unicode-range, so only pages using them download it.
SYMBOLS = ("@fontsource/noto-sans-symbols-2", "files/noto-sans-symbols-2-symbols-400-normal.woff2", "LICENSE")


def font_files(project_root: Path) -> dict[str, Path]:
    """Font files to copy into the site, by destination path."""
    package, font, licence = SYMBOLS
    base = project_root / "node_modules" / package
    files = {
        "assets/fonts/noto-sans-symbols-2-symbols.woff2": base / font,
        "assets/fonts/noto-sans-symbols-2-LICENSE.txt": base / licence,
    }
    missing = [str(p.relative_to(project_root)) for p in files.values() if not p.is_file()]
    if missing:
        raise PyodideMissing(f"{', '.join(missing)} missing: run ./dev serve (or npm ci) to install it")
    return files
