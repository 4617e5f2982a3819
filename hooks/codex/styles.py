"""The site's own stylesheets as one file, named by its content.

mkdocs.yml lists our stylesheets (`extra_css`) as the files we edit, each on its own; a page
would fetch each of them. The build joins them, in that order, into `assets/stylesheets/` as
`codex.<hash>.css` (the relative `url()`s of every sheet stay right: the folder is theirs), and the
page links that file alone. Its name changes with its bytes, so a host or the offline copy may
keep it as long as it likes (offline.py's VERSIONED). It is written minified (`minify`: comments
and spare whitespace gone, as the theme ships its own): the sheets' comments are for contributors.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping

FOLDER = "assets/stylesheets/"


class NotBundled(ValueError):
    """A stylesheet to bundle lives outside FOLDER (its relative URLs would break) or elsewhere."""


def bundle(sheets: Mapping[str, str]) -> tuple[str, str]:
    """The bundle's path and text: `sheets` (path → CSS) in their order, each after its path's comment."""
    outside = [path for path in sheets if not path.startswith(FOLDER) or "/" in path.removeprefix(FOLDER)]
    if outside:
        raise NotBundled(f"extra_css must list files of {FOLDER} only (relative url()s), not {', '.join(outside)}")
    text = "".join(f"/* {path.removeprefix(FOLDER)} */\n{minify(css)}\n" for path, css in sheets.items())
    return f"{FOLDER}codex.{hashlib.sha256(text.encode()).hexdigest()[:8]}.css", text


# A string (kept as written), a comment (dropped), or a run of whitespace (one space, or none beside
# { } ; , > and the end of a declaration block).
_TOKEN = re.compile(r'("(?:\\.|[^"\\])*"|\'(?:\\.|[^\'\\])*\')|(/\*.*?\*/)|(\s+)', re.S)
_AROUND = re.compile(r" ?([{};,>]) ?")


def minify(css: str) -> str:
    """`css` without comments and spare whitespace; strings, and the space a selector's descendant
    combinator or a `calc()` needs, kept."""
    out: list[str] = []
    plain: list[str] = []  # text outside strings since the last string

    def flush() -> None:
        out.append(_AROUND.sub(r"\1", re.sub(r"  +", " ", "".join(plain))).replace(";}", "}"))
        plain.clear()

    at = 0
    for match in _TOKEN.finditer(css):
        plain.append(css[at:match.start()])
        at = match.end()
        string, comment, space = match.groups()
        if string:
            flush()
            out.append(string)
        elif space or comment:
            plain.append(" ")
    plain.append(css[at:])
    flush()
    return "".join(out).strip()
