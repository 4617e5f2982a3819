"""Search tuned for three games: every result names its game, aliases reach the index.

mkdocs-material's search plugin builds `search/search_index.json` from the pages' HTML;
mkdocs.yml sets its separator (brackets, quotes, slashes split words) and field boosts. Two
things cannot be said in Markdown, so the build adds them here:

- `spaced_cells`: table cells and definition-list parts get a space between them, so a row
  is indexed (and shown in a result) as words, not "GoblinExperiencedJaKi".
- `tune_index`: each entry gets its game as a tag (the result shows it), and glossary
  keywords (aliases, and the term on the section that defines it), in a `keywords` field
  that is indexed but never shown.

The theme's page fetches `search/search_index.json` as every page loads; a rules page should
download no index until its reader searches. So that file keeps the search's settings alone
(`settings_only`), and the entries are in files the site's search worker (`search-worker.js`, the
theme's worker wrapped, loaded itself only then) fetches the first time a reader searches:

- the pages' entries (`PAGE_INDEX`, `search/pages.json`: the tuned index's `docs`);
- the creatures' (`creature_index`, `search/creatures.json`), apart so that the pages' index the
  build tunes never holds what grows with the bestiary;
- HTML between `<!--unsearched-->` and `<!--/unsearched-->` (the bestiary's table of every
  creature) is set aside before the theme's search plugin reads a page (`set_aside`) and put
  back once the page is drawn (`put_back`): the search plugin neither parses nor indexes it.
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .load import RulesData

CREATURE_INDEX = "search/creatures.json"
PAGE_INDEX = "search/pages.json"
WORKER = "assets/javascripts/workers/codex-search.js"
THEME_WORKER = re.compile(r"assets/javascripts/workers/(search\.[0-9a-f]+\.min\.js)")
_WORKER_SOURCE = Path(__file__).with_name("search-worker.js")

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


def _text(value: str) -> str:
    return html.escape(value, quote=False)


def creature_entries(data: RulesData) -> list[dict[str, Any]]:
    """One search entry per bestiary creature, from its data: name, tier, Spark, tags and
    summary. Stat block pages stay out of the search plugin (parsing thousands of pages would
    weigh on the build), and their stat lines would only crowd the index."""
    tiers = {t["id"]: t["name"] for t in data["wbs/tiers"]["tiers"]}
    sparks = {s["id"]: s["name"] for s in data["wbs/monsters"]["sparks"]}
    entries = []
    for key in data.creatures():
        c = data[key]
        meta = " · ".join(x for x in (f"{tiers.get(c['tier'], c['tier'])} tier", sparks.get(c["spark"], c["spark"]),
                                      ", ".join(c.get("tags", []))) if x)
        # Text, so quotes stay as they are: the theme's highlighter cut "Goblin&#x27;s" into "Goblin';s".
        text = f"<p>{_text(meta)}</p><p>{_text(c.get('summary', ''))}</p>"
        entries.append({"location": f"{key}/", "title": _text(c["name"]), "text": text})
    return entries


def _with_game(doc: dict[str, Any]) -> dict[str, Any]:
    """The entry with its game's name as its first tag."""
    game = _game_of(doc["location"])
    if game in GAME_TAGS:
        doc["tags"] = [GAME_TAGS[game], *(t for t in doc.get("tags", []) if t != GAME_TAGS[game])]
    return doc


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def tune_index(index_json: str, keywords: Mapping[str, list[str]]) -> str:
    """The search index with game tags and keywords added; UnknownSection lists every keyword
    target that is not in the index."""
    index = json.loads(index_json)
    docs = index["docs"]
    by_location = {doc["location"]: doc for doc in docs}
    missing = sorted(loc for loc in keywords if loc not in by_location)
    if missing:
        raise UnknownSection(", ".join(missing))
    for doc in docs:
        _with_game(doc)
        if doc["location"] in keywords:
            doc["keywords"] = list(dict.fromkeys(keywords[doc["location"]]))
    return _json(index)


def creature_index(data: RulesData) -> str:
    """The creatures' own search index (`CREATURE_INDEX`): their entries, each tagged with its game."""
    return _json({"docs": [_with_game(doc) for doc in creature_entries(data)]})


def settings_only(index_json: str) -> tuple[str, str]:
    """The index the theme's page fetches (its `config`, no entry) and the pages' entries (`PAGE_INDEX`)."""
    index = json.loads(index_json)
    return _json({"config": index["config"], "docs": []}), _json({"docs": index["docs"]})


def search_worker(theme_worker: str) -> str:
    """The site's search worker (`WORKER`), wrapping the theme's worker file named `theme_worker`
    (beside it); it fetches `PAGE_INDEX` and `CREATURE_INDEX` for the first search."""
    up = "../" * WORKER.count("/")
    return (_WORKER_SOURCE.read_text(encoding="utf-8")
            .replace('"__THEME_WORKER__"', json.dumps(theme_worker))
            .replace('"__PAGE_INDEX__"', json.dumps(up + PAGE_INDEX))
            .replace('"__CREATURE_INDEX__"', json.dumps(up + CREATURE_INDEX)))


_CONFIG_WORKER = re.compile(r'("search":\s*"[^"]*?)' + THEME_WORKER.pattern.replace("(", "(?:", 1) + '"')


def use_site_worker(page_html: str) -> str:
    """The page with the theme's configuration naming the site's search worker instead of the theme's."""
    return _CONFIG_WORKER.sub(lambda m: f'{m.group(1)}{WORKER}"', page_html, count=1)


_UNSEARCHED = re.compile(r"<!--unsearched-->(.*?)<!--/unsearched-->", re.S)


def set_aside(content: str) -> tuple[str, dict[str, str]]:
    """The page content with each unsearched part replaced by a comment, and the parts by comment."""
    parts: dict[str, str] = {}

    def keep(match: re.Match[str]) -> str:
        token = f"<!--codex-unsearched-{len(parts)}-->"
        parts[token] = match.group(1)
        return token

    return _UNSEARCHED.sub(keep, content), parts


def put_back(page_html: str, parts: Mapping[str, str]) -> str:
    """The drawn page with the parts `set_aside` took out back in their places."""
    for token, part in parts.items():
        page_html = page_html.replace(token, part, 1)
    return page_html
