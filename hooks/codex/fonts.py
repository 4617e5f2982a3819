"""Self-hosted fonts from the pinned npm packages: glyphs that system fonts often lack."""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
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


# Noto Sans TC (the data writes traditional characters: 萬, 發, 東 …), split by the package into
# ~100 unicode-range slices. The site ships only the slices holding a character that its data or
# pages use, each declared with its unicode-range, so a page downloads only the slices it shows.
CJK_PACKAGE = "@fontsource/noto-sans-tc"
CJK_FAMILY = "Codex CJK"
CJK_CSS = "assets/stylesheets/codex-cjk.css"
_FACE = re.compile(r"@font-face\s*{(?P<body>[^}]*)}")
_SRC = re.compile(r"url\(\./files/(?P<file>[^)]+\.woff2)\)")
_RANGE = re.compile(r"unicode-range:\s*(?P<ranges>[^;]+);")
_HAN = re.compile(r"[\u2e80-\u2fdf\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uff00-\uffef"
                  r"\U00020000-\U0003134f]")


def _ranges(spec: str) -> list[tuple[int, int]]:
    out = []
    for part in spec.split(","):
        low, _, high = part.strip().removeprefix("U+").removeprefix("u+").partition("-")
        out.append((int(low, 16), int(high or low, 16)))
    return out


def cjk_characters(texts: Iterable[str]) -> set[str]:
    """The CJK characters in some text (hanzi and CJK punctuation)."""
    return {ch for text in texts for ch in _HAN.findall(text)}


def cjk_font(project_root: Path, characters: set[str]) -> tuple[dict[str, Path], str]:
    """The font slices that cover `characters` (destination → file) and the CSS declaring them."""
    base = project_root / "node_modules" / CJK_PACKAGE
    css_path = base / "400.css"
    if not css_path.is_file():
        raise PyodideMissing(f"node_modules/{CJK_PACKAGE} missing: run ./dev serve (or npm ci) to install it")
    codes = {ord(ch) for ch in characters}
    files: dict[str, Path] = {}
    faces = []
    for face in _FACE.finditer(css_path.read_text(encoding="utf-8")):
        src, ranges = _SRC.search(face["body"]), _RANGE.search(face["body"])
        if not src or not ranges:
            continue
        spans = _ranges(ranges["ranges"])
        if not any(low <= code <= high for code in codes for low, high in spans):
            continue
        dest = f"assets/fonts/{src['file']}"
        files[dest] = base / "files" / src["file"]
        faces.append(f'@font-face{{font-family:"{CJK_FAMILY}";font-style:normal;font-weight:400;font-display:swap;'
                     f'src:url("../fonts/{src["file"]}") format("woff2");unicode-range:{ranges["ranges"].strip()}}}')
    if faces:
        files["assets/fonts/noto-sans-tc-LICENSE.txt"] = base / "LICENSE"
    header = f"/* {CJK_FAMILY}: Noto Sans TC ({CJK_PACKAGE}), only the slices this site's text uses. */\n"
    return files, header + "\n".join(faces) + "\n"


def site_texts(project_root: Path) -> Iterator[str]:
    """Every rules data file and page source: where the site's characters come from."""
    for folder, pattern in (("rules_data", "*.yaml"), ("docs", "*.md")):
        for path in sorted((project_root / folder).rglob(pattern)):
            yield path.read_text(encoding="utf-8")


_TILES = re.compile(r"[\U0001F000-\U0001F02F](?:[ \u00a0]?[\U0001F000-\U0001F02F])*")
_TEXT = re.compile(r">([^<]+)<")


def tile_glyphs(html: str) -> str:
    """Wrap runs of Mahjong tile characters in page text in a span, shown at a readable size."""
    if not _TILES.search(html):
        return html

    def in_text(match: re.Match[str]) -> str:
        return ">" + _TILES.sub(lambda m: f'<span class="codex-tile">{m.group(0)}</span>', match.group(1)) + "<"

    return _TEXT.sub(in_text, html)
