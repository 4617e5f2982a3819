"""Where markers may stand in a page, and how two copies of one block keep their ids apart.

A marker shown inside a code block (fenced, indented, or `<pre>`) is an example of a marker,
not a request for a live form; a marker in the wrong case is a mistake to report, not to
ignore; the same calculator twice on a page must not give two elements the same id.
"""

from __future__ import annotations

import re
from bisect import bisect_right

_FENCE = re.compile(r"^(?P<indent>[ \t]*)(?P<fence>`{3,}|~{3,})", re.M)
_PRE = re.compile(r"<pre\b.*?(?:</pre\s*>|\Z)", re.I | re.S)
_CONTAINER = re.compile(r"[ \t]*(?:[-*+][ \t]|\d+[.)][ \t]|!!!|\?\?\?\+?|===|<\w[^>]*\bmarkdown\b)")
_ID_ATTR = re.compile(r'\b(id|for|aria-describedby|aria-labelledby|aria-controls|aria-owns|headers|list)="([^"]*)"')
_HREF_FRAGMENT = re.compile(r'\bhref="#([^"]+)"')


def code_ranges(markdown: str) -> list[tuple[int, int]]:
    """(start, end) offsets of fenced code, indented code and `<pre>` blocks, in order."""
    ranges: list[tuple[int, int]] = []
    pos = 0
    while (opening := _FENCE.search(markdown, pos)) is not None:
        fence = opening["fence"]
        closing = re.compile(rf"^[ \t]*{re.escape(fence[0])}{{{len(fence)},}}[ \t]*$", re.M)
        line_end = markdown.find("\n", opening.end())
        found = closing.search(markdown, line_end + 1) if line_end != -1 else None
        end = found.end() if found else len(markdown)
        ranges.append((opening.start(), end))
        pos = max(end, opening.end())
    ranges.extend(m.span() for m in _PRE.finditer(markdown))
    ranges.extend(_indented_code(markdown))
    return sorted(ranges)


def _indented_code(markdown: str) -> list[tuple[int, int]]:
    """Lines indented by 4 spaces (or a tab) after a blank line, outside a list or admonition."""
    out: list[tuple[int, int]] = []
    openers: list[tuple[int, bool]] = []  # (indent, opens a container) of the blocks above
    offset, blank_before, in_code = 0, True, False
    for line in markdown.splitlines(keepends=True):
        start, offset = offset, offset + len(line)
        if not line.strip():
            blank_before = True
            continue
        expanded = line.expandtabs(4)
        indent = len(expanded) - len(expanded.lstrip())
        contained = any(is_container and opener < indent for opener, is_container in openers)
        if indent >= 4 and (in_code or (blank_before and not contained)):
            out.append((start, offset))
            in_code = True
        else:
            in_code = False
            while openers and openers[-1][0] >= indent:
                openers.pop()
            openers.append((indent, bool(_CONTAINER.match(line))))
        blank_before = False
    return out


class Ranges:
    """Membership of an offset in a sorted list of ranges, in O(log n)."""

    def __init__(self, ranges: list[tuple[int, int]]) -> None:
        self._starts = [start for start, _ in ranges]
        self._ranges = ranges

    def __contains__(self, offset: int) -> bool:
        index = bisect_right(self._starts, offset) - 1
        return index >= 0 and self._ranges[index][0] <= offset < self._ranges[index][1]


def unique_ids(block_html: str, seen: set[str], copy: int) -> str:
    """The block's HTML, its ids prefixed (`c2-…`) if any of them is already on the page."""
    ids = {value for name, value in _ID_ATTR.findall(block_html) if name == "id"}
    if not ids & seen:
        seen.update(ids)
        return block_html
    prefix = f"c{copy}-"

    def rename(match: re.Match[str]) -> str:
        values = " ".join(prefix + v if v in ids else v for v in match[2].split(" "))
        return f'{match[1]}="{values}"'

    out = _ID_ATTR.sub(rename, block_html)
    out = _HREF_FRAGMENT.sub(lambda m: f'href="#{prefix + m[1] if m[1] in ids else m[1]}"', out)
    seen.update(prefix + i for i in ids)
    return out
