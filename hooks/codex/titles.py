"""Titles of generated pages, safe wherever the theme prints them.

The theme prints a page's title raw inside `<title>` and the navigation; from a Markdown
heading it would first strip tags and unescape entities, so `&lt;/title&gt;` in a name would
close `<title>`. A title given in front matter is printed as it is, so it is given there,
HTML-escaped; the heading shows the same text, with Markdown's own characters escaped.
"""

from __future__ import annotations

import html
import json

_MARKDOWN_SPECIAL = frozenset("\\`*_{}[]()#+-.!|>")


def title_front_matter(name: str) -> str:
    """A front-matter line (YAML) setting the page title to `name`, escaped for HTML."""
    return f"title: {json.dumps(html.escape(name))}\n"


def heading(name: str) -> str:
    """`# name` as Markdown that renders exactly `name` as text."""
    escaped = html.escape(" ".join(name.split()), quote=False)
    return "# " + "".join(f"\\{ch}" if ch in _MARKDOWN_SPECIAL else ch for ch in escaped)


def with_title(front_matter: str, name: str) -> str:
    """Front matter (`---\\n…---\\n`) with a title line for `name` added at its top."""
    return front_matter.replace("---\n", "---\n" + title_front_matter(name), 1)
