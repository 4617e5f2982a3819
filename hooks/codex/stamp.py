"""Pages made by the thousand share one page shell: the theme draws it once, each page fills it.

A theme draws every page whole: header, the site's navigation, footer, scripts. For a bestiary
of 5,000 stat blocks that is the site's navigation drawn 5,000 times, the same each time,
since every stat block sits at the same place in the site (`wbs/bestiary/<id>/`, under the
Bestiary). So the pages of one such family are drawn once, as a *shell*: the family's first
page, rendered by the site generator with tokens where a page's own parts go (its title, the
anchor of its heading, its edit link, its address, its content). Every page of the family is
then the shell with its own parts put in (`Shell.fill`), which is what the theme would have
drawn for it: a test builds the same creatures both ways and compares the files byte for byte.

A page's own parts are rendered here as the site generator renders them: its Markdown (its
heading and its markers) by one Markdown converter set up as the site's, then the blocks and
glossary links of `Codex.content_html`. This module knows neither MkDocs nor the theme.
"""

from __future__ import annotations

import gzip
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Any

import yaml

# The parts of a page the theme prints, as tokens the shell carries (none can occur in a page by
# chance: capitals no text uses, inside markup the theme writes). The content token is a heading,
# so the theme adds no title heading of its own (it does when the content has no <h1>).
TITLE = "CODEXSTAMPTITLE"
ANCHOR = "#codexstamptitle"  # the title's heading anchor, as the theme's skip link names it
EDIT = "CODEXSTAMPEDIT"
ADDRESS = "CODEXSTAMPADDRESS"
CONTENT = "<h1>CODEXSTAMPCONTENT</h1>"
TOKENS = (TITLE, ANCHOR, EDIT, ADDRESS, CONTENT)
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)  # libyaml: a page's front matter, thousands of times
_TOKEN = re.compile("|".join(re.escape(t) for t in TOKENS))


class ShellError(ValueError):
    """The theme's page for the shell lacks a part every page needs, or a token is left over."""


def family_of(src_uri: str) -> str:
    """The family of a page made by the thousand: its folder (`wbs/bestiary/goblin.md` → `wbs/bestiary`)."""
    return str(PurePosixPath(src_uri).parent)


def families(pages: Mapping[str, Any]) -> dict[str, list[str]]:
    """The stamped pages (`GeneratedPage.stamped`) by family, each family's sorted; the first
    page of a family is the one the theme draws as its shell."""
    found: dict[str, list[str]] = {}
    for src_uri in sorted(pages):
        if pages[src_uri].stamped:
            found.setdefault(family_of(src_uri), []).append(src_uri)
    return found


def shell_markdown(page_markdown: str) -> str:
    """The Markdown of a family's shell: the first page's front matter with the title token,
    and a heading of the title token (so the theme's skip link names the heading's anchor)."""
    meta, _ = split_front_matter(page_markdown)
    meta = {**meta, "title": TITLE}
    return f"---\n{yaml.safe_dump(meta, sort_keys=False)}---\n\n# {TITLE}\n"


def split_front_matter(markdown: str) -> tuple[dict[str, Any], str]:
    """(front matter, body) of a page's Markdown, as the site generator reads them."""
    if markdown.startswith("---\n"):
        end = markdown.find("\n---\n", 3)
        if end != -1:
            meta = yaml.load(markdown[4:end], Loader=_LOADER) or {}
            return dict(meta), markdown[end + 5:]
    return {}, markdown


@dataclass(frozen=True, slots=True)
class Shell:
    """The theme's page with tokens, cut at them: filling it is one join per page."""

    pieces: tuple[str, ...]
    slots: tuple[str, ...]

    @classmethod
    def from_html(cls, html: str) -> Shell:
        parts = _TOKEN.split(html)
        slots = tuple(_TOKEN.findall(html))
        for needed in (TITLE, CONTENT):
            if needed not in slots:
                raise ShellError(f"the theme's page has no {needed}: the shell cannot hold a page")
        if slots.count(CONTENT) != 1:
            raise ShellError("the theme printed the content twice")
        return cls(tuple(parts), slots)

    def fill(self, parts: Mapping[str, str]) -> str:
        """The page: the shell with `parts[token]` at each token."""
        out = [self.pieces[0]]
        for slot, piece in zip(self.slots, self.pieces[1:], strict=True):
            out.append(parts[slot])
            out.append(piece)
        return "".join(out)


