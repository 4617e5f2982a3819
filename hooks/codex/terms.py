"""Glossary terms in a page's HTML: each use links to its entry and carries its tooltip.

Replaces Markdown abbreviations (`*[term]: tip` appended to every page), which cost O(terms²)
in Python-Markdown and which mkdocs-material turns into tooltips by copying a `title` attribute
into `innerHTML`. Here the rendered HTML is read once, left to right: text outside code,
links, headings, forms and other markup is matched against one compiled regex shaped like a
trie of every term (longest term first), so the cost grows with the page, not with the number
of terms. Each use becomes

    <a class="codex-term" href="…/wbs/glossary/#term-genki" aria-describedby="codex-tip-wbs-genki">GenKi</a>

and the page gets one hidden `<span id="codex-tip-wbs-genki">` per term used, holding the
tooltip as escaped text: screen readers announce it as the link's description, and
`terms.mjs` shows it on hover, focus and tap (with `textContent`, never `innerHTML`).
"""

from __future__ import annotations

import html
import re
from bisect import bisect_right
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from .glossary import term_anchor
from .marker_scan import Ranges

GLOSSARY_PAGE = "{game}/glossary/"
# Elements whose text never becomes a term link: already markup with a meaning of its own,
# code, headings, interactive controls, and the glossary's own entry titles.
_SKIP = frozenset({
    "a", "abbr", "button", "caption", "code", "dt", "form", "h1", "h2", "h3", "h4", "h5", "h6", "kbd",
    "label", "math", "option", "output", "pre", "samp", "select", "svg", "th", "var",
})
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "template"})
_SKIPPED = re.compile(rf"<({'|'.join(sorted(_SKIP | _RAW_TEXT))})\b[^>]*>.*?</\1\s*>|<!--.*?-->", re.S | re.I)
# A heading starts a section (and names its game with data-game, or none); any other element
# with data-game switches the game from there on.
_SECTION_OR_GAME = re.compile(r"<(h[1-3])\b[^>]*>|<[A-Za-z][^>]*\bdata-game\s*=[^>]*>", re.I)
_GAME_ATTR = re.compile(r"""\bdata-game\s*=\s*["']?([a-z0-9_-]+)""")


def term_slug(game: str, term_id: str) -> str:
    """A term's slug across the games (the home page holds several games' terms): its tooltip's id."""
    return f"{game}-{term_id}"


@dataclass(frozen=True, slots=True)
class Term:
    """One glossary term of one game: what the text says, its tooltip, and its slug."""

    game: str
    id: str
    text: str
    tooltip: str

    @property
    def slug(self) -> str:
        return term_slug(self.game, self.id)


def trie_pattern(words: Iterable[str], after_first: str = "") -> str:
    """A regex matching any of `words`, shaped like a trie so the longest word wins;
    `after_first` goes after each word's first character (a lookbehind that checks what
    precedes the word, placed there so that the regex starts with a literal character).

    >>> trie_pattern(["Ki", "GenKi", "Gen"])
    '(?:Gen(?:Ki)?|Ki)'
    >>> trie_pattern(["Ki", "GenKi"], after_first="(?<!x.)")
    '(?:G(?<!x.)enKi|K(?<!x.)i)'
    """
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _node_pattern(trie, after_first) or "(?!)"


def _node_pattern(node: dict[str, dict], after_first: str = "") -> str:
    branches = [re.escape(char) + after_first + _node_pattern(child) for char, child in sorted(node.items()) if char]
    if not branches:
        return ""
    body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
    if "" in node:  # a word ends here: the longer words are tried first, then this one
        return f"(?:{body})?"
    return body


