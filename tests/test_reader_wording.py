"""Reader pages speak the reader's language: no calculator ids, YAML keys or file paths in the
text a reader sees (hidden contributor hints and link targets aside), and one edit link per page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.support.engine import engine

pytestmark = pytest.mark.slow
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _Visible(HTMLParser):
    """The text inside <article>, minus hidden elements, scripts and styles."""

    def __init__(self) -> None:
        super().__init__()
        self.stack: list[bool] = []  # per open element: is it (or an ancestor) hidden/outside?
        self.text: list[str] = []
        self.edit_links = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "a" and "md-content__button" in (a.get("class") or ""):
            self.edit_links += 1
        if tag in VOID:
            return
        outside = self.stack[-1] if self.stack else True
        if tag == "article":
            outside = False
        hidden = outside or "hidden" in a or tag in {"script", "style", "template"}
        self.stack.append(hidden)

    def handle_endtag(self, tag: str) -> None:
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data: str) -> None:
        if self.stack and not self.stack[-1]:
            self.text.append(data)


def test_no_developer_words_in_reader_text(built_site: Path) -> None:
    calc_ids = {c["id"] for c in engine().catalog()}
    bad: dict[str, list[str]] = {}
    pages = sorted(built_site.rglob("index.html"))
    assert len(pages) > 30
    for path in pages:
        if "assets" in path.parts:
            continue
        parser = _Visible()
        parser.feed(path.read_text(encoding="utf-8"))
        text = " ".join(parser.text)
        found = [w for w in ("rules_data", ".yaml", "rank_orders", "edit this data") if w in text]
        found += sorted(c for c in calc_ids if re.search(rf"(?<![\w.]){re.escape(c)}(?![\w.])", text))
        if found:
            bad[str(path.relative_to(built_site))] = found
        assert parser.edit_links <= 1, f"{path}: {parser.edit_links} edit links"
    assert not bad, bad
