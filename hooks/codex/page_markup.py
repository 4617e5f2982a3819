"""Markup a page in docs/ may not hold: what runs script, frames or embeds another document, or
changes where the page's links and scripts point.

Python-Markdown passes raw HTML through untouched, and the build hashes every inline script it
emits into the page's policy, so an inline `<script>` written in a page would run like the
site's own. Pages are prose and markers: the site's scripts come from its files, its forms from
`codex:calc`. Each refusal names the page's line; markup shown as code (fenced, indented, a
`<pre>` or a code span) is an example, not markup, and stays.

What counts as code is read from the Markdown source, which cannot know every way Markdown reads
it (a code span inside a raw `<div>` is not one, nor a backtick whose pair is past a blank
line). So `hidden_markup` reads the HTML that Markdown made of the page as a browser would: a
tag or attribute live there that the source scan took for an example is refused at that
example's line.
"""

from __future__ import annotations

import html
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from html.parser import HTMLParser

from .marker_scan import Ranges, code_ranges
from .problems import Problem

_REFUSED_TAGS = {
    "script": "scripts come from the site's files, never from a page",
    "iframe": "a page does not frame another document",
    "frame": "a page does not frame another document",
    "frameset": "a page does not frame another document",
    "object": "a page does not embed another document or a plug-in",
    "embed": "a page does not embed another document or a plug-in",
    "applet": "a page does not embed another document or a plug-in",
    "portal": "a page does not embed another document",
    "base": "it would change where every link and script of the page points",
    "form": "a calculator's form comes from a <!-- codex:calc GAME.ID --> marker",
}
_URL_ATTRIBUTES = {"href", "src", "action", "formaction", "xlink:href", "poster", "background", "data"}
_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>?", re.S)  # as HTML reads a tag
_ATTRIBUTE = re.compile(r"([^\s\"'>/=]+)(?:\s*=\s*(\"[^\"]*\"|'[^']*'|[^\s\"'=<>`]+))?")
_BLANKS = re.compile(r"[\x00-\x20]+")  # a browser drops them from an address: "java\tscript:" is javascript:
_MARKDOWN_SCRIPT_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript)\s*:", re.I)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`)(?:(?!\n[ \t]*\n).)+?(?<!`)\1(?!`)", re.S)  # within one paragraph


@dataclass(frozen=True, slots=True)
class _Found:
    key: str  # what kind of live markup: "<script>", "onerror=", "javascript:" …
    message: str
    line: int = 0
    in_code: bool = False


def _tag_findings(name: str, attributes: Iterable[tuple[str, str | None]]) -> Iterator[_Found]:
    """What is refused in one start tag (its name lower case, its attributes' values unquoted)."""
    if name in _REFUSED_TAGS:
        yield _Found(f"<{name}>", f"<{name}> is not allowed in a page: {_REFUSED_TAGS[name]}")
        return
    for attribute, value in attributes:
        attribute = attribute.lower()
        if name == "meta" and attribute == "http-equiv":
            yield _Found("<meta http-equiv>", "<meta http-equiv> is not allowed in a page: the build writes "
                                              "the page's policy and headers")
        elif attribute.startswith("on"):
            yield _Found(f"{attribute}=", f"the event handler {attribute}= on <{name}> is not allowed in a page: "
                                          "scripts come from the site's files")
        elif attribute in _URL_ATTRIBUTES and _BLANKS.sub("", html.unescape(value or "")).lower().startswith(
                ("javascript:", "vbscript:")):
            yield _Found("javascript:", f"a javascript: or vbscript: address on <{name}> is not allowed in a page")


def _source_findings(markdown: str) -> Iterator[_Found]:
    """Every refused tag, attribute and link of the Markdown source, with its line and whether the
    source reads it as code."""
    in_code = Ranges(sorted([*code_ranges(markdown), *(m.span() for m in _CODE_SPAN.finditer(markdown))]))
    for match in _TAG.finditer(markdown):
        if markdown.startswith("<!--", match.start()):
            continue
        attributes = [(a[1], a[2].strip("\"'") if a[2] else None) for a in _ATTRIBUTE.finditer(match[2])]
        line = markdown.count("\n", 0, match.start()) + 1
        for found in _tag_findings(match[1].lower(), attributes):
            yield _Found(found.key, found.message, line, match.start() in in_code)
    for match in _MARKDOWN_SCRIPT_LINK.finditer(markdown):
        yield _Found("javascript:", "a javascript: link is not allowed in a page",
                     markdown.count("\n", 0, match.start()) + 1, match.start() in in_code)


def live_markup(markdown: str, shown_path: str) -> Iterator[Problem]:
    """Every raw tag or attribute of a page that could run script or embed a document, at its line."""
    for found in _source_findings(markdown):
        if not found.in_code:
            yield Problem(shown_path, found.line, "", found.message)


class _LiveTags(HTMLParser):
    """The refused tags and attributes of an HTML text, as a browser reads them."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[_Found] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.found.extend(_tag_findings(tag, attrs))


def hidden_markup(markdown: str, page_html: str, shown_path: str) -> list[Problem]:
    """Live markup in the HTML Markdown made of `markdown` (before any block is put in) that the
    source scan took for code, each at the line of an example of its kind that was not refused."""
    parser = _LiveTags()
    parser.feed(page_html)
    parser.close()
    live = Counter(found.key for found in parser.found)
    source = list(_source_findings(markdown))
    refused = Counter(found.key for found in source if not found.in_code)
    problems = []
    for key, count in live.items():
        examples = [found for found in source if found.key == key and found.in_code]
        message = next(found.message for found in parser.found if found.key == key)
        for number in range(count - refused[key]):
            line = examples[number].line if number < len(examples) else 1
            problems.append(Problem(shown_path, line, "", f"{message} (Markdown reads it as markup here, not as code)"))
    return problems