class Glossary:
    """The terms of every game, compiled once per build into one matcher per page kind."""

    def __init__(self, terms_by_game: Mapping[str, list[Term]], games: tuple[str, ...]) -> None:
        self.games = games
        self.by_text: dict[str, dict[str, Term]] = {}
        for game in games:
            for term in terms_by_game.get(game, []):
                self.by_text.setdefault(term.text, {}).setdefault(game, term)
        # Pages are matched as HTML, so each term is looked for as HTML text (`R&amp;D`).
        self._forms: dict[str, str] = {}
        for text in self.by_text:
            for form in _html_forms(text):
                self._forms.setdefault(form, text)
        self._matchers: dict[str | None, re.Pattern[str]] = {}

    def _matcher(self, game: str | None) -> re.Pattern[str]:
        if game not in self._matchers:
            forms = [form for form, text in self._forms.items() if game is None or game in self.by_text[text]]
            # Not inside a word or an entity (&amp;), and not inside a tag (no '>' before the next '<').
            # The check on what precedes a term follows its first character, so the regex starts
            # with a literal and the engine skips at C speed to where a term can start (3× faster).
            before = r"(?<![\w&].)(?<!&#.)"
            self._matchers[game] = re.compile(rf"{trie_pattern(forms, before)}(?!\w)(?![^<]*>)")
        return self._matchers[game]

    def _term(self, form: str, page_game: str | None, context: str | None) -> Term:
        owners = self.by_text[self._forms[form]]
        for game in (page_game, context, *self.games):
            if game in owners:
                return owners[game]
        raise KeyError(form)  # unreachable: the matcher only knows terms with an owner

    def mark(self, page_html: str, *, game: str | None, link: Mapping[str, str]) -> str:
        """Link every use of a term in `page_html` and append the tooltips it needs.

        `game` is the page's game (only its terms are used) or None (every game's terms, each
        in the meaning of the section it sits in: the nearest `data-game` before it, else the
        first game that has it). `link[game]` is the relative URL of that game's glossary page.
        The page is read by a few regex passes at C speed; Python runs only for each use found.
        """
        if not self.by_text:
            return page_html
        skipped = Ranges([m.span() for m in _SKIPPED.finditer(page_html)])
        positions: list[int] = []
        contexts: list[str | None] = []
        context: str | None = None
        for mark in _SECTION_OR_GAME.finditer(page_html):
            found = _GAME_ATTR.search(mark.group(0))
            context = found.group(1) if found else (None if mark.group(1) else context)
            positions.append(mark.start())
            contexts.append(context)
        used: dict[str, Term] = {}
        seen: set[tuple[int, str]] = set()

        def term_link(match: re.Match[str]) -> str:
            if match.start() in skipped:
                return match.group(0)
            section = bisect_right(positions, match.start()) - 1
            term = self._term(match.group(0), game, contexts[section] if section >= 0 else None)
            used[term.slug] = term
            # The first use in a section is a Tab stop; later ones are links a mouse or a
            # screen reader's link list reaches, so a keyboard reader is not held up.
            stop = "" if (section, term.slug) not in seen else ' tabindex="-1"'
            seen.add((section, term.slug))
            href = html.escape(f"{link.get(term.game, '')}#{term_anchor(term.id)}")
            return (f'<a class="codex-term" href="{href}" aria-describedby="codex-tip-{term.slug}"{stop}>'
                    f"{match.group(0)}</a>")

        out = self._matcher(game).sub(term_link, page_html)
        return out + tips_html(used.values()) if used else out


def _html_forms(text: str) -> set[str]:
    """How `text` can appear in HTML text: escaped, with either spelling of a quote."""
    escaped = html.escape(text, quote=False)
    forms = {escaped}
    for char, names in (("'", ("&#39;", "&#x27;")), ('"', ("&quot;", "&#34;"))):
        for form in list(forms):
            forms.update(form.replace(char, name) for name in names)
    return forms


def tips_html(terms: Iterable[Term]) -> str:
    """The hidden tooltips a page's term links point at with aria-describedby."""
    spans = "".join(f'<span id="codex-tip-{t.slug}">{html.escape(t.tooltip)}</span>'
                    for t in sorted(terms, key=lambda t: t.slug))
    return f'\n<div class="codex-term-tips" hidden>{spans}</div>\n'


def glossary_from(data: object, games: tuple[str, ...]) -> Glossary:
    """Every game's glossary terms from the rules data (a `RulesData`)."""
    terms: dict[str, list[Term]] = {}
    for game in games:
        for key in data.family(game, "glossary"):  # type: ignore[attr-defined]
            for entry in data[key]["terms"]:  # type: ignore[index]
                tooltip = " ".join(entry["tooltip"].split())
                terms.setdefault(game, []).append(Term(game, entry["id"], entry["term"], tooltip))
    return Glossary(terms, games)


def mark_terms(glossary: Glossary, page_html: str, info: object, games: tuple[str, ...]) -> str:
    """Link the terms of a page (a `PageInfo`): its game's terms, or every game's elsewhere."""
    src_uri = info.src_uri  # type: ignore[attr-defined]
    game = src_uri.split("/", 1)[0] if "/" in src_uri else None
    game = game if game in games else None
    links = {}
    for owner in games:
        target = GLOSSARY_PAGE.format(game=owner)
        links[owner] = "" if info.url == target else info.link(target)  # type: ignore[attr-defined]
    return glossary.mark(page_html, game=game, link=links)