@dataclass(frozen=True, slots=True)
class StampedPage:
    """One page of a family: where it goes, and its own parts."""

    src_uri: str
    url: str
    parts: dict[str, str]


def page_parts(title: str, anchor: str, edit_url: str, address: str, content: str) -> dict[str, str]:
    """A page's own parts by token. `title` is printed as the theme prints a front matter title
    (as given: the page makers escape it); `anchor` is the id of its heading."""
    return {TITLE: title, ANCHOR: f"#{anchor}", EDIT: edit_url, ADDRESS: address, CONTENT: content}


def page_file(site_dir: Path, url: str) -> Path:
    """Where the page at `url` is written (directory URLs: `wbs/bestiary/orc/` → its index.html)."""
    return site_dir / url / "index.html" if url.endswith("/") or not url else site_dir / url


def write_family(site_dir: Path, pages: list[StampedPage], finish: Callable[[str], str] = str) -> None:
    """Write every page of a family: the shell, as the theme wrote it for the first page (its tokens
    in place of its own parts), filled with each page's parts, then `finish`ed as the site generator's
    own pages are once drawn (what the hooks add that depends on a page's content)."""
    shell = Shell.from_html(page_file(site_dir, pages[0].url).read_text(encoding="utf-8"))
    for page in pages:
        path = page_file(site_dir, page.url)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(finish(shell.fill(page.parts)), encoding="utf-8")


def list_in_sitemap(site_dir: Path, pages: list[StampedPage]) -> None:
    """Add a family's pages to the site's sitemap beside the shell's entry, and pack it again as
    MkDocs packs it (with the time its gzip header has). Nothing to do without addresses."""
    sitemap, packed = site_dir / "sitemap.xml", site_dir / "sitemap.xml.gz"
    if not sitemap.is_file() or not pages[0].parts[ADDRESS]:
        return
    text = sitemap_with(sitemap.read_text(encoding="utf-8"), pages[0].parts[ADDRESS], [p.parts[ADDRESS] for p in pages])
    sitemap.write_text(text, encoding="utf-8")
    if packed.is_file():
        mtime = int.from_bytes(packed.read_bytes()[4:8], "little")
        with gzip.GzipFile(packed, "wb", mtime=mtime) as out:
            out.write(text.encode("utf-8"))


_HEADING_ID = re.compile(r'<h[1-6]\b[^>]*?\sid="([^"]*)"')


def with_anchor(html: str) -> tuple[str, str]:
    """A page's HTML as Markdown made it, and the id of its first heading (the theme's skip link
    and table of contents start there)."""
    first = _HEADING_ID.search(html)
    return html, first.group(1) if first else ""


_URL_ENTRY = re.compile(r"[ \t]*<url>\s*<loc>(?P<loc>[^<]*)</loc>.*?</url>\n?", re.S)


def sitemap_with(sitemap: str, shell_address: str, addresses: Iterable[str]) -> str:
    """The sitemap with an entry for each address, shaped as the shell's own entry (its
    `lastmod`, its indentation), in its place; the shell's address is among `addresses`."""
    for entry in _URL_ENTRY.finditer(sitemap):
        if entry["loc"] == _xml_text(shell_address):
            template = entry.group(0)
            added = "".join(template.replace(entry.group("loc"), _xml_text(a), 1) for a in addresses)
            return sitemap[:entry.start()] + added + sitemap[entry.end():]
    raise ShellError(f"the sitemap has no entry for {shell_address}")


def _xml_text(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
