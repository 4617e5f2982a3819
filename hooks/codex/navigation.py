"""Navigation made from the site's nav, not typed: a game's index lists every page of its
section, and pages made from data (stat blocks) sit under the page that indexes them.

`<!-- codex:pages -->` leaves a slot that `fill_pages` fills once the nav is known (the hook
calls it when a page is put in its template); each page's title and its front matter
`description` make the list. The functions take MkDocs' nav objects by duck typing
(`.parent`, `.children`, `.is_page`, `.title`, `.url`, `.meta`, `.file.src_uri`), so this
module imports nothing from MkDocs.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable
from typing import Any

from .render import PageInfo, Site, block

SLOT = '<div class="codex-pages" data-codex-pages></div>'
# Generated pages under an index page of the nav: src_uri prefix → the index page's src_uri.
PARENTS = {"wbs/bestiary/": "wbs/bestiary/index.md"}


@block("pages")
def pages_block(site: Site, arg: str, page: PageInfo) -> str:
    """`<!-- codex:pages -->`: every page of this page's nav section, filled in by `fill_pages`."""
    return SLOT


def _entries(items: Iterable[Any], current: Any, link: Callable[[str], str]) -> list[str]:
    lines = []
    for item in items:
        if getattr(item, "is_page", False):
            if item is current:
                continue
            description = (getattr(item, "meta", None) or {}).get("description", "")
            text = f': {html.escape(str(description))}' if description else ""
            lines.append(f'<li><a href="{html.escape(link(item.url))}">{html.escape(str(item.title))}</a>{text}</li>')
        elif getattr(item, "children", None):
            inner = _entries(item.children, current, link)
            if inner:
                lines.append(f"<li>{html.escape(str(item.title))}<ul>{''.join(inner)}</ul></li>")
    return lines


def fill_pages(content: str, page: Any, link: Callable[[str], str]) -> str:
    """The page's HTML with its pages slot replaced by the list of its section's other pages."""
    if SLOT not in content:
        return content
    section = page.parent
    items = section.children if section is not None else []
    listing = f'<ul class="codex-pages">{"".join(_entries(items, page, link))}</ul>'
    return content.replace(SLOT, listing)


def adopt(page: Any, pages: Iterable[Any]) -> bool:
    """Put a generated page (not in the nav) under its index page, so breadcrumbs, the active
    tab and the sidebar show where it belongs. True if the page was adopted."""
    src = page.file.src_uri
    if page.parent is not None:
        return False
    for prefix, index in PARENTS.items():
        if src.startswith(prefix) and src != index:
            parent = _index_page(pages, index)
            if parent is not None:
                page.parent = parent
                return True
    return False


_FOUND: dict[str, Any] = {}


def _index_page(pages: Any, src_uri: str) -> Any:
    """The nav page built from `src_uri`, looked up once per build (a bestiary has thousands of
    pages); the cache holds the nav's page list itself, so a new build's list is never mistaken for it."""
    if _FOUND.get("pages") is not pages:
        _FOUND.clear()
        _FOUND["pages"] = pages
        _FOUND["by_src"] = {p.file.src_uri: p for p in pages}
    return _FOUND["by_src"].get(src_uri)
