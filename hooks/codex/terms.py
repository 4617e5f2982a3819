"""Glossary terms in a page's HTML: each use links to its entry and carries its tooltip.

Replaces Markdown abbreviations (`*[term]: tip` appended to every page), which cost O(terms²)
in Python-Markdown and which mkdocs-material turns into tooltips by copying a `title` attribute
into `innerHTML`. Here the rendered HTML is read once, left to right: text outside code,
links, headings, forms and other markup is matched against one compiled regex shaped like a
trie of every term (longest term first), so the cost grows with the page, not with the number
of terms. Each use becomes

    <a class="codex-term" href="…/wbs/glossary/#term-wbs-genki" aria-describedby="codex-tip-wbs-genki">GenKi</a>

and the page gets one hidden `<span id="codex-tip-wbs-genki">` per term used, holding the
tooltip as escaped text: screen readers announce it as the link's description, and
`terms.mjs` shows it on hover, focus and tap (with `textContent`, never `innerHTML`).
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

GLOSSARY_PAGE = "{game}/glossary/"
# Elements whose text never becomes a term link: already markup with a meaning of its own,
# code, headings, interactive controls, and the glossary's own entry titles.
_SKIP = frozenset({
    "a", "abbr", "button", "caption", "code", "dt", "form", "h1", "h2", "h3", "h4", "h5", "h6", "kbd",
    "label", "math", "option", "output", "pre", "samp", "select", "svg", "th", "var",
})
_RAW_TEXT = frozenset({"script", "style", "textarea", "title", "template"})
_SECTION = frozenset({"h1", "h2", "h3"})
_TAG = re.compile(r"<!--.*?-->|<(/?)([A-Za-z][A-Za-z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>", re.S)
_GAME_ATTR = re.compile(r"""\bdata-game\s*=\s*["']?([a-z0-9_-]+)""")


def term_slug(game: str, term_id: str) -> str:
    """The one slug of a glossary term: `term-<slug>` is its entry's anchor on the glossary page."""
    return f"{game}-{term_id}"


def term_anchor(game: str, term_id: str) -> str:
    """The id of a term's entry on its game's glossary page (`term-wbs-genki`)."""
    return f"term-{term_slug(game, term_id)}"


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


def trie_pattern(words: Iterable[str]) -> str:
    """A regex matching any of `words`, shaped like a trie so the longest word wins.

    >>> trie_pattern(["Ki", "GenKi", "Gen"])
    '(?:Gen(?:Ki)?|Ki)'
    """
    trie: dict[str, dict] = {}
    for word in words:
        node = trie
        for char in word:
            node = node.setdefault(char, {})
        node[""] = {}
    return _node_pattern(trie) or "(?!)"


def _node_pattern(node: dict[str, dict]) -> str:
    branches = [re.escape(char) + _node_pattern(child) for char, child in sorted(node.items()) if char]
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
        self._matchers: dict[str | None, re.Pattern[str]] = {}

    def _matcher(self, game: str | None) -> re.Pattern[str]:
        if game not in self._matchers:
            words = [text for text, owners in self.by_text.items() if game is None or game in owners]
            self._matchers[game] = re.compile(rf"(?<!\w){trie_pattern(words)}(?!\w)")
        return self._matchers[game]

    def _term(self, text: str, page_game: str | None, context: str | None) -> Term:
        owners = self.by_text[text]
        for game in (page_game, context, *self.games):
            if game in owners:
                return owners[game]
        raise KeyError(text)  # unreachable: the matcher only knows terms with an owner

    def mark(self, page_html: str, *, game: str | None, link: Mapping[str, str]) -> str:
        """Link every use of a term in `page_html` and append the tooltips it needs.

        `game` is the page's game (only its terms are used) or None (every game's terms, each
        in the meaning of the section it sits in: the nearest `data-game` before it, else the
        first game that has it). `link[game]` is the relative URL of that game's glossary page.
        """
        if not self.by_text:
            return page_html
        matcher = self._matcher(game)
        out: list[str] = []
        used: dict[str, Term] = {}
        seen_in_section: set[str] = set()
        skip = 0
        context: str | None = None
        pos = 0
        size = len(page_html)

        def term_link(match: re.Match[str]) -> str:
            term = self._term(match.group(0), game, context)
            used[term.slug] = term
            # The first use in a section is a Tab stop; later ones are links a mouse or a
            # screen reader's link list reaches, so a keyboard reader is not held up.
            stop = "" if term.slug not in seen_in_section else ' tabindex="-1"'
            seen_in_section.add(term.slug)
            href = html.escape(f"{link.get(term.game, '')}#term-{term.slug}")
            return (f'<a class="codex-term" href="{href}" aria-describedby="codex-tip-{term.slug}"{stop}>'
                    f"{html.escape(match.group(0), quote=False)}</a>")

        while pos < size:
            tag = _TAG.search(page_html, pos)
            end = tag.start() if tag else size
            if end > pos:
                text = page_html[pos:end]
                out.append(self._text(text, matcher, term_link) if not skip else text)
            if not tag:
                break
            out.append(tag.group(0))
            pos = tag.end()
            name = (tag.group(2) or "").lower()
            if not name:
                continue  # a comment
            closing = tag.group(1) == "/"
            if name in _RAW_TEXT and not closing:
                close = re.compile(rf"</{name}\s*>", re.I).search(page_html, pos)
                stop = close.start() if close else size
                out.append(page_html[pos:stop])
                pos = stop
                continue
            if name in _SECTION and not closing:
                seen_in_section.clear()
                found = _GAME_ATTR.search(tag.group(3))
                context = found.group(1) if found else None
            elif not closing and "data-game" in tag.group(3):
                found = _GAME_ATTR.search(tag.group(3))
                context = found.group(1) if found else context
            if name in _SKIP and not tag.group(3).rstrip().endswith("/"):
                skip = max(0, skip - 1) if closing else skip + 1
        if used:
            out.append(tips_html(used.values()))
        return "".join(out)

    @staticmethod
    def _text(text: str, matcher: re.Pattern[str], term_link: object) -> str:
        if not text.strip():
            return text
        plain = html.unescape(text) if "&" in text else text
        if not matcher.search(plain):
            return text
        pieces: list[str] = []
        last = 0
        for match in matcher.finditer(plain):
            pieces.append(html.escape(plain[last:match.start()], quote=False))
            pieces.append(term_link(match))  # type: ignore[operator]
            last = match.end()
        pieces.append(html.escape(plain[last:], quote=False))
        return "".join(pieces)


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
