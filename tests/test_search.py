"""Search knows three games: a table of queries and the page each must return first.

Run in headless Chromium against the built site, through mkdocs-material's own search box
(`?q=` opens it), so the separator, the boosts and the keywords the build adds are all tested
as a reader meets them.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

import pytest
from codex.glossary import term_anchor, terms_of
from codex.search import CREATURE_INDEX, PAGE_INDEX
from codex.site import Codex

from calculators import GAMES as GAME_DIRS
from tests.support.browser import local_only, record_hosts
from tests.support.fixtures import open_context
from tests.support.server import free_port, serve

ROOT = Path(__file__).resolve().parent.parent

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
    """The first result group: its page link, its section links, and the tags it shows. The first
    query opens the site with it in the address (?q=), the next are typed into the same search box
    (each page load costs the machine a second of CPU), and only results drawn after it count."""
    box = page.locator(".md-search__input")
    if page.url.startswith(base) and box.count() and box.is_visible():
        page.eval_on_selector_all(".md-search-result__list > li", "lis => lis.forEach(li => li.dataset.before = '')")
        box.fill(query)
        box.press("End")  # the theme searches on a key's release, not on input
    else:
        page.goto(f"{base}?q={quote(query)}")
    fresh = ".md-search-result__list > li:not([data-before])"
    page.wait_for_selector(fresh, timeout=45_000)
    return page.eval_on_selector(fresh, """li => ({
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
    index = json.loads((built_site / PAGE_INDEX).read_text(encoding="utf-8"))
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




def test_the_index_is_fetched_by_the_first_search_only(built_site: Path, module_browser: Any) -> None:
    """A rules page downloads the search's settings alone, never an entry nor the theme's search
    worker; opening search asks for the entries, and the first query has them, fetched once; then
    a creature is found by its tag, with its game."""
    with serve(built_site, free_port()) as (base, requests):
        # No service worker: its offline copy fetches every file once, in the background.
        context = module_browser.new_context(viewport={"width": 1280, "height": 900}, service_workers="block")
        blocked: list[str] = []  # requests off 127.0.0.1, recorded rather than routed: a route turns the
        errors: list[str] = []  # HTTP cache off, and the worker's fetch is to find the page's in it
        record_hosts(context, blocked)
        page = context.new_page()
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(base + "wbs/tiers/", wait_until="load")
        page.wait_for_function("() => performance.getEntriesByType('resource')"
                               ".some(e => e.name.endsWith('search/search_index.json'))", timeout=45_000)
        page.wait_for_timeout(1500)  # the theme's page has set its worker up: nothing else is fetched for search
        asked = [urlsplit(r).path for r in requests]
        assert "/search/search_index.json" in asked, asked
        assert not [p for p in asked if p in (f"/{PAGE_INDEX}", f"/{CREATURE_INDEX}") or "/workers/search." in p], asked
        assert json.loads((built_site / "search" / "search_index.json").read_text(encoding="utf-8"))["docs"] == []
        page.focus("input.md-search__input")  # opening search asks for the entries
        page.wait_for_function(f"""() => ['{PAGE_INDEX}', '{CREATURE_INDEX}'].every(path =>
                                   performance.getEntriesByType('resource').some(e => e.name.endsWith(path)))""",
                               timeout=45_000)
        found: list[dict[str, Any]] = []
        for query in ("duelist", "hunter"):  # tags only the Drowned Swordsman and the Orc have
            # The whole word at once, then a key (the theme searches on keyup): typed key by key, a
            # part of the word ("hun") could show its own first result before the word's came.
            page.fill("input.md-search__input", query)
            page.press("input.md-search__input", "End")
            page.wait_for_function("""last => { const a = document.querySelector(".md-search-result__list > li a");
                                                return a && a.getAttribute("href") !== last; }""",
                                   arg=found[-1]["href"] if found else None, timeout=45_000)
            found.append(page.eval_on_selector(".md-search-result__list > li", """li => ({
                href: li.querySelector("a").getAttribute("href"),
                tags: [...li.querySelectorAll(".md-tag")].map(t => t.textContent.trim())})"""))
        asked = [urlsplit(r).path for r in requests]
        assert asked.count(f"/{CREATURE_INDEX}") == 1 and asked.count(f"/{PAGE_INDEX}") == 1, asked
        assert [_site_path(f["href"], base) for f in found] == ["wbs/bestiary/drowned-swordsman/",
                                                                 "wbs/bestiary/orc/"]
        assert all(GAME_NAMES["wbs"] in f["tags"] for f in found)
        assert blocked == [] and errors == []
        context.close()


def test_the_page_index_has_no_creature_and_the_creatures_index_has_them_all(built_site: Path, codex: Any) -> None:
    index = json.loads((built_site / PAGE_INDEX).read_text(encoding="utf-8"))
    creatures = json.loads((built_site / CREATURE_INDEX).read_text(encoding="utf-8"))["docs"]
    keys = sorted(k for k in codex.data.files if k.startswith("wbs/bestiary/"))
    assert [d["location"] for d in creatures] == [f"{k}/" for k in keys]
    assert all(d["tags"] == [GAME_NAMES["wbs"]] for d in creatures)
    names = {codex.data[k]["name"] for k in keys}
    pages = [d for d in index["docs"] if d["location"].startswith("wbs/bestiary/")]
    assert not [d for d in pages if re.match(r"wbs/bestiary/[^#]", d["location"])]
    prose = (ROOT / "docs" / "wbs" / "bestiary" / "index.md").read_text(encoding="utf-8")
    in_rows_only = [n for n in names if n not in prose]
    assert in_rows_only and not [n for n in in_rows_only if any(n in d["text"] for d in pages)]  # no table rows
    html = (built_site / "wbs" / "bestiary" / "index.html").read_text(encoding="utf-8")
    assert all(f'data-name="{n}"' in html for n in names) and "codex-unsearched" not in html  # put back
    assert '"search": "../../assets/javascripts/workers/codex-search.js"' in html


def test_a_creature_s_words_read_as_written(served_site: str, search_page: Any, codex: Any) -> None:
    """Quotes in a creature's summary are text, not entities the theme's highlighter cuts in two."""
    summary = " ".join(codex.data["wbs/bestiary/orc"]["summary"].split())
    assert "'" in summary
    search_page.goto(f"{served_site}?q=goblin")  # the highlighter marks "Goblin" in "The Goblin's opposite"
    search_page.wait_for_selector(".md-search-result__list > li a[href*='bestiary/orc/']", timeout=45_000)
    shown = search_page.eval_on_selector(".md-search-result__list > li:has(a[href*='bestiary/orc/'])",
                                         "li => li.textContent")
    assert summary[:60] in " ".join(shown.split())


def test_creatures_are_found_offline(built_site: Path, module_browser: Any) -> None:
    """The creatures' index is in the offline copy: with the network off, a search still finds one."""
    with serve(built_site, free_port()) as (base, _):
        context = module_browser.new_context(viewport={"width": 1280, "height": 900})
        page = context.new_page()
        local_only(page, [])
        page.goto(base + "wbs/tiers/", wait_until="load")
        page.wait_for_function("""() => { const o = window.__codexOffline;
            return Boolean(navigator.serviceWorker.controller && o && o.registration && o.registration.active
                           && o.registration.active.state === "activated"); }""", timeout=180_000)
        context.set_offline(True)
        page.goto(base + "wbs/tiers/", wait_until="load")
        page.type("input.md-search__input", "duelist")
        page.wait_for_selector(".md-search-result__list > li a[href*='bestiary/drowned-swordsman/']", timeout=45_000)
        context.close()


def test_every_page_names_the_site_s_search_worker(built_site: Path) -> None:
    """Each page's theme configuration, the 404 page and the stamped stat blocks included, starts
    the site's search worker (which fetches the creatures), never the theme's bare one."""
    wrong = []
    for page in built_site.rglob("*.html"):
        worker = re.search(r'"search":\s*"([^"]*)"', page.read_text(encoding="utf-8"))
        if worker and not worker.group(1).endswith("workers/codex-search.js"):
            wrong.append(f"{page.relative_to(built_site)}: {worker.group(1)}")
    assert wrong == []
