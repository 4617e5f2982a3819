"""The site's own stylesheets as one file, named by its content.

mkdocs.yml lists our stylesheets (`extra_css`) as the files we edit, each on its own; a page
would fetch each of them. The build joins them, in that order, into `assets/stylesheets/` as
`codex.<hash>.css` (the relative `url()`s of every sheet stay right: the folder is theirs), and the
page links that file alone. Its name changes with its bytes, so a host or the offline copy may
keep it as long as it likes (offline.py's VERSIONED).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping

FOLDER = "assets/stylesheets/"


class NotBundled(ValueError):
    """A stylesheet to bundle lives outside FOLDER (its relative URLs would break) or elsewhere."""


def bundle(sheets: Mapping[str, str]) -> tuple[str, str]:
    """The bundle's path and text: `sheets` (path → CSS) in their order, each after its path's comment."""
    outside = [path for path in sheets if not path.startswith(FOLDER) or "/" in path.removeprefix(FOLDER)]
    if outside:
        raise NotBundled(f"extra_css must list files of {FOLDER} only (relative url()s), not {', '.join(outside)}")
    text = "".join(f"/* {path.removeprefix(FOLDER)} */\n{css.strip()}\n" for path, css in sheets.items())
    return f"{FOLDER}codex.{hashlib.sha256(text.encode()).hexdigest()[:8]}.css", text
