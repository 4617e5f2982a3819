"""Search knows three games: a table of queries and the page each must return first.

Run in headless Chromium against the built site, through mkdocs-material's own search box
(`?q=` opens it), so the separator, the boosts and the keywords the build adds are all tested
as a reader meets them.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from codex.glossary import term_anchor, terms_of
from codex.site import Codex

from calculators import GAMES as GAME_DIRS
from tests.support.fixtures import open_context

# query → the page (and section) the first result must be. Aliases from the glossary data
# (armor, mahjong, tai chi, wu xing, 五行 …), words beside brackets and quotes, stat blocks,
# and terms whose defining section must beat their glossary entry.
FIRST = [
    ("mahjong", "rain/tiles/"),  # "Ma Jiang (mahjong)": a word beside a bracket
    ("mah jongg", "rain/tiles/"),
    ("ma jiang", "rain/tiles/"),
    ("麻將", "rain/tiles/"),
    ("armor", "wbs/items/#armour"),
    ("armour", "wbs/items/#armour"),
    ("reflex", "wbs/attributes/#derived-attributes"),
    ("goblin", "wbs/bestiary/goblin/"),
    ("orc", "wbs/bestiary/orc/"),
    ("damage reduction", "wbs/attacks/#damage"),
    ("taiji", "rain/contests/#the-taiji"),
    ("tai chi", "rain/contests/#the-taiji"),
    ("weather", "rain/weather-and-tension/#weather"),
    ("bagua", "xia/chi/#the-eight-trigrams"),
    ("initiative", "xia/conflicts/#initiative"),
    ("encumbrance", "wbs/items/#encumbrance"),
    ("stamina", "wbs/stamina/"),
    ("kiai", "wbs/checks/#pushing-a-check"),
    ("genki", "wbs/energy/"),
    ("ki", "wbs/energy/"),
    ("chi", "xia/chi/"),
    ("qi", "rain/contests/#spending-qi"),
    ("yang qi", "rain/contests/#spending-qi"),
    ("yang chi", "xia/chi/#effects"),
    ("chi breaker", "xia/chi/#in-defence"),
    ("shinki", "wbs/reiki/#shinki"),
    ("jaki", "wbs/monsters/#monster-sparks"),
    ("skill clock", "wbs/checks/#extended-checks-skill-clocks"),
    ("fumble", "wbs/checks/#criticals-and-fumbles"),
    ("special attack", "wbs/special-attacks/"),
    ("alchemy", "rain/elements/#alchemy"),
    ("wu xing", "rain/elements/#the-five-elements"),
    ("五行", "rain/elements/#the-five-elements"),
    ("go board", "rain/sky/"),
    ("upkeep", "wbs/combat/#the-end-of-the-round-and-upkeep"),
    ("facing", "wbs/combat/#facing"),
]
GAME_NAMES = {"wbs": "Weapons of Body and Soul", "xia": "Xia", "rain": "Refreshing Rain"}


@pytest.fixture(scope="module")
def search_page(module_browser: Any) -> Iterator[Any]:
    context, blocked, errors = open_context(module_browser)
    yield context.pages[0]
    assert blocked == [] and errors == []
    context.close()


def first_result(page: Any, base: str, query: str) -> dict[str, Any]:
    """The first result group: its page link, its section links, and the tags it shows."""
    page.goto(f"{base}?q={quote(query)}")
    page.wait_for_selector(".md-search-result__list > li", timeout=45_000)
    return page.eval_on_selector(".md-search-result__list > li", """li => ({
        links: [...li.querySelectorAll("a")].map(a => a.getAttribute("href")),
        tags: [...li.querySelectorAll(".md-tag")].map(t => t.textContent.trim()),
    })""")


def _site_path(href: str, base: str) -> str:
    parts = urlsplit(href)
    path = parts.path.removeprefix(urlsplit(base).path)
    return path + (f"#{parts.fragment}" if parts.fragment else "")


pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture(scope="module")
def codex(root: Path) -> Codex:
    return Codex(root)


@pytest.mark.parametrize(("query", "expected"), FIRST, ids=[q for q, _ in FIRST])
def test_query_returns_its_page_first(served_site: str, search_page: Any, query: str, expected: str) -> None:
    result = first_result(search_page, served_site, query)
    found = [_site_path(h, served_site) for h in result["links"]]
    page, _, section = expected.partition("#")
    assert found[0] == page, f"{query!r}: first result is {found[0]!r}, expected {page!r} (all: {found})"
    if section:
        assert expected in found, f"{query!r}: section {expected!r} is not among the first result's {found}"
    game = page.split("/", 1)[0]
    assert GAME_NAMES[game] in result["tags"], f"{query!r}: the result does not say its game ({result['tags']})"


def test_table_is_big_enough() -> None:
    assert len(FIRST) >= 25 and len({q for q, _ in FIRST}) == len(FIRST)


def test_every_glossary_term_is_its_own_entry_with_its_aliases(built_site: Path, codex: Any) -> None:
    index = json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))
    by_location = {d["location"]: d for d in index["docs"]}
    for game in GAME_DIRS:
        for term in terms_of(codex.data, game):
            entry = by_location.get(f"{game}/glossary/#{term_anchor(term['id'])}")
            assert entry is not None, f"{game} term {term['term']!r} has no search entry of its own"
            assert entry["title"] == term["term"]
            assert GAME_NAMES[game] in entry["tags"]
            for alias in term.get("aliases", []):
                assert alias in entry.get("keywords", []), (term["id"], alias)
    # Rows are words, not "TierNo.Attribute limit…": cells are separated in the index.
    tiers = " ".join(d["text"] for d in index["docs"] if d["location"].startswith("wbs/tiers/"))
    assert "Tier No. Attribute limit Rank limit" in tiers and "TierNo." not in tiers
