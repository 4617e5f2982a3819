"""Markup a page in docs/ may not hold: what runs script, frames or embeds another document, or
changes where the page's links and scripts point.

Python-Markdown passes raw HTML through untouched, and the build hashes every inline script it
emits into the page's policy, so an inline `<script>` written in a page would run like the
site's own. Pages are prose and markers: the site's scripts come from its files, its forms from
`codex:calc`. Each refusal names the page's line; markup shown as code (fenced, indented, a
`<pre>` or a code span) is an example, not markup, and stays.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

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
_TAG = re.compile(r"<([a-zA-Z][a-zA-Z0-9-]*)((?:[^>\"']|\"[^\"]*\"|'[^']*')*)>?", re.S)  # as HTML reads a tag
_HANDLER = re.compile(r"(?:^|[\s\"'/])(on[a-zA-Z]+)\s*=", re.S)
_HTTP_EQUIV = re.compile(r"(?:^|[\s\"'/])http-equiv\s*=", re.I)
_SCRIPT_URL = re.compile(r"(?:href|src|action|formaction|xlink:href)\s*=\s*[\"']?\s*(?:javascript|vbscript)\s*:", re.I)
_MARKDOWN_SCRIPT_LINK = re.compile(r"\]\(\s*<?\s*(?:javascript|vbscript)\s*:", re.I)
_CODE_SPAN = re.compile(r"(?<!`)(`+)(?!`).+?(?<!`)\1(?!`)", re.S)


def live_markup(markdown: str, shown_path: str) -> Iterator[Problem]:
    """Every raw tag or attribute of a page that could run script or embed a document, at its line."""
    in_code = Ranges(sorted([*code_ranges(markdown), *(m.span() for m in _CODE_SPAN.finditer(markdown))]))
    for match in _TAG.finditer(markdown):
        if match.start() in in_code or markdown.startswith("<!--", match.start()):
            continue
        name, attributes = match[1].lower(), match[2]
        line = markdown.count("\n", 0, match.start()) + 1
        if name in _REFUSED_TAGS:
            yield Problem(shown_path, line, "", f"<{name}> is not allowed in a page: {_REFUSED_TAGS[name]}")
            continue
        if name == "meta" and _HTTP_EQUIV.search(attributes):
            yield Problem(shown_path, line, "", "<meta http-equiv> is not allowed in a page: the build writes "
                                                "the page's policy and headers")
        handler = _HANDLER.search(attributes)
        if handler:
            yield Problem(shown_path, line, "", f"the event handler {handler[1]}= on <{name}> is not allowed "
                                                "in a page: scripts come from the site's files")
        if _SCRIPT_URL.search(attributes):
            yield Problem(shown_path, line, "", f"a javascript: or vbscript: address on <{name}> is not allowed "
                                                "in a page")
    for match in _MARKDOWN_SCRIPT_LINK.finditer(markdown):
        if match.start() not in in_code:
            yield Problem(shown_path, markdown.count("\n", 0, match.start()) + 1, "",
                          "a javascript: link is not allowed in a page")
