"""Glossary terms in rendered HTML: linked, described, escaped, in the right game, linear."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from codex.glossary import term_anchor
from codex.render import PageInfo
from codex.site import Codex
from codex.terms import Glossary, Term, mark_terms, trie_pattern

from calculators import GAMES as GAME_DIRS

ROOT = Path(__file__).resolve().parent.parent
LINK = {"wbs": "../glossary/", "xia": "../../xia/glossary/", "rain": "../../rain/glossary/"}


def glossary(*terms: tuple[str, str, str, str]) -> Glossary:
    by_game: dict[str, list[Term]] = {}
    for game, term_id, text, tip in terms:
        by_game.setdefault(game, []).append(Term(game, term_id, text, tip))
    return Glossary(by_game, GAME_DIRS)


WBS = glossary(("wbs", "genki", "GenKi", "Body energy."), ("wbs", "core-genki", "Core GenKi", "Half of it."),
               ("wbs", "xp", "XP", "WBS experience."), ("xia", "xp", "XP", "Xia experience."),
               ("xia", "chi", "Chi", "Breath."))


def linked(out: str) -> list[tuple[str, str]]:
    """("term-<game>-<id>", text) of every term link, the game read from its tooltip's id."""
    link = r'<a class="codex-term" href="[^"]*#term-[^"]+" aria-describedby="codex-tip-([^"]+)"[^>]*>([^<]*)</a>'
    return [(f"term-{slug}", text) for slug, text in re.findall(link, out)]


def test_the_longest_term_wins_and_words_stay_whole() -> None:
    assert re.fullmatch(trie_pattern(["Ki", "GenKi", "Gen"]), "GenKi")
    out = WBS.mark("<p>Core GenKi, GenKi, GenKis, xGenKi.</p>", game="wbs", link=LINK)
    assert linked(out) == [("term-wbs-core-genki", "Core GenKi"), ("term-wbs-genki", "GenKi")]


@pytest.mark.parametrize("inside", ["code", "pre", "a", "h2", "abbr", "label", "option", "button", "th", "dt",
                                    "script", "style", "textarea"])
def test_text_inside_markup_of_its_own_is_left_alone(inside: str) -> None:
    page = f"<p>x</p><{inside} class='k'>GenKi <b>GenKi</b></{inside}><p>GenKi</p>"
    out = WBS.mark(page, game="wbs", link=LINK)
    assert linked(out) == [("term-wbs-genki", "GenKi")], out
    assert out.startswith(f"<p>x</p><{inside} class='k'>GenKi <b>GenKi</b></{inside}>")


def test_each_use_links_to_its_entry_and_is_described_by_a_hidden_tooltip() -> None:
    out = WBS.mark("<h2>One</h2><p>GenKi and GenKi.</p><h2>Two</h2><p>GenKi</p>", game="wbs", link=LINK)
    links = re.findall(r"<a class=\"codex-term\"[^>]*>", out)
    assert len(links) == 3 and all('href="../glossary/#term-genki"' in a for a in links)
    assert all('aria-describedby="codex-tip-wbs-genki"' in a for a in links)
    # One Tab stop per term per section: the repeat in section One is skipped, section Two's is not.
    assert ['tabindex="-1"' in a for a in links] == [False, True, False]
    assert out.count('<span id="codex-tip-wbs-genki">Body energy.</span>') == 1
    assert re.search(r'<div class="codex-term-tips" hidden>', out)


def test_hostile_tooltip_and_term_text_stay_text() -> None:
    evil = '"><img src=x onerror=alert(1)>\r<script>alert(2)</script>'
    g = glossary(("wbs", "evil", "R&D <x>", evil))
    out = g.mark("<p>Our R&amp;D &lt;x&gt; team.</p>", game="wbs", link=LINK)
    assert linked(out) == [("term-wbs-evil", "R&amp;D &lt;x&gt;")]
    assert "<img" not in out and "<script" not in out and "<x>" not in out
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in out


def test_pages_outside_a_game_use_the_meaning_of_their_section() -> None:
    page = ('<p>XP and Chi.</p><h2 data-game="xia">Xia</h2><p>XP</p>'
            '<h2>Elsewhere</h2><p>XP</p><p><strong data-game="xia">Xia</strong> XP</p>')
    out = WBS.mark(page, game=None, link=LINK)
    assert [a for a, _ in linked(out)] == ["term-wbs-xp", "term-xia-chi", "term-xia-xp", "term-wbs-xp",
                                           "term-xia-xp"]
    # On a game's own page only that game's terms count.
    assert [a for a, _ in linked(WBS.mark("<p>XP and Chi</p>", game="wbs", link=LINK))] == ["term-wbs-xp"]


