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

import html
import json
import re
from collections.abc import Iterable, Mapping
from typing import Any

from .load import RulesData

BESTIARY = "wbs/bestiary/"

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


def creature_entries(data: RulesData) -> list[dict[str, Any]]:
    """One search entry per bestiary creature, from its data: name, tier, Spark, tags and
    summary. Stat block pages stay out of the search plugin (parsing thousands of pages would
    weigh on the build), and their stat lines would only crowd the index."""
    tiers = {t["id"]: t["name"] for t in data["wbs/tiers"]["tiers"]}
    sparks = {s["id"]: s["name"] for s in data["wbs/monsters"]["sparks"]}
    entries = []
    for key in sorted(k for k in data.files if k.startswith(BESTIARY)):
        c = data[key]
        meta = " · ".join(x for x in (f"{tiers.get(c['tier'], c['tier'])} tier", sparks.get(c["spark"], c["spark"]),
                                      ", ".join(c.get("tags", []))) if x)
        text = f"<p>{html.escape(meta)}</p><p>{html.escape(c.get('summary', ''))}</p>"
        entries.append({"location": f"{key}/", "title": html.escape(c["name"]), "text": text})
    return entries


def tune_index(index_json: str, keywords: Mapping[str, list[str]], extra: Iterable[dict[str, Any]] = ()) -> str:
    """The search index with `extra` entries, game tags and keywords added; UnknownSection
    lists every keyword target that is not in the index."""
    index = json.loads(index_json)
    docs = index["docs"]
    docs.extend(extra)
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
