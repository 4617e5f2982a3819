"""Search tuned for three games: every result names its game, aliases reach the index.

mkdocs-material's search plugin builds `search/search_index.json` from the pages' HTML;
mkdocs.yml sets its separator (brackets, quotes, slashes split words) and field boosts. Two
things cannot be said in Markdown, so the build adds them here:

- `spaced_cells`: table cells and definition-list parts get a space between them, so a row
  is indexed (and shown in a result) as words, not "GoblinExperiencedJaKi".
- `tune_index`: each entry gets its game as a tag (the result shows it), and glossary
  keywords (aliases, and the term on the section that defines it), in a `keywords` field
  that is indexed but never shown.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

GAME_TAGS = {"wbs": "Weapons of Body and Soul", "xia": "Xia", "rain": "Refreshing Rain"}
_CELL_END = re.compile(r"(</(?:td|th|dt|dd|caption|tr|li|option|legend|summary|output|label|div)>)(?=<)")


def spaced_cells(html: str) -> str:
    """Put a space after the end of every cell-like element followed by another tag."""
    return _CELL_END.sub(r"\1 ", html)


_NOTE = re.compile(r"^source-notes/#notes?-(?P<game>[a-z]+)\b")


def _game_of(location: str) -> str:
    """The game an index entry belongs to: its folder, or on the source notes page its anchor."""
    note = _NOTE.match(location)
    return note["game"] if note else location.split("/", 1)[0]


class UnknownSection(ValueError):
    """A glossary term's `defined_in` names a page or section the site does not have."""


def tune_index(index_json: str, keywords: Mapping[str, list[str]]) -> str:
    """The search index with game tags and keywords added; UnknownSection lists every
    keyword target that is not in the index."""
    index = json.loads(index_json)
    docs = index["docs"]
    by_location = {doc["location"]: doc for doc in docs}
    missing = sorted(loc for loc in keywords if loc not in by_location)
    if missing:
        raise UnknownSection(", ".join(missing))
    for doc in docs:
        game = _game_of(doc["location"])
        if game in GAME_TAGS:
            doc["tags"] = [GAME_TAGS[game], *(t for t in doc.get("tags", []) if t != GAME_TAGS[game])]
        if doc["location"] in keywords:
            doc["keywords"] = list(dict.fromkeys(keywords[doc["location"]]))
    return json.dumps(index, ensure_ascii=False, separators=(",", ":"))
