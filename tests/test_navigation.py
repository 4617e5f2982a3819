"""Navigation made from the nav, checked in the built site: each game's index lists every page
of its section, stat blocks sit under the Bestiary (breadcrumbs, active tab), and every glossary
has an A–Z index whose letters and terms are anchors on the page."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
import yaml
from codex.glossary import term_anchor, terms_of
from codex.site import Codex

pytestmark = pytest.mark.slow
SECTIONS = {"Weapons of Body and Soul": "wbs", "Xia": "xia", "Refreshing Rain": "rain"}


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.found: dict[str, list[str]] = {}
        self.ids: set[str] = set()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if "id" in a:
            self.ids.add(a["id"])
        self.stack.append((tag, a))
        if tag == "a":
            for _, outer in self.stack:
                for cls in outer.get("class", "").split():
                    self.found.setdefault(cls, []).append(a.get("href", ""))

    def handle_endtag(self, tag: str) -> None:
        while self.stack and self.stack.pop()[0] != tag:
            pass


def parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def _nav(root: Path) -> list[Any]:
    class Loader(yaml.SafeLoader):
        pass

    Loader.add_multi_constructor("!", lambda loader, suffix, node: None)
    return yaml.load((root / "mkdocs.yml").read_text(encoding="utf-8"), Loader)["nav"]


def _files(items: list[Any]) -> list[str]:
    out = []
    for item in items:
        value = next(iter(item.values())) if isinstance(item, dict) else item
        out.extend(_files(value) if isinstance(value, list) else [value])
    return out


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_game_index_lists_every_page_of_its_section(root: Path, built_site: Path, section: str) -> None:
    game = SECTIONS[section]
    entry = next(item[section] for item in _nav(root) if isinstance(item, dict) and section in item)
    wanted = {f.removeprefix(f"{game}/").removesuffix(".md") for f in _files(entry)} - {"index"}
    listed = parse(built_site / game / "index.html").found.get("codex-pages", [])
    hrefs = {h.rstrip("/") for h in listed}
    targets = {w.removesuffix("/index") for w in wanted}
    assert targets <= hrefs, f"{game} index misses {sorted(targets - hrefs)}"
    assert len(listed) == len(wanted)


def test_stat_blocks_sit_under_the_bestiary(built_site: Path) -> None:
    """Goblin's breadcrumbs: Home › Weapons of Body and Soul › Bestiary, and the WBS tab is active."""
    path = built_site / "wbs" / "bestiary" / "goblin" / "index.html"
    assert parse(path).found.get("md-path__link", []) == ["../../..", "../../", "../"]
    html = path.read_text(encoding="utf-8")
    active = re.search(r'md-tabs__item md-tabs__item--active">\s*<a href="([^"]+)"', html)
    assert active and active.group(1) == "../../", "the WBS tab is not marked active"


@pytest.mark.parametrize("game", ["wbs", "xia", "rain"])
def test_glossary_has_an_a_to_z_index_and_an_anchor_per_term(root: Path, built_site: Path, game: str) -> None:
    page = parse(built_site / game / "glossary" / "index.html")
    letters = page.found.get("codex-az", [])
    assert letters and all(h.startswith("#") and h[1:] in page.ids for h in letters), letters
    terms = terms_of(Codex(root).data, game)
    assert {term_anchor(t["id"]) for t in terms} <= page.ids
    initials = {t["term"][0].upper() for t in terms}
    assert len(letters) == len(initials)