@pytest.fixture(scope="module")
def codex() -> Codex:
    return Codex(ROOT)


def test_home_and_source_notes_pages_get_tooltips_in_their_games_meaning(codex: Codex) -> None:
    home = mark_terms(codex.glossary, '<p>GenKi</p><h2 data-game="xia">Xia</h2><p>XP</p>',
                      PageInfo("index.md", ""), GAME_DIRS)
    assert [a for a, _ in linked(home)] == ["term-wbs-genki", "term-xia-xp"]
    assert f'href="wbs/glossary/#{term_anchor("genki")}"' in home
    notes = codex.page("<!-- codex:notes-index -->\n", "source-notes.md", "source-notes/")
    html = codex.page_html(notes.markdown, notes)
    assert 'href="../wbs/glossary/#term-' in html and 'href="../xia/glossary/#term-' in html


def test_on_the_glossary_page_terms_link_within_the_page(codex: Codex) -> None:
    result = codex.page("<!-- codex:glossary wbs -->\n", "wbs/glossary.md", "wbs/glossary/")
    html = codex.page_html(result.markdown, result)
    anchors = set(re.findall(r'id="(term-[^"]+)"', html))
    targets = set(re.findall(r'<a class="codex-term" href="[^"]*#(term-[^"]+)"', html))
    assert targets and targets <= anchors
    assert re.search(r'<a class="codex-term" href="#term-', html)


def test_built_term_links_land_on_a_glossary_entry(built_site: Path) -> None:
    anchors = {game: set(re.findall(r'id="(term-[^"]+)"', (built_site / game / "glossary" / "index.html").read_text()))
               for game in GAME_DIRS}
    count = 0
    for page in built_site.rglob("*.html"):
        text = page.read_text()
        for href in re.findall(r'<a class="codex-term" href="([^"]*)"', text):
            path, _, anchor = href.partition("#")
            game = next((g for g in GAME_DIRS if f"{g}/glossary/" in path), None)
            game = game or page.relative_to(built_site).parts[0]
            assert anchor in anchors[game], f"{page}: {href}"
            count += 1
    assert count > 500
    assert "codex-term" in (built_site / "index.html").read_text()
    assert "codex-term" in (built_site / "source-notes" / "index.html").read_text()


THEME_TITLES = {"Permanent link", "Jianghu Codex", "Switch to light mode", "Switch to dark mode", "Clear",
                "Edit this page", "Back to top", "Share", "Copy to clipboard"}


def test_no_data_reaches_a_title_attribute(built_site: Path) -> None:
    """mkdocs-material copies `title` into its tooltips with innerHTML: only the theme's own words."""
    for page in built_site.rglob("*.html"):
        for value in re.findall(r'\stitle="([^"]*)"', page.read_text()):
            assert value in THEME_TITLES, f"{page}: title={value!r}"


def _page_sample(codex: Codex) -> list[str]:
    pages = []
    for path in sorted((ROOT / "docs").rglob("*.md")):
        src = path.relative_to(ROOT / "docs").as_posix()
        url = src[:-3] + "/" if not src.endswith("index.md") else src[:-8]
        result = codex.page(path.read_text(encoding="utf-8"), src, url)
        pages.append((codex.page_html(result.markdown, result), PageInfo(src, url)))
    return pages


def _time_marking(g: Glossary, pages: list) -> float:
    started = time.perf_counter()
    for html, info in pages:
        mark_terms(g, html, info, GAME_DIRS)
    return time.perf_counter() - started


def test_marking_is_linear_in_the_page_not_in_the_number_of_terms(codex: Codex) -> None:
    pages = _page_sample(codex)
    real = [t.text for t in sorted({t for o in codex.glossary.by_text.values() for t in o.values()},
                                   key=lambda t: t.slug)][:40]
    # The other 3,960 start like the real ones, so the matcher walks deep into its trie at every use.
    words = real + [f"{real[n % len(real)]}{n:04d}" for n in range(4000 - len(real))]

    def many(count: int) -> Glossary:
        return glossary(*[("wbs", f"t{n}", w, "tip") for n, w in enumerate(words[:count])])

    few, lots = many(40), many(4000)
    _time_marking(lots, pages[:1])  # compile both matchers outside the timing
    _time_marking(few, pages[:1])
    t_few = min(_time_marking(few, pages) for _ in range(3))
    t_lots = min(_time_marking(lots, pages) for _ in range(3))
    print(f"\nmarking {len(pages)} pages: 40 terms {t_few * 1000:.0f} ms, 4000 terms {t_lots * 1000:.0f} ms")
    assert t_lots < 3 * t_few + 0.05, (t_few, t_lots)
