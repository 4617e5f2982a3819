"""Runs of a source book's own words in the project's text (the house rule "our words, their facts").

The same test as `../shared/tools/verbatim-check`, so that it runs wherever the books are, with
or without that folder: every run of `words` or more consecutive words (default 10) that a text
file under docs/, rules_data/, calculators/, hooks/ or README.md shares with a book.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path

WORD = re.compile(r"[a-z0-9']+")
SUFFIXES = {".md", ".yaml", ".yml", ".py", ".html", ".jinja", ".j2", ".txt", ".json"}
FOLDERS = ("docs", "rules_data", "calculators", "hooks")


def books_folder(root: Path) -> Path | None:
    """Where the books are: $CODEX_BOOKS, else ../shared/seeds beside the checkout; None if neither has any."""
    for folder in (os.environ.get("CODEX_BOOKS"), root.parent / "shared" / "seeds"):
        if folder and any(Path(folder).glob("*.txt")):
            return Path(folder)
    return None


def _words(text: str) -> list[str]:
    return WORD.findall(text.lower())


def copied_runs(root: Path, books: Path, words: int = 10) -> Iterator[str]:
    """`path: N words as in BOOK: "…"` for every run of the books' words in the project's text."""
    shingles: dict[str, str] = {}
    for book in sorted(books.glob("*.txt")):
        found = _words(book.read_text(errors="replace"))
        for i in range(len(found) - words + 1):
            shingles.setdefault(" ".join(found[i:i + words]), book.name)
    targets = [root / "README.md", *(p for folder in FOLDERS for p in sorted((root / folder).rglob("*")))]
    for path in targets:
        if not path.is_file() or path.suffix not in SUFFIXES:
            continue
        found = _words(path.read_text(errors="replace"))
        i = 0
        while i <= len(found) - words:
            key = " ".join(found[i:i + words])
            if key not in shingles:
                i += 1
                continue
            j = i + words
            while j < len(found) and " ".join(found[j - words + 1:j + 1]) in shingles:
                j += 1
            yield f"{path.relative_to(root)}: {j - i} words as in {shingles[key]}: \"{' '.join(found[i:j])[:160]}\""
            i = j
